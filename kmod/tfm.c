// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Opening an AES implementation by driver or algorithm name, whatever its
 * front end, with a message for everything that can be refused.
 */

#include <linux/err.h>
#include <linux/string.h>

#include "tfm.h"

/* A front end kaesbench does not drive: hashes built on AES. */
#define FRONT_END_UNSUPPORTED U32_MAX

/* The front end an implementation type is driven through. */
static u32 front_end(u32 type)
{
	return type == KAESBENCH_IMPL_TYPE_LSKCIPHER ?
	       KAESBENCH_IMPL_TYPE_SKCIPHER : type;
}

static bool has_prefix_in(const char *name, const char *const *prefixes,
			  unsigned int count)
{
	unsigned int i;

	for (i = 0; i < count; i++) {
		if (str_has_prefix(name, prefixes[i]))
			return true;
	}
	return false;
}

/*
 * For a name that is not registered yet, such as a template instance
 * ("cbc(aes-generic)"), the outermost template says which front end
 * allocates it.
 */
static u32 guess_front_end(const char *name)
{
	static const char *const hashes[] = {
		"cmac(", "xcbc(", "cbcmac(", "hmac(", "vmac64(",
	};
	static const char *const aeads[] = {
		"gcm(", "gcm_base(", "rfc4106(", "rfc4543(", "ccm(",
		"ccm_base(", "rfc4309(", "authenc(", "authencesn(",
		"echainiv(", "seqiv(",
	};
	static const char *const skciphers[] = {
		"ecb(", "cbc(", "ctr(", "xts(", "cts(", "xctr(", "lrw(",
		"pcbc(", "ofb(", "cfb(", "rfc3686(", "cryptd(",
	};

	if (has_prefix_in(name, hashes, ARRAY_SIZE(hashes)))
		return FRONT_END_UNSUPPORTED;
	if (has_prefix_in(name, aeads, ARRAY_SIZE(aeads)))
		return KAESBENCH_IMPL_TYPE_AEAD;
	if (has_prefix_in(name, skciphers, ARRAY_SIZE(skciphers)))
		return KAESBENCH_IMPL_TYPE_SKCIPHER;
	return KAESBENCH_IMPL_TYPE_UNSPEC;
}

/**
 * kaesbench_tfm_base() - the crypto API's common view of a transform
 * @tfm: an open transform
 *
 * Return: its struct crypto_tfm.
 */
struct crypto_tfm *kaesbench_tfm_base(const struct kaesbench_tfm *tfm)
{
	switch (tfm->front) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		return crypto_cipher_tfm(tfm->cipher);
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		return crypto_skcipher_tfm(tfm->sk);
	default:
		return crypto_aead_tfm(tfm->aead);
	}
}

static int alloc_tfm(struct kaesbench_tfm *tfm, const char *name)
{
	switch (tfm->front) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		tfm->cipher = crypto_alloc_cipher(name, 0, 0);
		return PTR_ERR_OR_ZERO(tfm->cipher);
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		tfm->sk = crypto_alloc_skcipher(name, 0, 0);
		return PTR_ERR_OR_ZERO(tfm->sk);
	case KAESBENCH_IMPL_TYPE_AEAD:
		tfm->aead = crypto_alloc_aead(name, 0, 0);
		return PTR_ERR_OR_ZERO(tfm->aead);
	}
	return -EOPNOTSUPP;
}

/**
 * kaesbench_tfm_close() - free a transform
 * @tfm: opened, or zeroed, or failed to open: all are fine
 */
void kaesbench_tfm_close(struct kaesbench_tfm *tfm)
{
	switch (tfm->front) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		if (!IS_ERR_OR_NULL(tfm->cipher))
			crypto_free_cipher(tfm->cipher);
		break;
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		if (!IS_ERR_OR_NULL(tfm->sk))
			crypto_free_skcipher(tfm->sk);
		break;
	case KAESBENCH_IMPL_TYPE_AEAD:
		if (!IS_ERR_OR_NULL(tfm->aead))
			crypto_free_aead(tfm->aead);
		break;
	}
	tfm->front = KAESBENCH_IMPL_TYPE_UNSPEC;
}

/**
 * kaesbench_tfm_open() - find an AES implementation and allocate a transform
 * @tfm: zeroed; set up on success, to be closed whatever the result
 * @name: a driver name, or with @by_alg an algorithm name
 * @by_alg: let the crypto API pick, as it would for a user
 * @impl: set to the implementation the crypto API handed out
 * @extack: why it is refused
 *
 * A name not registered yet, such as a template instance, is instantiated,
 * as for any first user of it.
 *
 * Context: process context, may sleep.
 * Return: 0, -ENOENT, -EOPNOTSUPP (not an AES cipher, skcipher or aead, or
 * internal) or the crypto API's error.
 */
int kaesbench_tfm_open(struct kaesbench_tfm *tfm, const char *name,
		       bool by_alg, struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack)
{
	bool registered = !kaesbench_impl_find(name, by_alg, impl);
	u32 front = registered ? front_end(impl->type) : guess_front_end(name);
	int err;

	if (front == FRONT_END_UNSUPPORTED || (registered && !impl->type)) {
		NL_SET_ERR_MSG(extack,
			       "kaesbench measures ciphers, skciphers and aeads only");
		return -EOPNOTSUPP;
	}
	if (registered && !kaesbench_names_aes(impl->alg_name)) {
		NL_SET_ERR_MSG(extack, "not an AES implementation");
		return -EOPNOTSUPP;
	}
	if (registered && !by_alg && (impl->flags & KAESBENCH_IMPL_F_INTERNAL)) {
		NL_SET_ERR_MSG(extack,
			       "internal implementation: measure the one wrapping it");
		return -EOPNOTSUPP;
	}
	if (!front ||
	    !kaesbench_names_aes(registered ? impl->alg_name : name)) {
		if (by_alg)
			NL_SET_ERR_MSG(extack, "no such AES algorithm is registered");
		else
			NL_SET_ERR_MSG(extack,
				       "no such AES implementation is registered");
		return -ENOENT;
	}

	tfm->front = front;
	err = alloc_tfm(tfm, name);
	if (err) {
		NL_SET_ERR_MSG(extack, "the crypto API cannot provide it");
		return err;
	}
	/* A template instance is registered now; by algorithm, learn who. */
	name = crypto_tfm_alg_driver_name(kaesbench_tfm_base(tfm));
	if (kaesbench_impl_find(name, false, impl)) {
		NL_SET_ERR_MSG(extack, "the implementation vanished meanwhile");
		return -ENOENT;
	}
	return 0;
}

/**
 * kaesbench_tfm_setkey() - set the key, whatever the front end
 * @tfm: an open transform
 * @key: the key
 * @len: its length in bytes
 *
 * Return: 0, or the implementation's refusal (-EINVAL).
 */
int kaesbench_tfm_setkey(struct kaesbench_tfm *tfm, const u8 *key,
			 unsigned int len)
{
	switch (tfm->front) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		return crypto_cipher_setkey(tfm->cipher, key, len);
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		return crypto_skcipher_setkey(tfm->sk, key, len);
	default:
		return crypto_aead_setkey(tfm->aead, key, len);
	}
}
