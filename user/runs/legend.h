/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The legend of a command's tables: the marks and columns they showed,
 * explained once after the last table, as openssl speed states its units
 * once. A table records what it showed; the legend prints a line for each
 * entry recorded, in a fixed order, and nothing for the others.
 */
#ifndef KAESBENCH_RUNS_LEGEND_H
#define KAESBENCH_RUNS_LEGEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <linux/kaesbench.h>

#include "bench/sizes.h"
#include "kernel/impls.h"

/* In the order they are printed. */
enum kb_legend_entry {
	KB_LEG_MBPS, /* with the samples' count and duration */
	KB_LEG_RANGE, /* a run's min-max and ops/s */
	KB_LEG_US_PER_OP,
	KB_LEG_SELECTED, /* the * mark */
	KB_LEG_NO_VERIFY, /* the ? mark of a row measured with --no-verify */
	KB_LEG_NO_REFERENCE, /* the ? mark of a row without a reference */
	KB_LEG_SPREAD, /* the ~ mark */
	KB_LEG_NA,
	KB_LEG_CPU_KERNEL, /* a CPU% of a kernel run */
	KB_LEG_CPU_USER, /* a CPU% of a userspace path */
	KB_LEG_THREAD_CPU,
	KB_LEG_CYCLES_LARGEST, /* the sweep's cyc/B, at the largest size */
	KB_LEG_NS_LARGEST, /* its ns/B instead, without cycle counts */
	KB_LEG_CYCLES, /* a run's cyc/B, per size */
	KB_LEG_NS, /* its ns/B instead, without cycle counts */
	KB_LEG_CPU_CYCLES,
	KB_LEG_CPU_NS, /* a run's CPU ns/B instead of CPU c/B */
	KB_LEG_LATENCY,
	KB_LEG_KERNEL_COLUMN, /* kernel vs userspace: the kernel column */
	KB_LEG_RATIO,
	KB_LEG_CALLS, /* the crypto API call of each algorithm */
	KB_LEG_COUNT
};

#define KB_LEGEND_ALGS_MAX 256

struct kb_legend {
	unsigned int used; /* bit n: entry n was shown */
	uint32_t samples; /* KB_LEG_MBPS: of the first table */
	uint32_t sample_ms;
	bool decrypt; /* KB_LEG_CALLS */
	uint32_t context; /* KB_LEG_CALLS: enum kaesbench_context */
	/*
	 * KB_LEG_NS*: uname's machine, which says why the kernel sent no
	 * cycle count; NULL: this machine's.
	 */
	const char *machine;
	/* KB_LEG_CALLS: per implementation type, its algorithms, "a, b" */
	char algs[KB_CALLS_LIBRARY + 1][KB_LEGEND_ALGS_MAX];
};

void kb_legend_use(struct kb_legend *l, enum kb_legend_entry e);
void kb_legend_samples(struct kb_legend *l, uint32_t samples,
		       uint32_t sample_ms);
void kb_legend_calls(struct kb_legend *l, unsigned int types, const char *alg,
		     bool decrypt);
void kb_print_legend(FILE *f, const struct kb_legend *l);
void kb_print_legend_entry(FILE *f, enum kb_legend_entry e);
const char *kb_no_cycles_reason(const char *machine);
const char *kb_this_machine(void);
void kb_print_kernel_calls(FILE *f, unsigned int types, bool decrypt);
const char *kb_context_words(uint32_t context);
void kb_print_sizes_not_taken(FILE *f, const struct kb_sizes *sizes,
			      bool (*taken)(const void *table, uint32_t size),
			      const void *table, uint32_t block);

#endif /* KAESBENCH_RUNS_LEGEND_H */
