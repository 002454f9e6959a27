// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The results of a measuring command in the format asked for: tables as
 * the runs come, or at the end one JSON document, CSV, or the lines of
 * openssl speed -mr; the --plot drawn from the JSON document; and the exit
 * status the runs come to.
 */

#include <stdio.h>
#include <stdlib.h>

#include <linux/kaesbench.h>

#include "base/clock.h"
#include "base/signals.h"
#include "output/environment.h"
#include "bench/measure.h"
#include "bench/paths.h"
#include "bench/runner.h"
#include "base/options.h"
#include "runs/run_csv.h"
#include "runs/gnuplot.h"
#include "runs/imix_report.h"
#include "runs/legend.h"
#include "runs/results.h"
#include "runs/run_json.h"
#include "runs/speed_mr.h"
#include "runs/table.h"
#include "userspace/libcrypto.h"

/* What the command's tables showed, said once after the last. */
static struct kb_legend legend;

/**
 * kb_results_legend() - where a table's notes go
 * @o: the options
 *
 * Return: the command's legend, printed after its last table, or NULL
 * with --verbose: every table then has its notes under it.
 */
struct kb_legend *kb_results_legend(const struct kb_run_opts *o)
{
	return o->verbose ? NULL : &legend;
}

/**
 * kb_print_alg_table() - print the sweep's table of some runs of @alg
 * @o: the options
 * @alg: the algorithm name
 * @runs: the runs
 * @first: the first of @runs to print
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_alg_table(const struct kb_run_opts *o, const char *alg,
		       const struct kb_runs *runs, size_t first)
{
	struct kb_table t = {
		.alg = alg,
		.key_bits =
			kb_param_or(o, KB_P_KEY_BITS, kb_default_key_bits(alg)),
		.decrypt = o->decrypt,
		.sample_ms = kb_param_or(o, KB_P_SAMPLE_MS,
					 KAESBENCH_DEFAULT_SAMPLE_MS),
		.samples =
			kb_param_or(o, KB_P_SAMPLES, KAESBENCH_DEFAULT_SAMPLES),
		.sizes = &o->sizes,
		.runs = runs->run + first,
		.count = runs->count - first,
		.legend = kb_results_legend(o),
	};
	size_t i;

	for (i = first; i < runs->count; i++) {
		t.wall_s += runs->run[i].wall_s;
		/* The kernel says which key length it used. */
		if (runs->run[i].state >= KB_RUN_STARTED &&
		    runs->run[i].key_bits)
			t.key_bits = runs->run[i].key_bits;
	}
	if (kb_print_sweep_table(stdout, &t))
		return -ENOMEM;
	putchar('\n');
	fflush(stdout);
	return 0;
}

/* The JSON document of @runs, for --json and --plot. */
static int print_document(FILE *f, const struct kb_run_opts *o,
			  const struct kb_runs *runs)
{
	return o->imix.count ?
		       kb_print_imix_json(f, &o->imix, runs->run, runs->count,
					  kb_env_json_here(NULL)) :
		       kb_print_runs_json(f, runs->run, runs->count,
					  kb_env_json_here(NULL));
}

/* --plot: drawn from the document --json prints, printed or not. */
static int plot(const struct kb_run_opts *o, const struct kb_runs *runs)
{
	char *doc = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&doc, &len);
	int ret;

	if (!f || print_document(f, o, runs) || fclose(f)) {
		fprintf(stderr, "kaesbench: out of memory\n");
		free(doc);
		return KB_EXIT_ERROR;
	}
	ret = kb_plot_json("kaesbench", doc, len, o->plot);
	free(doc);
	return ret;
}

/* The results in the format asked for; tables were printed as they came. */
static int print_results(const struct kb_run_opts *o,
			 const struct kb_runs *runs, double start)
{
	switch (o->output) {
	case KB_OUT_TABLES:
		kb_print_legend(stdout, &legend);
		kb_print_total(stdout, kb_now() - start);
		return 0;
	case KB_OUT_JSON:
		return print_document(stdout, o, runs);
	case KB_OUT_CSV:
		return kb_print_runs_csv(stdout, runs->run, runs->count,
					 KB_CSV_SUMMARY);
	case KB_OUT_CSV_SAMPLES:
		return kb_print_runs_csv(stdout, runs->run, runs->count,
					 KB_CSV_SAMPLES);
	case KB_OUT_MR:
		return kb_print_runs_mr(stdout, stderr, &o->sizes, runs->run,
					runs->count);
	}
	return 0;
}

/**
 * kb_results_finish() - print what is left to print, and pick the exit status
 * @o: the options
 * @runs: every run made
 * @start: kb_now() when the command started
 *
 * Return: 130 if interrupted, 1 if a run failed, the output or the plot
 * could not be written, or OpenSSL alone was asked for and libcrypto
 * cannot be loaded, else 0.
 */
int kb_results_finish(const struct kb_run_opts *o, const struct kb_runs *runs,
		      double start)
{
	int status = KB_EXIT_OK;
	size_t i;

	for (i = 0; i < runs->count; i++)
		if (kb_run_failed(&runs->run[i]))
			status = KB_EXIT_ERROR;
	/* OpenSSL was all that was asked for, and there is none: an error. */
	if (o->paths == KB_PATHS_OPENSSL && kb_libcrypto_load()) {
		fprintf(stderr, "kaesbench: OpenSSL: n/a: %s\n",
			kb_libcrypto_error());
		status = KB_EXIT_ERROR;
	}
	if (print_results(o, runs, start)) {
		fprintf(stderr, "kaesbench: out of memory\n");
		status = KB_EXIT_ERROR;
	}
	if (fflush(stdout) || ferror(stdout)) {
		perror("kaesbench: writing the results");
		status = KB_EXIT_ERROR;
	}
	if (o->plot && runs->count && plot(o, runs))
		status = KB_EXIT_ERROR;
	return kb_interrupted() ? KB_EXIT_INTERRUPTED : status;
}

/**
 * kb_results_done() - finish a command that made some runs, and free them
 * @o: the options
 * @runs: every run made; left empty
 * @err: 0, or -ENOMEM from making them (said here)
 * @start: kb_now() when the command started
 *
 * Return: the exit status, as kb_results_finish() gives it.
 */
int kb_results_done(const struct kb_run_opts *o, struct kb_runs *runs, int err,
		    double start)
{
	int ret;

	if (err)
		fprintf(stderr, "kaesbench: out of memory\n");
	ret = err ? KB_EXIT_ERROR : kb_results_finish(o, runs, start);
	kb_runs_free(runs);
	return ret;
}
