// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The OpenSSL path on this host: it computes real AES (a NIST test
 * vector), and a short run gives positive, consistent figures; an
 * algorithm OpenSSL lacks reads n/a with the reason; the capability
 * decoder reads OpenSSL's words.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "userspace/openssl.h"

/* NIST SP 800-38A, F.2.1 CBC-AES128.Encrypt, the first two blocks. */
static const uint8_t key[16] = {
	0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
	0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c,
};
static const uint8_t iv[16] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
};
static const uint8_t pt[32] = {
	0x6b, 0xc1, 0xbe, 0xe2, 0x2e, 0x40, 0x9f, 0x96, 0xe9, 0x3d, 0x7e,
	0x11, 0x73, 0x93, 0x17, 0x2a, 0xae, 0x2d, 0x8a, 0x57, 0x1e, 0x03,
	0xac, 0x9c, 0x9e, 0xb7, 0x6f, 0xac, 0x45, 0xaf, 0x8e, 0x51,
};
static const uint8_t ct[32] = {
	0x76, 0x49, 0xab, 0xac, 0x81, 0x19, 0xb2, 0x46, 0xce, 0xe9, 0x8e,
	0x9b, 0x12, 0xe9, 0x19, 0x7d, 0x50, 0x86, 0xcb, 0x9b, 0x50, 0x72,
	0x19, 0xee, 0x95, 0xdb, 0x11, 0x3a, 0x91, 0x76, 0x78, 0xb2,
};

static const struct kb_ossl_req cbc = { .alg = "cbc(aes)", .key_bits = 128 };

/* One request of the measured path is real AES-128-CBC. */
static void test_nist_vector(void **state)
{
	struct kb_upath *p;
	char why[256];

	(void)state;
	p = kb_ossl_open(&cbc, key, iv, why, sizeof(why));
	assert_non_null(p);
	assert_int_equal(p->size(p, sizeof(pt)), 0);
	memcpy(kb_ossl_buf(p), pt, sizeof(pt));
	assert_int_equal(p->op(p), 0);
	assert_memory_equal(kb_ossl_buf(p), ct, sizeof(ct));
	kb_ossl_close(p);
}

static void test_short_run(void **state)
{
	const uint32_t sizes[] = { 16, 1024 };
	struct kb_umeasure m = { .sample_ms = 5, .samples = 3, .warmup_ms = 1 };
	struct kb_run run = { .selected = -1 };
	struct kb_summary sum;
	size_t i;

	(void)state;
	assert_int_equal(kb_sizes_copy(&run.sizes, sizes, 2), 0);
	assert_int_equal(kb_ossl_run(&cbc, &m, &run), 0);
	assert_int_equal(run.state, KB_RUN_ENDED);
	assert_int_equal(run.status, 0);
	assert_int_equal(run.path, KB_PATH_OPENSSL);
	assert_string_equal(run.impl.driver_name, "AES-128-CBC");
	assert_non_null(strstr(run.library, "OpenSSL"));
	assert_int_equal(run.samples, 6);
	for (i = 0; i < run.samples; i++) {
		const struct kb_sample *s = &run.sample[i];

		assert_int_equal(s->size, sizes[i / 3]);
		assert_int_equal(s->index, i % 3);
		assert_true(s->ops > 0);
		assert_int_equal(s->bytes, s->ops * s->size);
		/* At least the sample time, and not wildly more. */
		assert_true(s->wall_ns >= 5000000);
		assert_true(s->wall_ns < 1000000000);
		assert_true(s->thread_ns > 0 && s->busy_ns >= s->thread_ns / 2);
	}
	for (i = 0; i < 2; i++) {
		assert_int_equal(kb_summarize(&run, sizes[i], &sum), 0);
		assert_int_equal(sum.samples, 3);
		assert_true(sum.mbps_median > 0);
	}
	kb_run_release(&run);
}

/* xts with 192 bits would be AES-96-XTS: n/a with the reason, no zero. */
static void test_unknown_cipher(void **state)
{
	const struct kb_ossl_req xts = { .alg = "xts(aes)", .key_bits = 192 };
	const struct kb_ossl_req cts = { .alg = "cts(cbc(aes))",
					 .key_bits = 128 };
	struct kb_umeasure m = { .sample_ms = 1, .samples = 1 };
	struct kb_run run = { .selected = -1 };
	const uint32_t size = 16;

	(void)state;
	assert_int_equal(kb_sizes_copy(&run.sizes, &size, 1), 0);
	assert_int_equal(kb_ossl_run(&xts, &m, &run), 0);
	assert_int_equal(run.state, KB_RUN_UNAVAILABLE);
	assert_false(kb_run_failed(&run));
	assert_int_equal(run.samples, 0);
	assert_string_equal(run.message, "OpenSSL does not know AES-96-XTS");
	kb_run_release(&run);

	assert_int_equal(kb_sizes_copy(&run.sizes, &size, 1), 0);
	assert_int_equal(kb_ossl_run(&cts, &m, &run), 0);
	assert_int_equal(run.state, KB_RUN_UNAVAILABLE);
	assert_string_equal(run.message,
			    "OpenSSL has no counterpart of cts(cbc(aes))");
	kb_run_release(&run);
}

static void test_caps_parse(void **state)
{
	struct kb_ossl_caps c;
	char buf[128];

	(void)state;
	/* A CPU with all of them (as OpenSSL 3.0 prints it). */
	assert_int_equal(
		kb_ossl_caps_parse(
			"OPENSSL_ia32cap=0xfffa32034f8bffff:0x1a415f46f1bf2ffb",
			&c),
		0);
	assert_true(c.known && c.aesni && c.pclmulqdq && c.avx && c.vaes &&
		    c.vpclmulqdq);
	/* The same with OPENSSL_ia32cap="~0x200000200000000". */
	assert_int_equal(
		kb_ossl_caps_parse(
			"CPUINFO: OPENSSL_ia32cap=0xfdfa32014f8bffff:0x0 env:~0x200000200000000",
			&c),
		0);
	assert_true(c.known);
	assert_false(c.aesni);
	assert_false(c.pclmulqdq);
	assert_true(c.avx);
	assert_false(c.vaes);
	assert_string_equal(
		kb_ossl_caps_words(&c, buf, sizeof(buf)),
		"AES-NI no, PCLMULQDQ no, AVX yes, VAES no, VPCLMULQDQ no");
	/* Only bit 57 of the first word, then only bit 41 of the second. */
	assert_int_equal(
		kb_ossl_caps_parse("OPENSSL_ia32cap=0x200000000000000", &c), 0);
	assert_true(c.aesni && !c.pclmulqdq && !c.avx && !c.vaes);
	assert_int_equal(
		kb_ossl_caps_parse("OPENSSL_ia32cap=0x0:0x20000000000", &c), 0);
	assert_true(!c.aesni && c.vaes && !c.vpclmulqdq);
	/* Not x86, or nothing said. */
	assert_int_equal(kb_ossl_caps_parse("OPENSSL_armcap=0x3d", &c),
			 -EINVAL);
	assert_false(c.known);
	assert_int_equal(kb_ossl_caps_parse(NULL, &c), -EINVAL);
	assert_int_equal(kb_ossl_caps_parse("OPENSSL_ia32cap=zz", &c), -EINVAL);
	assert_string_equal(kb_ossl_caps_words(&c, buf, sizeof(buf)),
			    "CPU capabilities unknown");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nist_vector),
		cmocka_unit_test(test_short_run),
		cmocka_unit_test(test_unknown_cipher),
		cmocka_unit_test(test_caps_parse),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
