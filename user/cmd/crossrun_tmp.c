// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench run -a ALG --crossover [--depth-sweep]`: every implementation
 * of ALG, offload engines at every depth of the sweep when asked, then the
 * sweep's table and the crossover report.
 */

#include <errno.h>
#include <stdlib.h>

#include <linux/kaesbench.h>

#include "bench/crossover.h"
#include "kernel/runner.h"
#include "output/scaling_table.h"
#include "subcommands.h"
#include "bench/measure.h"

static int bench(const struct kb_run_opts *o, const struct kb_impl *impl,
		 struct kb_runs *runs)
{
	uint32_t depth = 0, last = 0;
	struct kb_run *run;
	int ret = 0;

	if (o->depth_sweep && kb_impl_is_offload(impl)) {
		depth = 1;
		last = KAESBENCH_MAX_DEPTH;
	}
	do {
		run = kb_runs_add(runs);
		ret = run ? kb_bench_impl(o, impl, o->alg, depth, run) :
			    -ENOMEM;
		depth *= 2;
	} while (!ret && depth && depth <= last && !kb_run_failed(run) &&
		 !kb_interrupted());
	return ret;
}

/**
 * kb_crossover_main() - `kaesbench run -a ALG --crossover`
 * @o: the options
 * @start: kb_now() when the command started
 *
 * Return: an exit status.
 */
int kb_crossover_main(const struct kb_run_opts *o, double start)
{
	struct kb_impl_list list = { 0 };
	struct kb_runs runs = { 0 };
	const struct kb_impl **sel;
	size_t i, count = 0;
	int ret = 0;

	if (kb_bench_list(&list)) {
		kb_impl_list_free(&list);
		return kb_interrupted() ? KB_EXIT_INTERRUPTED : KB_EXIT_ERROR;
	}
	sel = kb_pick_impls(&list, o->alg, &count);
	if (!sel)
		ret = -ENOMEM;
	for (i = 0; !ret && i < count && !kb_interrupted(); i++)
		ret = bench(o, sel[i], &runs);
	free(sel);
	if (!ret && kb_tables(o)) {
		ret = kb_print_alg_table(o, o->alg, &runs, 0);
		if (!ret)
			ret = kb_print_crossover(stdout, o->alg, runs.run,
						 runs.count, &o->sizes);
		putchar('\n');
	}
	ret = kb_bench_done(o, &runs, ret, start);
	kb_impl_list_free(&list);
	return ret;
}
