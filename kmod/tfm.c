// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Opening an AES implementation by driver or algorithm name, whatever its
 * front end, with a message for everything that can be refused.
 */

#include <linux/bottom_half.h>
#include <linux/err.h>
#include <linux/string.h>

#include "library.h"
#include "tfm.h"
#include "worker.h"

/* The front end an implementation type is driven through. */
static u32 front_end(u32 type)
{
	return type == KAESBENCH_IMPL_TYPE_LSKCIPHER ?
	       KAESBENCH_IMPL_TYPE_SKCIPHER : type;
}

/* Requests that need none, or have nothing to set up: a library path's. */
static int no_req_alloc(const struct kaesbench_tfm *tfm,
			struct kaesbench_req *req, gfp_t gfp, u32 flags,
			struct crypto_wait *wait)
{
	return 0;
}

static void no_req_free(struct kaesbench_req *req)
{
}

static u64 no_req_bytes(const struct kaesbench_tfm *tfm)
{
	return 0;
}

static void no_req_set(const struct kaesbench_tfm *tfm,
		       struct kaesbench_req *req)
{
}

static u32 no_size(const struct kaesbench_tfm *tfm)
{
	return 0;
}

static int no_setauthsize(struct kaesbench_tfm *tfm, unsigned int len)
{
	return -EINVAL;
}

static void no_crypt_blocks(const struct kaesbench_tfm *tfm, bool decrypt,
			    u8 *dst, const u8 *src, u32 len)
{
	WARN_ON_ONCE(1);
}

/* The completion a request signals, crypto_req_done() into @wait, if any. */
static crypto_completion_t done(struct crypto_wait *wait)
{
	return wait ? crypto_req_done : NULL;
}

/* Single-block ciphers: a request is its buffer, walked a block at a time. */

static int cipher_alloc(struct kaesbench_tfm *tfm, const char *name, u32 mask)
{
	tfm->cipher = crypto_alloc_cipher(name, 0, mask);
	return PTR_ERR_OR_ZERO(tfm->cipher);
}

static void cipher_free(struct kaesbench_tfm *tfm)
{
	if (!IS_ERR_OR_NULL(tfm->cipher))
		crypto_free_cipher(tfm->cipher);
}

static const char *cipher_driver(const struct kaesbench_tfm *tfm)
{
	return crypto_tfm_alg_driver_name(crypto_cipher_tfm(tfm->cipher));
}

static u32 cipher_block_size(const struct kaesbench_tfm *tfm)
{
	return crypto_cipher_blocksize(tfm->cipher);
}

static int cipher_setkey(struct kaesbench_tfm *tfm, const u8 *key,
			 unsigned int len)
{
	return crypto_cipher_setkey(tfm->cipher, key, len);
}

static void cipher_crypt_blocks(const struct kaesbench_tfm *tfm, bool decrypt,
				u8 *dst, const u8 *src, u32 len)
{
	u32 bs = crypto_cipher_blocksize(tfm->cipher), i;

	for (i = 0; i < len; i += bs) {
		if (decrypt)
			crypto_cipher_decrypt_one(tfm->cipher, dst + i, src + i);
		else
			crypto_cipher_encrypt_one(tfm->cipher, dst + i, src + i);
	}
}

static int cipher_submit(const struct kaesbench_tfm *tfm,
			 struct kaesbench_req *req)
{
	return kaesbench_tfm_walk_blocks(tfm, &req->io);
}

static const struct kaesbench_front_ops cipher_ops = {
	.type = KAESBENCH_IMPL_TYPE_CIPHER,
	.flags = KAESBENCH_TFM_BLOCKS,
	.alloc = cipher_alloc,
	.free = cipher_free,
	.driver = cipher_driver,
	.block_size = cipher_block_size,
	.iv_size = no_size,
	.max_auth_size = no_size,
	.setkey = cipher_setkey,
	.setauthsize = no_setauthsize,
	.crypt_blocks = cipher_crypt_blocks,
	.req_alloc = no_req_alloc,
	.req_free = no_req_free,
	.req_bytes = no_req_bytes,
	.req_set = no_req_set,
	.submit = cipher_submit,
};

/* skciphers */

static int skcipher_alloc(struct kaesbench_tfm *tfm, const char *name,
			  u32 mask)
{
	tfm->sk = crypto_alloc_skcipher(name, 0, mask);
	return PTR_ERR_OR_ZERO(tfm->sk);
}

static void skcipher_free(struct kaesbench_tfm *tfm)
{
	if (!IS_ERR_OR_NULL(tfm->sk))
		crypto_free_skcipher(tfm->sk);
}

static const char *skcipher_driver(const struct kaesbench_tfm *tfm)
{
	return crypto_tfm_alg_driver_name(crypto_skcipher_tfm(tfm->sk));
}

static u32 skcipher_block_size(const struct kaesbench_tfm *tfm)
{
	return crypto_skcipher_blocksize(tfm->sk);
}

static u32 skcipher_iv_size(const struct kaesbench_tfm *tfm)
{
	return crypto_skcipher_ivsize(tfm->sk);
}

static int skcipher_setkey(struct kaesbench_tfm *tfm, const u8 *key,
			   unsigned int len)
{
	return crypto_skcipher_setkey(tfm->sk, key, len);
}

static int skcipher_req_alloc(const struct kaesbench_tfm *tfm,
			      struct kaesbench_req *req, gfp_t gfp, u32 flags,
			      struct crypto_wait *wait)
{
	req->sk = skcipher_request_alloc(tfm->sk, gfp);
	if (!req->sk)
		return -ENOMEM;
	skcipher_request_set_callback(req->sk, flags, done(wait), wait);
	return 0;
}

static void skcipher_req_free(struct kaesbench_req *req)
{
	skcipher_request_free(req->sk);
}

static u64 skcipher_req_bytes(const struct kaesbench_tfm *tfm)
{
	return kmalloc_size_roundup(sizeof(struct skcipher_request) +
				    crypto_skcipher_reqsize(tfm->sk));
}

static void skcipher_req_set(const struct kaesbench_tfm *tfm,
			     struct kaesbench_req *req)
{
	const struct kaesbench_io *io = &req->io;

	skcipher_request_set_crypt(req->sk, io->src_sg, io->dst_sg, io->len,
				   io->iv);
}

static int skcipher_submit(const struct kaesbench_tfm *tfm,
			   struct kaesbench_req *req)
{
	return req->io.decrypt ? crypto_skcipher_decrypt(req->sk) :
				 crypto_skcipher_encrypt(req->sk);
}

static const struct kaesbench_front_ops skcipher_ops = {
	.type = KAESBENCH_IMPL_TYPE_SKCIPHER,
	.alloc = skcipher_alloc,
	.free = skcipher_free,
	.driver = skcipher_driver,
	.block_size = skcipher_block_size,
	.iv_size = skcipher_iv_size,
	.max_auth_size = no_size,
	.setkey = skcipher_setkey,
	.setauthsize = no_setauthsize,
	.crypt_blocks = no_crypt_blocks,
	.req_alloc = skcipher_req_alloc,
	.req_free = skcipher_req_free,
	.req_bytes = skcipher_req_bytes,
	.req_set = skcipher_req_set,
	.submit = skcipher_submit,
};

/* aeads */

static int aead_alloc(struct kaesbench_tfm *tfm, const char *name, u32 mask)
{
	tfm->aead = crypto_alloc_aead(name, 0, mask);
	return PTR_ERR_OR_ZERO(tfm->aead);
}

static void aead_free(struct kaesbench_tfm *tfm)
{
	if (!IS_ERR_OR_NULL(tfm->aead))
		crypto_free_aead(tfm->aead);
}

static const char *aead_driver(const struct kaesbench_tfm *tfm)
{
	return crypto_tfm_alg_driver_name(crypto_aead_tfm(tfm->aead));
}

static u32 aead_block_size(const struct kaesbench_tfm *tfm)
{
	return crypto_aead_blocksize(tfm->aead);
}

static u32 aead_iv_size(const struct kaesbench_tfm *tfm)
{
	return crypto_aead_ivsize(tfm->aead);
}

static u32 aead_max_auth_size(const struct kaesbench_tfm *tfm)
{
	return crypto_aead_maxauthsize(tfm->aead);
}

static int aead_setkey(struct kaesbench_tfm *tfm, const u8 *key,
		       unsigned int len)
{
	return crypto_aead_setkey(tfm->aead, key, len);
}

static int aead_setauthsize(struct kaesbench_tfm *tfm, unsigned int len)
{
	return crypto_aead_setauthsize(tfm->aead, len);
}

static int aead_req_alloc(const struct kaesbench_tfm *tfm,
			  struct kaesbench_req *req, gfp_t gfp, u32 flags,
			  struct crypto_wait *wait)
{
	req->aead = aead_request_alloc(tfm->aead, gfp);
	if (!req->aead)
		return -ENOMEM;
	aead_request_set_callback(req->aead, flags, done(wait), wait);
	return 0;
}

static void aead_req_free(struct kaesbench_req *req)
{
	aead_request_free(req->aead);
}

static u64 aead_req_bytes(const struct kaesbench_tfm *tfm)
{
	return kmalloc_size_roundup(sizeof(struct aead_request) +
				    crypto_aead_reqsize(tfm->aead));
}

/* The crypto API's crypt length: a decryption's takes the tag in. */
static void aead_req_set(const struct kaesbench_tfm *tfm,
			 struct kaesbench_req *req)
{
	const struct kaesbench_io *io = &req->io;
	u32 tag = io->decrypt ? crypto_aead_authsize(tfm->aead) : 0;

	aead_request_set_ad(req->aead, io->ad);
	aead_request_set_crypt(req->aead, io->src_sg, io->dst_sg,
			       io->len + tag, io->iv);
}

static int aead_submit(const struct kaesbench_tfm *tfm,
		       struct kaesbench_req *req)
{
	return req->io.decrypt ? crypto_aead_decrypt(req->aead) :
				 crypto_aead_encrypt(req->aead);
}

static const struct kaesbench_front_ops aead_ops = {
	.type = KAESBENCH_IMPL_TYPE_AEAD,
	.flags = KAESBENCH_TFM_AEAD,
	.alloc = aead_alloc,
	.free = aead_free,
	.driver = aead_driver,
	.block_size = aead_block_size,
	.iv_size = aead_iv_size,
	.max_auth_size = aead_max_auth_size,
	.setkey = aead_setkey,
	.setauthsize = aead_setauthsize,
	.crypt_blocks = no_crypt_blocks,
	.req_alloc = aead_req_alloc,
	.req_free = aead_req_free,
	.req_bytes = aead_req_bytes,
	.req_set = aead_req_set,
	.submit = aead_submit,
};

/* The crypto API's front ends, by the implementation type they allocate. */
static const struct kaesbench_front_ops *const fronts[] = {
	[KAESBENCH_IMPL_TYPE_CIPHER] = &cipher_ops,
	[KAESBENCH_IMPL_TYPE_SKCIPHER] = &skcipher_ops,
	[KAESBENCH_IMPL_TYPE_AEAD] = &aead_ops,
};

/**
 * kaesbench_tfm_alloc() - allocate a transform through the crypto API
 * @tfm: zeroed; to be closed whatever the result
 * @type: the front end, KAESBENCH_IMPL_TYPE_{CIPHER,SKCIPHER,AEAD}
 * @name: the driver or algorithm name
 * @mask: for crypto_alloc_*(): CRYPTO_ALG_ASYNC for a synchronous one
 *
 * Context: process context, may sleep.
 * Return: 0, -EOPNOTSUPP for another type, or the crypto API's error.
 */
int kaesbench_tfm_alloc(struct kaesbench_tfm *tfm, u32 type, const char *name,
			u32 mask)
{
	if (type >= ARRAY_SIZE(fronts) || !fronts[type])
		return -EOPNOTSUPP;
	tfm->ops = fronts[type];
	tfm->type = type;
	tfm->flags = tfm->ops->flags;
	return tfm->ops->alloc(tfm, name, mask);
}

/**
 * kaesbench_tfm_close() - free a transform
 * @tfm: opened, or zeroed, or failed to open: all are fine
 */
void kaesbench_tfm_close(struct kaesbench_tfm *tfm)
{
	if (tfm->ops)
		tfm->ops->free(tfm);
	tfm->ops = NULL;
	tfm->type = KAESBENCH_IMPL_TYPE_UNSPEC;
}

/* Refused as the crypto API found it, with why. */
static int check_found(const char *name, bool by_alg, bool registered,
		       u32 front, const struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack)
{
	if (front == KAESBENCH_FRONT_END_UNSUPPORTED ||
	    (registered && !impl->type)) {
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
	return 0;
}

/* Allocates what check_found() let through, and learns who it is. */
static int open_found(struct kaesbench_tfm *tfm, const char *name, u32 front,
		      struct kaesbench_impl *impl,
		      struct netlink_ext_ack *extack)
{
	int err = kaesbench_tfm_alloc(tfm, front, name, 0);

	if (err == -EEXIST) {
		/*
		 * A template instance whose inner parts were named by
		 * algorithm: the crypto API built it under its own driver
		 * name, found no match for the name asked, built it again and
		 * refused the twin. The first one stays registered.
		 */
		NL_SET_ERR_MSG(extack,
			       "the crypto API registered it under another driver name: ask for that one, as /proc/crypto lists it");
		return err;
	}
	if (err) {
		NL_SET_ERR_MSG(extack, "the crypto API cannot provide it");
		return err;
	}
	/* A template instance is registered now; by algorithm, learn who. */
	name = kaesbench_tfm_driver(tfm);
	err = kaesbench_worker_resolved(name);
	if (err)
		return err;
	if (kaesbench_impl_find(name, false, impl)) {
		NL_SET_ERR_MSG(extack, "the implementation vanished meanwhile");
		return -ENOENT;
	}
	return 0;
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
 * as for any first user of it. The algorithm's traits are matched once,
 * here.
 *
 * Context: process context, may sleep.
 * Return: 0, -ENOENT, -EOPNOTSUPP (not an AES cipher, skcipher or aead, or
 * internal), -EBUSY (in a worker, a driver with a request given up:
 * kaesbench_worker_resolved()) or the crypto API's error.
 */
int kaesbench_tfm_open(struct kaesbench_tfm *tfm, const char *name,
		       bool by_alg, struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack)
{
	bool registered;
	u32 front;
	int err;

	if (!by_alg && str_has_prefix(name, "lib:")) {
		err = kaesbench_lib_open(tfm, name, impl, extack);
	} else {
		registered = !kaesbench_impl_find(name, by_alg, impl);
		front = registered ? front_end(impl->type) :
			kaesbench_traits_front_end(name);
		err = check_found(name, by_alg, registered, front, impl,
				  extack) ?:
		      open_found(tfm, name, front, impl, extack);
	}
	if (!err)
		kaesbench_traits_match(&tfm->traits, impl->alg_name);
	return err;
}

/**
 * kaesbench_request_flags() - the flags of a request kaesbench submits
 * @context: enum kaesbench_context
 *
 * Every request may be backlogged: a driver's full queue then holds it
 * rather than fail it (ESP's are not, and a full queue drops the packet;
 * a run would end). One submitted with bottom halves disabled may not
 * sleep, as ESP's may not.
 *
 * Return: CRYPTO_TFM_REQ_* flags.
 */
u32 kaesbench_request_flags(u32 context)
{
	if (context == KAESBENCH_CONTEXT_SOFTIRQ)
		return CRYPTO_TFM_REQ_MAY_BACKLOG;
	return CRYPTO_TFM_REQ_MAY_BACKLOG | CRYPTO_TFM_REQ_MAY_SLEEP;
}

/**
 * kaesbench_context_enter() - enter the context a driver is called in
 * @context: enum kaesbench_context
 *
 * In softirq context, bottom halves are disabled until
 * kaesbench_context_leave(), as in ESP's receive path: only the driver's
 * call belongs between the two, nothing that may sleep.
 */
void kaesbench_context_enter(u32 context)
{
	if (context == KAESBENCH_CONTEXT_SOFTIRQ)
		local_bh_disable();
}

/**
 * kaesbench_context_leave() - leave what kaesbench_context_enter() entered
 * @context: the same enum kaesbench_context
 */
void kaesbench_context_leave(u32 context)
{
	if (context == KAESBENCH_CONTEXT_SOFTIRQ)
		local_bh_enable();
}
