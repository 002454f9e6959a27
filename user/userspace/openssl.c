// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Each request is what `openssl speed -evp` does per operation: for the
 * plain modes one EVP_EncryptUpdate() on a context set up once, whose IV
 * chains from request to request as the kernel's does; for GCM, as
 * `openssl speed -aead` does, a whole message: IV, associated data,
 * payload, final and tag. Work is in place, as in the kernel. Every call's
 * result is checked, and its output length.
 */

#define _GNU_SOURCE /* asprintf() */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "userspace/libcrypto.h"
#include "userspace/openssl.h"

#define KEY_MAX 64
#define TAG_MAX 16

struct ossl {
	struct kb_upath up;
	const struct kb_ossl_req *req;
	char name[32];
	EVP_CIPHER *cipher;
	EVP_CIPHER_CTX *ctx;
	bool aead;
	uint8_t key[KEY_MAX];
	uint8_t iv[16];
	uint8_t tag[TAG_MAX];
	uint32_t tag_len;
	uint32_t size;
	uint8_t *aad;
	uint8_t *buf; /* the data, worked on in place */
	uint8_t *ct; /* gcm decrypt: the ciphertext each request reads */
};

/**
 * kb_ossl_version() - the version of the libcrypto loaded
 *
 * Return: such as "OpenSSL 3.0.19 27 Jan 2026", or NULL when libcrypto
 * cannot be loaded (kb_libcrypto_error() says why).
 */
const char *kb_ossl_version(void)
{
	if (kb_libcrypto_load())
		return NULL;
	return sym_OpenSSL_version(OPENSSL_VERSION);
}

/**
 * kb_ossl_cipher_name() - OpenSSL's name for a kernel algorithm name
 * @alg: aes (measured as ECB), cbc(aes), ctr(aes), xts(aes) or gcm(aes)
 * @key_bits: the key length as the kernel takes it (xts: both keys)
 * @buf: where to write
 * @len: size of @buf
 *
 * Return: 0, or -ENOENT for an algorithm name with no counterpart.
 */
int kb_ossl_cipher_name(const char *alg, uint32_t key_bits, char *buf,
			size_t len)
{
	static const struct {
		const char *alg;
		const char *mode;
	} modes[] = {
		{ "aes", "ECB" },      { "ecb(aes)", "ECB" },
		{ "cbc(aes)", "CBC" }, { "ctr(aes)", "CTR" },
		{ "xts(aes)", "XTS" }, { "gcm(aes)", "GCM" },
	};
	size_t i;

	for (i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(alg, modes[i].alg)) {
			if (!strcmp(modes[i].mode, "XTS"))
				key_bits /= 2;
			snprintf(buf, len, "AES-%" PRIu32 "-%s", key_bits,
				 modes[i].mode);
			return 0;
		}
	return -ENOENT;
}

/* Fails a call: @why gets the call and OpenSSL's own reason. */
static int failed(struct ossl *s, const char *call)
{
	unsigned long e = sym_ERR_get_error();
	char reason[160] = "no reason given";

	if (e)
		sym_ERR_error_string_n(e, reason, sizeof(reason));
	sym_ERR_clear_error();
	snprintf(s->up.why, sizeof(s->up.why),
		 "%s of %s failed at %" PRIu32 " bytes: %s", call, s->name,
		 s->size, reason);
	return -EIO;
}

static int aad_update(struct ossl *s)
{
	int outl;

	if (!s->req->aad_len)
		return 0;
	if (sym_EVP_CipherUpdate(s->ctx, NULL, &outl, s->aad,
				 s->req->aad_len) != 1)
		return failed(s, "EVP_CipherUpdate(aad)");
	return 0;
}

/* One whole gcm message, with its IV, associated data and tag. */
static int aead_encrypt(struct ossl *s, const uint8_t *in, uint8_t *out)
{
	int outl, fin;

	if (sym_EVP_EncryptInit_ex2(s->ctx, NULL, NULL, s->iv, NULL) != 1)
		return failed(s, "EVP_EncryptInit_ex2");
	if (aad_update(s))
		return -EIO;
	if (sym_EVP_EncryptUpdate(s->ctx, out, &outl, in, s->size) != 1 ||
	    (uint32_t)outl != s->size)
		return failed(s, "EVP_EncryptUpdate");
	if (sym_EVP_EncryptFinal_ex(s->ctx, out + outl, &fin) != 1 || fin)
		return failed(s, "EVP_EncryptFinal_ex");
	if (sym_EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_GET_TAG, s->tag_len,
				    s->tag) != 1)
		return failed(s, "EVP_CTRL_AEAD_GET_TAG");
	return 0;
}

static int aead_decrypt(struct ossl *s)
{
	int outl, fin;

	if (sym_EVP_DecryptInit_ex2(s->ctx, NULL, NULL, s->iv, NULL) != 1)
		return failed(s, "EVP_DecryptInit_ex2");
	if (sym_EVP_CIPHER_CTX_ctrl(s->ctx, EVP_CTRL_AEAD_SET_TAG, s->tag_len,
				    s->tag) != 1)
		return failed(s, "EVP_CTRL_AEAD_SET_TAG");
	if (aad_update(s))
		return -EIO;
	if (sym_EVP_DecryptUpdate(s->ctx, s->buf, &outl, s->ct, s->size) != 1 ||
	    (uint32_t)outl != s->size)
		return failed(s, "EVP_DecryptUpdate");
	/* Checks the tag: a decrypt that does not authenticate failed. */
	if (sym_EVP_DecryptFinal_ex(s->ctx, s->buf + outl, &fin) != 1 || fin)
		return failed(s, "EVP_DecryptFinal_ex");
	return 0;
}

/*
 * @n requests in place, each checked, as openssl speed -evp's loop does
 * them: @update is read once, and each request is one call through it,
 * as a call through the PLT of a linked libcrypto would be.
 */
static inline int updates(struct ossl *s, uint64_t n,
			  typeof(EVP_EncryptUpdate) *update, const char *call)
{
	EVP_CIPHER_CTX *ctx = s->ctx;
	uint8_t *buf = s->buf;
	int len = s->size, outl;

	for (; n; n--)
		if (update(ctx, buf, &outl, buf, len) != 1 || outl != len)
			return failed(s, call);
	return 0;
}

static int ops(struct kb_upath *p, uint64_t n)
{
	struct ossl *s = (struct ossl *)p;

	if (s->req->decrypt)
		return updates(s, n, sym_EVP_DecryptUpdate,
			       "EVP_DecryptUpdate");
	return updates(s, n, sym_EVP_EncryptUpdate, "EVP_EncryptUpdate");
}

static int op(struct kb_upath *p)
{
	struct ossl *s = (struct ossl *)p;

	if (s->aead)
		return s->req->decrypt ? aead_decrypt(s) :
					 aead_encrypt(s, s->buf, s->buf);
	return ops(p, 1);
}

static int realloc_buf(uint8_t **buf, size_t len)
{
	uint8_t *grown = realloc(*buf, len);

	if (!grown)
		return -ENOMEM;
	memset(grown, 0xa5, len);
	*buf = grown;
	return 0;
}

/* Sets the context up for requests of @size bytes, from the first IV. */
static int size(struct kb_upath *p, uint32_t size)
{
	struct ossl *s = (struct ossl *)p;
	int enc = !s->req->decrypt;

	s->size = size;
	if (realloc_buf(&s->buf, size + TAG_MAX) ||
	    realloc_buf(&s->ct, size + TAG_MAX)) {
		snprintf(p->why, sizeof(p->why), "out of memory");
		return -ENOMEM;
	}
	if (!s->aead) {
		if (sym_EVP_CipherInit_ex2(s->ctx, s->cipher, s->key, s->iv,
					   enc, NULL) != 1)
			return failed(s, "EVP_CipherInit_ex2");
		if (sym_EVP_CIPHER_CTX_set_padding(s->ctx, 0) != 1)
			return failed(s, "EVP_CIPHER_CTX_set_padding");
		return 0;
	}
	/* A decrypt reads a real message, so that its tag checks out. */
	if (sym_EVP_CipherInit_ex2(s->ctx, s->cipher, s->key, NULL, 1, NULL) !=
	    1)
		return failed(s, "EVP_CipherInit_ex2");
	if (enc)
		return 0;
	if (aead_encrypt(s, s->buf, s->ct))
		return -EIO;
	if (sym_EVP_CipherInit_ex2(s->ctx, s->cipher, s->key, NULL, 0, NULL) !=
	    1)
		return failed(s, "EVP_CipherInit_ex2");
	return 0;
}

/**
 * kb_ossl_open() - set up the OpenSSL path for an algorithm
 * @req: the algorithm and its parameters; must outlive the path
 * @key: the key, @req->key_bits long
 * @iv: the first IV, 16 bytes (gcm uses the first 12)
 * @why: set to the reason on failure
 * @len: size of @why
 *
 * Return: the path, to be freed with kb_ossl_close(), or NULL if
 * libcrypto cannot be loaded, the algorithm has no OpenSSL counterpart,
 * OpenSSL does not have it, or out of memory.
 */
struct kb_upath *kb_ossl_open(const struct kb_ossl_req *req, const uint8_t *key,
			      const uint8_t *iv, char *why, size_t len)
{
	struct ossl *s;

	if (kb_libcrypto_load()) {
		snprintf(why, len, "%s", kb_libcrypto_error());
		return NULL;
	}
	s = calloc(1, sizeof(*s));
	if (!s || req->key_bits / 8 > KEY_MAX || req->tag_len > TAG_MAX) {
		snprintf(why, len, "%s",
			 s ? "key or tag too long" : "out of memory");
		free(s);
		return NULL;
	}
	s->req = req;
	s->up.size = size;
	s->up.op = op;
	s->aead = !strcmp(req->alg, "gcm(aes)");
	s->up.ops = s->aead ? NULL : ops;
	s->tag_len = req->tag_len ? req->tag_len : TAG_MAX;
	memcpy(s->key, key, req->key_bits / 8);
	memcpy(s->iv, iv, sizeof(s->iv));
	if (kb_ossl_cipher_name(req->alg, req->key_bits, s->name,
				sizeof(s->name))) {
		snprintf(why, len, "OpenSSL has no counterpart of %s",
			 req->alg);
		goto fail;
	}
	/* The default provider's implementation: never an ENGINE. */
	s->cipher = sym_EVP_CIPHER_fetch(NULL, s->name, NULL);
	if (!s->cipher) {
		sym_ERR_clear_error();
		snprintf(why, len, "OpenSSL does not know %s", s->name);
		goto fail;
	}
	s->ctx = sym_EVP_CIPHER_CTX_new();
	s->aad = calloc(1, req->aad_len + 1);
	if (!s->ctx || !s->aad) {
		snprintf(why, len, "out of memory");
		goto fail;
	}
	return &s->up;
fail:
	kb_ossl_close(&s->up);
	return NULL;
}

/**
 * kb_ossl_buf() - the data buffer of the size set up last
 * @p: the path
 *
 * Return: the buffer requests work on in place.
 */
uint8_t *kb_ossl_buf(struct kb_upath *p)
{
	return ((struct ossl *)p)->buf;
}

/**
 * kb_ossl_close() - free the OpenSSL path
 * @p: the path, or NULL
 */
void kb_ossl_close(struct kb_upath *p)
{
	struct ossl *s = (struct ossl *)p;

	if (!s)
		return;
	sym_EVP_CIPHER_CTX_free(s->ctx);
	sym_EVP_CIPHER_free(s->cipher);
	sym_OPENSSL_cleanse(s->key, sizeof(s->key));
	free(s->aad);
	free(s->buf);
	free(s->ct);
	free(s);
}

static int describe(const struct kb_ossl_req *req, struct kb_run *run,
		    const char *name)
{
	struct kb_ossl_caps caps;
	char words[128];

	kb_ossl_caps(&caps);
	run->impl.alg_name = strdup(req->alg);
	run->impl.driver_name = strdup(name);
	run->library = strdup(kb_ossl_version());
	if (asprintf(
		    &run->measured,
		    "%s, %s per request, default provider; capability bits OpenSSL uses: %s",
		    name,
		    !strcmp(req->alg, "gcm(aes)") ?
			    "EVP Init+Update+Final and tag" :
			    (req->decrypt ? "EVP_DecryptUpdate()" :
					    "EVP_EncryptUpdate()"),
		    kb_ossl_caps_words(&caps, words, sizeof(words))) < 0)
		run->measured = NULL;
	return run->impl.alg_name && run->impl.driver_name && run->library &&
			       run->measured ?
		       0 :
		       -ENOMEM;
}

/**
 * kb_ossl_run() - measure the OpenSSL path at every size of a run
 * @req: the algorithm and its parameters
 * @m: how long
 * @run: its sizes say what to measure; filled in. Without libcrypto, or
 *	 without an OpenSSL counterpart, the run is KB_RUN_UNAVAILABLE,
 *	 saying why.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_ossl_run(const struct kb_ossl_req *req, const struct kb_umeasure *m,
		struct kb_run *run)
{
	uint8_t key[KEY_MAX], iv[16];
	char why[256], name[32];
	struct kb_upath *p;
	int ret;

	run->path = KB_PATH_OPENSSL;
	run->key_bits = req->key_bits;
	run->decrypt = req->decrypt;
	run->depth = 1;
	if (kb_ossl_cipher_name(req->alg, req->key_bits, name, sizeof(name)))
		snprintf(name, sizeof(name), "-");
	if (kb_libcrypto_load()) {
		run->impl.alg_name = strdup(req->alg);
		run->impl.driver_name = strdup(name);
		if (!run->impl.alg_name || !run->impl.driver_name)
			return -ENOMEM;
		kb_run_unavailable(run, ENOENT, "%s", kb_libcrypto_error());
		return 0;
	}
	if (describe(req, run, name))
		return -ENOMEM;
	if (req->key_bits / 8 > KEY_MAX ||
	    getrandom(key, sizeof(key), 0) != sizeof(key) ||
	    getrandom(iv, sizeof(iv), 0) != sizeof(iv)) {
		kb_run_unavailable(run, EINVAL, "no key of %" PRIu32 " bits",
				   req->key_bits);
		return 0;
	}
	p = kb_ossl_open(req, key, iv, why, sizeof(why));
	sym_OPENSSL_cleanse(key, sizeof(key));
	if (!p) {
		kb_run_unavailable(run, ENOENT, "%s", why);
		return 0;
	}
	ret = kb_upath_measure(p, m, run);
	kb_ossl_close(p);
	return ret;
}
