/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_REFERENCE_H
#define _KAESBENCH_REFERENCE_H

#include <linux/netlink.h>

#include "refmodes.h"
#include "tfm.h"

/*
 * What an implementation is compared with: the kernel's generic parts
 * (tfm, with its request), or kaesbench's own modes (own.id set).
 */
struct kaesbench_ref {
	struct kaesbench_tfm tfm;
	struct kaesbench_req req;
	struct kaesbench_refmode own;
	char name[CRYPTO_MAX_ALG_NAME];
	u64 bytes;		/* allocated for the request */
};

void kaesbench_ref_init(void);
int kaesbench_ref_open(struct kaesbench_ref *ref,
		       const struct kaesbench_tfm *impl, const char *alg,
		       struct netlink_ext_ack *extack);
void kaesbench_ref_close(struct kaesbench_ref *ref);
int kaesbench_ref_setkey(struct kaesbench_ref *ref, const u8 *key,
			 unsigned int len);
int kaesbench_ref_setauthsize(struct kaesbench_ref *ref, unsigned int len);
int kaesbench_ref_encrypt(struct kaesbench_ref *ref, const u8 *in, u8 *out,
			  u32 len, u8 *iv);
int kaesbench_ref_aead_encrypt(struct kaesbench_ref *ref, u8 *buf, u32 ad,
			       u32 len, u32 tag_len, u8 *iv);
int kaesbench_ref_aead_decrypt(struct kaesbench_ref *ref, const u8 *in,
			       u8 *out, u32 ad, u32 cryptlen, u8 *iv);

#endif /* _KAESBENCH_REFERENCE_H */
