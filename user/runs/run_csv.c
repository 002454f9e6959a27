// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Every cell holds what the JSON member of the same name holds; an empty
 * cell is JSON's null (unknown), never 0. Columns are only ever added at
 * the end of a row, so that scripts reading by position keep working.
 */

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "bench/paths.h"
#include "kernel/sample.h"
#include "output/csv.h"
#include "runs/run_csv.h"
#include "runs/run_json.h"

/* The columns that say which run a row belongs to, first in every row. */
static const char *const run_cols[] = {
	"path",	    "algorithm", "driver",   "module",	"priority",
	"selected", "async",	 "key_bits", "decrypt", "depth",
	"state",    "status",	 "message",
};

static const char *const summary_cols[] = {
	"size",
	"samples",
	"mbps_median",
	"mbps_min",
	"mbps_max",
	"ops_per_s_median",
	"cpu_percent",
	"thread_cpu_percent",
	"cycles_per_byte",
	"ns_per_byte",
	"context",
};

#define N_RUN (sizeof(run_cols) / sizeof(run_cols[0]))
#define N_SUMMARY (sizeof(summary_cols) / sizeof(summary_cols[0]))
/*
 * Then, for --csv=samples, a column per field of kb_sample_fields, and
 * the run's context, last since it came last.
 */
#define N_SAMPLE (KB_SF_COUNT + 1)
#define MAX_COLS (N_RUN + (N_SUMMARY > N_SAMPLE ? N_SUMMARY : N_SAMPLE))

/* A row being filled: a NULL cell is empty. */
struct row {
	const char *cell[MAX_COLS];
	char num[MAX_COLS][32];
	size_t n;
};

static void put_str(struct row *r, const char *s)
{
	r->cell[r->n++] = s;
}

static void put_u64(struct row *r, uint64_t v)
{
	snprintf(r->num[r->n], sizeof(r->num[0]), "%" PRIu64, v);
	put_str(r, r->num[r->n]);
}

/* A figure the kernel may not have sent: an empty cell without it. */
static void put_u64_if(struct row *r, bool has, uint64_t v)
{
	if (has)
		put_u64(r, v);
	else
		put_str(r, NULL);
}

static void put_int(struct row *r, int v)
{
	snprintf(r->num[r->n], sizeof(r->num[0]), "%d", v);
	put_str(r, r->num[r->n]);
}

/* 15 digits: what a double holds exactly, without binary noise. */
static void put_double(struct row *r, double v)
{
	snprintf(r->num[r->n], sizeof(r->num[0]), "%.15g", v);
	put_str(r, r->num[r->n]);
}

static void put_bool(struct row *r, bool v)
{
	put_str(r, v ? "true" : "false");
}

static void print_cells(FILE *f, const char *const *cell, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (i)
			fputc(',', f);
		kb_csv_field(f, cell[i]);
	}
	fputc('\n', f);
}

static void run_cells(struct row *r, const struct kb_run *run)
{
	const struct kb_impl *impl = &run->impl;

	r->n = 0;
	put_str(r, kb_path_name(run->path));
	put_str(r, impl->alg_name);
	put_str(r, impl->driver_name);
	put_str(r, impl->module);
	put_u64(r, impl->priority);
	if (run->selected < 0)
		put_str(r, NULL);
	else
		put_bool(r, run->selected);
	put_bool(r, impl->flags & KAESBENCH_IMPL_F_ASYNC);
	if (run->key_bits)
		put_u64(r, run->key_bits);
	else
		put_str(r, NULL);
	put_bool(r, run->decrypt);
	if (run->depth)
		put_u64(r, run->depth);
	else
		put_str(r, NULL);
	put_str(r, kb_run_state_name(run));
	put_int(r, run->status);
	put_str(r, run->message);
}

static void summary_cells(struct row *r, const struct kb_summary *s)
{
	put_u64(r, s->size);
	put_u64(r, s->samples);
	put_double(r, s->mbps_median);
	put_double(r, s->mbps_min);
	put_double(r, s->mbps_max);
	put_double(r, s->ops_per_s);
	put_double(r, s->cpu_percent);
	put_double(r, s->thread_cpu_percent);
	if (s->has_cycles)
		put_double(r, s->cycles_per_byte);
	else
		put_str(r, NULL);
	/* Null in JSON when no sample did a byte. */
	if (s->ns_per_byte > 0)
		put_double(r, s->ns_per_byte);
	else
		put_str(r, NULL);
}

/* The run's context, as in JSON: the kernel path's alone. */
static void context_cell(struct row *r, const struct kb_run *run)
{
	put_str(r, run->path == KB_PATH_KERNEL ? kb_context_name(run->context) :
						 NULL);
}

static void sample_cells(struct row *r, const struct kb_sample *s)
{
	size_t i;

	for (i = 0; i < KB_SF_COUNT; i++)
		put_u64_if(r, kb_sample_has(s, kb_sample_fields[i].group),
			   kb_sample_get(s, i));
}

/* A row per size with samples. Return: rows printed, or -ENOMEM. */
static int print_summary_rows(FILE *f, const struct kb_run *run, struct row *r)
{
	struct kb_summary sum;
	int rows = 0;
	size_t i;

	for (i = 0; i < run->sizes.count; i++) {
		if (kb_summarize(run, run->sizes.size[i], &sum))
			return -ENOMEM;
		if (!sum.samples)
			continue;
		run_cells(r, run);
		summary_cells(r, &sum);
		context_cell(r, run);
		print_cells(f, r->cell, r->n);
		rows++;
	}
	return rows;
}

static int print_sample_rows(FILE *f, const struct kb_run *run, struct row *r)
{
	size_t i;

	for (i = 0; i < run->samples; i++) {
		run_cells(r, run);
		sample_cells(r, &run->sample[i]);
		context_cell(r, run);
		print_cells(f, r->cell, r->n);
	}
	return run->samples;
}

/**
 * kb_print_runs_csv() - print runs as CSV, with a header line
 * @f: where to
 * @runs: the runs
 * @count: how many
 * @rows: a row per run and size, or per sample
 *
 * A run without figures (refused, unavailable, failed, or measuring no
 * size) still gets one row, its figures empty, its state and message
 * saying why: no run is left out.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_runs_csv(FILE *f, const struct kb_run *runs, size_t count,
		      enum kb_csv_rows rows)
{
	const char *head[MAX_COLS];
	size_t i, n_more = rows == KB_CSV_SUMMARY ? N_SUMMARY : N_SAMPLE;
	struct row r;
	int printed;

	memcpy(head, run_cols, sizeof(run_cols));
	for (i = 0; i < n_more; i++)
		head[N_RUN + i] = rows == KB_CSV_SUMMARY ? summary_cols[i] :
				  i < KB_SF_COUNT ? kb_sample_fields[i].csv :
						    "context";
	print_cells(f, head, N_RUN + n_more);
	for (i = 0; i < count; i++) {
		printed = rows == KB_CSV_SUMMARY ?
				  print_summary_rows(f, &runs[i], &r) :
				  print_sample_rows(f, &runs[i], &r);
		if (printed < 0)
			return printed;
		if (printed)
			continue;
		run_cells(&r, &runs[i]);
		for (r.n = N_RUN; r.n < N_RUN + n_more - 1;)
			put_str(&r, NULL);
		context_cell(&r, &runs[i]);
		print_cells(f, r.cell, r.n);
	}
	return 0;
}
