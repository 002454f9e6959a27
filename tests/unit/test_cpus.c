// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * --cpus lists: checked against the online CPUs before anything starts.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "bench/cpus.h"

static void test_lists(void **state)
{
	struct kb_cpus c;
	char why[256];

	(void)state;
	assert_int_equal(kb_cpus_parse("0-3,8", "0-15\n", &c, why, sizeof(why)),
			 0);
	assert_int_equal(c.count, 5);
	assert_int_equal(c.cpu[3], 3);
	assert_int_equal(c.cpu[4], 8);
	assert_int_equal(kb_cpus_parse("all", "0-1,4\n", &c, why, sizeof(why)),
			 0);
	assert_int_equal(c.count, 3);
	assert_int_equal(c.cpu[2], 4);
	/* In the order given: the first is the one measured alone. */
	assert_int_equal(kb_cpus_parse("1,0", "0-1\n", &c, why, sizeof(why)),
			 0);
	assert_int_equal(c.cpu[0], 1);
}

static void test_refused(void **state)
{
	struct kb_cpus c;
	char why[256];

	(void)state;
	assert_int_equal(kb_cpus_parse("2", "0-1\n", &c, why, sizeof(why)),
			 -EINVAL);
	assert_string_equal(why,
			    "CPU 2 is offline or does not exist (online: 0-1)");
	assert_int_equal(c.count, 0);
	assert_int_equal(kb_cpus_parse("0,2", "0-1,3\n", &c, why, sizeof(why)),
			 -EINVAL);
	assert_string_equal(
		why, "CPU 2 is offline or does not exist (online: 0-1,3)");
	assert_int_equal(kb_cpus_parse("0,0", "0-1\n", &c, why, sizeof(why)),
			 -EINVAL);
	assert_string_equal(why, "CPU 0 is listed twice");
	assert_int_equal(kb_cpus_parse("0-1,1", "0-1\n", &c, why, sizeof(why)),
			 -EINVAL);
	assert_string_equal(why, "CPU 1 is listed twice");
	assert_int_equal(kb_cpus_parse("0-300", "0-511\n", &c, why,
				       sizeof(why)),
			 -EINVAL);
	assert_string_equal(why, "more than 256 CPUs");
	assert_int_equal(kb_cpus_parse("", "0-1\n", &c, why, sizeof(why)),
			 -EINVAL);
	assert_string_equal(why, "\"\" is not a CPU list such as 0-3,8 or all");
	assert_int_equal(kb_cpus_parse("3-1", "0-3\n", &c, why, sizeof(why)),
			 -EINVAL);
	assert_int_equal(kb_cpus_parse("0,", "0-3\n", &c, why, sizeof(why)),
			 -EINVAL);
	assert_int_equal(kb_cpus_parse("x", "0-3\n", &c, why, sizeof(why)),
			 -EINVAL);
	assert_int_equal(kb_cpus_parse("-1", "0-3\n", &c, why, sizeof(why)),
			 -EINVAL);
	assert_int_equal(kb_cpus_parse("0", "garbage", &c, why, sizeof(why)),
			 -EINVAL);
	assert_string_equal(why, "cannot read the online CPUs (\"garbage\")");
}

static void test_read_online(void **state)
{
	char buf[64];

	(void)state;
	assert_int_equal(kb_cpus_read_online("/nonexistent/online", buf,
					     sizeof(buf)),
			 -ENOENT);
	/* This machine's own list parses, whatever it is. */
	if (!kb_cpus_read_online(KB_CPUS_ONLINE, buf, sizeof(buf))) {
		struct kb_cpus c;
		char why[256];

		assert_int_equal(
			kb_cpus_parse("all", buf, &c, why, sizeof(why)), 0);
		assert_true(c.count >= 1);
	}
}

/* As Linux writes lists: runs of consecutive CPUs, in the order given. */
static void test_format(void **state)
{
	struct kb_cpus c = { .cpu = { 0, 1, 2, 8 }, .count = 4 };
	char buf[KB_CPUS_LIST_MAX], small[8];
	size_t i;

	(void)state;
	assert_string_equal(kb_cpus_format(&c, buf, sizeof(buf)), "0-2,8");
	c = (struct kb_cpus){ .cpu = { 3, 1, 2 }, .count = 3 };
	assert_string_equal(kb_cpus_format(&c, buf, sizeof(buf)), "3,1-2");
	c.count = 0;
	assert_string_equal(kb_cpus_format(&c, buf, sizeof(buf)), "");
	/* 256 CPUs of five digits, none next to another: the longest list. */
	for (i = 0; i < KAESBENCH_MAX_CPUS; i++)
		c.cpu[i] = 65535 - 2 * i;
	c.count = KAESBENCH_MAX_CPUS;
	kb_cpus_format(&c, buf, sizeof(buf));
	assert_int_equal(strlen(buf), KAESBENCH_MAX_CPUS * 6 - 1);
	/* Too long for the buffer: cut, and said to be. */
	assert_string_equal(kb_cpus_format(&c, small, sizeof(small)),
			    "6553...");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lists),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_read_online),
		cmocka_unit_test(test_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
