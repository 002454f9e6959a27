// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Kernel or userspace? The same work through each path, side by side,
 * with the kernel's figure over OpenSSL's in the last column. Every cell
 * is in the unit of the title; what each column measured is stated once,
 * under the table.
 */

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "bench/paths.h"
#include "bench/stats.h"
#include "bench/measure.h"
#include "runs/legend.h"
#include "runs/path_table.h"
#include "runs/results.h"
#include "runs/table.h"

static const char *const col_label[KB_COL_COUNT] = {
	[KB_COL_KERNEL] = "kernel",
	[KB_COL_BEST] = "best kernel",
	[KB_COL_AFALG_COPY] = "AF_ALG copy",
	[KB_COL_AFALG_ZC] = "AF_ALG 0-copy",
	[KB_COL_OPENSSL] = "OpenSSL",
};

#define RATIO_LABEL "kernel/OpenSSL"

struct marks {
	bool spread;
	bool na;
	bool interrupted;
};

/* Whether a column is printed: given, and not unavailable. */
static bool shown(const struct kb_path_table *t, enum kb_col c)
{
	return t->col[c] && t->col[c]->state != KB_RUN_UNAVAILABLE;
}

static int width(enum kb_col c)
{
	int w = strlen(col_label[c]);

	return w > 7 ? w : 7;
}

/* The median MB/s of a size: 1 with @mbps set, 0 n/a, -1 no samples. */
static int median(const struct kb_run *run, uint32_t size, double *mbps,
		  double *spread)
{
	struct kb_summary sum;

	if (!kb_sizes_has(run->sizes.size, run->sizes.count, size))
		return 0;
	if (kb_summarize(run, size, &sum) || !sum.samples)
		return -1;
	*mbps = sum.mbps_median;
	*spread = sum.spread;
	return 1;
}

static void print_cell(FILE *f, const struct kb_run *run, uint32_t size, int w,
		       struct marks *m)
{
	char num[KB_FMT3_MAX];
	double mbps, spread;
	int have;

	if (kb_run_failed(run)) {
		fprintf(f, "  %*s ", w, "failed");
		return;
	}
	have = median(run, size, &mbps, &spread);
	m->na |= !have;
	m->spread |= have > 0 && spread > KB_SPREAD_MARK;
	fprintf(f, "  %*s%c", w,
		have > 0 ? kb_fmt3(mbps, num, sizeof(num)) :
		!have	 ? "n/a" :
			   "-",
		have > 0 && spread > KB_SPREAD_MARK ? '~' : ' ');
}

static void print_ratio(FILE *f, const struct kb_path_table *t, uint32_t size,
			int w)
{
	double k, o, spread;
	char num[KB_FMT3_MAX];
	int hk, ho;

	hk = median(t->col[KB_COL_KERNEL], size, &k, &spread);
	ho = median(t->col[KB_COL_OPENSSL], size, &o, &spread);
	if (!hk || !ho)
		fprintf(f, "  %*s", w, "n/a");
	else if (hk < 0 || ho < 0 || o <= 0)
		fprintf(f, "  %*s", w, "-");
	else
		fprintf(f, "  %*s", w, kb_fmt3(k / o, num, sizeof(num)));
}

static bool has_ratio(const struct kb_path_table *t)
{
	return shown(t, KB_COL_KERNEL) && shown(t, KB_COL_OPENSSL);
}

static void print_title(FILE *f, const struct kb_path_table *t)
{
	fprintf(f, "%s %s, %" PRIu32 "-bit key, kernel vs userspace: MB/s",
		t->alg, t->decrypt ? "decrypt" : "encrypt", t->key_bits);
	if (t->legend)
		fputc('\n', f);
	else
		fprintf(f,
			" (10^6 bytes/s), median of %" PRIu32
			" samples of %" PRIu32 " ms\n",
			t->samples, t->sample_ms);
}

static void print_size_header(FILE *f, const struct kb_path_table *t)
{
	int c;

	fprintf(f, "%8s", "size (B)");
	for (c = 0; c < KB_COL_COUNT; c++)
		if (shown(t, c))
			fprintf(f, "  %*s ", width(c), col_label[c]);
	if (has_ratio(t))
		fprintf(f, "  %s", RATIO_LABEL);
	fputc('\n', f);
}

static void print_cpu_row(FILE *f, const struct kb_path_table *t)
{
	char cpu[KB_FMT3_MAX];
	bool any;
	double v;
	int c;

	fprintf(f, "%8s", "CPU%");
	for (c = 0; c < KB_COL_COUNT; c++) {
		if (!shown(t, c))
			continue;
		v = kb_run_cpu_percent(t->col[c], &any);
		fprintf(f, "  %*s ", width(c),
			any ? kb_fmt_pct(v, cpu, sizeof(cpu)) : "-");
	}
	fputc('\n', f);
}

static void print_kernel_note(FILE *f, const struct kb_path_table *t,
			      enum kb_col c)
{
	const struct kb_run *run = t->col[c];

	fprintf(f, "%s: %s, ", col_label[c], run->impl.driver_name);
	if (c == KB_COL_KERNEL && t->driver_asked)
		fputs("the implementation asked for", f);
	else if (c == KB_COL_KERNEL)
		fprintf(f, "what the crypto API hands out for %s", t->alg);
	else
		fputs("the fastest implementation at the largest size", f);
	fputs(": ", f);
	kb_print_kernel_calls(f, kb_impl_calls_bit(&run->impl), t->decrypt);
	fprintf(f, " %s, depth %" PRIu32 "\n", kb_context_words(run->context),
		run->depth);
}

static void print_col_notes(FILE *f, const struct kb_path_table *t)
{
	char reason[512];
	int c;

	for (c = 0; c < KB_COL_COUNT; c++) {
		const struct kb_run *run = t->col[c];

		if (!run)
			continue;
		if (run->state == KB_RUN_UNAVAILABLE)
			fprintf(f, "%s: n/a: %s\n", col_label[c],
				kb_run_reason(run, reason, sizeof(reason)));
		else if (kb_run_failed(run))
			fprintf(f, "%s: failed: %s\n", col_label[c],
				kb_run_reason(run, reason, sizeof(reason)));
		else if (c == KB_COL_KERNEL && t->legend)
			/* The table above names it, the legend says so. */
			kb_legend_use(t->legend, KB_LEG_KERNEL_COLUMN);
		else if (c == KB_COL_KERNEL || c == KB_COL_BEST)
			print_kernel_note(f, t, c);
		else
			fprintf(f, "%s: %s (%s)\n", col_label[c],
				run->measured ? run->measured : "-",
				run->library ? run->library : "-");
	}
}

static void print_interrupted(FILE *f, const struct marks *m)
{
	if (m->interrupted)
		fprintf(f,
			"interrupted: the figures are from the samples taken before the stop\n");
}

/* --verbose: every note under its table. */
static void print_notes(FILE *f, const struct kb_path_table *t,
			const struct marks *m)
{
	print_col_notes(f, t);
	if (has_ratio(t))
		kb_print_legend_entry(f, KB_LEG_RATIO);
	if (m->spread)
		kb_print_legend_entry(f, KB_LEG_SPREAD);
	if (m->na)
		fprintf(f,
			"n/a: a size the mode cannot take (not a whole number of blocks), not measured\n");
	fprintf(f,
		"CPU%% = over all of a column's samples, 100 = one CPU: kernel, busy time of all CPUs / wall time; userspace, this process's CPU time (user + system) / wall time\n");
	print_interrupted(f, m);
}

/*
 * Whether a size has its column. With --verbose (no legend) every size
 * has its row; else a size that no path could take is one line under the
 * table instead of n/a in every row.
 */
static bool size_shown(const void *table, uint32_t size)
{
	const struct kb_path_table *t = table;
	bool columns = false;
	int c;

	if (!t->legend)
		return true;
	for (c = 0; c < KB_COL_COUNT; c++) {
		const struct kb_run *run = t->col[c];

		if (!shown(t, c) || kb_run_failed(run))
			continue;
		if (kb_sizes_has(run->sizes.size, run->sizes.count, size))
			return true;
		columns = true;
	}
	return !columns;
}

/* The block of the sizes no column took, where a kernel column says. */
static uint32_t block_of(const struct kb_path_table *t)
{
	int c;

	for (c = 0; c < KB_COL_COUNT; c++)
		if (shown(t, c) && t->col[c]->impl.block_size)
			return t->col[c]->impl.block_size;
	return 0;
}

/*
 * Under the table, what is its own: the sizes no column took, what each
 * column measured, an interruption. The rest goes to the legend.
 */
static void print_footer(FILE *f, const struct kb_path_table *t,
			 const struct marks *m)
{
	struct kb_legend *l = t->legend;
	int c;

	kb_print_sizes_not_taken(f, t->sizes, size_shown, t, block_of(t));
	print_col_notes(f, t);
	print_interrupted(f, m);
	kb_legend_samples(l, t->samples, t->sample_ms);
	if (has_ratio(t))
		kb_legend_use(l, KB_LEG_RATIO);
	if (m->spread)
		kb_legend_use(l, KB_LEG_SPREAD);
	if (m->na)
		kb_legend_use(l, KB_LEG_NA);
	for (c = 0; c < KB_COL_COUNT; c++)
		if (shown(t, c))
			kb_legend_use(l,
				      c == KB_COL_KERNEL || c == KB_COL_BEST ?
					      KB_LEG_CPU_KERNEL :
					      KB_LEG_CPU_USER);
}

/* --verbose, as before the legend: a row per size, a column per path. */
static void print_size_rows(FILE *f, const struct kb_path_table *t,
			    struct marks *m)
{
	size_t i;
	int c;

	print_size_header(f, t);
	for (i = 0; i < t->sizes->count; i++) {
		fprintf(f, "%8" PRIu32, t->sizes->size[i]);
		for (c = 0; c < KB_COL_COUNT; c++)
			if (shown(t, c))
				print_cell(f, t->col[c], t->sizes->size[i],
					   width(c), m);
		if (has_ratio(t))
			print_ratio(f, t, t->sizes->size[i],
				    strlen(RATIO_LABEL));
		fputc('\n', f);
	}
	print_cpu_row(f, t);
}

/* A size's column, as wide as in the table of implementations above. */
static int size_width(uint32_t size)
{
	char buf[16];
	int w = snprintf(buf, sizeof(buf), "%" PRIu32, size);

	return w > 7 ? w : 7;
}

/*
 * A row per path, a column per size, as the implementations' table
 * above: its paths are the table's implementation lines, and it is as
 * long whatever the sizes. Sizes no path took have no column.
 */
static void print_path_rows(FILE *f, const struct kb_path_table *t,
			    struct marks *m)
{
	int lw = has_ratio(t) ? strlen(RATIO_LABEL) : strlen("path");
	char cpu[KB_FMT3_MAX];
	const char *sep;
	uint32_t size;
	bool any;
	double v;
	size_t i;
	int c;

	for (c = 0; c < KB_COL_COUNT; c++)
		if (shown(t, c) && (int)strlen(col_label[c]) > lw)
			lw = strlen(col_label[c]);
	fprintf(f, "  %-*s", lw, "path");
	for (i = 0; i < t->sizes->count; i++)
		if (size_shown(t, t->sizes->size[i]))
			fprintf(f, " %*" PRIu32 " ",
				size_width(t->sizes->size[i]),
				t->sizes->size[i]);
	fprintf(f, " %5s\n", "CPU%");
	for (c = 0; c < KB_COL_COUNT; c++) {
		if (!shown(t, c))
			continue;
		fprintf(f, "  %-*s", lw, col_label[c]);
		for (i = 0; i < t->sizes->count; i++) {
			size = t->sizes->size[i];
			if (size_shown(t, size))
				print_cell(f, t->col[c], size,
					   size_width(size) - 1, m);
		}
		v = kb_run_cpu_percent(t->col[c], &any);
		fprintf(f, " %5s\n",
			any ? kb_fmt_pct(v, cpu, sizeof(cpu)) : "-");
	}
	if (!has_ratio(t))
		return;
	fprintf(f, "  %-*s", lw, RATIO_LABEL);
	for (i = 0, sep = ""; i < t->sizes->count; i++) {
		size = t->sizes->size[i];
		if (!size_shown(t, size))
			continue;
		/* The mark's place of the cell before: no trailing blank. */
		fputs(sep, f);
		print_ratio(f, t, size, size_width(size) - 1);
		sep = " ";
	}
	fputc('\n', f);
}

/**
 * kb_print_path_table() - print one algorithm, kernel and userspace paths
 * side by side
 * @f: where to
 * @t: the columns and rows; with @t->legend, what every table shares goes
 *     there, to be printed once after the last
 *
 * Return: 0.
 */
int kb_print_path_table(FILE *f, const struct kb_path_table *t)
{
	struct marks m = { 0 };
	bool any = false;
	int c;

	print_title(f, t);
	for (c = 0; c < KB_COL_COUNT; c++)
		any |= shown(t, c);
	if (!any)
		fprintf(f, "  (no path could measure %s here)\n", t->alg);
	else if (t->legend)
		print_path_rows(f, t, &m);
	else
		print_size_rows(f, t, &m);
	for (c = 0; c < KB_COL_COUNT; c++)
		m.interrupted |= shown(t, c) &&
				 t->col[c]->state == KB_RUN_INTERRUPTED;
	if (t->legend)
		print_footer(f, t, &m);
	else
		print_notes(f, t, &m);
	return 0;
}

/**
 * kb_best_kernel_run() - the fastest of an algorithm's kernel runs
 * @runs: the runs
 * @count: how many
 * @at: set to the size compared: the largest any run has samples of
 *
 * Return: the run with the highest median MB/s at @at, or NULL if no run
 * has samples.
 */
const struct kb_run *kb_best_kernel_run(const struct kb_run *runs, size_t count,
					uint32_t *at)
{
	const struct kb_run *best = NULL;
	double mbps, spread, top = 0;
	size_t i, j;

	*at = 0;
	for (i = 0; i < count; i++)
		for (j = 0; j < runs[i].samples; j++)
			if (runs[i].sample[j].size > *at)
				*at = runs[i].sample[j].size;
	for (i = 0; i < count; i++)
		if (!kb_run_failed(&runs[i]) &&
		    median(&runs[i], *at, &mbps, &spread) > 0 && mbps > top) {
			top = mbps;
			best = &runs[i];
		}
	return best;
}

/**
 * kb_path_table_init() - a side-by-side table with no column yet
 * @t: set up
 * @o: the options: key length, direction, sample time and count, sizes;
 *     without --verbose the notes every table shares go to the legend
 * @alg: the algorithm name
 */
void kb_path_table_init(struct kb_path_table *t, const struct kb_run_opts *o,
			const char *alg)
{
	*t = (struct kb_path_table){
		.alg = alg,
		.key_bits =
			kb_param_or(o, KB_P_KEY_BITS, kb_default_key_bits(alg)),
		.decrypt = o->decrypt,
		.sample_ms = kb_param_or(o, KB_P_SAMPLE_MS,
					 KAESBENCH_DEFAULT_SAMPLE_MS),
		.samples =
			kb_param_or(o, KB_P_SAMPLES, KAESBENCH_DEFAULT_SAMPLES),
		.sizes = &o->sizes,
		.legend = kb_results_legend(o),
	};
}

/**
 * kb_path_table_user_cols() - put userspace runs in a table's columns
 * @t: the table
 * @runs: the runs
 * @count: how many, each of a userspace path
 * @afalg: whether to show the AF_ALG runs
 */
void kb_path_table_user_cols(struct kb_path_table *t, const struct kb_run *runs,
			     size_t count, bool afalg)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (runs[i].path == KB_PATH_OPENSSL)
			t->col[KB_COL_OPENSSL] = &runs[i];
		else if (afalg)
			t->col[runs[i].path == KB_PATH_AFALG_SENDMSG ?
				       KB_COL_AFALG_COPY :
				       KB_COL_AFALG_ZC] = &runs[i];
}
