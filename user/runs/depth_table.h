/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The table of `kaesbench run --depth-sweep`: a run per depth, with its
 * rate and request latencies, size by size.
 */
#ifndef KAESBENCH_RUNS_DEPTH_TABLE_H
#define KAESBENCH_RUNS_DEPTH_TABLE_H

#include <stddef.h>
#include <stdio.h>

#include "bench/result.h"

int kb_print_depth_sweep(FILE *f, const struct kb_run *runs, size_t count);

#endif /* KAESBENCH_RUNS_DEPTH_TABLE_H */
