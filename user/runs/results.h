/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The results of a measuring command in the format its options ask for,
 * and the exit status they come to.
 */
#ifndef KAESBENCH_RUNS_RESULTS_H
#define KAESBENCH_RUNS_RESULTS_H

#include <stddef.h>

#include "bench/result.h"
#include "bench/run_options.h"
#include "runs/legend.h"

struct kb_legend *kb_results_legend(const struct kb_run_opts *o);
int kb_print_alg_table(const struct kb_run_opts *o, const char *alg,
		       const struct kb_runs *runs, size_t first);
int kb_results_finish(const struct kb_run_opts *o, const struct kb_runs *runs,
		      double start);
int kb_results_done(const struct kb_run_opts *o, struct kb_runs *runs, int err,
		    double start);

#endif /* KAESBENCH_RUNS_RESULTS_H */
