// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kTLS's AES suites, as net/tls/tls_main.c's cipher table has them
 * (key, salt, explicit nonce and tag sizes), with the names libcrypto
 * and OpenSSL's TLS give them, so that a record's every byte can be
 * built both ways.
 */

#include <string.h>

#include <linux/tls.h>

#include "tls/tls.h"

const struct kb_tls_cipher kb_tls_ciphers[] = {
	{ "aes-128-gcm", "gcm(aes)", TLS_CIPHER_AES_GCM_128,
	  TLS_CIPHER_AES_GCM_128_KEY_SIZE, TLS_CIPHER_AES_GCM_128_SALT_SIZE,
	  TLS_CIPHER_AES_GCM_128_IV_SIZE, TLS_CIPHER_AES_GCM_128_TAG_SIZE,
	  "AES-128-GCM", "TLS_AES_128_GCM_SHA256",
	  "ECDHE-ECDSA-AES128-GCM-SHA256" },
	{ "aes-256-gcm", "gcm(aes)", TLS_CIPHER_AES_GCM_256,
	  TLS_CIPHER_AES_GCM_256_KEY_SIZE, TLS_CIPHER_AES_GCM_256_SALT_SIZE,
	  TLS_CIPHER_AES_GCM_256_IV_SIZE, TLS_CIPHER_AES_GCM_256_TAG_SIZE,
	  "AES-256-GCM", "TLS_AES_256_GCM_SHA384",
	  "ECDHE-ECDSA-AES256-GCM-SHA384" },
	{ "aes-128-ccm", "ccm(aes)", TLS_CIPHER_AES_CCM_128,
	  TLS_CIPHER_AES_CCM_128_KEY_SIZE, TLS_CIPHER_AES_CCM_128_SALT_SIZE,
	  TLS_CIPHER_AES_CCM_128_IV_SIZE, TLS_CIPHER_AES_CCM_128_TAG_SIZE,
	  "AES-128-CCM", "TLS_AES_128_CCM_SHA256", "ECDHE-ECDSA-AES128-CCM" },
};

const size_t kb_tls_nciphers =
	sizeof(kb_tls_ciphers) / sizeof(kb_tls_ciphers[0]);

const struct kb_tls_cipher *kb_tls_cipher_named(const char *name)
{
	size_t i;

	for (i = 0; i < kb_tls_nciphers; i++)
		if (!strcmp(kb_tls_ciphers[i].name, name))
			return &kb_tls_ciphers[i];
	return NULL;
}

const char *kb_tls_version_name(enum kb_tls_version v)
{
	return v == KB_TLS_13 ? "1.3" : "1.2";
}

/* TLS 1.3 encrypts the record's type after its plaintext (RFC 8446 §5.2). */
uint32_t kb_tls_crypt_len(const struct kb_tls_front *f, uint32_t plain)
{
	return plain + (f->version == KB_TLS_13);
}

/* The header, 1.2's explicit nonce, the ciphertext and the tag. */
uint32_t kb_tls_wire_len(const struct kb_tls_front *f, uint32_t plain)
{
	return KB_TLS_HEADER +
	       (f->version == KB_TLS_12 ? f->cipher->iv_bytes : 0) +
	       kb_tls_crypt_len(f, plain) + f->cipher->tag_bytes;
}

/* 1.2: sequence number, type, version, length; 1.3: the header. */
unsigned int kb_tls_aad_len(const struct kb_tls_front *f)
{
	return f->version == KB_TLS_13 ? KB_TLS_HEADER : 13;
}
