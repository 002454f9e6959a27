/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench doctor`'s examination of this machine: gathers the facts, runs
 * the static checks, then (unless quick) the measured ones; and the short
 * section closing a bare `kaesbench`, static checks only.
 */
#ifndef KAESBENCH_DOCTOR_EXAMINE_H
#define KAESBENCH_DOCTOR_EXAMINE_H

#include <stdbool.h>
#include <stdio.h>

#include "doctor/report.h"

int kb_doc_examine(struct kb_doc_report *r, bool quick);
void kb_doctor_sweep_section(FILE *f);

#endif /* KAESBENCH_DOCTOR_EXAMINE_H */
