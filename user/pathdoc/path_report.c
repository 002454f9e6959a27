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

/* A library's name and version, or its version not recorded. */
static void library(FILE *f, const char *what, const char *name,
		    const char *version)
{
	fprintf(f, ". %s: ", what);
	text(f, name);
	fputs(" (", f);
	text(f, version ? version : "version not recorded");
	fputc(')', f);
}

/*
 * The differential's other end (a library, or the kernel's generic
 * parts), and the alongside lane's library.
 */
static void libraries(FILE *f, const struct kb_path_ops *ops,
		      const struct kb_saved_path *impl)
{
	if (ops->reference)
		library(f, "Checked against", ops->reference,
			impl->reference_version);
	if (!ops->reference || impl->reference_driver) {
		fputs(". Reference: ", f);
		text(f, impl->reference_driver);
	}
	if (ops->alongside)
		library(f, "Alongside", ops->alongside,
			impl->alongside_version);
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
	libraries(f, kb_path_doc_of(doc)->ops, &doc->path[0]);
	fputs(".</p>\n", f);
}

static void legend(FILE *f, const struct kb_path_doc *pd)
{
	const struct kb_path_words *w = kb_path_words_of(pd);

	fprintf(f,
		"<p>%s: %ss received right per second, the median of the measurements, "
		"through ",
		w->rate, w->unit);
	text(f, pd->protocol);
	fputs(" (<em>tunnel</em>) and without it (<em>plain</em>)", f);
	if (w->alongside) {
		fputs("; <em>", f);
		text(f, w->alongside);
		fputs("</em>: the same through ", f);
		text(f, pd->ops->alongside);
		fputs(", and tunnel over it", f);
	}
	fprintf(f,
		"; &micro;s CPU: all CPUs' busy time "
		"per %s; <em>ceiling</em>: the crypto alone, from kaesbench.ko, each %s encrypted and "
		"decrypted once; share: tunnel over ceiling. <span class=\"mark\">~</span> unsteady: the "
		"measurements spread more than 10 %%. An implementation whose state is not <em>valid</em> shows "
		"its state and message, never its figures. - : not recorded.</p>\n",
		w->unit, w->size);
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

/* The refusal counters a half shows: the path's first ones. */
static size_t shown_refusals(const struct kb_path_doc *pd)
{
	size_t n = kb_path_words_of(pd)->refusals;

	return n < pd->ops->nrefusals ? n : pd->ops->nrefusals;
}

static void half(FILE *f, const struct kb_path_doc *pd, int k,
		 const struct kb_saved_path_half *h)
{
	bool bad = h->received < h->sent || h->wrong;
	size_t i, n = shown_refusals(pd);

	fprintf(f, "%s: ", kb_path_words_of(pd)->half[k]);
	if (!h->recorded) {
		fputs("not recorded", f);
		return;
	}
	if (!h->ran) {
		fputs("not run", f);
		return;
	}
	for (i = 0; i < n; i++)
		bad |= h->refused[i] != 0;
	fprintf(f, "<span%s>%" PRId64 " of %" PRId64 " right",
		bad ? " class=\"failed\"" : "", h->received, h->sent);
	for (i = 0; i < n; i++)
		fprintf(f, ", %" PRId64 " %s", h->refused[i],
			pd->ops->refusals[i].text);
	fprintf(f, ", %" PRId64 " wrong</span>, %" PRId64 " lost", h->wrong,
		h->lost);
}

/* A sentence of the document's own words, muted: a note, a reason. */
static void note(FILE *f, const char *before, const char *s)
{
	if (!s)
		return;
	fputs("<p class=\"muted\">", f);
	fputs(before, f);
	text(f, s);
	fputs("</p>\n", f);
}

static void evidence(FILE *f, const struct kb_path_doc *pd,
		     const struct kb_saved_path *impl)
{
	const struct kb_path_ops *ops = pd->ops;

	fprintf(f,
		"<p>%ss: %zu made, <span%s>%zu proved</span> by their driver's reference count (+%u each)",
		ops->end, impl->ends,
		impl->proved < impl->ends ? " class=\"failed\"" : "",
		impl->proved, ops->transforms_per_end);
	if (impl->raised)
		fprintf(f,
			"; %zu made under a priority raised for the moment and set back",
			impl->raised);
	if (impl->contradicted)
		fprintf(f,
			"; <span class=\"failed\">%zu read back by %s as not the driver's</span>",
			impl->contradicted, pd->protocol);
	fputs(". Differential check: ", f);
	half(f, pd, 0, &impl->half[0]);
	fputs("; ", f);
	half(f, pd, 1, &impl->half[1]);
	fputs(".</p>\n", f);
	note(f, "", impl->ceiling_note);
	if (impl->rotation_not_here) {
		fprintf(f, "<p class=\"muted\">No %s here: ",
			kb_path_words_of(pd)->rotation);
		text(f, impl->rotation_not_here);
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

/* The alongside lane's rate, and the tunnel's over it (kTLS's over OpenSSL's). */
static void alongside(FILE *f, const struct kb_saved_path_point *p)
{
	double r = p->tunnel.pps / p->alongside.pps;

	rate(f, &p->alongside);
	if (isfinite(r) && p->alongside.pps > 0)
		fprintf(f, "<td class=\"num\">%.2fx</td>", r);
	else
		fputs("<td class=\"num muted\">-</td>", f);
}

static void row(FILE *f, const struct kb_path_words *w,
		const struct kb_saved_path_point *p)
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
	if (w->alongside)
		alongside(f, p);
	fprintf(f, "<td class=\"num\">%s</td>",
		kb_fmt3(p->ceiling_pps, buf, sizeof(buf)));
	if (isfinite(p->share))
		fprintf(f, "<td class=\"num\">%.0f %%</td></tr>\n",
			100 * p->share);
	else
		fputs("<td class=\"num muted\">-</td></tr>\n", f);
}

static void points_head(FILE *f, const struct kb_path_doc *pd)
{
	const struct kb_path_words *w = kb_path_words_of(pd);

	fprintf(f, "<thead><tr><th>%s</th><th>", w->size);
	text(f, pd->protocol);
	fprintf(f,
		" bytes</th><th>tunnel %s</th>"
		"<th>&micro;s CPU</th><th>Gbit/s</th><th>plain %s</th><th>&micro;s CPU</th>",
		w->rate, w->rate);
	if (w->alongside) {
		fputs("<th>", f);
		text(f, w->alongside);
		fprintf(f, " %s</th><th>&micro;s CPU</th><th>tunnel / ",
			w->rate);
		text(f, w->alongside);
		fputs("</th>", f);
	}
	fprintf(f, "<th>ceiling %s</th><th>share</th></tr></thead>\n", w->rate);
}

/* Why the alongside lane was not measured, where it was not. */
static void alongside_errors(FILE *f, const struct kb_path_words *w,
			     const struct kb_saved_path *impl)
{
	const struct kb_saved_path_point *p;
	size_t i;

	for (i = 0; w->alongside && i < impl->points; i++) {
		p = &impl->point[i];
		if (!p->alongside_error)
			continue;
		fputs("<p class=\"muted\">", f);
		text(f, w->alongside);
		fprintf(f, " at %" PRIu32 " B: ", p->size);
		text(f, p->alongside_error);
		fputs("</p>\n", f);
	}
}

static void points(FILE *f, const struct kb_saved *doc,
		   const struct kb_saved_path *impl)
{
	const struct kb_path_doc *pd = kb_path_doc_of(doc);
	const struct kb_path_words *w = kb_path_words_of(pd);
	size_t i;

	if (!impl->points) {
		fputs("<p class=\"muted\">No point measured.</p>\n", f);
		return;
	}
	kb_report_path_svg(f, impl, pd->protocol, w);
	fputs("<div class=\"wrap\"><table class=\"figures ", f);
	text(f, doc->kind->name);
	fputs("\">\n", f);
	points_head(f, pd);
	fputs("<tbody>\n", f);
	for (i = 0; i < impl->points; i++)
		row(f, w, &impl->point[i]);
	fputs("</tbody></table></div>\n", f);
	alongside_errors(f, w, impl);
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
	legend(f, pd);
	for (i = 0; i < doc->paths; i++) {
		heading(f, &doc->path[i]);
		if (kb_saved_path_valid(&doc->path[i]))
			points(f, doc, &doc->path[i]);
		evidence(f, pd, &doc->path[i]);
	}
	fputs("</section>\n", f);
}

#define FIGURES 8 /* tunnel_pps to share */
#define ALONGSIDE_FIGURES 3 /* alongside_pps, _cpu_us, _ratio */

static void number(FILE *f, double v, const char *fmt)
{
	fputc(',', f);
	if (isfinite(v))
		fprintf(f, fmt, v);
}

static void figures(FILE *f, const struct kb_path_words *w,
		    const struct kb_saved_path_point *p)
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
	if (w->alongside) {
		number(f, p->alongside.pps, "%.1f");
		number(f, p->alongside.cpu_us, "%.3f");
		number(f,
		       p->alongside.pps > 0 ? p->tunnel.pps / p->alongside.pps :
					      NAN,
		       "%.4f");
	}
	number(f, p->ceiling_pps, "%.1f");
	number(f, p->share, "%.4f");
}

/* The state in place of every figure: none of them stands. */
static void no_figures(FILE *f, const struct kb_path_words *w,
		       const struct kb_saved_path *impl)
{
	size_t k, n = FIGURES + (w->alongside ? ALONGSIDE_FIGURES : 0);

	fputs(",,", f);
	for (k = 0; k < n; k++) {
		fputc(',', f);
		kb_csv_field(f, impl->state);
	}
}

/* The key's columns: suite, key length, variant, the option, driver. */
static void key(FILE *f, const struct kb_path_doc *pd,
		const struct kb_saved_path_key *k)
{
	kb_csv_field(f, k->suite);
	fprintf(f, ",%" PRIu32 ",", k->key_bits);
	kb_csv_field(f, k->variant);
	fputc(',', f);
	if (pd->option_key && k->option >= 0)
		fprintf(f, "%s,", k->option ? "true" : "false");
	else if (pd->option_key)
		fputc(',', f);
	kb_csv_field(f, k->driver);
}

/* The differential's counts, both halves summed, the path's refusals. */
static void diff_counts(FILE *f, const struct kb_path_doc *pd,
			const struct kb_saved_path *impl)
{
	int64_t sum[4 + KB_PATH_MAX_REFUSALS] = { 0 };
	size_t i, k, n = shown_refusals(pd);

	for (k = 0; k < 2; k++) {
		sum[0] += impl->half[k].sent;
		sum[1] += impl->half[k].received;
		sum[2] += impl->half[k].wrong;
		sum[3] += impl->half[k].lost;
		for (i = 0; i < n; i++)
			sum[4 + i] += impl->half[k].refused[i];
	}
	fprintf(f, ",%" PRId64 ",%" PRId64 ",%" PRId64, sum[0], sum[1], sum[2]);
	for (i = 0; i < n; i++)
		fprintf(f, ",%" PRId64, sum[4 + i]);
	fprintf(f, ",%" PRId64, sum[3]);
}

/* A row of @impl; @p NULL: none of its figures, its state in their place. */
static void csv_row(FILE *f, const struct kb_saved *doc,
		    const struct kb_saved_path *impl,
		    const struct kb_saved_path_point *p)
{
	const struct kb_path_doc *pd = kb_path_doc_of(doc);
	const struct kb_path_words *w = kb_path_words_of(pd);

	kb_csv_field(f, doc->name);
	fputc(',', f);
	key(f, pd, &impl->key);
	fputc(',', f);
	kb_csv_field(f, impl->state);
	if (p)
		figures(f, w, p);
	else
		no_figures(f, w, impl);
	fprintf(f, ",%zu,%zu", impl->ends, impl->proved);
	diff_counts(f, pd, impl);
	fputc(',', f);
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
