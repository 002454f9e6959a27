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
#include "library.h"

/* Room for the longest key: authenc with HMAC-SHA512 and AES-256. */
#define KAESBENCH_KEY_MAX 128

/*
 * A transform of any front end kaesbench drives, or a library path driven
 * like one (@lib set; the crypto API's pointers unused).
 */
struct kaesbench_tfm {
	u32 front;		/* KAESBENCH_IMPL_TYPE_{CIPHER,SKCIPHER,AEAD} */
	union {
		struct crypto_cipher *cipher;
		struct crypto_skcipher *sk;
		struct crypto_aead *aead;
	};
	struct kaesbench_lib_tfm *lib;
};

int kaesbench_tfm_open(struct kaesbench_tfm *tfm, const char *name,
		       bool by_alg, struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack);
const char *kaesbench_tfm_driver(const struct kaesbench_tfm *tfm);
u32 kaesbench_tfm_block_size(const struct kaesbench_tfm *tfm);
u32 kaesbench_tfm_iv_size(const struct kaesbench_tfm *tfm);
u32 kaesbench_tfm_max_auth_size(const struct kaesbench_tfm *tfm);
int kaesbench_tfm_setkey(struct kaesbench_tfm *tfm, const u8 *key,
			 unsigned int len);
int kaesbench_tfm_setauthsize(struct kaesbench_tfm *tfm, unsigned int len);
void kaesbench_tfm_crypt_one(const struct kaesbench_tfm *tfm, bool decrypt,
			     u8 *dst, const u8 *src);
void kaesbench_tfm_close(struct kaesbench_tfm *tfm);
u32 kaesbench_request_flags(u32 context);
void kaesbench_context_enter(u32 context);
void kaesbench_context_leave(u32 context);
u32 kaesbench_default_key_bits(const char *alg_name);
u32 kaesbench_default_aad_len(const char *alg_name);
u32 kaesbench_default_tag_len(const char *alg_name);
u32 kaesbench_generated_iv(const char *alg_name, struct crypto_aead *aead);
void kaesbench_fix_iv(const char *alg_name, u8 *iv);
int kaesbench_make_key(const char *alg_name, u32 key_bits, const u8 *random,
		       u8 *key);

#endif /* _KAESBENCH_TFM_H */
