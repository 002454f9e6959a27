/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * kaesbench: measure the AES implementations of the kernel crypto API.
 *
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The module registers the generic netlink family KAESBENCH_GENL_NAME at
 * version KAESBENCH_GENL_VERSION. A tool must check the version it finds in
 * the family's CTRL_ATTR_VERSION and refuse to talk to any other: attribute
 * numbers are only stable within one version.
 *
 * Every request is validated strictly: an attribute the command does not
 * take, an attribute of the wrong type or length, or a non-zero reserved
 * genetlink header field is refused with -EINVAL and an extended ack message
 * naming the offending attribute.
 *
 * KAESBENCH_CMD_GET_IMPLS
 * -----------------------
 *
 * May only be called as a dump (NLM_F_REQUEST | NLM_F_DUMP). Open to every
 * user. The request takes no attribute.
 *
 * The reply is one message per AES implementation registered with the
 * crypto API: every algorithm whose name has "aes" as a component
 * ("aes", "cbc(aes)", "rfc4106(gcm(aes))", "authenc(hmac(sha256),cbc(aes))"
 * ...) and whose type is a cipher, skcipher, lskcipher or aead. Algorithms
 * still being registered (larvals) are left out. Each message holds:
 *
 *    KAESBENCH_A_IMPL: NLA_NESTED
 *        KAESBENCH_IMPL_A_ALG_NAME: NLA_NUL_STRING, the algorithm name users
 *                                   ask for, such as "cbc(aes)"
 *        KAESBENCH_IMPL_A_DRIVER_NAME: NLA_NUL_STRING, unique name of this
 *                                      implementation, "cbc-aes-aesni"
 *        KAESBENCH_IMPL_A_MODULE: NLA_NUL_STRING, the module providing it,
 *                                 or "kernel" when built in
 *        KAESBENCH_IMPL_A_PRIORITY: NLA_U32, the crypto API priority
 *        KAESBENCH_IMPL_A_TYPE: NLA_U32, one of enum kaesbench_impl_type
 *        KAESBENCH_IMPL_A_FLAGS: NLA_U32, a set of enum kaesbench_impl_flag
 *        KAESBENCH_IMPL_A_BLOCK_SIZE: NLA_U32, bytes
 *        KAESBENCH_IMPL_A_MIN_KEY_SIZE: NLA_U32, bytes; ciphers and
 *                                       (l)skciphers only
 *        KAESBENCH_IMPL_A_MAX_KEY_SIZE: NLA_U32, bytes; ciphers and
 *                                       (l)skciphers only
 *        KAESBENCH_IMPL_A_IV_SIZE: NLA_U32, bytes; (l)skciphers and aeads
 *        KAESBENCH_IMPL_A_CHUNK_SIZE: NLA_U32, bytes; (l)skciphers only
 *        KAESBENCH_IMPL_A_MAX_AUTH_SIZE: NLA_U32, bytes; aeads only
 *
 * KAESBENCH_IMPL_F_SELECTED is set on the implementation the crypto API
 * hands out for KAESBENCH_IMPL_A_ALG_NAME when asked for that name by a user
 * that accepts asynchronous implementations (IPsec, dm-crypt), and
 * KAESBENCH_IMPL_F_SELECTED_SYNC on the one a user gets that demands a
 * synchronous implementation. The module finds both by allocating a
 * transform through the crypto API, exactly as such a user would; it never
 * asks for a name that would make the crypto API build a new instance, so
 * listing does not change what is registered, except that allocating a
 * SIMD wrapper may create its cryptd helper as any first user would.
 * Internal implementations are never selected.
 *
 * Tools must ignore attributes they do not know: newer modules may send more
 * within the same version.
 */

#ifndef _UAPI_LINUX_KAESBENCH_H
#define _UAPI_LINUX_KAESBENCH_H

#define KAESBENCH_GENL_NAME "kaesbench"
#define KAESBENCH_GENL_VERSION 1

enum kaesbench_cmd {
	KAESBENCH_CMD_GET_IMPLS,
	__KAESBENCH_CMD_MAX
};

#define KAESBENCH_CMD_MAX (__KAESBENCH_CMD_MAX - 1)

enum kaesbench_attr {
	KAESBENCH_A_UNSPEC,
	KAESBENCH_A_IMPL,
	__KAESBENCH_A_LAST
};

#define KAESBENCH_A_MAX (__KAESBENCH_A_LAST - 1)

enum kaesbench_impl_attr {
	KAESBENCH_IMPL_A_UNSPEC,
	KAESBENCH_IMPL_A_ALG_NAME,
	KAESBENCH_IMPL_A_DRIVER_NAME,
	KAESBENCH_IMPL_A_MODULE,
	KAESBENCH_IMPL_A_PRIORITY,
	KAESBENCH_IMPL_A_TYPE,
	KAESBENCH_IMPL_A_FLAGS,
	KAESBENCH_IMPL_A_BLOCK_SIZE,
	KAESBENCH_IMPL_A_MIN_KEY_SIZE,
	KAESBENCH_IMPL_A_MAX_KEY_SIZE,
	KAESBENCH_IMPL_A_IV_SIZE,
	KAESBENCH_IMPL_A_CHUNK_SIZE,
	KAESBENCH_IMPL_A_MAX_AUTH_SIZE,
	__KAESBENCH_IMPL_A_LAST
};

#define KAESBENCH_IMPL_A_MAX (__KAESBENCH_IMPL_A_LAST - 1)

enum kaesbench_impl_type {
	KAESBENCH_IMPL_TYPE_UNSPEC,
	KAESBENCH_IMPL_TYPE_CIPHER,	/* single block: "aes" */
	KAESBENCH_IMPL_TYPE_SKCIPHER,	/* scatterlist modes: "cbc(aes)" */
	KAESBENCH_IMPL_TYPE_LSKCIPHER,	/* linear-buffer modes (Linux 6.7+) */
	KAESBENCH_IMPL_TYPE_AEAD,	/* "gcm(aes)", "rfc4106(gcm(aes))" */
	__KAESBENCH_IMPL_TYPE_LAST
};

#define KAESBENCH_IMPL_TYPE_MAX (__KAESBENCH_IMPL_TYPE_LAST - 1)

enum kaesbench_impl_flag {
	/* completes requests later, from a callback (CRYPTO_ALG_ASYNC) */
	KAESBENCH_IMPL_F_ASYNC = 1U << 0,
	/* only for use by other implementations (CRYPTO_ALG_INTERNAL) */
	KAESBENCH_IMPL_F_INTERNAL = 1U << 1,
	/* passed the crypto manager's self-test (CRYPTO_ALG_TESTED) */
	KAESBENCH_IMPL_F_TESTED = 1U << 2,
	/* runs on a device behind a driver (CRYPTO_ALG_KERN_DRIVER_ONLY) */
	KAESBENCH_IMPL_F_HARDWARE = 1U << 3,
	/* what the crypto API hands out for the algorithm name */
	KAESBENCH_IMPL_F_SELECTED = 1U << 4,
	/* ... to a user that requires a synchronous implementation */
	KAESBENCH_IMPL_F_SELECTED_SYNC = 1U << 5,
	__KAESBENCH_IMPL_F_ALL = (1U << 6) - 1
};

#endif /* _UAPI_LINUX_KAESBENCH_H */
