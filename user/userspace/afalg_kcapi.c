// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * AF_ALG through libkcapi: one request is one kcapi_cipher_encrypt() (or
 * kcapi_aead_encrypt()), with sendmsg() (copy) or vmsplice() (zero-copy)
 * as its access mode; a lane's handle is kcapi_handle_reinit()'s.
 */

#include <errno.h>
#include <stdlib.h>

#include <kcapi.h>

#include "userspace/afalg_backend.h"

/* A libkcapi handle, and whether its calls are the aead ones. */
struct kcapi {
	struct kcapi_handle *h;
	bool aead;
};

static int kcapi_init(void **hp, bool aead, const char *name, const char *alg,
		      size_t iv_max)
{
	struct kcapi *k = calloc(1, sizeof(*k));
	int ret;

	(void)alg;
	*hp = k;
	if (!k)
		return -ENOMEM;
	k->aead = aead;
	ret = aead ? kcapi_aead_init(&k->h, name, 0) :
		     kcapi_cipher_init(&k->h, name, 0);
	if (ret)
		return ret;
	if ((aead ? kcapi_aead_ivsize(k->h) : kcapi_cipher_ivsize(k->h)) >
	    iv_max)
		return -EINVAL;
	return 0;
}

static int kcapi_setkey(void *h, const uint8_t *key, uint32_t len)
{
	struct kcapi *k = h;

	return k->aead ? kcapi_aead_setkey(k->h, key, len) :
			 kcapi_cipher_setkey(k->h, key, len);
}

static int kcapi_settaglen(void *h, uint32_t taglen)
{
	struct kcapi *k = h;

	return kcapi_aead_settaglen(k->h, taglen);
}

static void kcapi_setassoclen(void *h, uint32_t assoclen)
{
	struct kcapi *k = h;

	kcapi_aead_setassoclen(k->h, assoclen);
}

static int kcapi_reinit(void **hp, void *from)
{
	struct kcapi *f = from, *k = calloc(1, sizeof(*k));

	*hp = k;
	if (!k)
		return -ENOMEM;
	k->aead = f->aead;
	return kcapi_handle_reinit(&k->h, f->h, 0);
}

static ssize_t kcapi_crypt(void *h, bool decrypt, bool splice,
			   const uint8_t *iv, const uint8_t *in, size_t in_len,
			   uint8_t *out, size_t out_len)
{
	struct kcapi *k = h;
	int access = splice ? KCAPI_ACCESS_VMSPLICE : KCAPI_ACCESS_SENDMSG;

	if (k->aead)
		return decrypt ? kcapi_aead_decrypt(k->h, in, in_len, iv, out,
						    out_len, access) :
				 kcapi_aead_encrypt(k->h, in, in_len, iv, out,
						    out_len, access);
	return decrypt ? kcapi_cipher_decrypt(k->h, in, in_len, iv, out,
					      out_len, access) :
			 kcapi_cipher_encrypt(k->h, in, in_len, iv, out,
					      out_len, access);
}

/* The transform goes with the last handle of it. */
static void kcapi_destroy(void *h)
{
	struct kcapi *k = h;

	if (!k)
		return;
	if (k->h)
		kcapi_cipher_destroy(k->h);
	free(k);
}

const struct kb_afalg_backend kb_afalg_kcapi = {
	.name = "libkcapi",
	.init = kcapi_init,
	.setkey = kcapi_setkey,
	.settaglen = kcapi_settaglen,
	.setassoclen = kcapi_setassoclen,
	.reinit = kcapi_reinit,
	.crypt = kcapi_crypt,
	.destroy = kcapi_destroy,
};
