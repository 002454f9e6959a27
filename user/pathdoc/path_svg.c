// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A path implementation's chart in the report: packets/s by packet size
 * (kTLS: records/s by record size), through the path, without it, for
 * the crypto alone and through the path's alongside lane (kTLS's
 * userspace OpenSSL), on the axes every chart shares (output/svg.h).
 */

#include <math.h>
#include <stdio.h>

#include "bench/result.h"
#include "output/html_escape.h"
#include "output/svg.h"
#include "pathdoc/path_svg.h"

/*
 * The lines of a path's chart: packets/s through the path's protocol,
 * without it, the crypto alone, from kaesbench.ko, and the path's
 * alongside lane where it has one (kb_path_words.alongside).
 */
enum line { TUNNEL, PLAIN, CEILING, ALONGSIDE, LINES };

static const char *const line_dash[LINES] = {
	[TUNNEL] = NULL,
	[PLAIN] = "7 4",
	[CEILING] = "2 3",
	[ALONGSIDE] = "10 3 2 3",
};

static void line_name(FILE *f, enum line l, const char *protocol,
		      const struct kb_path_words *w)
{
	if (l == TUNNEL)
		fprintf(f, "tunnel (%s)", protocol);
	else if (l == PLAIN)
		fprintf(f, "plain (no %s)", protocol);
	else if (l == CEILING)
		fputs("ceiling (the crypto alone)", f);
	else {
		fputs("alongside (", f);
		kb_html_escape(f, w->alongside);
		fputc(')', f);
	}
}

/* The lines drawn: the alongside lane's only where the path has one. */
static int lines(const struct kb_path_words *w)
{
	return w->alongside ? LINES : ALONGSIDE;
}

/* A point's figure on a line; false when there is none to draw. */
static bool figure(const struct kb_saved_path_point *p, enum line l, double *v,
		   bool *unsteady)
{
	const struct kb_saved_path_rate *rate = l == TUNNEL    ? &p->tunnel :
						l == PLAIN     ? &p->plain :
						l == ALONGSIDE ? &p->alongside :
								 NULL;

	*v = rate ? rate->pps : p->ceiling_pps;
	*unsteady = rate && rate->spread > KB_SPREAD_MARK;
	/* The mix has no place on a size axis: it is in the table. */
	return p->size && isfinite(*v) && *v > 0;
}

static bool extent(const struct kb_saved_path *impl, int nlines, double x[2],
		   double y[2])
{
	const struct kb_saved_path_point *p;
	bool any = false, unsteady;
	size_t i;
	double v;
	int l;

	for (i = 0; i < impl->points; i++)
		for (l = 0; l < nlines; l++) {
			p = &impl->point[i];
			if (!figure(p, l, &v, &unsteady))
				continue;
			x[0] = any ? fmin(x[0], p->size) : p->size;
			x[1] = any ? fmax(x[1], p->size) : p->size;
			y[0] = any ? fmin(y[0], v) : v;
			y[1] = any ? fmax(y[1], v) : v;
			any = true;
		}
	return any;
}

static void draw_line(FILE *f, const struct kb_saved_path *impl, enum line l,
		      const struct kb_svg_axis *x, const struct kb_svg_axis *y)
{
	const struct kb_saved_path_point *p;
	size_t i, n = 0;
	bool unsteady;
	double v;

	fprintf(f, "<g><polyline fill=\"none\" stroke=\"%s\"",
		kb_svg_colour[l]);
	kb_svg_dash(f, line_dash[l]);
	fputs(" points=\"", f);
	for (i = 0; i < impl->points; i++) {
		p = &impl->point[i];
		if (figure(p, l, &v, &unsteady))
			fprintf(f, "%s%.1f,%.1f", n++ ? " " : "",
				kb_svg_place(x, p->size), kb_svg_place(y, v));
	}
	fputs("\"/>\n", f);
	for (i = 0; i < impl->points; i++) {
		p = &impl->point[i];
		if (figure(p, l, &v, &unsteady))
			fprintf(f,
				"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" stroke=\"%s\" fill=\"%s\"/>\n",
				kb_svg_place(x, p->size), kb_svg_place(y, v),
				kb_svg_colour[l],
				unsteady ? "#fff" : kb_svg_colour[l]);
	}
	fputs("</g>\n", f);
}

static void legend(FILE *f, const char *protocol, const struct kb_path_words *w,
		   double x0)
{
	double y = KB_SVG_TOP + 12;
	int l;

	for (l = 0; l < lines(w); l++, y += KB_SVG_LEGEND_LINE) {
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"",
			x0, y - 4, x0 + 22, y - 4, kb_svg_colour[l]);
		kb_svg_dash(f, line_dash[l]);
		fprintf(f, "/><text x=\"%.1f\" y=\"%.1f\">", x0 + 28, y);
		line_name(f, l, protocol, w);
		fputs("</text>\n", f);
	}
	fprintf(f,
		"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" stroke=\"#333\" fill=\"#fff\"/>"
		"<text x=\"%.1f\" y=\"%.1f\">unsteady (~)</text>\n",
		x0 + 7, y - 4, x0 + 20, y);
}

/**
 * kb_report_path_svg() - draw a path implementation's packets/s
 * @f: where to
 * @impl: an implementation of a saved path document; its figures stand
 *	  (the caller draws no implementation that is not valid)
 * @protocol: the path's, in the legend: "ESP"
 * @w: the path's words: its unit, its size, its alongside lane
 *
 * Packets per second against the packet size: through the protocol, without it,
 * and the crypto alone; through the alongside lane too where the path has
 * one. The mix is left to the table. Nothing is drawn when no point has a
 * size and a figure.
 *
 * Return: true if a chart was drawn.
 */
bool kb_report_path_svg(FILE *f, const struct kb_saved_path *impl,
			const char *protocol, const struct kb_path_words *w)
{
	char x_name[32];
	double x[2] = { 0 }, y[2] = { 0 }, bottom = KB_SVG_TOP + KB_SVG_PLOT_H;
	struct kb_svg_axis xa, ya;
	double last = -1e9;
	size_t i;
	int l;

	if (!extent(impl, lines(w), x, y))
		return false;
	fprintf(f,
		"<svg class=\"plot\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n<title>",
		KB_SVG_WIDTH, bottom + KB_SVG_BOTTOM);
	kb_html_escape(f, impl->key.driver);
	fprintf(f, ": %s by %s size</title>\n", w->rate, w->size);
	kb_svg_x_axis(&xa, x, KB_SVG_LEFT, KB_SVG_WIDTH - KB_SVG_RIGHT);
	kb_svg_y_axis(&ya, y, KB_SVG_TOP, bottom);
	for (i = 0; i < impl->points; i++)
		if (impl->point[i].size)
			kb_svg_x_tick(f, &xa, impl->point[i].size, ya.from,
				      &last);
	snprintf(x_name, sizeof(x_name), "%s size", w->size);
	kb_svg_axes(f, &xa, &ya, x_name, w->rate);
	for (l = 0; l < lines(w); l++)
		draw_line(f, impl, l, &xa, &ya);
	legend(f, protocol, w, KB_SVG_WIDTH - KB_SVG_RIGHT + 24);
	fputs("</svg>\n", f);
	return true;
}
