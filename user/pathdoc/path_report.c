// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved path document (`kaesbench ipsec`'s ...) in the report's page: a
 * section of its own, in the path's words, with per implementation its
 * state, the summary of its ends' proofs and of the differential check, and when it is valid a chart and
 * a table of its points. An implementation that is not valid shows its
 * state and message, never its figures, as a run that did not end well
 * does in the run tables. Every string from the document is escaped.
 * And its rows in the report's CSV.
 */

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench/result.h"
#include "bench/stats.h"
#include "output/html_escape.h"
#include "pathdoc/path_report.h"
#include "output/csv.h"
#include "pathdoc/path_doc.h"
#include "pathdoc/path_svg.h"

static void text(FILE *f, const char *s)
{
	kb_html_escape(f, s);
}

/* The document's machine, from its environment; "-" where not recorded. */
static void machine(FILE *f, const struct kb_saved *doc, size_t file_no)
{
	fprintf(f, "<p>#%zu <code>", file_no);
	text(f, doc->name);
	fputs("</code>: kernel ", f);
	text(f, doc->kernel_release);
	fputs(", CPU ", f);
	text(f, doc->env.cpu_model);
	if (doc->env.cpus)
		fprintf(f, " (%lld CPUs)", (long long)doc->env.cpus);
	fputs(", ", f);
	text(f, doc->env.machine);
	fputs(", date (UTC) ", f);
	text(f, doc->env.time);
	fputs(", virtualization ", f);
	text(f, doc->env.virtualization);
	fputs(", kaesbench ", f);
	text(f, doc->kaesbench_version);
	fputs(". Reference: ", f);
	text(f, doc->path[0].reference_driver);
	fputs(".</p>\n", f);
}

static void legend(FILE *f, const char *protocol)
{
	fputs("<p>packets/s: datagrams received right per second, the median of the measurements, "
	      "through ",
	      f);
	text(f, protocol);
	fputs(" (<em>tunnel</em>) and without it (<em>plain</em>); &micro;s CPU: all CPUs' busy time "
	      "per datagram; <em>ceiling</em>: the crypto alone, from kaesbench.ko, each packet encrypted and "
	      "decrypted once; share: tunnel over ceiling. <span class=\"mark\">~</span> unsteady: the "
	      "measurements spread more than 10 %. An implementation whose state is not <em>valid</em> shows "
	      "its state and message, never its figures. - : not recorded.</p>\n",
	      f);
}

static void heading(FILE *f, const struct kb_saved_path *impl)
{
	bool valid = kb_saved_path_valid(impl);

	fputs("<h3>", f);
	text(f, impl->key.driver);
	fputs(" <small>", f);
	if (impl->named && strcmp(impl->named, impl->key.driver)) {
		fputs("named ", f);
		text(f, impl->named);
		fputs(", ", f);
	}
	fputs("module ", f);
	text(f, impl->module);
	if (impl->selected == 1)
		fputs(", selected", f);
	if (impl->reference == 1)
		fputs(", reference", f);
	fprintf(f, "</small>: <span class=\"%s\">", valid ? "up" : "failed");
	text(f, strcmp(impl->state, "-") ? impl->state : "state not recorded");
	fputs("</span></h3>\n", f);
	if (valid)
		return;
	fputs("<p class=\"failed\"><b>", f);
	text(f, impl->state);
	fputs("</b>: ", f);
	text(f, impl->message ? impl->message : "no message");
	fputs(". Its figures are not shown.</p>\n", f);
}

static void half(FILE *f, const struct kb_path_ops *ops, const char *label,
		 const struct kb_saved_path_half *h)
{
	fprintf(f, "%s: ", label);
	if (!h->recorded) {
		fputs("not recorded", f);
		return;
	}
	if (!h->ran) {
		fputs("not run", f);
		return;
	}
	fprintf(f,
		"<span%s>%" PRId64 " of %" PRId64 " right, %" PRId64
		" %s, %" PRId64 " wrong</span>, %" PRId64 " lost",
		h->received < h->sent || h->wrong || h->refused[0] ?
			" class=\"failed\"" :
			"",
		h->received, h->sent, h->refused[0], ops->refusals[0].text,
		h->wrong, h->lost);
}

static void evidence(FILE *f, const struct kb_path_ops *ops,
		     const struct kb_saved_path *impl)
{
	fprintf(f,
		"<p>%ss: %zu made, <span%s>%zu proved</span> by their driver's reference count (+1 each)",
		ops->end, impl->ends,
		impl->proved < impl->ends ? " class=\"failed\"" : "",
		impl->proved);
	if (impl->raised)
		fprintf(f,
			"; %zu made under a priority raised for the moment and set back",
			impl->raised);
	fputs(". Differential check: ", f);
	half(f, ops, "it encrypts, the reference decrypts", &impl->half[0]);
	fputs("; ", f);
	half(f, ops, "the reference encrypts, it decrypts", &impl->half[1]);
	fputs(".</p>\n", f);
	if (impl->ceiling_note) {
		fputs("<p class=\"muted\">", f);
		text(f, impl->ceiling_note);
		fputs("</p>\n", f);
	}
}

static void rate(FILE *f, const struct kb_saved_path_rate *r)
{
	char buf[KB_FMT3_MAX];

	fprintf(f, "<td class=\"num\">%s", kb_fmt3(r->pps, buf, sizeof(buf)));
	if (r->spread > KB_SPREAD_MARK)
		fprintf(f,
			"<span class=\"mark\" title=\"unsteady: spread %s %%\">~</span>",
			kb_fmt3(r->spread * 100, buf, sizeof(buf)));
	fprintf(f, "</td><td class=\"num\">%s</td>",
		kb_fmt3(r->cpu_us, buf, sizeof(buf)));
}

static void row(FILE *f, const struct kb_saved_path_point *p)
{
	char buf[KB_FMT3_MAX];

	fputs("<tr><th class=\"row\">", f);
	if (p->size)
		fprintf(f, "%" PRIu32 " B", p->size);
	else {
		fputs("imix ", f);
		text(f, p->imix);
	}
	fputs("</th>", f);
	if (p->wire_bytes)
		fprintf(f, "<td class=\"num\">%" PRIu32 "</td>", p->wire_bytes);
	else
		fputs("<td class=\"num muted\">-</td>", f);
	rate(f, &p->tunnel);
	if (isfinite(p->tunnel.gbps))
		fprintf(f, "<td class=\"num\">%.3f</td>", p->tunnel.gbps);
	else
		fputs("<td class=\"num muted\">-</td>", f);
	rate(f, &p->plain);
	fprintf(f, "<td class=\"num\">%s</td>",
		kb_fmt3(p->ceiling_pps, buf, sizeof(buf)));
	if (isfinite(p->share))
		fprintf(f, "<td class=\"num\">%.0f %%</td></tr>\n",
			100 * p->share);
	else
		fputs("<td class=\"num muted\">-</td></tr>\n", f);
}

static void points(FILE *f, const struct kb_saved *doc,
		   const struct kb_saved_path *impl)
{
	const char *protocol = kb_path_doc_of(doc)->protocol;

	size_t i;

	if (!impl->points) {
		fputs("<p class=\"muted\">No point measured.</p>\n", f);
		return;
	}
	kb_report_path_svg(f, impl, protocol);
	fputs("<div class=\"wrap\"><table class=\"figures ", f);
	text(f, doc->kind->name);
	fputs("\">\n<thead><tr><th>packet</th><th>", f);
	text(f, protocol);
	fputs(" bytes</th><th>tunnel packets/s</th>"
	      "<th>&micro;s CPU</th><th>Gbit/s</th><th>plain packets/s</th><th>&micro;s CPU</th>"
	      "<th>ceiling packets/s</th><th>share</th></tr></thead>\n<tbody>\n",
	      f);
	for (i = 0; i < impl->points; i++)
		row(f, &impl->point[i]);
	fputs("</tbody></table></div>\n", f);
}

/**
 * kb_report_path_html() - a path document's section of the report, a
 *			   path kind's report section
 * @f: where to
 * @doc: a saved path document, with one implementation or more
 * @file_no: its place on the command line, from 1
 */
void kb_report_path_html(FILE *f, const struct kb_saved *doc, size_t file_no)
{
	const struct kb_path_doc *pd = kb_path_doc_of(doc);
	size_t i;

	fputs("<section class=\"", f);
	text(f, doc->kind->name);
	fputs("\"><h2>", f);
	pd->report_title(f, &doc->path[0].key);
	fprintf(f, " (#%zu)</h2>\n", file_no);
	machine(f, doc, file_no);
	legend(f, pd->protocol);
	for (i = 0; i < doc->paths; i++) {
		heading(f, &doc->path[i]);
		if (kb_saved_path_valid(&doc->path[i]))
			points(f, doc, &doc->path[i]);
		evidence(f, pd->ops, &doc->path[i]);
	}
	fputs("</section>\n", f);
}

#define FIGURES 8 /* tunnel_pps to share */

static void number(FILE *f, double v, const char *fmt)
{
	fputc(',', f);
	if (isfinite(v))
		fprintf(f, fmt, v);
}

static void figures(FILE *f, const struct kb_saved_path_point *p)
{
	if (p->size)
		fprintf(f, ",%" PRIu32, p->size);
	else
		fputs(",imix", f);
	if (p->wire_bytes)
		fprintf(f, ",%" PRIu32, p->wire_bytes);
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
static void csv_row(FILE *f, const struct kb_saved *doc,
		    const struct kb_saved_path *impl,
		    const struct kb_saved_path_point *p)
{
	int64_t sent = 0, got = 0, wrong = 0, failed = 0, lost = 0;
	size_t k;

	for (k = 0; k < 2; k++) {
		sent += impl->half[k].sent;
		got += impl->half[k].received;
		wrong += impl->half[k].wrong;
		failed += impl->half[k].refused[0];
		lost += impl->half[k].lost;
	}
	kb_csv_field(f, doc->name);
	fputc(',', f);
	kb_csv_field(f, impl->key.suite);
	fprintf(f, ",%" PRIu32 ",", impl->key.key_bits);
	kb_csv_field(f, impl->key.variant);
	fputc(',', f);
	kb_csv_field(f, impl->key.driver);
	fputc(',', f);
	kb_csv_field(f, impl->state);
	if (p) {
		figures(f, p);
	} else {
		fputs(",,", f);
		for (k = 0; k < FIGURES; k++) {
			fputc(',', f);
			kb_csv_field(f, impl->state);
		}
	}
	fprintf(f,
		",%zu,%zu,%" PRId64 ",%" PRId64 ",%" PRId64 ",%" PRId64
		",%" PRId64 ",",
		impl->ends, impl->proved, sent, got, wrong, failed, lost);
	if (impl->message)
		kb_csv_field(f, impl->message);
	fputc('\n', f);
}

/**
 * kb_report_path_csv() - a path document's rows in the report's CSV
 * @f: where to
 * @doc: a saved path document
 *
 * A row per implementation and point, its state in place of every figure
 * when it is not valid; the columns are the kind's csv_header.
 */
void kb_report_path_csv(FILE *f, const struct kb_saved *doc)
{
	const struct kb_saved_path *impl;
	size_t i, k;

	for (i = 0; i < doc->paths; i++) {
		impl = &doc->path[i];
		if (!kb_saved_path_valid(impl) || !impl->points) {
			csv_row(f, doc, impl, NULL);
			continue;
		}
		for (k = 0; k < impl->points; k++)
			csv_row(f, doc, impl, &impl->point[k]);
	}
}
