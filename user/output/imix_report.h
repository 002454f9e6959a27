/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench run --imix`: the buffer sizes to measure for a packet-size
 * mix, and the mix's rate per implementation, for people and as JSON.
 */
#ifndef KAESBENCH_IMIXOUT_H
#define KAESBENCH_IMIXOUT_H

#include <stdio.h>

#include <json-c/json.h>

#include "bench/imix.h"
#include "bench/result.h"
#include "bench/run_options.h"

int kb_imix_prepare(struct kb_run_opts *o, const struct kb_impl_list *list);
int kb_imix_of_run(const struct kb_imix *mix, const struct kb_run *run,
		   double *ops_per_s, struct kb_imix_rate *rate);
int kb_print_imix(FILE *f, const struct kb_imix *mix, const struct kb_run *runs,
		  size_t count);
int kb_print_imix_json(FILE *f, const struct kb_imix *mix,
		       const struct kb_run *runs, size_t count,
		       struct json_object *env);

#endif /* KAESBENCH_IMIXOUT_H */
