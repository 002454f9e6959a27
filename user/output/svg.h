/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What the report's charts share (output/svg.c): the chart's frame in
 * pixels, axes, ticks, dashes and colours.
 */
#ifndef KAESBENCH_OUTPUT_SVG_H
#define KAESBENCH_OUTPUT_SVG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define KB_SVG_WIDTH 960.0
#define KB_SVG_LEFT 72.0
#define KB_SVG_RIGHT 270.0 /* the legend */
#define KB_SVG_TOP 16.0
#define KB_SVG_BOTTOM 52.0
#define KB_SVG_PLOT_H 300.0
#define KB_SVG_LEGEND_LINE 19.0

/*
 * A y axis is logarithmic when its figures are more than this many times
 * apart (an emulated VM beside a host): kaesbench plot decides so too.
 */
#define KB_SVG_LOG_Y_RATIO 20.0

#define KB_SVG_COLOURS 10
extern const char *const kb_svg_colour[KB_SVG_COLOURS];

/* Where a value goes on an axis, linear or logarithmic. */
struct kb_svg_axis {
	double lo, hi; /* in the axis' unit: log10 or log2 when log */
	bool log;
	double from, to; /* pixels */
};

double kb_svg_place(const struct kb_svg_axis *a, double v);
void kb_svg_y_axis(struct kb_svg_axis *a, const double y[2], double top,
		   double bottom);
void kb_svg_x_axis(struct kb_svg_axis *a, const double x[2], double left,
		   double right);
void kb_svg_x_tick(FILE *f, const struct kb_svg_axis *a, uint32_t size,
		   double y0, double *last);
void kb_svg_axes(FILE *f, const struct kb_svg_axis *x,
		 const struct kb_svg_axis *y, const char *x_name,
		 const char *y_unit);
void kb_svg_dash(FILE *f, const char *pattern);

#endif /* KAESBENCH_OUTPUT_SVG_H */
