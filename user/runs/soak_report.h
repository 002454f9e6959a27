/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench verify --time` prints: the soak's verdict and counts,
 * and the first round that went wrong with its case, or one JSON document.
 */
#ifndef KAESBENCH_RUNS_SOAK_REPORT_H
#define KAESBENCH_RUNS_SOAK_REPORT_H

#include <stdio.h>

#include <json-c/json.h>

#include "bench/soak.h"

void kb_print_soak(FILE *f, const struct kb_soak *s);
struct json_object *kb_soak_to_json(const struct kb_soak *s);

#endif /* KAESBENCH_RUNS_SOAK_REPORT_H */
