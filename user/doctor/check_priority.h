/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Whether the fixes that change a priority can be run here: `kaesbench
 * priority` needs the kernel's crypto_user interface.
 */
#ifndef KAESBENCH_DOCTOR_CHECK_PRIORITY_H
#define KAESBENCH_DOCTOR_CHECK_PRIORITY_H

#include <stddef.h>

#include "doctor/report.h"

int kb_doc_crypto_user_probe(char *why, size_t len);
void kb_doc_check_priority_fixes(struct kb_doc_report *r, const char *missing);

#endif /* KAESBENCH_DOCTOR_CHECK_PRIORITY_H */
