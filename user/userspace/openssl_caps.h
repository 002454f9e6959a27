/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The x86 capability bits OpenSSL's code selection reads.
 */
#ifndef KAESBENCH_USERSPACE_OPENSSL_CAPS_H
#define KAESBENCH_USERSPACE_OPENSSL_CAPS_H

#include <stdbool.h>
#include <stddef.h>

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

struct kb_ossl_caps {
	bool known; /* false off x86, or if OpenSSL did not say */
	bool aesni;
	bool pclmulqdq;
	bool avx;
	bool vaes;
	bool vpclmulqdq;
};

int kb_ossl_caps_parse(const char *info, struct kb_ossl_caps *caps);
void kb_ossl_caps(struct kb_ossl_caps *caps);
const char *kb_ossl_caps_words(const struct kb_ossl_caps *caps, char *buf,
			       size_t len);

#endif /* KAESBENCH_USERSPACE_OPENSSL_CAPS_H */
