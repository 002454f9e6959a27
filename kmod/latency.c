// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Request latencies, kept as a log-linear histogram: a sample of a million
 * requests needs no more memory than one of ten.
 */

#include <linux/bitops.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/string.h>

#include "latency.h"

static unsigned int bucket_of(u64 ns)
{
	unsigned int msb;

	if (ns < KAESBENCH_LAT_SUB)
		return ns;
	msb = fls64(ns) - 1;
	return KAESBENCH_LAT_SUB * (msb - KAESBENCH_LAT_SUB_BITS + 1) +
	       ((ns >> (msb - KAESBENCH_LAT_SUB_BITS)) & (KAESBENCH_LAT_SUB - 1));
}

/* The middle of a bucket's range of values. */
static u64 value_of(unsigned int bucket)
{
	unsigned int shift, sub;

	if (bucket < KAESBENCH_LAT_SUB)
		return bucket;
	shift = bucket / KAESBENCH_LAT_SUB - 1;
	sub = bucket % KAESBENCH_LAT_SUB;
	return ((u64)(KAESBENCH_LAT_SUB + sub) << shift) +
	       (shift ? 1ULL << (shift - 1) : 0);
}

/**
 * kaesbench_latency_reset() - forget every latency
 * @lat: the histogram
 */
void kaesbench_latency_reset(struct kaesbench_latency *lat)
{
	memset(lat, 0, sizeof(*lat));
}

/**
 * kaesbench_latency_add() - count one request
 * @lat: the histogram
 * @ns: its latency
 */
void kaesbench_latency_add(struct kaesbench_latency *lat, u64 ns)
{
	lat->bucket[bucket_of(ns)]++;
	lat->count++;
	lat->max = max(lat->max, ns);
}

/**
 * kaesbench_latency_percentile() - the latency @percent of requests stay under
 * @lat: the histogram
 * @percent: 1 to 100
 *
 * Return: the latency in ns (the maximum seen for 100), 0 without requests.
 */
u64 kaesbench_latency_percentile(const struct kaesbench_latency *lat,
				 unsigned int percent)
{
	u64 rank, seen = 0;
	unsigned int i;

	if (!lat->count)
		return 0;
	if (percent >= 100)
		return lat->max;
	rank = div_u64(lat->count * percent + 99, 100);
	for (i = 0; i < KAESBENCH_LAT_BUCKETS; i++) {
		seen += lat->bucket[i];
		if (seen >= rank)
			return min(value_of(i), lat->max);
	}
	return lat->max;
}
