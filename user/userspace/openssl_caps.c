// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Which CPU capabilities OpenSSL's code selection uses: the words it
 * reports after applying the OPENSSL_ia32cap (x86) or OPENSSL_armcap (ARM)
 * environment variable, which may differ from what the CPU has.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "userspace/libcrypto.h"
#include "userspace/openssl_caps.h"

/**
 * kb_ossl_caps_parse() - decode OpenSSL's x86 capability words
 * @info: what OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS) returns, such as
 *	  "OPENSSL_ia32cap=0xfffa32034f8bffff:0x1a415f46f1bf2ffb"; these are
 *	  the words after OpenSSL applied the OPENSSL_ia32cap environment
 *	  variable, the ones its code selection reads (3.2 on print five
 *	  words, the first two are these)
 * @caps: filled in; @caps->known false on failure
 *
 * x86 only: these bits are what the results' environment reports.
 *
 * Return: 0, or -EINVAL when @info holds no x86 capability words.
 */
int kb_ossl_caps_parse(const char *info, struct kb_ossl_caps *caps)
{
	unsigned long long w0, w1 = 0;
	const char *s = info ? strstr(info, "OPENSSL_ia32cap=") : NULL;
	char *end;

	memset(caps, 0, sizeof(*caps));
	if (!s)
		return -EINVAL;
	s += strlen("OPENSSL_ia32cap=");
	errno = 0;
	w0 = strtoull(s, &end, 0);
	if (errno || end == s)
		return -EINVAL;
	if (*end == ':') {
		s = end + 1;
		w1 = strtoull(s, &end, 0);
		if (errno || end == s)
			return -EINVAL;
	}
	caps->known = true;
	caps->aesni = w0 >> KB_OSSL_CAP0_AESNI & 1;
	caps->pclmulqdq = w0 >> KB_OSSL_CAP0_PCLMULQDQ & 1;
	caps->avx = w0 >> KB_OSSL_CAP0_AVX & 1;
	caps->vaes = w1 >> KB_OSSL_CAP1_VAES & 1;
	caps->vpclmulqdq = w1 >> KB_OSSL_CAP1_VPCLMULQDQ & 1;
	return 0;
}

/**
 * kb_ossl_armcap_parse() - decode OpenSSL's ARM capability word
 * @info: what OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS) returns on ARM
 *	  (crypto/info.c: "OPENSSL_armcap=0x%x", then " env:VALUE" when the
 *	  variable is set), such as "OPENSSL_armcap=0xbd"; the word after
 *	  OpenSSL applied the OPENSSL_armcap environment variable
 * @caps: filled in; @caps->known false on failure
 *
 * Return: 0, or -EINVAL when @info holds no ARM capability word.
 */
int kb_ossl_armcap_parse(const char *info, struct kb_ossl_caps *caps)
{
	const char *s = info ? strstr(info, "OPENSSL_armcap=") : NULL;
	unsigned long long w;
	char *end;

	memset(caps, 0, sizeof(*caps));
	if (!s)
		return -EINVAL;
	s += strlen("OPENSSL_armcap=");
	errno = 0;
	w = strtoull(s, &end, 0);
	if (errno || end == s)
		return -EINVAL;
	caps->known = true;
	caps->isa = KB_OSSL_ISA_ARM;
	caps->neon = w >> KB_OSSL_ARM_NEON & 1;
	caps->aes = w >> KB_OSSL_ARM_AES & 1;
	caps->pmull = w >> KB_OSSL_ARM_PMULL & 1;
	caps->sha1 = w >> KB_OSSL_ARM_SHA1 & 1;
	caps->sha256 = w >> KB_OSSL_ARM_SHA256 & 1;
	caps->sha512 = w >> KB_OSSL_ARM_SHA512 & 1;
	return 0;
}

/**
 * kb_ossl_caps() - the capability bits the loaded libcrypto uses
 * @caps: filled in; unknown when libcrypto cannot be loaded, or reports
 *	  neither x86 nor ARM words
 */
void kb_ossl_caps(struct kb_ossl_caps *caps)
{
	const char *info = kb_libcrypto_load() ?
				   NULL :
				   sym_OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS);

	if (kb_ossl_caps_parse(info, caps))
		kb_ossl_armcap_parse(info, caps);
}

/**
 * kb_ossl_caps_words() - the capabilities in words
 * @caps: decoded capabilities
 * @buf: where to write
 * @len: size of @buf; 96 bytes suffice
 *
 * Return: @buf, such as "AES-NI yes, PCLMULQDQ yes, AVX yes, VAES no,
 * VPCLMULQDQ no", "NEON yes, AES yes, PMULL yes, SHA1 yes, SHA256 yes,
 * SHA512 no", or "CPU capabilities unknown".
 */
const char *kb_ossl_caps_words(const struct kb_ossl_caps *caps, char *buf,
			       size_t len)
{
	static const char *const yn[] = { "no", "yes" };

	if (!caps->known)
		snprintf(buf, len, "CPU capabilities unknown");
	else if (caps->isa == KB_OSSL_ISA_ARM)
		snprintf(
			buf, len,
			"NEON %s, AES %s, PMULL %s, SHA1 %s, SHA256 %s, SHA512 %s",
			yn[caps->neon], yn[caps->aes], yn[caps->pmull],
			yn[caps->sha1], yn[caps->sha256], yn[caps->sha512]);
	else
		snprintf(
			buf, len,
			"AES-NI %s, PCLMULQDQ %s, AVX %s, VAES %s, VPCLMULQDQ %s",
			yn[caps->aesni], yn[caps->pclmulqdq], yn[caps->avx],
			yn[caps->vaes], yn[caps->vpclmulqdq]);
	return buf;
}
