/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench compare` prints: a table for people, or JSON.
 */
#ifndef KAESBENCH_OUTPUT_COMPARE_REPORT_H
#define KAESBENCH_OUTPUT_COMPARE_REPORT_H

#include <stdio.h>

#include <json-c/json.h>

#include "output/compare_rows.h"

void kb_print_compare_doc(FILE *f, const char *which,
			  const struct kb_saved *doc);
struct json_object *kb_compare_doc_json(const struct kb_saved *doc);
int kb_print_compare(FILE *f, const struct kb_saved *old,
		     const struct kb_saved *new, const struct kb_cmp_opts *o,
		     const struct kb_cmp *c);
int kb_print_compare_json(FILE *f, const struct kb_saved *old,
			  const struct kb_saved *new,
			  const struct kb_cmp_opts *o, const struct kb_cmp *c);

#endif /* KAESBENCH_OUTPUT_COMPARE_REPORT_H */
