/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_TFM_H
#define _KAESBENCH_TFM_H

#include <crypto/aead.h>
#include <crypto/internal/cipher.h>
#include <crypto/skcipher.h>
#include <linux/netlink.h>
#include <uapi/linux/kaesbench.h>

#include "impls.h"

/* A transform of any front end kaesbench drives. */
struct kaesbench_tfm {
	u32 front;		/* KAESBENCH_IMPL_TYPE_{CIPHER,SKCIPHER,AEAD} */
	union {
		struct crypto_cipher *cipher;
		struct crypto_skcipher *sk;
		struct crypto_aead *aead;
	};
};

int kaesbench_tfm_open(struct kaesbench_tfm *tfm, const char *name,
		       bool by_alg, struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack);
struct crypto_tfm *kaesbench_tfm_base(const struct kaesbench_tfm *tfm);
int kaesbench_tfm_setkey(struct kaesbench_tfm *tfm, const u8 *key,
			 unsigned int len);
void kaesbench_tfm_close(struct kaesbench_tfm *tfm);

#endif /* _KAESBENCH_TFM_H */
