// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench report --csv`: a row per algorithm, key length, direction,
 * path and size, a column of MB/s per file, then a column of ratios to
 * the baseline per file. A run that did not end well has its state
 * ("invalid") where its figures would be: text, which no spreadsheet
 * averages in, rather than an empty cell that reads "not measured".
 * Saved ipsec documents have a table of their own after a blank line: a
 * row per implementation and point, its state in place of every figure
 * when it is not valid.
 */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "output/csv.h"
#include "output/report_csv.h"

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

static const char ipsec_header[] =
	"file,transform,key_bits,mode,driver,state,packet,esp_bytes,"
	"tunnel_pps,tunnel_gbps,tunnel_cpu_us,tunnel_spread,plain_pps,"
	"plain_cpu_us,ceiling_pps,share,sas,sas_proved,diff_sent,"
	"diff_received,diff_wrong,diff_integrity_failed,diff_lost,message\n";

#define IPSEC_FIGURES 8 /* tunnel_pps to share */

static void number(FILE *f, double v, const char *fmt)
{
	fputc(',', f);
	if (isfinite(v))
		fprintf(f, fmt, v);
}

static void ipsec_figures(FILE *f, const struct kb_saved_ipsec_point *p)
{
	if (p->size)
		fprintf(f, ",%" PRIu32, p->size);
	else
		fputs(",imix", f);
	if (p->esp_bytes)
		fprintf(f, ",%" PRIu32, p->esp_bytes);
	else
		fputc(',', f);
	number(f, p->tunnel.pps, "%.1f");
	number(f, p->tunnel.gbps, "%.4f");
	number(f, p->tunnel.cpu_us, "%.3f");
	number(f, p->tunnel.spread, "%.3f");
	number(f, p->plain.pps, "%.1f");
	number(f, p->plain.cpu_us, "%.3f");
	number(f, p->ceiling_pps, "%.1f");
	number(f, p->share, "%.4f");
}

/* A row of @impl; @p NULL: none of its figures, its state in their place. */
static void ipsec_row(FILE *f, const struct kb_saved *doc,
		      const struct kb_saved_ipsec *impl,
		      const struct kb_saved_ipsec_point *p)
{
	int64_t sent = 0, got = 0, wrong = 0, failed = 0, lost = 0;
	size_t k;

	for (k = 0; k < 2; k++) {
		sent += impl->half[k].sent;
		got += impl->half[k].received;
		wrong += impl->half[k].wrong;
		failed += impl->half[k].integrity_failed;
		lost += impl->half[k].lost;
	}
	kb_csv_field(f, doc->name);
	fputc(',', f);
	kb_csv_field(f, impl->key.transform);
	fprintf(f, ",%" PRIu32 ",", impl->key.key_bits);
	kb_csv_field(f, impl->key.mode);
	fputc(',', f);
	kb_csv_field(f, impl->key.driver);
	fputc(',', f);
	kb_csv_field(f, impl->state);
	if (p) {
		ipsec_figures(f, p);
	} else {
		fputs(",,", f);
		for (k = 0; k < IPSEC_FIGURES; k++) {
			fputc(',', f);
			kb_csv_field(f, impl->state);
		}
	}
	fprintf(f,
		",%zu,%zu,%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64
		",%" PRId64 ",",
		impl->sas, impl->proved, sent, got, wrong, failed, lost);
	if (impl->message)
		kb_csv_field(f, impl->message);
	fputc('\n', f);
}

static void ipsec_rows(FILE *f, const struct kb_saved *doc)
{
	const struct kb_saved_ipsec *impl;
	size_t i, k;

	for (i = 0; i < doc->ipsecs; i++) {
		impl = &doc->ipsec[i];
		if (!kb_saved_ipsec_valid(impl) || !impl->points) {
			ipsec_row(f, doc, impl, NULL);
			continue;
		}
		for (k = 0; k < impl->points; k++)
			ipsec_row(f, doc, impl, &impl->point[k]);
	}
}

/**
 * kb_report_csv() - print the report as CSV
 * @f: where to
 * @r: the report
 *
 * A series with no figure in any file (every run of it failed) still has
 * one row, with an empty size, so that its failures are in the sheet.
 * The ipsec documents' table follows, after a blank line when there are
 * runs too.
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
	if (r->ipsecs)
		fprintf(f, "%s%s", r->docs ? "\n" : "", ipsec_header);
	for (i = 0; i < r->ipsecs; i++)
		ipsec_rows(f, &r->ipsec[i]);
	return ferror(f) ? -EIO : 0;
}
