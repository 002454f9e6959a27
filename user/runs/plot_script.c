// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The gnuplot script of a plot. One panel per algorithm, key length and
 * direction (a sweep has five); in each, one line per run: the median MB/s
 * at each buffer size, with a bar from the slowest to the fastest sample,
 * so that a noisy figure looks noisy. Sizes are on a log axis, as they
 * grow by powers of two; MB/s too when the lines are orders of magnitude
 * apart (an offload engine under emulation beside AES-NI), else from 0.
 * The data go inline, as datablocks: the script is the whole plot.
 */

#define _GNU_SOURCE /* open_memstream() */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "kaesbench_version.h"
#include "bench/paths.h"
#include "runs/plot_script.h"
#include "bench/stats.h"

#define PANEL_COLUMNS 2

/* Tableau 10: told apart by most readers, including most colour-blind. */
static const char *const colours[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};

struct line {
	const struct kb_saved_run *run;
	size_t n; /* sizes */
	uint32_t *size;
	double *median, *low, *high;
};

struct panel {
	const struct kb_saved_key *key; /* its algorithm, key length, direction */
	struct line *line;
	size_t lines;
	bool log_y;
};

struct plot {
	const struct kb_saved *doc;
	struct panel *panel;
	size_t panels;
};

/**
 * kb_plot_format() - the image format a file name asks for
 * @file: such as "cbc.svg" or "cbc.PNG"
 * @fmt: set to the format
 *
 * Return: 0, or -EINVAL for a name ending neither in .svg nor in .png.
 */
int kb_plot_format(const char *file, enum kb_plot_format *fmt)
{
	size_t len = strlen(file);

	if (len > 4 && !strcasecmp(file + len - 4, ".svg")) {
		*fmt = KB_PLOT_SVG;
		return 0;
	}
	if (len > 4 && !strcasecmp(file + len - 4, ".png")) {
		*fmt = KB_PLOT_PNG;
		return 0;
	}
	return -EINVAL;
}

static bool same_panel(const struct kb_saved_key *a,
		       const struct kb_saved_key *b)
{
	return !strcmp(a->algorithm, b->algorithm) &&
	       a->key_bits == b->key_bits && a->decrypt == b->decrypt;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The median, slowest and fastest sample of each size of @l->run. */
static int fill_line(struct line *l, bool *log_ok)
{
	const struct kb_saved_run *r = l->run;
	double *v = calloc(r->samples, sizeof(*v));
	size_t i, n;

	l->size = calloc(r->samples, sizeof(*l->size));
	l->median = calloc(r->samples, sizeof(*l->median));
	l->low = calloc(r->samples, sizeof(*l->low));
	l->high = calloc(r->samples, sizeof(*l->high));
	if (!v || !l->size || !l->median || !l->low || !l->high) {
		free(v);
		return -ENOMEM;
	}
	for (i = 0; i < r->samples; i++)
		l->size[i] = r->sample[i].size;
	qsort(l->size, r->samples, sizeof(*l->size), cmp_u32);
	for (i = 0; i < r->samples; i++) {
		if (l->n && l->size[l->n - 1] == l->size[i])
			continue;
		l->size[l->n] = l->size[i];
		n = kb_saved_mbps_at(r, l->size[i], v);
		l->median[l->n] = kb_median(v, n);
		l->low[l->n] = kb_min(v, n);
		l->high[l->n] = kb_max(v, n);
		*log_ok &= l->median[l->n] > 0;
		l->n++;
	}
	free(v);
	return 0;
}

/* Whether @p's medians span more than KB_PLOT_LOG_Y_RATIO. */
static bool wide(const struct panel *p)
{
	double lo = 0, hi = 0;
	size_t i, j;

	for (i = 0; i < p->lines; i++)
		for (j = 0; j < p->line[i].n; j++) {
			if (!lo || p->line[i].median[j] < lo)
				lo = p->line[i].median[j];
			if (p->line[i].median[j] > hi)
				hi = p->line[i].median[j];
		}
	return lo > 0 && hi / lo > KB_PLOT_LOG_Y_RATIO;
}

static struct panel *find_panel(struct plot *pl, const struct kb_saved_key *k)
{
	size_t i;

	for (i = 0; i < pl->panels; i++)
		if (same_panel(pl->panel[i].key, k))
			return &pl->panel[i];
	pl->panel[pl->panels].key = k;
	pl->panel[pl->panels].line =
		calloc(pl->doc->runs, sizeof(*pl->panel->line));
	pl->panel[pl->panels].log_y = true;
	return pl->panel[pl->panels].line ? &pl->panel[pl->panels++] : NULL;
}

/* Panels in the order their first run came, runs in the document's. */
static int build(struct plot *pl)
{
	const struct kb_saved *doc = pl->doc;
	struct panel *p;
	size_t i;
	int ret;

	pl->panel = calloc(doc->runs, sizeof(*pl->panel));
	if (!pl->panel)
		return -ENOMEM;
	for (i = 0; i < doc->runs; i++) {
		if (!doc->run[i].samples)
			continue;
		p = find_panel(pl, &doc->run[i].key);
		if (!p)
			return -ENOMEM;
		p->line[p->lines].run = &doc->run[i];
		ret = fill_line(&p->line[p->lines++], &p->log_y);
		if (ret)
			return ret;
	}
	for (i = 0; i < pl->panels; i++)
		pl->panel[i].log_y &= wide(&pl->panel[i]);
	return pl->panels ? 0 : -ENODATA;
}

static void free_plot(struct plot *pl)
{
	size_t i, j;

	for (i = 0; pl->panel && i < pl->panels; i++) {
		for (j = 0; j < pl->panel[i].lines; j++) {
			free(pl->panel[i].line[j].size);
			free(pl->panel[i].line[j].median);
			free(pl->panel[i].line[j].low);
			free(pl->panel[i].line[j].high);
		}
		free(pl->panel[i].line);
	}
	free(pl->panel);
}

/* @s inside a gnuplot double-quoted string, where backslashes escape. */
static void escaped(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc((unsigned char)*s < ' ' ? ' ' : *s, f);
	}
}

static void quoted(FILE *f, const char *s)
{
	fputc('"', f);
	escaped(f, s);
	fputc('"', f);
}

static const char *path_label(const char *name)
{
	int p;

	for (p = 0; p < KB_PATH_COUNT; p++)
		if (!strcmp(kb_path_name(p), name))
			return kb_path_label(p);
	return name;
}

/* Solid for the kernel, dashed for AF_ALG, dash-dotted for OpenSSL. */
static int dash_type(const char *path)
{
	static const int dt[KB_PATH_COUNT] = {
		[KB_PATH_KERNEL] = 1,
		[KB_PATH_AFALG_SENDMSG] = 2,
		[KB_PATH_AFALG_VMSPLICE] = 3,
		[KB_PATH_OPENSSL] = 4,
	};
	int p;

	for (p = 0; p < KB_PATH_COUNT; p++)
		if (!strcmp(kb_path_name(p), path))
			return dt[p];
	return 5;
}

static void group_title(FILE *f, const struct kb_saved_key *k)
{
	escaped(f, k->algorithm);
	fprintf(f, " %s", k->decrypt ? "decrypt" : "encrypt");
	if (k->key_bits)
		fprintf(f, ", %" PRIu32 "-bit key", k->key_bits);
}

static void line_title(char *buf, size_t len, const struct kb_saved_run *r)
{
	int n = snprintf(buf, len, "%s (%s", r->key.driver,
			 path_label(r->key.path));

	if (r->key.depth > 1 && n > 0 && (size_t)n < len)
		n += snprintf(buf + n, len - n, ", depth %" PRIu32,
			      r->key.depth);
	if (r->selected == 1 && n > 0 && (size_t)n < len)
		n += snprintf(buf + n, len - n, ", selected");
	if (n > 0 && (size_t)n < len)
		snprintf(buf + n, len - n, ")");
}

static void datablocks(FILE *f, const struct plot *pl)
{
	const struct line *l;
	size_t i, j, k;

	for (i = 0; i < pl->panels; i++)
		for (j = 0; j < pl->panel[i].lines; j++) {
			l = &pl->panel[i].line[j];
			fprintf(f, "$kb_%zu_%zu << EOD\n", i, j);
			for (k = 0; k < l->n; k++)
				/* A log axis cannot show a bar down to 0. */
				fprintf(f, "%" PRIu32 " %.6g %.6g %.6g\n",
					l->size[k], l->median[k],
					pl->panel[i].log_y && l->low[k] <= 0 ?
						l->median[k] :
						l->low[k],
					l->high[k]);
			fprintf(f, "EOD\n");
		}
}

static void size_tics(FILE *f, const struct panel *p)
{
	uint32_t lo = UINT32_MAX, hi = 0, *all, prev = 0;
	size_t i, j, n = 0;

	for (i = 0; i < p->lines; i++)
		n += p->line[i].n;
	all = calloc(n + 1, sizeof(*all));
	for (i = n = 0; all && i < p->lines; i++)
		for (j = 0; j < p->line[i].n; j++)
			all[n++] = p->line[i].size[j];
	if (!all)
		return; /* gnuplot's own tics, then */
	qsort(all, n, sizeof(*all), cmp_u32);
	fprintf(f, "set xtics (");
	for (i = 0; i < n; i++) {
		if (i && all[i] == prev)
			continue;
		if (all[i] >= 1024 && all[i] % 1024 == 0)
			fprintf(f, "%s\"%" PRIu32 "K\" %" PRIu32, i ? ", " : "",
				all[i] / 1024, all[i]);
		else
			fprintf(f, "%s\"%" PRIu32 "\" %" PRIu32, i ? ", " : "",
				all[i], all[i]);
		prev = all[i];
		lo = all[i] < lo ? all[i] : lo;
		hi = all[i] > hi ? all[i] : hi;
	}
	fprintf(f, ")\n");
	/* Room on both sides, on the log axis: a factor, not a distance. */
	fprintf(f, "set xrange [%g:%g]\n", lo / 1.4, hi * 1.4);
	free(all);
}

static void panel(FILE *f, const struct plot *pl, size_t i, const char *kernel)
{
	const struct panel *p = &pl->panel[i];
	const struct line *l;
	char title[512];
	size_t j;

	fprintf(f, "set title \"");
	group_title(f, p->key);
	if (pl->panels == 1) {
		/* One panel: its title is the plot's. */
		fprintf(f, ": MB/s by buffer size\\nkernel ");
		escaped(f, kernel);
	}
	fprintf(f, "\"\n");
	size_tics(f, p);
	fprintf(f, p->log_y ? "set logscale y 10\nset yrange [*:*]\n" :
			      "unset logscale y\nset yrange [0:*]\n");
	fprintf(f, "plot ");
	for (j = 0; j < p->lines; j++) {
		l = &p->line[j];
		line_title(title, sizeof(title), l->run);
		fprintf(f,
			"%s$kb_%zu_%zu using 1:2:3:4 with yerrorlines lw %s dt %d lc rgb \"%s\" pt 7 ps %s title ",
			j ? ", \\\n     " : "", i, j,
			l->run->selected == 1 ? "4" : "1.5",
			dash_type(l->run->key.path),
			colours[j % (sizeof(colours) / sizeof(colours[0]))],
			l->run->selected == 1 ? "1" : "0.6");
		quoted(f, title);
	}
	fprintf(f, "\n");
}

static void preamble(FILE *f, const struct plot *pl, const char *output,
		     enum kb_plot_format fmt)
{
	size_t rows = (pl->panels + PANEL_COLUMNS - 1) / PANEL_COLUMNS;
	size_t cols = pl->panels < PANEL_COLUMNS ? pl->panels : PANEL_COLUMNS;

	fprintf(f, "# MB/s by buffer size, drawn by kaesbench %s from ",
		KAESBENCH_VERSION);
	quoted(f, pl->doc->name);
	/* noenhanced: driver names such as virtio_crypto_aes_cbc have '_'. */
	fprintf(f,
		"\nset terminal %s size %zu,%zu noenhanced font \"sans,%d\" background rgb \"white\"\n",
		fmt == KB_PLOT_SVG ? "svg dynamic" : "pngcairo", cols * 1000,
		rows * 560 + (pl->panels > 1 ? 40 : 0),
		fmt == KB_PLOT_SVG ? 12 : 11);
	fprintf(f, "set output ");
	quoted(f, output);
	fprintf(f,
		"\nset xlabel \"buffer size (bytes)\"\n"
		"set ylabel \"MB/s (10^6 bytes/s): median, bar min to max\"\n"
		"set logscale x 2\n"
		"set grid xtics ytics mytics lc rgb \"#dddddd\"\n"
		"set key below left Left reverse samplen 3 spacing 1.1 height 1\n"
		"set bars small\n");
}

static void script(FILE *f, const struct plot *pl, const char *output,
		   enum kb_plot_format fmt, const char *kernel)
{
	size_t i, rows = (pl->panels + PANEL_COLUMNS - 1) / PANEL_COLUMNS;

	preamble(f, pl, output, fmt);
	datablocks(f, pl);
	if (pl->panels > 1) {
		fprintf(f, "set multiplot layout %zu,%d title ", rows,
			PANEL_COLUMNS);
		fprintf(f, "\"MB/s by buffer size, kernel ");
		escaped(f, kernel);
		fprintf(f, "\" font \",14\"\n");
	}
	for (i = 0; i < pl->panels; i++)
		panel(f, pl, i, kernel);
	if (pl->panels > 1)
		fprintf(f, "unset multiplot\n");
	fprintf(f, "unset output\n");
}

/**
 * kb_plot_script() - the gnuplot script that draws a run document
 * @doc: the document
 * @output: the image file to write
 * @fmt: its format
 * @kernel: the kernel release for the title: the document's, else this
 *	    one, else none (say so)
 * @text: set to the script, to free(), on success
 *
 * Return: 0, -ENODATA when no run has samples, or -ENOMEM.
 */
int kb_plot_script(const struct kb_saved *doc, const char *output,
		   enum kb_plot_format fmt, const char *kernel, char **text)
{
	struct plot pl = { .doc = doc };
	size_t len;
	FILE *f;
	int ret;

	ret = build(&pl);
	if (!ret) {
		f = open_memstream(text, &len);
		if (f) {
			script(f, &pl, output, fmt,
			       doc->kernel_release ? doc->kernel_release :
			       kernel		   ? kernel :
						     "not recorded");
			ret = fclose(f) ? -ENOMEM : 0;
		} else {
			ret = -ENOMEM;
		}
	}
	free_plot(&pl);
	return ret;
}
