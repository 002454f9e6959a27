/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench report --csv`: the report's tables for spreadsheets.
 */
#ifndef KAESBENCH_RUNS_REPORT_CSV_H
#define KAESBENCH_RUNS_REPORT_CSV_H

#include <stdio.h>

#include "runs/report_rows.h"

int kb_report_csv(FILE *f, const struct kb_report *r);

#endif /* KAESBENCH_RUNS_REPORT_CSV_H */
