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
	u32 check_every;	/* measured requests checked: 1 in N; 0 none */
	u32 key_bits;		/* 0: the algorithm's default */
	u32 sample_ms;
	u32 samples;
	u32 warmup_ms;
	u32 depth;
	u32 aad_len;		/* U32_MAX: the algorithm's default */
	u32 tag_len;		/* 0: the implementation's maximum */
	bool latency;		/* time every request */
	u32 context;		/* enum kaesbench_context */
	u32 nsizes;
	u32 sizes[KAESBENCH_MAX_SIZES];
	u32 ncpus;		/* 0: one thread, wherever it is scheduled */
	u32 cpus[KAESBENCH_MAX_CPUS];
};

/* Busy time of all CPUs together, by kind, in ns. */
struct kaesbench_busy {
	u64 user;		/* with nice */
	u64 system;
	u64 softirq;
	u64 irq;
};

struct kaesbench_sample {
	u32 size;
	u32 index;
	u64 ops;
	u64 bytes;
	u64 wall_ns;
	u64 thread_ns;
	u64 busy_ns;
	struct kaesbench_busy busy;
	u64 cycles;
	bool has_cycles;
	u32 cpu;		/* with a CPU list only */
	u64 lat_count;		/* requests timed, with latency only */
	u64 lat_p50_ns;
	u64 lat_p99_ns;
	u64 lat_max_ns;
	u64 submitted;		/* requests submitted */
	u64 no_simd;		/* of those, where SIMD was not usable */
	u64 deferred;		/* of those, not completed at once */
};

struct kaesbench_bench;
struct kaesbench_watch;

struct kaesbench_bench *kaesbench_bench_create(struct kaesbench_params *params,
					       struct kaesbench_impl *impl,
					       struct netlink_ext_ack *extack);
int kaesbench_bench_prepare(struct kaesbench_bench *bench, u32 size,
			    struct kaesbench_watch *watch);
int kaesbench_bench_measure(struct kaesbench_bench *bench, u32 size,
			    u32 duration_ms, struct kaesbench_sample *sample,
			    struct kaesbench_watch *watch);
const char *kaesbench_bench_error(const struct kaesbench_bench *bench);
void kaesbench_bench_checked(const struct kaesbench_bench *bench,
			     u64 *checked, u64 *wrong);
u64 kaesbench_bench_bytes(const struct kaesbench_bench *bench);
const char *kaesbench_bench_driver(const struct kaesbench_bench *bench);
void kaesbench_bench_destroy(struct kaesbench_bench *bench);

#endif /* _KAESBENCH_BENCH_H */
