/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The capability bits OpenSSL's code selection reads: x86's
 * OPENSSL_ia32cap words, ARM's OPENSSL_armcap word.
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

/*
 * Bits of OpenSSL's ARM capability word (OPENSSL_armcap_P), as in its
 * crypto/arm_arch.h (ARMV7_NEON ... ARMV8_SHA512), the same in 1.1 and
 * every 3.x. OPENSSL_armcap replaces the whole word: it masks nothing.
 */
#define KB_OSSL_ARM_NEON 0 /* ARMV7_NEON */
#define KB_OSSL_ARM_AES 2 /* ARMV8_AES */
#define KB_OSSL_ARM_SHA1 3 /* ARMV8_SHA1 */
#define KB_OSSL_ARM_SHA256 4 /* ARMV8_SHA256 */
#define KB_OSSL_ARM_PMULL 5 /* ARMV8_PMULL */
#define KB_OSSL_ARM_SHA512 6 /* ARMV8_SHA512 */

/* Which words OpenSSL reported: its own architecture's. */
enum kb_ossl_isa { KB_OSSL_ISA_X86, KB_OSSL_ISA_ARM };

struct kb_ossl_caps {
	bool known; /* false if OpenSSL did not say, or said nothing known */
	enum kb_ossl_isa isa; /* which of the two groups below is filled in */
	/* x86 */
	bool aesni;
	bool pclmulqdq;
	bool avx;
	bool vaes;
	bool vpclmulqdq;
	/* ARM */
	bool neon;
	bool aes;
	bool pmull;
	bool sha1;
	bool sha256;
	bool sha512;
};

int kb_ossl_caps_parse(const char *info, struct kb_ossl_caps *caps);
int kb_ossl_armcap_parse(const char *info, struct kb_ossl_caps *caps);
void kb_ossl_caps(struct kb_ossl_caps *caps);
const char *kb_ossl_caps_words(const struct kb_ossl_caps *caps, char *buf,
			       size_t len);

#endif /* KAESBENCH_USERSPACE_OPENSSL_CAPS_H */
