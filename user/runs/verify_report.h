/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench verify` prints: a line per implementation, PASS, FAIL or
 * SKIP, with the failing case and how to reproduce it, or one JSON
 * document.
 */
#ifndef KAESBENCH_RUNS_VERIFY_REPORT_H
#define KAESBENCH_RUNS_VERIFY_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include <json-c/json.h>

#include "bench/result.h"

enum kb_verdict {
	KB_VERDICT_PASS,
	KB_VERDICT_FAIL,
	KB_VERDICT_SKIP, /* the algorithm has no reference */
	KB_VERDICT_STOP, /* interrupted */
};

/* The totals of a verification command, for its last line. */
struct kb_verify_totals {
	size_t count[KB_VERDICT_STOP + 1];
	bool fixed_seed; /* --seed given: every job used @seed */
	uint64_t seed;
	double seconds;
};

enum kb_verdict kb_verdict(const struct kb_run *run);
int kb_print_verify_table(FILE *f, const struct kb_run *runs, size_t count,
			  bool seed_column);
void kb_print_verify_totals(FILE *f, const struct kb_verify_totals *t);
struct json_object *kb_verify_to_json(const struct kb_run *run);

#endif /* KAESBENCH_RUNS_VERIFY_REPORT_H */
