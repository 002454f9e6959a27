// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test only: a cbc(aes) that is right for everything the crypto manager's
 * self-tests try (their vectors are short) and wrong from the 4097th byte
 * of an encryption on, the kind of bug only longer requests find. kaesbench
 * verify must catch it, and never show its figures. Priority 1: never
 * what the crypto API hands out.
 *
 * Its twin __cbc-aes-kaesbench-broken is flagged CRYPTO_ALG_INTERNAL, as
 * the SIMD wrappers' inner parts were before 7.x dropped them: something
 * kaesbench must refuse to measure on every kernel, and 7.x has none of
 * its own.
 */

#include <crypto/aes.h>
#include <crypto/internal/skcipher.h>
#include <crypto/scatterwalk.h>
#include <linux/module.h>
#include <linux/scatterlist.h>

#define BROKEN_FROM 4096

struct broken_ctx {
	struct crypto_skcipher *right;	/* synchronous */
};

static int broken_setkey(struct crypto_skcipher *tfm, const u8 *key,
			 unsigned int len)
{
	struct broken_ctx *ctx = crypto_skcipher_ctx(tfm);

	return crypto_skcipher_setkey(ctx->right, key, len);
}

static int crypt(struct skcipher_request *req, bool encrypt)
{
	struct broken_ctx *ctx = crypto_skcipher_ctx(crypto_skcipher_reqtfm(req));
	struct skcipher_request *sub = skcipher_request_ctx(req);
	u8 byte;
	int err;

	skcipher_request_set_tfm(sub, ctx->right);
	skcipher_request_set_callback(sub, req->base.flags, NULL, NULL);
	skcipher_request_set_crypt(sub, req->src, req->dst, req->cryptlen,
				   req->iv);
	err = encrypt ? crypto_skcipher_encrypt(sub) :
			crypto_skcipher_decrypt(sub);
	if (err || !encrypt || req->cryptlen <= BROKEN_FROM)
		return err;

	/* The deliberate bug. */
	scatterwalk_map_and_copy(&byte, req->dst, BROKEN_FROM, 1, 0);
	byte ^= 0x01;
	scatterwalk_map_and_copy(&byte, req->dst, BROKEN_FROM, 1, 1);
	return 0;
}

static int broken_encrypt(struct skcipher_request *req)
{
	return crypt(req, true);
}

static int broken_decrypt(struct skcipher_request *req)
{
	return crypt(req, false);
}

static int broken_init(struct crypto_skcipher *tfm)
{
	struct broken_ctx *ctx = crypto_skcipher_ctx(tfm);

	ctx->right = crypto_alloc_skcipher("cbc(aes-generic)", 0,
					   CRYPTO_ALG_ASYNC);
	/* 7.x has no aes-generic: its "aes" is the AES library's. */
	if (PTR_ERR_OR_ZERO(ctx->right) == -ENOENT)
		ctx->right = crypto_alloc_skcipher("cbc(aes-lib)", 0,
						   CRYPTO_ALG_ASYNC);
	if (IS_ERR(ctx->right))
		return PTR_ERR(ctx->right);
	crypto_skcipher_set_reqsize(tfm, sizeof(struct skcipher_request) +
					 crypto_skcipher_reqsize(ctx->right));
	return 0;
}

static void broken_exit(struct crypto_skcipher *tfm)
{
	struct broken_ctx *ctx = crypto_skcipher_ctx(tfm);

	crypto_free_skcipher(ctx->right);
}

#define BROKEN_ALG(name, driver, flags) {				\
	.base.cra_name = name,						\
	.base.cra_driver_name = driver,					\
	.base.cra_flags = flags,					\
	.base.cra_priority = 1,						\
	.base.cra_blocksize = AES_BLOCK_SIZE,				\
	.base.cra_ctxsize = sizeof(struct broken_ctx),			\
	.base.cra_module = THIS_MODULE,					\
	.min_keysize = AES_MIN_KEY_SIZE,				\
	.max_keysize = AES_MAX_KEY_SIZE,				\
	.ivsize = AES_BLOCK_SIZE,					\
	.setkey = broken_setkey,					\
	.encrypt = broken_encrypt,					\
	.decrypt = broken_decrypt,					\
	.init = broken_init,						\
	.exit = broken_exit,						\
}

static struct skcipher_alg broken_algs[] = {
	BROKEN_ALG("cbc(aes)", "cbc-aes-kaesbench-broken", 0),
	BROKEN_ALG("__cbc(aes)", "__cbc-aes-kaesbench-broken",
		   CRYPTO_ALG_INTERNAL),
};

static int __init broken_mod_init(void)
{
	return crypto_register_skciphers(broken_algs, ARRAY_SIZE(broken_algs));
}

static void __exit broken_mod_exit(void)
{
	crypto_unregister_skciphers(broken_algs, ARRAY_SIZE(broken_algs));
}

module_init(broken_mod_init);
module_exit(broken_mod_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kaesbench test: a deliberately wrong cbc(aes)");
