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
 */

#include <crypto/authenc.h>
#include <crypto/hash.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/rtnetlink.h>
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

static int authenc_decrypt(const struct kaesbench_refmode *m, const u8 *in,
			   u8 *out, u32 ad, u32 len, const u8 *iv)
{
	u8 digest[HASH_MAX_DIGESTSIZE], chain[BLOCK], block[BLOCK];
	u32 i;
	int err;

	err = authenc_mac(m, in, ad + len, digest);
	if (err)
		return err;
	if (memcmp(digest, in + ad + len, m->authsize))
		return -EBADMSG;
	if (m->inner != KAESBENCH_REFMODE_CBC)	/* CTR: its own inverse */
		return encrypt_as(m, m->inner, in + ad, out + ad, len, iv);
	if (len % BLOCK)
		return -EINVAL;
	memcpy(chain, iv, BLOCK);
	for (i = 0; i < len; i += BLOCK) {
		kaesbench_refaes_decrypt(&m->key, block, in + ad + i);
		xor_block(out + ad + i, block, chain, BLOCK);
		memcpy(chain, in + ad + i, BLOCK);
	}
	return 0;
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
	static struct kaesbench_refmode m;	/* 780 bytes: not the stack */
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
