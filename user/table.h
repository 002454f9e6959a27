/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The tables people read: one per algorithm for a sweep (rows are
 * implementations, columns buffer sizes), one per size for a single run.
 */
#ifndef KAESBENCH_TABLE_H
#define KAESBENCH_TABLE_H

#include <stdint.h>
#include <stdio.h>

#include "result.h"
#include "sizes.h"

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
};

int kb_print_sweep_table(FILE *f, const struct kb_table *t);
int kb_print_run_table(FILE *f, const struct kb_run *run, uint32_t sample_ms,
		       uint32_t samples);
void kb_print_total(FILE *f, double seconds);

#endif /* KAESBENCH_TABLE_H */
