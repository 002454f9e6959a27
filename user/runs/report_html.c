// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench report` as one HTML page: a column per saved run, a table
 * and a plot per algorithm. Self-contained (inline CSS and SVG, no
 * script, no font, no link out), so that it can be mailed, attached to
 * an issue or opened on a machine without network. Every string from a
 * document is escaped.
 */

#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "bench/stats.h"
#include "output/html_escape.h"
#include "runs/report_html.h"
#include "runs/report_svg.h"

static const char style[] =
	"body{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:14px;color:#222;margin:16px 20px;max-width:1800px}"
	"h1{font-size:22px;margin:0 0 6px}h2{font-size:18px;margin:34px 0 6px;border-bottom:2px solid #ddd;padding-bottom:3px}"
	"p{margin:6px 0;max-width:1100px;line-height:1.4}"
	".wrap{overflow-x:auto}"
	"table{border-collapse:collapse;margin:8px 0}"
	"th,td{border:1px solid #d4d4d4;padding:3px 6px;vertical-align:top}"
	"thead th{background:#f0f0f0;text-align:center;min-width:84px}"
	"th.row{text-align:left;background:#fafafa;font-weight:normal;color:#555;white-space:nowrap}"
	"td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
	"td.impl{font-size:12px;max-width:170px;overflow-wrap:anywhere}"
	"thead th small{display:block;font-weight:normal;font-size:11px;color:#555;max-width:170px;margin:0 auto;overflow-wrap:anywhere}"
	".base{background:#f3f8ff}"
	".ratio{display:block;font-size:11px;color:#666}"
	".up{color:#176117}.down{color:#a31515}"
	".mark{color:#b35c00;font-weight:bold}"
	".failed{background:#fde8e8;color:#8a1010}"
	".muted{color:#999}"
	"th.path{text-align:left;background:#f7f7f7;white-space:nowrap}"
	"svg.plot{width:100%;max-width:960px;height:auto;display:block;margin:6px 0}"
	"svg.plot text{font-size:12px;fill:#333}"
	"svg.plot .grid{stroke:#e4e4e4}"
	"svg.plot .frame{fill:none;stroke:#888}"
	"svg.plot polyline{stroke-width:2}"
	"svg.plot circle{stroke-width:1.5}";

static const char *path_name(const char *path)
{
	if (!strcmp(path, "kernel"))
		return "kernel";
	if (!strcmp(path, KB_SAVED_PATH_KERNEL_SOFTIRQ))
		return "kernel (softirq)";
	if (!strcmp(path, "afalg-sendmsg"))
		return "AF_ALG (sendmsg)";
	if (!strcmp(path, "afalg-vmsplice"))
		return "AF_ALG (vmsplice)";
	if (!strcmp(path, "openssl"))
		return "OpenSSL";
	return NULL;
}

static void text(FILE *f, const char *s)
{
	kb_html_escape(f, s);
}

/* A column header: the run's number and its file. */
static void run_head(FILE *f, const struct kb_report *r, size_t i)
{
	fprintf(f, "<th%s>#%zu%s<br>",
		i == r->baseline ? " class=\"base\"" : "", r->file_no[i],
		i == r->baseline ? " (baseline)" : "");
	text(f, r->doc[i].kernel_release);
	fputs("<small>", f);
	text(f, r->doc[i].name);
	fputs("</small></th>", f);
}

static void head_row(FILE *f, const struct kb_report *r, const char *first,
		     const char *second)
{
	size_t i;

	fprintf(f, "<thead><tr><th>%s</th>", first);
	if (second)
		fprintf(f, "<th>%s</th>", second);
	for (i = 0; i < r->docs; i++)
		run_head(f, r, i);
	fputs("</tr></thead>\n", f);
}

/* How many of a document's runs did not end well: a file to distrust. */
static size_t not_ended(const struct kb_saved *doc)
{
	size_t i, bad = 0;

	for (i = 0; i < doc->runs; i++)
		bad += strcmp(doc->run[i].state, "ended") || doc->run[i].status;
	return bad;
}

/* A string of the document at @offset: a row of the runs table. */
static void env_row(FILE *f, const struct kb_report *r, const char *name,
		    size_t offset)
{
	const char *v;
	size_t i;

	fprintf(f, "<tr><th class=\"row\">%s</th>", name);
	for (i = 0; i < r->docs; i++) {
		v = *(const char *const *)((const char *)&r->doc[i] + offset);
		fprintf(f, "<td%s>", i == r->baseline ? " class=\"base\"" : "");
		text(f, v);
		fputs("</td>", f);
	}
	fputs("</tr>\n", f);
}

static void cpus_row(FILE *f, const struct kb_report *r)
{
	size_t i;

	fputs("<tr><th class=\"row\">CPUs</th>", f);
	for (i = 0; i < r->docs; i++)
		if (r->doc[i].env.cpus)
			fprintf(f, "<td>%lld</td>",
				(long long)r->doc[i].env.cpus);
		else
			fputs("<td>-</td>", f);
	fputs("</tr>\n", f);
}

static void outcome_row(FILE *f, const struct kb_report *r)
{
	size_t i, bad;

	fputs("<tr><th class=\"row\">runs in the file</th>", f);
	for (i = 0; i < r->docs; i++) {
		bad = not_ended(&r->doc[i]);
		fprintf(f, "<td%s>%zu, %zu did not end well</td>",
			bad ? " class=\"failed\"" : "", r->doc[i].runs, bad);
	}
	fputs("</tr>\n", f);
}

#define DOC(member) offsetof(struct kb_saved, member)

static void runs_table(FILE *f, const struct kb_report *r)
{
	static const struct {
		const char *name;
		size_t offset;
	} rows[] = {
		{ "CPU model", DOC(env.cpu_model) },
		{ "architecture", DOC(env.machine) },
		{ "kernel", DOC(kernel_release) },
		{ "date (UTC)", DOC(env.time) },
		{ "virtualization", DOC(env.virtualization) },
		{ "kaesbench", DOC(kaesbench_version) },
	};
	size_t i;

	fputs("<div class=\"wrap\"><table class=\"runs\">\n", f);
	head_row(f, r, "run", NULL);
	fputs("<tbody>\n", f);
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		env_row(f, r, rows[i].name, rows[i].offset);
	cpus_row(f, r);
	outcome_row(f, r);
	fputs("</tbody></table></div>\n", f);
}

static void intro(FILE *f, const struct kb_report *r)
{
	size_t files = r->docs + r->others;

	fprintf(f, "<h1>kaesbench report: %zu saved run%s</h1>\n", files,
		files == 1 ? "" : "s");
	if (!r->docs)
		return;
	fprintf(f,
		"<p>MB/s = 10<sup>6</sup> bytes/s, the median of each size's samples. "
		"Per path, the figures of one implementation per run: on the kernel path what the crypto API hands out "
		"(<em>selected</em>; where a file does not say, the fastest at its largest size), on the others their one run. "
		"Under each figure its ratio to the baseline, run #%zu (<code>",
		r->file_no[r->baseline]);
	text(f, r->doc[r->baseline].name);
	fprintf(f,
		"</code>, <code>--baseline %zu</code>).</p>\n"
		"<p><span class=\"mark\">~</span> unsteady: the samples spread more than 10 %% around their median. "
		"<span class=\"mark\">?</span> not verified before it was measured (<code>--no-verify</code>). "
		"<span class=\"failed\">&nbsp;invalid&nbsp;</span> a run that did not end well "
		"(failed verification, refused, interrupted ...): its message, never its figures. "
		"- : not measured in that run.</p>\n",
		r->file_no[r->baseline]);
	runs_table(f, r);
}

static void impl_cell(FILE *f, const struct kb_report *r,
		      const struct kb_report_pick *p, size_t file)
{
	const struct kb_saved_run *run = p->run;

	if (!run) {
		fputs("<td class=\"impl muted\">-</td>", f);
		return;
	}
	fprintf(f, "<td class=\"impl%s\">",
		!p->valid	    ? " failed" :
		file == r->baseline ? " base" :
				      "");
	text(f, run->key.driver);
	fputs("<br><small>", f);
	text(f, run->module);
	if (run->key.depth > 1)
		fprintf(f, ", depth %u", run->key.depth);
	if (p->why == KB_REPORT_SELECTED)
		fputs(", selected", f);
	else if (p->why == KB_REPORT_FASTEST)
		fputs(", the fastest (selection not recorded)", f);
	if (p->valid && run->no_verify)
		fputs(", <span class=\"mark\">?</span> not verified", f);
	fputs("</small>", f);
	if (!p->valid) {
		fputs("<br><b>", f);
		text(f, run->state);
		fprintf(f, "</b> (status %lld): ", (long long)run->status);
		text(f, run->message ? run->message : "no message");
	}
	fputs("</td>", f);
}

static void ratio(FILE *f, double v)
{
	if (!isfinite(v))
		return;
	fprintf(f, "<span class=\"ratio%s\">%.2f&times;</span>",
		v >= 1.05 ? " up" :
		v <= 0.95 ? " down" :
			    "",
		v);
}

static void figure(FILE *f, const struct kb_report *r,
		   const struct kb_report_series *s, size_t size, size_t file)
{
	const struct kb_report_cell *c = kb_report_cell(r, s, size, file);
	const struct kb_report_pick *p = &s->pick[file];
	char buf[KB_FMT3_MAX];

	if (p->run && !p->valid) {
		fputs("<td class=\"num failed\">", f);
		text(f, p->run->state);
		fputs("</td>", f);
		return;
	}
	if (!c->samples) {
		fputs("<td class=\"num muted\">-</td>", f);
		return;
	}
	fprintf(f, "<td class=\"num%s\">%s", file == r->baseline ? " base" : "",
		kb_fmt3(c->mbps, buf, sizeof(buf)));
	if (kb_report_unsteady(c))
		fprintf(f,
			"<span class=\"mark\" title=\"unsteady: spread %s %%\">~</span>",
			isfinite(c->spread) ?
				kb_fmt3(c->spread * 100, buf, sizeof(buf)) :
				"unbounded");
	if (p->run->no_verify)
		fputs("<span class=\"mark\" title=\"not verified\">?</span>",
		      f);
	if (file != r->baseline)
		ratio(f, kb_report_ratio(r, s, size, file));
	fputs("</td>", f);
}

static void series_rows(FILE *f, const struct kb_report *r,
			const struct kb_report_series *s)
{
	const char *name = path_name(s->path);
	size_t i, file;

	fprintf(f, "<tbody><tr><th class=\"path\" rowspan=\"%zu\">",
		s->sizes + 1);
	text(f, name ? name : s->path);
	fputs("</th><th class=\"row\">implementation</th>", f);
	for (file = 0; file < r->docs; file++)
		impl_cell(f, r, &s->pick[file], file);
	fputs("</tr>\n", f);
	for (i = 0; i < s->sizes; i++) {
		fprintf(f, "<tr><th class=\"row\">%u B</th>", s->size[i]);
		for (file = 0; file < r->docs; file++)
			figure(f, r, s, i, file);
		fputs("</tr>\n", f);
	}
	fputs("</tbody>\n", f);
}

static void section(FILE *f, const struct kb_report *r,
		    const struct kb_report_table *t)
{
	size_t i;

	fputs("<section><h2>", f);
	text(f, t->algorithm);
	fprintf(f, " %s, %u-bit key</h2>\n", kb_report_dir(t), t->key_bits);
	kb_report_svg(f, r, t);
	fputs("<div class=\"wrap\"><table class=\"figures\">\n", f);
	head_row(f, r, "path", "MB/s at");
	for (i = 0; i < t->nseries; i++)
		series_rows(f, r, &t->series[i]);
	fputs("</table></div></section>\n", f);
}

/**
 * kb_report_html() - print the report as a self-contained HTML page
 * @f: where to
 * @r: the report
 *
 * Return: 0, or -EIO when @f reports a write error.
 */
int kb_report_html(FILE *f, const struct kb_report *r)
{
	size_t i;

	fprintf(f,
		"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		"<meta name=\"viewport\" content=\"width=device-width\">\n"
		"<title>kaesbench report: %zu saved runs</title>\n<style>%s</style></head>\n<body>\n",
		r->docs + r->others, style);
	intro(f, r);
	if (r->docs && !r->tables)
		fputs("<p>No run in these files names an algorithm: nothing to tabulate.</p>\n",
		      f);
	for (i = 0; i < r->tables; i++)
		section(f, r, &r->table[i]);
	for (i = 0; i < r->others; i++)
		r->other[i].kind->report_html(f, &r->other[i],
					      r->other_file_no[i]);
	fputs("<p class=\"muted\">Made by kaesbench report from the files' own environment blocks; "
	      "- where a file does not record a value.</p>\n</body></html>\n",
	      f);
	return ferror(f) ? -EIO : 0;
}
