// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Checking the requests a run times. A verification before the run
 * checks cases of its own; a driver may still go wrong only under the
 * load being measured: this size, this depth, these CPUs, for this long.
 * So one request in every KAESBENCH_A_RUN_CHECK_EVERY that a measuring
 * thread submits starts from a known input, loaded into its own slot's
 * buffer, with the IV the input was made with, and its output is compared,
 * once it completes, with what the reference (reference.c) computed from
 * that input when the size was prepared. The request is like every other:
 * same slot, size, layout and depth, in flight among the others.
 *
 * What it costs: a copy of the input before such a request and a
 * comparison after it, by the measuring thread, inside the timed window;
 * the figures include it (make bench measures it). An aead decryption
 * reads a ciphertext the reference made, which every request decrypts to
 * the same known plaintext: only the IV is loaded before a checked one.
 * IV generators (seqiv, echainiv) are not checked: their output depends
 * on a salt drawn for each transform, which no reference knows.
 */

#include <linux/gfp.h>
#include <linux/random.h>
#include <linux/string.h>

#include "runcheck.h"
#include "tfm.h"

#define RUNCHECK_GFP (GFP_KERNEL_ACCOUNT | __GFP_NOWARN | __GFP_NORETRY)

static u8 *alloc_buffer(struct kaesbench_runcheck *rc)
{
	u8 *buf = alloc_pages_exact(rc->buf_len, RUNCHECK_GFP);

	if (buf)
		rc->bytes += PAGE_ALIGN(rc->buf_len);
	return buf;
}

/**
 * kaesbench_runcheck_open() - get ready to check a measurement's requests
 * @rc: zeroed
 * @every: one request in @every is checked; 0: none
 * @impl: the implementation's transform, open: its front end and traits
 * @alg_name: its algorithm
 * @decrypt: whether it is measured decrypting
 * @aad_len: associated data per request (aead)
 * @tag_len: tag (aead)
 * @buf_len: a request's buffer: associated data, largest size and tag
 *
 * Without a reference for the algorithm, or for an IV generator (see
 * above), nothing is checked: @rc->every is 0.
 *
 * Return: 0, or -ENOMEM.
 */
int kaesbench_runcheck_open(struct kaesbench_runcheck *rc, u32 every,
			    const struct kaesbench_tfm *impl,
			    const char *alg_name, bool decrypt, u32 aad_len,
			    u32 tag_len, u32 buf_len)
{
	bool aead = impl->flags & KAESBENCH_TFM_AEAD;

	if (!every || (impl->traits.flags & KAESBENCH_TRAIT_GEN_IV))
		return 0;
	if (kaesbench_ref_open(&rc->ref, impl, alg_name, NULL))
		return 0;
	if (aead && kaesbench_ref_setauthsize(&rc->ref, tag_len)) {
		kaesbench_ref_close(&rc->ref);
		return 0;
	}
	rc->aead = aead;
	rc->decrypt = decrypt;
	rc->aad_len = aad_len;
	rc->tag_len = tag_len;
	rc->buf_len = buf_len;
	rc->bytes = rc->ref.bytes;
	get_random_bytes(rc->iv, sizeof(rc->iv));
	kaesbench_fix_iv(&impl->traits, rc->iv);
	rc->in = alloc_buffer(rc);
	rc->expect = alloc_buffer(rc);
	rc->every = every;
	rc->countdown = every;
	if (!rc->in || !rc->expect) {
		kaesbench_runcheck_close(rc);
		return -ENOMEM;
	}
	return 0;
}

/**
 * kaesbench_runcheck_setkey() - key the reference as the implementation is
 * @rc: the check
 * @key: the key
 * @len: of @key
 *
 * A key the reference refuses, though the implementation took it, leaves
 * nothing checked (the verification first fails on it).
 */
void kaesbench_runcheck_setkey(struct kaesbench_runcheck *rc, const u8 *key,
			       unsigned int len)
{
	if (rc->every && kaesbench_ref_setkey(&rc->ref, key, len))
		kaesbench_runcheck_close(rc);
}

/**
 * kaesbench_runcheck_prepare() - the known input and output for a size
 * @rc: the check
 * @size: bytes of data per request
 *
 * Context: process context, may sleep.
 * Return: 0, or the reference's errno.
 */
int kaesbench_runcheck_prepare(struct kaesbench_runcheck *rc, u32 size)
{
	u32 ad = rc->aad_len, tag = rc->tag_len;
	u8 iv[KAESBENCH_RUNCHECK_IV_MAX];
	u8 *plain, *made;

	if (!rc->every)
		return 0;
	rc->countdown = rc->every;
	memcpy(iv, rc->iv, sizeof(iv));
	/* Decrypting, the input is the reference's encryption. */
	plain = rc->decrypt ? rc->expect : rc->in;
	made = rc->decrypt ? rc->in : rc->expect;
	get_random_bytes(plain, ad + size);
	if (!rc->aead) {
		rc->in_len = size;
		rc->out_off = 0;
		rc->out_len = size;
		return kaesbench_ref_encrypt(&rc->ref, plain, made, size, iv);
	}
	memcpy(made, plain, ad + size);
	if (rc->decrypt) {
		/* The API does not copy associated data: only data is out. */
		rc->in_len = ad + size + tag;
		rc->out_off = ad;
		rc->out_len = size;
	} else {
		rc->in_len = ad + size;
		rc->out_off = 0;
		rc->out_len = ad + size + tag;
	}
	return kaesbench_ref_aead_encrypt(&rc->ref, made, ad, size, tag, iv);
}

/**
 * kaesbench_runcheck_due() - whether the next request submitted is checked
 * @rc: the check
 *
 * Return: true for one request in every @rc->every.
 */
bool kaesbench_runcheck_due(struct kaesbench_runcheck *rc)
{
	if (!rc->every || --rc->countdown)
		return false;
	rc->countdown = rc->every;
	return true;
}

/**
 * kaesbench_runcheck_load() - give a request the known input
 * @rc: the check, prepared
 * @buf: the buffer the request reads, or NULL for the IV alone
 * @iv: the request's IV, KAESBENCH_RUNCHECK_IV_MAX bytes
 */
void kaesbench_runcheck_load(const struct kaesbench_runcheck *rc,
			     struct kaesbench_pagebuf *buf, u8 *iv)
{
	if (buf)
		kaesbench_pagebuf_fill(buf, rc->in, rc->in_len);
	memcpy(iv, rc->iv, sizeof(rc->iv));
}

/**
 * kaesbench_runcheck_compare() - check a completed request's output
 * @rc: the check
 * @buf: the buffer the request wrote
 *
 * Return: -1 when it is what the reference computed, else the first
 * byte of the data (after any associated data) that differs.
 */
s32 kaesbench_runcheck_compare(struct kaesbench_runcheck *rc,
			       const struct kaesbench_pagebuf *buf)
{
	s32 off = kaesbench_pagebuf_differs(buf, rc->out_off,
					    rc->expect + rc->out_off,
					    rc->out_len);

	rc->checked++;
	if (off >= 0)
		rc->wrong++;
	return off;
}

/**
 * kaesbench_runcheck_close() - free what checking holds; nothing is
 * checked after it
 * @rc: the check; closed or never opened is fine
 */
void kaesbench_runcheck_close(struct kaesbench_runcheck *rc)
{
	if (!rc->every)
		return;
	rc->every = 0;
	kaesbench_ref_close(&rc->ref);
	if (rc->in)
		free_pages_exact(rc->in, rc->buf_len);
	if (rc->expect)
		free_pages_exact(rc->expect, rc->buf_len);
	rc->in = NULL;
	rc->expect = NULL;
	rc->bytes = 0;
}
