// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Option parsing of `kaesbench list`: usage errors must come back as exit
 * status 2, not end the process.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "cmd/list.h"
#include "base/options.h"

#define PARSE(opts, ...)                                                       \
	({                                                                     \
		char *argv[] = { "list", __VA_ARGS__, NULL };                  \
		kb_list_parse(sizeof(argv) / sizeof(argv[0]) - 1, argv, opts); \
	})

static void test_default(void **state)
{
	char *argv[] = { "list", NULL };
	struct kb_list_opts opts;

	(void)state;
	assert_int_equal(kb_list_parse(1, argv, &opts), KB_EXIT_OK);
	assert_int_equal(opts.format, KB_LIST_PEOPLE);
	assert_false(opts.help);
}

static void test_formats(void **state)
{
	struct kb_list_opts opts;

	(void)state;
	assert_int_equal(PARSE(&opts, "--json"), KB_EXIT_OK);
	assert_int_equal(opts.format, KB_LIST_JSON);
	assert_int_equal(PARSE(&opts, "-j"), KB_EXIT_OK);
	assert_int_equal(opts.format, KB_LIST_JSON);
	assert_int_equal(PARSE(&opts, "--dump"), KB_EXIT_OK);
	assert_int_equal(opts.format, KB_LIST_DUMP);
	assert_int_equal(PARSE(&opts, "-d"), KB_EXIT_OK);
	assert_int_equal(opts.format, KB_LIST_DUMP);
}

static void test_help(void **state)
{
	struct kb_list_opts opts;

	(void)state;
	assert_int_equal(PARSE(&opts, "--help"), KB_EXIT_OK);
	assert_true(opts.help);
	assert_int_equal(PARSE(&opts, "-h"), KB_EXIT_OK);
	assert_true(opts.help);
}

static void test_usage_errors(void **state)
{
	struct kb_list_opts opts;

	(void)state;
	assert_int_equal(PARSE(&opts, "--bogus"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&opts, "-x"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&opts, "--json", "--dump"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&opts, "-dj"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&opts, "extra"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&opts, "--json", "extra"), KB_EXIT_USAGE);
	/* getopt state from the failures must not leak into a good parse. */
	assert_int_equal(PARSE(&opts, "--dump"), KB_EXIT_OK);
	assert_int_equal(opts.format, KB_LIST_DUMP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default),
		cmocka_unit_test(test_formats),
		cmocka_unit_test(test_help),
		cmocka_unit_test(test_usage_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
