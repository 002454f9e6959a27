// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * libcrypto's TLS records (tls/record.c) against published records:
 * RFC 8448 §3's application data and NewSessionTicket records (TLS 1.3,
 * AES-128-GCM; the server's second record at sequence number 1), and
 * miTLS's TLS 1.2 AES-128-GCM record (its TestRecord module: sequence
 * number 1, explicit nonce 0). Then every suite and version both ways at
 * the sizes a run sends, a flipped bit anywhere refused (-EBADMSG), and
 * TLS 1.2's opener taking the nonce from the record, as the kernel does.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tls/record.h"
#include "tls/tls.h"

#define MAX_WIRE (KB_TLS_MAX_RECORD + 64)

static size_t unhex(const char *s, uint8_t *out, size_t room)
{
	size_t n = 0;
	unsigned int b;

	while (*s) {
		if (*s == ' ' || *s == '\n') {
			s++;
			continue;
		}
		assert_int_equal(sscanf(s, "%2x", &b), 1);
		assert_true(n < room);
		out[n++] = (uint8_t)b;
		s += 2;
	}
	return n;
}

/* Keys as RFC 8446 derives them: a 12-byte IV, split as kTLS takes it. */
static void keys13(struct kb_tls_keys *k, const char *key, const char *iv)
{
	uint8_t b[12];

	memset(k, 0, sizeof(*k));
	unhex(key, k->key, sizeof(k->key));
	assert_int_equal(unhex(iv, b, sizeof(b)), 12);
	memcpy(k->salt, b, 4);
	memcpy(k->iv, b + 4, 8);
}

static struct kb_tls_front front(const char *cipher, enum kb_tls_version v)
{
	struct kb_tls_front f = { .cipher = kb_tls_cipher_named(cipher),
				  .version = v };

	assert_non_null(f.cipher);
	return f;
}

static uint8_t *payload50(void)
{
	static uint8_t p[50];
	size_t i;

	for (i = 0; i < sizeof(p); i++)
		p[i] = (uint8_t)i;
	return p;
}

/* RFC 8448 §3: {client} send application_data record. */
static const char client_app[] =
	"17 03 03 00 43 a2 3f 70 54 b6 2c 94 d0 af fa fe 82 28 ba 55 cb ef"
	"ac ea 42 f9 14 aa 66 bc ab 3f 2b 98 19 a8 a5 b4 6b 39 5b d5 4a 9a"
	"20 44 1e 2b 62 97 4e 1f 5a 62 92 a2 97 70 14 bd 1e 3d ea e6 3a ee"
	"bb 21 69 49 15 e4";

/* RFC 8448 §3: the server's NewSessionTicket, then its application data. */
static const char server_nst[] =
	"17 03 03 00 de 3a 6b 8f 90 41 4a 97 d6 95 9c 34 87 68 0d e5 13 4a"
	"2b 24 0e 6c ff ac 11 6e 95 d4 1d 6a f8 f6 b5 80 dc f3 d1 1d 63 c7"
	"58 db 28 9a 01 59 40 25 2f 55 71 3e 06 1d c1 3e 07 88 91 a3 8e fb"
	"cf 57 53 ad 8e f1 70 ad 3c 73 53 d1 6d 9d a7 73 b9 ca 7f 2b 9f a1"
	"b6 c0 d4 a3 d0 3f 75 e0 9c 30 ba 1e 62 97 2a c4 6f 75 f7 b9 81 be"
	"63 43 9b 29 99 ce 13 06 46 15 13 98 91 d5 e4 c5 b4 06 f1 6e 3f c1"
	"81 a7 7c a4 75 84 00 25 db 2f 0a 77 f8 1b 5a b0 5b 94 c0 13 46 75"
	"5f 69 23 2c 86 51 9d 86 cb ee ac 87 aa c3 47 d1 43 f9 60 5d 64 f6"
	"50 db 4d 02 3e 70 e9 52 ca 49 fe 51 37 12 1c 74 bc 26 97 68 7e 24"
	"87 46 d6 df 35 30 05 f3 bc e1 86 96 12 9c 81 53 55 6b 3b 6c 67 79"
	"b3 7b f1 59 85 68 4f";
static const char server_app[] =
	"17 03 03 00 43 2e 93 7e 11 ef 4a c7 40 e5 38 ad 36 00 5f c4 a4 69"
	"32 fc 32 25 d0 5f 82 aa 1b 36 e3 0e fa f9 7d 90 e6 df fc 60 2d cb"
	"50 1a 59 a8 fc c4 9c 4b f2 e5 f0 a2 1c 00 47 c2 ab f3 32 54 0d d0"
	"32 e1 67 c2 95 5d";

/* Seals @plain as record @seq and expects @want; opens @want back. */
static void check_vector(const struct kb_tls_front *f,
			 const struct kb_tls_keys *k, uint64_t seq,
			 const uint8_t *plain, size_t len, const char *want)
{
	static uint8_t rec[MAX_WIRE], out[MAX_WIRE], exp[MAX_WIRE];
	struct kb_tls_sealer *s;
	size_t n = unhex(want, exp, sizeof(exp));
	uint8_t type = 0;

	assert_int_equal(kb_tls_sealer_new(f, k, &s), 0);
	assert_int_equal(kb_tls_seal(s, seq, KB_TLS_APPLICATION_DATA, plain,
				     len, rec),
			 n);
	assert_int_equal(n, kb_tls_wire_len(f, len));
	assert_memory_equal(rec, exp, n);
	assert_int_equal(kb_tls_open(s, seq, exp, n, &type, out), len);
	assert_int_equal(type, KB_TLS_APPLICATION_DATA);
	assert_memory_equal(out, plain, len);
	kb_tls_sealer_free(s);
}

static void test_rfc8448_client(void **state)
{
	struct kb_tls_front f = front("aes-128-gcm", KB_TLS_13);
	struct kb_tls_keys k;

	(void)state;
	keys13(&k, "17 42 2d da 59 6e d5 d9 ac d8 90 e3 c6 3f 50 51",
	       "5b 78 92 3d ee 08 57 90 33 e5 23 d9");
	check_vector(&f, &k, 0, payload50(), 50, client_app);
}

/* The server's second record under its keys: sequence number 1. */
static void test_rfc8448_server(void **state)
{
	struct kb_tls_front f = front("aes-128-gcm", KB_TLS_13);
	static uint8_t rec[MAX_WIRE], out[MAX_WIRE];
	struct kb_tls_sealer *s;
	struct kb_tls_keys k;
	uint8_t type = 0;
	size_t n;

	(void)state;
	keys13(&k, "9f 02 28 3b 6c 9c 07 ef c2 6b b9 f2 ac 92 e3 56",
	       "cf 78 2b 88 dd 83 54 9a ad f1 e9 84");
	check_vector(&f, &k, 1, payload50(), 50, server_app);
	assert_int_equal(kb_tls_sealer_new(&f, &k, &s), 0);
	n = unhex(server_nst, rec, sizeof(rec));
	assert_int_equal(kb_tls_open(s, 0, rec, n, &type, out), 205);
	assert_int_equal(type, KB_TLS_HANDSHAKE);
	assert_memory_equal(out, "\x04\x00\x00\xc9", 4);
	/* The same record at another number is refused. */
	assert_int_equal(kb_tls_open(s, 1, rec, n, &type, out), -EBADMSG);
	kb_tls_sealer_free(s);
	/* The keys' own sequence number counts as records before. */
	k.rec_seq[7] = 1;
	check_vector(&f, &k, 0, payload50(), 50, server_app);
}

/* miTLS's TestRecord: "GET / HTTP/1.1\r\nHost: undefined\r\n\r\n". */
static void test_mitls_12(void **state)
{
	static const char get[] = "GET / HTTP/1.1\r\nHost: undefined\r\n\r\n";
	struct kb_tls_front f = front("aes-128-gcm", KB_TLS_12);
	struct kb_tls_keys k = { .rec_seq = { [7] = 1 } };

	(void)state;
	unhex("152300c2dc44c8f695d4fb1471791659", k.key, sizeof(k.key));
	unhex("b56bf932", k.salt, sizeof(k.salt));
	check_vector(&f, &k, 0, (const uint8_t *)get, strlen(get),
		     "17 03 03 00 3b 0000000000000000ed3ca96c8bd2fbb376c2dc"
		     "417f3ec249e8ab550dab1c421293f0e642a0c152b43a546a8b49b6"
		     "128ee6e23454b7e580423ba985");
}

static void random_keys(struct kb_tls_keys *k, unsigned int seed)
{
	uint8_t *p = (uint8_t *)k;
	size_t i;

	srand(seed);
	for (i = 0; i < sizeof(*k); i++)
		p[i] = (uint8_t)rand();
}

/* Every suite and version: sealed, opened back, and a bit flipped. */
static void roundtrip(const struct kb_tls_front *f, size_t len, uint64_t seq)
{
	static uint8_t in[KB_TLS_MAX_RECORD], rec[MAX_WIRE], out[MAX_WIRE];
	struct kb_tls_sealer *s;
	struct kb_tls_keys k;
	uint8_t type = 0;
	long n;
	size_t i, at[] = { 0, KB_TLS_HEADER, KB_TLS_HEADER + 8, 0, 0 };

	random_keys(&k, (unsigned int)(len + seq));
	for (i = 0; i < len; i++)
		in[i] = (uint8_t)(i * 7 + seq);
	assert_int_equal(kb_tls_sealer_new(f, &k, &s), 0);
	n = kb_tls_seal(s, seq, KB_TLS_APPLICATION_DATA, in, len, rec);
	assert_int_equal(n, kb_tls_wire_len(f, (uint32_t)len));
	assert_int_equal(kb_tls_open(s, seq, rec, n, &type, out), len);
	assert_int_equal(type, KB_TLS_APPLICATION_DATA);
	assert_memory_equal(out, in, len);
	assert_int_equal(kb_tls_open(s, seq + 1, rec, n, &type, out), -EBADMSG);
	at[3] = n - 1 - f->cipher->tag_bytes; /* the last encrypted byte */
	at[4] = n - 1; /* the tag's */
	for (i = 0; i < sizeof(at) / sizeof(at[0]); i++) {
		/* TLS 1.3's outer type is always 23: no record else. */
		int want = f->version == KB_TLS_13 && !at[i] ? -EPROTO :
							       -EBADMSG;

		rec[at[i]] ^= 0x10;
		assert_int_equal(kb_tls_open(s, seq, rec, n, &type, out), want);
		rec[at[i]] ^= 0x10;
	}
	kb_tls_sealer_free(s);
}

static void test_roundtrip(void **state)
{
	static const size_t sizes[] = { 0, 1, 24, 1000, 1500, 16383, 16384 };
	enum kb_tls_version v;
	size_t c, i;

	(void)state;
	for (c = 0; c < kb_tls_nciphers; c++)
		for (v = KB_TLS_12; v <= KB_TLS_13; v++)
			for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
				struct kb_tls_front f = {
					.cipher = &kb_tls_ciphers[c],
					.version = v
				};

				roundtrip(&f, sizes[i], i * 1000003);
			}
}

/*
 * TLS 1.2: the explicit nonce is the keys' iv plus the record's number,
 * and the opener reads it from the record: another iv opens the same.
 */
static void test_explicit_nonce(void **state)
{
	static uint8_t rec[MAX_WIRE], out[MAX_WIRE];
	struct kb_tls_front f = front("aes-128-ccm", KB_TLS_12);
	struct kb_tls_sealer *tx, *rx;
	struct kb_tls_keys k, other;
	uint8_t type;
	long n;

	(void)state;
	random_keys(&k, 1);
	memset(k.iv, 0xff, sizeof(k.iv));
	other = k;
	memset(other.iv, 0x11, sizeof(other.iv));
	assert_int_equal(kb_tls_sealer_new(&f, &k, &tx), 0);
	assert_int_equal(kb_tls_sealer_new(&f, &other, &rx), 0);
	n = kb_tls_seal(tx, 2, KB_TLS_HANDSHAKE, (const uint8_t *)"abc", 3,
			rec);
	assert_int_equal(n, 5 + 8 + 3 + 16);
	assert_memory_equal(rec, "\x16\x03\x03\x00\x1b", 5);
	/* 0xff..ff + 2 wraps, as the kernel's counter does. */
	assert_memory_equal(rec + 5, "\0\0\0\0\0\0\0\x01", 8);
	assert_int_equal(kb_tls_open(rx, 2, rec, n, &type, out), 3);
	assert_int_equal(type, KB_TLS_HANDSHAKE);
	assert_memory_equal(out, "abc", 3);
	kb_tls_sealer_free(tx);
	kb_tls_sealer_free(rx);
}

/* What is no record of the version: refused before any crypto. */
static void test_malformed(void **state)
{
	static uint8_t rec[MAX_WIRE], out[MAX_WIRE];
	struct kb_tls_front f = front("aes-256-gcm", KB_TLS_13);
	struct kb_tls_sealer *s;
	struct kb_tls_keys k;
	uint8_t type, zeros[4] = { 0 };
	long n;

	(void)state;
	random_keys(&k, 2);
	assert_int_equal(kb_tls_sealer_new(&f, &k, &s), 0);
	assert_int_equal(kb_tls_seal(s, 0, 23, rec, KB_TLS_MAX_RECORD + 1, rec),
			 -EINVAL);
	n = kb_tls_seal(s, 0, 0, zeros, sizeof(zeros), rec);
	assert_true(n > 0);
	/* Only zeros inside: no content type (RFC 8446 §5.4). */
	assert_int_equal(kb_tls_open(s, 0, rec, n, &type, out), -EPROTO);
	assert_int_equal(kb_tls_open(s, 0, rec, n - 1, &type, out), -EPROTO);
	assert_int_equal(kb_tls_open(s, 0, rec, 4, &type, out), -EPROTO);
	rec[2] = 1; /* version 0x0301 */
	assert_int_equal(kb_tls_open(s, 0, rec, n, &type, out), -EPROTO);
	kb_tls_sealer_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rfc8448_client),
		cmocka_unit_test(test_rfc8448_server),
		cmocka_unit_test(test_mitls_12),
		cmocka_unit_test(test_roundtrip),
		cmocka_unit_test(test_explicit_nonce),
		cmocka_unit_test(test_malformed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
