// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench report --csv`: a row per algorithm, key length, direction,
 * path and size, a column of MB/s per file, then a column of ratios to
 * the baseline per file. A run that did not end well has its state
 * ("invalid") where its figures would be: text, which no spreadsheet
 * averages in, rather than an empty cell that reads "not measured".
 * Saved documents of other kinds (ipsec ...) have a table of their own
 * per kind after a blank line, as their kind writes it.
 */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "output/csv.h"
#include "runs/report_csv.h"

static void header(FILE *f, const struct kb_report *r)
{
	size_t i;

	fputs("algorithm,key_bits,direction,path,size", f);
	for (i = 0; i < r->docs; i++) {
		fputc(',', f);
		kb_csv_field(f, r->doc[i].name);
	}
	for (i = 0; i < r->docs; i++) {
		fputc(',', f);
		kb_csv_prefixed_field(f, "ratio ", r->doc[i].name);
	}
	fputc('\n', f);
}

static void key(FILE *f, const struct kb_report_table *t,
		const struct kb_report_series *s)
{
	kb_csv_field(f, t->algorithm);
	fprintf(f, ",%u,%s,", t->key_bits, kb_report_dir(t));
	kb_csv_field(f, s->path);
}

/* One file's figure at size index @i; SIZE_MAX: the series has no size. */
static void figure(FILE *f, const struct kb_report *r,
		   const struct kb_report_series *s, size_t i, size_t file)
{
	const struct kb_report_pick *p = &s->pick[file];
	const struct kb_report_cell *c;

	fputc(',', f);
	if (p->run && !p->valid) {
		kb_csv_field(f, p->run->state);
		return;
	}
	if (i == SIZE_MAX)
		return;
	c = kb_report_cell(r, s, i, file);
	if (c->samples)
		fprintf(f, "%.6g", c->mbps);
}

static void row(FILE *f, const struct kb_report *r,
		const struct kb_report_table *t,
		const struct kb_report_series *s, size_t i)
{
	size_t file;
	double v;

	key(f, t, s);
	if (i != SIZE_MAX)
		fprintf(f, ",%u", s->size[i]);
	else
		fputc(',', f);
	for (file = 0; file < r->docs; file++)
		figure(f, r, s, i, file);
	for (file = 0; file < r->docs; file++) {
		v = i == SIZE_MAX ? NAN : kb_report_ratio(r, s, i, file);
		fputc(',', f);
		if (isfinite(v))
			fprintf(f, "%.4f", v);
	}
	fputc('\n', f);
}

/* The documents of @kind among the others, under the kind's header. */
static void kind_rows(FILE *f, const struct kb_report *r,
		      const struct kb_doc_kind *kind)
{
	size_t i;

	fputs(kind->csv_header, f);
	for (i = 0; i < r->others; i++)
		if (r->other[i].kind == kind)
			kind->report_csv(f, &r->other[i]);
}

/* Whether @i is the first document of its kind among the others. */
static bool first_of_kind(const struct kb_report *r, size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (r->other[j].kind == r->other[i].kind)
			return false;
	return true;
}

/**
 * kb_report_csv() - print the report as CSV
 * @f: where to
 * @r: the report
 *
 * A series with no figure in any file (every run of it failed) still has
 * one row, with an empty size, so that its failures are in the sheet.
 * Each other kind's table follows (the ipsec documents'), after a blank
 * line when something is before it.
 *
 * Return: 0, or -EIO when @f reports a write error.
 */
int kb_report_csv(FILE *f, const struct kb_report *r)
{
	const struct kb_report_table *t;
	size_t i, j, k;

	if (r->docs)
		header(f, r);
	for (i = 0; i < r->tables; i++) {
		t = &r->table[i];
		for (j = 0; j < t->nseries; j++) {
			for (k = 0; k < t->series[j].sizes; k++)
				row(f, r, t, &t->series[j], k);
			if (!t->series[j].sizes)
				row(f, r, t, &t->series[j], SIZE_MAX);
		}
	}
	for (i = 0; i < r->others; i++) {
		if (!first_of_kind(r, i))
			continue;
		if (r->docs || i)
			fputc('\n', f);
		kind_rows(f, r, r->other[i].kind);
	}
	return ferror(f) ? -EIO : 0;
}
