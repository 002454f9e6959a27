// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The modes of operation around kaesbench's own AES (refaes.c), over linear
 * buffers, as the crypto API's templates define them: ECB, CBC, CTR, XCTR,
 * CTS (CBC, CS3 as crypto/cts.c), XTS (IEEE 1619, with ciphertext
 * stealing), RFC 3686 CTR, GCM (SP 800-38D, with its own GHASH),
 * CCM (SP 800-38C), the ESP forms RFC 4106, RFC 4543 (GMAC) and RFC 4309,
 * and authenc(hmac(SHA),cbc/rfc3686) with the kernel's HMAC (not AES, so
 * not under test), and the IV generators seqiv and echainiv over those
 * AEADs, for decryption only (their IVs come from a salt of each
 * instance's own: what they encrypt is checked by decrypting it). What the
 * verifier compares an implementation with where the kernel has no generic
 * AES. Written for being right, not fast; only encryption is needed of the
 * skciphers, since the verifier checks decryption against the plaintext.
 * Each mode is checked at load against a published known answer; one that
 * fails turns them all off, and verification that would use them refuses,
 * naming it.
 */

#include <crypto/authenc.h>
#include <crypto/hash.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/rtnetlink.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
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
	{ "ccm(aes)", KAESBENCH_REFMODE_CCM },
	{ "rfc4309(ccm(aes))", KAESBENCH_REFMODE_RFC4309 },
};

static const char *const macs[] = {
	"hmac(sha1)", "hmac(sha256)", "hmac(sha384)", "hmac(sha512)",
};

static enum kaesbench_refmode_id find(const char *alg)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(modes); i++)
		if (!strcmp(alg, modes[i].alg))
			return modes[i].id;
	return KAESBENCH_REFMODE_NONE;
}

/* "authenc(hmac(sha256),cbc(aes))": the HMAC, and the cipher inside. */
static int open_authenc(struct kaesbench_refmode *m, const char *alg)
{
	char inner[64];
	const char *comma;
	unsigned int i;
	size_t n;

	if (!str_has_prefix(alg, "authenc("))
		return -ENOENT;
	alg += strlen("authenc(");
	comma = strchr(alg, ',');
	n = comma ? strlen(comma + 1) : 0;
	if (!n || n >= sizeof(inner) || comma[n] != ')')
		return -ENOENT;
	memcpy(inner, comma + 1, n - 1);
	inner[n - 1] = '\0';
	m->inner = find(inner);
	if (m->inner != KAESBENCH_REFMODE_CBC &&
	    m->inner != KAESBENCH_REFMODE_RFC3686)
		return -ENOENT;
	for (i = 0; i < ARRAY_SIZE(macs); i++) {
		n = strlen(macs[i]);
		if (alg + n == comma && !strncmp(alg, macs[i], n))
			break;
	}
	if (i == ARRAY_SIZE(macs))
		return -ENOENT;
	m->mac = crypto_alloc_shash(macs[i], 0, 0);
	if (IS_ERR(m->mac)) {
		int err = PTR_ERR(m->mac);

		m->mac = NULL;
		return err;
	}
	m->id = KAESBENCH_REFMODE_AUTHENC;
	return 0;
}

/* The IV an AEAD takes, which seqiv and echainiv write into the packet. */
static u32 aead_iv_size(const struct kaesbench_refmode *m)
{
	switch (m->id) {
	case KAESBENCH_REFMODE_GCM:
		return 12;
	case KAESBENCH_REFMODE_CCM:
		return BLOCK;
	case KAESBENCH_REFMODE_RFC4106:
	case KAESBENCH_REFMODE_RFC4543:
	case KAESBENCH_REFMODE_RFC4309:
		return 8;
	case KAESBENCH_REFMODE_AUTHENC:
		return m->inner == KAESBENCH_REFMODE_CBC ? BLOCK : 8;
	default:
		return 0;
	}
}

static int open_one(struct kaesbench_refmode *m, const char *alg)
{
	m->id = find(alg);
	return m->id ? 0 : open_authenc(m, alg);
}

/* "seqiv(rfc4106(gcm(aes)))": the AEAD inside, and its IV's size. */
static int open_geniv(struct kaesbench_refmode *m, const char *alg)
{
	static const char *const genivs[] = { "seqiv(", "echainiv(" };
	char inner[64];
	unsigned int i;
	size_t n;
	int err;

	for (i = 0; i < ARRAY_SIZE(genivs); i++)
		if (str_has_prefix(alg, genivs[i]))
			break;
	if (i == ARRAY_SIZE(genivs))
		return open_one(m, alg);
	alg += strlen(genivs[i]);
	n = strlen(alg);
	if (!n || n > sizeof(inner) || alg[n - 1] != ')')
		return -ENOENT;
	memcpy(inner, alg, n - 1);
	inner[n - 1] = '\0';
	err = open_one(m, inner);
	if (err)
		return err;
	m->gen_iv = aead_iv_size(m);
	return m->gen_iv ? 0 : -ENOENT;
}

/**
 * kaesbench_refmode_open() - kaesbench's own mode for an algorithm
 * @m: zeroed; set up on success, to be closed whatever the result
 * @alg: an algorithm name, as the crypto API has it ("cbc(aes)")
 *
 * Context: process context (authenc allocates the kernel's HMAC).
 * Return: 0; -ENOENT when there is no such mode; the HMAC's errno.
 */
int kaesbench_refmode_open(struct kaesbench_refmode *m, const char *alg)
{
	return open_geniv(m, alg);
}

/**
 * kaesbench_refmode_close() - free what kaesbench_refmode_open() set up
 * @m: the mode; wiped
 */
void kaesbench_refmode_close(struct kaesbench_refmode *m)
{
	crypto_free_shash(m->mac);
	memzero_explicit(m, sizeof(*m));
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

/*
 * GHASH four bits at a time (Shoup's method): H times each 4-bit value,
 * made once a key. Bitwise, one block took 128 steps with a branch each,
 * and verifying GCM under emulation as long as the implementation's own
 * measurement.
 */
static void ghash_setkey(struct kaesbench_refmode *m, const u8 *h)
{
	u64 vh = get_unaligned_be64(h), vl = get_unaligned_be64(h + 8), r;
	unsigned int i, j;

	/* Index 8 is H itself: GCM numbers bits from the most significant. */
	m->hh[0] = 0;
	m->hl[0] = 0;
	m->hh[8] = vh;
	m->hl[8] = vl;
	for (i = 4; i; i >>= 1) {
		r = vl & 1 ? 0xe100000000000000ULL : 0;
		vl = (vl >> 1) | (vh << 63);
		vh = (vh >> 1) ^ r;
		m->hh[i] = vh;
		m->hl[i] = vl;
	}
	for (i = 2; i < 16; i <<= 1) {
		for (j = 1; j < i; j++) {
			m->hh[i + j] = m->hh[i] ^ m->hh[j];
			m->hl[i + j] = m->hl[i] ^ m->hl[j];
		}
	}
}

/* What four bits shifted out of X reduce to, at X's top. */
static const u16 ghash_reduce4[16] = {
	0x0000, 0x1c20, 0x3840, 0x2460, 0x7080, 0x6ca0, 0x48c0, 0x54e0,
	0xe100, 0xfd20, 0xd940, 0xc560, 0x9180, 0x8da0, 0xa9c0, 0xb5e0,
};

/* X * H in GF(2^128), GCM's bit order, from the last four bits up. */
static void ghash_mul(u8 *x, const struct kaesbench_refmode *m)
{
	u64 zh = 0, zl = 0;
	unsigned int i, nibble, rem;

	for (i = 32; i--;) {
		nibble = i & 1 ? x[i / 2] & 0xf : x[i / 2] >> 4;
		if (i != 31) {
			rem = zl & 0xf;
			zl = (zl >> 4) | (zh << 60);
			zh = (zh >> 4) ^ ((u64)ghash_reduce4[rem] << 48);
		}
		zh ^= m->hh[nibble];
		zl ^= m->hl[nibble];
	}
	put_unaligned_be64(zh, x);
	put_unaligned_be64(zl, x + 8);
}

static void ghash_update(u8 *x, const struct kaesbench_refmode *m,
			 const u8 *data, u32 len)
{
	u8 block[BLOCK];
	u32 n;

	while (len) {
		n = min_t(u32, len, BLOCK);
		memset(block, 0, BLOCK);
		memcpy(block, data, n);
		xor_block(x, x, block, BLOCK);
		ghash_mul(x, m);
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
	ghash_update(x, m, aad, aad_len);
	if (!encrypt)
		ghash_update(x, m, in, len);
	memcpy(ctr, j0, BLOCK);
	inc32(ctr);
	ctr_crypt(&m->key, ctr, inc32, in, out, len);
	if (encrypt)
		ghash_update(x, m, out, len);
	put_unaligned_be64((u64)aad_len * 8, lens);
	put_unaligned_be64((u64)len * 8, lens + 8);
	xor_block(x, x, lens, BLOCK);
	ghash_mul(x, m);
	kaesbench_refaes_encrypt(&m->key, j0, j0);
	xor_block(tag, x, j0, BLOCK);
}

static int setkey_as(struct kaesbench_refmode *m, enum kaesbench_refmode_id id,
		     const u8 *key, unsigned int len);

/**
 * kaesbench_refmode_setkey() - key a mode as its template takes keys
 * @m: the mode, its id set
 * @key: the key: for XTS both halves, for RFC 3686/4106/4543/4309 the
 *	 nonce or salt last, for authenc crypto/authenc.c's layout
 * @len: of @key
 *
 * Return: 0, or -EINVAL for a length the template refuses.
 */
int kaesbench_refmode_setkey(struct kaesbench_refmode *m, const u8 *key,
			     unsigned int len)
{
	const struct rtattr *rta = (const void *)key;
	unsigned int head, enc_len;
	int err;

	if (m->id != KAESBENCH_REFMODE_AUTHENC)
		return setkey_as(m, m->id, key, len);
	/* crypto/authenc.c's layout: an rtattr with the cipher key's length,
	 * the HMAC key, the cipher key.
	 */
	if (len < RTA_SPACE(sizeof(__be32)) ||
	    rta->rta_type != CRYPTO_AUTHENC_KEYA_PARAM ||
	    RTA_PAYLOAD(rta) < sizeof(__be32))
		return -EINVAL;
	head = RTA_ALIGN(rta->rta_len);
	enc_len = get_unaligned_be32(RTA_DATA(rta));
	if (head > len || enc_len > len - head)
		return -EINVAL;
	err = crypto_shash_setkey(m->mac, key + head, len - head - enc_len);
	return err ?: setkey_as(m, m->inner, key + len - enc_len, enc_len);
}

static int setkey_as(struct kaesbench_refmode *m, enum kaesbench_refmode_id id,
		     const u8 *key, unsigned int len)
{
	u8 zero[BLOCK] = {}, h[BLOCK];
	unsigned int salt;
	int err;

	switch (id) {
	case KAESBENCH_REFMODE_XTS:
		if (len % 2)
			return -EINVAL;
		len /= 2;
		err = kaesbench_refaes_setkey(&m->tweak, key + len, len);
		break;
	case KAESBENCH_REFMODE_RFC3686:
	case KAESBENCH_REFMODE_RFC4106:
	case KAESBENCH_REFMODE_RFC4543:
	case KAESBENCH_REFMODE_RFC4309:
		/* The nonce or salt after the key: RFC 4309's is 3 bytes. */
		salt = id == KAESBENCH_REFMODE_RFC4309 ? 3 : 4;
		if (len < salt)
			return -EINVAL;
		len -= salt;
		memcpy(m->salt, key + len, salt);
		err = 0;
		break;
	default:
		err = 0;
		break;
	}
	if (!err)
		err = kaesbench_refaes_setkey(&m->key, key, len);
	if (!err) {
		kaesbench_refaes_encrypt(&m->key, h, zero);
		ghash_setkey(m, h);
	}
	return err;
}

static int encrypt_as(const struct kaesbench_refmode *m,
		      enum kaesbench_refmode_id id, const u8 *in, u8 *out,
		      u32 len, const u8 *iv);

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
	return encrypt_as(m, m->id, in, out, len, iv);
}

/* @in may be @out for all but XTS and CTS. */
static int encrypt_as(const struct kaesbench_refmode *m,
		      enum kaesbench_refmode_id id, const u8 *in, u8 *out,
		      u32 len, const u8 *iv)
{
	u8 chain[BLOCK];
	u32 i;

	switch (id) {
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

/*
 * The GCM family's tag of [associated data | data] from @in, and the data
 * en- or decrypted into @out after the associated data. RFC 4543 only
 * authenticates: everything is associated data, the data goes across as
 * it is.
 */
static int gcm_family(const struct kaesbench_refmode *m, const u8 *iv,
		      const u8 *in, u8 *out, u32 ad, u32 len, bool encrypt,
		      u8 *tag)
{
	u8 nonce[12];
	u32 hashed;
	int err;

	err = aead_layout(m, iv, ad, len, nonce, &hashed);
	if (err)
		return err;
	if (m->id == KAESBENCH_REFMODE_RFC4543) {
		gcm_crypt(m, nonce, in, hashed, NULL, NULL, 0, true, tag);
		if (in != out)
			memcpy(out + ad, in + ad, len);
	} else {
		gcm_crypt(m, nonce, in, hashed, in + ad, out + ad, len,
			  encrypt, tag);
	}
	return 0;
}

static int gcm_encrypt(const struct kaesbench_refmode *m, u8 *buf, u32 ad,
		       u32 len, const u8 *iv)
{
	u8 tag[BLOCK];
	int err;

	err = gcm_family(m, iv, buf, buf, ad, len, true, tag);
	if (!err)
		memcpy(buf + ad + len, tag, m->authsize);
	return err;
}

static int gcm_decrypt(const struct kaesbench_refmode *m, const u8 *in,
		       u8 *out, u32 ad, u32 len, const u8 *iv)
{
	u8 tag[BLOCK];
	int err;

	err = gcm_family(m, iv, in, out, ad, len, false, tag);
	return err ?: memcmp(tag, in + ad + len, m->authsize) ? -EBADMSG : 0;
}

/*
 * CCM's counter block 0 from the request's IV: the kernel's ccm() takes
 * L' and the nonce and clears the counter; RFC 4309 builds it from its salt
 * and the 8-byte IV, and leaves ESP's IV out of the associated data.
 */
static int ccm_layout(const struct kaesbench_refmode *m, const u8 *iv,
		      u32 ad, u8 *a0, u32 *hashed_ad)
{
	if (m->id == KAESBENCH_REFMODE_CCM) {
		if (iv[0] < 1 || iv[0] > 7)
			return -EINVAL;
		memcpy(a0, iv, BLOCK);
		*hashed_ad = ad;
	} else {
		if (ad != 16 && ad != 20)
			return -EINVAL;
		a0[0] = 3;
		memcpy(a0 + 1, m->salt, 3);
		memcpy(a0 + 4, iv, 8);
		*hashed_ad = ad - 8;
	}
	memset(a0 + 15 - a0[0], 0, a0[0] + 1);
	return 0;
}

/* CBC-MAC over a stream of bytes: @fill of @mac's block taken so far. */
static void cbcmac_feed(const struct kaesbench_refaes *key, u8 *mac,
			u32 *fill, const u8 *data, u32 len)
{
	while (len--) {
		mac[(*fill)++] ^= *data++;
		if (*fill == BLOCK) {
			kaesbench_refaes_encrypt(key, mac, mac);
			*fill = 0;
		}
	}
}

/* Zero padding to the block: the partial block, encrypted as it is. */
static void cbcmac_pad(const struct kaesbench_refaes *key, u8 *mac, u32 *fill)
{
	if (*fill)
		kaesbench_refaes_encrypt(key, mac, mac);
	*fill = 0;
}

/* SP 800-38C: the tag of @aad and @plain, encrypted with counter block 0. */
static int ccm_tag(const struct kaesbench_refmode *m, const u8 *a0,
		   const u8 *aad, u32 aad_len, const u8 *plain, u32 len,
		   u8 *tag)
{
	u32 l = a0[0] + 1, fill = 0, i;
	u8 b0[BLOCK], hdr[6], s0[BLOCK];

	if (l < 4 && len >> (8 * l))
		return -EOVERFLOW;
	memcpy(b0, a0, BLOCK);
	b0[0] = (aad_len ? 0x40 : 0) | ((m->authsize - 2) / 2) << 3 | (l - 1);
	for (i = 0; i < l; i++)
		b0[15 - i] = i < 4 ? len >> (8 * i) : 0;
	kaesbench_refaes_encrypt(&m->key, tag, b0);
	if (aad_len) {
		if (aad_len < 0xff00) {
			put_unaligned_be16(aad_len, hdr);
			cbcmac_feed(&m->key, tag, &fill, hdr, 2);
		} else {
			hdr[0] = 0xff;
			hdr[1] = 0xfe;
			put_unaligned_be32(aad_len, hdr + 2);
			cbcmac_feed(&m->key, tag, &fill, hdr, 6);
		}
		cbcmac_feed(&m->key, tag, &fill, aad, aad_len);
		cbcmac_pad(&m->key, tag, &fill);
	}
	cbcmac_feed(&m->key, tag, &fill, plain, len);
	cbcmac_pad(&m->key, tag, &fill);
	kaesbench_refaes_encrypt(&m->key, s0, a0);
	xor_block(tag, tag, s0, BLOCK);
	return 0;
}

static int ccm_encrypt(const struct kaesbench_refmode *m, u8 *buf, u32 ad,
		       u32 len, const u8 *iv)
{
	u8 a0[BLOCK], tag[BLOCK];
	u32 hashed;
	int err;

	err = ccm_layout(m, iv, ad, a0, &hashed);
	if (!err)
		err = ccm_tag(m, a0, buf, hashed, buf + ad, len, tag);
	if (err)
		return err;
	inc_be128(a0);
	ctr_crypt(&m->key, a0, inc_be128, buf + ad, buf + ad, len);
	memcpy(buf + ad + len, tag, m->authsize);
	return 0;
}

static int ccm_decrypt(const struct kaesbench_refmode *m, const u8 *in,
		       u8 *out, u32 ad, u32 len, const u8 *iv)
{
	u8 a0[BLOCK], ctr[BLOCK], tag[BLOCK];
	u32 hashed;
	int err;

	err = ccm_layout(m, iv, ad, a0, &hashed);
	if (err)
		return err;
	memcpy(ctr, a0, BLOCK);
	inc_be128(ctr);
	ctr_crypt(&m->key, ctr, inc_be128, in + ad, out + ad, len);
	err = ccm_tag(m, a0, in, hashed, out + ad, len, tag);
	return err ?: memcmp(tag, in + ad + len, m->authsize) ? -EBADMSG : 0;
}

/* crypto/authenc.c: encrypt, then the HMAC of the associated data and it. */
static int authenc_mac(const struct kaesbench_refmode *m, const u8 *data,
		       u32 len, u8 *digest)
{
	return crypto_shash_tfm_digest(m->mac, data, len, digest);
}

static int authenc_encrypt(const struct kaesbench_refmode *m, u8 *buf,
			   u32 ad, u32 len, const u8 *iv)
{
	u8 digest[HASH_MAX_DIGESTSIZE];
	int err;

	err = encrypt_as(m, m->inner, buf + ad, buf + ad, len, iv);
	if (!err)
		err = authenc_mac(m, buf, ad + len, digest);
	if (!err)
		memcpy(buf + ad + len, digest, m->authsize);
	return err;
}

/* The only decryption of a mode here: authenc's CBC. @in is not @out. */
static int cbc_decrypt(const struct kaesbench_refaes *key, const u8 *iv,
		       const u8 *in, u8 *out, u32 len)
{
	u8 block[BLOCK];
	const u8 *chain = iv;
	u32 i;

	if (len % BLOCK)
		return -EINVAL;
	for (i = 0; i < len; i += BLOCK) {
		kaesbench_refaes_decrypt(key, block, in + i);
		xor_block(out + i, block, chain, BLOCK);
		chain = in + i;
	}
	memzero_explicit(block, sizeof(block));
	return 0;
}

static int authenc_decrypt(const struct kaesbench_refmode *m, const u8 *in,
			   u8 *out, u32 ad, u32 len, const u8 *iv)
{
	u8 digest[HASH_MAX_DIGESTSIZE];
	int err;

	err = authenc_mac(m, in, ad + len, digest);
	if (err)
		return err;
	if (memcmp(digest, in + ad + len, m->authsize))
		return -EBADMSG;
	if (m->inner != KAESBENCH_REFMODE_CBC)	/* CTR: its own inverse */
		return encrypt_as(m, m->inner, in + ad, out + ad, len, iv);
	return cbc_decrypt(&m->key, iv, in + ad, out + ad, len);
}

/**
 * kaesbench_refmode_aead_encrypt() - an AEAD's encryption, in place
 * @m: the keyed mode, its tag length set
 * @buf: [associated data | plaintext | room for the tag]
 * @ad: the associated data's length
 * @len: the plaintext's
 * @iv: the IV
 *
 * Return: 0, -EINVAL for lengths the algorithm refuses, or -EOPNOTSUPP
 * for an IV generator, whose IV no other instance could reproduce.
 */
int kaesbench_refmode_aead_encrypt(const struct kaesbench_refmode *m,
				   u8 *buf, u32 ad, u32 len, const u8 *iv)
{
	if (m->gen_iv)
		return -EOPNOTSUPP;
	switch (m->id) {
	case KAESBENCH_REFMODE_CCM:
	case KAESBENCH_REFMODE_RFC4309:
		return ccm_encrypt(m, buf, ad, len, iv);
	case KAESBENCH_REFMODE_AUTHENC:
		return authenc_encrypt(m, buf, ad, len, iv);
	default:
		return gcm_encrypt(m, buf, ad, len, iv);
	}
}

/**
 * kaesbench_refmode_aead_decrypt() - an AEAD's decryption
 * @m: the keyed mode, its tag length set
 * @in: [associated data | ciphertext | tag]
 * @out: the plaintext is written after its first @ad bytes (not @in)
 * @ad: the associated data's length
 * @cryptlen: the ciphertext's and the tag's
 * @iv: the IV; an IV generator's is read from @in instead
 *
 * seqiv and echainiv decrypt as ESP input does: the IV after the associated
 * data is read from the packet, and their AEAD takes it as associated data
 * too (crypto/seqiv.c, crypto/echainiv.c); the plaintext then starts after
 * it in @out.
 *
 * Return: 0, -EBADMSG when the tag does not match, -EINVAL for lengths
 * the algorithm refuses.
 */
int kaesbench_refmode_aead_decrypt(const struct kaesbench_refmode *m,
				   const u8 *in, u8 *out, u32 ad, u32 cryptlen,
				   const u8 *iv)
{
	u32 len;

	if (m->gen_iv) {
		if (cryptlen < m->gen_iv)
			return -EINVAL;
		iv = in + ad;
		ad += m->gen_iv;
		cryptlen -= m->gen_iv;
	}
	if (cryptlen < m->authsize)
		return -EINVAL;
	len = cryptlen - m->authsize;
	switch (m->id) {
	case KAESBENCH_REFMODE_CCM:
	case KAESBENCH_REFMODE_RFC4309:
		return ccm_decrypt(m, in, out, ad, len, iv);
	case KAESBENCH_REFMODE_AUTHENC:
		return authenc_decrypt(m, in, out, ad, len, iv);
	default:
		return gcm_decrypt(m, in, out, ad, len, iv);
	}
}

/*
 * The self-check at load: a published known answer for each mode, run as
 * verification runs the mode (kaesbench_refmode_open() of the algorithm's
 * name, its key as the template takes it), so that a regression here reads
 * as the reference failing its check, never as a wrong verdict on a driver.
 * Only data is taken from the sources each names.
 */
struct known_answer {
	const char *name;	/* in dmesg, the refusal, corrupt_known_answer */
	const char *source;
	const char *alg;
	const char *key, *iv, *ad, *in, *out;
	u8 key_len, ad_len, len, tag_len;	/* @out: len + tag_len */
	/*
	 * @in is the ciphertext (an AEAD's with its tag), @out the plaintext:
	 * CBC's decryption, and seqiv's and echainiv's, whose encryption
	 * makes an IV of its own and has no fixed answer. Their packet is
	 * @ad, @iv (the IV it carries), @in, as ESP input hands it over.
	 */
	bool decrypt;
};

/*
 * crypto/authenc.c's key: an rtattr in host order (length 8, type 1), then
 * the cipher key's length (16), big-endian.
 */
#ifdef __LITTLE_ENDIAN
#define AUTHENC_KEY_HEAD "\x08\x00\x01\x00\x00\x00\x00\x10"
#else
#define AUTHENC_KEY_HEAD "\x00\x08\x00\x01\x00\x00\x00\x10"
#endif

#define SP800_38A_KEY "\x2b\x7e\x15\x16\x28\xae\xd2\xa6" \
		      "\xab\xf7\x15\x88\x09\xcf\x4f\x3c"
/* F.2.1's and F.5.1's first two blocks. */
#define SP800_38A_PLAIN "\x6b\xc1\xbe\xe2\x2e\x40\x9f\x96" \
			"\xe9\x3d\x7e\x11\x73\x93\x17\x2a" \
			"\xae\x2d\x8a\x57\x1e\x03\xac\x9c" \
			"\x9e\xb7\x6f\xac\x45\xaf\x8e\x51"
#define SP800_38A_CBC_IV "\x00\x01\x02\x03\x04\x05\x06\x07" \
			 "\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
#define SP800_38A_CBC "\x76\x49\xab\xac\x81\x19\xb2\x46" \
		      "\xce\xe9\x8e\x9b\x12\xe9\x19\x7d" \
		      "\x50\x86\xcb\x9b\x50\x72\x19\xee" \
		      "\x95\xdb\x11\x3a\x91\x76\x78\xb2"

/* crypto/testmgr.h's rfc4106 vector, from draft-mcgrew-gcm-test-01. */
#define RFC4106_KEY "\x3d\xe0\x98\x74\xb3\x88\xe6\x49" \
		    "\x19\x88\xd0\xc3\x60\x7e\xae\x1f" \
		    "\x57\x69\x0e\x43"
/* The packet's header: SPI, 64-bit sequence number; then its IV. */
#define RFC4106_ESP "\x42\xf6\x7e\x3f\x10\x10\x10\x10" \
		    "\x10\x10\x10\x10"
#define RFC4106_IV "\x4e\x28\x00\x00\xa2\xfc\xa1\xa3"
#define RFC4106_PLAIN "\x45\x00\x00\x1c\x42\xa2\x00\x00" \
		      "\x80\x01\x44\x1f\x40\x67\x93\xb6" \
		      "\xe0\x00\x00\x02\x0a\x00\xf5\xff" \
		      "\x01\x02\x02\x01"
#define RFC4106_SEALED "\xfb\xa2\xca\x84\x5e\x5d\xf9\xf0" \
		       "\xf2\x2c\x3e\x6e\x86\xdd\x83\x1e" \
		       "\x1f\xc6\x57\x92\xcd\x1a\xf9\x13" \
		       "\x0e\x13\x79\xed" \
		       "\x36\x9f\x07\x1f\x35\xe0\x34\xbe" \
		       "\x95\xf1\x12\xe4\xe7\xd0\x5d\x35"

/* crypto/testmgr.h's RFC 3602 case 2 under HMAC-SHA256. */
#define AUTHENC_KEY AUTHENC_KEY_HEAD \
		    "\x20\x21\x22\x23\x24\x25\x26\x27" \
		    "\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f" \
		    "\x30\x31\x32\x33\x34\x35\x36\x37" \
		    "\x38\x39\x3a\x3b\x3c\x3d\x3e\x3f" \
		    "\xc2\x86\x69\x6d\x88\x7c\x9a\xa0" \
		    "\x61\x1b\xbb\x3e\x20\x25\xa4\x5a"
#define AUTHENC_IV "\x56\x2e\x17\x99\x6d\x09\x3d\x28" \
		   "\xdd\xb3\xba\x69\x5a\x2e\x6f\x58"
#define AUTHENC_PLAIN "\x00\x01\x02\x03\x04\x05\x06\x07" \
		      "\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f" \
		      "\x10\x11\x12\x13\x14\x15\x16\x17" \
		      "\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f"
#define AUTHENC_SEALED "\xd2\x96\xcd\x94\xc2\xcc\xcf\x8a" \
		       "\x3a\x86\x30\x28\xb5\xe1\xdc\x0a" \
		       "\x75\x86\x60\x2d\x25\x3c\xff\xf9" \
		       "\x1b\x82\x66\xbe\xa6\xd6\x1a\xb1" \
		       "\xf5\x33\x53\xf3\x68\x85\x2a\x99" \
		       "\x0e\x06\x58\x8f\xba\xf6\x06\xda" \
		       "\x49\x69\x0d\x5b\xd4\x36\x06\x62" \
		       "\x35\x5e\x54\x58\x53\x4d\xdf\xbf"

static const struct known_answer known_answers[] = {
	{
		.name = "cbc", .source = "SP 800-38A F.2.1",
		.alg = "cbc(aes)",
		.key = SP800_38A_KEY, .key_len = 16,
		.iv = SP800_38A_CBC_IV,
		.in = SP800_38A_PLAIN, .len = 32,
		.out = SP800_38A_CBC,
	}, {
		/* authenc's CBC, the one decryption of a mode here. */
		.name = "cbc-decrypt", .source = "SP 800-38A F.2.2",
		.alg = "cbc(aes)", .decrypt = true,
		.key = SP800_38A_KEY, .key_len = 16,
		.iv = SP800_38A_CBC_IV,
		.in = SP800_38A_CBC, .len = 32,
		.out = SP800_38A_PLAIN,
	}, {
		.name = "ctr", .source = "SP 800-38A F.5.1",
		.alg = "ctr(aes)",
		.key = SP800_38A_KEY, .key_len = 16,
		.iv = "\xf0\xf1\xf2\xf3\xf4\xf5\xf6\xf7"
		      "\xf8\xf9\xfa\xfb\xfc\xfd\xfe\xff",
		.in = SP800_38A_PLAIN, .len = 32,
		.out = "\x87\x4d\x61\x91\xb6\x20\xe3\x26"
		       "\x1b\xef\x68\x64\x99\x0d\xb6\xce"
		       "\x98\x06\xf6\x6b\x79\x70\xfd\xff"
		       "\x86\x17\x18\x7b\xb9\xff\xfd\xff",
	}, {
		/* Two blocks, the second partial. */
		.name = "xctr", .source = "crypto/testmgr.h, from google/hctr2",
		.alg = "xctr(aes)",
		.key = "\x44\x03\xbf\x4c\x30\xf0\xa7\xd6"
		       "\xbd\x54\xbb\x66\x8e\xa6\x0e\x8a", .key_len = 16,
		.iv = "\xe6\xf7\x26\xdf\x8c\x3c\xaa\x88"
		      "\xce\xc1\xbd\x43\x3b\x09\x62\xad",
		.in = "\x3c\xe3\x46\xb9\x8f\x9d\x3f\x8d"
		      "\xef\xf2\x53\xab\x24\xe2\x29\x08"
		      "\xf8\x7e\x1d\xa6\x6d\x86\x7d\x60"
		      "\x97\x63\x93\x29\x71\x94\xb4", .len = 31,
		.out = "\xd4\xa3\xc6\xb8\xc1\x6f\x70\x1a"
		       "\x52\x0c\xed\x4c\xaf\x51\x56\x23"
		       "\x48\x45\x07\x10\x34\xc5\xba\x71"
		       "\xe5\xf8\x1e\xd8\xcb\xa6\xe7",
	}, {
		/* 31 bytes: the second block stolen from. */
		.name = "cts", .source = "RFC 3962 Appendix B",
		.alg = "cts(cbc(aes))",
		.key = "chicken teriyaki", .key_len = 16,
		.iv = "\x00\x00\x00\x00\x00\x00\x00\x00"
		      "\x00\x00\x00\x00\x00\x00\x00\x00",
		.in = "I would like the General Gau's ", .len = 31,
		.out = "\xfc\x00\x78\x3e\x0e\xfd\xb2\xc1"
		       "\xd4\x45\xd4\xc8\xef\xf7\xed\x22"
		       "\x97\x68\x72\x68\xd6\xec\xcc\xc0"
		       "\xc0\x7b\x25\xe2\x5e\xcf\xe5",
	}, {
		.name = "xts", .source = "IEEE 1619 vector 2",
		.alg = "xts(aes)",
		.key = "\x11\x11\x11\x11\x11\x11\x11\x11"
		       "\x11\x11\x11\x11\x11\x11\x11\x11"
		       "\x22\x22\x22\x22\x22\x22\x22\x22"
		       "\x22\x22\x22\x22\x22\x22\x22\x22", .key_len = 32,
		.iv = "\x33\x33\x33\x33\x33\x00\x00\x00"
		      "\x00\x00\x00\x00\x00\x00\x00\x00",
		.in = "\x44\x44\x44\x44\x44\x44\x44\x44"
		      "\x44\x44\x44\x44\x44\x44\x44\x44"
		      "\x44\x44\x44\x44\x44\x44\x44\x44"
		      "\x44\x44\x44\x44\x44\x44\x44\x44", .len = 32,
		.out = "\xc4\x54\x18\x5e\x6a\x16\x93\x6e"
		       "\x39\x33\x40\x38\xac\xef\x83\x8b"
		       "\xfb\x18\x6f\xff\x74\x80\xad\xc4"
		       "\x28\x93\x82\xec\xd6\xd3\x94\xf0",
	}, {
		/* 17 bytes: ciphertext stealing. */
		.name = "xts-stealing", .source = "IEEE 1619 vector 15",
		.alg = "xts(aes)",
		.key = "\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8"
		       "\xf7\xf6\xf5\xf4\xf3\xf2\xf1\xf0"
		       "\xbf\xbe\xbd\xbc\xbb\xba\xb9\xb8"
		       "\xb7\xb6\xb5\xb4\xb3\xb2\xb1\xb0", .key_len = 32,
		.iv = "\x9a\x78\x56\x34\x12\x00\x00\x00"
		      "\x00\x00\x00\x00\x00\x00\x00\x00",
		.in = "\x00\x01\x02\x03\x04\x05\x06\x07"
		      "\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
		      "\x10", .len = 17,
		.out = "\x6c\x16\x25\xdb\x46\x71\x52\x2d"
		       "\x3d\x75\x99\x60\x1d\xe7\xca\x09"
		       "\xed",
	}, {
		.name = "rfc3686", .source = "RFC 3686 test vector #2",
		.alg = "rfc3686(ctr(aes))",
		.key = "\x7e\x24\x06\x78\x17\xfa\xe0\xd7"
		       "\x43\xd6\xce\x1f\x32\x53\x91\x63"
		       "\x00\x6c\xb6\xdb", .key_len = 20,
		.iv = "\xc0\x54\x3b\x59\xda\x48\xd9\x0b",
		.in = "\x00\x01\x02\x03\x04\x05\x06\x07"
		      "\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
		      "\x10\x11\x12\x13\x14\x15\x16\x17"
		      "\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f", .len = 32,
		.out = "\x51\x04\xa1\x06\x16\x8a\x72\xd9"
		       "\x79\x0d\x41\xee\x8e\xda\xd3\x88"
		       "\xeb\x2e\x1e\xfc\x46\xda\x57\xc8"
		       "\xfc\xe6\x30\xdf\x91\x41\xbe\x28",
	}, {
		/* Associated data, and a partial last block. */
		.name = "gcm", .source = "the GCM specification's test case 4",
		.alg = "gcm(aes)",
		.key = "\xfe\xff\xe9\x92\x86\x65\x73\x1c"
		       "\x6d\x6a\x8f\x94\x67\x30\x83\x08", .key_len = 16,
		.iv = "\xca\xfe\xba\xbe\xfa\xce\xdb\xad"
		      "\xde\xca\xf8\x88",
		.ad = "\xfe\xed\xfa\xce\xde\xad\xbe\xef"
		      "\xfe\xed\xfa\xce\xde\xad\xbe\xef"
		      "\xab\xad\xda\xd2", .ad_len = 20,
		.in = "\xd9\x31\x32\x25\xf8\x84\x06\xe5"
		      "\xa5\x59\x09\xc5\xaf\xf5\x26\x9a"
		      "\x86\xa7\xa9\x53\x15\x34\xf7\xda"
		      "\x2e\x4c\x30\x3d\x8a\x31\x8a\x72"
		      "\x1c\x3c\x0c\x95\x95\x68\x09\x53"
		      "\x2f\xcf\x0e\x24\x49\xa6\xb5\x25"
		      "\xb1\x6a\xed\xf5\xaa\x0d\xe6\x57"
		      "\xba\x63\x7b\x39", .len = 60,
		.out = "\x42\x83\x1e\xc2\x21\x77\x74\x24"
		       "\x4b\x72\x21\xb7\x84\xd0\xd4\x9c"
		       "\xe3\xaa\x21\x2f\x2c\x02\xa4\xe0"
		       "\x35\xc1\x7e\x23\x29\xac\xa1\x2e"
		       "\x21\xd5\x14\xb2\x54\x66\x93\x1c"
		       "\x7d\x8f\x6a\x5a\xac\x84\xaa\x05"
		       "\x1b\xa3\x0b\x39\x6a\x0a\xac\x97"
		       "\x3d\x58\xe0\x91"
		       "\x5b\xc9\x4f\xbc\x32\x21\xa5\xdb"
		       "\x94\xfa\xe9\x5a\xe7\x12\x1a\x47", .tag_len = 16,
	}, {
		/* The kernel's IV: L' (7 - 1), the nonce, the counter. */
		.name = "ccm", .source = "SP 800-38C Appendix C example 2",
		.alg = "ccm(aes)",
		.key = "\x40\x41\x42\x43\x44\x45\x46\x47"
		       "\x48\x49\x4a\x4b\x4c\x4d\x4e\x4f", .key_len = 16,
		.iv = "\x06\x10\x11\x12\x13\x14\x15\x16"
		      "\x17\x00\x00\x00\x00\x00\x00\x00",
		.ad = "\x00\x01\x02\x03\x04\x05\x06\x07"
		      "\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f", .ad_len = 16,
		.in = "\x20\x21\x22\x23\x24\x25\x26\x27"
		      "\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f", .len = 16,
		.out = "\xd2\xa1\xf0\xe0\x51\xea\x5f\x62"
		       "\x08\x1a\x77\x92\x07\x3d\x59\x3d"
		       "\x1f\xc6\x4f\xbf\xac\xcd", .tag_len = 6,
	}, {
		/* ESP with 64-bit sequence numbers: the IV ends the 20. */
		.name = "rfc4106",
		.source = "crypto/testmgr.h, from draft-mcgrew-gcm-test-01",
		.alg = "rfc4106(gcm(aes))",
		.key = RFC4106_KEY, .key_len = 20,
		.iv = RFC4106_IV,
		.ad = RFC4106_ESP RFC4106_IV, .ad_len = 20,
		.in = RFC4106_PLAIN, .len = 28,
		.out = RFC4106_SEALED, .tag_len = 16,
	}, {
		/* ESP's CCM: a 3-byte salt ends the key, the IV ends the 16. */
		.name = "rfc4309",
		.source = "crypto/testmgr.h, aes_ccm_rfc4309_tv_template[1]",
		.alg = "rfc4309(ccm(aes))",
		.key = "\xfe\xff\xe9\x92\x86\x65\x73\x1c"
		       "\x6d\x6a\x8f\x94\x67\x30\x83\x08"
		       "\x00\x00\x00", .key_len = 19,
		.iv = "\x00\x00\x00\x00\x00\x00\x00\x01",
		.ad = "\x00\x00\x00\x00\x00\x00\x00\x00"
		      "\x00\x00\x00\x00\x00\x00\x00\x01", .ad_len = 16,
		.in = "\x00\x00\x00\x00\x00\x00\x00\x00"
		      "\x00\x00\x00\x00\x00\x00\x00\x00", .len = 16,
		.out = "\xcf\xb9\x99\x17\xc8\x86\x0e\x7f"
		       "\x7e\x76\xf8\xe6\xf8\xcc\x1f\x17"
		       "\x6a\xe0\x53\x9f\x4b\x73\x7e\xda"
		       "\x08\x09\x4e\xc4\x1e\xad\xc6\xb0", .tag_len = 16,
	}, {
		/*
		 * ESP input's seqiv: the rfc4106 answer as a packet, SPI and
		 * 64-bit sequence number, then the IV it carries.
		 */
		.name = "seqiv",
		.source = "the rfc4106 answer, decrypted from its packet",
		.alg = "seqiv(rfc4106(gcm(aes)))",
		.key = RFC4106_KEY, .key_len = 20,
		.ad = RFC4106_ESP, .ad_len = 12,
		.iv = RFC4106_IV,
		.in = RFC4106_SEALED, .len = 28,
		.out = RFC4106_PLAIN, .tag_len = 16, .decrypt = true,
	}, {
		/* GMAC: the payload goes across as it is, under the tag. */
		.name = "rfc4543",
		.source = "crypto/testmgr.h, from draft-mcgrew-gcm-test-01",
		.alg = "rfc4543(gcm(aes))",
		.key = "\x4c\x80\xcd\xef\xbb\x5d\x10\xda"
		       "\x90\x6a\xc7\x3c\x36\x13\xa6\x34"
		       "\x22\x43\x3c\x64", .key_len = 20,
		.iv = "\x00\x00\x00\x00\x00\x00\x00\x00",
		.ad = "\x00\x00\x43\x21\x00\x00\x00\x07"
		      "\x00\x00\x00\x00\x00\x00\x00\x00", .ad_len = 16,
		.in = "\x45\x00\x00\x30\xda\x3a\x00\x00"
		      "\x80\x01\xdf\x3b\xc0\xa8\x00\x05"
		      "\xc0\xa8\x00\x01\x08\x00\xc6\xcd"
		      "\x02\x00\x07\x00\x61\x62\x63\x64"
		      "\x65\x66\x67\x68\x69\x6a\x6b\x6c"
		      "\x6d\x6e\x6f\x70\x71\x72\x73\x74"
		      "\x01\x02\x02\x01", .len = 52,
		.out = "\x45\x00\x00\x30\xda\x3a\x00\x00"
		       "\x80\x01\xdf\x3b\xc0\xa8\x00\x05"
		       "\xc0\xa8\x00\x01\x08\x00\xc6\xcd"
		       "\x02\x00\x07\x00\x61\x62\x63\x64"
		       "\x65\x66\x67\x68\x69\x6a\x6b\x6c"
		       "\x6d\x6e\x6f\x70\x71\x72\x73\x74"
		       "\x01\x02\x02\x01"
		       "\xf2\xa9\xa8\x36\xe1\x55\x10\x6a"
		       "\xa8\xdc\xd6\x18\xe4\x09\x9a\xaa", .tag_len = 16,
	}, {
		/* The HMAC is the kernel's; the CBC, both ways, is ours. */
		.name = "authenc",
		.source = "crypto/testmgr.h, RFC 3602 case 2 with HMAC-SHA256",
		.alg = "authenc(hmac(sha256),cbc(aes))",
		.key = AUTHENC_KEY, .key_len = 8 + 32 + 16,
		.iv = AUTHENC_IV,
		.ad = AUTHENC_IV, .ad_len = 16,
		.in = AUTHENC_PLAIN, .len = 32,
		.out = AUTHENC_SEALED, .tag_len = 32,
	}, {
		/*
		 * ESP input's echainiv: the authenc answer as a packet whose
		 * IV, carried before the ciphertext, is what authenc's
		 * associated data was.
		 */
		.name = "echainiv",
		.source = "the authenc answer, decrypted from its packet",
		.alg = "echainiv(authenc(hmac(sha256),cbc(aes)))",
		.key = AUTHENC_KEY, .key_len = 8 + 32 + 16,
		.ad = "", .ad_len = 0,
		.iv = AUTHENC_IV,
		.in = AUTHENC_SEALED, .len = 32,
		.out = AUTHENC_PLAIN, .tag_len = 32, .decrypt = true,
	},
};

#define KNOWN_ANSWER_MAX 128	/* associated data, data and tag */

static char *corrupt_known_answer;
module_param(corrupt_known_answer, charp, 0444);
MODULE_PARM_DESC(corrupt_known_answer,
		 "Test switch: flip a byte of this known answer's expected output before the self-check at load (Documentation/faults.rst)");

static int check_skcipher(struct kaesbench_refmode *m,
			  const struct known_answer *ka, const u8 *want)
{
	u8 out[KNOWN_ANSWER_MAX];
	int err;

	if (ka->decrypt)
		err = cbc_decrypt(&m->key, ka->iv, ka->in, out, ka->len);
	else
		err = kaesbench_refmode_encrypt(m, ka->in, out, ka->len,
						ka->iv);
	return err ?: memcmp(out, want, ka->len) ? -EBADMSG : 0;
}

/*
 * Encryption gives the answer; the answer decrypts to the plaintext, and
 * with its tag's last bit flipped is refused.
 */
static int check_aead(struct kaesbench_refmode *m,
		      const struct known_answer *ka, const u8 *want)
{
	u32 ad = ka->ad_len, len = ka->len, crypt = len + ka->tag_len;
	u8 buf[KNOWN_ANSWER_MAX], out[KNOWN_ANSWER_MAX];
	int err;

	m->authsize = ka->tag_len;
	memcpy(buf, ka->ad, ad);
	memcpy(buf + ad, ka->in, len);
	err = kaesbench_refmode_aead_encrypt(m, buf, ad, len, ka->iv);
	if (err || memcmp(buf + ad, want, crypt))
		return err ?: -EBADMSG;
	memcpy(buf, ka->ad, ad);
	err = kaesbench_refmode_aead_decrypt(m, buf, out, ad, crypt, ka->iv);
	if (err || memcmp(out + ad, ka->in, len))
		return err ?: -EBADMSG;
	buf[ad + crypt - 1] ^= 1;
	err = kaesbench_refmode_aead_decrypt(m, buf, out, ad, crypt, ka->iv);
	return err == -EBADMSG ? 0 : err ?: -EBADMSG;
}

/*
 * An IV generator's decryption of its packet gives the plaintext; with the
 * tag's last bit flipped it is refused.
 */
static int check_aead_decrypt(struct kaesbench_refmode *m,
			      const struct known_answer *ka, const u8 *want)
{
	u32 ad = ka->ad_len, len = ka->len, iv = m->gen_iv;
	u32 crypt = iv + len + ka->tag_len;
	u8 buf[KNOWN_ANSWER_MAX], out[KNOWN_ANSWER_MAX];
	int err;

	if (!iv || ad + crypt > sizeof(buf))
		return -EINVAL;
	m->authsize = ka->tag_len;
	memcpy(buf, ka->ad, ad);
	memcpy(buf + ad, ka->iv, iv);
	memcpy(buf + ad + iv, ka->in, len + ka->tag_len);
	err = kaesbench_refmode_aead_decrypt(m, buf, out, ad, crypt, NULL);
	if (err || memcmp(out + ad + iv, want, len))
		return err ?: -EBADMSG;
	buf[ad + crypt - 1] ^= 1;
	err = kaesbench_refmode_aead_decrypt(m, buf, out, ad, crypt, NULL);
	return err == -EBADMSG ? 0 : err ?: -EBADMSG;
}

/* 0, -EBADMSG for a wrong answer, or the errno of a mode that fails. */
static int check(struct kaesbench_refmode *m, const struct known_answer *ka)
{
	/* A decryption's answer is the plaintext, without a tag. */
	u32 want_len = ka->len + (ka->decrypt ? 0 : ka->tag_len);
	u8 want[KNOWN_ANSWER_MAX];
	int err;

	if (ka->ad_len + ka->len + ka->tag_len + BLOCK > sizeof(want))
		return -EMSGSIZE;
	memcpy(want, ka->out, want_len);
	if (corrupt_known_answer && !strcmp(corrupt_known_answer, ka->name))
		want[0] ^= 0x80;
	err = kaesbench_refmode_setkey(m, ka->key, ka->key_len);
	if (err)
		return err;
	if (ka->tag_len)
		return ka->decrypt ? check_aead_decrypt(m, ka, want) :
				     check_aead(m, ka, want);
	return check_skcipher(m, ka, want);
}

static bool ready;

/* Why verification on kaesbench's own is refused; set once, at load. */
static char refusal[KAESBENCH_REFMODES_REFUSAL_LEN];

static void fail_known_answer(const char *name, const char *source, int err)
{
	pr_err("its own reference fails the %s known answer (%s) (%d): verification that would use it is refused\n",
	       name, source, err);
	snprintf(refusal, sizeof(refusal),
		 "kaesbench's own reference, used for want of the kernel's generic parts, failed its self-check at load: the %s known answer (%s); see dmesg",
		 name, source);
}

/* Return: 0, or the first failure's errno (said in dmesg, and kept). */
static int self_check(void)
{
	/* 780 bytes: not the stack. */
	static struct kaesbench_refmode m;
	const struct known_answer *ka;
	int err = 0;

	for (ka = known_answers; ka < known_answers + ARRAY_SIZE(known_answers);
	     ka++) {
		err = kaesbench_refmode_open(&m, ka->alg);
		if (err && m.inner) {
			/*
			 * authenc's cipher was found, its HMAC was not: the
			 * kernel's, not under test here.
			 */
			pr_warn("the %s known answer not checked: no %s (%d)\n",
				ka->name, ka->alg, err);
			kaesbench_refmode_close(&m);
			err = 0;
			continue;
		}
		if (!err)
			err = check(&m, ka);
		kaesbench_refmode_close(&m);
		if (err) {
			fail_known_answer(ka->name, ka->source, err);
			break;
		}
	}
	return err;
}

/* A switch that names no known answer would test nothing: say so. */
static void check_switch(void)
{
	unsigned int i;

	if (!corrupt_known_answer)
		return;
	for (i = 0; i < ARRAY_SIZE(known_answers); i++)
		if (!strcmp(corrupt_known_answer, known_answers[i].name))
			return;
	pr_warn("corrupt_known_answer=%s names no known answer\n",
		corrupt_known_answer);
}

/**
 * kaesbench_refmodes_init() - check kaesbench's own AES and its modes
 *
 * FIPS-197 for the cipher, then a published known answer for each mode
 * (the list in Documentation/faults.rst). A failure is said in dmesg, and
 * by verification wherever it would have used them.
 *
 * Context: module load.
 */
void kaesbench_refmodes_init(void)
{
	check_switch();
	if (kaesbench_refaes_init())
		fail_known_answer("aes", "FIPS-197 Appendix C", -EBADMSG);
	else
		ready = !self_check();
}

/**
 * kaesbench_refmodes_refusal() - why kaesbench's own reference is not used
 *
 * Return: NULL when it passed its self-check at load; else why not, naming
 * the known answer it failed: a string that lives as long as the module.
 */
const char *kaesbench_refmodes_refusal(void)
{
	return ready ? NULL : refusal;
}
