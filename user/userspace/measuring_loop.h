/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The one measuring loop every userspace path shares, which gives samples
 * of the same shape as the kernel's.
 */
#ifndef KAESBENCH_USERSPACE_MEASURING_LOOP_H
#define KAESBENCH_USERSPACE_MEASURING_LOOP_H

#include <stdint.h>

#include "bench/result.h"

/*
 * One userspace path, set up for one algorithm: @size prepares requests
 * of a size, @op does one, @ops (optional) does @n in a loop of its own,
 * without a call through a pointer per request. All return 0, or a
 * negative errno with @why saying what failed; a failed request is an
 * error, never throughput.
 */
struct kb_upath {
	int (*size)(struct kb_upath *p, uint32_t size);
	int (*op)(struct kb_upath *p);
	int (*ops)(struct kb_upath *p, uint64_t n);
	char why[256];
};

/* How long to measure, as the kernel rows are. */
struct kb_umeasure {
	uint32_t sample_ms;
	uint32_t samples;
	uint32_t warmup_ms;
};

int kb_upath_measure(struct kb_upath *p, const struct kb_umeasure *m,
		     struct kb_run *run);

#endif /* KAESBENCH_USERSPACE_MEASURING_LOOP_H */
