// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A table of `kaesbench report` drawn as inline SVG: MB/s against buffer
 * size, a colour per run. Drawn here rather than by gnuplot so that the
 * page needs nothing installed to be made or viewed. The kernel path
 * (what the crypto API hands out) is drawn solid, OpenSSL dashed: the two
 * a reader compares; AF_ALG is in the table only, or its lines would
 * hide the others. An ipsec implementation's chart shares the axes:
 * packets/s through ESP, without it, and the crypto alone's ceiling.
 */

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/result.h"
#include "bench/stats.h"
#include "output/html_escape.h"
#include "output/plot_script.h"
#include "output/report_svg.h"

#define WIDTH 960.0
#define LEFT 72.0
#define RIGHT 270.0 /* the legend */
#define TOP 16.0
#define BOTTOM 52.0
#define PLOT_H 300.0
#define LEGEND_LINE 19.0

/* Tableau's ten: told apart by most readers, colour-blind ones included. */
static const char *const colour[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};

#define COLOURS (sizeof(colour) / sizeof(colour[0]))

static const struct {
	const char *path;
	const char *dash; /* NULL: solid */
	const char *name;
} drawn[] = {
	{ "kernel", NULL, "kernel (selected)" },
	{ "openssl", "7 4", "OpenSSL" },
};

#define DRAWN (sizeof(drawn) / sizeof(drawn[0]))

/* Where a value goes on an axis, linear or logarithmic. */
struct axis {
	double lo, hi; /* in the axis' unit: log10 or log2 when log */
	bool log;
	double from, to; /* pixels */
};

static double place(const struct axis *a, double v)
{
	double u = a->log ? log10(v) : v;

	return a->from + (u - a->lo) / (a->hi - a->lo) * (a->to - a->from);
}

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

/* 1, 2 or 5 times a power of ten, about a fifth of @span. */
static double nice_step(double span)
{
	double p = pow(10, floor(log10(span / 5))), m = span / 5 / p;

	return p * (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10);
}

/*
 * MB/s: logarithmic when the figures are more than KB_PLOT_LOG_Y_RATIO
 * times apart (an emulated VM beside a host), as kaesbench plot decides,
 * else from 0.
 */
static void y_axis(struct axis *a, const double y[2], double top, double bottom)
{
	double step;

	a->from = bottom;
	a->to = top;
	a->log = y[1] / y[0] > KB_PLOT_LOG_Y_RATIO;
	if (a->log) {
		a->lo = floor(log10(y[0]));
		a->hi = ceil(log10(y[1]));
		if (a->hi == a->lo)
			a->hi++;
		return;
	}
	step = nice_step(y[1]);
	a->lo = 0;
	a->hi = ceil(y[1] / step) * step;
	if (a->hi <= y[1])
		a->hi += step;
}

static void x_axis(struct axis *a, const double x[2], double left, double right)
{
	a->log = true;
	a->lo = log10(x[0]) - 0.15;
	a->hi = log10(x[1]) + 0.15;
	a->from = left;
	a->to = right;
}

static void size_label(uint32_t size, char *buf, size_t len)
{
	if (size >= 1024 && !(size % 1024))
		snprintf(buf, len, "%uK", size / 1024);
	else
		snprintf(buf, len, "%u", size);
}

/* A tick at @size, unless too close to the last one (*@last, updated). */
static void x_tick(FILE *f, const struct axis *a, uint32_t size, double y0,
		   double *last)
{
	double px = place(a, size);
	char buf[32];

	if (px < a->from || px > a->to || px - *last < 34)
		return;
	*last = px;
	size_label(size, buf, sizeof(buf));
	fprintf(f,
		"<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
		px, y0, px, TOP, px, y0 + 18, buf);
}

/* A tick per size measured. */
static void x_ticks(FILE *f, const struct kb_report_table *t,
		    const struct axis *a, double y0)
{
	double last = -1e9;
	size_t s, i;

	for (s = 0; s < t->nseries; s++)
		for (i = 0; i < t->series[s].sizes; i++)
			x_tick(f, a, t->series[s].size[i], y0, &last);
}

static void y_tick(FILE *f, const struct axis *a, double v, double x0,
		   double x1)
{
	char buf[KB_FMT3_MAX];
	double py = place(a, v);

	fprintf(f,
		"<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
		x0, py, x1, py, x0 - 6, py + 4, kb_fmt3(v, buf, sizeof(buf)));
}

static void y_ticks(FILE *f, const struct axis *a, double x0, double x1)
{
	double v, step, m;
	int e;

	if (!a->log) {
		step = nice_step(a->hi);
		for (v = 0; v <= a->hi + step / 2; v += step)
			y_tick(f, a, v, x0, x1);
		return;
	}
	/* 1, 2, 5 per decade when there are few decades, else 1. */
	for (e = (int)a->lo; e <= (int)a->hi; e++)
		for (m = 1; m < 10; m = m == 1 ? 2 : m == 2 ? 5 : 10)
			if (e + log10(m) <= a->hi &&
			    (m == 1 || a->hi - a->lo <= 3))
				y_tick(f, a, m * pow(10, e), x0, x1);
}

/* The y ticks, the frame and the axes' names; the x ticks are drawn. */
static void axes(FILE *f, const struct axis *x, const struct axis *y,
		 const char *x_name, const char *y_unit)
{
	y_ticks(f, y, x->from, x->to);
	fprintf(f,
		"<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n"
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s (bytes, log scale)</text>\n"
		"<text transform=\"translate(16 %.1f) rotate(-90)\" text-anchor=\"middle\">%s%s</text>\n",
		x->from, y->to, x->to - x->from, y->from - y->to,
		(x->from + x->to) / 2, y->from + 42, x_name,
		(y->from + y->to) / 2, y_unit, y->log ? " (log scale)" : "");
}

static void frame(FILE *f, const struct kb_report_table *t,
		  const struct axis *x, const struct axis *y)
{
	x_ticks(f, t, x, y->from);
	axes(f, x, y, "buffer size", "MB/s");
}

static void dash(FILE *f, const char *pattern)
{
	if (pattern)
		fprintf(f, " stroke-dasharray=\"%s\"", pattern);
}

/* One run's line on one path, and a point per figure: hollow if unsteady. */
static void line(FILE *f, const struct kb_report *r,
		 const struct kb_report_series *s, size_t file, size_t d,
		 const struct axis *x, const struct axis *y)
{
	const char *c = colour[file % COLOURS];
	const struct kb_report_cell *cell;
	size_t i, n = 0;

	fprintf(f, "<g class=\"run%zu\"><polyline fill=\"none\" stroke=\"%s\"",
		file + 1, c);
	dash(f, drawn[d].dash);
	fputs(" points=\"", f);
	for (i = 0; i < s->sizes; i++) {
		cell = kb_report_cell(r, s, i, file);
		if (cell->samples && cell->mbps > 0 && isfinite(cell->mbps))
			fprintf(f, "%s%.1f,%.1f", n++ ? " " : "",
				place(x, s->size[i]), place(y, cell->mbps));
	}
	fputs("\"/>\n", f);
	for (i = 0; i < s->sizes; i++) {
		cell = kb_report_cell(r, s, i, file);
		if (cell->samples && cell->mbps > 0 && isfinite(cell->mbps))
			fprintf(f,
				"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" stroke=\"%s\" fill=\"%s\"/>\n",
				place(x, s->size[i]), place(y, cell->mbps), c,
				kb_report_unsteady(cell) ? "#fff" : c);
	}
	fputs("</g>\n", f);
}

static void legend(FILE *f, const struct kb_report *r, double x0)
{
	const struct kb_saved *doc;
	double y = TOP + 12;
	size_t i;

	for (i = 0; i < r->docs; i++, y += LEGEND_LINE) {
		doc = &r->doc[i];
		fprintf(f,
			"<rect x=\"%.1f\" y=\"%.1f\" width=\"14\" height=\"10\" fill=\"%s\"/>"
			"<text x=\"%.1f\" y=\"%.1f\">#%zu%s ",
			x0, y - 9, colour[i % COLOURS], x0 + 20, y,
			r->file_no[i], i == r->baseline ? " (baseline)" : "");
		kb_html_escape(f, doc->kernel_release);
		fputs("</text>\n", f);
	}
	for (i = 0; i < DRAWN; i++, y += LEGEND_LINE) {
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"",
			x0, y - 4, x0 + 22, y - 4);
		dash(f, drawn[i].dash);
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
	double x[2] = { 0 }, y[2] = { 0 }, bottom = TOP + PLOT_H, height;
	struct axis xa, ya;
	size_t d, i;
	bool any = extent(r, t, x, y);

	height = fmax(bottom + BOTTOM,
		      TOP + 12 + LEGEND_LINE * (double)(r->docs + DRAWN + 1));
	fprintf(f,
		"<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n<title>",
		WIDTH, height);
	kb_html_escape(f, t->algorithm);
	fprintf(f, " %s, %u-bit key: MB/s by buffer size</title>\n",
		kb_report_dir(t), t->key_bits);
	if (!any) {
		fprintf(f,
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">no figures to draw: no run on the kernel or OpenSSL path ended well</text>\n</svg>\n",
			WIDTH / 2, TOP + PLOT_H / 2);
		return;
	}
	x_axis(&xa, x, LEFT, WIDTH - RIGHT);
	y_axis(&ya, y, TOP, bottom);
	frame(f, t, &xa, &ya);
	for (d = 0; d < DRAWN; d++)
		for (i = 0; find(t, drawn[d].path) && i < r->docs; i++)
			line(f, r, find(t, drawn[d].path), i, d, &xa, &ya);
	legend(f, r, WIDTH - RIGHT + 24);
	fputs("</svg>\n", f);
}

/* The lines of an ipsec chart: packets/s through ESP, without, and the
 * crypto alone, from kaesbench.ko. */
enum ipsec_line { TUNNEL, PLAIN, CEILING, IPSEC_LINES };

static const struct {
	const char *dash;
	const char *name;
} ipsec_drawn[IPSEC_LINES] = {
	[TUNNEL] = { NULL, "tunnel (ESP)" },
	[PLAIN] = { "7 4", "plain (no ESP)" },
	[CEILING] = { "2 3", "ceiling (the crypto alone)" },
};

/* A point's figure on a line; false when there is none to draw. */
static bool ipsec_figure(const struct kb_saved_ipsec_point *p,
			 enum ipsec_line l, double *v, bool *unsteady)
{
	const struct kb_saved_ipsec_rate *rate = l == TUNNEL ? &p->tunnel :
						 l == PLAIN  ? &p->plain :
							       NULL;

	*v = rate ? rate->pps : p->ceiling_pps;
	*unsteady = rate && rate->spread > KB_SPREAD_MARK;
	/* The mix has no place on a size axis: it is in the table. */
	return p->size && isfinite(*v) && *v > 0;
}

static bool ipsec_extent(const struct kb_saved_ipsec *impl, double x[2],
			 double y[2])
{
	const struct kb_saved_ipsec_point *p;
	bool any = false, unsteady;
	size_t i;
	double v;
	int l;

	for (i = 0; i < impl->points; i++)
		for (l = 0; l < IPSEC_LINES; l++) {
			p = &impl->point[i];
			if (!ipsec_figure(p, l, &v, &unsteady))
				continue;
			x[0] = any ? fmin(x[0], p->size) : p->size;
			x[1] = any ? fmax(x[1], p->size) : p->size;
			y[0] = any ? fmin(y[0], v) : v;
			y[1] = any ? fmax(y[1], v) : v;
			any = true;
		}
	return any;
}

static void ipsec_line(FILE *f, const struct kb_saved_ipsec *impl,
		       enum ipsec_line l, const struct axis *x,
		       const struct axis *y)
{
	const struct kb_saved_ipsec_point *p;
	size_t i, n = 0;
	bool unsteady;
	double v;

	fprintf(f, "<g><polyline fill=\"none\" stroke=\"%s\"", colour[l]);
	dash(f, ipsec_drawn[l].dash);
	fputs(" points=\"", f);
	for (i = 0; i < impl->points; i++) {
		p = &impl->point[i];
		if (ipsec_figure(p, l, &v, &unsteady))
			fprintf(f, "%s%.1f,%.1f", n++ ? " " : "",
				place(x, p->size), place(y, v));
	}
	fputs("\"/>\n", f);
	for (i = 0; i < impl->points; i++) {
		p = &impl->point[i];
		if (ipsec_figure(p, l, &v, &unsteady))
			fprintf(f,
				"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" stroke=\"%s\" fill=\"%s\"/>\n",
				place(x, p->size), place(y, v), colour[l],
				unsteady ? "#fff" : colour[l]);
	}
	fputs("</g>\n", f);
}

static void ipsec_legend(FILE *f, double x0)
{
	double y = TOP + 12;
	int l;

	for (l = 0; l < IPSEC_LINES; l++, y += LEGEND_LINE) {
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"",
			x0, y - 4, x0 + 22, y - 4, colour[l]);
		dash(f, ipsec_drawn[l].dash);
		fprintf(f, "/><text x=\"%.1f\" y=\"%.1f\">%s</text>\n", x0 + 28,
			y, ipsec_drawn[l].name);
	}
	fprintf(f,
		"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" stroke=\"#333\" fill=\"#fff\"/>"
		"<text x=\"%.1f\" y=\"%.1f\">unsteady (~)</text>\n",
		x0 + 7, y - 4, x0 + 20, y);
}

/**
 * kb_report_ipsec_svg() - draw an ipsec implementation's packets/s
 * @f: where to
 * @impl: an implementation of a saved ipsec document; its figures stand
 *	  (the caller draws no implementation that is not valid)
 *
 * Packets per second against the packet size: through ESP, without it,
 * and the crypto alone. The mix is left to the table. Nothing is drawn
 * when no point has a size and a figure.
 *
 * Return: true if a chart was drawn.
 */
bool kb_report_ipsec_svg(FILE *f, const struct kb_saved_ipsec *impl)
{
	double x[2] = { 0 }, y[2] = { 0 }, bottom = TOP + PLOT_H;
	struct axis xa, ya;
	double last = -1e9;
	size_t i;
	int l;

	if (!ipsec_extent(impl, x, y))
		return false;
	fprintf(f,
		"<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n<title>",
		WIDTH, bottom + BOTTOM);
	kb_html_escape(f, impl->key.driver);
	fputs(": packets/s by packet size</title>\n", f);
	x_axis(&xa, x, LEFT, WIDTH - RIGHT);
	y_axis(&ya, y, TOP, bottom);
	for (i = 0; i < impl->points; i++)
		if (impl->point[i].size)
			x_tick(f, &xa, impl->point[i].size, ya.from, &last);
	axes(f, &xa, &ya, "packet size", "packets/s");
	for (l = 0; l < IPSEC_LINES; l++)
		ipsec_line(f, impl, l, &xa, &ya);
	ipsec_legend(f, WIDTH - RIGHT + 24);
	fputs("</svg>\n", f);
	return true;
}
