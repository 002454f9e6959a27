/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Two saved `kaesbench ipsec` documents side by side: one row per
 * implementation (transform, key length, mode, driver) and point (packet
 * size or mix), with a verdict from the medians and spreads of both.
 */
#ifndef KAESBENCH_OUTPUT_COMPARE_IPSEC_ROWS_H
#define KAESBENCH_OUTPUT_COMPARE_IPSEC_ROWS_H

#include <stdbool.h>
#include <stddef.h>

#include "output/compare_rows.h"
#include "output/saved_results.h"

enum kb_ipsec_verdict {
	KB_IV_REGRESSION, /* slower beyond the threshold and both spreads */
	KB_IV_NOW_INVALID, /* valid in OLD, "invalid" in NEW */
	KB_IV_IMPROVEMENT, /* faster beyond the threshold and both spreads */
	KB_IV_WITHIN, /* a change within the threshold */
	KB_IV_WITHIN_SPREAD, /* beyond the threshold, not the spread */
	KB_IV_TOO_FEW, /* a side of fewer than 2 measurements: no spread */
	KB_IV_NO_FIGURE, /* valid in both, but a rate not recorded */
	KB_IV_NOT_VALID, /* not valid in one document or both: no ratio */
	KB_IV_ONLY_OLD,
	KB_IV_ONLY_NEW,
	KB_IV_COUNT
};

struct kb_ipsec_cmp_side {
	const struct kb_saved_ipsec *impl; /* NULL: not in this document */
	const struct kb_saved_ipsec_point *point; /* NULL: not at this point */
};

struct kb_ipsec_cmp_row {
	struct kb_saved_ipsec_key key;
	/* The point: a size, a mix (imix), or neither: no point in either. */
	uint32_t size;
	const char *imix;
	struct kb_ipsec_cmp_side old, new;
	double ratio; /* NEW's tunnel packets/s over OLD's; NAN: none */
	double plain_ratio; /* the same without ESP; NAN: none */
	double spread; /* the larger of the two, a fraction; NAN: unknown */
	enum kb_ipsec_verdict verdict;
};

struct kb_ipsec_cmp {
	struct kb_ipsec_cmp_row *row;
	size_t count;
	size_t verdicts[KB_IV_COUNT]; /* rows of each verdict */
};

int kb_ipsec_compare(const struct kb_saved *old, const struct kb_saved *new,
		     const struct kb_cmp_opts *o, struct kb_ipsec_cmp *c);
void kb_ipsec_cmp_free(struct kb_ipsec_cmp *c);
bool kb_ipsec_cmp_common_transform(const struct kb_saved *a,
				   const struct kb_saved *b);
bool kb_ipsec_cmp_failed(const struct kb_ipsec_cmp *c);
size_t kb_ipsec_cmp_compared(const struct kb_ipsec_cmp *c);
const char *kb_ipsec_verdict_label(enum kb_ipsec_verdict v);
const char *kb_ipsec_verdict_name(enum kb_ipsec_verdict v);

#endif /* KAESBENCH_OUTPUT_COMPARE_IPSEC_ROWS_H */
