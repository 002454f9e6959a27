// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * An engine overtakes the CPU at the smallest measured size from which it
 * beats the best CPU implementation at every larger measured size too:
 * one lucky size in the middle is no crossover.
 */

#include <errno.h>
#include <stdbool.h>

#include "bench/crossover.h"

/* A run's figure at @size; *has is false when it has none. */
static int figure(const struct kb_run *run, uint32_t size, enum kb_metric m,
		  double *v, bool *has)
{
	struct kb_summary s;

	*has = false;
	if (run->state < KB_RUN_STARTED || kb_run_failed(run))
		return 0;
	if (kb_summarize(run, size, &s))
		return -ENOMEM;
	if (!s.samples || s.mbps_median <= 0)
		return 0;
	/*
	 * Busy time comes in scheduler ticks: none in all the samples is
	 * "less than a tick", not free, and no engine wins on it.
	 */
	if (m == KB_BY_CPU && s.cpu_ns_per_byte <= 0)
		return 0;
	*v = m == KB_BY_WALL ? s.mbps_median : s.cpu_ns_per_byte;
	*has = true;
	return 0;
}

static bool better(enum kb_metric m, double a, double b)
{
	return m == KB_BY_WALL ? a > b : a < b;
}

/**
 * kb_best_run() - the best run at one size
 * @runs: the runs
 * @count: how many
 * @size: the size
 * @m: by which figure
 * @cpu_only: among the CPU implementations only, not the offload engines
 * @value: set to the best figure
 *
 * Return: the index of the best run, -1 if no run has a figure at @size,
 * or -ENOMEM.
 */
int kb_best_run(const struct kb_run *runs, size_t count, uint32_t size,
		enum kb_metric m, bool cpu_only, double *value)
{
	int best = -1;
	bool has;
	double v;
	size_t i;

	for (i = 0; i < count; i++) {
		if (cpu_only && kb_impl_is_offload(&runs[i].impl))
			continue;
		if (figure(&runs[i], size, m, &v, &has))
			return -ENOMEM;
		if (has && (best < 0 || better(m, v, *value))) {
			best = i;
			*value = v;
		}
	}
	return best;
}

/* From the largest size down, while the engine keeps winning. */
static int overtakes_sorted(const struct kb_run *runs, size_t count,
			    size_t engine, const struct kb_sizes *sizes,
			    enum kb_metric m, uint32_t *from)
{
	double mine, cpu;
	size_t n = sizes->count;
	bool has;
	int best;

	*from = 0;
	while (n--) {
		if (figure(&runs[engine], sizes->size[n], m, &mine, &has))
			return -ENOMEM;
		best = kb_best_run(runs, count, sizes->size[n], m, true, &cpu);
		if (best == -ENOMEM)
			return -ENOMEM;
		if (!has || best < 0)
			continue; /* nothing to compare at this size */
		if (!better(m, mine, cpu))
			break;
		*from = sizes->size[n];
	}
	return 0;
}

/**
 * kb_overtakes() - from which size an engine beats every CPU implementation
 * @runs: the runs of one algorithm
 * @count: how many
 * @engine: the index of the engine's run
 * @sizes: the sizes measured, in any order
 * @m: by which figure
 * @from: set to the size, or 0 if it never does in the measured range
 *
 * Return: 0, or -ENOMEM.
 */
int kb_overtakes(const struct kb_run *runs, size_t count, size_t engine,
		 const struct kb_sizes *sizes, enum kb_metric m, uint32_t *from)
{
	struct kb_sizes sorted;
	int ret;

	*from = 0;
	ret = kb_sizes_sorted(&sorted, sizes);
	if (!ret)
		ret = overtakes_sorted(runs, count, engine, &sorted, m, from);
	kb_sizes_free(&sorted);
	return ret;
}
