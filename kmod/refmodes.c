// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The modes of operation around kaesbench's own AES (refaes.c), over linear
 * buffers, as the crypto API's templates define them: ECB, CBC, CTR, XCTR,
 * CTS (CBC, CS3 as crypto/cts.c), XTS (IEEE 1619, with ciphertext
 * stealing), RFC 3686 CTR, GCM (SP 800-38D, with its own bitwise GHASH),
 * and the ESP forms of GCM: RFC 4106 and RFC 4543 (GMAC). What the verifier
 * compares an implementation with where the kernel has no generic AES.
 * Written for being right, not fast; only encryption is needed of the
 * skciphers, since the verifier checks decryption against the plaintext.
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#ifdef KAESBENCH_HAVE_LINUX_UNALIGNED
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#include "refmodes.h"

#define BLOCK 16

static const struct {
	const char *alg;
	enum kaesbench_refmode_id id;
} modes[] = {
	{ "aes", KAESBENCH_REFMODE_CIPHER },
	{ "ecb(aes)", KAESBENCH_REFMODE_ECB },
	{ "cbc(aes)", KAESBENCH_REFMODE_CBC },
	{ "ctr(aes)", KAESBENCH_REFMODE_CTR },
	{ "xctr(aes)", KAESBENCH_REFMODE_XCTR },
	{ "cts(cbc(aes))", KAESBENCH_REFMODE_CTS },
	{ "xts(aes)", KAESBENCH_REFMODE_XTS },
	{ "rfc3686(ctr(aes))", KAESBENCH_REFMODE_RFC3686 },
	{ "gcm(aes)", KAESBENCH_REFMODE_GCM },
	{ "rfc4106(gcm(aes))", KAESBENCH_REFMODE_RFC4106 },
	{ "rfc4543(gcm(aes))", KAESBENCH_REFMODE_RFC4543 },
};

/**
 * kaesbench_refmode_find() - kaesbench's own mode for an algorithm
 * @alg: an algorithm name, as the crypto API has it ("cbc(aes)")
 *
 * Return: the mode, or KAESBENCH_REFMODE_NONE when there is none.
 */
enum kaesbench_refmode_id kaesbench_refmode_find(const char *alg)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(modes); i++)
		if (!strcmp(alg, modes[i].alg))
			return modes[i].id;
	return KAESBENCH_REFMODE_NONE;
}

static void xor_block(u8 *dst, const u8 *a, const u8 *b, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		dst[i] = a[i] ^ b[i];
}

/* Adds one to a 128-bit big-endian counter, as crypto_inc() does. */
static void inc_be128(u8 *ctr)
{
	int i;

	for (i = BLOCK - 1; i >= 0; i--)
		if (++ctr[i])
			break;
}

/* The last 32 bits only, as GCM's inc32(). */
static void inc32(u8 *ctr)
{
	put_unaligned_be32(get_unaligned_be32(ctr + 12) + 1, ctr + 12);
}

/* CTR with @ctr's whole block as the counter (@step increments it). */
static void ctr_crypt(const struct kaesbench_refaes *key, u8 *ctr,
		      void (*step)(u8 *), const u8 *in, u8 *out, u32 len)
{
	u8 stream[BLOCK];
	u32 n;

	while (len) {
		n = min_t(u32, len, BLOCK);
		kaesbench_refaes_encrypt(key, stream, ctr);
		xor_block(out, in, stream, n);
		step(ctr);
		in += n;
		out += n;
		len -= n;
	}
	memzero_explicit(stream, sizeof(stream));
}

static void cbc_encrypt(const struct kaesbench_refaes *key, u8 *chain,
			const u8 *in, u8 *out, u32 len)
{
	u32 i;

	for (i = 0; i < len; i += BLOCK) {
		xor_block(chain, chain, in + i, BLOCK);
		kaesbench_refaes_encrypt(key, chain, chain);
		memcpy(out + i, chain, BLOCK);
	}
}

/*
 * CBC with ciphertext stealing, CS3 (crypto/cts.c, RFC 8009): the last two
 * blocks swapped, the final one cut to the data's length. One block is
 * plain CBC.
 */
static int cts_encrypt(const struct kaesbench_refaes *key, const u8 *iv,
		       const u8 *in, u8 *out, u32 len)
{
	u8 chain[BLOCK], last[BLOCK];
	u32 offset, tail;

	if (len < BLOCK)
		return -EINVAL;
	memcpy(chain, iv, BLOCK);
	if (len == BLOCK) {
		cbc_encrypt(key, chain, in, out, len);
		return 0;
	}
	offset = rounddown(len - 1, BLOCK);
	tail = len - offset;
	cbc_encrypt(key, chain, in, out, offset);
	/* chain is the ciphertext of the block before the tail. */
	memset(last, 0, BLOCK);
	memcpy(last, in + offset, tail);
	xor_block(last, last, chain, BLOCK);
	kaesbench_refaes_encrypt(key, last, last);
	memcpy(out + offset, chain, tail);
	memcpy(out + offset - BLOCK, last, BLOCK);
	return 0;
}

/* Multiplies an XTS tweak by x in GF(2^128), little-endian. */
static void xts_next(u8 *t)
{
	u8 carry = t[BLOCK - 1] >> 7;
	int i;

	for (i = BLOCK - 1; i > 0; i--)
		t[i] = (t[i] << 1) | (t[i - 1] >> 7);
	t[0] = (t[0] << 1) ^ (carry ? 0x87 : 0);
}

static void xts_block(const struct kaesbench_refaes *key, const u8 *t,
		      const u8 *in, u8 *out)
{
	u8 x[BLOCK];

	xor_block(x, in, t, BLOCK);
	kaesbench_refaes_encrypt(key, x, x);
	xor_block(out, x, t, BLOCK);
}

static int xts_encrypt(const struct kaesbench_refmode *m, const u8 *iv,
		       const u8 *in, u8 *out, u32 len)
{
	u32 full = len / BLOCK, tail = len % BLOCK, i;
	u8 t[BLOCK], cc[BLOCK], pp[BLOCK];

	if (len < BLOCK)
		return -EINVAL;
	kaesbench_refaes_encrypt(&m->tweak, t, iv);
	/* With a tail, the last full block is stolen from. */
	for (i = 0; i < full - (tail ? 1 : 0); i++) {
		xts_block(&m->key, t, in + i * BLOCK, out + i * BLOCK);
		xts_next(t);
	}
	if (tail) {
		i = full - 1;
		xts_block(&m->key, t, in + i * BLOCK, cc);
		xts_next(t);
		memcpy(pp, in + full * BLOCK, tail);
		memcpy(pp + tail, cc + tail, BLOCK - tail);
		memcpy(out + full * BLOCK, cc, tail);
		xts_block(&m->key, t, pp, out + i * BLOCK);
	}
	return 0;
}

/* XCTR (HCTR2): block i, from 1, is E(IV ^ le(i)). */
static void xctr_encrypt(const struct kaesbench_refaes *key, const u8 *iv,
			 const u8 *in, u8 *out, u32 len)
{
	u8 ctr[BLOCK], stream[BLOCK];
	u64 i;
	u32 n;

	for (i = 1; len; i++) {
		n = min_t(u32, len, BLOCK);
		memcpy(ctr, iv, BLOCK);
		put_unaligned_le64(get_unaligned_le64(ctr) ^ i, ctr);
		kaesbench_refaes_encrypt(key, stream, ctr);
		xor_block(out, in, stream, n);
		in += n;
		out += n;
		len -= n;
	}
}

/* X * H in GF(2^128), GCM's bit order (SP 800-38D, Algorithm 1). */
static void ghash_mul(u8 *x, const u8 *h)
{
	u64 zh = 0, zl = 0, vh = get_unaligned_be64(h);
	u64 vl = get_unaligned_be64(h + 8);
	unsigned int i;
	bool lsb;

	for (i = 0; i < 128; i++) {
		if (x[i / 8] & (0x80 >> (i % 8))) {
			zh ^= vh;
			zl ^= vl;
		}
		lsb = vl & 1;
		vl = (vl >> 1) | (vh << 63);
		vh >>= 1;
		if (lsb)
			vh ^= 0xe100000000000000ULL;
	}
	put_unaligned_be64(zh, x);
	put_unaligned_be64(zl, x + 8);
}

static void ghash_update(u8 *x, const u8 *h, const u8 *data, u32 len)
{
	u8 block[BLOCK];
	u32 n;

	while (len) {
		n = min_t(u32, len, BLOCK);
		memset(block, 0, BLOCK);
		memcpy(block, data, n);
		xor_block(x, x, block, BLOCK);
		ghash_mul(x, h);
		data += n;
		len -= n;
	}
}

/*
 * GCM with a 96-bit nonce over @len bytes from @in to @out (which may be
 * the same), the tag of @aad and the ciphertext into @tag.
 */
static void gcm_crypt(const struct kaesbench_refmode *m, const u8 *nonce,
		      const u8 *aad, u32 aad_len, const u8 *in, u8 *out,
		      u32 len, bool encrypt, u8 *tag)
{
	u8 j0[BLOCK], ctr[BLOCK], x[BLOCK] = {}, lens[BLOCK];

	memcpy(j0, nonce, 12);
	put_unaligned_be32(1, j0 + 12);
	ghash_update(x, m->h, aad, aad_len);
	if (!encrypt)
		ghash_update(x, m->h, in, len);
	memcpy(ctr, j0, BLOCK);
	inc32(ctr);
	ctr_crypt(&m->key, ctr, inc32, in, out, len);
	if (encrypt)
		ghash_update(x, m->h, out, len);
	put_unaligned_be64((u64)aad_len * 8, lens);
	put_unaligned_be64((u64)len * 8, lens + 8);
	xor_block(x, x, lens, BLOCK);
	ghash_mul(x, m->h);
	kaesbench_refaes_encrypt(&m->key, j0, j0);
	xor_block(tag, x, j0, BLOCK);
}

/**
 * kaesbench_refmode_setkey() - key a mode as its template takes keys
 * @m: the mode, its id set
 * @key: the key: for XTS both halves, for RFC 3686/4106/4543 the nonce or
 *	 salt last
 * @len: of @key
 *
 * Return: 0, or -EINVAL for a length the template refuses.
 */
int kaesbench_refmode_setkey(struct kaesbench_refmode *m, const u8 *key,
			     unsigned int len)
{
	u8 zero[BLOCK] = {};
	int err;

	switch (m->id) {
	case KAESBENCH_REFMODE_XTS:
		if (len % 2)
			return -EINVAL;
		len /= 2;
		err = kaesbench_refaes_setkey(&m->tweak, key + len, len);
		break;
	case KAESBENCH_REFMODE_RFC3686:
	case KAESBENCH_REFMODE_RFC4106:
	case KAESBENCH_REFMODE_RFC4543:
		if (len < 4)
			return -EINVAL;
		len -= 4;
		memcpy(m->salt, key + len, 4);
		err = 0;
		break;
	default:
		err = 0;
		break;
	}
	if (!err)
		err = kaesbench_refaes_setkey(&m->key, key, len);
	if (!err)
		kaesbench_refaes_encrypt(&m->key, m->h, zero);
	return err;
}

/**
 * kaesbench_refmode_encrypt() - a cipher's or skcipher's encryption
 * @m: the keyed mode
 * @in: the plaintext
 * @out: the ciphertext (not @in)
 * @len: of both
 * @iv: the IV (unused by ECB and the single-block cipher)
 *
 * Return: 0, or -EINVAL for a length the algorithm refuses.
 */
int kaesbench_refmode_encrypt(const struct kaesbench_refmode *m,
			      const u8 *in, u8 *out, u32 len, const u8 *iv)
{
	u8 chain[BLOCK];
	u32 i;

	switch (m->id) {
	case KAESBENCH_REFMODE_CIPHER:
	case KAESBENCH_REFMODE_ECB:
		if (len % BLOCK)
			return -EINVAL;
		for (i = 0; i < len; i += BLOCK)
			kaesbench_refaes_encrypt(&m->key, out + i, in + i);
		return 0;
	case KAESBENCH_REFMODE_CBC:
		if (len % BLOCK)
			return -EINVAL;
		memcpy(chain, iv, BLOCK);
		cbc_encrypt(&m->key, chain, in, out, len);
		return 0;
	case KAESBENCH_REFMODE_CTR:
		memcpy(chain, iv, BLOCK);
		ctr_crypt(&m->key, chain, inc_be128, in, out, len);
		return 0;
	case KAESBENCH_REFMODE_RFC3686:
		memcpy(chain, m->salt, 4);
		memcpy(chain + 4, iv, 8);
		put_unaligned_be32(1, chain + 12);
		ctr_crypt(&m->key, chain, inc_be128, in, out, len);
		return 0;
	case KAESBENCH_REFMODE_XCTR:
		xctr_encrypt(&m->key, iv, in, out, len);
		return 0;
	case KAESBENCH_REFMODE_CTS:
		return cts_encrypt(&m->key, iv, in, out, len);
	case KAESBENCH_REFMODE_XTS:
		return xts_encrypt(m, iv, in, out, len);
	default:
		return -EINVAL;
	}
}

/*
 * The nonce and the associated data GHASH covers: RFC 4106 leaves out the
 * IV that ends ESP's associated data (16 or 20 bytes), RFC 4543 covers it
 * and the payload too.
 */
static int aead_layout(const struct kaesbench_refmode *m, const u8 *iv,
		       u32 ad, u32 len, u8 *nonce, u32 *hashed_ad)
{
	switch (m->id) {
	case KAESBENCH_REFMODE_GCM:
		memcpy(nonce, iv, 12);
		*hashed_ad = ad;
		return 0;
	case KAESBENCH_REFMODE_RFC4106:
	case KAESBENCH_REFMODE_RFC4543:
		if (ad != 16 && ad != 20)
			return -EINVAL;
		memcpy(nonce, m->salt, 4);
		memcpy(nonce + 4, iv, 8);
		*hashed_ad = m->id == KAESBENCH_REFMODE_RFC4106 ? ad - 8 :
				ad + len;
		return 0;
	default:
		return -EINVAL;
	}
}

/**
 * kaesbench_refmode_aead_encrypt() - an AEAD's encryption, in place
 * @m: the keyed mode, its tag length set
 * @buf: [associated data | plaintext | room for the tag]
 * @ad: the associated data's length
 * @len: the plaintext's
 * @iv: the IV
 *
 * Return: 0, or -EINVAL for lengths the algorithm refuses.
 */
int kaesbench_refmode_aead_encrypt(const struct kaesbench_refmode *m,
				   u8 *buf, u32 ad, u32 len, const u8 *iv)
{
	u8 nonce[12], tag[BLOCK];
	u32 hashed;
	int err;

	err = aead_layout(m, iv, ad, len, nonce, &hashed);
	if (err)
		return err;
	if (m->id == KAESBENCH_REFMODE_RFC4543)
		gcm_crypt(m, nonce, buf, hashed, NULL, NULL, 0, true, tag);
	else
		gcm_crypt(m, nonce, buf, hashed, buf + ad, buf + ad, len,
			  true, tag);
	memcpy(buf + ad + len, tag, m->authsize);
	return 0;
}

/**
 * kaesbench_refmode_aead_decrypt() - an AEAD's decryption
 * @m: the keyed mode, its tag length set
 * @in: [associated data | ciphertext | tag]
 * @out: the plaintext is written after its first @ad bytes
 * @ad: the associated data's length
 * @cryptlen: the ciphertext's and the tag's
 * @iv: the IV
 *
 * Return: 0, -EBADMSG when the tag does not match, -EINVAL for lengths
 * the algorithm refuses.
 */
int kaesbench_refmode_aead_decrypt(const struct kaesbench_refmode *m,
				   const u8 *in, u8 *out, u32 ad, u32 cryptlen,
				   const u8 *iv)
{
	u8 nonce[12], tag[BLOCK];
	u32 len, hashed;
	int err;

	if (cryptlen < m->authsize)
		return -EINVAL;
	len = cryptlen - m->authsize;
	err = aead_layout(m, iv, ad, len, nonce, &hashed);
	if (err)
		return err;
	if (m->id == KAESBENCH_REFMODE_RFC4543) {
		gcm_crypt(m, nonce, in, hashed, NULL, NULL, 0, true, tag);
		memcpy(out + ad, in + ad, len);
	} else {
		gcm_crypt(m, nonce, in, hashed, in + ad, out + ad, len, false,
			  tag);
	}
	return memcmp(tag, in + ad + len, m->authsize) ? -EBADMSG : 0;
}

/* SP 800-38A F.2.1 and F.5.1, the first two blocks. */
static const u8 sp800_38a_key[16] = {
	0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
	0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c,
};

static const u8 sp800_38a_plain[32] = {
	0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96,
	0xe9, 0x3d, 0x7e, 0x11, 0x73, 0x93, 0x17, 0x2a,
	0xae, 0x2d, 0x8a, 0x57, 0x1e, 0x03, 0xac, 0x9c,
	0x9e, 0xb7, 0x6f, 0xac, 0x45, 0xaf, 0x8e, 0x51,
};

static const struct {
	enum kaesbench_refmode_id id;
	u8 iv[16];
	u8 cipher[32];
} sp800_38a[] = {
	{ KAESBENCH_REFMODE_CBC,
	  { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f },
	  { 0x76, 0x49, 0xab, 0xac, 0x81, 0x19, 0xb2, 0x46,
	    0xce, 0xe9, 0x8e, 0x9b, 0x12, 0xe9, 0x19, 0x7d,
	    0x50, 0x86, 0xcb, 0x9b, 0x50, 0x72, 0x19, 0xee,
	    0x95, 0xdb, 0x11, 0x3a, 0x91, 0x76, 0x78, 0xb2 } },
	{ KAESBENCH_REFMODE_CTR,
	  { 0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7,
	    0xf8, 0xf9, 0xfa, 0xfb, 0xfc, 0xfd, 0xfe, 0xff },
	  { 0x87, 0x4d, 0x61, 0x91, 0xb6, 0x20, 0xe3, 0x26,
	    0x1b, 0xef, 0x68, 0x64, 0x99, 0x0d, 0xb6, 0xce,
	    0x98, 0x06, 0xf6, 0x6b, 0x79, 0x70, 0xfd, 0xff,
	    0x86, 0x17, 0x18, 0x7b, 0xb9, 0xff, 0xfd, 0xff } },
};

/* The GCM specification's test case 2: zero key, IV and block. */
static const u8 gcm_case2[32] = {
	0x03, 0x88, 0xda, 0xce, 0x60, 0xb6, 0xa3, 0x92,
	0xf3, 0x28, 0xc2, 0xb9, 0x71, 0xb2, 0xfe, 0x78,
	0xab, 0x6e, 0x47, 0xd4, 0x2c, 0xec, 0x13, 0xbd,
	0xf5, 0x3a, 0x67, 0xb2, 0x12, 0x57, 0xbd, 0xdf,
};

/*
 * The modes against SP 800-38A and GCM
 *
 * CBC and CTR against SP 800-38A's F.2.1 and F.5.1, GCM against its
 * specification's test case 2, encryption and (GCM) decryption.
 *
 * Return: 0, or -EBADMSG naming the mode in dmesg.
 */
static int self_test(void)
{
	static struct kaesbench_refmode m;	/* 520 bytes: not the stack */
	u8 buf[48] = {}, iv[16] = {};
	unsigned int i;
	int err = 0;

	for (i = 0; i < ARRAY_SIZE(sp800_38a) && !err; i++) {
		m.id = sp800_38a[i].id;
		kaesbench_refmode_setkey(&m, sp800_38a_key, 16);
		kaesbench_refmode_encrypt(&m, sp800_38a_plain, buf, 32,
					  sp800_38a[i].iv);
		if (memcmp(buf, sp800_38a[i].cipher, 32))
			err = -EBADMSG;
	}
	if (!err) {
		m.id = KAESBENCH_REFMODE_GCM;
		m.authsize = 16;
		memset(buf, 0, sizeof(buf));
		kaesbench_refmode_setkey(&m, buf + 32, 16);
		kaesbench_refmode_aead_encrypt(&m, buf, 0, 16, iv);
		if (memcmp(buf, gcm_case2, 32) ||
		    kaesbench_refmode_aead_decrypt(&m, gcm_case2, buf, 0, 32, iv) ||
		    memchr_inv(buf, 0, 16))
			err = -EBADMSG;
	}
	if (err)
		pr_err("its own AES fails the %s known answer: verification without a generic AES is off\n",
		       m.id == KAESBENCH_REFMODE_CBC ? "SP 800-38A CBC" :
		       m.id == KAESBENCH_REFMODE_CTR ? "SP 800-38A CTR" :
		       "GCM test case 2");
	memzero_explicit(&m, sizeof(m));
	return err;
}

static bool ready;

/**
 * kaesbench_refmodes_init() - check kaesbench's own AES and its modes
 *
 * FIPS-197 for the cipher, then SP 800-38A and GCM. A failure
 * is said in dmesg, and wherever verification would have used them.
 *
 * Context: module load.
 */
void kaesbench_refmodes_init(void)
{
	ready = !kaesbench_refaes_init() && !self_test();
}

/**
 * kaesbench_refmodes_ready() - whether they passed their checks at load
 */
bool kaesbench_refmodes_ready(void)
{
	return ready;
}
