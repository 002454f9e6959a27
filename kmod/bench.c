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
	struct kaesbench_req req;
	bool ready;		/* everything allocated */
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
	bool ct_in;		/* decryptions read ct: an aead's */
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
		   u8 *key, struct netlink_ext_ack *extack)
{
	u8 random[KAESBENCH_KEY_MAX];
	int len, err;

	if (!params->key_bits)
		params->key_bits = b->tfm.traits.key_bits;
	get_random_bytes(random, sizeof(random));
	len = kaesbench_make_key(&b->tfm.traits, params->key_bits, random, key);
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

static int set_aead_params(struct kaesbench_bench *b,
			   struct kaesbench_params *params,
			   struct netlink_ext_ack *extack)
{
	const struct kaesbench_traits *traits = &b->tfm.traits;
	int err;

	if (!(b->tfm.flags & KAESBENCH_TFM_AEAD)) {
		if (params->aad_len != U32_MAX || params->tag_len) {
			NL_SET_ERR_MSG(extack,
				       "associated data and tags are for aeads only");
			return -EINVAL;
		}
		params->aad_len = 0;
		return 0;
	}
	if (params->aad_len == U32_MAX)
		params->aad_len = traits->aad_len;
	/* SPI, sequence number (and its high bits) and IV: nothing else. */
	if ((traits->flags & KAESBENCH_TRAIT_IV_IN_AAD) &&
	    params->aad_len != 16 && params->aad_len != 20) {
		NL_SET_ERR_MSG(extack,
			       "this ESP transform takes 16 or 20 bytes of associated data");
		return -EINVAL;
	}
	if (!params->tag_len)
		params->tag_len = traits->tag_len ?:
				  kaesbench_tfm_max_auth_size(&b->tfm);
	err = kaesbench_tfm_setauthsize(&b->tfm, params->tag_len);
	if (err)
		NL_SET_ERR_MSG(extack,
			       "the implementation rejects this tag length");
	b->aad_len = params->aad_len;
	b->tag_len = params->tag_len;
	b->gen_iv = kaesbench_tfm_generated_iv(&b->tfm);
	return err;
}

static int check_sizes(struct kaesbench_bench *b,
		       const struct kaesbench_params *params,
		       struct netlink_ext_ack *extack)
{
	/* Ciphertext stealing takes any length of one block or more. */
	bool steals = b->tfm.traits.flags & KAESBENCH_TRAIT_STEALS;
	u32 i, size;

	for (i = 0; i < params->nsizes; i++) {
		size = params->sizes[i];
		if (b->block_size == 1)
			continue;
		if (steals && size < b->block_size) {
			NL_SET_ERR_MSG(extack, "a size is shorter than one block");
			return -EINVAL;
		}
		if (!steals && size % b->block_size) {
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
		    kaesbench_pagebuf_bytes(b->buf_len) +
		    kaesbench_req_bytes(&b->tfm);

	if (b->ct_in)
		bytes += kaesbench_pagebuf_bytes(b->buf_len);
	return bytes;
}

/*
 * A front end that takes linear buffers (a library path's) gets the pages'
 * mapping in vmalloc space; others, single-block ones too, work page by
 * page. Return: 0, or -ENOMEM.
 */
static int alloc_buffers(struct kaesbench_bench *b, struct slot *s)
{
	bool linear = b->tfm.flags & KAESBENCH_TFM_LINEAR;

	if (kaesbench_pagebuf_alloc(&s->buf, b->buf_len) ||
	    (linear && kaesbench_pagebuf_map(&s->buf)))
		return -ENOMEM;
	if (!b->ct_in)
		return 0;
	if (kaesbench_pagebuf_alloc(&s->ct, b->buf_len) ||
	    (linear && kaesbench_pagebuf_map(&s->ct)))
		return -ENOMEM;
	return 0;
}

/* A slot, maybe not @ready: free_slot() frees what it got. */
static struct slot *alloc_slot(struct kaesbench_bench *b)
{
	u32 flags = kaesbench_request_flags(b->context);
	struct slot *s;

	s = kzalloc(sizeof(*s), SLOT_GFP);
	if (!s)
		return NULL;
	get_random_bytes(s->iv, sizeof(s->iv));
	kaesbench_init_wait(&s->wait, &b->wait_class);
	s->ready = !alloc_buffers(b, s) &&
		   !kaesbench_req_alloc(&b->tfm, &s->req, SLOT_GFP, flags,
					&s->wait);
	return s;
}

static void free_slot(struct kaesbench_bench *b, struct slot *s)
{
	if (!s)
		return;
	kaesbench_req_free(&b->tfm, &s->req);
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

/*
 * The implementation, opened and keyed, its request parameters checked.
 * Return: the key's length, the key in @key; or a negative errno.
 */
static int open_impl(struct kaesbench_bench *b,
		     struct kaesbench_params *params,
		     struct kaesbench_impl *impl, u8 *key,
		     struct netlink_ext_ack *extack)
{
	int err, key_len;

	err = kaesbench_tfm_open(&b->tfm, params->name, params->by_alg, impl,
				 extack);
	if (err)
		return err;
	b->ct_in = b->decrypt && (b->tfm.flags & KAESBENCH_TFM_AEAD);
	key_len = set_key(b, params, key, extack);
	if (key_len < 0)
		return key_len;
	err = set_aead_params(b, params, extack);
	if (err)
		return err;
	b->block_size = kaesbench_tfm_block_size(&b->tfm);
	err = check_sizes(b, params, extack);
	return err ?: key_len;
}

static int alloc_slots(struct kaesbench_bench *b,
		       struct netlink_ext_ack *extack)
{
	u32 i;

	for (i = 0; i < b->depth; i++) {
		b->slots[i] = alloc_slot(b);
		if (!b->slots[i] || !b->slots[i]->ready) {
			NL_SET_ERR_MSG(extack,
				       "cannot allocate the request buffers");
			return -ENOMEM;
		}
		kaesbench_fix_iv(&b->tfm.traits, b->slots[i]->iv);
		b->bytes += slot_bytes(b);
	}
	return 0;
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

	b = kzalloc(struct_size(b, slots, params->depth), GFP_KERNEL_ACCOUNT);
	if (!b)
		return ERR_PTR(-ENOMEM);
	kaesbench_wait_class_init(&b->wait_class);
	b->decrypt = params->decrypt;
	b->depth = params->depth;
	b->latency = params->latency;
	b->context = params->context;

	key_len = open_impl(b, params, impl, key, extack);
	if (key_len < 0) {
		err = key_len;
		goto err_free;
	}
	if (!(impl->flags & KAESBENCH_IMPL_F_ASYNC))
		b->depth = 1;
	params->depth = b->depth;
	b->buf_len = b->aad_len + b->gen_iv + max_size(params) + b->tag_len;
	err = kaesbench_runcheck_open(&b->check, params->check_every, &b->tfm,
				      impl->alg_name, b->decrypt, b->aad_len,
				      b->tag_len, b->buf_len);
	if (err) {
		NL_SET_ERR_MSG(extack, "cannot allocate the request buffers");
		goto err_free;
	}
	kaesbench_runcheck_setkey(&b->check, key, key_len);
	params->check_every = b->check.every;
	b->bytes = kmalloc_size_roundup(struct_size(b, slots, b->depth)) +
		   b->check.bytes;
	err = alloc_slots(b, extack);
	if (err)
		goto err_free;
	memzero_explicit(key, sizeof(key));
	return b;

err_free:
	memzero_explicit(key, sizeof(key));
	kaesbench_bench_destroy(b);
	return ERR_PTR(err);
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
	s->checked = kaesbench_runcheck_due(&b->check);
	/* An aead decryption reads the reference's ciphertext in ct. */
	if (s->checked)
		load_known(b, b->ct_in ? NULL : &s->buf, s->iv);
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
	err = kaesbench_req_submit(&b->tfm, &s->req);
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

/*
 * What a slot's requests do for @size: in place on buf, or for an aead
 * decryption from the ciphertext in ct; a library path takes the same
 * buffers' linear views.
 */
static void setup_requests(struct kaesbench_bench *b, struct slot *s, u32 size)
{
	u32 total = b->aad_len + b->gen_iv + size + b->tag_len;
	struct kaesbench_io io = {
		.dst_sg = kaesbench_pagebuf_sg(&s->buf, total),
		.dst = s->buf.linear,
		.ad = b->aad_len,
		.len = b->gen_iv + size,
		.iv = s->iv,
		.decrypt = b->decrypt,
	};

	io.src_sg = b->ct_in ? kaesbench_pagebuf_sg(&s->ct, total) : io.dst_sg;
	io.src = b->ct_in ? s->ct.linear : s->buf.linear;
	kaesbench_req_set(&b->tfm, &s->req, &io);
}

/* One request, waited for: the ciphertext an aead decrypt reads. */
static int encrypt_into_ct(struct kaesbench_bench *b, u32 i, u32 size)
{
	struct slot *s = b->slots[i];
	u32 crypt = b->gen_iv + size;
	struct kaesbench_io io = {
		.src_sg = kaesbench_pagebuf_sg(&s->buf, b->aad_len + crypt),
		.dst_sg = kaesbench_pagebuf_sg(&s->ct, b->aad_len + crypt +
					       b->tag_len),
		.src = s->buf.linear,
		.dst = s->ct.linear,
		.ad = b->aad_len,
		.len = crypt,
		.iv = s->iv,
	};
	u8 iv[IV_MAX];
	u64 ops = 0;
	int err;

	/* The API does not copy associated data: the decryption reads it here. */
	kaesbench_pagebuf_copy(&s->ct, &s->buf, b->aad_len);
	memcpy(iv, s->iv, sizeof(iv));
	kaesbench_req_set(&b->tfm, &s->req, &io);
	reinit_completion(&s->wait.completion);
	err = kaesbench_req_submit(&b->tfm, &s->req);
	if (err == -EINPROGRESS || err == -EBUSY) {
		b->head = i;
		b->inflight = 1;
		err = reap(b, &ops, true);
		if (err)
			return err;
	} else if (err) {
		return fail(b, err, "encrypting %u bytes for decryption failed (%d)",
			    size, err);
	}
	/* The decryptions start from the IV this encryption started from. */
	memcpy(s->iv, iv, sizeof(iv));
	return 0;
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
		if (bench->ct_in) {
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
