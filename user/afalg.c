// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One request is one kcapi_cipher_encrypt() (or kcapi_aead_encrypt()):
 * the data and the IV go to the kernel with sendmsg() (copy) or
 * vmsplice() (zero-copy), the result comes back with read(). The
 * operation socket is bound to the kernel row's driver name, which
 * AF_ALG accepts as it accepts an algorithm name, so that both rows
 * measure the same implementation. libkcapi returns the bytes processed
 * or a negative errno: anything but the full length is an error.
 */

#define _GNU_SOURCE /* asprintf() */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include <kcapi.h>

#include "afalg.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

#define KEY_MAX 64
#define TAG_MAX 16

struct afalg {
	struct kb_upath up;
	const struct kb_afalg_req *req;
	struct kcapi_handle *h;
	bool aead;
	int access;
	uint8_t iv[32];
	uint32_t size;
	uint32_t tag_len;
	size_t page;
	uint8_t *in; /* [aad | data | tag] */
	uint8_t *out;
	size_t in_len;
	size_t out_len;
};

/**
 * kb_afalg_available() - whether this kernel has AF_ALG sockets
 * @why: set to the reason when not
 * @len: size of @why
 *
 * Return: 0, or the negative errno of socket(AF_ALG).
 */
int kb_afalg_available(char *why, size_t len)
{
	int fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	int err = errno;

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	snprintf(why, len, "AF_ALG not available (socket: %s)", strerror(err));
	return -err;
}

/**
 * kb_afalg_bind_name() - the name the operation socket binds to
 * @req: the request
 *
 * The single-block cipher has no AF_ALG interface: its row is measured
 * as ecb(aes), the same block function over the whole buffer.
 *
 * Return: the driver name, "ecb(aes)" for aes, or the algorithm name.
 */
const char *kb_afalg_bind_name(const struct kb_afalg_req *req)
{
	if (!strcmp(req->alg, "aes"))
		return "ecb(aes)";
	return req->driver ? req->driver : req->alg;
}

static int failed(struct afalg *s, const char *call, ssize_t ret, size_t want)
{
	if (ret < 0)
		snprintf(s->up.why, sizeof(s->up.why),
			 "%s of %s failed at %" PRIu32 " bytes: %s", call,
			 kb_afalg_bind_name(s->req), s->size,
			 strerror((int)-ret));
	else
		snprintf(s->up.why, sizeof(s->up.why),
			 "%s of %s at %" PRIu32
			 " bytes processed %zd of %zu bytes",
			 call, kb_afalg_bind_name(s->req), s->size, ret, want);
	return ret < 0 ? (int)ret : -EIO;
}

static ssize_t do_crypt(struct afalg *s, bool decrypt, const uint8_t *in,
			size_t in_len, uint8_t *out, size_t out_len)
{
	if (s->aead)
		return decrypt ? kcapi_aead_decrypt(s->h, in, in_len, s->iv,
						    out, out_len, s->access) :
				 kcapi_aead_encrypt(s->h, in, in_len, s->iv,
						    out, out_len, s->access);
	return decrypt ? kcapi_cipher_decrypt(s->h, in, in_len, s->iv, out,
					      out_len, s->access) :
			 kcapi_cipher_encrypt(s->h, in, in_len, s->iv, out,
					      out_len, s->access);
}

static int op(struct kb_upath *p)
{
	struct afalg *s = (struct afalg *)p;
	ssize_t ret;

	ret = do_crypt(s, s->req->decrypt, s->in, s->in_len, s->out,
		       s->out_len);
	if (ret < 0 || (size_t)ret != s->out_len)
		return failed(s,
			      s->req->decrypt ? "AF_ALG decrypt" :
						"AF_ALG encrypt",
			      ret, s->out_len);
	return 0;
}

static uint8_t *page_alloc(size_t page, size_t len)
{
	void *buf = NULL;

	/* vmsplice() maps whole pages: buffers start on one. */
	if (posix_memalign(&buf, page, len ? len : 1))
		return NULL;
	memset(buf, 0xa5, len);
	return buf;
}

/*
 * Lengths as libkcapi wants them: an aead encrypt reads [aad | data] and
 * writes [aad | data | tag]; a decrypt the other way round, from a real
 * ciphertext so that its tag checks out.
 */
static int size(struct kb_upath *p, uint32_t size)
{
	struct afalg *s = (struct afalg *)p;
	uint32_t aad = s->aead ? s->req->aad_len : 0;
	size_t enc_out = aad + size + (s->aead ? s->tag_len : 0);
	ssize_t ret;

	s->size = size;
	free(s->in);
	free(s->out);
	s->in = page_alloc(s->page, enc_out);
	s->out = page_alloc(s->page, enc_out);
	if (!s->in || !s->out) {
		snprintf(p->why, sizeof(p->why), "out of memory");
		return -ENOMEM;
	}
	s->in_len = aad + size;
	s->out_len = enc_out;
	if (!s->aead || !s->req->decrypt)
		return 0;
	ret = do_crypt(s, false, s->in, s->in_len, s->out, s->out_len);
	if (ret < 0 || (size_t)ret != s->out_len)
		return failed(s, "AF_ALG encrypt", ret, s->out_len);
	memcpy(s->in, s->out, enc_out);
	s->in_len = enc_out;
	s->out_len = aad + size;
	return 0;
}

static int setup(struct afalg *s, const char *name, const uint8_t *key)
{
	uint32_t len = s->req->key_bits / 8;
	int ret;

	if (s->aead) {
		ret = kcapi_aead_init(&s->h, name, 0);
		if (ret)
			return ret;
		ret = kcapi_aead_setkey(s->h, key, len);
		if (!ret)
			ret = kcapi_aead_settaglen(s->h, s->tag_len);
		kcapi_aead_setassoclen(s->h, s->req->aad_len);
		if (!ret && kcapi_aead_ivsize(s->h) > sizeof(s->iv))
			ret = -EINVAL;
		return ret;
	}
	ret = kcapi_cipher_init(&s->h, name, 0);
	if (ret)
		return ret;
	ret = kcapi_cipher_setkey(s->h, key, len);
	if (!ret && kcapi_cipher_ivsize(s->h) > sizeof(s->iv))
		ret = -EINVAL;
	return ret;
}

static void destroy(struct afalg *s)
{
	if (s->h && s->aead)
		kcapi_aead_destroy(s->h);
	else if (s->h)
		kcapi_cipher_destroy(s->h);
	free(s->in);
	free(s->out);
}

static int describe(const struct kb_afalg_req *req, struct kb_run *run)
{
	char version[64] = "";

	kcapi_versionstring(version, sizeof(version));
	run->impl.alg_name = strdup(req->alg);
	run->impl.driver_name = strdup(kb_afalg_bind_name(req));
	run->library = strdup(version);
	if (asprintf(
		    &run->measured,
		    "%s per request with %s, bound to %s, one request at a time",
		    !strcmp(req->alg, "gcm(aes)") ? "kcapi_aead_encrypt()" :
						    "kcapi_cipher_encrypt()",
		    req->vmsplice ? "vmsplice+splice+read (zero-copy)" :
				    "sendmsg+read (copy)",
		    kb_afalg_bind_name(req)) < 0)
		run->measured = NULL;
	return run->impl.alg_name && run->impl.driver_name && run->library &&
			       run->measured ?
		       0 :
		       -ENOMEM;
}

/*
 * A name AF_ALG does not find (no algif module, no such driver), or a
 * driver the kernel does not offer to AF_ALG (Linux 7.2 refuses offload
 * drivers), is n/a with the reason, not an error.
 */
static void cannot_bind(struct kb_run *run, const char *name, int ret)
{
	if (ret == -ENOENT)
		kb_run_unavailable(
			run, ENOENT,
			"AF_ALG cannot bind %s (%s: algif module not loaded, no such driver, or not offered to AF_ALG)",
			name, strerror(ENOENT));
	else if (ret == -EOPNOTSUPP || ret == -EPERM || ret == -EACCES)
		kb_run_unavailable(
			run, -ret,
			"AF_ALG cannot bind %s (%s: the kernel does not offer it to AF_ALG)",
			name, strerror(-ret));
	else
		kb_run_unavailable(run, -ret, "AF_ALG cannot set up %s: %s",
				   name, strerror(-ret));
}

/**
 * kb_afalg_run() - measure an AF_ALG path at every size of a run
 * @req: the algorithm, the driver to bind and the access mode
 * @m: how long
 * @run: its sizes say what to measure; filled in. When AF_ALG is missing
 *	 or cannot bind, the run is KB_RUN_UNAVAILABLE, saying why.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_afalg_run(const struct kb_afalg_req *req, const struct kb_umeasure *m,
		 struct kb_run *run)
{
	struct afalg s = {
		.up = { .size = size, .op = op },
		.req = req,
		.aead = !strcmp(req->alg, "gcm(aes)"),
		.access = req->vmsplice ? KCAPI_ACCESS_VMSPLICE :
					  KCAPI_ACCESS_SENDMSG,
		.tag_len = req->tag_len ? req->tag_len : TAG_MAX,
		.page = sysconf(_SC_PAGESIZE),
	};
	uint8_t key[KEY_MAX];
	char why[256];
	int ret;

	run->path = req->vmsplice ? KB_PATH_AFALG_VMSPLICE :
				    KB_PATH_AFALG_SENDMSG;
	run->key_bits = req->key_bits;
	run->decrypt = req->decrypt;
	run->depth = 1;
	if (describe(req, run))
		return -ENOMEM;
	if (kb_afalg_available(why, sizeof(why))) {
		kb_run_unavailable(run, EAFNOSUPPORT, "%s", why);
		return 0;
	}
	if (req->key_bits / 8 > KEY_MAX ||
	    getrandom(key, sizeof(key), 0) != sizeof(key) ||
	    getrandom(s.iv, sizeof(s.iv), 0) != sizeof(s.iv)) {
		kb_run_unavailable(run, EINVAL, "no key of %" PRIu32 " bits",
				   req->key_bits);
		return 0;
	}
	ret = setup(&s, kb_afalg_bind_name(req), key);
	memset(key, 0, sizeof(key));
	if (ret) {
		cannot_bind(run, kb_afalg_bind_name(req), ret);
		destroy(&s);
		return 0;
	}
	ret = kb_upath_measure(&s.up, m, run);
	destroy(&s);
	return ret;
}
