// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * TLS records through libcrypto's AEAD, built from the RFCs alone
 * (tls/record.h), so that what the kernel's records are compared with
 * owes nothing to net/tls. What a record's number means follows
 * net/tls's own bookkeeping (net/tls/tls.h: tls_advance_record_sn(),
 * tls_fill_prepend(), tls_make_aad()), so that the two ends agree:
 *   - the sequence number in the nonce and the associated data is the
 *     keys' rec_seq plus the number of records since the keys were set;
 *   - TLS 1.2's explicit nonce, in the record after its header, is the
 *     keys' iv plus that same count, an 8-byte big-endian counter as
 *     RFC 5288 §3 allows; the opener takes it from the record, as the
 *     kernel's receiver does, whatever it is.
 * CCM (RFC 6655, RFC 8446's TLS_AES_128_CCM_SHA256) has the same 12-byte
 * nonce as GCM, so 3 bytes of length (L = 3), and a 16-byte tag; OpenSSL
 * takes a CCM message in one update, its length told first.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <linux/tls.h>

#include "tls/record.h"
#include "userspace/libcrypto.h"

#define NONCE 12
/* RFC 8446 §5.2: the most a record's encrypted part may be. */
#define MAX_CIPHERTEXT (KB_TLS_MAX_RECORD + 256)

struct kb_tls_sealer {
	enum kb_tls_version version;
	const struct kb_tls_cipher *cipher;
	bool ccm;
	EVP_CIPHER *evp;
	EVP_CIPHER_CTX *enc;
	EVP_CIPHER_CTX *dec;
	struct kb_tls_keys keys;
};

static uint64_t get_be64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

static void put_be64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = (uint8_t)v;
}

static void put_header(uint8_t *h, uint8_t type, size_t len)
{
	h[0] = type;
	h[1] = 3; /* legacy_record_version 0x0303, both versions */
	h[2] = 3;
	h[3] = (uint8_t)(len >> 8);
	h[4] = (uint8_t)len;
}

/* A context of one direction: the cipher, 12-byte nonces, the key. */
static EVP_CIPHER_CTX *context(struct kb_tls_sealer *s, int enc)
{
	EVP_CIPHER_CTX *ctx = sym_EVP_CIPHER_CTX_new();

	if (!ctx)
		return NULL;
	if (sym_EVP_CipherInit_ex2(ctx, s->evp, NULL, NULL, enc, NULL) != 1 ||
	    sym_EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_IVLEN, NONCE,
				    NULL) != 1 ||
	    (s->ccm &&
	     sym_EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG,
				     s->cipher->tag_bytes, NULL) != 1) ||
	    sym_EVP_CipherInit_ex2(ctx, NULL, s->keys.key, NULL, enc, NULL) !=
		    1) {
		sym_EVP_CIPHER_CTX_free(ctx);
		sym_ERR_clear_error();
		return NULL;
	}
	return ctx;
}

/**
 * kb_tls_sealer_new() - libcrypto's AEAD for one direction's records
 * @f: the suite and version
 * @keys: the direction's keys (copied)
 * @s: set to the new sealer
 *
 * Return: 0; -ELIBACC when libcrypto cannot be loaded
 * (kb_libcrypto_error() says why), -ENOENT when it lacks the cipher,
 * -EINVAL for a suite it cannot set up, -ENOMEM.
 */
int kb_tls_sealer_new(const struct kb_tls_front *f,
		      const struct kb_tls_keys *keys, struct kb_tls_sealer **s)
{
	struct kb_tls_sealer *n;

	*s = NULL;
	if (f->cipher->key_bytes > sizeof(keys->key) ||
	    f->cipher->salt_bytes != 4 || f->cipher->iv_bytes != 8)
		return -EINVAL;
	if (kb_libcrypto_load())
		return -ELIBACC;
	n = calloc(1, sizeof(*n));
	if (!n)
		return -ENOMEM;
	n->version = f->version;
	n->cipher = f->cipher;
	n->ccm = f->cipher->type == TLS_CIPHER_AES_CCM_128;
	n->keys = *keys;
	n->evp = sym_EVP_CIPHER_fetch(NULL, f->cipher->evp, NULL);
	if (!n->evp) {
		sym_ERR_clear_error();
		kb_tls_sealer_free(n);
		return -ENOENT;
	}
	n->enc = context(n, 1);
	n->dec = context(n, 0);
	if (!n->enc || !n->dec) {
		kb_tls_sealer_free(n);
		return -EINVAL;
	}
	*s = n;
	return 0;
}

void kb_tls_sealer_free(struct kb_tls_sealer *s)
{
	if (!s)
		return;
	sym_EVP_CIPHER_CTX_free(s->enc);
	sym_EVP_CIPHER_CTX_free(s->dec);
	sym_EVP_CIPHER_free(s->evp);
	sym_OPENSSL_cleanse(&s->keys, sizeof(s->keys));
	free(s);
}

static uint64_t record_sn(const struct kb_tls_sealer *s, uint64_t seq)
{
	return get_be64(s->keys.rec_seq) + seq;
}

/* TLS 1.3's per-record nonce (RFC 8446 §5.3). */
static void nonce13(const struct kb_tls_sealer *s, uint64_t seq, uint8_t *nonce)
{
	uint8_t sn[8];
	int i;

	memcpy(nonce, s->keys.salt, 4);
	memcpy(nonce + 4, s->keys.iv, 8);
	put_be64(sn, record_sn(s, seq));
	for (i = 0; i < 8; i++)
		nonce[4 + i] ^= sn[i];
}

/* TLS 1.2's associated data (RFC 5246 §6.2.3.3): 13 bytes. */
static void aad12(const struct kb_tls_sealer *s, uint64_t seq, uint8_t type,
		  size_t plain, uint8_t *aad)
{
	put_be64(aad, record_sn(s, seq));
	put_header(aad + 8, type, plain);
}

/*
 * One AEAD message in place at @buf: @len bytes, @aad_len of associated
 * data; the tag written to, or checked against, @tag. Returns 0,
 * -EBADMSG for a tag that does not match, or -EIO.
 */
static int aead(struct kb_tls_sealer *s, bool enc, const uint8_t *nonce,
		const uint8_t *aad, size_t aad_len, uint8_t *buf, size_t len,
		uint8_t *tag)
{
	EVP_CIPHER_CTX *ctx = enc ? s->enc : s->dec;
	int outl, fin, tag_len = (int)s->cipher->tag_bytes;

	if (sym_EVP_CipherInit_ex2(ctx, NULL, NULL, nonce, enc, NULL) != 1 ||
	    (!enc && sym_EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG,
					     tag_len, tag) != 1) ||
	    (s->ccm &&
	     sym_EVP_CipherUpdate(ctx, NULL, &outl, NULL, (int)len) != 1) ||
	    sym_EVP_CipherUpdate(ctx, NULL, &outl, aad, (int)aad_len) != 1)
		goto io;
	/* CCM checks the tag in its one update, GCM in the final. */
	if (sym_EVP_CipherUpdate(ctx, buf, &outl, buf, (int)len) != 1)
		goto refused;
	if (!s->ccm &&
	    (enc ? sym_EVP_EncryptFinal_ex(ctx, buf + outl, &fin) :
		   sym_EVP_DecryptFinal_ex(ctx, buf + outl, &fin)) != 1)
		goto refused;
	if (enc && sym_EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, tag_len,
					   tag) != 1)
		goto io;
	return 0;
refused:
	sym_ERR_clear_error();
	if (!enc)
		return -EBADMSG;
	return -EIO;
io:
	sym_ERR_clear_error();
	return -EIO;
}

/**
 * kb_tls_seal() - seal one record
 * @s: the sending direction's sealer
 * @seq: how many records were sealed with @s's keys before this one
 * @type: the record's content type (TLS 1.3: the inner one, the header
 *        saying application data)
 * @in: the plaintext
 * @len: its length, at most KB_TLS_MAX_RECORD
 * @out: room for kb_tls_wire_len() bytes; may not overlap @in
 *
 * Return: the record's length, or -EINVAL (too long), -EIO.
 */
long kb_tls_seal(struct kb_tls_sealer *s, uint64_t seq, uint8_t type,
		 const uint8_t *in, size_t len, uint8_t *out)
{
	size_t tag = s->cipher->tag_bytes, body, crypt_len;
	uint8_t nonce[NONCE], aad[13];
	uint8_t *data;
	int err;

	if (len > KB_TLS_MAX_RECORD)
		return -EINVAL;
	if (s->version == KB_TLS_13) {
		crypt_len = len + 1;
		body = crypt_len + tag;
		put_header(out, KB_TLS_APPLICATION_DATA, body);
		data = out + KB_TLS_HEADER;
		memcpy(data, in, len);
		data[len] = type;
		nonce13(s, seq, nonce);
		err = aead(s, true, nonce, out, KB_TLS_HEADER, data, crypt_len,
			   data + crypt_len);
	} else {
		crypt_len = len;
		body = 8 + crypt_len + tag;
		put_header(out, type, body);
		put_be64(out + KB_TLS_HEADER, get_be64(s->keys.iv) + seq);
		memcpy(nonce, s->keys.salt, 4);
		memcpy(nonce + 4, out + KB_TLS_HEADER, 8);
		data = out + KB_TLS_HEADER + 8;
		memcpy(data, in, len);
		aad12(s, seq, type, len, aad);
		err = aead(s, true, nonce, aad, sizeof(aad), data, crypt_len,
			   data + crypt_len);
	}
	return err ? err : (long)(KB_TLS_HEADER + body);
}

/* TLS 1.3's inner plaintext: the type is its last byte not zero. */
static long inner_type(uint8_t *out, size_t len, uint8_t *type)
{
	while (len && !out[len - 1])
		len--;
	if (!len)
		return -EPROTO; /* RFC 8446 §5.4: unexpected_message */
	*type = out[len - 1];
	return (long)len - 1;
}

static long open13(struct kb_tls_sealer *s, uint64_t seq, const uint8_t *rec,
		   size_t len, uint8_t *type, uint8_t *out)
{
	size_t tag = s->cipher->tag_bytes;
	size_t crypt_len = len - KB_TLS_HEADER - tag;
	uint8_t nonce[NONCE], want[16];
	int err;

	if (rec[0] != KB_TLS_APPLICATION_DATA || len < KB_TLS_HEADER + tag + 1)
		return -EPROTO;
	memcpy(want, rec + KB_TLS_HEADER + crypt_len, tag);
	memcpy(out, rec + KB_TLS_HEADER, crypt_len);
	nonce13(s, seq, nonce);
	err = aead(s, false, nonce, rec, KB_TLS_HEADER, out, crypt_len, want);
	if (err)
		return err;
	return inner_type(out, crypt_len, type);
}

static long open12(struct kb_tls_sealer *s, uint64_t seq, const uint8_t *rec,
		   size_t len, uint8_t *type, uint8_t *out)
{
	size_t tag = s->cipher->tag_bytes;
	size_t crypt_len = len - KB_TLS_HEADER - 8 - tag;
	uint8_t nonce[NONCE], aad[13], want[16];
	int err;

	if (len < KB_TLS_HEADER + 8 + tag)
		return -EPROTO;
	memcpy(nonce, s->keys.salt, 4);
	memcpy(nonce + 4, rec + KB_TLS_HEADER, 8);
	memcpy(want, rec + len - tag, tag);
	memcpy(out, rec + KB_TLS_HEADER + 8, crypt_len);
	aad12(s, seq, rec[0], crypt_len, aad);
	err = aead(s, false, nonce, aad, sizeof(aad), out, crypt_len, want);
	if (err)
		return err;
	*type = rec[0];
	return (long)crypt_len;
}

/**
 * kb_tls_open() - open one record
 * @s: the receiving direction's sealer
 * @seq: how many records were opened with @s's keys before this one
 * @rec: the whole record, header included
 * @len: its length
 * @type: set to the record's content type (TLS 1.3: the inner one)
 * @out: room for @len bytes
 *
 * Return: the plaintext's length; -EBADMSG when the tag does not match
 * (the record refused), -EPROTO when it is no record of @s's version
 * (its header wrong, too short or long, TLS 1.3's padding all zero),
 * -EIO.
 */
long kb_tls_open(struct kb_tls_sealer *s, uint64_t seq, const uint8_t *rec,
		 size_t len, uint8_t *type, uint8_t *out)
{
	if (len < KB_TLS_HEADER || len - KB_TLS_HEADER > MAX_CIPHERTEXT ||
	    rec[1] != 3 || rec[2] != 3 ||
	    ((size_t)rec[3] << 8 | rec[4]) != len - KB_TLS_HEADER)
		return -EPROTO;
	if (s->version == KB_TLS_13)
		return open13(s, seq, rec, len, type, out);
	return open12(s, seq, rec, len, type, out);
}
