/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench compare` prints for two path documents (ipsec ...): a
 * table for people, or JSON.
 */
#ifndef KAESBENCH_PATHDOC_PATH_COMPARE_REPORT_H
#define KAESBENCH_PATHDOC_PATH_COMPARE_REPORT_H

#include <stdio.h>

#include "pathdoc/path_compare.h"

int kb_print_path_compare(FILE *f, const struct kb_saved *old,
			  const struct kb_saved *new,
			  const struct kb_cmp_opts *o,
			  const struct kb_path_cmp *c);
int kb_print_path_compare_json(FILE *f, const struct kb_saved *old,
			       const struct kb_saved *new,
			       const struct kb_cmp_opts *o,
			       const struct kb_path_cmp *c);
bool kb_path_comparable(const struct kb_saved *old, const struct kb_saved *new,
			char *why, size_t len);
int kb_path_compare_print(FILE *f, const struct kb_saved *old,
			  const struct kb_saved *new,
			  const struct kb_cmp_opts *o, bool json,
			  struct kb_cmp_outcome *out);

#endif /* KAESBENCH_PATHDOC_PATH_COMPARE_REPORT_H */
