/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Measuring every implementation of an algorithm name, one run each: the
 * sweep, and `kaesbench run -a NAME --all-impls`.
 */
#ifndef KAESBENCH_SWEEP_H
#define KAESBENCH_SWEEP_H

#include "userspace/afalg.h"
#include "kernel/impls.h"
#include "bench/result.h"
#include "bench/run_options.h"
#include "output/table.h"

uint32_t kb_default_key_bits(const char *alg);
const struct kb_impl **kb_pick_impls(const struct kb_impl_list *list,
				     const char *alg, size_t *count);
int kb_bench_impl(const struct kb_run_opts *o, const struct kb_impl *impl,
		  const char *alg, uint32_t depth, struct kb_run *run);
int kb_print_alg_table(const struct kb_run_opts *o, const char *alg,
		       const struct kb_runs *runs, size_t first);
int kb_bench_alg(const struct kb_run_opts *o, const struct kb_impl_list *list,
		 const char *alg, struct kb_runs *runs);
int kb_bench_list(struct kb_impl_list *list);
int kb_find_target(const struct kb_run_opts *o, struct kb_impl *impl);
int kb_bench_user_paths(const struct kb_run_opts *o, const char *alg,
			const char *driver,
			const struct kb_afalg_target *target,
			struct kb_runs *runs);
void kb_path_table_init(struct kb_path_table *t, const struct kb_run_opts *o,
			const char *alg);
void kb_path_table_user_cols(struct kb_path_table *t, const struct kb_run *runs,
			     size_t count, bool afalg);
int kb_bench_finish(const struct kb_run_opts *o, const struct kb_runs *runs,
		    double start);
int kb_bench_done(const struct kb_run_opts *o, struct kb_runs *runs, int err,
		  double start);

#endif /* KAESBENCH_SWEEP_H */
