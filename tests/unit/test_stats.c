// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The statistics: medians, spreads, rates, and the three-digit formatter,
 * including the empty and zero-time cases that must not divide by zero.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench/stats.h"

#define assert_near(a, b) assert_true((a) - (b) < 1e-9 && (b) - (a) < 1e-9)

static void test_median(void **state)
{
	const double odd[] = { 5, 1, 3 };
	const double even[] = { 4, 1, 3, 2 };
	const double one[] = { 7 };

	(void)state;
	assert_near(kb_median(odd, 3), 3);
	assert_near(kb_median(even, 4), 2.5);
	assert_near(kb_median(one, 1), 7);
	assert_near(kb_median(NULL, 0), 0);
	/* The input is left in its order. */
	assert_near(odd[0], 5);
}

static void test_min_max_spread(void **state)
{
	const double v[] = { 100, 90, 110, 100, 100 };
	const double same[] = { 3, 3 };
	const double zero_median[] = { 0, 0, 1 };

	(void)state;
	assert_near(kb_min(v, 5), 90);
	assert_near(kb_max(v, 5), 110);
	assert_near(kb_spread(v, 5), 0.2);
	assert_near(kb_spread(same, 2), 0);
	assert_near(kb_spread(NULL, 0), 0);
	assert_near(kb_min(NULL, 0), 0);
	assert_near(kb_max(NULL, 0), 0);
	assert_true(isinf(kb_spread(zero_median, 3)));
}

static void test_rates(void **state)
{
	(void)state;
	/* 10^9 bytes in one second are 1000 MB/s. */
	assert_near(kb_mbps(1000000000, 1000000000), 1000);
	assert_near(kb_mbps(1400, 100000), 14);
	assert_near(kb_mbps(1000, 0), 0);
	assert_near(kb_percent(50, 100), 50);
	assert_near(kb_percent(400, 100), 400);
	assert_near(kb_percent(5, 0), 0);
}

static void check_fmt(double v, const char *want)
{
	char buf[KB_FMT3_MAX];

	assert_string_equal(kb_fmt3(v, buf, sizeof(buf)), want);
}

static void test_fmt3(void **state)
{
	(void)state;
	check_fmt(0.0712, "0.0712");
	check_fmt(13.94, "13.9");
	check_fmt(180.46, "180");
	check_fmt(1340.2, "1340");
	check_fmt(0.7, "0.700");
	check_fmt(1.234, "1.23");
	check_fmt(0.000123456, "0.000123");
	check_fmt(0, "0");
	check_fmt(123456.7, "123457");
	/* Rounding up must not grow a fourth significant digit. */
	check_fmt(9.996, "10.0");
	check_fmt(99.96, "100");
	check_fmt(0.09996, "0.100");
	check_fmt(-13.94, "-13.9");
	check_fmt(NAN, "-");
	check_fmt(INFINITY, "-");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_median),
		cmocka_unit_test(test_min_max_spread),
		cmocka_unit_test(test_rates),
		cmocka_unit_test(test_fmt3),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
