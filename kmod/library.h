/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_LIBRARY_H
#define _KAESBENCH_LIBRARY_H

#include <linux/netlink.h>
#include <linux/types.h>

#include "impls.h"

/* Library paths kaesbench knows, present on this kernel or not. */
#define KAESBENCH_LIBRARY_PATHS 10
/* Room for the longest key a library path takes: AES-256-XTS. */
#define KAESBENCH_LIBRARY_KEY_MAX 64

union kaesbench_lib_key;
struct kaesbench_library;

/* A library path opened for a run or verification: its prepared key. */
struct kaesbench_lib_tfm {
	const struct kaesbench_library *path;
	union kaesbench_lib_key *key;
	u8 raw[KAESBENCH_LIBRARY_KEY_MAX];	/* to prepare again */
	u32 raw_len;
	u32 tag_len;		/* aeads: the tag the key was prepared for */
};

void kaesbench_library_init(void);
int kaesbench_library_describe(unsigned int i, struct kaesbench_impl *impl);
int kaesbench_lib_open(struct kaesbench_lib_tfm **lib, const char *name,
		       struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack);
void kaesbench_lib_close(struct kaesbench_lib_tfm *lib);
const char *kaesbench_lib_name(const struct kaesbench_lib_tfm *lib);
u32 kaesbench_lib_block_size(const struct kaesbench_lib_tfm *lib);
u32 kaesbench_lib_iv_size(const struct kaesbench_lib_tfm *lib);
u32 kaesbench_lib_max_auth_size(const struct kaesbench_lib_tfm *lib);
int kaesbench_lib_setkey(struct kaesbench_lib_tfm *lib, const u8 *key,
			 unsigned int len);
int kaesbench_lib_setauthsize(struct kaesbench_lib_tfm *lib,
			      unsigned int len);
void kaesbench_lib_crypt_block(const struct kaesbench_lib_tfm *lib,
			       bool decrypt, u8 *dst, const u8 *src);
int kaesbench_lib_crypt(const struct kaesbench_lib_tfm *lib, bool decrypt,
			u8 *dst, const u8 *src, u32 ad, u32 len, u8 *iv);

#endif /* _KAESBENCH_LIBRARY_H */
