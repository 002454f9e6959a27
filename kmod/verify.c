// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Differential verification: an implementation against the same algorithm
 * built from independent parts (reference.c), on the layouts the network stack
 * hands drivers (odd lengths, misaligned and scattered buffers) rather than
 * the tidy ones of the self-tests. A fast wrong answer must never be shown
 * as a throughput figure.
 *
 * At depth N, N cases are in progress together, each in a slot of its own
 * (its request, buffers and wait): every slot's next request is submitted,
 * then each is waited for, in whatever order the driver completes them,
 * then each result is checked. So N requests are in flight together, as
 * under a network stack's load, and nothing is in flight between rounds.
 */

#include <linux/cache.h>
#include <linux/gfp.h>
#include <linux/kmemleak.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <net/netlink.h>

#include "givenup.h"
#include "pagebuf.h"
#include "reference.h"
#include "tfm.h"
#include "verify.h"
#include "wait.h"

/*
 * The line a device's mapping owns, as DMA sees memory: non-coherent DMA
 * maintains caches by ARCH_DMA_MINALIGN (128 bytes on arm64), and
 * dma-debug tracks what a device writes by L1 cache line (64 bytes on
 * x86, whose ARCH_DMA_MINALIGN is 8): two such mappings starting in one
 * line are its "cacheline tracking EEXIST" (the kernel's testmgr gives
 * each segment a buffer of its own). The larger of the two: a union is as
 * long as its longest member.
 */
union dma_line {
	u8 dma[ARCH_DMA_MINALIGN];
	u8 l1[L1_CACHE_BYTES];
};

#define DMA_LINE sizeof(union dma_line)

#define MAX_SEGMENTS 8
#define MAX_MISALIGN 16		/* of a segment in its first line, at most */
#define MAX_TAG 16
#define MAX_GEN_IV 16		/* an IV generator's IV, in the data */
#define MAX_RANDOM_AAD 32
#define IV_MAX 64
/* Each segment from a line of its own, misaligned in it. */
#define BUF_LEN (KAESBENCH_MAX_SIZE + MAX_RANDOM_AAD + MAX_GEN_IV + \
		 MAX_TAG + MAX_SEGMENTS * (DMA_LINE + MAX_MISALIGN))
/* ALIGN() to a line, then a misalignment that stays in that line. */
static_assert(!(DMA_LINE & (DMA_LINE - 1)) && MAX_MISALIGN <= DMA_LINE);

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

/* A case's requests, in order; an aead without associated data has no AAD. */
enum vstep {
	STEP_ENCRYPT,
	STEP_DECRYPT,
	STEP_TAG,
	STEP_AAD,
	STEP_DONE,
};

/*
 * A case in progress. What its request points to (scatterlists, IV,
 * buffers) is here, not on the stack: a request that never completes is
 * left to the driver, which may still use it.
 */
struct vslot {
	struct vcase c;
	struct kaesbench_req req;
	struct crypto_wait wait;
	u8 *plain;		/* [aad | data] */
	u8 *expect;		/* the reference's [aad | ciphertext | tag] */
	u8 *src;
	u8 *dst;
	enum vstep step;	/* the request submitted, or next */
	bool busy;		/* a case in progress */
	int ret;		/* the submission's, then the completion's */
	u64 submitted_ns;
	/*
	 * A driver may map the IV for DMA while the completion writes @wait
	 * and the submitter @ret: last, on lines of its own, which the
	 * struct's size rounds up to.
	 */
	u8 iv[IV_MAX] __aligned(DMA_LINE);
};

struct kaesbench_verify {
	struct kaesbench_verify_params params;
	struct kaesbench_tfm impl;
	struct kaesbench_ref ref;
	struct kaesbench_wait_class wait_class;
	u32 block_size;
	u32 iv_size;
	u32 tag_len;
	u32 gen_iv;		/* room for the IV an IV generator writes */
	u32 fixed_aad;		/* U32_MAX: random per case */
	bool cts;		/* any length of one block or more */
	u32 depth;		/* slots: 1 for a synchronous implementation */
	struct vslot *slots;
	u8 *out;		/* gathered from a slot's dst, one at a time */
	u32 done;		/* cases passed */
	u64 requests;		/* completed and checked */
	u64 wrong;		/* of those, wrong */
	u64 errors;		/* of those, failed */
	u64 data_bytes;		/* of those requests' data */
	u64 slowest_ns;		/* from a submission to its completion seen */
	bool stuck;		/* a request never completed */
	struct kaesbench_grace grace;	/* of the stop, for what is in flight */
	struct kaesbench_watch *watch;	/* the verifying thread's */
	u64 bytes;		/* allocated for buffers and requests */
	bool failed;
	int fail_status;	/* what the cases end with: the first failure's */
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

static int set_keys(struct kaesbench_verify *v,
		    struct netlink_ext_ack *extack)
{
	u8 random[KAESBENCH_KEY_MAX], key[KAESBENCH_KEY_MAX];
	struct rnd_state rnd;
	int len, err;

	prandom_seed_state(&rnd, v->params.seed);
	prandom_bytes_state(&rnd, random, sizeof(random));
	len = kaesbench_make_key(&v->impl.traits, v->params.key_bits, random,
				 key);
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

static int alloc_request(struct kaesbench_verify *v, struct vslot *sl)
{
	u32 flags = kaesbench_request_flags(v->params.context);
	int err;

	kaesbench_init_wait(&sl->wait, &v->wait_class);
	err = kaesbench_req_alloc(&v->impl, &sl->req, VERIFY_GFP, flags,
				  &sl->wait);
	if (!err)
		v->bytes += kaesbench_req_bytes(&v->impl);
	return err;
}

/*
 * Whole pages, not kmalloc()'s power of two (128 KiB for 64 KiB and a
 * little): at depth 64 that is 17 MiB instead of 32.
 */
static u8 *alloc_buffer(struct kaesbench_verify *v)
{
	u8 *buf = alloc_pages_exact(BUF_LEN, VERIFY_GFP);

	if (buf)
		v->bytes += PAGE_ALIGN(BUF_LEN);
	return buf;
}

static void free_buffer(u8 *buf)
{
	if (buf)
		free_pages_exact(buf, BUF_LEN);
}

static int alloc_slots(struct kaesbench_verify *v)
{
	size_t size;
	u32 i;
	int err;

	/*
	 * A power of two, which kmalloc() aligns to its size: each slot's
	 * IV on lines of its own. kmalloc() rounds sizes past 192 bytes up
	 * to one anyway.
	 */
	size = roundup_pow_of_two(v->depth * sizeof(*v->slots));
	v->slots = kzalloc(size, VERIFY_GFP);
	if (!v->slots)
		return -ENOMEM;
	v->bytes += kmalloc_size_roundup(size);
	v->out = alloc_buffer(v);
	if (!v->out)
		return -ENOMEM;
	for (i = 0; i < v->depth; i++) {
		struct vslot *sl = &v->slots[i];

		err = alloc_request(v, sl);
		if (err)
			return err;
		sl->plain = alloc_buffer(v);
		sl->expect = alloc_buffer(v);
		sl->src = alloc_buffer(v);
		sl->dst = alloc_buffer(v);
		if (!sl->plain || !sl->expect || !sl->src || !sl->dst)
			return -ENOMEM;
	}
	v->bytes += v->ref.bytes;
	return 0;
}

static void free_slots(struct kaesbench_verify *v)
{
	u32 i;

	for (i = 0; v->slots && i < v->depth; i++) {
		struct vslot *sl = &v->slots[i];

		kaesbench_req_free(&v->impl, &sl->req);
		free_buffer(sl->plain);
		free_buffer(sl->expect);
		free_buffer(sl->src);
		free_buffer(sl->dst);
	}
	kfree(v->slots);
	free_buffer(v->out);
}

static void destroy(void *work)
{
	struct kaesbench_verify *v = work;

	/*
	 * The driver may still use what a stuck request points to: all of
	 * it stays allocated, on purpose, and is no leak for kmemleak
	 * (kaesbench_give_up() said so); the slots are reached from here.
	 */
	if (v->stuck) {
		kmemleak_not_leak(v);
		return;
	}
	free_slots(v);
	kaesbench_ref_close(&v->ref);
	kaesbench_tfm_close(&v->impl);
	kaesbench_wait_class_release(&v->wait_class);
	kfree(v);
}

/* The implementation and its reference, opened and keyed alike. */
static int open_both(struct kaesbench_verify *v, struct kaesbench_impl *impl,
		     struct netlink_ext_ack *extack)
{
	int err;

	err = kaesbench_tfm_open(&v->impl, v->params.name, v->params.by_alg,
				 impl, extack);
	if (err)
		return err;
	if (!v->params.key_bits)
		v->params.key_bits = v->impl.traits.key_bits;
	err = kaesbench_ref_open(&v->ref, &v->impl, impl->alg_name, extack);
	return err ?: set_keys(v, extack);
}

/* What every case's requests look like: lengths, IV, associated data, tag. */
static int set_shape(struct kaesbench_verify *v,
		     struct netlink_ext_ack *extack)
{
	const struct kaesbench_traits *traits = &v->impl.traits;

	v->block_size = kaesbench_tfm_block_size(&v->impl);
	v->cts = traits->flags & KAESBENCH_TRAIT_STEALS;
	v->fixed_aad = traits->aad_len ?: U32_MAX;
	v->iv_size = kaesbench_tfm_iv_size(&v->impl);
	if (v->impl.flags & KAESBENCH_TFM_AEAD) {
		v->tag_len = traits->tag_len ?:
			     kaesbench_tfm_max_auth_size(&v->impl);
		v->gen_iv = kaesbench_tfm_generated_iv(&v->impl);
		if (v->tag_len > MAX_TAG || v->gen_iv > MAX_GEN_IV ||
		    kaesbench_tfm_setauthsize(&v->impl, v->tag_len) ||
		    kaesbench_ref_setauthsize(&v->ref, v->tag_len)) {
			NL_SET_ERR_MSG(extack, "the reference rejects the tag length");
			return -EINVAL;
		}
	}
	if (v->iv_size > IV_MAX) {
		NL_SET_ERR_MSG(extack, "IV longer than kaesbench handles");
		return -EOPNOTSUPP;
	}
	return 0;
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
	err = open_both(v, impl, extack) ?: set_shape(v, extack);
	if (err)
		goto err_free;
	/* As a run: a synchronous call returns with its work done. */
	v->depth = impl->flags & KAESBENCH_IMPL_F_ASYNC ?
		   clamp_t(u32, params->depth, 1, KAESBENCH_MAX_DEPTH) : 1;
	v->params.depth = v->depth;
	err = alloc_slots(v);
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
	if (v->impl.flags & KAESBENCH_TFM_BLOCKS)
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
 * (page-aligned), each from the line after the last one's end at a random
 * offset in it, so that nothing can assume one segment follows another in
 * memory or is aligned, and no two share a line a device may write.
 */
static void scatter(struct rnd_state *rnd, u8 *buf, u32 total,
		    struct layout *l)
{
	u32 cuts[MAX_SEGMENTS + 1];
	unsigned int i, n = 1;
	u32 pos;

	l->offset = draw(rnd, MAX_MISALIGN);
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
		pos = ALIGN(pos + seg, DMA_LINE) + draw(rnd, MAX_MISALIGN);
	}
	sg_mark_end(&l->sg[l->nsegs - 1]);
}

/* A library path's side of a case: one segment, misaligned. */
static void linear(struct rnd_state *rnd, u8 *buf, u32 total,
		   struct layout *l)
{
	l->offset = draw(rnd, MAX_MISALIGN);
	l->nsegs = 1;
	l->segs[0] = total;
	sg_init_table(l->sg, 1);
	sg_set_buf(&l->sg[0], buf + l->offset, total);
}

static void draw_case(struct kaesbench_verify *v, u32 index, struct vslot *sl)
{
	struct vcase *c = &sl->c;
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
	if (v->impl.flags & KAESBENCH_TFM_AEAD)
		c->aad_len = v->fixed_aad != U32_MAX ? v->fixed_aad :
			     draw(&rnd, MAX_RANDOM_AAD + 1);
	c->in_place = draw(&rnd, 2);
	prandom_bytes_state(&rnd, c->iv, v->iv_size);
	kaesbench_fix_iv(&v->impl.traits, c->iv);
	prandom_bytes_state(&rnd, sl->plain, c->aad_len + c->len);
	/* Room for the tag on both sides, so either can be in place. */
	room = c->aad_len + v->gen_iv + c->len + v->tag_len;
	if (v->impl.flags & KAESBENCH_TFM_BLOCKS) {
		c->in_place = false;
		c->src.offset = draw(&rnd, MAX_MISALIGN);
		c->dst.offset = draw(&rnd, MAX_MISALIGN);
		return;
	}
	if (v->impl.flags & KAESBENCH_TFM_LINEAR) {
		linear(&rnd, sl->src, room, &c->src);
		if (!c->in_place)
			linear(&rnd, sl->dst, room, &c->dst);
	} else {
		scatter(&rnd, sl->src, room, &c->src);
		if (!c->in_place)
			scatter(&rnd, sl->dst, room, &c->dst);
	}
	if (c->in_place)
		c->dst = c->src;
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
 * A completion, as the verifier sees it: a bound on the driver's latency,
 * since requests are waited for in slot order.
 */
static int seen(struct kaesbench_verify *v, struct vslot *sl, int err)
{
	v->slowest_ns = max(v->slowest_ns, ktime_get_ns() - sl->submitted_ns);
	return err;
}

/*
 * A request that does not complete within KAESBENCH_REQUEST_TIMEOUT_MS of
 * waiting for it, or before the stop's grace is spent (wait.h), both
 * counted in slices as bench.c's reap() counts them (a slice the thread
 * slept through, a paused VM, counts as one), is given up: -ETIMEDOUT or
 * -EINTR, its memory (all of the verification's) left to the driver.
 */
static int wait_for(struct kaesbench_verify *v, struct vslot *sl)
{
	unsigned int waited_ms = 0;

	kaesbench_alive(v->watch);
	if (sl->ret != -EINPROGRESS && sl->ret != -EBUSY)
		return seen(v, sl, sl->ret);
	while (!kaesbench_wait_slice(&sl->wait.completion)) {
		kaesbench_alive(v->watch);
		waited_ms += KAESBENCH_WAIT_SLICE_MS;
		kaesbench_grace_slice(&v->grace, v->watch);
		if (waited_ms < KAESBENCH_REQUEST_TIMEOUT_MS &&
		    !kaesbench_grace_spent(&v->grace))
			continue;
		v->stuck = true;
		kaesbench_give_up(kaesbench_tfm_driver(&v->impl),
				  "a verification request", v->bytes);
		return waited_ms < KAESBENCH_REQUEST_TIMEOUT_MS ? -EINTR :
								  -ETIMEDOUT;
	}
	return seen(v, sl, sl->wait.err);
}

/*
 * A case that went wrong: the first one is kept, to be reported with its
 * case; the cases go on, so that the counts say how many of how many
 * requests were wrong or failed.
 */
static __printf(5, 6) int fail(struct kaesbench_verify *v,
			       const struct vcase *c, u32 op, int status,
			       const char *fmt, ...)
{
	va_list args;
	size_t len;

	if (v->failed)
		return status;
	v->failed = true;
	v->fail_status = status;
	v->fail = *c;
	v->fail_op = op;
	va_start(args, fmt);
	len = vsnprintf(v->message, sizeof(v->message), fmt, args);
	va_end(args);
	if (v->params.cpu >= 0 && len < sizeof(v->message))
		snprintf(v->message + len, sizeof(v->message) - len,
			 ", on CPU %d", v->params.cpu);
	return status;
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

/* A decryption is compared with the plaintext: the reference's, in effect. */
static int output_differs(struct kaesbench_verify *v, const struct vcase *c,
			  u32 op, s32 offset)
{
	if (!v->failed)
		v->fail_offset = offset;
	v->wrong++;
	return fail(v, c, op, -EBADMSG,
		    "case %u: %s output differs from %s at byte %d of %u, at depth %u",
		    c->index, op_name(op), v->ref.name, offset, c->len,
		    v->depth);
}

/* Compares what the implementation wrote with what it should have. */
static int compare(struct kaesbench_verify *v, struct vslot *sl, u32 op,
		   u32 skip, const u8 *want, u32 len)
{
	struct vcase *c = &sl->c;
	s32 offset;

	sg_copy_to_buffer(dst_sg(c), c->dst.nsegs, v->out, skip + len);
	offset = kaesbench_first_difference(v->out + skip, want, len);
	return offset < 0 ? 0 : output_differs(v, c, op, offset);
}

static int impl_error(struct kaesbench_verify *v, const struct vcase *c,
		      u32 op, int err)
{
	if (err == -EINTR)	/* stopped: not the implementation's doing */
		return err;
	v->errors++;
	if (!v->failed)
		v->fail_err = err;
	if (err == -ETIMEDOUT && v->stuck)
		return fail(v, c, op, err,
			    "case %u: %s did not complete within %u ms, at depth %u",
			    c->index, op_name(op),
			    KAESBENCH_REQUEST_TIMEOUT_MS, v->depth);
	return fail(v, c, op, err,
		    "case %u: %s of %u bytes failed (%d), at depth %u", c->index,
		    op_name(op), c->len, err, v->depth);
}

static int reference_failed(struct kaesbench_verify *v, int err)
{
	snprintf(v->message, sizeof(v->message),
		 "the reference %s failed (%d)", v->ref.name, err);
	return err;
}

static const u32 step_op[] = {
	[STEP_ENCRYPT] = KAESBENCH_CASE_OP_ENCRYPT,
	[STEP_DECRYPT] = KAESBENCH_CASE_OP_DECRYPT,
	[STEP_TAG] = KAESBENCH_CASE_OP_TAG,
	[STEP_AAD] = KAESBENCH_CASE_OP_AAD,
};

static void start(struct vslot *sl)
{
	reinit_completion(&sl->wait.completion);
	sl->submitted_ns = ktime_get_ns();
}

/*
 * The case's request: @len bytes after @ad of associated data, an aead's
 * tag after them, on the case's scatterlists, or a library path's linear
 * sides; what the submission returns is the request's result.
 */
static void submit(const struct kaesbench_verify *v, struct vslot *sl,
		   u32 ad, u32 len, bool decrypt)
{
	struct vcase *c = &sl->c;
	u8 *src = sl->src + c->src.offset;
	struct kaesbench_io io = {
		.src_sg = c->src.sg,
		.dst_sg = dst_sg(c),
		.src = src,
		.dst = c->in_place ? src : sl->dst + c->dst.offset,
		.ad = ad,
		.len = len,
		.iv = sl->iv,
		.decrypt = decrypt,
	};

	kaesbench_req_set(&v->impl, &sl->req, &io);
	start(sl);
	kaesbench_context_enter(v->params.context);
	sl->ret = kaesbench_req_submit(&v->impl, &sl->req);
	kaesbench_context_leave(v->params.context);
}

static int skcipher_submit(struct kaesbench_verify *v, struct vslot *sl)
{
	struct vcase *c = &sl->c;
	bool encrypt = sl->step == STEP_ENCRYPT;
	u8 iv[IV_MAX];
	int err;

	/* The reference first: it may sleep, in no driver's context. */
	if (encrypt) {
		/* The reference, linear and out of place. */
		memcpy(iv, c->iv, v->iv_size);
		err = kaesbench_ref_encrypt(&v->ref, sl->plain, sl->expect,
					    c->len, iv);
		if (err)
			return reference_failed(v, err);
	}
	sg_copy_from_buffer(c->src.sg, c->src.nsegs,
			    encrypt ? sl->plain : sl->expect, c->len);
	memcpy(sl->iv, c->iv, v->iv_size);
	submit(v, sl, 0, c->len, !encrypt);
	return 0;
}

/*
 * The encryption: of the plaintext, after the reference's of it into
 * @sl->expect; with an IV generator, whose output cannot be compared (each
 * instance has its own salt), room for the IV it writes before the
 * plaintext.
 */
static int aead_submit_encrypt(struct kaesbench_verify *v, struct vslot *sl)
{
	struct vcase *c = &sl->c;
	u32 ad = c->aad_len;
	u8 iv[IV_MAX];
	int err;

	if (v->gen_iv) {
		memmove(sl->plain + ad + v->gen_iv, sl->plain + ad, c->len);
		memset(sl->plain + ad, 0, v->gen_iv);
	} else {
		/*
		 * In place, so that the associated data is left as the
		 * algorithm leaves it: authencesn rearranges it, and out of
		 * place others do not copy it at all.
		 */
		memcpy(sl->expect, sl->plain, ad + c->len);
		memcpy(iv, c->iv, v->iv_size);
		err = kaesbench_ref_aead_encrypt(&v->ref, sl->expect, ad, c->len,
						 v->tag_len, iv);
		if (err)
			return reference_failed(v, err);
	}
	sg_copy_from_buffer(c->src.sg, c->src.nsegs, sl->plain,
			    ad + v->gen_iv + c->len);
	memcpy(sl->iv, c->iv, v->iv_size);
	submit(v, sl, ad, v->gen_iv + c->len, false);
	return 0;
}

/*
 * An IV generator's encryption, decrypted by the reference, which reads
 * the IV from the packet as ESP input does; the packet is left in
 * @sl->expect for the decryption.
 */
static int generated_check(struct kaesbench_verify *v, struct vslot *sl)
{
	struct vcase *c = &sl->c;
	u32 ad = c->aad_len, data = ad + v->gen_iv;
	u32 total = data + c->len + v->tag_len;
	u8 iv[IV_MAX];
	s32 offset;
	int err;

	sg_copy_to_buffer(dst_sg(c), c->dst.nsegs, sl->expect, total);
	memcpy(sl->expect, sl->plain, ad);
	memcpy(iv, c->iv, v->iv_size);
	err = kaesbench_ref_aead_decrypt(&v->ref, sl->expect, v->out, ad,
					 v->gen_iv + c->len + v->tag_len, iv);
	if (err) {
		if (!v->failed)
			v->fail_err = err;
		v->wrong++;
		return fail(v, c, KAESBENCH_CASE_OP_ENCRYPT, -EBADMSG,
			    "case %u: %s cannot decrypt the encryption (%d), at depth %u",
			    c->index, v->ref.name, err, v->depth);
	}
	offset = kaesbench_first_difference(v->out + data, sl->plain + data,
					    c->len);
	if (offset < 0)
		return 0;
	if (!v->failed)
		v->fail_offset = offset;
	v->wrong++;
	return fail(v, c, KAESBENCH_CASE_OP_ENCRYPT, -EBADMSG,
		    "case %u: decrypted by %s, the encryption differs at byte %d of %u, at depth %u",
		    c->index, v->ref.name, offset, c->len, v->depth);
}

/* The reference's packet, whole or with one bit flipped (@byte, or -1). */
static void aead_submit_decrypt(struct kaesbench_verify *v, struct vslot *sl,
				s32 byte)
{
	struct vcase *c = &sl->c;
	u32 crypt = v->gen_iv + c->len + v->tag_len;
	u32 total = c->aad_len + crypt;

	memcpy(v->out, sl->expect, total);
	if (byte >= 0)
		v->out[byte] ^= 1;
	sg_copy_from_buffer(c->src.sg, c->src.nsegs, v->out, total);
	memcpy(sl->iv, c->iv, v->iv_size);
	/* The data's length: the tag is the front end's to count. */
	submit(v, sl, c->aad_len, crypt - v->tag_len, true);
}

static int aead_submit(struct kaesbench_verify *v, struct vslot *sl)
{
	struct vcase *c = &sl->c;
	u32 total = c->aad_len + v->gen_iv + c->len + v->tag_len;

	switch (sl->step) {
	case STEP_ENCRYPT:
		return aead_submit_encrypt(v, sl);
	case STEP_DECRYPT:
		aead_submit_decrypt(v, sl, -1);
		break;
	case STEP_TAG:
		aead_submit_decrypt(v, sl, total - 1);
		break;
	default:
		/* The first byte: ESP's IV, last in the associated data, is not. */
		aead_submit_decrypt(v, sl, 0);
		break;
	}
	return 0;
}

/* A flipped bit the tag check must refuse. */
static int tampered_check(struct kaesbench_verify *v, struct vslot *sl,
			  u32 op, int err)
{
	if (err == -EBADMSG)
		return 0;
	if (!v->failed)
		v->fail_err = err;
	v->wrong++;
	return fail(v, &sl->c, op, -EBADMSG,
		    "case %u: a flipped %s bit was not refused (%d), at depth %u",
		    sl->c.index, op == KAESBENCH_CASE_OP_TAG ? "tag" :
		    "associated data", err, v->depth);
}

/* Checks the result of @sl's request, and moves it to its next. */
static int aead_check(struct kaesbench_verify *v, struct vslot *sl)
{
	struct vcase *c = &sl->c;
	u32 ad = c->aad_len, data = ad + v->gen_iv;
	enum vstep step = sl->step;
	u32 op = step_op[step];
	int err = sl->ret;

	sl->step = step == STEP_TAG && !ad ? STEP_DONE : step + 1;
	if (step == STEP_TAG || step == STEP_AAD)
		return tampered_check(v, sl, op, err);
	if (err)
		return impl_error(v, c, op, err);
	if (step == STEP_DECRYPT)
		return compare(v, sl, op, data, sl->plain + data, c->len);
	return v->gen_iv ? generated_check(v, sl) :
	       compare(v, sl, op, ad, sl->expect + ad, c->len + v->tag_len);
}

static int skcipher_check(struct kaesbench_verify *v, struct vslot *sl)
{
	bool encrypt = sl->step == STEP_ENCRYPT;
	u32 op = step_op[sl->step];

	sl->step = encrypt ? STEP_DECRYPT : STEP_DONE;
	if (sl->ret)
		return impl_error(v, &sl->c, op, sl->ret);
	return compare(v, sl, op, 0, encrypt ? sl->expect : sl->plain,
		       sl->c.len);
}

static int cipher_case(struct kaesbench_verify *v, struct vslot *sl)
{
	struct vcase *c = &sl->c;
	u8 *src = sl->src + c->src.offset, *dst = sl->dst + c->dst.offset;
	s32 offset;
	int err;

	sl->step = STEP_DONE;
	err = kaesbench_ref_encrypt(&v->ref, sl->plain, sl->expect, c->len,
				    NULL);
	if (err)
		return reference_failed(v, err);
	memcpy(src, sl->plain, c->len);
	kaesbench_context_enter(v->params.context);
	kaesbench_tfm_crypt_blocks(&v->impl, false, dst, src, c->len);
	kaesbench_context_leave(v->params.context);
	offset = kaesbench_first_difference(dst, sl->expect, c->len);
	if (offset >= 0)
		return output_differs(v, c, KAESBENCH_CASE_OP_ENCRYPT, offset);
	kaesbench_context_enter(v->params.context);
	kaesbench_tfm_crypt_blocks(&v->impl, true, src, dst, c->len);
	kaesbench_context_leave(v->params.context);
	offset = kaesbench_first_difference(src, sl->plain, c->len);
	if (offset >= 0)
		return output_differs(v, c, KAESBENCH_CASE_OP_DECRYPT, offset);
	return 0;
}

/*
 * Submits each busy slot's next request.
 * Return: 0, or the reference's error.
 */
static int submit_round(struct kaesbench_verify *v)
{
	u32 i;
	int err = 0;

	for (i = 0; i < v->depth; i++) {
		struct vslot *sl = &v->slots[i];

		if (!sl->busy)
			continue;
		if (v->impl.flags & KAESBENCH_TFM_AEAD)
			err = aead_submit(v, sl);
		else
			err = skcipher_submit(v, sl);
		if (err)
			break;
	}
	/* Those not submitted have nothing to wait for. */
	for (; i < v->depth; i++)
		v->slots[i].busy = false;
	return err;
}

/*
 * Waits for every request of the round, in slot order, whatever order
 * they complete in. Return: 0, or -ETIMEDOUT or -EINTR for one given up:
 * the rest may still be in flight, and all is left to the driver.
 */
static int wait_round(struct kaesbench_verify *v)
{
	u32 i;

	for (i = 0; i < v->depth; i++) {
		struct vslot *sl = &v->slots[i];

		if (!sl->busy)
			continue;
		sl->ret = wait_for(v, sl);
		if (v->stuck) {
			impl_error(v, &sl->c, step_op[sl->step], sl->ret);
			return sl->ret;
		}
	}
	return 0;
}

/* Checks each result of the round; a case that went wrong ends there. */
static void check_round(struct kaesbench_verify *v)
{
	u32 i;
	int err;

	for (i = 0; i < v->depth; i++) {
		struct vslot *sl = &v->slots[i];

		if (!sl->busy)
			continue;
		v->requests++;
		v->data_bytes += sl->c.len;
		if (v->impl.flags & KAESBENCH_TFM_AEAD)
			err = aead_check(v, sl);
		else
			err = skcipher_check(v, sl);
		if (err || sl->step == STEP_DONE) {
			sl->busy = false;
			if (!err)
				v->done++;
		}
	}
}

/* Fills idle slots with the next cases. Return: whether any is busy. */
static bool next_cases(struct kaesbench_verify *v, u32 *next)
{
	bool any = false;
	u32 i;

	for (i = 0; i < v->depth; i++) {
		struct vslot *sl = &v->slots[i];

		if (!sl->busy && *next < v->params.cases) {
			draw_case(v, (*next)++, sl);
			sl->step = STEP_ENCRYPT;
			sl->busy = true;
		}
		any |= sl->busy;
	}
	return any;
}

static int cipher_cases(struct kaesbench_verify *v, u32 *next)
{
	struct vslot *sl = &v->slots[0];
	int err;

	draw_case(v, (*next)++, sl);
	err = cipher_case(v, sl);
	/* Its encryption and decryption, as for an skcipher. */
	v->requests += 2;
	v->data_bytes += 2 * sl->c.len;
	if (!err)
		v->done++;
	return err == -EBADMSG ? 0 : err;
}

/**
 * kaesbench_verify_cases() - run a verification's cases, depth at a time
 * @v: the verification
 * @watch: the verifying thread's; says when to stop
 *
 * Every case is run, after a failure too, so that the counts say how many
 * requests of how many were wrong; the first failure is the one reported.
 *
 * Return: 0 when every case passed; -EBADMSG when one did not (or the
 * implementation's error, when that came first); -EINTR when stopped;
 * -ETIME past KAESBENCH_MAX_RUN_MS; -ETIMEDOUT for a request given up;
 * another errno when the reference failed.
 * kaesbench_verify_results_message() says which.
 */
int kaesbench_verify_cases(struct kaesbench_verify *v,
			   struct kaesbench_watch *watch)
{
	u64 deadline = ktime_get_ns() + KAESBENCH_MAX_RUN_MS * NSEC_PER_MSEC;
	u32 next = 0;
	int err = 0;

	v->fail_offset = -1;
	v->watch = watch;
	for (;;) {
		/* Between rounds nothing is in flight. */
		if (kaesbench_stopping(watch))
			return -EINTR;
		kaesbench_alive(watch);
		if (ktime_get_ns() > deadline) {
			strscpy(v->message,
				"the verification took longer than an hour",
				sizeof(v->message));
			return -ETIME;
		}
		if (v->impl.flags & KAESBENCH_TFM_BLOCKS) {
			if (next >= v->params.cases)
				break;
			err = cipher_cases(v, &next);
		} else {
			if (!next_cases(v, &next))
				break;
			err = submit_round(v);
			err = wait_round(v) ?: err;
			if (!err)
				check_round(v);
		}
		if (err)
			return err;
		cond_resched();
	}
	return v->failed ? v->fail_status : 0;
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
	     nla_put_u32(skb, KAESBENCH_CASE_A_OFFSET, v->fail_offset)) ||
	    (v->params.cpu >= 0 &&
	     nla_put_u32(skb, KAESBENCH_CASE_A_CPU, v->params.cpu))) {
		nla_nest_cancel(skb, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	return 0;
}

/* What verifications that ran together came to, summed. */
struct kaesbench_verify_counts {
	u32 cases;		/* passed */
	u64 requests;		/* completed and checked */
	u64 wrong;		/* of those, wrong */
	u64 errors;		/* of those, failed */
	u64 data_bytes;		/* of those requests' data */
	u64 slowest_ns;		/* the longest of any */
};

static void count(const struct kaesbench_verify *v,
		  struct kaesbench_verify_counts *sum)
{
	sum->cases += v->done;
	sum->requests += v->requests;
	sum->wrong += v->wrong;
	sum->errors += v->errors;
	sum->data_bytes += v->data_bytes;
	sum->slowest_ns = max(sum->slowest_ns, v->slowest_ns);
}

static int put_result(struct sk_buff *skb,
		      const struct kaesbench_verify_counts *sum,
		      const struct kaesbench_verify *failed)
{
	if (nla_put_u32(skb, KAESBENCH_A_VERIFY_CASES, sum->cases) ||
	    nla_put_u64_64bit(skb, KAESBENCH_A_VERIFY_REQUESTS, sum->requests,
			      KAESBENCH_A_PAD) ||
	    nla_put_u64_64bit(skb, KAESBENCH_A_VERIFY_WRONG, sum->wrong,
			      KAESBENCH_A_PAD) ||
	    nla_put_u64_64bit(skb, KAESBENCH_A_VERIFY_ERRORS, sum->errors,
			      KAESBENCH_A_PAD) ||
	    nla_put_u64_64bit(skb, KAESBENCH_A_VERIFY_BYTES, sum->data_bytes,
			      KAESBENCH_A_PAD) ||
	    nla_put_u64_64bit(skb, KAESBENCH_A_VERIFY_SLOWEST_NS,
			      sum->slowest_ns, KAESBENCH_A_PAD))
		return -EMSGSIZE;
	return failed && failed->failed ? put_case(skb, failed) : 0;
}

/* Of verifications run together, the first thread's that failed. */
static const struct kaesbench_verify *
first_failed(struct kaesbench_worker *const *workers, u32 n,
	     struct kaesbench_verify *(*of)(struct kaesbench_worker *w))
{
	const struct kaesbench_verify *v;
	u32 i;

	for (i = 0; i < n; i++) {
		v = workers[i] ? of(workers[i]) : NULL;
		if (v && v->failed)
			return v;
	}
	return NULL;
}

/**
 * kaesbench_verify_put_results() - add the outcome of verifications run
 * together (one per CPU) to a message: their counts summed, the first
 * thread's failure
 * @skb: the message
 * @workers: their threads, NULL for one lost
 * @n: how many
 * @of: a thread's verification (NULL: none)
 *
 * Return: 0, or -EMSGSIZE.
 */
int kaesbench_verify_put_results(struct sk_buff *skb,
				 struct kaesbench_worker *const *workers, u32 n,
				 struct kaesbench_verify *(*of)(struct kaesbench_worker *w))
{
	struct kaesbench_verify_counts sum = {};
	const struct kaesbench_verify *v;
	u32 i;

	for (i = 0; i < n; i++) {
		v = workers[i] ? of(workers[i]) : NULL;
		if (v)
			count(v, &sum);
	}
	return put_result(skb, &sum, first_failed(workers, n, of));
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
 * kaesbench_verify_results_message() - what went wrong in verifications run
 * together (one per CPU)
 * @workers: their threads, NULL for one lost
 * @n: how many
 * @of: a thread's verification (NULL: none)
 *
 * Return: the first thread's failing case in words, else the first other
 * error's (a reference that failed, the time up), or "".
 */
const char *
kaesbench_verify_results_message(struct kaesbench_worker *const *workers,
				 u32 n,
				 struct kaesbench_verify *(*of)(struct kaesbench_worker *w))
{
	const struct kaesbench_verify *v = first_failed(workers, n, of);
	u32 i;

	for (i = 0; !v && i < n; i++) {
		v = workers[i] ? of(workers[i]) : NULL;
		if (v && !v->message[0])
			v = NULL;
	}
	return v ? v->message : "";
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
