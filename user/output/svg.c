// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What the report's charts share, whatever they draw: axes, linear or
 * logarithmic, their ticks and frame, dashes and colours.
 */

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "bench/stats.h"
#include "output/svg.h"

/* Tableau's ten: told apart by most readers, colour-blind ones included. */
const char *const kb_svg_colour[KB_SVG_COLOURS] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};

double kb_svg_place(const struct kb_svg_axis *a, double v)
{
	double u = a->log ? log10(v) : v;

	return a->from + (u - a->lo) / (a->hi - a->lo) * (a->to - a->from);
}

/* 1, 2 or 5 times a power of ten, about a fifth of @span. */
static double nice_step(double span)
{
	double p = pow(10, floor(log10(span / 5))), m = span / 5 / p;

	return p * (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10);
}

/*
 * MB/s: logarithmic when the figures are more than KB_SVG_LOG_Y_RATIO
 * times apart (an emulated VM beside a host), as kaesbench plot decides,
 * else from 0.
 */
void kb_svg_y_axis(struct kb_svg_axis *a, const double y[2], double top,
		   double bottom)
{
	double step;

	a->from = bottom;
	a->to = top;
	a->log = y[1] / y[0] > KB_SVG_LOG_Y_RATIO;
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

void kb_svg_x_axis(struct kb_svg_axis *a, const double x[2], double left,
		   double right)
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
void kb_svg_x_tick(FILE *f, const struct kb_svg_axis *a, uint32_t size,
		   double y0, double *last)
{
	double px = kb_svg_place(a, size);
	char buf[32];

	if (px < a->from || px > a->to || px - *last < 34)
		return;
	*last = px;
	size_label(size, buf, sizeof(buf));
	fprintf(f,
		"<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
		px, y0, px, KB_SVG_TOP, px, y0 + 18, buf);
}

static void y_tick(FILE *f, const struct kb_svg_axis *a, double v, double x0,
		   double x1)
{
	char buf[KB_FMT3_MAX];
	double py = kb_svg_place(a, v);

	fprintf(f,
		"<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>"
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
		x0, py, x1, py, x0 - 6, py + 4, kb_fmt3(v, buf, sizeof(buf)));
}

static void y_ticks(FILE *f, const struct kb_svg_axis *a, double x0, double x1)
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
void kb_svg_axes(FILE *f, const struct kb_svg_axis *x,
		 const struct kb_svg_axis *y, const char *x_name,
		 const char *y_unit)
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

void kb_svg_dash(FILE *f, const char *pattern)
{
	if (pattern)
		fprintf(f, " stroke-dasharray=\"%s\"", pattern);
}
