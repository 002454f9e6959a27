/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_IMPLS_H
#define _KAESBENCH_IMPLS_H

#include <linux/crypto.h>
#include <linux/module.h>
#include <linux/types.h>

#include "registry.h"

/* What kaesbench reports of one registered AES implementation. */
struct kaesbench_impl {
	char alg_name[CRYPTO_MAX_ALG_NAME];
	char driver_name[CRYPTO_MAX_ALG_NAME];
	char module_name[MODULE_NAME_LEN];
	u32 priority;
	u32 type;		/* enum kaesbench_impl_type */
	u32 flags;		/* enum kaesbench_impl_flag */
	u32 block_size;
	u32 min_key_size;
	u32 max_key_size;
	u32 iv_size;
	u32 chunk_size;
	u32 max_auth_size;
	const char *library_calls;	/* library paths: static, or NULL */
	const char *absent;		/* a library path this kernel lacks */
};

struct kaesbench_impls {
	unsigned int count;
	bool counted;		/* holds one of KAESBENCH_MAX_LISTINGS */
	/* An allocation stuck in its driver's init, for the notice, or "". */
	char stuck[192];
	struct kaesbench_impl impl[];
};

/*
 * How long a privileged listing waits for the crypto API's selections
 * (the resolver thread, impls.c). The wait is in the dump's .start, under
 * generic netlink's cb_lock, which a family being registered waits for
 * and every other generic netlink request then waits behind: it must stay
 * far below what a user of another family would notice. A listing takes
 * some 50 ms under TCG.
 */
#define KAESBENCH_RESOLVE_WAIT_MS 500
/*
 * Unprivileged listings holding a snapshot at once (a dump not read to
 * its end keeps it until its socket closes); past that, -EBUSY.
 */
#define KAESBENCH_MAX_LISTINGS 256

struct sk_buff;

bool kaesbench_names_aes(const char *name);
int kaesbench_impl_put(struct sk_buff *skb, const struct kaesbench_impl *impl);
int kaesbench_impls_notice_put(struct sk_buff *skb,
			       const struct kaesbench_impls *impls);
int kaesbench_impl_find(const char *name, bool by_alg,
			struct kaesbench_impl *impl);
struct kaesbench_impls *kaesbench_impls_get(bool may_allocate);
void kaesbench_impls_put(struct kaesbench_impls *impls);

#endif /* _KAESBENCH_IMPLS_H */
