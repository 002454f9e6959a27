// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * OPENSSL_ia32cap="~0x200000200000000" masks AES-NI and PCLMULQDQ: the
 * tool must then report OpenSSL without AES-NI, since it reads the words
 * OpenSSL uses, not the CPU's. libcrypto reads the variable when it is
 * loaded, before main(): the test runs itself again with it set.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
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
	assert_false(c.aesni);
	assert_false(c.pclmulqdq);
#else
	assert_false(c.known);
#endif
}

int main(int argc, char *argv[])
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_masked),
	};

	(void)argc;
	if (!getenv("OPENSSL_ia32cap")) {
		setenv("OPENSSL_ia32cap", "~0x200000200000000", 1);
		execv("/proc/self/exe", argv);
		return 1;
	}
	return cmocka_run_group_tests(tests, NULL, NULL);
}
