/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Runs as JSON, every raw sample included, for `--json`.
 */
#ifndef KAESBENCH_RUNS_RUN_JSON_H
#define KAESBENCH_RUNS_RUN_JSON_H

#include <stdio.h>

#include <json-c/json.h>

#include "bench/result.h"

const char *kb_run_state_name(const struct kb_run *run);
struct json_object *kb_run_to_json(const struct kb_run *run);
struct json_object *kb_vcase_to_json(const struct kb_vcase *c);
struct json_object *kb_wait_to_json(const struct kb_wait *w);
int kb_print_runs_json(FILE *f, const struct kb_run *runs, size_t count,
		       struct json_object *env);

#endif /* KAESBENCH_RUNS_RUN_JSON_H */
