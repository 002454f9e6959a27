/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Runs as CSV, for `--csv`: a row per run and size, or per sample. The
 * columns, in order, are specified in Documentation/results.rst.
 */
#ifndef KAESBENCH_RUNS_RUN_CSV_H
#define KAESBENCH_RUNS_RUN_CSV_H

#include <stdio.h>

#include "bench/result.h"
#include "output/csv.h"

enum kb_csv_rows {
	KB_CSV_SUMMARY, /* a row per run and size: the figures */
	KB_CSV_SAMPLES, /* a row per sample: the raw counts */
};

int kb_print_runs_csv(FILE *f, const struct kb_run *runs, size_t count,
		      enum kb_csv_rows rows);

#endif /* KAESBENCH_RUNS_RUN_CSV_H */
