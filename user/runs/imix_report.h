/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench run --imix`: the mix's rate per implementation, for people
 * and as JSON.
 */
#ifndef KAESBENCH_RUNS_IMIX_REPORT_H
#define KAESBENCH_RUNS_IMIX_REPORT_H

#include <stdio.h>

#include <json-c/json.h>

#include "bench/imix.h"
#include "bench/result.h"

int kb_print_imix(FILE *f, const struct kb_imix *mix, const struct kb_run *runs,
		  size_t count);
int kb_print_imix_json(FILE *f, const struct kb_imix *mix,
		       const struct kb_run *runs, size_t count,
		       struct json_object *env);

#endif /* KAESBENCH_RUNS_IMIX_REPORT_H */
