// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * --time DURATION of verify's soak: units, and the bounds (more than 0,
 * at most a day).
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench/duration.h"

static void test_units(void **state)
{
	uint64_t ms = 0;

	(void)state;
	assert_int_equal(kb_parse_duration("500ms", &ms), 0);
	assert_int_equal(ms, 500);
	assert_int_equal(kb_parse_duration("60s", &ms), 0);
	assert_int_equal(ms, 60000);
	assert_int_equal(kb_parse_duration("10m", &ms), 0);
	assert_int_equal(ms, 600000);
	assert_int_equal(kb_parse_duration("24h", &ms), 0);
	assert_int_equal(ms, KB_DURATION_MAX_MS);
	assert_int_equal(kb_parse_duration("1440m", &ms), 0);
}

static void test_refused(void **state)
{
	uint64_t ms = 7;

	(void)state;
	assert_int_equal(kb_parse_duration("0s", &ms), -ERANGE);
	assert_int_equal(kb_parse_duration("25h", &ms), -ERANGE);
	assert_int_equal(kb_parse_duration("86400001ms", &ms), -ERANGE);
	assert_int_equal(kb_parse_duration("99999999999999999999999h", &ms),
			 -ERANGE);
	assert_int_equal(kb_parse_duration("60", &ms), -EINVAL);
	assert_int_equal(kb_parse_duration("60x", &ms), -EINVAL);
	assert_int_equal(kb_parse_duration("60 s", &ms), -EINVAL);
	assert_int_equal(kb_parse_duration("s", &ms), -EINVAL);
	assert_int_equal(kb_parse_duration("", &ms), -EINVAL);
	assert_int_equal(kb_parse_duration("-5s", &ms), -EINVAL);
	assert_int_equal(ms, 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
