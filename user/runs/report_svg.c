// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A table of `kaesbench report` drawn as inline SVG: MB/s against buffer
 * size, a colour per run. Drawn here rather than by gnuplot so that the
 * page needs nothing installed to be made or viewed. The kernel path
 * (what the crypto API hands out) is drawn solid, OpenSSL dashed: the two
 * a reader compares; AF_ALG is in the table only, or its lines would
 * hide the others. A path implementation's chart (pathdoc/path_svg.c)
 * shares the axes (output/svg.c).
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/result.h"
#include "bench/stats.h"
#include "output/html_escape.h"
#include "output/svg.h"
#include "runs/plot_script.h"
#include "runs/report_svg.h"

static const struct {
	const char *path;
	const char *dash; /* NULL: solid */
	const char *name;
} drawn[] = {
	{ "kernel", NULL, "kernel (selected)" },
	{ "openssl", "7 4", "OpenSSL" },
};

#define DRAWN (sizeof(drawn) / sizeof(drawn[0]))

static const struct kb_report_series *find(const struct kb_report_table *t,
					   const char *path)
{
	size_t i;

	for (i = 0; i < t->nseries; i++)
		if (!strcmp(t->series[i].path, path))
			return &t->series[i];
	return NULL;
}

/* The range of what is drawn: sizes in @x, MB/s in @y; false if nothing. */
static bool extent(const struct kb_report *r, const struct kb_report_table *t,
		   double x[2], double y[2])
{
	const struct kb_report_series *s;
	const struct kb_report_cell *c;
	size_t d, i, f;
	bool any = false;

	for (d = 0; d < DRAWN; d++) {
		s = find(t, drawn[d].path);
		for (i = 0; s && i < s->sizes; i++)
			for (f = 0; f < r->docs; f++) {
				c = kb_report_cell(r, s, i, f);
				if (!c->samples || !(c->mbps > 0) ||
				    !isfinite(c->mbps))
					continue;
				x[0] = any ? fmin(x[0], s->size[i]) :
					     s->size[i];
				x[1] = any ? fmax(x[1], s->size[i]) :
					     s->size[i];
				y[0] = any ? fmin(y[0], c->mbps) : c->mbps;
				y[1] = any ? fmax(y[1], c->mbps) : c->mbps;
				any = true;
			}
	}
	return any;
}

/* A tick per size measured. */
static void x_ticks(FILE *f, const struct kb_report_table *t,
		    const struct kb_svg_axis *a, double y0)
{
	double last = -1e9;
	size_t s, i;

	for (s = 0; s < t->nseries; s++)
		for (i = 0; i < t->series[s].sizes; i++)
			kb_svg_x_tick(f, a, t->series[s].size[i], y0, &last);
}

static void frame(FILE *f, const struct kb_report_table *t,
		  const struct kb_svg_axis *x, const struct kb_svg_axis *y)
{
	x_ticks(f, t, x, y->from);
	kb_svg_axes(f, x, y, "buffer size", "MB/s");
}

/* One run's line on one path, and a point per figure: hollow if unsteady. */
static void line(FILE *f, const struct kb_report *r,
		 const struct kb_report_series *s, size_t file, size_t d,
		 const struct kb_svg_axis *x, const struct kb_svg_axis *y)
{
	const char *c = kb_svg_colour[file % KB_SVG_COLOURS];
	const struct kb_report_cell *cell;
	size_t i, n = 0;

	fprintf(f, "<g class=\"run%zu\"><polyline fill=\"none\" stroke=\"%s\"",
		file + 1, c);
	kb_svg_dash(f, drawn[d].dash);
	fputs(" points=\"", f);
	for (i = 0; i < s->sizes; i++) {
		cell = kb_report_cell(r, s, i, file);
		if (cell->samples && cell->mbps > 0 && isfinite(cell->mbps))
			fprintf(f, "%s%.1f,%.1f", n++ ? " " : "",
				kb_svg_place(x, s->size[i]),
				kb_svg_place(y, cell->mbps));
	}
	fputs("\"/>\n", f);
	for (i = 0; i < s->sizes; i++) {
		cell = kb_report_cell(r, s, i, file);
		if (cell->samples && cell->mbps > 0 && isfinite(cell->mbps))
			fprintf(f,
				"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" stroke=\"%s\" fill=\"%s\"/>\n",
				kb_svg_place(x, s->size[i]),
				kb_svg_place(y, cell->mbps), c,
				kb_report_unsteady(cell) ? "#fff" : c);
	}
	fputs("</g>\n", f);
}

static void legend(FILE *f, const struct kb_report *r, double x0)
{
	const struct kb_saved *doc;
	double y = KB_SVG_TOP + 12;
	size_t i;

	for (i = 0; i < r->docs; i++, y += KB_SVG_LEGEND_LINE) {
		doc = &r->doc[i];
		fprintf(f,
			"<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"%s\"/>"
			"<text x=\"%.1f\" y=\"%.1f\">#%zu%s ",
			x0, y - 9, kb_svg_colour[i % KB_SVG_COLOURS], x0 + 20,
			y, r->file_no[i],
			i == r->baseline ? " (baseline)" : "");
		kb_html_escape(f, doc->kernel_release);
		fputs("</text>\n", f);
	}
	for (i = 0; i < DRAWN; i++, y += KB_SVG_LEGEND_LINE) {
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"",
			x0, y - 4, x0 + 22, y - 4);
		kb_svg_dash(f, drawn[i].dash);
		fprintf(f, "/><text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x0 + 28,
			y, drawn[i].name);
	}
	fprintf(f,
		"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" stroke=\"#333\" fill=\"#fff\"/>"
		"<text x=\"%.1f\" y=\"%.1f\">unsteady (~)</text>\n",
		x0 + 7, y - 4, x0 + 20, y);
}

/**
 * kb_report_svg() - draw a table of the report as an inline <svg>
 * @f: where to
 * @r: the report
 * @t: one of its tables
 *
 * Every text from the documents is escaped; every coordinate printed is
 * finite: a figure that is not is left out, never drawn at NaN.
 */
void kb_report_svg(FILE *f, const struct kb_report *r,
		   const struct kb_report_table *t)
{
	double x[2] = { 0 }, y[2] = { 0 }, bottom = KB_SVG_TOP + KB_SVG_PLOT_H,
	       height;
	struct kb_svg_axis xa, ya;
	size_t d, i;
	bool any = extent(r, t, x, y);

	height = fmax(bottom + KB_SVG_BOTTOM,
		      KB_SVG_TOP + 12 +
			      KB_SVG_LEGEND_LINE *
				      (double)(r->docs + DRAWN + 1));
	fprintf(f,
		"<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n<title>",
		KB_SVG_WIDTH, height);
	kb_html_escape(f, t->algorithm);
	fprintf(f, " %s, %u-bit key: MB/s by buffer size</title>\n",
		kb_report_dir(t), t->key_bits);
	if (!any) {
		fprintf(f,
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">no figures to draw: no run on the kernel or OpenSSL path ended well</text>\n</svg>\n",
			KB_SVG_WIDTH / 2, KB_SVG_TOP + KB_SVG_PLOT_H / 2);
		return;
	}
	kb_svg_x_axis(&xa, x, KB_SVG_LEFT, KB_SVG_WIDTH - KB_SVG_RIGHT);
	kb_svg_y_axis(&ya, y, KB_SVG_TOP, bottom);
	frame(f, t, &xa, &ya);
	for (d = 0; d < DRAWN; d++)
		for (i = 0; find(t, drawn[d].path) && i < r->docs; i++)
			line(f, r, find(t, drawn[d].path), i, d, &xa, &ya);
	legend(f, r, KB_SVG_WIDTH - KB_SVG_RIGHT + 24);
	fputs("</svg>\n", f);
}
