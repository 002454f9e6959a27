/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_LATENCY_H
#define _KAESBENCH_LATENCY_H

#include <linux/bits.h>
#include <linux/types.h>

/*
 * Sixteen buckets per power of two: a percentile read from them is within
 * 1/32 of the true value, in 4 KiB whatever the number of requests.
 */
#define KAESBENCH_LAT_SUB_BITS 4
#define KAESBENCH_LAT_SUB BIT(KAESBENCH_LAT_SUB_BITS)
#define KAESBENCH_LAT_BUCKETS (KAESBENCH_LAT_SUB * (64 - KAESBENCH_LAT_SUB_BITS + 1))

struct kaesbench_latency {
	u64 count;
	u64 max;
	u32 bucket[KAESBENCH_LAT_BUCKETS];
};

void kaesbench_latency_reset(struct kaesbench_latency *lat);
void kaesbench_latency_add(struct kaesbench_latency *lat, u64 ns);
u64 kaesbench_latency_percentile(const struct kaesbench_latency *lat,
				 unsigned int percent);

#endif /* _KAESBENCH_LATENCY_H */
