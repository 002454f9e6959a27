// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The Mann-Whitney U test, as scipy.stats.mannwhitneyu computes it with
 * alternative="two-sided": the exact distribution of U when there are no
 * ties and each set has at most KB_MWU_EXACT_MAX samples, else the normal
 * approximation with the tie correction of the variance and a continuity
 * correction of 1/2. Ties matter here: comparing a file with itself makes
 * every sample tie with one in the other set.
 */

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "bench/mannwhitney.h"

struct obs {
	double v;
	bool first; /* of the first set */
};

static int cmp_obs(const void *a, const void *b)
{
	double x = ((const struct obs *)a)->v, y = ((const struct obs *)b)->v;

	return x < y ? -1 : x > y;
}

/*
 * Counts of the arrangements of @nx and @ny values by their U, 0 to
 * @nx * @ny, from f(i, j, u) = f(i - 1, j, u - j) + f(i, j - 1, u): the
 * largest value is either of the first set, above all j of the second, or
 * of the second, above none. Counts reach C(100, 50) ~ 1e29: doubles keep
 * their relative precision, and only ever add.
 *
 * Return: the counts of @nx values, to free(); NULL when out of memory.
 */
static double *u_counts(size_t nx, size_t ny)
{
	size_t width = nx * ny + 1, i, j, k;
	double *t = calloc((nx + 1) * width, sizeof(*t)), *row;

	if (!t)
		return NULL;
	for (i = 0; i <= nx; i++)
		t[i * width] = 1; /* f(i, 0): one arrangement, U = 0 */
	for (j = 1; j <= ny; j++)
		for (i = 1; i <= nx; i++)
			for (k = j; k <= i * j; k++)
				t[i * width + k] += t[(i - 1) * width + k - j];
	row = malloc(width * sizeof(*row));
	if (row)
		for (k = 0; k < width; k++)
			row[k] = t[nx * width + k];
	free(t);
	return row;
}

/**
 * kb_mwu_exact_p() - two-sided p-value from the exact distribution of U
 * @u: U of the first set, a whole number (no ties)
 * @nx: size of the first set
 * @ny: size of the second
 *
 * Return: 2 P(U' <= min(@u, @nx @ny - @u)), at most 1; 1 for an empty set
 * or when out of memory (no evidence either way).
 */
double kb_mwu_exact_p(double u, size_t nx, size_t ny)
{
	double total = 0, tail = 0, low;
	double *count;
	size_t k;

	if (!nx || !ny)
		return 1;
	count = u_counts(nx, ny);
	if (!count)
		return 1;
	low = fmin(u, (double)(nx * ny) - u);
	for (k = 0; k <= nx * ny; k++) {
		total += count[k];
		if ((double)k <= low)
			tail += count[k];
	}
	free(count);
	return fmin(1, 2 * tail / total);
}

/**
 * kb_mwu_normal_p() - two-sided p-value from the normal approximation
 * @u: U of the first set
 * @nx: size of the first set
 * @ny: size of the second
 * @ties: sum of t^3 - t over the groups of t tied values
 *
 * Return: the p-value, in [0, 1]; 1 when every value ties (no variance).
 */
double kb_mwu_normal_p(double u, size_t nx, size_t ny, double ties)
{
	double n = (double)(nx + ny), mu = (double)nx * (double)ny / 2;
	double var, z;

	if (!nx || !ny)
		return 1;
	var = (double)nx * (double)ny / 12 * ((n + 1) - ties / (n * (n - 1)));
	if (var <= 0)
		return 1;
	z = (fmax(u, 2 * mu - u) - mu - 0.5) / sqrt(var);
	return fmin(1, fmax(0, erfc(z / sqrt(2))));
}

/**
 * kb_mwu_test() - the two-sided Mann-Whitney U test
 * @x: the first set of samples
 * @nx: how many, at least one
 * @y: the second set
 * @ny: how many, at least one
 * @r: filled in
 *
 * Return: 0, -EINVAL for an empty set, or -ENOMEM.
 */
int kb_mwu_test(const double *x, size_t nx, const double *y, size_t ny,
		struct kb_mwu *r)
{
	size_t n = nx + ny, i, j;
	double rank_sum = 0, ties = 0, rank, t;
	struct obs *o;

	if (!nx || !ny)
		return -EINVAL;
	o = malloc(n * sizeof(*o));
	if (!o)
		return -ENOMEM;
	for (i = 0; i < nx; i++)
		o[i] = (struct obs){ x[i], true };
	for (i = 0; i < ny; i++)
		o[nx + i] = (struct obs){ y[i], false };
	qsort(o, n, sizeof(*o), cmp_obs);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && o[j].v == o[i].v; j++)
			;
		/* Ranks i + 1 to j share their mean. */
		rank = (double)(i + 1 + j) / 2;
		t = (double)(j - i);
		ties += t * t * t - t;
		for (; i < j; i++)
			if (o[i].first)
				rank_sum += rank;
	}
	free(o);
	r->u = rank_sum - (double)nx * (double)(nx + 1) / 2;
	if (ties == 0 && nx <= KB_MWU_EXACT_MAX && ny <= KB_MWU_EXACT_MAX) {
		r->method = KB_MWU_EXACT;
		r->p = kb_mwu_exact_p(r->u, nx, ny);
	} else {
		r->method = KB_MWU_NORMAL;
		r->p = kb_mwu_normal_p(r->u, nx, ny, ties);
	}
	return 0;
}

/**
 * kb_mwu_min_p() - the smallest p-value sets of these sizes can give
 * @nx: size of the first set
 * @ny: size of the second
 *
 * Three samples against three can never reach p < 0.1: a comparison that
 * could not have found a change must not read as "no change".
 *
 * Return: the p-value of sets that do not overlap at all.
 */
double kb_mwu_min_p(size_t nx, size_t ny)
{
	if (nx <= KB_MWU_EXACT_MAX && ny <= KB_MWU_EXACT_MAX)
		return kb_mwu_exact_p(0, nx, ny);
	return kb_mwu_normal_p(0, nx, ny, 0);
}

/**
 * kb_mwu_method_name() - how a p-value was computed, in words
 * @m: the method
 *
 * Return: "exact" or "normal".
 */
const char *kb_mwu_method_name(enum kb_mwu_method m)
{
	return m == KB_MWU_EXACT ? "exact" : "normal";
}
