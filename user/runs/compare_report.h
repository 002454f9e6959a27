/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench compare` prints: a table for people, or JSON.
 */
#ifndef KAESBENCH_RUNS_COMPARE_REPORT_H
#define KAESBENCH_RUNS_COMPARE_REPORT_H

#include <stdio.h>

#include <json-c/json.h>

#include "output/compare_doc.h"
#include "runs/compare_rows.h"

int kb_print_compare(FILE *f, const struct kb_saved *old,
		     const struct kb_saved *new, const struct kb_cmp_opts *o,
		     const struct kb_cmp *c);
int kb_print_compare_json(FILE *f, const struct kb_saved *old,
			  const struct kb_saved *new,
			  const struct kb_cmp_opts *o, const struct kb_cmp *c);

#endif /* KAESBENCH_RUNS_COMPARE_REPORT_H */
