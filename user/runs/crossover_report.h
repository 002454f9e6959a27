/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The crossover report of one algorithm, in words and a table.
 */
#ifndef KAESBENCH_RUNS_CROSSOVER_REPORT_H
#define KAESBENCH_RUNS_CROSSOVER_REPORT_H

#include <stdio.h>

#include "bench/result.h"

int kb_print_crossover(FILE *f, const char *alg, const struct kb_run *runs,
		       size_t count, const struct kb_sizes *sizes);

#endif /* KAESBENCH_RUNS_CROSSOVER_REPORT_H */
