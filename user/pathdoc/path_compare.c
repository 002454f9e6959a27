// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Matching the rows of two path documents, and each row's verdict. A
 * path document keeps each point's median and spread, not its
 * measurements, so no significance test can be made as compare makes for
 * runs: a change counts only beyond both the threshold and the larger of
 * the two spreads ((max - min) / median), and not at all with fewer than
 * two measurements a side, whose spread says nothing.
 *
 * An implementation whose state is not "valid" in either document keeps
 * its rows, marked, with no ratio: its figures are never compared as a
 * working implementation's. One valid in OLD and "invalid" in NEW (a
 * wrong packet, an end not proved) is a failure of its own, as a
 * regression is. Nothing is dropped: a row in one document only stays.
 */

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pathdoc/path_compare.h"

static int key_cmp(const void *a, const void *b)
{
	return kb_saved_path_key_cmp(a, b);
}

/* Every implementation key of either document, once, in order. */
static struct kb_saved_path_key *keys(const struct kb_saved *old,
				      const struct kb_saved *new, size_t *count)
{
	struct kb_saved_path_key *k;
	size_t i, n = 0;

	k = calloc(old->paths + new->paths + 1, sizeof(*k));
	if (!k)
		return NULL;
	for (i = 0; i < old->paths; i++)
		k[n++] = old->path[i].key;
	for (i = 0; i < new->paths; i++)
		k[n++] = new->path[i].key;
	qsort(k, n, sizeof(*k), key_cmp);
	*count = 0;
	for (i = 0; i < n; i++)
		if (!*count || kb_saved_path_key_cmp(&k[*count - 1], &k[i]))
			k[(*count)++] = k[i];
	return k;
}

/* The implementation of @key in @doc (the first, if listed twice). */
static const struct kb_saved_path *find(const struct kb_saved *doc,
					const struct kb_saved_path_key *key)
{
	size_t i;

	for (i = 0; i < doc->paths; i++)
		if (!kb_saved_path_key_cmp(&doc->path[i].key, key))
			return &doc->path[i];
	return NULL;
}

static const struct kb_saved_path_point *
find_point(const struct kb_saved_path *impl,
	   const struct kb_saved_path_point *at)
{
	size_t i;

	for (i = 0; impl && i < impl->points; i++)
		if (!kb_saved_path_point_cmp(&impl->point[i], at))
			return &impl->point[i];
	return NULL;
}

static int point_cmp(const void *a, const void *b)
{
	return kb_saved_path_point_cmp(a, b);
}

/* The points of either implementation, once, sizes ascending, then mixes. */
static struct kb_saved_path_point *points(const struct kb_saved_path *a,
					  const struct kb_saved_path *b,
					  size_t *count)
{
	size_t na = a ? a->points : 0, nb = b ? b->points : 0, i, n;
	struct kb_saved_path_point *p = calloc(na + nb + 1, sizeof(*p));

	if (!p)
		return NULL;
	for (i = 0; i < na; i++)
		p[i] = a->point[i];
	for (i = 0; i < nb; i++)
		p[na + i] = b->point[i];
	qsort(p, na + nb, sizeof(*p), point_cmp);
	for (i = 0, n = 0; i < na + nb; i++)
		if (!n || kb_saved_path_point_cmp(&p[n - 1], &p[i]))
			p[n++] = p[i];
	*count = n;
	return p;
}

static double ratio(double old, double new)
{
	return old > 0 && isfinite(old) && isfinite(new) ? new / old : NAN;
}

/* Both sides valid and at the point: the figures decide. */
static enum kb_path_verdict judge(struct kb_path_cmp_row *row,
				  const struct kb_cmp_opts *o)
{
	const struct kb_saved_path_rate *a = &row->old.point->tunnel;
	const struct kb_saved_path_rate *b = &row->new.point->tunnel;
	double change;

	row->ratio = ratio(a->pps, b->pps);
	row->plain_ratio =
		ratio(row->old.point->plain.pps, row->new.point->plain.pps);
	row->alongside_ratio = ratio(row->old.point->alongside.pps,
				     row->new.point->alongside.pps);
	row->spread = fmax(a->spread, b->spread);
	if (isnan(a->spread) || isnan(b->spread))
		row->spread = NAN;
	if (isnan(row->ratio))
		return KB_PV_NO_FIGURE;
	if (a->measurements < 2 || b->measurements < 2 || isnan(row->spread))
		return KB_PV_TOO_FEW;
	change = (row->ratio - 1) * 100;
	if (fabs(change) <= o->threshold)
		return KB_PV_WITHIN;
	if (fabs(change) <= row->spread * 100)
		return KB_PV_WITHIN_SPREAD;
	return change < 0 ? KB_PV_REGRESSION : KB_PV_IMPROVEMENT;
}

static enum kb_path_verdict verdict(struct kb_path_cmp_row *row,
				    const struct kb_cmp_opts *o)
{
	const struct kb_saved_path *a = row->old.impl, *b = row->new.impl;

	row->ratio = row->plain_ratio = row->alongside_ratio = NAN;
	row->spread = NAN;
	if (!b)
		return KB_PV_ONLY_OLD;
	if (!a)
		return KB_PV_ONLY_NEW;
	if (kb_saved_path_valid(a) && !strcmp(b->state, "invalid"))
		return KB_PV_NOW_INVALID;
	if (!kb_saved_path_valid(a) || !kb_saved_path_valid(b))
		return KB_PV_NOT_VALID;
	if (!row->new.point)
		return KB_PV_ONLY_OLD;
	if (!row->old.point)
		return KB_PV_ONLY_NEW;
	return judge(row, o);
}

static void add_row(struct kb_path_cmp *c, const struct kb_saved_path_key *k,
		    const struct kb_saved_path *a,
		    const struct kb_saved_path *b,
		    const struct kb_saved_path_point *at,
		    const struct kb_cmp_opts *o)
{
	struct kb_path_cmp_row *row = &c->row[c->count++];

	row->key = *k;
	row->old.impl = a;
	row->new.impl = b;
	if (at) {
		row->size = at->size;
		row->imix = at->imix;
		row->old.point = find_point(a, at);
		row->new.point = find_point(b, at);
	}
	row->verdict = verdict(row, o);
	c->verdicts[row->verdict]++;
}

/* The rows of one implementation key: a row per point, or one without. */
static int implementation(struct kb_path_cmp *c,
			  const struct kb_saved_path_key *k,
			  const struct kb_saved *old,
			  const struct kb_saved *new,
			  const struct kb_cmp_opts *o)
{
	const struct kb_saved_path *a = find(old, k), *b = find(new, k);
	struct kb_path_cmp_row *more;
	struct kb_saved_path_point *p;
	size_t i, n = 0;

	p = points(a, b, &n);
	more = p ? realloc(c->row, (c->count + n + 1) * sizeof(*c->row)) : NULL;
	if (!more) {
		free(p);
		return -ENOMEM;
	}
	c->row = more;
	memset(&c->row[c->count], 0, (n + 1) * sizeof(*c->row));
	for (i = 0; i < n; i++)
		add_row(c, k, a, b, &p[i], o);
	if (!n)
		add_row(c, k, a, b, NULL, o);
	free(p);
	return 0;
}

/**
 * kb_path_compare() - compare two path documents, row by row
 * @old: the reference
 * @new: the one under test
 * @o: the threshold (its alpha is not used: no test is made)
 * @c: filled in, rows by transform, key length, mode, driver, then point;
 *     free it with kb_path_cmp_free() whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_path_compare(const struct kb_saved *old, const struct kb_saved *new,
		    const struct kb_cmp_opts *o, struct kb_path_cmp *c)
{
	struct kb_saved_path_key *k;
	size_t i, n = 0;
	int ret = 0;

	memset(c, 0, sizeof(*c));
	k = keys(old, new, &n);
	if (!k)
		return -ENOMEM;
	for (i = 0; !ret && i < n; i++)
		ret = implementation(c, &k[i], old, new, o);
	free(k);
	return ret;
}

/**
 * kb_path_cmp_free() - free a comparison
 * @c: the comparison
 */
void kb_path_cmp_free(struct kb_path_cmp *c)
{
	free(c->row);
	memset(c, 0, sizeof(*c));
}

static bool has_suite(const struct kb_saved *doc, const char *t)
{
	size_t i;

	for (i = 0; i < doc->paths; i++)
		if (!strcmp(doc->path[i].key.suite, t))
			return true;
	return false;
}

/**
 * kb_path_cmp_common_suite() - whether two path documents measured
 * any same suite (ESP's transform)
 * @a: a document
 * @b: another
 *
 * Return: true if a suite's name is in both.
 */
bool kb_path_cmp_common_suite(const struct kb_saved *a,
			      const struct kb_saved *b)
{
	size_t i;

	for (i = 0; i < a->paths; i++)
		if (strcmp(a->path[i].key.suite, "-") &&
		    has_suite(b, a->path[i].key.suite))
			return true;
	return false;
}

/**
 * kb_path_cmp_failed() - whether a CI gate fails on the comparison
 * @c: the comparison
 *
 * Return: true with a REGRESSION row, or an implementation now invalid.
 */
bool kb_path_cmp_failed(const struct kb_path_cmp *c)
{
	return c->verdicts[KB_PV_REGRESSION] || c->verdicts[KB_PV_NOW_INVALID];
}

/**
 * kb_path_cmp_compared() - the rows in both documents
 * @c: the comparison
 *
 * Return: how many rows are in both, figures or not.
 */
size_t kb_path_cmp_compared(const struct kb_path_cmp *c)
{
	return c->count - c->verdicts[KB_PV_ONLY_OLD] -
	       c->verdicts[KB_PV_ONLY_NEW];
}

static const struct {
	const char *label; /* in the table */
	const char *name; /* in JSON */
} verdicts[KB_PV_COUNT] = {
	[KB_PV_REGRESSION] = { "REGRESSION", "regression" },
	[KB_PV_NOW_INVALID] = { "NOW INVALID", "now_invalid" },
	[KB_PV_IMPROVEMENT] = { "improvement", "improvement" },
	[KB_PV_WITHIN] = { "within threshold", "within_threshold" },
	[KB_PV_WITHIN_SPREAD] = { "within the spread", "within_spread" },
	[KB_PV_TOO_FEW] = { "too few measurements", "too_few_measurements" },
	[KB_PV_NO_FIGURE] = { "no figure", "no_figure" },
	[KB_PV_NOT_VALID] = { "not valid", "not_valid" },
	[KB_PV_ONLY_OLD] = { "only in OLD", "only_in_old" },
	[KB_PV_ONLY_NEW] = { "only in NEW", "only_in_new" },
};

/**
 * kb_path_verdict_label() - a verdict in the table
 * @v: the verdict
 *
 * Return: such as "REGRESSION" or "within the spread".
 */
const char *kb_path_verdict_label(enum kb_path_verdict v)
{
	return v < KB_PV_COUNT ? verdicts[v].label : "?";
}

/**
 * kb_path_verdict_name() - a verdict in the JSON output
 * @v: the verdict
 *
 * Return: such as "regression" or "within_spread".
 */
const char *kb_path_verdict_name(enum kb_path_verdict v)
{
	return v < KB_PV_COUNT ? verdicts[v].name : "unknown";
}
