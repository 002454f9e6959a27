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

#include "bench/result.h"
#include "bench/sizes.h"

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
void kb_print_kernel_calls(FILE *f, unsigned int types, bool decrypt);
const char *kb_fmt_pct(double v, char *buf, size_t len);
const char *kb_check_words(const struct kb_run *run, char *buf, size_t len);
void kb_print_no_verify_header(FILE *f);

/* The columns of the side-by-side table, left to right. */
enum kb_col {
	KB_COL_KERNEL, /* what the crypto API hands out */
	KB_COL_BEST, /* the fastest kernel implementation, if another */
	KB_COL_AFALG_COPY,
	KB_COL_AFALG_ZC,
	KB_COL_OPENSSL,
	KB_COL_COUNT
};

/*
 * One algorithm, kernel and userspace side by side: a row per size, a
 * column per path. A NULL column is left out without a word (its absence
 * was explained once, before the tables); a column whose run is
 * unavailable is left out with a note saying why.
 */
struct kb_path_table {
	const char *alg;
	uint32_t key_bits;
	bool decrypt;
	uint32_t sample_ms;
	uint32_t samples;
	const struct kb_sizes *sizes; /* the rows */
	const struct kb_run *col[KB_COL_COUNT];
	bool driver_asked; /* the kernel column is `run -d`'s driver */
};

int kb_print_path_table(FILE *f, const struct kb_path_table *t);
const struct kb_run *kb_best_kernel_run(const struct kb_run *runs, size_t count,
					uint32_t *at);

#endif /* KAESBENCH_TABLE_H */
