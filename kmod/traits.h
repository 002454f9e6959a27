/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_TRAITS_H
#define _KAESBENCH_TRAITS_H

#include <linux/bits.h>
#include <linux/types.h>

/* Room for the longest key: authenc with HMAC-SHA512 and AES-256. */
#define KAESBENCH_KEY_MAX 128
/* What kaesbench_traits_front_end() says of hashes built on AES. */
#define KAESBENCH_FRONT_END_UNSUPPORTED U32_MAX

/* An IV generator (seqiv, echainiv): it writes the IV after the AAD. */
#define KAESBENCH_TRAIT_GEN_IV		BIT(0)
/* ESP's IV is the last of the associated data (rfc4106, rfc4309, rfc4543). */
#define KAESBENCH_TRAIT_IV_IN_AAD	BIT(1)
/* Ciphertext stealing (xts, cts): any length of one block or more. */
#define KAESBENCH_TRAIT_STEALS		BIT(2)
/* authenc: the key is an rtattr-framed HMAC key and encryption key. */
#define KAESBENCH_TRAIT_AUTHENC		BIT(3)

/*
 * What kaesbench needs to know of an algorithm beyond what the crypto API
 * says of it: matched once from its name when a transform opens.
 */
struct kaesbench_traits {
	u32 flags;		/* KAESBENCH_TRAIT_* */
	u32 key_bits;		/* the key measured unless asked */
	u32 aad_len;		/* associated data used unless asked */
	u32 tag_len;		/* the tag used unless asked; 0: the largest */
	u32 auth_key_len;	/* authenc: the HMAC key, its digest's length */
	u32 salt_len;		/* after the AES key: a salt or nonce */
	u8 iv_first;		/* 0, or what a random IV's first byte becomes */
};

void kaesbench_traits_match(struct kaesbench_traits *traits,
			    const char *alg_name);
u32 kaesbench_traits_front_end(const char *name);
int kaesbench_make_key(const struct kaesbench_traits *traits, u32 key_bits,
		       const u8 *random, u8 *key);
void kaesbench_fix_iv(const struct kaesbench_traits *traits, u8 *iv);

#endif /* _KAESBENCH_TRAITS_H */
