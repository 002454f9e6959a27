// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The packet-size mix of `kaesbench run --imix`: its parser, the sizes it
 * measures, and its rate worked out by hand.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench/imix.h"
#include "bench/run_options.h"
#include "base/options.h"

static void test_parse(void **state)
{
	struct kb_imix mix;

	(void)state;
	assert_int_equal(kb_imix_parse(KB_IMIX_DEFAULT, &mix), 0);
	assert_int_equal(mix.count, 3);
	assert_int_equal(mix.part[0].count, 7);
	assert_int_equal(mix.part[0].size, 64);
	assert_int_equal(mix.part[2].count, 1);
	assert_int_equal(mix.part[2].size, 1500);
	assert_int_equal(mix.part[2].measured, 1500);
	assert_string_equal(mix.spec, "7x64,4x576,1x1500");
	assert_int_equal(kb_imix_packets(&mix), 12);
	assert_float_equal(kb_imix_mean_size(&mix), 4252.0 / 12, 1e-12);
	kb_imix_free(&mix);

	assert_int_equal(kb_imix_parse("1x16", &mix), 0);
	assert_int_equal(mix.count, 1);
	kb_imix_free(&mix);
}

static void test_parse_bad(void **state)
{
	static const char *const bad[] = {
		"",	     "0x64",	      "7x0",   "7x",
		"x64",	     "7*64",	      "7x64,", ",7x64",
		"7x64,,1x1", "7x64x2",	      "-1x64", "7x 64",
		"garbage",   "7x99999999999",
	};
	struct kb_imix mix;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(kb_imix_parse(bad[i], &mix), -EINVAL);
		kb_imix_free(&mix);
	}
}

static void test_rate(void **state)
{
	const double ops[] = { 1e6, 2e5, 5e4 };
	const double none[] = { 1e6, 0, 5e4 };
	struct kb_imix_rate rate;
	struct kb_imix mix;

	(void)state;
	assert_int_equal(kb_imix_parse(KB_IMIX_DEFAULT, &mix), 0);
	/*
	 * 7/12 x 1 us + 4/12 x 5 us + 1/12 x 20 us = 47/12 us a packet:
	 * 12 / 47 us = 255319.148... packets/s; at 4252/12 B a packet,
	 * 4252 x 8 / 47000 = 0.723744... Gbit/s.
	 */
	assert_int_equal(kb_imix_rate(&mix, ops, &rate), 0);
	assert_float_equal(rate.packets_per_s, 12e6 / 47, 1e-6);
	assert_float_equal(rate.gbit_per_s, 4252.0 * 8 / 47000, 1e-12);
	assert_int_equal(kb_imix_rate(&mix, none, &rate), -EINVAL);
	kb_imix_free(&mix);
}

static void test_round(void **state)
{
	struct kb_sizes sizes;
	struct kb_imix mix;

	(void)state;
	assert_int_equal(kb_imix_parse("7x64,4x576,1x1500,2x64", &mix), 0);
	kb_imix_round(&mix, 16);
	assert_int_equal(mix.part[2].measured, 1504);
	assert_int_equal(mix.part[2].size, 1500);
	assert_int_equal(kb_imix_sizes(&mix, &sizes), 0);
	assert_int_equal(sizes.count, 3);
	assert_int_equal(sizes.size[0], 64);
	assert_int_equal(sizes.size[1], 576);
	assert_int_equal(sizes.size[2], 1504);
	kb_sizes_free(&sizes);
	/* Stream modes take any length. */
	kb_imix_round(&mix, 1);
	assert_int_equal(mix.part[2].measured, 1500);
	kb_imix_free(&mix);
}

#define PARSE(opts, ...)                                                     \
	({                                                                   \
		char *argv[] = { "run", __VA_ARGS__, NULL };                 \
		kb_run_parse(sizeof(argv) / sizeof(argv[0]) - 1, argv, opts, \
			     false);                                         \
	})

static void test_option(void **state)
{
	static const char *const bad[] = { "", "0x64", "7x0", "7x64,", "junk" };
	struct kb_run_opts o;
	size_t i;

	(void)state;
	assert_int_equal(PARSE(&o, "-d", "x", "--imix"), KB_EXIT_OK);
	assert_string_equal(o.imix.spec, KB_IMIX_DEFAULT);
	kb_run_opts_free(&o);
	assert_int_equal(PARSE(&o, "-d", "x", "--imix", "1x100,3x40"),
			 KB_EXIT_OK);
	assert_int_equal(o.imix.count, 2);
	assert_int_equal(o.imix.part[1].size, 40);
	kb_run_opts_free(&o);
	assert_int_equal(PARSE(&o, "-d", "x", "--imix=2x80", "-t", "5"),
			 KB_EXIT_OK);
	assert_int_equal(o.imix.part[0].size, 80);
	kb_run_opts_free(&o);
	/* The next option is not taken for the SPEC. */
	assert_int_equal(PARSE(&o, "-a", "y", "--imix", "--all-impls"),
			 KB_EXIT_OK);
	assert_true(o.all_impls);
	assert_int_equal(o.imix.count, 3);
	kb_run_opts_free(&o);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(PARSE(&o, "-d", "x", "--imix", (char *)bad[i]),
				 KB_EXIT_USAGE);
		kb_run_opts_free(&o);
	}
	assert_int_equal(PARSE(&o, "-d", "x", "--imix", "-b", "16"),
			 KB_EXIT_USAGE);
	kb_run_opts_free(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),  cmocka_unit_test(test_parse_bad),
		cmocka_unit_test(test_rate),   cmocka_unit_test(test_round),
		cmocka_unit_test(test_option),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
