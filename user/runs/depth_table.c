// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The table of `kaesbench run --depth-sweep`: an asynchronous implementation
 * at depth 1, 2, 4 ... 64, every request timed. Depth is what an offload
 * engine needs to hide its latency; the table shows how much it takes, and
 * what each request then waits.
 */

#include <errno.h>
#include <inttypes.h>

#include "bench/stats.h"
#include "runs/depth_table.h"
#include "runs/legend.h"
#include "runs/table.h"

static const char *us(bool has, double ns, char *buf, size_t len)
{
	return has ? kb_fmt3(ns / 1e3, buf, len) : "-";
}

/* @ns: no cycle counts, no CPU c/B column (CPU ns/B is there already). */
static int print_row(FILE *f, const struct kb_run *run, uint32_t size, bool ns)
{
	char mbps[KB_FMT3_MAX], ops[KB_FMT3_MAX], p50[KB_FMT3_MAX];
	char p99[KB_FMT3_MAX], cpu[KB_FMT3_MAX], cpb[KB_FMT3_MAX] = "-";
	char nspb[KB_FMT3_MAX];
	char reason[512];
	struct kb_summary s;

	if (kb_run_failed(run)) {
		fprintf(f, "  %5" PRIu32 "  failed: %s\n", run->depth,
			kb_run_reason(run, reason, sizeof(reason)));
		return 0;
	}
	if (kb_summarize(run, size, &s))
		return -ENOMEM;
	if (!s.samples)
		return 0;
	if (s.has_cycles)
		kb_fmt3(s.cpu_cycles_per_byte, cpb, sizeof(cpb));
	fprintf(f, "  %5" PRIu32 " %9s%c %9s %8s %8s %6s %8s", run->depth,
		kb_fmt3(s.mbps_median, mbps, sizeof(mbps)),
		s.spread > KB_SPREAD_MARK ? '~' : ' ',
		kb_fmt3(s.ops_per_s, ops, sizeof(ops)),
		us(s.has_latency, s.lat_p50_ns, p50, sizeof(p50)),
		us(s.has_latency, s.lat_p99_ns, p99, sizeof(p99)),
		kb_fmt_pct(s.cpu_percent, cpu, sizeof(cpu)),
		kb_fmt3(s.cpu_ns_per_byte, nspb, sizeof(nspb)));
	if (!ns)
		fprintf(f, " %8s", cpb);
	fputc('\n', f);
	return 0;
}

/**
 * kb_print_depth_sweep() - the table of a depth sweep, a block per size
 * @f: where to
 * @runs: one run per depth, of one implementation
 * @count: how many
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_depth_sweep(FILE *f, const struct kb_run *runs, size_t count)
{
	const struct kb_sizes *sizes = &runs[0].sizes;
	bool ns = kb_runs_without_cycles(runs, count);
	size_t i, d;

	fprintf(f,
		"%s with %s: depth sweep, %" PRIu32
		"-bit key; MB/s (10^6 bytes/s) and latencies, medians over the samples\n",
		runs[0].impl.alg_name, runs[0].impl.driver_name,
		runs[0].key_bits);
	for (i = 0; i < sizes->count; i++) {
		fprintf(f, "%" PRIu32 " B:\n  %5s %10s %9s %9s %9s %6s %8s",
			sizes->size[i], "depth", "MB/s", "ops/s", "p50 \u00b5s",
			"p99 \u00b5s", "CPU%", "CPU ns/B");
		fputs(ns ? "\n" : "  CPU c/B\n", f);
		for (d = 0; d < count; d++)
			if (print_row(f, &runs[d], sizes->size[i], ns))
				return -ENOMEM;
	}
	fprintf(f,
		"p50, p99 = request latency from submission to completion (each sample's percentile)\n"
		"CPU%% = busy time of all CPUs / wall time (100 = one CPU; includes the driver's interrupts, softirqs and threads)\n");
	if (ns)
		fprintf(f,
			"CPU ns/B = that busy time per byte; no CPU c/B: %s\n",
			kb_no_cycles_reason(kb_this_machine()));
	else
		fputs("CPU ns/B = that busy time per byte; CPU c/B = the same in TSC cycles (- without a constant-rate TSC)\n",
		      f);
	return 0;
}
