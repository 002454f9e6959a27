// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The measurement engine: one transform, "depth" request slots, and a loop
 * that keeps them busy for a sample's duration. Synchronous and
 * asynchronous implementations share the loop: a request that completes at
 * once leaves its slot free for the next, one that returns -EINPROGRESS or
 * -EBUSY (backlogged) holds its slot until its completion arrives.
 *
 * A request handed to a driver is the driver's until it completes: it is
 * never written to meanwhile, and its completion callback is
 * crypto_req_done(), in the kernel proper, into the slot's crypto_wait.
 * Templates and drivers copy that callback into requests of their own
 * (rfc4106, seqiv, cryptd, SIMD wrappers), so no completion ever calls into
 * this module, which may be gone by then. A request not completed within
 * its bound is given up: it and everything it points to stay allocated.
 */

#include <crypto/internal/simd.h>
#include <linux/completion.h>
#include <linux/kernel_stat.h>
#include <linux/kmemleak.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/timex.h>
#include <asm/simd.h>

#include "bench.h"
#include "givenup.h"
#include "latency.h"
#include "pagebuf.h"
#include "runcheck.h"
#include "tfm.h"
#include "wait.h"

#define IV_MAX 64
/* Synchronous work done between two clock reads, and its bound in ops. */
#define BATCH_NS (500 * NSEC_PER_USEC)
#define BATCH_MAX 65536

struct slot {
	struct crypto_wait wait;	/* the completion's, crypto_req_done() */
	union {
		struct skcipher_request *sk;
		struct aead_request *aead;
	};
	struct kaesbench_pagebuf buf;	/* [aad | data | tag], in place */
	struct kaesbench_pagebuf ct;	/* aead decrypt: what it reads */
	u64 submit_ns;		/* with latency only */
	u64 done_ns;		/* when its completion was first seen */
	bool checked;		/* started from the known input */
	u8 iv[IV_MAX];
};

struct kaesbench_bench {
	struct kaesbench_tfm tfm;
	bool decrypt;
	bool cts;		/* accepts any length of a block or more */
	u32 block_size;
	u32 depth;
	u32 aad_len;
	u32 gen_iv;		/* room for the IV an IV generator writes */
	u32 tag_len;
	u32 buf_len;
	u32 size;		/* of the requests being measured */
	unsigned int batch;
	/* Slots head .. head + inflight - 1 (mod depth) await completion. */
	unsigned int head;
	unsigned int inflight;
	/* A request never completed: its memory stays with the driver. */
	bool stuck;
	struct kaesbench_watch *watch;	/* the measuring thread's */
	struct kaesbench_grace grace;	/* of the stop, for what is in flight */
	bool latency;		/* time every request */
	u32 context;		/* enum kaesbench_context */
	u64 submitted;		/* this sample's requests */
	u64 no_simd;		/* ... submitted where SIMD was unusable */
	u64 deferred;		/* ... not completed at once */
	u64 bytes;		/* allocated for the slots and requests */
	struct kaesbench_runcheck check;
	struct kaesbench_latency lat;
	char error[160];
	struct kaesbench_wait_class wait_class;
	struct slot *slots[];
};

/* The bounds include/uapi/linux/kaesbench.h documents. */
static_assert(sizeof(struct slot) <= SZ_2K);
static_assert(IV_MAX == KAESBENCH_RUNCHECK_IV_MAX);
static_assert(struct_size_t(struct kaesbench_bench, slots,
			    KAESBENCH_MAX_DEPTH) <= SZ_8K);

static __printf(3, 4) int fail(struct kaesbench_bench *b, int err,
			       const char *fmt, ...)
{
	va_list args;

	if (!b->error[0]) {
		va_start(args, fmt);
		vsnprintf(b->error, sizeof(b->error), fmt, args);
		va_end(args);
	}
	return err;
}

/* Return: the key's length, the key in @key; or a negative errno. */
static int set_key(struct kaesbench_bench *b, struct kaesbench_params *params,
		   const struct kaesbench_impl *impl, u8 *key,
		   struct netlink_ext_ack *extack)
{
	u8 random[KAESBENCH_KEY_MAX];
	int len, err;

	if (!params->key_bits)
		params->key_bits = kaesbench_default_key_bits(impl->alg_name);
	get_random_bytes(random, sizeof(random));
	len = kaesbench_make_key(impl->alg_name, params->key_bits, random, key);
	if (len < 0) {
		NL_SET_ERR_MSG(extack,
			       "key length is not whole bytes, or too long");
		return len;
	}
	err = kaesbench_tfm_setkey(&b->tfm, key, len);
	memzero_explicit(random, sizeof(random));
	if (err) {
		NL_SET_ERR_MSG(extack,
			       "the implementation rejects this key length");
		return err;
	}
	return len;
}

/* SPI, sequence number (and its high bits) and IV: nothing else. */
static bool esp_aad_only(const char *alg_name)
{
	return str_has_prefix(alg_name, "rfc4106(") ||
	       str_has_prefix(alg_name, "rfc4309(") ||
	       str_has_prefix(alg_name, "rfc4543(");
}

static int set_aead_params(struct kaesbench_bench *b,
			   struct kaesbench_params *params,
			   const struct kaesbench_impl *impl,
			   struct netlink_ext_ack *extack)
{
	int err;

	if (b->tfm.front != KAESBENCH_IMPL_TYPE_AEAD) {
		if (params->aad_len != U32_MAX || params->tag_len) {
			NL_SET_ERR_MSG(extack,
				       "associated data and tags are for aeads only");
			return -EINVAL;
		}
		params->aad_len = 0;
		return 0;
	}
	if (params->aad_len == U32_MAX)
		params->aad_len = kaesbench_default_aad_len(impl->alg_name);
	if (esp_aad_only(impl->alg_name) && params->aad_len != 16 &&
	    params->aad_len != 20) {
		NL_SET_ERR_MSG(extack,
			       "this ESP transform takes 16 or 20 bytes of associated data");
		return -EINVAL;
	}
	if (!params->tag_len)
		params->tag_len = kaesbench_default_tag_len(impl->alg_name) ?:
				  kaesbench_tfm_max_auth_size(&b->tfm);
	err = kaesbench_tfm_setauthsize(&b->tfm, params->tag_len);
	if (err)
		NL_SET_ERR_MSG(extack,
			       "the implementation rejects this tag length");
	b->aad_len = params->aad_len;
	b->tag_len = params->tag_len;
	b->gen_iv = kaesbench_generated_iv(impl->alg_name, b->tfm.aead);
	return err;
}

static int check_sizes(struct kaesbench_bench *b,
		       const struct kaesbench_params *params,
		       const struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack)
{
	u32 i, size;

	/* Ciphertext stealing takes any length of one block or more. */
	b->cts = strstr(impl->alg_name, "xts(") || strstr(impl->alg_name, "cts(");
	for (i = 0; i < params->nsizes; i++) {
		size = params->sizes[i];
		if (b->block_size == 1)
			continue;
		if (b->cts && size < b->block_size) {
			NL_SET_ERR_MSG(extack, "a size is shorter than one block");
			return -EINVAL;
		}
		if (!b->cts && size % b->block_size) {
			NL_SET_ERR_MSG(extack,
				       "a size is not a multiple of the block size");
			return -EINVAL;
		}
	}
	return 0;
}

#define SLOT_GFP (GFP_KERNEL_ACCOUNT | __GFP_NOWARN | __GFP_NORETRY)

/* The memory one slot takes, as kaesbench_bench_bytes() counts it. */
static u64 slot_bytes(const struct kaesbench_bench *b)
{
	u64 bytes = kmalloc_size_roundup(sizeof(struct slot)) +
		    kaesbench_pagebuf_bytes(b->buf_len);

	if (b->tfm.lib) {
		if (b->decrypt && b->tfm.front == KAESBENCH_IMPL_TYPE_AEAD)
			bytes += kaesbench_pagebuf_bytes(b->buf_len);
		return bytes;
	}
	switch (b->tfm.front) {
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		bytes += kmalloc_size_roundup(sizeof(struct skcipher_request) +
					      crypto_skcipher_reqsize(b->tfm.sk));
		break;
	case KAESBENCH_IMPL_TYPE_AEAD:
		bytes += kmalloc_size_roundup(sizeof(struct aead_request) +
					      crypto_aead_reqsize(b->tfm.aead));
		if (b->decrypt)
			bytes += kaesbench_pagebuf_bytes(b->buf_len);
		break;
	}
	return bytes;
}

/*
 * A library path takes linear buffers: the pages' mapping in vmalloc
 * space. A single-block path works page by page, as a cipher does.
 */
static void alloc_linear(struct kaesbench_bench *b, struct slot *s)
{
	if (b->tfm.front == KAESBENCH_IMPL_TYPE_CIPHER)
		return;
	if (kaesbench_pagebuf_map(&s->buf))
		return;
	if (b->decrypt && b->tfm.front == KAESBENCH_IMPL_TYPE_AEAD &&
	    !kaesbench_pagebuf_alloc(&s->ct, b->buf_len))
		kaesbench_pagebuf_map(&s->ct);
}

static struct slot *alloc_slot(struct kaesbench_bench *b)
{
	u32 flags = kaesbench_request_flags(b->context);
	struct slot *s;

	s = kzalloc(sizeof(*s), SLOT_GFP);
	if (!s)
		return NULL;
	get_random_bytes(s->iv, sizeof(s->iv));
	kaesbench_init_wait(&s->wait, &b->wait_class);
	if (kaesbench_pagebuf_alloc(&s->buf, b->buf_len))
		return s;
	if (b->tfm.lib) {
		alloc_linear(b, s);
		return s;
	}

	switch (b->tfm.front) {
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		s->sk = skcipher_request_alloc(b->tfm.sk, SLOT_GFP);
		if (s->sk)
			skcipher_request_set_callback(s->sk, flags,
						      crypto_req_done,
						      &s->wait);
		break;
	case KAESBENCH_IMPL_TYPE_AEAD:
		s->aead = aead_request_alloc(b->tfm.aead, SLOT_GFP);
		if (s->aead)
			aead_request_set_callback(s->aead, flags,
						  crypto_req_done, &s->wait);
		if (b->decrypt)
			kaesbench_pagebuf_alloc(&s->ct, b->buf_len);
		break;
	}
	return s;
}

/* Whether alloc_slot() got everything. */
static bool slot_complete(const struct kaesbench_bench *b,
			  const struct slot *s)
{
	if (s->buf.npages != DIV_ROUND_UP(b->buf_len, PAGE_SIZE))
		return false;
	if (b->tfm.lib)
		return b->tfm.front == KAESBENCH_IMPL_TYPE_CIPHER ||
		       (s->buf.linear && (!b->decrypt ||
		       b->tfm.front != KAESBENCH_IMPL_TYPE_AEAD || s->ct.linear));
	switch (b->tfm.front) {
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		return s->sk;
	case KAESBENCH_IMPL_TYPE_AEAD:
		return s->aead && (!b->decrypt || s->ct.npages == s->buf.npages);
	}
	return true;
}

static void free_slot(struct kaesbench_bench *b, struct slot *s)
{
	if (!s)
		return;
	if (b->tfm.lib)
		;	/* no request: a library call */
	else if (b->tfm.front == KAESBENCH_IMPL_TYPE_SKCIPHER)
		skcipher_request_free(s->sk);
	else if (b->tfm.front == KAESBENCH_IMPL_TYPE_AEAD)
		aead_request_free(s->aead);
	kaesbench_pagebuf_free(&s->ct);
	kaesbench_pagebuf_free(&s->buf);
	kfree(s);
}

static u32 max_size(const struct kaesbench_params *params)
{
	u32 i, max = 0;

	for (i = 0; i < params->nsizes; i++)
		max = max(max, params->sizes[i]);
	return max;
}

/**
 * kaesbench_bench_create() - set up the measurement a run request asks for
 * @params: the request; defaults are filled in (key_bits, depth, aad_len,
 *	    tag_len) so that the caller can report what is used
 * @impl: set to the implementation being measured
 * @extack: why the request is refused
 *
 * Allocates a transform, which may instantiate a template, as for any
 * first user of it. Synchronous implementations run at depth 1.
 *
 * Context: process context, may sleep.
 * Return: the measurement, or an ERR_PTR with @extack set.
 */
struct kaesbench_bench *kaesbench_bench_create(struct kaesbench_params *params,
					       struct kaesbench_impl *impl,
					       struct netlink_ext_ack *extack)
{
	u8 key[KAESBENCH_KEY_MAX];
	struct kaesbench_bench *b;
	int err, key_len;
	u32 i;

	b = kzalloc(struct_size(b, slots, params->depth), GFP_KERNEL_ACCOUNT);
	if (!b)
		return ERR_PTR(-ENOMEM);
	kaesbench_wait_class_init(&b->wait_class);
	b->decrypt = params->decrypt;
	b->depth = params->depth;
	b->latency = params->latency;
	b->context = params->context;

	err = kaesbench_tfm_open(&b->tfm, params->name, params->by_alg, impl,
				 extack);
	if (err)
		goto err_free;
	key_len = set_key(b, params, impl, key, extack);
	if (key_len < 0) {
		err = key_len;
		goto err_free;
	}
	err = set_aead_params(b, params, impl, extack);
	if (err)
		goto err_free;
	b->block_size = kaesbench_tfm_block_size(&b->tfm);
	err = check_sizes(b, params, impl, extack);
	if (err)
		goto err_free;

	if (!(impl->flags & KAESBENCH_IMPL_F_ASYNC))
		b->depth = 1;
	params->depth = b->depth;
	b->buf_len = b->aad_len + b->gen_iv + max_size(params) + b->tag_len;
	err = kaesbench_runcheck_open(&b->check, params->check_every,
				      b->tfm.front, impl->alg_name, !!b->tfm.lib,
				      b->decrypt,
				      b->aad_len, b->tag_len, b->buf_len);
	if (err) {
		NL_SET_ERR_MSG(extack, "cannot allocate the request buffers");
		goto err_free;
	}
	kaesbench_runcheck_setkey(&b->check, key, key_len);
	params->check_every = b->check.every;
	b->bytes = kmalloc_size_roundup(struct_size(b, slots, b->depth)) +
		   b->check.bytes;
	for (i = 0; i < b->depth; i++) {
		b->slots[i] = alloc_slot(b);
		if (!b->slots[i] || !slot_complete(b, b->slots[i])) {
			NL_SET_ERR_MSG(extack,
				       "cannot allocate the request buffers");
			err = -ENOMEM;
			goto err_free;
		}
		kaesbench_fix_iv(impl->alg_name, b->slots[i]->iv);
		b->bytes += slot_bytes(b);
	}
	memzero_explicit(key, sizeof(key));
	return b;

err_free:
	memzero_explicit(key, sizeof(key));
	kaesbench_bench_destroy(b);
	return ERR_PTR(err);
}

/* A single-block cipher works page by page: no block crosses a page. */
static void cipher_pages(struct kaesbench_bench *b, struct slot *s)
{
	u32 off, end;
	u8 *p;

	for (off = 0; off < b->size; off += b->block_size) {
		p = kaesbench_pagebuf_page(&s->buf, off / PAGE_SIZE) +
		    off % PAGE_SIZE;
		end = min_t(u32, b->size, round_down(off, PAGE_SIZE) + PAGE_SIZE);
		for (; off < end; off += b->block_size, p += b->block_size)
			kaesbench_tfm_crypt_one(&b->tfm, b->decrypt, p, p);
		off -= b->block_size;
	}
}

/*
 * The known input into @buf (NULL: the IV alone), through the direct map;
 * a library path's linear view is kept coherent around it (pagebuf.c).
 */
static void load_known(struct kaesbench_bench *b, struct kaesbench_pagebuf *buf,
		       u8 *iv)
{
	bool linear = buf && buf->linear;

	/* Its last output, written back before it is overwritten. */
	if (linear)
		kaesbench_pagebuf_from_linear(buf);
	kaesbench_runcheck_load(&b->check, buf, iv);
	if (linear)
		kaesbench_pagebuf_to_linear(buf);
}

/* One request in every check.every starts from the known input. */
static void load_check(struct kaesbench_bench *b, struct slot *s)
{
	bool aead_decrypt = b->tfm.front == KAESBENCH_IMPL_TYPE_AEAD &&
			    b->decrypt;

	s->checked = kaesbench_runcheck_due(&b->check);
	/* An aead decryption reads the reference's ciphertext in ct. */
	if (s->checked)
		load_known(b, aead_decrypt ? NULL : &s->buf, s->iv);
}

/* A completed request that started from the known input, compared. */
static int check_output(struct kaesbench_bench *b, struct slot *s)
{
	s32 off;

	if (!s->checked)
		return 0;
	s->checked = false;
	if (s->buf.linear)
		kaesbench_pagebuf_from_linear(&s->buf);
	off = kaesbench_runcheck_compare(&b->check, &s->buf);
	if (off < 0)
		return 0;
	return fail(b, -EBADMSG,
		    "a measured %u-byte request came back wrong from byte %d (request %llu of those checked)",
		    b->size, off, b->check.checked);
}

/*
 * A library path's call, on the buffers' linear views: in place, or for
 * an aead decryption from the ciphertext in ct, as a request would be.
 */
static int call_library(struct kaesbench_bench *b, struct slot *s)
{
	u8 *in = b->decrypt && s->ct.linear ? s->ct.linear : s->buf.linear;

	return kaesbench_lib_crypt(b->tfm.lib, b->decrypt, s->buf.linear, in,
				   b->aad_len, b->size, s->iv);
}

static int call_driver(struct kaesbench_bench *b, struct slot *s)
{
	if (b->tfm.lib && b->tfm.front != KAESBENCH_IMPL_TYPE_CIPHER)
		return call_library(b, s);
	switch (b->tfm.front) {
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		return b->decrypt ? crypto_skcipher_decrypt(s->sk) :
				    crypto_skcipher_encrypt(s->sk);
	case KAESBENCH_IMPL_TYPE_AEAD:
		return b->decrypt ? crypto_aead_decrypt(s->aead) :
				    crypto_aead_encrypt(s->aead);
	}
	cipher_pages(b, s);
	return 0;
}

/*
 * In softirq context, the submission, and the work of a request that
 * completes at once, run with bottom halves disabled, as in ESP's receive
 * path; what the crypto API decides from that (SIMD or its fallback,
 * cryptd or not) is counted.
 */
static int submit(struct kaesbench_bench *b, struct slot *s)
{
	int err;

	reinit_completion(&s->wait.completion);
	s->done_ns = 0;
	if (b->latency)
		s->submit_ns = ktime_get_ns();
	kaesbench_context_enter(b->context);
	b->no_simd += !crypto_simd_usable();
	err = call_driver(b, s);
	kaesbench_context_leave(b->context);
	b->submitted++;
	b->deferred += err == -EINPROGRESS || err == -EBUSY;
	return err;
}

/*
 * Gives up a request that has not completed within
 * KAESBENCH_REQUEST_TIMEOUT_MS, or any request still in flight once the
 * stop's grace is spent (wait.h): the grace is the measurement's, not each
 * request's, so that a driver completing its requests one by one just in
 * time cannot stretch a stop to depth times the grace. Both are counted
 * in slices waited, never in wall time. What is given up is left to the
 * driver, untouched.
 */
static int give_up(struct kaesbench_bench *b, unsigned int waited_ms)
{
	bool stopped = kaesbench_grace_spent(&b->grace);

	if (waited_ms < KAESBENCH_REQUEST_TIMEOUT_MS && !stopped)
		return 0;
	b->stuck = true;
	kaesbench_give_up(kaesbench_tfm_driver(&b->tfm), "a request", b->bytes);
	if (stopped)
		return fail(b, -EINTR,
			    "stopped with a request still in flight after %u ms",
			    waited_ms);
	return fail(b, -ETIMEDOUT, "a request did not complete within %u ms",
		    KAESBENCH_REQUEST_TIMEOUT_MS);
}

/*
 * With latency, when each request in flight was first seen complete: the
 * callback is the kernel's, so the time is taken here, as the oldest
 * completes (its waiter wakes then) and whenever the others are looked at.
 */
static void note_completions(struct kaesbench_bench *b)
{
	unsigned int i;
	struct slot *s;
	u64 now = 0;

	for (i = 0; i < b->inflight; i++) {
		s = b->slots[(b->head + i) % b->depth];
		if (s->done_ns || !completion_done(&s->wait.completion))
			continue;
		if (!now)
			now = ktime_get_ns();
		s->done_ns = now;
	}
}

/*
 * Collects completed requests, oldest first; with @block, waits for the
 * oldest, within the bounds of give_up().
 */
static int reap(struct kaesbench_bench *b, u64 *ops, bool block)
{
	unsigned int waited_ms = 0;
	struct slot *s;
	int err;

	while (b->inflight) {
		s = b->slots[b->head];
		if (!try_wait_for_completion(&s->wait.completion)) {
			if (!block) {
				if (b->latency)
					note_completions(b);
				return 0;
			}
			kaesbench_alive(b->watch);
			if (!kaesbench_wait_slice(&s->wait.completion)) {
				waited_ms += KAESBENCH_WAIT_SLICE_MS;
				kaesbench_grace_slice(&b->grace, b->watch);
				err = give_up(b, waited_ms);
				if (err)
					return err;
				continue;
			}
			if (b->latency)
				note_completions(b);
		}
		block = false;
		b->head = (b->head + 1) % b->depth;
		b->inflight--;
		err = s->wait.err;
		if (err)
			return fail(b, err, "a %u-byte request failed (%d)",
				    b->size, err);
		err = check_output(b, s);
		if (err)
			return err;
		if (b->latency)
			kaesbench_latency_add(&b->lat, (s->done_ns ?:
						       ktime_get_ns()) -
						       s->submit_ns);
		(*ops)++;
	}
	return 0;
}

/* Waits for every request in flight, whatever the stop flag says. */
static int drain(struct kaesbench_bench *b, u64 *ops)
{
	int ret = 0, err;

	while (b->inflight && !b->stuck) {
		err = reap(b, ops, true);
		if (err && !ret)
			ret = err;
	}
	return ret;
}

/* Keeps every slot busy until @deadline; counts what completes in @ops. */
static int pump(struct kaesbench_bench *b, u64 deadline, u64 *ops)
{
	struct slot *s;
	unsigned int n;
	u64 start;
	int err;

	for (;;) {
		start = ktime_get_ns();
		WRITE_ONCE(b->watch->alive_ns, start);
		if (start >= deadline)
			return 0;
		if (kaesbench_stopping(b->watch))
			return -EINTR;
		/*
		 * Fill every free slot; a batch bounds only the requests that
		 * complete at once, which would otherwise never let the clock
		 * be read.
		 */
		n = 0;
		while (n < b->batch && b->inflight < b->depth) {
			s = b->slots[(b->head + b->inflight) % b->depth];
			load_check(b, s);
			err = submit(b, s);
			if (!err) {
				err = check_output(b, s);
				if (err)
					return err;
				if (b->latency)
					kaesbench_latency_add(&b->lat,
							      ktime_get_ns() -
							      s->submit_ns);
				(*ops)++;
				n++;
				continue;
			}
			if (err != -EINPROGRESS && err != -EBUSY)
				return fail(b, err, "a %u-byte request failed (%d)",
					    b->size, err);
			b->inflight++;
		}
		err = reap(b, ops, b->inflight == b->depth);
		if (err)
			return err;
		if (!b->inflight && b->batch < BATCH_MAX &&
		    ktime_get_ns() - start < BATCH_NS)
			b->batch *= 2;
		cond_resched();
	}
}

static void setup_requests(struct kaesbench_bench *b, struct slot *s, u32 size)
{
	u32 assoc = b->aad_len, crypt = b->gen_iv + size;
	u32 total = assoc + crypt + b->tag_len;
	struct scatterlist *sg;

	if (b->tfm.lib)
		return;		/* call_library() points at the buffers */
	switch (b->tfm.front) {
	case KAESBENCH_IMPL_TYPE_SKCIPHER:
		sg = kaesbench_pagebuf_sg(&s->buf, size);
		skcipher_request_set_crypt(s->sk, sg, sg, size, s->iv);
		break;
	case KAESBENCH_IMPL_TYPE_AEAD:
		sg = kaesbench_pagebuf_sg(&s->buf, total);
		aead_request_set_ad(s->aead, assoc);
		if (b->decrypt)
			aead_request_set_crypt(s->aead,
					       kaesbench_pagebuf_sg(&s->ct, total),
					       sg, crypt + b->tag_len, s->iv);
		else
			aead_request_set_crypt(s->aead, sg, sg, crypt, s->iv);
		break;
	}
}

/* A library path's encryption of buf into ct, for its decryptions. */
static int encrypt_library(struct kaesbench_bench *b, struct slot *s, u32 size)
{
	u8 iv[IV_MAX];
	int err;

	/* The decryptions start from the IV this encryption started from. */
	memcpy(iv, s->iv, sizeof(iv));
	err = kaesbench_lib_crypt(b->tfm.lib, false, s->ct.linear,
				  s->buf.linear, b->aad_len, size, s->iv);
	memcpy(s->iv, iv, sizeof(iv));
	return err ? fail(b, err, "encrypting %u bytes for decryption failed (%d)",
			  size, err) : 0;
}

/* One request, waited for: the ciphertext an aead decrypt reads. */
static int encrypt_into_ct(struct kaesbench_bench *b, u32 i, u32 size)
{
	struct slot *s = b->slots[i];
	u32 crypt = b->gen_iv + size;
	u64 ops = 0;
	int err;

	/* The API does not copy associated data: the decryption reads it here. */
	kaesbench_pagebuf_copy(&s->ct, &s->buf, b->aad_len);
	if (b->tfm.lib)
		return encrypt_library(b, s, size);
	aead_request_set_ad(s->aead, b->aad_len);
	aead_request_set_crypt(s->aead,
			       kaesbench_pagebuf_sg(&s->buf, b->aad_len + crypt),
			       kaesbench_pagebuf_sg(&s->ct, b->aad_len + crypt +
						    b->tag_len),
			       crypt, s->iv);
	reinit_completion(&s->wait.completion);
	err = crypto_aead_encrypt(s->aead);
	if (err == -EINPROGRESS || err == -EBUSY) {
		b->head = i;
		b->inflight = 1;
		return reap(b, &ops, true);
	}
	return err ? fail(b, err, "encrypting %u bytes for decryption failed (%d)",
			  size, err) : 0;
}

/**
 * kaesbench_bench_prepare() - get ready to measure one size
 * @bench: the measurement
 * @size: bytes per request
 * @watch: the measuring thread's; says when to stop
 *
 * Sets up the requests and runs one of them, so that an implementation
 * that refuses this size fails here rather than inside a sample.
 *
 * Return: 0, -EINTR when stopped, or the implementation's error (see
 * kaesbench_bench_error()).
 */
int kaesbench_bench_prepare(struct kaesbench_bench *bench, u32 size,
			    struct kaesbench_watch *watch)
{
	struct slot *s;
	u64 ops = 0;
	u32 i;
	int err;

	bench->size = size;
	bench->batch = 1;
	bench->watch = watch;
	err = kaesbench_runcheck_prepare(&bench->check, size);
	if (err)
		return fail(bench, err,
			    "the reference failed to make the %u-byte check (%d)",
			    size, err);
	for (i = 0; i < bench->depth; i++) {
		s = bench->slots[i];
		s->checked = false;
		if (bench->tfm.front == KAESBENCH_IMPL_TYPE_AEAD &&
		    bench->decrypt) {
			/* Checked or not, every request decrypts the same. */
			if (bench->check.every)
				load_known(bench, &s->ct, s->iv);
			else
				err = encrypt_into_ct(bench, i, size);
			if (err)
				return err;
		}
		setup_requests(bench, s, size);
		kaesbench_alive(watch);
	}
	if (kaesbench_stopping(watch))
		return -EINTR;

	/* One request, waited for. */
	bench->head = 0;
	err = submit(bench, bench->slots[0]);
	if (err == -EINPROGRESS || err == -EBUSY) {
		bench->inflight = 1;
		return reap(bench, &ops, true);
	}
	return err ? fail(bench, err, "a %u-byte request failed (%d)", size,
			  err) : 0;
}

/* All CPUs' busy time so far, by kind. */
static void get_busy(struct kaesbench_busy *busy)
{
	struct kernel_cpustat kcs;
	int cpu;

	memset(busy, 0, sizeof(*busy));
	for_each_possible_cpu(cpu) {
		kcpustat_cpu_fetch(&kcs, cpu);
		busy->user += kcs.cpustat[CPUTIME_USER] +
			      kcs.cpustat[CPUTIME_NICE];
		busy->system += kcs.cpustat[CPUTIME_SYSTEM];
		busy->softirq += kcs.cpustat[CPUTIME_SOFTIRQ];
		busy->irq += kcs.cpustat[CPUTIME_IRQ];
	}
}

static void busy_since(struct kaesbench_busy *busy,
		       const struct kaesbench_busy *start)
{
	get_busy(busy);
	busy->user -= start->user;
	busy->system -= start->system;
	busy->softirq -= start->softirq;
	busy->irq -= start->irq;
}

/* TSC cycles are only worth reporting when the TSC runs at a fixed rate. */
static bool cycles_usable(void)
{
#ifdef CONFIG_X86
	return boot_cpu_has(X86_FEATURE_TSC) &&
	       boot_cpu_has(X86_FEATURE_CONSTANT_TSC);
#else
	return false;
#endif
}

/**
 * kaesbench_bench_measure() - take one sample
 * @bench: the measurement, prepared for @size
 * @size: bytes per request
 * @duration_ms: how long to keep submitting requests
 * @sample: the result; requests still in flight at the end are waited for
 *	    and counted
 * @watch: the measuring thread's; says when to stop
 *
 * Return: 0, -EINTR when stopped, or the implementation's error.
 */
int kaesbench_bench_measure(struct kaesbench_bench *bench, u32 size,
			    u32 duration_ms, struct kaesbench_sample *sample,
			    struct kaesbench_watch *watch)
{
	u64 start, thread, cycles = 0, ops = 0;
	struct kaesbench_busy busy;
	int err, err2;

	kaesbench_latency_reset(&bench->lat);
	bench->submitted = 0;
	bench->no_simd = 0;
	bench->deferred = 0;
	bench->watch = watch;
	sample->has_cycles = cycles_usable();
	thread = current->se.sum_exec_runtime;
	get_busy(&busy);
	if (sample->has_cycles)
		cycles = get_cycles();
	start = ktime_get_ns();

	err = pump(bench, start + (u64)duration_ms * NSEC_PER_MSEC, &ops);
	err2 = drain(bench, &ops);

	sample->wall_ns = ktime_get_ns() - start;
	if (sample->has_cycles)
		sample->cycles = get_cycles() - cycles;
	busy_since(&sample->busy, &busy);
	sample->busy_ns = sample->busy.user + sample->busy.system +
			  sample->busy.softirq + sample->busy.irq;
	sample->thread_ns = current->se.sum_exec_runtime - thread;
	sample->lat_count = bench->lat.count;
	sample->lat_p50_ns = kaesbench_latency_percentile(&bench->lat, 50);
	sample->lat_p99_ns = kaesbench_latency_percentile(&bench->lat, 99);
	sample->lat_max_ns = bench->lat.max;
	sample->submitted = bench->submitted;
	sample->no_simd = bench->no_simd;
	sample->deferred = bench->deferred;
	sample->size = size;
	sample->ops = ops;
	sample->bytes = ops * size;
	return err ?: err2;
}

/**
 * kaesbench_bench_error() - what went wrong, for the run's end message
 * @bench: the measurement
 *
 * Return: a description of the first failure, or "" if none.
 */
const char *kaesbench_bench_error(const struct kaesbench_bench *bench)
{
	return bench->error;
}

/**
 * kaesbench_bench_checked() - what checking the measured requests found
 * @bench: the measurement
 * @checked: added to: the requests compared with the reference's output
 * @wrong: added to: those that differed
 */
void kaesbench_bench_checked(const struct kaesbench_bench *bench,
			     u64 *checked, u64 *wrong)
{
	*checked += bench->check.checked;
	*wrong += bench->check.wrong;
}

/**
 * kaesbench_bench_bytes() - the memory a measurement holds
 * @bench: the measurement
 *
 * Return: bytes of its slots, buffers and requests, as allocated.
 */
u64 kaesbench_bench_bytes(const struct kaesbench_bench *bench)
{
	return bench->bytes;
}

/**
 * kaesbench_bench_driver() - the implementation being measured
 * @bench: the measurement
 *
 * Return: its driver name.
 */
const char *kaesbench_bench_driver(const struct kaesbench_bench *bench)
{
	return kaesbench_tfm_driver(&bench->tfm);
}

/**
 * kaesbench_bench_destroy() - free a measurement
 * @bench: the measurement; NULL is ignored
 *
 * If a request never completed, the driver may still write to its buffer
 * and use the transform: all of it is then left allocated, on purpose
 * (kaesbench_give_up() said so).
 */
void kaesbench_bench_destroy(struct kaesbench_bench *bench)
{
	u32 i;

	if (!bench)
		return;
	if (bench->stuck) {
		/* Kept on purpose, and what it points to with it. */
		kmemleak_not_leak(bench);
		for (i = 0; i < bench->depth; i++)
			kmemleak_not_leak(bench->slots[i]);
		return;
	}
	for (i = 0; i < bench->depth; i++)
		free_slot(bench, bench->slots[i]);
	kaesbench_runcheck_close(&bench->check);
	kaesbench_tfm_close(&bench->tfm);
	kaesbench_wait_class_release(&bench->wait_class);
	kfree(bench);
}
