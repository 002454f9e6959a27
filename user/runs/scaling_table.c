// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The table of `kaesbench run --cpus LIST`: the implementation on the
 * first CPU of the list alone, then on all of them at once. Scaling is the
 * rate of all against as many times the rate of one: 100 % when every CPU
 * adds what a CPU alone does, less when they contend (shared caches,
 * memory, locks, an engine's queue, or the emulator's threads under TCG).
 */

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bench/aggregate.h"
#include "bench/stats.h"
#include "runs/legend.h"
#include "runs/scaling_table.h"
#include "runs/table.h"

static void print_cpus(FILE *f, const struct kb_cpus *cpus)
{
	size_t i;

	for (i = 0; i < cpus->count; i++)
		fprintf(f, "%s%" PRIu32, i ? "," : "", cpus->cpu[i]);
}

/* The slowest and fastest CPU of @run at @size, by median MB/s. */
static int cpu_range(const struct kb_run *run, const struct kb_cpus *cpus,
		     uint32_t size, double *lo, double *hi)
{
	struct kb_summary sum;
	struct kb_run one;
	size_t i;
	int ret = 0;

	*lo = *hi = 0;
	for (i = 0; !ret && i < cpus->count; i++) {
		ret = kb_run_one_cpu(run, cpus->cpu[i], &one);
		if (!ret)
			ret = kb_summarize(&one, size, &sum);
		kb_run_release(&one);
		if (ret || !sum.samples)
			continue;
		if (!*hi || sum.mbps_median < *lo)
			*lo = sum.mbps_median;
		if (sum.mbps_median > *hi)
			*hi = sum.mbps_median;
	}
	return ret;
}

/* @ns: CPU ns/B instead of CPU c/B, without cycle counts. */
static int print_size(FILE *f, const struct kb_run *one,
		      const struct kb_run *all, const struct kb_run *agg,
		      const struct kb_cpus *cpus, uint32_t size, bool ns)
{
	char a[KB_FMT3_MAX], b[KB_FMT3_MAX] = "-", lo[KB_FMT3_MAX];
	char hi[KB_FMT3_MAX], range[2 * KB_FMT3_MAX + 1];
	char eff[KB_FMT3_MAX] = "-", cpu[KB_FMT3_MAX], cpb[KB_FMT3_MAX] = "-";
	struct kb_scaling sc;
	double min, max;

	if (kb_scaling_at(agg, one, size, &sc) ||
	    cpu_range(all, cpus, size, &min, &max))
		return -ENOMEM;
	if (!sc.all.samples) {
		fprintf(f, "%8" PRIu32 "  (no sample)\n", size);
		return 0;
	}
	if (sc.one_mbps > 0)
		kb_fmt3(sc.one_mbps, b, sizeof(b));
	if (sc.scaling_percent > 0)
		kb_fmt_pct(sc.scaling_percent, eff, sizeof(eff));
	if (ns)
		kb_fmt3(sc.all.cpu_ns_per_byte, cpb, sizeof(cpb));
	else if (sc.all.has_cycles)
		kb_fmt3(sc.all.cpu_cycles_per_byte, cpb, sizeof(cpb));
	snprintf(range, sizeof(range), "%s-%s", kb_fmt3(min, lo, sizeof(lo)),
		 kb_fmt3(max, hi, sizeof(hi)));
	fprintf(f, "%8" PRIu32 " %10s %12s %17s %8s %6s %8s\n", size, b,
		kb_fmt3(sc.all.mbps_median, a, sizeof(a)), range, eff,
		kb_fmt_pct(sc.all.cpu_percent, cpu, sizeof(cpu)), cpb);
	return 0;
}

/**
 * kb_print_scaling() - the table of a --cpus run
 * @f: where to
 * @one: the run on the first CPU alone, or NULL
 * @all: the run on every CPU of @cpus at once
 * @cpus: the CPUs
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_scaling(FILE *f, const struct kb_run *one,
		     const struct kb_run *all, const struct kb_cpus *cpus)
{
	/* Without cycle counts (arm64), the busy time per byte in time. */
	bool ns = kb_runs_without_cycles(all, 1);
	char head[32];
	struct kb_run agg;
	size_t i;
	int ret;

	ret = kb_run_aggregate(all, &agg);
	fprintf(f, "%s with %s on CPUs ", all->impl.alg_name,
		all->impl.driver_name);
	print_cpus(f, cpus);
	fprintf(f,
		" at once: %" PRIu32 "-bit key, depth %" PRIu32
		" per CPU; MB/s (10^6 bytes/s), medians\n",
		all->key_bits, all->depth);
	snprintf(head, sizeof(head), "%zu CPUs", cpus->count);
	fprintf(f, "%8s %10s %12s %17s %8s %6s %8s\n", "size (B)", "1 CPU",
		head, "per CPU min-max", "scaling", "CPU%",
		ns ? "CPU ns/B" : "CPU c/B");
	for (i = 0; !ret && i < all->sizes.count; i++)
		ret = print_size(f, one, all, &agg, cpus, all->sizes.size[i],
				 ns);
	kb_run_release(&agg);
	if (ret)
		return ret;
	fprintf(f,
		"1 CPU = the same work on CPU %" PRIu32
		" alone, measured just before; %zu CPUs = all CPUs' bytes / the longest CPU's wall time, per sample\n"
		"per CPU = each CPU's own rate during the run at once; scaling = %zu-CPU rate / (%zu x 1-CPU rate)\n"
		"CPU%% = busy time of all CPUs / wall time (100 = one CPU); ",
		cpus->cpu[0], cpus->count, cpus->count, cpus->count);
	if (ns)
		fprintf(f,
			"CPU ns/B = that busy time in nanoseconds per byte; no CPU c/B: %s\n",
			kb_no_cycles_reason(kb_this_machine()));
	else
		fputs("CPU c/B = that busy time in TSC cycles per byte\n", f);
	return 0;
}
