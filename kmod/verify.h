/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_VERIFY_H
#define _KAESBENCH_VERIFY_H

#include <linux/netlink.h>

#include "impls.h"

struct kaesbench_verify_params {
	char name[CRYPTO_MAX_ALG_NAME];
	bool by_alg;
	u32 key_bits;		/* 0: the algorithm's default */
	u32 cases;
	u32 depth;		/* 0: 1; 1 for a synchronous implementation */
	u32 context;		/* enum kaesbench_context */
	u64 seed;
	int cpu;		/* the thread's, named in a failure; -1: none */
};

struct kaesbench_verify;
struct kaesbench_watch;
struct kaesbench_worker;
struct sk_buff;

struct kaesbench_verify *
kaesbench_verify_create(const struct kaesbench_verify_params *params,
			struct kaesbench_impl *impl,
			struct netlink_ext_ack *extack);
int kaesbench_verify_cases(struct kaesbench_verify *v,
			   struct kaesbench_watch *watch);
u64 kaesbench_verify_bytes(const struct kaesbench_verify *v);
const char *
kaesbench_verify_results_message(struct kaesbench_worker *const *workers,
				 u32 n,
				 struct kaesbench_verify *(*of)(struct kaesbench_worker *w));
int kaesbench_verify_put_results(struct sk_buff *skb,
				 struct kaesbench_worker *const *workers, u32 n,
				 struct kaesbench_verify *(*of)(struct kaesbench_worker *w));
void kaesbench_verify_destroy(struct kaesbench_verify *v);
const char *kaesbench_verify_reference(const struct kaesbench_verify *verify);
const struct kaesbench_verify_params *
kaesbench_verify_params(const struct kaesbench_verify *verify);

#endif /* _KAESBENCH_VERIFY_H */
