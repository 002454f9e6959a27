// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved `kaesbench ipsec` document in the report's page: a section of
 * its own, with per implementation its state, the summary of its SAs'
 * proofs and of the differential check, and when it is valid a chart and
 * a table of its points. An implementation that is not valid shows its
 * state and message, never its figures, as a run that did not end well
 * does in the run tables. Every string from the document is escaped.
 */

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench/result.h"
#include "bench/stats.h"
#include "output/html_escape.h"
#include "output/report_ipsec_html.h"
#include "output/report_svg.h"

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
	text(f, doc->ipsec[0].reference_driver);
	fputs(".</p>\n", f);
}

static void legend(FILE *f)
{
	fputs("<p>packets/s: datagrams received right per second, the median of the measurements, "
	      "through ESP (<em>tunnel</em>) and without it (<em>plain</em>); &micro;s CPU: all CPUs' busy time "
	      "per datagram; <em>ceiling</em>: the crypto alone, from kaesbench.ko, each packet encrypted and "
	      "decrypted once; share: tunnel over ceiling. <span class=\"mark\">~</span> unsteady: the "
	      "measurements spread more than 10 %. An implementation whose state is not <em>valid</em> shows "
	      "its state and message, never its figures. - : not recorded.</p>\n",
	      f);
}

static void heading(FILE *f, const struct kb_saved_ipsec *impl)
{
	bool valid = kb_saved_ipsec_valid(impl);

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

static void half(FILE *f, const char *label,
		 const struct kb_saved_ipsec_half *h)
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
		" failed authentication, %" PRId64 " wrong</span>, %" PRId64
		" lost",
		h->received < h->sent || h->wrong || h->integrity_failed ?
			" class=\"failed\"" :
			"",
		h->received, h->sent, h->integrity_failed, h->wrong, h->lost);
}

static void evidence(FILE *f, const struct kb_saved_ipsec *impl)
{
	fprintf(f,
		"<p>SAs: %zu made, <span%s>%zu proved</span> by their driver's reference count (+1 each)",
		impl->sas, impl->proved < impl->sas ? " class=\"failed\"" : "",
		impl->proved);
	if (impl->raised)
		fprintf(f,
			"; %zu made under a priority raised for the moment and set back",
			impl->raised);
	fputs(". Differential check: ", f);
	half(f, "it encrypts, the reference decrypts", &impl->half[0]);
	fputs("; ", f);
	half(f, "the reference encrypts, it decrypts", &impl->half[1]);
	fputs(".</p>\n", f);
	if (impl->ceiling_note) {
		fputs("<p class=\"muted\">", f);
		text(f, impl->ceiling_note);
		fputs("</p>\n", f);
	}
}

static void rate(FILE *f, const struct kb_saved_ipsec_rate *r)
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

static void row(FILE *f, const struct kb_saved_ipsec_point *p)
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
	if (p->esp_bytes)
		fprintf(f, "<td class=\"num\">%" PRIu32 "</td>", p->esp_bytes);
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

static void points(FILE *f, const struct kb_saved_ipsec *impl)
{
	size_t i;

	if (!impl->points) {
		fputs("<p class=\"muted\">No point measured.</p>\n", f);
		return;
	}
	kb_report_ipsec_svg(f, impl);
	fputs("<div class=\"wrap\"><table class=\"figures ipsec\">\n"
	      "<thead><tr><th>packet</th><th>ESP bytes</th><th>tunnel packets/s</th>"
	      "<th>&micro;s CPU</th><th>Gbit/s</th><th>plain packets/s</th><th>&micro;s CPU</th>"
	      "<th>ceiling packets/s</th><th>share</th></tr></thead>\n<tbody>\n",
	      f);
	for (i = 0; i < impl->points; i++)
		row(f, &impl->point[i]);
	fputs("</tbody></table></div>\n", f);
}

/**
 * kb_report_ipsec_html() - an ipsec document's section of the report
 * @f: where to
 * @doc: a saved ipsec document (KB_SAVED_IPSEC), with one implementation
 *	 or more
 * @file_no: its place on the command line, from 1
 */
void kb_report_ipsec_html(FILE *f, const struct kb_saved *doc, size_t file_no)
{
	const struct kb_saved_ipsec_key *k = &doc->ipsec[0].key;
	size_t i;

	fputs("<section class=\"ipsec\"><h2>IPsec: ESP ", f);
	text(f, k->transform);
	if (k->key_bits)
		fprintf(f, ", %" PRIu32 "-bit key", k->key_bits);
	fputs(", ", f);
	text(f, k->mode);
	fprintf(f, " mode (#%zu)</h2>\n", file_no);
	machine(f, doc, file_no);
	legend(f);
	for (i = 0; i < doc->ipsecs; i++) {
		heading(f, &doc->ipsec[i]);
		if (kb_saved_ipsec_valid(&doc->ipsec[i]))
			points(f, &doc->ipsec[i]);
		evidence(f, &doc->ipsec[i]);
	}
	fputs("</section>\n", f);
}
