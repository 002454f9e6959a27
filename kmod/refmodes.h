/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_REFMODES_H
#define _KAESBENCH_REFMODES_H

#include <linux/types.h>

#include "refaes.h"

enum kaesbench_refmode_id {
	KAESBENCH_REFMODE_NONE,
	KAESBENCH_REFMODE_CIPHER,
	KAESBENCH_REFMODE_ECB,
	KAESBENCH_REFMODE_CBC,
	KAESBENCH_REFMODE_CTR,
	KAESBENCH_REFMODE_XCTR,
	KAESBENCH_REFMODE_CTS,
	KAESBENCH_REFMODE_XTS,
	KAESBENCH_REFMODE_RFC3686,
	KAESBENCH_REFMODE_GCM,
	KAESBENCH_REFMODE_RFC4106,
	KAESBENCH_REFMODE_RFC4543,
	KAESBENCH_REFMODE_CCM,
	KAESBENCH_REFMODE_RFC4309,
	KAESBENCH_REFMODE_AUTHENC,
};

struct crypto_shash;

/* One of kaesbench's own modes, keyed. */
struct kaesbench_refmode {
	enum kaesbench_refmode_id id;
	enum kaesbench_refmode_id inner;	/* authenc's cipher */
	struct crypto_shash *mac;		/* authenc's HMAC */
	u32 authsize;
	u32 gen_iv;	/* seqiv, echainiv: the IV's bytes in the packet */
	struct kaesbench_refaes key;
	struct kaesbench_refaes tweak;	/* XTS */
	u64 hh[16], hl[16];	/* GCM's hash key times 0 to 15 */
	u8 salt[4];	/* RFC 3686 nonce, RFC 4106/4543/4309 salt */
};

/* What kaesbench_refmodes_refusal() says, at most, its NUL included. */
#define KAESBENCH_REFMODES_REFUSAL_LEN 224

void kaesbench_refmodes_init(void);
const char *kaesbench_refmodes_refusal(void);
int kaesbench_refmode_open(struct kaesbench_refmode *m, const char *alg);
void kaesbench_refmode_close(struct kaesbench_refmode *m);
int kaesbench_refmode_setkey(struct kaesbench_refmode *m, const u8 *key,
			     unsigned int len);
int kaesbench_refmode_encrypt(const struct kaesbench_refmode *m,
			      const u8 *in, u8 *out, u32 len, const u8 *iv);
int kaesbench_refmode_aead_encrypt(const struct kaesbench_refmode *m,
				   u8 *buf, u32 ad, u32 len, const u8 *iv);
int kaesbench_refmode_aead_decrypt(const struct kaesbench_refmode *m,
				   const u8 *in, u8 *out, u32 ad, u32 cryptlen,
				   const u8 *iv);

#endif /* _KAESBENCH_REFMODES_H */
