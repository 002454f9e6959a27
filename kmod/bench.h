/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_BENCH_H
#define _KAESBENCH_BENCH_H

#include <linux/netlink.h>
#include <linux/types.h>
#include <uapi/linux/kaesbench.h>

#include "impls.h"

/* What a run request asks for, defaults applied. */
struct kaesbench_params {
	char name[CRYPTO_MAX_ALG_NAME];
	bool by_alg;		/* name is an algorithm name, not a driver's */
	bool decrypt;
	bool no_verify;		/* skip the quick verification */
	u32 key_bits;		/* 0: the algorithm's default */
	u32 sample_ms;
	u32 samples;
	u32 warmup_ms;
	u32 depth;
	u32 aad_len;		/* U32_MAX: the algorithm's default */
	u32 tag_len;		/* 0: the implementation's maximum */
	u32 nsizes;
	u32 sizes[KAESBENCH_MAX_SIZES];
};

struct kaesbench_sample {
	u32 size;
	u32 index;
	u64 ops;
	u64 bytes;
	u64 wall_ns;
	u64 thread_ns;
	u64 busy_ns;
	u64 cycles;
	bool has_cycles;
};

struct kaesbench_bench;

struct kaesbench_bench *kaesbench_bench_create(struct kaesbench_params *params,
					       struct kaesbench_impl *impl,
					       struct netlink_ext_ack *extack);
int kaesbench_bench_prepare(struct kaesbench_bench *bench, u32 size,
			    const bool *stop);
int kaesbench_bench_measure(struct kaesbench_bench *bench, u32 size,
			    u32 duration_ms, struct kaesbench_sample *sample,
			    const bool *stop);
const char *kaesbench_bench_error(const struct kaesbench_bench *bench);
void kaesbench_bench_destroy(struct kaesbench_bench *bench);

#endif /* _KAESBENCH_BENCH_H */
