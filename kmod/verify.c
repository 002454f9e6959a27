// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Differential verification: an implementation against the same algorithm
 * built from independent parts (reference.c), on the layouts the network stack
 * hands drivers (odd lengths, misaligned and scattered buffers) rather than
 * the tidy ones of the self-tests. A fast wrong answer must never be shown
 * as a throughput figure.
 */

#include <linux/kmemleak.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <net/netlink.h>

#include "givenup.h"
#include "reference.h"
#include "tfm.h"
#include "verify.h"
#include "wait.h"

#define MAX_SEGMENTS 8
#define MAX_GAP 16		/* bytes between two segments, at most */
#define MAX_OFFSET 16		/* of a buffer's start, at most */
#define MAX_TAG 16
#define MAX_GEN_IV 16		/* an IV generator's IV, in the data */
#define MAX_RANDOM_AAD 32
#define IV_MAX 64
#define BUF_LEN (KAESBENCH_MAX_SIZE + MAX_RANDOM_AAD + MAX_GEN_IV + \
		 MAX_TAG + MAX_SEGMENTS * MAX_GAP + MAX_OFFSET)

/* Where one side of a request lives: scattered over a buffer. */
struct layout {
	u32 offset;
	unsigned int nsegs;
	u32 segs[MAX_SEGMENTS];
	struct scatterlist sg[MAX_SEGMENTS];
};

/* One case, drawn from the seed and its index. */
struct vcase {
	u32 index;
	u32 len;
	u32 aad_len;
	bool in_place;
	struct layout src;
	struct layout dst;
	u8 iv[IV_MAX];
};

struct kaesbench_verify {
	struct kaesbench_verify_params params;
	struct kaesbench_tfm impl;
	struct kaesbench_ref ref;
	char alg_name[CRYPTO_MAX_ALG_NAME];
	union {
		struct skcipher_request *sk;
		struct aead_request *aead;
	} req;
	struct crypto_wait wait;
	struct kaesbench_wait_class wait_class;
	u32 block_size;
	u32 iv_size;
	u32 tag_len;
	u32 gen_iv;		/* room for the IV an IV generator writes */
	u32 fixed_aad;		/* U32_MAX: random per case */
	bool cts;		/* any length of one block or more */
	u8 *plain;		/* [aad | data] */
	u8 *expect;		/* the reference's [aad | ciphertext | tag] */
	u8 *src;
	u8 *dst;
	u8 *out;		/* gathered from dst */
	/*
	 * What the implementation's request points to (scatterlists, IV) is
	 * here, not on the stack: a request that never completes is left to
	 * the driver, which may still use it.
	 */
	struct vcase cur;
	u8 iv[IV_MAX];
	u32 done;
	bool stuck;		/* a request never completed */
	struct kaesbench_watch *watch;	/* the verifying thread's */
	u64 bytes;		/* allocated for buffers and requests */
	bool failed;
	struct vcase fail;
	u32 fail_op;		/* enum kaesbench_case_op */
	int fail_err;
	s32 fail_offset;	/* -1: none */
	char message[200];
};

/* The bound include/uapi/linux/kaesbench.h documents. */
static_assert(sizeof(struct kaesbench_verify) <= SZ_8K);

static u32 draw(struct rnd_state *rnd, u32 n)
{
	return n ? prandom_u32_state(rnd) % n : 0;
}

static int set_keys(struct kaesbench_verify *v, const char *alg,
		    struct netlink_ext_ack *extack)
{
	u8 random[KAESBENCH_KEY_MAX], key[KAESBENCH_KEY_MAX];
	struct rnd_state rnd;
	int len, err;

	prandom_seed_state(&rnd, v->params.seed);
	prandom_bytes_state(&rnd, random, sizeof(random));
	len = kaesbench_make_key(alg, v->params.key_bits, random, key);
	if (len < 0) {
		NL_SET_ERR_MSG(extack,
			       "key length is not whole bytes, or too long");
		return len;
	}
	err = kaesbench_tfm_setkey(&v->impl, key, len);
	if (err) {
		NL_SET_ERR_MSG(extack,
			       "the implementation rejects this key length");
	} else {
		err = kaesbench_ref_setkey(&v->ref, key, len);
		if (err)
			NL_SET_ERR_MSG(extack,
				       "the reference rejects this key length");
	}
	memzero_explicit(key, sizeof(key));
	return err;
}

#define VERIFY_GFP (GFP_KERNEL_ACCOUNT | __GFP_NOWARN | __GFP_NORETRY)

static int alloc_requests(struct kaesbench_verify *v)
{
	u32 flags = CRYPTO_TFM_REQ_MAY_BACKLOG | CRYPTO_TFM_REQ_MAY_SLEEP;

	kaesbench_init_wait(&v->wait, &v->wait_class);
	switch (v->impl.front) {
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		v->req.sk = skcipher_request_alloc(v->impl.sk, VERIFY_GFP);
		if (!v->req.sk)
			return -ENOMEM;
		v->bytes += kmalloc_size_roundup(sizeof(*v->req.sk) +
						 crypto_skcipher_reqsize(v->impl.sk));
		skcipher_request_set_callback(v->req.sk, flags, crypto_req_done,
					      &v->wait);
		break;
	case KAESBENCH_IMPL_TYPE_AEAD:
		v->req.aead = aead_request_alloc(v->impl.aead, VERIFY_GFP);
		if (!v->req.aead)
			return -ENOMEM;
		v->bytes += kmalloc_size_roundup(sizeof(*v->req.aead) +
						 crypto_aead_reqsize(v->impl.aead));
		aead_request_set_callback(v->req.aead, flags, crypto_req_done,
					  &v->wait);
		break;
	}
	v->bytes += v->ref.bytes;
	return 0;
}

static int alloc_buffers(struct kaesbench_verify *v)
{
	u8 **bufs[] = { &v->plain, &v->expect, &v->src, &v->dst, &v->out };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bufs); i++) {
		*bufs[i] = kmalloc(BUF_LEN, VERIFY_GFP);
		if (!*bufs[i])
			return -ENOMEM;
		v->bytes += kmalloc_size_roundup(BUF_LEN);
	}
	return 0;
}

static void destroy(void *work)
{
	struct kaesbench_verify *v = work;

	/*
	 * The driver may still use what a stuck request points to: all of
	 * it stays allocated, on purpose, and is no leak for kmemleak
	 * (kaesbench_give_up() said so).
	 */
	if (v->stuck) {
		kmemleak_not_leak(v);
		return;
	}
	if (v->impl.front == KAESBENCH_IMPL_TYPE_SKCIPHER)
		skcipher_request_free(v->req.sk);
	else if (v->impl.front == KAESBENCH_IMPL_TYPE_AEAD)
		aead_request_free(v->req.aead);
	kfree(v->plain);
	kfree(v->expect);
	kfree(v->src);
	kfree(v->dst);
	kfree(v->out);
	kaesbench_ref_close(&v->ref);
	kaesbench_tfm_close(&v->impl);
	kaesbench_wait_class_release(&v->wait_class);
	kfree(v);
}

/**
 * kaesbench_verify_create() - set up the verification a request asks for
 * @params: the request; copied
 * @impl: set to the implementation to be verified
 * @extack: why it is refused
 *
 * Context: process context, may sleep.
 * Return: the verification, or an ERR_PTR with @extack set.
 */
struct kaesbench_verify *
kaesbench_verify_create(const struct kaesbench_verify_params *params,
			struct kaesbench_impl *impl,
			struct netlink_ext_ack *extack)
{
	struct kaesbench_verify *v;
	int err;

	v = kzalloc(sizeof(*v), GFP_KERNEL_ACCOUNT);
	if (!v)
		return ERR_PTR(-ENOMEM);
	v->bytes = kmalloc_size_roundup(sizeof(*v));
	kaesbench_wait_class_init(&v->wait_class);
	v->params = *params;
	err = kaesbench_tfm_open(&v->impl, params->name, params->by_alg, impl,
				 extack);
	if (err)
		goto err_free;
	if (!v->params.key_bits)
		v->params.key_bits = kaesbench_default_key_bits(impl->alg_name);
	err = kaesbench_ref_open(&v->ref, v->impl.front, impl->alg_name,
				 extack);
	if (!err)
		err = set_keys(v, impl->alg_name, extack);
	if (err)
		goto err_free;

	v->block_size = crypto_tfm_alg_blocksize(kaesbench_tfm_base(&v->impl));
	v->cts = strstr(impl->alg_name, "xts(") || strstr(impl->alg_name, "cts(");
	strscpy(v->alg_name, impl->alg_name, sizeof(v->alg_name));
	v->fixed_aad = kaesbench_default_aad_len(impl->alg_name) ?: U32_MAX;
	if (v->impl.front == KAESBENCH_IMPL_TYPE_SKCIPHER)
		v->iv_size = crypto_skcipher_ivsize(v->impl.sk);
	if (v->impl.front == KAESBENCH_IMPL_TYPE_AEAD) {
		v->iv_size = crypto_aead_ivsize(v->impl.aead);
		v->tag_len = kaesbench_default_tag_len(impl->alg_name) ?:
			     crypto_aead_maxauthsize(v->impl.aead);
		v->gen_iv = kaesbench_generated_iv(impl->alg_name,
						   v->impl.aead);
		if (v->tag_len > MAX_TAG || v->gen_iv > MAX_GEN_IV ||
		    crypto_aead_setauthsize(v->impl.aead, v->tag_len) ||
		    kaesbench_ref_setauthsize(&v->ref, v->tag_len)) {
			NL_SET_ERR_MSG(extack, "the reference rejects the tag length");
			err = -EINVAL;
			goto err_free;
		}
	}
	if (v->iv_size > IV_MAX) {
		NL_SET_ERR_MSG(extack, "IV longer than kaesbench handles");
		err = -EOPNOTSUPP;
		goto err_free;
	}
	err = alloc_requests(v);
	if (!err)
		err = alloc_buffers(v);
	if (err) {
		NL_SET_ERR_MSG(extack, "cannot allocate the verification buffers");
		goto err_free;
	}
	return v;

err_free:
	destroy(v);
	return ERR_PTR(err);
}

/* A length the mode takes, near @len. */
static u32 valid_len(const struct kaesbench_verify *v, u32 len)
{
	u32 bs = v->block_size;

	if (bs == 1)
		return len;
	if (v->impl.front == KAESBENCH_IMPL_TYPE_CIPHER)
		return max(bs, rounddown(len, bs));
	if (v->cts)
		return max(bs, len);
	return rounddown(len, bs);
}

static int cmp_u32(const void *a, const void *b)
{
	u32 x = *(const u32 *)a, y = *(const u32 *)b;

	return x < y ? -1 : x > y;
}

/*
 * Splits @total bytes into segments at random cuts and places them in @buf
 * from a random offset, each followed by a random gap, so that nothing can
 * assume one segment follows another in memory.
 */
static void scatter(struct rnd_state *rnd, u8 *buf, u32 total,
		    struct layout *l)
{
	u32 cuts[MAX_SEGMENTS + 1];
	unsigned int i, n = 1;
	u32 pos;

	l->offset = draw(rnd, MAX_OFFSET);
	if (total > 1) {
		n = 1 + draw(rnd, min_t(u32, MAX_SEGMENTS, total));
		for (i = 1; i < n; i++)
			cuts[i] = 1 + draw(rnd, total - 1);
		sort(cuts + 1, n - 1, sizeof(u32), cmp_u32, NULL);
	}
	cuts[0] = 0;
	cuts[n] = total;
	sg_init_table(l->sg, n);
	pos = l->offset;
	l->nsegs = 0;
	for (i = 0; i < n; i++) {
		u32 seg = cuts[i + 1] - cuts[i];

		/* Equal cuts make an empty segment: fold it away. */
		if (!seg && total)
			continue;
		l->segs[l->nsegs] = seg;
		sg_set_buf(&l->sg[l->nsegs], buf + pos, seg);
		l->nsegs++;
		pos += seg + draw(rnd, MAX_GAP);
	}
	sg_mark_end(&l->sg[l->nsegs - 1]);
}

static void draw_case(struct kaesbench_verify *v, u32 index, struct vcase *c)
{
	struct rnd_state rnd;
	u32 short_lens = 5 * v->block_size + 1;
	u32 room;

	/* Case i alone decides its draws: any case can be rerun by itself. */
	prandom_seed_state(&rnd, v->params.seed ^
				 (0x9e3779b97f4a7c15ULL * (index + 1)));
	memset(c, 0, sizeof(*c));
	c->index = index;
	c->len = valid_len(v, index < short_lens ? index :
			   draw(&rnd, KAESBENCH_MAX_SIZE + 1));
	if (v->impl.front == KAESBENCH_IMPL_TYPE_AEAD)
		c->aad_len = v->fixed_aad != U32_MAX ? v->fixed_aad :
			     draw(&rnd, MAX_RANDOM_AAD + 1);
	c->in_place = draw(&rnd, 2);
	prandom_bytes_state(&rnd, c->iv, v->iv_size);
	kaesbench_fix_iv(v->alg_name, c->iv);
	prandom_bytes_state(&rnd, v->plain, c->aad_len + c->len);
	/* Room for the tag on both sides, so either can be in place. */
	room = c->aad_len + v->gen_iv + c->len + v->tag_len;
	if (v->impl.front == KAESBENCH_IMPL_TYPE_CIPHER) {
		c->in_place = false;
		c->src.offset = draw(&rnd, MAX_OFFSET);
		c->dst.offset = draw(&rnd, MAX_OFFSET);
		return;
	}
	scatter(&rnd, v->src, room, &c->src);
	if (c->in_place)
		c->dst = c->src;
	else
		scatter(&rnd, v->dst, room, &c->dst);
}

/*
 * In place means the same scatterlist for both: drivers tell in place from
 * out of place by comparing the pointers, not the memory.
 */
static struct scatterlist *dst_sg(struct vcase *c)
{
	return c->in_place ? c->src.sg : c->dst.sg;
}

/*
 * A request that does not complete within KAESBENCH_REQUEST_TIMEOUT_MS,
 * or within KAESBENCH_STOP_GRACE_MS of a stop, is given up: -ETIMEDOUT or
 * -EINTR, its memory left to the driver.
 */
static int wait_for(struct kaesbench_verify *v, int err)
{
	unsigned int waited_ms = 0, stopped_ms = 0;

	kaesbench_alive(v->watch);
	if (err != -EINPROGRESS && err != -EBUSY)
		return err;
	while (!kaesbench_wait_slice(&v->wait.completion)) {
		kaesbench_alive(v->watch);
		waited_ms += KAESBENCH_WAIT_SLICE_MS;
		if (kaesbench_stopping(v->watch))
			stopped_ms += KAESBENCH_WAIT_SLICE_MS;
		if (waited_ms < KAESBENCH_REQUEST_TIMEOUT_MS &&
		    stopped_ms < KAESBENCH_STOP_GRACE_MS)
			continue;
		v->stuck = true;
		kaesbench_give_up(crypto_tfm_alg_driver_name(kaesbench_tfm_base(&v->impl)),
				  "a verification request", v->bytes);
		return stopped_ms >= KAESBENCH_STOP_GRACE_MS ? -EINTR :
							       -ETIMEDOUT;
	}
	return v->wait.err;
}

static __printf(4, 5) int fail(struct kaesbench_verify *v,
			       const struct vcase *c, u32 op,
			       const char *fmt, ...)
{
	va_list args;

	v->failed = true;
	v->fail = *c;
	v->fail_op = op;
	va_start(args, fmt);
	vsnprintf(v->message, sizeof(v->message), fmt, args);
	va_end(args);
	return -EBADMSG;
}

static const char *op_name(u32 op)
{
	static const char *const names[] = {
		[KAESBENCH_CASE_OP_ENCRYPT] = "encryption",
		[KAESBENCH_CASE_OP_DECRYPT] = "decryption",
		[KAESBENCH_CASE_OP_TAG] = "tag check",
		[KAESBENCH_CASE_OP_AAD] = "associated data check",
	};

	return names[op];
}

/* Compares what the implementation wrote with what it should have. */
static int compare(struct kaesbench_verify *v, struct vcase *c, u32 op,
		   u32 skip, const u8 *want, u32 len)
{
	u32 i;

	sg_copy_to_buffer(dst_sg(c), c->dst.nsegs, v->out, skip + len);
	for (i = 0; i < len; i++) {
		if (v->out[skip + i] != want[i]) {
			v->fail_offset = i;
			return fail(v, c, op,
				    "case %u: %s output differs from %s at byte %u of %u",
				    c->index, op_name(op), v->ref.name, i, len);
		}
	}
	return 0;
}

static int impl_error(struct kaesbench_verify *v, const struct vcase *c,
		      u32 op, int err)
{
	if (err == -EINTR)	/* stopped: not the implementation's doing */
		return err;
	v->fail_err = err;
	if (err == -ETIMEDOUT && v->stuck)
		fail(v, c, op, "case %u: %s did not complete within %u ms",
		     c->index, op_name(op), KAESBENCH_REQUEST_TIMEOUT_MS);
	else
		fail(v, c, op, "case %u: %s of %u bytes failed (%d)", c->index,
		     op_name(op), c->len, err);
	return err;
}

static int reference_failed(struct kaesbench_verify *v, int err)
{
	snprintf(v->message, sizeof(v->message),
		 "the reference %s failed (%d)", v->ref.name, err);
	return err;
}

static int skcipher_case(struct kaesbench_verify *v, struct vcase *c)
{
	u8 iv[IV_MAX];
	int err;

	/* The reference, linear and out of place. */
	memcpy(iv, c->iv, v->iv_size);
	err = kaesbench_ref_encrypt(&v->ref, v->plain, v->expect, c->len, iv);
	if (err)
		return reference_failed(v, err);

	sg_copy_from_buffer(c->src.sg, c->src.nsegs, v->plain, c->len);
	memcpy(v->iv, c->iv, v->iv_size);
	reinit_completion(&v->wait.completion);
	skcipher_request_set_crypt(v->req.sk, c->src.sg, dst_sg(c), c->len,
				   v->iv);
	err = wait_for(v, crypto_skcipher_encrypt(v->req.sk));
	if (err)
		return impl_error(v, c, KAESBENCH_CASE_OP_ENCRYPT, err);
	err = compare(v, c, KAESBENCH_CASE_OP_ENCRYPT, 0, v->expect, c->len);
	if (err)
		return err;

	sg_copy_from_buffer(c->src.sg, c->src.nsegs, v->expect, c->len);
	memcpy(v->iv, c->iv, v->iv_size);
	reinit_completion(&v->wait.completion);
	err = wait_for(v, crypto_skcipher_decrypt(v->req.sk));
	if (err)
		return impl_error(v, c, KAESBENCH_CASE_OP_DECRYPT, err);
	return compare(v, c, KAESBENCH_CASE_OP_DECRYPT, 0, v->plain, c->len);
}

/* Decrypts @v->expect with one bit flipped; the tag check must refuse it. */
static int aead_tampered(struct kaesbench_verify *v, struct vcase *c, u32 op,
			 u32 byte)
{
	u32 crypt = v->gen_iv + c->len + v->tag_len;
	u32 total = c->aad_len + crypt;
	int err;

	memcpy(v->out, v->expect, total);
	v->out[byte] ^= 1;
	sg_copy_from_buffer(c->src.sg, c->src.nsegs, v->out, total);
	memcpy(v->iv, c->iv, v->iv_size);
	aead_request_set_crypt(v->req.aead, c->src.sg, dst_sg(c), crypt, v->iv);
	reinit_completion(&v->wait.completion);
	err = wait_for(v, crypto_aead_decrypt(v->req.aead));
	if (err == -EBADMSG)
		return 0;
	if (err && v->stuck)
		return impl_error(v, c, op, err);
	v->fail_err = err;
	return fail(v, c, op, "case %u: a flipped %s bit was not refused (%d)",
		    c->index, op == KAESBENCH_CASE_OP_TAG ? "tag" :
		    "associated data", err);
}

static int impl_encrypt(struct kaesbench_verify *v, struct vcase *c)
{
	u32 ad = c->aad_len, crypt = v->gen_iv + c->len;
	int err;

	sg_copy_from_buffer(c->src.sg, c->src.nsegs, v->plain, ad + crypt);
	memcpy(v->iv, c->iv, v->iv_size);
	aead_request_set_ad(v->req.aead, ad);
	aead_request_set_crypt(v->req.aead, c->src.sg, dst_sg(c), crypt, v->iv);
	reinit_completion(&v->wait.completion);
	err = wait_for(v, crypto_aead_encrypt(v->req.aead));
	return err ? impl_error(v, c, KAESBENCH_CASE_OP_ENCRYPT, err) : 0;
}

/*
 * The reference's packet in @v->expect, and the implementation's
 * encryption compared with it.
 */
static int reference_packet(struct kaesbench_verify *v, struct vcase *c)
{
	u32 ad = c->aad_len;
	u8 iv[IV_MAX];
	int err;

	/*
	 * In place, so that the associated data is left as the algorithm
	 * leaves it: authencesn rearranges it, and out of place others do
	 * not copy it at all.
	 */
	memcpy(v->expect, v->plain, ad + c->len);
	memcpy(iv, c->iv, v->iv_size);
	err = kaesbench_ref_aead_encrypt(&v->ref, v->expect, ad, c->len,
					 v->tag_len, iv);
	if (err)
		return reference_failed(v, err);

	err = impl_encrypt(v, c);
	return err ?: compare(v, c, KAESBENCH_CASE_OP_ENCRYPT, ad,
			      v->expect + ad, c->len + v->tag_len);
}

/*
 * An IV generator's output cannot be compared with the reference's: each
 * instance has its own salt. The reference decrypts it instead, reading
 * the IV from the packet as ESP input does; the packet is left in
 * @v->expect.
 */
static int generated_packet(struct kaesbench_verify *v, struct vcase *c)
{
	u32 ad = c->aad_len, data = ad + v->gen_iv;
	u32 total = data + c->len + v->tag_len;
	u8 iv[IV_MAX];
	u32 i;
	int err;

	err = impl_encrypt(v, c);
	if (err)
		return err;
	sg_copy_to_buffer(dst_sg(c), c->dst.nsegs, v->expect, total);
	memcpy(v->expect, v->plain, ad);

	memcpy(iv, c->iv, v->iv_size);
	err = kaesbench_ref_aead_decrypt(&v->ref, v->expect, v->out, ad,
					 v->gen_iv + c->len + v->tag_len, iv);
	if (err) {
		v->fail_err = err;
		return fail(v, c, KAESBENCH_CASE_OP_ENCRYPT,
			    "case %u: %s cannot decrypt the encryption (%d)",
			    c->index, v->ref.name, err);
	}
	for (i = 0; i < c->len; i++) {
		if (v->out[data + i] != v->plain[data + i]) {
			v->fail_offset = i;
			return fail(v, c, KAESBENCH_CASE_OP_ENCRYPT,
				    "case %u: decrypted by %s, the encryption differs at byte %u of %u",
				    c->index, v->ref.name, i, c->len);
		}
	}
	return 0;
}

static int aead_case(struct kaesbench_verify *v, struct vcase *c)
{
	u32 ad = c->aad_len, data = ad + v->gen_iv;
	u32 total = data + c->len + v->tag_len;
	int err;

	/* Room for the IV an IV generator writes, before the plaintext. */
	if (v->gen_iv) {
		memmove(v->plain + data, v->plain + ad, c->len);
		memset(v->plain + ad, 0, v->gen_iv);
	}
	err = v->gen_iv ? generated_packet(v, c) : reference_packet(v, c);
	if (err)
		return err;

	sg_copy_from_buffer(c->src.sg, c->src.nsegs, v->expect, total);
	memcpy(v->iv, c->iv, v->iv_size);
	aead_request_set_crypt(v->req.aead, c->src.sg, dst_sg(c),
			       v->gen_iv + c->len + v->tag_len, v->iv);
	reinit_completion(&v->wait.completion);
	err = wait_for(v, crypto_aead_decrypt(v->req.aead));
	if (err)
		return impl_error(v, c, KAESBENCH_CASE_OP_DECRYPT, err);
	err = compare(v, c, KAESBENCH_CASE_OP_DECRYPT, data, v->plain + data,
		      c->len);
	if (err)
		return err;

	err = aead_tampered(v, c, KAESBENCH_CASE_OP_TAG, total - 1);
	/* The first byte: ESP's IV, last in the associated data, is not. */
	if (!err && ad)
		err = aead_tampered(v, c, KAESBENCH_CASE_OP_AAD, 0);
	return err;
}

static int cipher_case(struct kaesbench_verify *v, struct vcase *c)
{
	u8 *src = v->src + c->src.offset, *dst = v->dst + c->dst.offset;
	u32 bs = v->block_size, i;
	int err;

	err = kaesbench_ref_encrypt(&v->ref, v->plain, v->expect, c->len, NULL);
	if (err)
		return reference_failed(v, err);
	memcpy(src, v->plain, c->len);
	for (i = 0; i < c->len; i += bs)
		crypto_cipher_encrypt_one(v->impl.cipher, dst + i, src + i);
	for (i = 0; i < c->len; i++) {
		if (dst[i] != v->expect[i]) {
			v->fail_offset = i;
			return fail(v, c, KAESBENCH_CASE_OP_ENCRYPT,
				    "case %u: encryption output differs from %s at byte %u of %u",
				    c->index, v->ref.name, i, c->len);
		}
	}
	for (i = 0; i < c->len; i += bs)
		crypto_cipher_decrypt_one(v->impl.cipher, src + i, dst + i);
	for (i = 0; i < c->len; i++) {
		if (src[i] != v->plain[i]) {
			v->fail_offset = i;
			return fail(v, c, KAESBENCH_CASE_OP_DECRYPT,
				    "case %u: decryption does not give the plaintext back at byte %u of %u",
				    c->index, i, c->len);
		}
	}
	return 0;
}

/**
 * kaesbench_verify_cases() - run a verification's cases, in order
 * @v: the verification
 * @watch: the verifying thread's; says when to stop
 *
 * Return: 0 when every case passed; -EBADMSG at the first that did not;
 * -EINTR when stopped; -ETIME past KAESBENCH_MAX_RUN_MS; another errno
 * when the implementation or the reference failed otherwise.
 * kaesbench_verify_message() says which.
 */
int kaesbench_verify_cases(struct kaesbench_verify *v,
			   struct kaesbench_watch *watch)
{
	u64 deadline = ktime_get_ns() + KAESBENCH_MAX_RUN_MS * NSEC_PER_MSEC;
	struct vcase *c = &v->cur;
	u32 i;
	int err = 0;

	v->fail_offset = -1;
	v->watch = watch;
	for (i = 0; !err && i < v->params.cases; i++) {
		if (kaesbench_stopping(watch))
			return -EINTR;
		kaesbench_alive(watch);
		if (ktime_get_ns() > deadline) {
			strscpy(v->message,
				"the verification took longer than an hour",
				sizeof(v->message));
			return -ETIME;
		}
		draw_case(v, i, c);
		switch (v->impl.front) {
		case KAESBENCH_IMPL_TYPE_CIPHER:
			err = cipher_case(v, c);
			break;
		case KAESBENCH_IMPL_TYPE_SKCIPHER:
			err = skcipher_case(v, c);
			break;
		default:
			err = aead_case(v, c);
			break;
		}
		if (!err)
			v->done++;
		cond_resched();
	}
	return err;
}

static int put_case(struct sk_buff *skb, const struct kaesbench_verify *v)
{
	const struct vcase *c = &v->fail;
	struct nlattr *nest;

	nest = nla_nest_start(skb, KAESBENCH_A_VERIFY_CASE);
	if (!nest)
		return -EMSGSIZE;
	if (nla_put_u32(skb, KAESBENCH_CASE_A_INDEX, c->index) ||
	    nla_put_u32(skb, KAESBENCH_CASE_A_OP, v->fail_op) ||
	    nla_put_u32(skb, KAESBENCH_CASE_A_LEN, c->len) ||
	    nla_put_u32(skb, KAESBENCH_CASE_A_AAD_LEN, c->aad_len) ||
	    nla_put_u32(skb, KAESBENCH_CASE_A_SRC_OFFSET, c->src.offset) ||
	    nla_put_u32(skb, KAESBENCH_CASE_A_DST_OFFSET, c->dst.offset) ||
	    (c->in_place && nla_put_flag(skb, KAESBENCH_CASE_A_IN_PLACE)) ||
	    (c->src.nsegs &&
	     nla_put(skb, KAESBENCH_CASE_A_SEGMENTS,
		     c->src.nsegs * sizeof(u32), c->src.segs)) ||
	    (v->fail_err &&
	     nla_put_s32(skb, KAESBENCH_CASE_A_ERROR, v->fail_err)) ||
	    (v->fail_offset >= 0 &&
	     nla_put_u32(skb, KAESBENCH_CASE_A_OFFSET, v->fail_offset))) {
		nla_nest_cancel(skb, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	return 0;
}

/**
 * kaesbench_verify_put_result() - add a verification's outcome to a message
 * @skb: the message
 * @v: the verification
 *
 * Return: 0, or -EMSGSIZE.
 */
int kaesbench_verify_put_result(struct sk_buff *skb,
				const struct kaesbench_verify *v)
{
	if (nla_put_u32(skb, KAESBENCH_A_VERIFY_CASES, v->done))
		return -EMSGSIZE;
	return v->failed ? put_case(skb, v) : 0;
}

/**
 * kaesbench_verify_bytes() - the memory a verification holds
 * @v: the verification
 *
 * Return: bytes of its buffers and requests, as allocated.
 */
u64 kaesbench_verify_bytes(const struct kaesbench_verify *v)
{
	return v->bytes;
}

/**
 * kaesbench_verify_destroy() - free a verification
 * @v: the verification; NULL or an ERR_PTR is ignored
 */
void kaesbench_verify_destroy(struct kaesbench_verify *v)
{
	if (!IS_ERR_OR_NULL(v))
		destroy(v);
}

/**
 * kaesbench_verify_message() - what went wrong
 * @v: the verification
 *
 * Return: a description of the failing case or error, or "".
 */
const char *kaesbench_verify_message(const struct kaesbench_verify *v)
{
	return v->message;
}

/**
 * kaesbench_verify_reference() - the driver compared against
 * @verify: the verification
 *
 * Return: its driver name.
 */
const char *kaesbench_verify_reference(const struct kaesbench_verify *verify)
{
	return verify->ref.name;
}

/**
 * kaesbench_verify_params() - what the verification does, defaults applied
 * @verify: the verification
 *
 * Return: its parameters.
 */
const struct kaesbench_verify_params *
kaesbench_verify_params(const struct kaesbench_verify *verify)
{
	return &verify->params;
}
