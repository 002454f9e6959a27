/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The options of `kaesbench run` and of the sweep, which share all but the
 * choice of implementation.
 */
#ifndef KAESBENCH_BENCH_RUN_OPTIONS_H
#define KAESBENCH_BENCH_RUN_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "bench/cpus.h"
#include "bench/imix.h"
#include "kernel/impls.h"
#include "bench/sizes.h"
#include "bench/runner.h"

/* Requests in flight the sweep asks of an asynchronous implementation. */
#define KB_SWEEP_ASYNC_DEPTH 8

/* What a run or the sweep prints; Documentation/results.rst specifies each. */
enum kb_output {
	KB_OUT_TABLES,
	KB_OUT_JSON, /* --json */
	KB_OUT_CSV, /* --csv, --csv=summary: a row per run and size */
	KB_OUT_CSV_SAMPLES, /* --csv=samples: a row per sample */
	KB_OUT_MR, /* --mr: the lines of openssl speed -mr */
};

struct kb_run_opts {
	const char *driver; /* -d */
	const char *alg; /* -a */
	struct kb_sizes sizes; /* asked for: -b, else the sweep's sizes */
	/*
	 * @sizes were chosen for this run (-b, --imix's, the doctor's), not
	 * the sweep's: kb_run_sizes() sends them as they are to the one
	 * implementation named.
	 */
	bool sizes_chosen;
	uint32_t param[KB_P_COUNT];
	unsigned int given; /* bit n: param[n] was given */
	bool decrypt;
	bool all_impls;
	bool no_verify; /* --no-verify */
	struct kb_imix imix; /* --imix: parts only when given */
	unsigned int paths; /* --paths: bits of enum kb_call_path (sweep) */
	struct kb_cpus cpus; /* --cpus: empty when not given */
	bool latency; /* --latency: time every request */
	uint32_t context; /* --context: enum kaesbench_context */
	bool depth_sweep; /* --depth-sweep */
	bool crossover; /* --crossover */
	enum kb_output output;
	unsigned int outputs_given; /* bit n: a format n option was given */
	const char *output_file; /* -o */
	const char *plot; /* --plot FILE */
	bool print_nothing; /* measure only: the doctor judges the runs */
	bool quiet; /* --quiet: no progress line on the terminal */
	bool verbose; /* --verbose: the notes under every table */
	struct kb_wait_opt wait; /* --wait, --no-wait */
	bool help;
};

int kb_run_parse(int argc, char *argv[], struct kb_run_opts *o, bool sweep);
void kb_run_opts_free(struct kb_run_opts *o);
void kb_run_usage(FILE *f, bool sweep);
const char *kb_run_attr_option(uint16_t attr);
int kb_wait_parse(const char *who, const char *arg, struct kb_wait_opt *w);
extern const char kb_wait_usage[];
int kb_context_parse(const char *who, const char *arg, uint32_t *context);
extern const char kb_context_usage[];
bool kb_param_given(const struct kb_run_opts *o, enum kb_param p);
bool kb_tables(const struct kb_run_opts *o);
uint32_t kb_param_or(const struct kb_run_opts *o, enum kb_param p,
		     uint32_t def);

const struct kb_impl *kb_run_target(const struct kb_run_opts *o,
				    const struct kb_impl_list *list);
int kb_imix_prepare(struct kb_run_opts *o, const struct kb_impl_list *list);

#endif /* KAESBENCH_BENCH_RUN_OPTIONS_H */
