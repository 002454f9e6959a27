/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Picking and measuring implementations in the kernel: one run each, of
 * every implementation of an algorithm name, or of one at several depths.
 */
#ifndef KAESBENCH_BENCH_MEASURE_H
#define KAESBENCH_BENCH_MEASURE_H

#include <stddef.h>
#include <stdint.h>

#include "bench/result.h"
#include "bench/run_options.h"
#include "kernel/impls.h"

uint32_t kb_default_key_bits(const char *alg);
const struct kb_impl **kb_pick_impls(const struct kb_impl_list *list,
				     const char *alg, size_t *count);
int kb_bench_impl(const struct kb_run_opts *o, const struct kb_impl *impl,
		  const char *alg, uint32_t depth, struct kb_run *run);
size_t kb_impl_samples(const struct kb_run_opts *o, const struct kb_impl *impl);
size_t kb_alg_samples(const struct kb_run_opts *o,
		      const struct kb_impl_list *list, const char *alg);
int kb_bench_alg(const struct kb_run_opts *o, const struct kb_impl_list *list,
		 const char *alg, struct kb_runs *runs);
int kb_depth_sweep_runs(const struct kb_run_opts *o, const struct kb_impl *impl,
			uint32_t last, struct kb_runs *runs);
int kb_bench_list(struct kb_impl_list *list);
int kb_check_library_name(const char *cmd, const char *driver);
int kb_run_sizes(const struct kb_run_opts *o, const struct kb_impl *impl,
		 bool named, struct kb_sizes *out);
int kb_bench_try_list(struct kb_impl_list *list);
int kb_find_target(const struct kb_run_opts *o, struct kb_impl *impl);

#endif /* KAESBENCH_BENCH_MEASURE_H */
