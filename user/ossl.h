/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The OpenSSL path: libcrypto's EVP interface, default provider.
 */
#ifndef KAESBENCH_OSSL_H
#define KAESBENCH_OSSL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "paths.h"
#include "result.h"

/*
 * Bits of OpenSSL's first and second 64-bit x86 capability words, as
 * OPENSSL_ia32cap sets or masks them: the first is CPUID.1:EDX and ECX,
 * the second CPUID.(7,0):EBX and ECX.
 */
#define KB_OSSL_CAP0_PCLMULQDQ 33 /* CPUID.1:ECX bit 1 */
#define KB_OSSL_CAP0_AESNI 57 /* CPUID.1:ECX bit 25 */
#define KB_OSSL_CAP0_AVX 60 /* CPUID.1:ECX bit 28 */
#define KB_OSSL_CAP1_AVX2 5 /* CPUID.(7,0):EBX bit 5 */
#define KB_OSSL_CAP1_AVX512F 16 /* CPUID.(7,0):EBX bit 16 */
#define KB_OSSL_CAP1_VAES 41 /* CPUID.(7,0):ECX bit 9 */
#define KB_OSSL_CAP1_VPCLMULQDQ 42 /* CPUID.(7,0):ECX bit 10 */

/* The x86 capability bits OpenSSL's code selection reads. */
struct kb_ossl_caps {
	bool known; /* false off x86, or if OpenSSL did not say */
	bool aesni;
	bool pclmulqdq;
	bool avx;
	bool vaes;
	bool vpclmulqdq;
};

/* What the path needs to know of a run. */
struct kb_ossl_req {
	const char *alg; /* kernel name: aes, cbc(aes), ctr(aes), ... */
	uint32_t key_bits; /* as the kernel takes it: xts 256 = AES-128 */
	bool decrypt;
	uint32_t aad_len; /* gcm */
	uint32_t tag_len; /* gcm; 0 = 16 */
};

int kb_ossl_caps_parse(const char *info, struct kb_ossl_caps *caps);
void kb_ossl_caps(struct kb_ossl_caps *caps);
const char *kb_ossl_caps_words(const struct kb_ossl_caps *caps, char *buf,
			       size_t len);
const char *kb_ossl_version(void);
int kb_ossl_cipher_name(const char *alg, uint32_t key_bits, char *buf,
			size_t len);
struct kb_upath *kb_ossl_open(const struct kb_ossl_req *req, const uint8_t *key,
			      const uint8_t *iv, char *why, size_t len);
uint8_t *kb_ossl_buf(struct kb_upath *p);
void kb_ossl_close(struct kb_upath *p);
int kb_ossl_run(const struct kb_ossl_req *req, const struct kb_umeasure *m,
		struct kb_run *run);

#endif /* KAESBENCH_OSSL_H */
