/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Two saved path documents (`kaesbench ipsec`'s ...) side by side: one row
 * per implementation (suite, key length, variant, driver) and point (packet
 * size or mix), with a verdict from the medians and spreads of both.
 */
#ifndef KAESBENCH_PATHDOC_PATH_COMPARE_H
#define KAESBENCH_PATHDOC_PATH_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "output/doc_kind.h"
#include "pathdoc/saved_path.h"

enum kb_path_verdict {
	KB_PV_REGRESSION, /* slower beyond the threshold and both spreads */
	KB_PV_NOW_INVALID, /* valid in OLD, "invalid" in NEW */
	KB_PV_IMPROVEMENT, /* faster beyond the threshold and both spreads */
	KB_PV_WITHIN, /* a change within the threshold */
	KB_PV_WITHIN_SPREAD, /* beyond the threshold, not the spread */
	KB_PV_TOO_FEW, /* a side of fewer than 2 measurements: no spread */
	KB_PV_NO_FIGURE, /* valid in both, but a rate not recorded */
	KB_PV_NOT_VALID, /* not valid in one document or both: no ratio */
	KB_PV_ONLY_OLD,
	KB_PV_ONLY_NEW,
	KB_PV_COUNT
};

struct kb_path_cmp_side {
	const struct kb_saved_path *impl; /* NULL: not in this document */
	const struct kb_saved_path_point *point; /* NULL: not at this point */
};

struct kb_path_cmp_row {
	struct kb_saved_path_key key;
	/* The point: a size, a mix (imix), or neither: no point in either. */
	uint32_t size;
	const char *imix;
	struct kb_path_cmp_side old, new;
	double ratio; /* NEW's tunnel packets/s over OLD's; NAN: none */
	double plain_ratio; /* the same without ESP; NAN: none */
	double alongside_ratio; /* the path's alongside lane's; NAN: none */
	double spread; /* the larger of the two, a fraction; NAN: unknown */
	enum kb_path_verdict verdict;
};

struct kb_path_cmp {
	struct kb_path_cmp_row *row;
	size_t count;
	size_t verdicts[KB_PV_COUNT]; /* rows of each verdict */
};

int kb_path_compare(const struct kb_saved *old, const struct kb_saved *new,
		    const struct kb_cmp_opts *o, struct kb_path_cmp *c);
void kb_path_cmp_free(struct kb_path_cmp *c);
bool kb_path_cmp_common_suite(const struct kb_saved *a,
			      const struct kb_saved *b);
bool kb_path_cmp_failed(const struct kb_path_cmp *c);
size_t kb_path_cmp_compared(const struct kb_path_cmp *c);
const char *kb_path_verdict_label(enum kb_path_verdict v);
const char *kb_path_verdict_name(enum kb_path_verdict v);

#endif /* KAESBENCH_PATHDOC_PATH_COMPARE_H */
