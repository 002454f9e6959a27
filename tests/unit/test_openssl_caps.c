// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * OPENSSL_ia32cap="~0x200000200000000" masks AES-NI and PCLMULQDQ on x86,
 * OPENSSL_armcap="0x1" leaves OpenSSL NEON alone on ARM: the tool must
 * then report OpenSSL without AES, since it reads the words OpenSSL uses,
 * not the CPU's. libcrypto reads the variable when it is loaded, before
 * main(): the test runs itself again with both set. The parsers are also
 * tested on the strings OpenSSL 3's OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS)
 * returns on either architecture (crypto/info.c).
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "userspace/openssl.h"

static void test_masked(void **state)
{
	struct kb_ossl_caps c;

	(void)state;
	kb_ossl_caps(&c);
#if defined(__x86_64__) || defined(__i386__)
	assert_true(c.known);
	assert_int_equal(c.isa, KB_OSSL_ISA_X86);
	assert_false(c.aesni);
	assert_false(c.pclmulqdq);
#elif defined(__aarch64__)
	assert_true(c.known);
	assert_int_equal(c.isa, KB_OSSL_ISA_ARM);
	assert_true(c.neon);
	assert_false(c.aes);
	assert_false(c.pmull);
#else
	assert_false(c.known);
#endif
}

static void test_ia32cap(void **state)
{
	struct kb_ossl_caps c;
	char words[128];

	(void)state;
	/* 3.0 prints two words, 3.2 on five; and " env:" when it is set. */
	assert_int_equal(
		kb_ossl_caps_parse(
			"OPENSSL_ia32cap=0x7cd8320b078bffff:0x6c1a5b7 env:~0x200000000000000",
			&c),
		0);
	assert_true(c.known);
	assert_int_equal(c.isa, KB_OSSL_ISA_X86);
	assert_false(c.aesni);
	assert_true(c.pclmulqdq && c.avx);
	assert_string_equal(
		kb_ossl_caps_words(&c, words, sizeof(words)),
		"AES-NI no, PCLMULQDQ yes, AVX yes, VAES no, VPCLMULQDQ no");
	/* x86's parser only: the results' x86 capabilities are its. */
	assert_int_not_equal(kb_ossl_caps_parse("OPENSSL_armcap=0xbd", &c), 0);
	assert_false(c.known);
}

static void test_armcap(void **state)
{
	struct kb_ossl_caps c;
	char words[128];

	(void)state;
	/* NEON, AES, SHA1, SHA256, PMULL, CPUID (crypto/arm_arch.h). */
	assert_int_equal(kb_ossl_armcap_parse("OPENSSL_armcap=0xbd", &c), 0);
	assert_true(c.known);
	assert_int_equal(c.isa, KB_OSSL_ISA_ARM);
	assert_true(c.neon && c.aes && c.pmull && c.sha1 && c.sha256);
	assert_false(c.sha512);
	assert_false(c.aesni);
	assert_string_equal(
		kb_ossl_caps_words(&c, words, sizeof(words)),
		"NEON yes, AES yes, PMULL yes, SHA1 yes, SHA256 yes, SHA512 no");
	/* What OpenSSL applied, then the variable it came from. */
	assert_int_equal(kb_ossl_armcap_parse("OPENSSL_armcap=0x1 env:0x1", &c),
			 0);
	assert_true(c.neon);
	assert_false(c.aes || c.pmull);
	assert_int_not_equal(
		kb_ossl_armcap_parse("OPENSSL_ia32cap=0x1:0x2", &c), 0);
	assert_false(c.known);
	assert_int_not_equal(kb_ossl_armcap_parse("OPENSSL_armcap=", &c), 0);
	assert_int_not_equal(kb_ossl_armcap_parse(NULL, &c), 0);
	assert_string_equal(kb_ossl_caps_words(&c, words, sizeof(words)),
			    "CPU capabilities unknown");
}

int main(int argc, char *argv[])
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_masked),
		cmocka_unit_test(test_ia32cap),
		cmocka_unit_test(test_armcap),
	};

	(void)argc;
	if (!getenv("OPENSSL_ia32cap") || !getenv("OPENSSL_armcap")) {
		setenv("OPENSSL_ia32cap", "~0x200000200000000", 1);
		setenv("OPENSSL_armcap", "0x1", 1);
		execv("/proc/self/exe", argv);
		return 1;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
