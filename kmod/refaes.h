/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_REFAES_H
#define _KAESBENCH_REFAES_H

#include <linux/types.h>

#define KAESBENCH_REFAES_MAX_ROUNDS 14

/* An expanded key of kaesbench's own AES. */
struct kaesbench_refaes {
	u32 rounds;
	u8 round_keys[KAESBENCH_REFAES_MAX_ROUNDS + 1][16];
};

int kaesbench_refaes_init(void);
int kaesbench_refaes_setkey(struct kaesbench_refaes *ctx, const u8 *key,
			    unsigned int len);
void kaesbench_refaes_encrypt(const struct kaesbench_refaes *ctx, u8 *out,
			      const u8 *in);
void kaesbench_refaes_decrypt(const struct kaesbench_refaes *ctx, u8 *out,
			      const u8 *in);

#endif /* _KAESBENCH_REFAES_H */
