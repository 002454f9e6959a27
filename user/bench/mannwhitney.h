/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The Mann-Whitney U test, two-sided: whether two sets of samples come
 * from the same distribution, without assuming any shape. Throughput
 * samples are skewed (a preemption only ever slows one down), so a t-test
 * would be the wrong tool.
 */
#ifndef KAESBENCH_BENCH_MANNWHITNEY_H
#define KAESBENCH_BENCH_MANNWHITNEY_H

#include <stdbool.h>
#include <stddef.h>

/* Up to this many samples a side without ties, the exact distribution. */
#define KB_MWU_EXACT_MAX 50

enum kb_mwu_method {
	KB_MWU_EXACT, /* the exact distribution of U: no ties, small sets */
	KB_MWU_NORMAL, /* normal approximation, tie and continuity corrected */
};

struct kb_mwu {
	double u; /* U of the first set: pairs (x, y) with x > y, ties 1/2 */
	double p; /* two-sided p-value */
	enum kb_mwu_method method;
};

int kb_mwu_test(const double *x, size_t nx, const double *y, size_t ny,
		struct kb_mwu *r);
double kb_mwu_exact_p(double u, size_t nx, size_t ny);
double kb_mwu_normal_p(double u, size_t nx, size_t ny, double ties);
double kb_mwu_min_p(size_t nx, size_t ny);
const char *kb_mwu_method_name(enum kb_mwu_method m);

#endif /* KAESBENCH_BENCH_MANNWHITNEY_H */
