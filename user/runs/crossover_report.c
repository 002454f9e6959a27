// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The crossover report (run --crossover): per size, the fastest and the
 * cheapest implementation, and from which size each offload engine
 * overtakes the CPU (bench/crossover.c decides).
 */

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "bench/crossover.h"
#include "bench/stats.h"
#include "runs/crossover_report.h"

static int print_best(FILE *f, const struct kb_run *runs, size_t count,
		      uint32_t size)
{
	char a[KB_FMT3_MAX], b[KB_FMT3_MAX], fastest[160], cheapest[160];
	int fast, cheap;
	double mbps, ns;

	fast = kb_best_run(runs, count, size, KB_BY_WALL, false, &mbps);
	cheap = kb_best_run(runs, count, size, KB_BY_CPU, false, &ns);
	if (fast == -ENOMEM || cheap == -ENOMEM)
		return -ENOMEM;
	if (fast < 0 || cheap < 0)
		return 0;
	snprintf(fastest, sizeof(fastest), "%s@%" PRIu32,
		 runs[fast].impl.driver_name, runs[fast].depth);
	snprintf(cheapest, sizeof(cheapest), "%s@%" PRIu32,
		 runs[cheap].impl.driver_name, runs[cheap].depth);
	fprintf(f, "%8" PRIu32 "  %-32s %9s   %-32s %9s\n", size, fastest,
		kb_fmt3(mbps, a, sizeof(a)), cheapest,
		kb_fmt3(ns, b, sizeof(b)));
	return 0;
}

static int print_engine(FILE *f, const struct kb_run *runs, size_t count,
			size_t engine, const struct kb_sizes *sizes)
{
	uint32_t wall, cpu;

	if (kb_overtakes(runs, count, engine, sizes, KB_BY_WALL, &wall) ||
	    kb_overtakes(runs, count, engine, sizes, KB_BY_CPU, &cpu))
		return -ENOMEM;
	fprintf(f, "  %s at depth %" PRIu32 ": ", runs[engine].impl.driver_name,
		runs[engine].depth);
	if (kb_run_failed(&runs[engine]) || runs[engine].state < KB_RUN_STARTED)
		fprintf(f, "not measured\n");
	else if (wall)
		fprintf(f, "faster than the CPU from %" PRIu32 " B", wall);
	else
		fprintf(f,
			"never faster than the CPU in the measured range (%" PRIu32
			"-%" PRIu32 " B)",
			sizes->size[0], sizes->size[sizes->count - 1]);
	if (!kb_run_failed(&runs[engine]) &&
	    runs[engine].state >= KB_RUN_STARTED) {
		if (cpu)
			fprintf(f, "; cheaper in CPU from %" PRIu32 " B\n",
				cpu);
		else
			fprintf(f,
				"; never cheaper in CPU in the measured range\n");
	}
	return 0;
}

static bool measured(const struct kb_run *run)
{
	return run->state >= KB_RUN_STARTED && !kb_run_failed(run);
}

static bool same_engine(const struct kb_run *a, const struct kb_run *b)
{
	return a->impl.driver_name && b->impl.driver_name &&
	       !strcmp(a->impl.driver_name, b->impl.driver_name);
}

/*
 * One line for the engine of runs[first], over all its depths: the
 * smallest size from which it is faster than the CPU at some depth, and
 * the smallest depth that does it from there.
 */
static int print_first(FILE *f, const struct kb_run *runs, size_t count,
		       size_t first, const struct kb_sizes *sizes)
{
	uint32_t from, size = 0, depth = 0, lo = 0, hi = 0;
	size_t i;

	for (i = first; i < count; i++) {
		if (!same_engine(&runs[first], &runs[i]) || !measured(&runs[i]))
			continue;
		if (!lo || runs[i].depth < lo)
			lo = runs[i].depth;
		if (runs[i].depth > hi)
			hi = runs[i].depth;
		if (kb_overtakes(runs, count, i, sizes, KB_BY_WALL, &from))
			return -ENOMEM;
		if (from && (!size || from < size ||
			     (from == size && runs[i].depth < depth))) {
			size = from;
			depth = runs[i].depth;
		}
	}
	fprintf(f, "  %s ", runs[first].impl.driver_name);
	if (!hi)
		fprintf(f, "was not measured\n");
	else if (size)
		fprintf(f,
			"overtakes the CPU first at %" PRIu32
			" B, depth %" PRIu32 "\n",
			size, depth);
	else if (lo == hi)
		fprintf(f,
			"never overtakes the CPU in the measured range (%" PRIu32
			"-%" PRIu32 " B, depth %" PRIu32 ")\n",
			sizes->size[0], sizes->size[sizes->count - 1], lo);
	else
		fprintf(f,
			"never overtakes the CPU in the measured range (%" PRIu32
			"-%" PRIu32 " B, depth %" PRIu32 "-%" PRIu32 ")\n",
			sizes->size[0], sizes->size[sizes->count - 1], lo, hi);
	return 0;
}

/* Each engine once, in the order first measured. */
static int print_firsts(FILE *f, const struct kb_run *runs, size_t count,
			const struct kb_sizes *sizes)
{
	size_t i, j;

	fprintf(f,
		"where each offload engine first overtakes the CPU (the smallest such size, at the smallest depth that does it):\n");
	for (i = 0; i < count; i++) {
		if (!kb_impl_is_offload(&runs[i].impl))
			continue;
		for (j = 0; j < i; j++)
			if (same_engine(&runs[i], &runs[j]))
				break;
		if (j == i && print_first(f, runs, count, i, sizes))
			return -ENOMEM;
	}
	return 0;
}

static int print_report(FILE *f, const char *alg, const struct kb_run *runs,
			size_t count, const struct kb_sizes *sizes)
{
	bool engines = false;
	size_t i;

	fprintf(f,
		"crossover, %s: per size, the fastest (MB/s) and the cheapest in CPU (busy ns of all CPUs per byte)\n",
		alg);
	fprintf(f, "%8s  %-32s %9s   %-32s %9s\n", "size (B)", "fastest@depth",
		"MB/s", "cheapest@depth", "CPU ns/B");
	for (i = 0; i < sizes->count; i++)
		if (print_best(f, runs, count, sizes->size[i]))
			return -ENOMEM;
	fprintf(f,
		"offload engines against the best CPU implementation at each size:\n");
	for (i = 0; i < count; i++) {
		if (!kb_impl_is_offload(&runs[i].impl))
			continue;
		engines = true;
		if (print_engine(f, runs, count, i, sizes))
			return -ENOMEM;
	}
	if (!engines)
		fprintf(f, "  (no offload engine implements %s here)\n", alg);
	else if (print_firsts(f, runs, count, sizes))
		return -ENOMEM;
	fprintf(f,
		"from N B = at N bytes and every larger size measured; offload = flagged as hardware by its driver, or asynchronous from a module that is not a CPU implementation\n");
	return 0;
}

/**
 * kb_print_crossover() - the crossover report of one algorithm
 * @f: where to
 * @alg: the algorithm name
 * @runs: its runs, an engine possibly at several depths
 * @count: how many
 * @sizes: the sizes asked for, in any order: the report is in ascending
 *	   order
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_crossover(FILE *f, const char *alg, const struct kb_run *runs,
		       size_t count, const struct kb_sizes *sizes)
{
	struct kb_sizes sorted;
	int ret;

	ret = kb_sizes_sorted(&sorted, sizes);
	if (!ret && sorted.count)
		ret = print_report(f, alg, runs, count, &sorted);
	kb_sizes_free(&sorted);
	return ret;
}
