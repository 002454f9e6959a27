// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The table model of `kaesbench report`. A sweep measures every
 * implementation, but a reader comparing machines wants one figure per
 * path: for the kernel what the crypto API hands out (what IPsec or
 * dm-crypt get), for AF_ALG and OpenSSL their one run. A run that did not
 * end well stays in the model, with no figures, so that the page can say
 * why instead of leaving a gap that reads as "not measured". The documents
 * the model keeps are copies of the caller's (struct kb_saved by value):
 * their strings stay the caller's, as do the documents.
 */

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/result.h"
#include "bench/stats.h"
#include "runs/report_rows.h"
#include "runs/run_kind.h"

static bool valid(const struct kb_saved_run *run)
{
	return !strcmp(run->state, "ended") && !run->status;
}

static bool in_series(const struct kb_saved_run *run,
		      const struct kb_saved_key *k)
{
	return !strcmp(run->key.path, k->path) &&
	       !strcmp(run->key.algorithm, k->algorithm) &&
	       run->key.key_bits == k->key_bits &&
	       run->key.decrypt == k->decrypt;
}

/* The median at the run's largest size: how "fastest" is judged. */
static double top_mbps(const struct kb_saved_run *run, double *scratch)
{
	uint32_t top = 0;
	size_t i, n;

	for (i = 0; i < run->samples; i++)
		if (run->sample[i].size > top)
			top = run->sample[i].size;
	n = kb_saved_mbps_at(run, top, scratch);
	return n ? kb_median(scratch, n) : -1;
}

static void pick(const struct kb_saved *doc, const struct kb_saved_key *k,
		 double *scratch, struct kb_report_pick *p)
{
	const struct kb_saved_run *run, *first = NULL, *best = NULL;
	double best_mbps = -1, m;
	size_t i, n = 0;

	*p = (struct kb_report_pick){ .why = KB_REPORT_NONE };
	for (i = 0; i < doc->runs; i++) {
		run = &doc->run[i];
		if (!in_series(run, k))
			continue;
		n++;
		first = first ? first : run;
		if (run->selected == 1 && p->why != KB_REPORT_SELECTED)
			*p = (struct kb_report_pick){
				.run = run, .why = KB_REPORT_SELECTED
			};
		m = valid(run) ? top_mbps(run, scratch) : -1;
		if (m > best_mbps) {
			best = run;
			best_mbps = m;
		}
	}
	if (n && p->why != KB_REPORT_SELECTED) {
		p->run = n > 1 && best ? best : first;
		p->why = n > 1 && best ? KB_REPORT_FASTEST : KB_REPORT_ONLY;
	}
	p->valid = p->run && valid(p->run);
}

static int u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Every size a valid pick measured, once, ascending. */
static int sizes(struct kb_report_series *s, size_t files)
{
	size_t f, i, n = 0, total = 0;

	for (f = 0; f < files; f++)
		if (s->pick[f].valid)
			total += s->pick[f].run->samples;
	s->size = calloc(total + 1, sizeof(*s->size));
	if (!s->size)
		return -ENOMEM;
	for (f = 0; f < files; f++)
		for (i = 0; s->pick[f].valid && i < s->pick[f].run->samples;
		     i++)
			s->size[n++] = s->pick[f].run->sample[i].size;
	qsort(s->size, n, sizeof(*s->size), u32_cmp);
	for (i = 0; i < n; i++)
		if (!s->sizes || s->size[s->sizes - 1] != s->size[i])
			s->size[s->sizes++] = s->size[i];
	return 0;
}

static void fill_cell(const struct kb_report_pick *p, uint32_t size,
		      double *scratch, struct kb_report_cell *c)
{
	size_t n = p->valid ? kb_saved_mbps_at(p->run, size, scratch) : 0;

	*c = (struct kb_report_cell){ .samples = n };
	if (!n)
		return;
	c->mbps = kb_median(scratch, n);
	c->spread = kb_spread(scratch, n);
}

static int series(struct kb_report_series *s, const struct kb_saved_key *k,
		  const struct kb_saved *doc, size_t files, double *scratch)
{
	size_t f, i;

	s->path = k->path;
	s->pick = calloc(files, sizeof(*s->pick));
	if (!s->pick)
		return -ENOMEM;
	for (f = 0; f < files; f++)
		pick(&doc[f], k, scratch, &s->pick[f]);
	if (sizes(s, files))
		return -ENOMEM;
	s->cell = calloc(s->sizes * files + 1, sizeof(*s->cell));
	if (!s->cell)
		return -ENOMEM;
	for (i = 0; i < s->sizes; i++)
		for (f = 0; f < files; f++)
			fill_cell(&s->pick[f], s->size[i], scratch,
				  &s->cell[i * files + f]);
	return 0;
}

static int key_cmp(const void *a, const void *b)
{
	return kb_saved_key_cmp(a, b);
}

/*
 * Every (algorithm, key length, direction, path) of any file, once, in the
 * order the tables print them. Runs that name no algorithm (refused
 * before the tool knew it) belong to no table.
 */
static struct kb_saved_key *series_keys(const struct kb_saved *doc,
					size_t files, size_t *count,
					size_t *most_samples)
{
	struct kb_saved_key *k;
	size_t f, i, n = 0, total = 0;

	for (f = 0; f < files; f++)
		total += doc[f].runs;
	k = calloc(total + 1, sizeof(*k));
	if (!k)
		return NULL;
	*most_samples = 0;
	for (f = 0; f < files; f++)
		for (i = 0; i < doc[f].runs; i++) {
			if (doc[f].run[i].samples > *most_samples)
				*most_samples = doc[f].run[i].samples;
			if (strcmp(doc[f].run[i].key.algorithm, "-")) {
				k[n] = doc[f].run[i].key;
				k[n].driver = "";
				k[n++].depth = 0;
			}
		}
	qsort(k, n, sizeof(*k), key_cmp);
	*count = 0;
	for (i = 0; i < n; i++)
		if (!*count || kb_saved_key_cmp(&k[*count - 1], &k[i]))
			k[(*count)++] = k[i];
	return k;
}

static bool same_table(const struct kb_saved_key *a,
		       const struct kb_saved_key *b)
{
	return !strcmp(a->algorithm, b->algorithm) &&
	       a->key_bits == b->key_bits && a->decrypt == b->decrypt;
}

/* Tables and their series from the sorted keys; a table's keys are adjacent. */
static int tables(struct kb_report *r, const struct kb_saved_key *k, size_t n,
		  double *scratch)
{
	struct kb_report_table *t = NULL;
	size_t i;

	r->table = calloc(n + 1, sizeof(*r->table));
	if (!r->table)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		if (!t || !same_table(&k[i - 1], &k[i])) {
			t = &r->table[r->tables++];
			t->algorithm = k[i].algorithm;
			t->key_bits = k[i].key_bits;
			t->decrypt = k[i].decrypt;
			t->series = calloc(n - i, sizeof(*t->series));
			if (!t->series)
				return -ENOMEM;
		}
		if (series(&t->series[t->nseries++], &k[i], r->doc, r->docs,
			   scratch))
			return -ENOMEM;
	}
	return 0;
}

/*
 * Run documents and the others (ipsec ...) apart, each in the order
 * given: the others have sections of their own, by their kinds.
 */
static int split(struct kb_report *r, const struct kb_saved *doc, size_t docs,
		 size_t baseline)
{
	size_t i;

	r->doc = calloc(docs + 1, sizeof(*r->doc));
	r->other = calloc(docs + 1, sizeof(*r->other));
	r->file_no = calloc(docs + 1, sizeof(*r->file_no));
	r->other_file_no = calloc(docs + 1, sizeof(*r->other_file_no));
	if (!r->doc || !r->other || !r->file_no || !r->other_file_no)
		return -ENOMEM;
	for (i = 0; i < docs; i++) {
		if (doc[i].kind != &kb_run_doc_kind) {
			r->other_file_no[r->others] = i + 1;
			r->other[r->others++] = doc[i];
			continue;
		}
		if (i == baseline)
			r->baseline = r->docs;
		r->file_no[r->docs] = i + 1;
		r->doc[r->docs++] = doc[i];
	}
	return 0;
}

/**
 * kb_report_build() - the report's tables from saved documents
 * @r: filled in; kb_report_free() it whatever the result
 * @doc: the documents, in the order their columns are printed: runs, and
 *	 documents of other kinds (ipsec ...), which are set apart
 * @docs: how many; at least one
 * @baseline: index into @doc of the run document ratios are to; when it
 *	      is of another kind, the first run document is
 *
 * Return: 0, or -ENOMEM.
 */
int kb_report_build(struct kb_report *r, const struct kb_saved *doc,
		    size_t docs, size_t baseline)
{
	struct kb_saved_key *k = NULL;
	size_t n = 0, most = 0;
	double *scratch = NULL;
	int ret;

	*r = (struct kb_report){ 0 };
	ret = split(r, doc, docs, baseline);
	if (!ret) {
		k = series_keys(r->doc, r->docs, &n, &most);
		scratch = calloc(most + 1, sizeof(*scratch));
		ret = k && scratch ? tables(r, k, n, scratch) : -ENOMEM;
	}
	free(scratch);
	free(k);
	return ret;
}

/**
 * kb_report_free() - free what kb_report_build() allocated
 * @r: the report; the documents it copied are the caller's
 */
void kb_report_free(struct kb_report *r)
{
	struct kb_report_series *s;
	size_t t, i;

	for (t = 0; t < r->tables; t++) {
		for (i = 0; i < r->table[t].nseries; i++) {
			s = &r->table[t].series[i];
			free(s->pick);
			free(s->size);
			free(s->cell);
		}
		free(r->table[t].series);
	}
	free(r->table);
	free(r->doc);
	free(r->file_no);
	free(r->other);
	free(r->other_file_no);
	memset(r, 0, sizeof(*r));
}

/**
 * kb_report_cell() - a file's figure at a size of a series
 * @r: the report
 * @s: one of its series
 * @size: index into @s->size
 * @file: index into @r->doc
 *
 * Return: the cell; its samples is 0 when there is no figure to show.
 */
const struct kb_report_cell *kb_report_cell(const struct kb_report *r,
					    const struct kb_report_series *s,
					    size_t size, size_t file)
{
	return &s->cell[size * r->docs + file];
}

/**
 * kb_report_ratio() - a file's figure over the baseline's
 * @r: the report
 * @s: one of its series
 * @size: index into @s->size
 * @file: index into @r->doc
 *
 * Return: the ratio, or NAN when either has no figure: a failed run is
 * never compared as if it had measured zero.
 */
double kb_report_ratio(const struct kb_report *r,
		       const struct kb_report_series *s, size_t size,
		       size_t file)
{
	const struct kb_report_cell *c = kb_report_cell(r, s, size, file);
	const struct kb_report_cell *b =
		kb_report_cell(r, s, size, r->baseline);

	if (!c->samples || !b->samples || !(b->mbps > 0))
		return NAN;
	return c->mbps / b->mbps;
}

/**
 * kb_report_unsteady() - whether a figure's samples spread too much
 * @c: a cell
 *
 * Return: true beyond KB_SPREAD_MARK, the tables' ``~``.
 */
bool kb_report_unsteady(const struct kb_report_cell *c)
{
	return c->samples && c->spread > KB_SPREAD_MARK;
}

/**
 * kb_report_dir() - a table's direction in words
 * @t: the table
 *
 * Return: "encrypt" or "decrypt".
 */
const char *kb_report_dir(const struct kb_report_table *t)
{
	return t->decrypt ? "decrypt" : "encrypt";
}
