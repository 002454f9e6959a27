// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Matching the rows of two run documents, and each row's verdict. A row
 * is a run key (path, algorithm, driver, key length, direction, depth)
 * and a buffer size; runs of the same key in one file pool their samples.
 * Rows of one file only are kept, with the reason when the other file
 * says it (a run that failed its verification has no samples): a
 * comparison that drops what disappeared would hide the worst regression.
 */

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runs/compare_rows.h"
#include "bench/stats.h"

/* One sample, with what it measured. */
struct point {
	const struct kb_saved_run *run;
	uint32_t size;
	double mbps;
};

/* The samples of one row in one file: points[first, first + n). */
struct series {
	const struct point *p;
	size_t n;
};

static int cmp_point(const void *a, const void *b)
{
	const struct point *x = a, *y = b;
	int ret = kb_saved_key_cmp(&x->run->key, &y->run->key);

	if (ret)
		return ret;
	return x->size < y->size ? -1 : x->size > y->size;
}

/* Every sample of @doc, sorted by row; NULL when out of memory. */
static struct point *points(const struct kb_saved *doc, size_t *count)
{
	struct point *p;
	size_t i, j, n = 0;

	for (i = 0; i < doc->runs; i++)
		n += doc->run[i].samples;
	p = calloc(n + 1, sizeof(*p));
	if (!p)
		return NULL;
	n = 0;
	for (i = 0; i < doc->runs; i++)
		for (j = 0; j < doc->run[i].samples; j++)
			p[n++] = (struct point){ &doc->run[i],
						 doc->run[i].sample[j].size,
						 doc->run[i].sample[j].mbps };
	qsort(p, n, sizeof(*p), cmp_point);
	*count = n;
	return p;
}

/* The series starting at @p[*i], of @n points; moves *i past it. */
static struct series next_series(const struct point *p, size_t n, size_t *i)
{
	struct series s = { p + *i, 1 };

	while (*i + s.n < n && !cmp_point(&p[*i], &p[*i + s.n]))
		s.n++;
	*i += s.n;
	return s;
}

static int fill_side(struct kb_cmp_side *side, const struct series *s)
{
	size_t i;

	side->run = s->p[0].run;
	side->n = s->n;
	side->mbps = calloc(s->n, sizeof(*side->mbps));
	if (!side->mbps)
		return -ENOMEM;
	for (i = 0; i < s->n; i++)
		side->mbps[i] = s->p[i].mbps;
	side->median = kb_median(side->mbps, s->n);
	return 0;
}

/* Why @doc has no row of @key at @size, in a word, or NULL. */
static const char *why_missing(const struct kb_saved *doc,
			       const struct kb_saved_key *key)
{
	size_t i;
	bool samples = false;
	const char *state = NULL;

	for (i = 0; i < doc->runs; i++) {
		if (kb_saved_key_cmp(&doc->run[i].key, key))
			continue;
		samples |= doc->run[i].samples > 0;
		/* "-": a document that does not record how runs ended. */
		if (strcmp(doc->run[i].state, "ended") &&
		    strcmp(doc->run[i].state, "-"))
			state = doc->run[i].state;
	}
	if (state)
		return state;
	return samples ? "not measured at this size" : NULL;
}

/**
 * kb_cmp_verdict() - a row's verdict from its figures
 * @row: the row, with its sides, change, test and min_p filled in
 * @o: the threshold and alpha
 *
 * Return: the verdict.
 */
enum kb_verdict kb_cmp_verdict(const struct kb_cmp_row *row,
			       const struct kb_cmp_opts *o)
{
	if (!row->new.run)
		return KB_V_ONLY_OLD;
	if (!row->old.run)
		return KB_V_ONLY_NEW;
	if (row->min_p >= o->alpha)
		return KB_V_TOO_FEW;
	if (row->test.p >= o->alpha)
		return KB_V_NO_CHANGE;
	if (row->change < -o->threshold)
		return KB_V_REGRESSION;
	if (row->change > o->threshold)
		return KB_V_IMPROVEMENT;
	return KB_V_WITHIN;
}

static int judge(struct kb_cmp_row *row, const struct kb_cmp_opts *o)
{
	struct kb_cmp_side *a = &row->old, *b = &row->new;
	int ret;

	if (a->run && b->run) {
		if (a->median > 0)
			row->change = (b->median - a->median) / a->median * 100;
		else
			row->change = b->median > 0 ? INFINITY : 0;
		ret = kb_mwu_test(a->mbps, a->n, b->mbps, b->n, &row->test);
		if (ret)
			return ret;
		row->min_p = kb_mwu_min_p(a->n, b->n);
	}
	row->verdict = kb_cmp_verdict(row, o);
	return 0;
}

/* Row @c->count from the series of one file or both (NULL: not in it). */
static int add_row(struct kb_cmp *c, const struct series *a,
		   const struct series *b, const struct kb_saved *old,
		   const struct kb_saved *new, const struct kb_cmp_opts *o)
{
	struct kb_cmp_row *row = &c->row[c->count++];
	const struct point *first = a ? a->p : b->p;
	int ret = 0;

	row->key = first->run->key;
	row->size = first->size;
	if (a)
		ret = fill_side(&row->old, a);
	if (b && !ret)
		ret = fill_side(&row->new, b);
	if (!a)
		row->why_missing = why_missing(old, &row->key);
	if (!b)
		row->why_missing = why_missing(new, &row->key);
	if (!ret)
		ret = judge(row, o);
	if (!ret)
		c->verdicts[row->verdict]++;
	return ret;
}

/**
 * kb_compare() - compare two run documents, row by row
 * @old: the reference
 * @new: the one under test
 * @o: the threshold and alpha
 * @c: filled in, rows in kb_saved_key_cmp() order then by size; free it
 *     with kb_cmp_free() whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_compare(const struct kb_saved *old, const struct kb_saved *new,
	       const struct kb_cmp_opts *o, struct kb_cmp *c)
{
	size_t na = 0, nb = 0, i = 0, j = 0;
	struct point *pa = points(old, &na), *pb = points(new, &nb);
	struct series sa, sb;
	int ret = 0, order;

	memset(c, 0, sizeof(*c));
	c->row = calloc(na + nb + 1, sizeof(*c->row));
	if (!pa || !pb || !c->row)
		ret = -ENOMEM;
	while (!ret && (i < na || j < nb)) {
		if (i < na && j < nb)
			order = cmp_point(&pa[i], &pb[j]);
		else
			order = i < na ? -1 : 1;
		if (order <= 0)
			sa = next_series(pa, na, &i);
		if (order >= 0)
			sb = next_series(pb, nb, &j);
		ret = add_row(c, order <= 0 ? &sa : NULL,
			      order >= 0 ? &sb : NULL, old, new, o);
	}
	free(pa);
	free(pb);
	return ret;
}

/**
 * kb_cmp_free() - free a comparison
 * @c: the comparison
 */
void kb_cmp_free(struct kb_cmp *c)
{
	size_t i;

	for (i = 0; c->row && i < c->count; i++) {
		free(c->row[i].old.mbps);
		free(c->row[i].new.mbps);
	}
	free(c->row);
	memset(c, 0, sizeof(*c));
}

static bool has_algorithm(const struct kb_saved *doc, const char *alg)
{
	size_t i;

	for (i = 0; i < doc->runs; i++)
		if (!strcmp(doc->run[i].key.algorithm, alg))
			return true;
	return false;
}

/**
 * kb_cmp_common_algorithm() - whether two documents measured any same
 * algorithm
 * @a: a document
 * @b: another
 *
 * Return: true if an algorithm name is in both.
 */
bool kb_cmp_common_algorithm(const struct kb_saved *a, const struct kb_saved *b)
{
	size_t i;

	for (i = 0; i < a->runs; i++)
		if (strcmp(a->run[i].key.algorithm, "-") &&
		    has_algorithm(b, a->run[i].key.algorithm))
			return true;
	return false;
}

static const struct {
	const char *label; /* in the table */
	const char *name; /* in JSON */
} verdicts[KB_V_COUNT] = {
	[KB_V_REGRESSION] = { "REGRESSION", "regression" },
	[KB_V_IMPROVEMENT] = { "improvement", "improvement" },
	[KB_V_WITHIN] = { "within threshold", "within_threshold" },
	[KB_V_NO_CHANGE] = { "no significant change", "no_change" },
	[KB_V_TOO_FEW] = { "too few samples", "too_few_samples" },
	[KB_V_ONLY_OLD] = { "only in OLD", "only_in_old" },
	[KB_V_ONLY_NEW] = { "only in NEW", "only_in_new" },
};

/**
 * kb_verdict_label() - a verdict in the table
 * @v: the verdict
 *
 * Return: such as "REGRESSION" or "no significant change".
 */
const char *kb_verdict_label(enum kb_verdict v)
{
	return v < KB_V_COUNT ? verdicts[v].label : "?";
}

/**
 * kb_verdict_name() - a verdict in the JSON output
 * @v: the verdict
 *
 * Return: such as "regression" or "no_change".
 */
const char *kb_verdict_name(enum kb_verdict v)
{
	return v < KB_V_COUNT ? verdicts[v].name : "unknown";
}
