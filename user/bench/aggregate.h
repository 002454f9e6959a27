/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Runs measured on several CPUs at once (--cpus): each sample comes once
 * per CPU; these make one run of the machine, or of one CPU, out of them.
 */
#ifndef KAESBENCH_BENCH_AGGREGATE_H
#define KAESBENCH_BENCH_AGGREGATE_H

#include "bench/result.h"

int kb_run_aggregate(const struct kb_run *run, struct kb_run *agg);
int kb_run_one_cpu(const struct kb_run *run, uint32_t cpu, struct kb_run *out);

/* The figures of a --cpus run at one size, as its table and JSON give them. */
struct kb_scaling {
	struct kb_summary all; /* the whole machine's: kb_run_aggregate() */
	double one_mbps; /* the first CPU alone, median; 0 if not measured */
	double scaling_percent; /* all / (ncpus x one); 0 if not known */
};

int kb_scaling_at(const struct kb_run *agg, const struct kb_run *one,
		  uint32_t size, struct kb_scaling *sc);

#endif /* KAESBENCH_BENCH_AGGREGATE_H */
