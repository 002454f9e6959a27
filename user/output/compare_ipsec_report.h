/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench compare` prints for two ipsec documents: a table for
 * people, or JSON.
 */
#ifndef KAESBENCH_OUTPUT_COMPARE_IPSEC_REPORT_H
#define KAESBENCH_OUTPUT_COMPARE_IPSEC_REPORT_H

#include <stdio.h>

#include "output/compare_ipsec_rows.h"

int kb_print_ipsec_compare(FILE *f, const struct kb_saved *old,
			   const struct kb_saved *new,
			   const struct kb_cmp_opts *o,
			   const struct kb_ipsec_cmp *c);
int kb_print_ipsec_compare_json(FILE *f, const struct kb_saved *old,
				const struct kb_saved *new,
				const struct kb_cmp_opts *o,
				const struct kb_ipsec_cmp *c);

#endif /* KAESBENCH_OUTPUT_COMPARE_IPSEC_REPORT_H */
