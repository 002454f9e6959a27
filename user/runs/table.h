/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The tables people read: one per algorithm for a sweep (rows are
 * implementations, columns buffer sizes), one per size for a single run.
 */
#ifndef KAESBENCH_RUNS_TABLE_H
#define KAESBENCH_RUNS_TABLE_H

#include <stdint.h>
#include <stdio.h>

#include "bench/result.h"
#include "bench/sizes.h"
#include "runs/legend.h"

struct kb_table {
	const char *alg;
	uint32_t key_bits;
	bool decrypt;
	uint32_t sample_ms;
	uint32_t samples;
	const struct kb_sizes *sizes; /* the columns */
	const struct kb_run *runs; /* the rows */
	size_t count;
	double wall_s; /* spent running the rows */
	/* Where the notes every table shares go, or NULL: under this one. */
	struct kb_legend *legend;
};

int kb_print_sweep_table(FILE *f, const struct kb_table *t);
int kb_print_run_table(FILE *f, const struct kb_run *run, uint32_t sample_ms,
		       uint32_t samples, struct kb_legend *legend);
void kb_print_total(FILE *f, double seconds);
const char *kb_fmt_pct(double v, char *buf, size_t len);
const char *kb_check_words(const struct kb_run *run, char *buf, size_t len);
const char *kb_measured_words(const struct kb_run *run, bool counts, char *buf,
			      size_t len);
void kb_print_no_verify_header(FILE *f);
#endif /* KAESBENCH_RUNS_TABLE_H */
