/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kTLS as kaesbench puts it through: the cipher suites whose records the
 * kernel seals with AES (net/tls/tls_main.c's table), and the choice of
 * one command (`kaesbench tls`).
 */
#ifndef KAESBENCH_TLS_TLS_H
#define KAESBENCH_TLS_TLS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum kb_tls_version {
	KB_TLS_12,
	KB_TLS_13,
};

/* One of kTLS's AES suites: a row of tls/cipher.c's table. */
struct kb_tls_cipher {
	const char *name; /* as -c takes it: "aes-128-gcm" */
	const char *alloc; /* what net/tls allocates: "gcm(aes)" */
	uint16_t type; /* TLS_CIPHER_AES_GCM_128 */
	unsigned int key_bytes;
	unsigned int salt_bytes; /* the implicit part of the nonce */
	unsigned int iv_bytes; /* TLS 1.2's explicit nonce in each record */
	unsigned int tag_bytes;
	const char *evp; /* libcrypto's cipher: "AES-128-GCM" */
	const char *tls13_suite; /* OpenSSL's name: "TLS_AES_128_GCM_SHA256" */
	const char *tls12_suite; /* "ECDHE-ECDSA-AES128-GCM-SHA256" */
};

/* What `kaesbench tls` was asked for: the path's front end. */
struct kb_tls_front {
	const struct kb_tls_cipher *cipher;
	enum kb_tls_version version;
	bool sendfile; /* --sendfile: the tunnel's sender uses sendfile() */
};

/* The largest plaintext of one record (RFC 8446 §5.1). */
#define KB_TLS_MAX_RECORD 16384
/* A record's header: type, version, length. */
#define KB_TLS_HEADER 5

extern const struct kb_tls_cipher kb_tls_ciphers[];
extern const size_t kb_tls_nciphers;

const struct kb_tls_cipher *kb_tls_cipher_named(const char *name);
const char *kb_tls_version_name(enum kb_tls_version v); /* "1.3" */
/* A record of @plain bytes: what is encrypted, and what is on the wire. */
uint32_t kb_tls_crypt_len(const struct kb_tls_front *f, uint32_t plain);
uint32_t kb_tls_wire_len(const struct kb_tls_front *f, uint32_t plain);
/* The associated data of one record: 13 bytes in 1.2, 5 in 1.3. */
unsigned int kb_tls_aad_len(const struct kb_tls_front *f);

#endif /* KAESBENCH_TLS_TLS_H */
