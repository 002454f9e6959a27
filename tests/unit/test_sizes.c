// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Size lists from the command line, and the sweep's rule for which sizes
 * an implementation can take.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include <linux/kaesbench.h>

#include "bench/sizes.h"

static void test_parse_good(void **state)
{
	struct kb_sizes s;

	(void)state;
	assert_int_equal(kb_sizes_parse("16,64,1024", &s), 0);
	assert_int_equal(s.count, 3);
	assert_int_equal(s.size[0], 16);
	assert_int_equal(s.size[1], 64);
	assert_int_equal(s.size[2], 1024);
	kb_sizes_free(&s);
	/* Limits are the kernel's to enforce: 0 and huge sizes pass. */
	assert_int_equal(kb_sizes_parse("0,4294967295", &s), 0);
	assert_int_equal(s.count, 2);
	assert_int_equal(s.size[0], 0);
	assert_int_equal(s.size[1], 4294967295U);
	kb_sizes_free(&s);
	assert_int_equal(kb_sizes_parse("1420", &s), 0);
	assert_int_equal(s.count, 1);
	kb_sizes_free(&s);
}

static void test_parse_many(void **state)
{
	char list[40 * 6];
	struct kb_sizes s;
	size_t used = 0;
	int i;

	(void)state;
	/* More than the kernel takes, to let the kernel say so. */
	for (i = 1; i <= 40; i++)
		used += snprintf(list + used, sizeof(list) - used, "%s%d",
				 i > 1 ? "," : "", i);
	assert_int_equal(kb_sizes_parse(list, &s), 0);
	assert_int_equal(s.count, 40);
	assert_int_equal(s.size[39], 40);
	kb_sizes_free(&s);
}

static void test_parse_bad(void **state)
{
	static const char *const bad[] = {
		"",	",",	      "16,",   ",16",  "16,,64", "x",
		"16,x", "1e3",	      "-1",    " 16",  "16 ",	 "+16",
		"0x10", "4294967296", "16;64", "16.5",
	};
	struct kb_sizes s;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(kb_sizes_parse(bad[i], &s), -EINVAL);
		kb_sizes_free(&s);
	}
}

static void test_parse_u32(void **state)
{
	uint32_t v = 9;

	(void)state;
	assert_int_equal(kb_parse_u32("0", &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(kb_parse_u32("65536", &v), 0);
	assert_int_equal(v, 65536);
	assert_int_equal(kb_parse_u32("", &v), -EINVAL);
	assert_int_equal(kb_parse_u32("-5", &v), -EINVAL);
	assert_int_equal(kb_parse_u32("5k", &v), -EINVAL);
	assert_int_equal(kb_parse_u32("99999999999", &v), -EINVAL);
	assert_int_equal(v, 65536);
}

static struct kb_impl impl(const char *alg, uint32_t type, uint32_t block)
{
	return (struct kb_impl){ .alg_name = (char *)alg,
				 .driver_name = (char *)"drv",
				 .type = type,
				 .block_size = block };
}

static void test_fits(void **state)
{
	struct kb_impl cbc = impl("cbc(aes)", KAESBENCH_IMPL_TYPE_SKCIPHER, 16);
	struct kb_impl lcbc =
		impl("cbc(aes)", KAESBENCH_IMPL_TYPE_LSKCIPHER, 16);
	struct kb_impl xts = impl("xts(aes)", KAESBENCH_IMPL_TYPE_SKCIPHER, 16);
	struct kb_impl cts =
		impl("cts(cbc(aes))", KAESBENCH_IMPL_TYPE_SKCIPHER, 16);
	struct kb_impl ctr = impl("ctr(aes)", KAESBENCH_IMPL_TYPE_SKCIPHER, 1);
	struct kb_impl aes = impl("aes", KAESBENCH_IMPL_TYPE_CIPHER, 16);
	struct kb_impl gcm = impl("gcm(aes)", KAESBENCH_IMPL_TYPE_AEAD, 1);

	(void)state;
	assert_false(kb_size_fits(&cbc, 1420));
	assert_true(kb_size_fits(&cbc, 1024));
	assert_false(kb_size_fits(&lcbc, 1420));
	assert_true(kb_size_fits(&xts, 1420));
	assert_true(kb_size_fits(&cts, 1420));
	assert_true(kb_size_fits(&ctr, 1420));
	assert_true(kb_size_fits(&ctr, 1));
	assert_false(kb_size_fits(&aes, 1420));
	assert_false(kb_size_fits(&aes, 8));
	assert_true(kb_size_fits(&aes, 16));
	assert_true(kb_size_fits(&aes, 16384));
	assert_true(kb_size_fits(&gcm, 1420));
}

static void test_filter(void **state)
{
	struct kb_impl cbc = impl("cbc(aes)", KAESBENCH_IMPL_TYPE_SKCIPHER, 16);
	struct kb_sizes all, out;

	(void)state;
	assert_int_equal(kb_sizes_copy(&all, kb_default_sizes,
				       kb_default_sizes_count),
			 0);
	assert_int_equal(kb_sizes_filter(&cbc, &all, &out), 0);
	assert_int_equal(out.count, kb_default_sizes_count - 1);
	assert_false(kb_sizes_has(out.size, out.count, 1420));
	assert_true(kb_sizes_has(out.size, out.count, 16384));
	assert_int_equal(out.size[4], 4096);
	kb_sizes_free(&out);
	kb_sizes_free(&all);
}

static void test_sorted(void **state)
{
	uint32_t given[] = { 16384, 64, 1024, 64 };
	struct kb_sizes in = { .size = given, .count = 4 }, out;

	(void)state;
	assert_int_equal(kb_sizes_sorted(&out, &in), 0);
	assert_int_equal(out.count, 3);
	assert_int_equal(out.size[0], 64);
	assert_int_equal(out.size[1], 1024);
	assert_int_equal(out.size[2], 16384);
	/* The list given is left as it was. */
	assert_int_equal(given[0], 16384);
	kb_sizes_free(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_good),
		cmocka_unit_test(test_parse_many),
		cmocka_unit_test(test_parse_bad),
		cmocka_unit_test(test_parse_u32),
		cmocka_unit_test(test_fits),
		cmocka_unit_test(test_filter),
		cmocka_unit_test(test_sorted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
