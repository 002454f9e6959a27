// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kaesbench's own AES (FIPS-197), in portable C: the block cipher of the
 * reference where the kernel has no generic AES of its own. Since Linux
 * 6.19 the "aes" cipher is aes-lib, the AES library with the CPU's AES
 * instructions behind it, so a reference built on it would share the
 * instructions of the very implementations it checks. This one is plain C
 * whose tables (S-boxes, and the round tables of encryption) are computed
 * at load from their definition, not typed in; it needs to be right more
 * than fast. Nothing registers it with the crypto
 * API: no template instance of it can outlive the module, and nothing
 * outside kaesbench can be handed it.
 *
 * Checked once at load against the FIPS-197 Appendix C vectors; if it fails
 * them, verification says so wherever it would have used it.
 */

#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>

#include "refaes.h"

static u8 sbox[256], inv_sbox[256];
/* x times each of InvMixColumns' coefficients, indexed by coefficient. */
static const u8 inv_mix[4] = { 14, 11, 13, 9 };
static u8 times[15][256];
/*
 * SubBytes and MixColumns of one byte of row r as a column word, for the
 * encryption rounds (the verifier encrypts far more than it decrypts).
 */
static u32 te[4][256];

static u8 xtime(u8 x)
{
	return (x << 1) ^ ((x & 0x80) ? 0x1b : 0);
}

static u8 gmul(u8 a, u8 b)
{
	u8 p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = xtime(a);
		b >>= 1;
	}
	return p;
}

/*
 * The S-box from its definition: inversion in GF(2^8), then the affine map;
 * and the products MixColumns takes, for speed.
 */
static void make_sboxes(void)
{
	unsigned int x, i;
	u8 inv, s;

	for (x = 0; x < 256; x++) {
		/* x^254 is x's inverse (0 for 0). */
		inv = 1;
		for (i = 0; i < 254; i++)
			inv = gmul(inv, x);
		s = inv ^ rol8(inv, 1) ^ rol8(inv, 2) ^ rol8(inv, 3) ^
		    rol8(inv, 4) ^ 0x63;
		sbox[x] = s;
		inv_sbox[s] = x;
		for (i = 0; i < ARRAY_SIZE(inv_mix); i++)
			times[inv_mix[i]][x] = gmul(x, inv_mix[i]);
	}
	for (x = 0; x < 256; x++) {
		s = sbox[x];
		te[0][x] = gmul(s, 2) << 24 | s << 16 | s << 8 | gmul(s, 3);
		for (i = 1; i < 4; i++)
			te[i][x] = ror32(te[0][x], 8 * i);
	}
}

/**
 * kaesbench_refaes_setkey() - expand an AES key
 * @ctx: the expanded key
 * @key: 16, 24 or 32 bytes
 * @len: of @key
 *
 * Return: 0, or -EINVAL for another length.
 */
int kaesbench_refaes_setkey(struct kaesbench_refaes *ctx, const u8 *key,
			    unsigned int len)
{
	unsigned int nk = len / 4, words, i;
	u8 w[(KAESBENCH_REFAES_MAX_ROUNDS + 1) * 16], t[4], rcon = 1;

	if (len != 16 && len != 24 && len != 32)
		return -EINVAL;
	ctx->rounds = nk + 6;
	words = 4 * (ctx->rounds + 1);
	memcpy(w, key, len);
	for (i = nk; i < words; i++) {
		memcpy(t, &w[4 * (i - 1)], 4);
		if (i % nk == 0) {
			u8 first = t[0];

			t[0] = sbox[t[1]] ^ rcon;
			t[1] = sbox[t[2]];
			t[2] = sbox[t[3]];
			t[3] = sbox[first];
			rcon = xtime(rcon);
		} else if (nk > 6 && i % nk == 4) {
			t[0] = sbox[t[0]];
			t[1] = sbox[t[1]];
			t[2] = sbox[t[2]];
			t[3] = sbox[t[3]];
		}
		w[4 * i + 0] = w[4 * (i - nk) + 0] ^ t[0];
		w[4 * i + 1] = w[4 * (i - nk) + 1] ^ t[1];
		w[4 * i + 2] = w[4 * (i - nk) + 2] ^ t[2];
		w[4 * i + 3] = w[4 * (i - nk) + 3] ^ t[3];
	}
	memcpy(ctx->round_keys, w, words * 4);
	memzero_explicit(w, sizeof(w));
	return 0;
}

static void add_round_key(u8 *s, const u8 *k)
{
	unsigned int i;

	for (i = 0; i < 16; i++)
		s[i] ^= k[i];
}

/*
 * The inverse cipher's steps, byte by byte. The state is column-major, as
 * FIPS-197 lays the input out: s[4c + r].
 */
static void inv_shift_rows(u8 *s)
{
	u8 t[16];
	unsigned int r, c;

	for (c = 0; c < 4; c++)
		for (r = 0; r < 4; r++)
			t[4 * ((c + r) % 4) + r] = s[4 * c + r];
	memcpy(s, t, 16);
}

static void inv_mix_columns(u8 *s)
{
	unsigned int r, c, i;
	u8 col[4];

	for (c = 0; c < 4; c++) {
		memcpy(col, &s[4 * c], 4);
		for (r = 0; r < 4; r++) {
			u8 v = 0;

			for (i = 0; i < 4; i++)
				v ^= times[inv_mix[(i + 4 - r) % 4]][col[i]];
			s[4 * c + r] = v;
		}
	}
}

static void sub_bytes(u8 *s, const u8 *box)
{
	unsigned int i;

	for (i = 0; i < 16; i++)
		s[i] = box[s[i]];
}

static u32 word(const u8 *p)
{
	return (u32)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

/**
 * kaesbench_refaes_encrypt() - encrypt one block
 * @ctx: the expanded key
 * @out: 16 bytes; may be @in
 * @in: 16 bytes
 */
void kaesbench_refaes_encrypt(const struct kaesbench_refaes *ctx, u8 *out,
			      const u8 *in)
{
	const u8 (*rk)[16] = ctx->round_keys;
	u32 s[4], t[4];
	unsigned int round, c;

	for (c = 0; c < 4; c++)
		s[c] = word(in + 4 * c) ^ word(&rk[0][4 * c]);
	for (round = 1; round < ctx->rounds; round++) {
		/* Column c takes row r from column c + r: ShiftRows. */
		for (c = 0; c < 4; c++)
			t[c] = te[0][s[c] >> 24] ^
			       te[1][(s[(c + 1) % 4] >> 16) & 0xff] ^
			       te[2][(s[(c + 2) % 4] >> 8) & 0xff] ^
			       te[3][s[(c + 3) % 4] & 0xff] ^
			       word(&rk[round][4 * c]);
		memcpy(s, t, sizeof(s));
	}
	for (c = 0; c < 4; c++) {
		t[c] = (u32)sbox[s[c] >> 24] << 24 |
		       sbox[(s[(c + 1) % 4] >> 16) & 0xff] << 16 |
		       sbox[(s[(c + 2) % 4] >> 8) & 0xff] << 8 |
		       sbox[s[(c + 3) % 4] & 0xff];
		t[c] ^= word(&rk[ctx->rounds][4 * c]);
		out[4 * c] = t[c] >> 24;
		out[4 * c + 1] = t[c] >> 16;
		out[4 * c + 2] = t[c] >> 8;
		out[4 * c + 3] = t[c];
	}
}

/**
 * kaesbench_refaes_decrypt() - decrypt one block
 * @ctx: the expanded key
 * @out: 16 bytes; may be @in
 * @in: 16 bytes
 */
void kaesbench_refaes_decrypt(const struct kaesbench_refaes *ctx, u8 *out,
			      const u8 *in)
{
	unsigned int round;
	u8 s[16];

	memcpy(s, in, 16);
	add_round_key(s, ctx->round_keys[ctx->rounds]);
	for (round = ctx->rounds; round-- > 0;) {
		inv_shift_rows(s);
		sub_bytes(s, inv_sbox);
		add_round_key(s, ctx->round_keys[round]);
		if (round)
			inv_mix_columns(s);
	}
	memcpy(out, s, 16);
}

/* FIPS-197 Appendix C: one plaintext under 128-, 192- and 256-bit keys. */
static int self_test(void)
{
	static const u8 key[32] = {
		0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
		0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
		0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
		0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f,
	};
	static const u8 plain[16] = {
		0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
		0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
	};
	static const struct {
		unsigned int key_len;
		u8 cipher[16];
	} vectors[] = {
		{ 16, { 0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
			0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a } },
		{ 24, { 0xdd, 0xa9, 0x7c, 0xa4, 0x86, 0x4c, 0xdf, 0xe0,
			0x6e, 0xaf, 0x70, 0xa0, 0xec, 0x0d, 0x71, 0x91 } },
		{ 32, { 0x8e, 0xa2, 0xb7, 0xca, 0x51, 0x67, 0x45, 0xbf,
			0xea, 0xfc, 0x49, 0x90, 0x4b, 0x49, 0x60, 0x89 } },
	};
	struct kaesbench_refaes ctx;
	unsigned int i;
	u8 out[16];
	int err = 0;

	for (i = 0; i < ARRAY_SIZE(vectors) && !err; i++) {
		kaesbench_refaes_setkey(&ctx, key, vectors[i].key_len);
		kaesbench_refaes_encrypt(&ctx, out, plain);
		if (memcmp(out, vectors[i].cipher, 16))
			err = -EBADMSG;
		kaesbench_refaes_decrypt(&ctx, out, vectors[i].cipher);
		if (memcmp(out, plain, 16))
			err = -EBADMSG;
		if (err)
			pr_err("its own AES fails the FIPS-197 AES-%u vector: verification without a generic AES is off\n",
			       vectors[i].key_len * 8);
	}
	memzero_explicit(&ctx, sizeof(ctx));
	return err;
}

/**
 * kaesbench_refaes_init() - make the S-boxes and check the cipher
 *
 * Context: module load.
 * Return: 0, or -EBADMSG when it fails a FIPS-197 vector (said in dmesg).
 */
int kaesbench_refaes_init(void)
{
	make_sboxes();
	return self_test();
}
