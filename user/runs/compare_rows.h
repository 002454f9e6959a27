/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Two run documents side by side: one row per measurement (run key and
 * buffer size), with a verdict from the samples of both.
 */
#ifndef KAESBENCH_RUNS_COMPARE_ROWS_H
#define KAESBENCH_RUNS_COMPARE_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/mannwhitney.h"
#include "output/doc_kind.h"
#include "runs/saved_runs.h"

enum kb_verdict {
	KB_V_REGRESSION, /* significant, and slower by more than the threshold */
	KB_V_IMPROVEMENT, /* significant, and faster by more than it */
	KB_V_WITHIN, /* significant, but within the threshold */
	KB_V_NO_CHANGE, /* not significant */
	KB_V_TOO_FEW, /* too few samples for any p-value to reach alpha */
	KB_V_ONLY_OLD,
	KB_V_ONLY_NEW,
	KB_V_COUNT
};

struct kb_cmp_side {
	const struct kb_saved_run *run; /* NULL: not in this file */
	double *mbps; /* every sample's */
	size_t n;
	double median;
};

struct kb_cmp_row {
	struct kb_saved_key key;
	uint32_t size;
	struct kb_cmp_side old, new;
	double change; /* new median over old, in percent */
	struct kb_mwu test;
	double min_p; /* the smallest p these sample counts allow */
	enum kb_verdict verdict;
	/* In one file only: why the other has no such row, or NULL. */
	const char *why_missing;
};

struct kb_cmp {
	struct kb_cmp_row *row;
	size_t count;
	size_t verdicts[KB_V_COUNT]; /* rows of each verdict */
};

int kb_compare(const struct kb_saved *old, const struct kb_saved *new,
	       const struct kb_cmp_opts *o, struct kb_cmp *c);
void kb_cmp_free(struct kb_cmp *c);
bool kb_cmp_common_algorithm(const struct kb_saved *a,
			     const struct kb_saved *b);
enum kb_verdict kb_cmp_verdict(const struct kb_cmp_row *row,
			       const struct kb_cmp_opts *o);
const char *kb_verdict_label(enum kb_verdict v);
const char *kb_verdict_name(enum kb_verdict v);

#endif /* KAESBENCH_RUNS_COMPARE_ROWS_H */
