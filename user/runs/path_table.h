/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Kernel or userspace? One algorithm through every path, side by side: a
 * row per size, a column per path.
 */
#ifndef KAESBENCH_RUNS_PATH_TABLE_H
#define KAESBENCH_RUNS_PATH_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench/result.h"
#include "bench/run_options.h"
#include "bench/sizes.h"
#include "runs/legend.h"

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
	/* Where the notes every table shares go, or NULL: under this one. */
	struct kb_legend *legend;
};

int kb_print_path_table(FILE *f, const struct kb_path_table *t);
const struct kb_run *kb_best_kernel_run(const struct kb_run *runs, size_t count,
					uint32_t *at);
void kb_path_table_init(struct kb_path_table *t, const struct kb_run_opts *o,
			const char *alg);
void kb_path_table_user_cols(struct kb_path_table *t, const struct kb_run *runs,
			     size_t count, bool afalg);

#endif /* KAESBENCH_RUNS_PATH_TABLE_H */
