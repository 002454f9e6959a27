/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench run --cpus`, `--depth-sweep` and `--crossover`: several kernel
 * runs of one algorithm, and what they say together.
 */
#ifndef KAESBENCH_SCALING_H
#define KAESBENCH_SCALING_H

#include <stdio.h>

#include "bench/result.h"
#include "bench/run_options.h"

int kb_scaling_main(const struct kb_run_opts *o, double start);
int kb_print_scaling(FILE *f, const struct kb_run *one,
		     const struct kb_run *all, const struct kb_cpus *cpus);
int kb_depth_sweep_main(const struct kb_run_opts *o, double start);
int kb_depth_sweep_runs(const struct kb_run_opts *o, const struct kb_impl *impl,
			uint32_t last, struct kb_runs *runs);
int kb_print_depth_sweep(FILE *f, const struct kb_run *runs, size_t count);
int kb_crossover_main(const struct kb_run_opts *o, double start);

#endif /* KAESBENCH_SCALING_H */
