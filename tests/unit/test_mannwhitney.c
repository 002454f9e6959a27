// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The Mann-Whitney U test against scipy. Every expected value was computed
 * with scipy 1.10.1 (Debian 12's python3-scipy):
 *
 *   from scipy.stats import mannwhitneyu
 *   r = mannwhitneyu(x, y, alternative="two-sided", method=M)
 *   r.statistic, r.pvalue
 *
 * with M = "exact" where kaesbench uses the exact distribution (no ties,
 * at most 50 samples a side) and M = "asymptotic" (scipy's default
 * continuity correction, tie-corrected variance) elsewhere.
 */

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "bench/mannwhitney.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void assert_close(double got, double want)
{
	if (fabs(got - want) > 1e-12 * fmax(1, fabs(want)))
		fail_msg("got %.17g, want %.17g", got, want);
}

static void check(const double *x, size_t nx, const double *y, size_t ny,
		  double u, double p, enum kb_mwu_method method)
{
	struct kb_mwu r;

	assert_int_equal(kb_mwu_test(x, nx, y, ny, &r), 0);
	assert_close(r.u, u);
	assert_close(r.p, p);
	assert_int_equal(r.method, method);
}

/* Five samples each, all of the first set above the second. */
static const double fast[] = { 10.1, 10.4, 9.8, 10.2, 10.0 };
static const double slow[] = { 9.1, 9.4, 9.0, 9.3, 8.9 };

static void test_separated(void **state)
{
	(void)state;
	/* exact: 25.0 0.007936507936507936 (2 / C(10, 5)) */
	check(fast, 5, slow, 5, 25, 0.007936507936507936, KB_MWU_EXACT);
	/* The other way round: U = 0, the same p. */
	check(slow, 5, fast, 5, 0, 0.007936507936507936, KB_MWU_EXACT);
	/* asymptotic: 25.0 0.012185780355344813 */
	assert_close(kb_mwu_normal_p(25, 5, 5, 0), 0.012185780355344813);
}

static void test_overlapping(void **state)
{
	const double y[] = { 9.9, 10.3, 9.7, 10.05, 9.95 };

	(void)state;
	/* exact: 17.0 0.42063492063492064 */
	check(fast, 5, y, 5, 17, 0.42063492063492064, KB_MWU_EXACT);
	/* asymptotic: 17.0 0.4033953048926283 */
	assert_close(kb_mwu_normal_p(17, 5, 5, 0), 0.4033953048926283);
}

static void test_unequal_sizes(void **state)
{
	const double x[] = { 1.5, 2.5, 3.5 };
	const double y[] = { 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0 };

	(void)state;
	/* exact: 6.0 0.3833333333333333 */
	check(x, 3, y, 7, 6, 0.3833333333333333, KB_MWU_EXACT);
}

static void test_ties(void **state)
{
	const double x[] = { 1, 2, 2, 3, 3, 3, 4 };
	const double y[] = { 2, 3, 3, 4, 4, 5, 5, 6 };

	(void)state;
	/* Ties: the normal approximation. asymptotic: 11.0 0.04988443697992588 */
	check(x, N(x), y, N(y), 11, 0.04988443697992588, KB_MWU_NORMAL);
}

static void test_identical(void **state)
{
	const double x[] = { 5, 6, 7, 8, 9 };
	const double same[] = { 7, 7, 7 };

	(void)state;
	/* A file compared with itself. asymptotic: 12.5 1.0 */
	check(x, 5, x, 5, 12.5, 1, KB_MWU_NORMAL);
	/* Every value equal, no variance. asymptotic: 4.5 1.0 */
	check(same, 3, same, 3, 4.5, 1, KB_MWU_NORMAL);
}

/* numpy.random.default_rng(1): normal(100, 5, 20) and (96, 5, 25), rounded. */
static const double big_x[] = {
	101.728, 104.108, 101.652, 93.484,  104.527, 102.232, 97.315,
	102.906, 101.823, 101.471, 100.142, 102.734, 96.318,  99.185,
	97.589,	 102.994, 100.199, 98.538,  96.09,   98.714,
};
static const double big_y[] = {
	96.041, 94.622, 102.47, 101.034, 82.444, 86.555, 95.126,
	93.889, 97.068, 97.087, 106.589, 90.44,	 94.112, 106.214,
	99.234, 99.315, 93.43,	87.76,	 96.837, 96.545, 89.863,
	92.584, 95.64,	91.276, 95.509,
};

static void test_larger(void **state)
{
	(void)state;
	/* exact: 400.0 0.0004078879169813382 */
	check(big_x, N(big_x), big_y, N(big_y), 400, 0.0004078879169813382,
	      KB_MWU_EXACT);
	/* asymptotic: 400.0 0.0006382402417602906 */
	assert_close(kb_mwu_normal_p(400, N(big_x), N(big_y), 0),
		     0.0006382402417602906);
}

static void test_min_p(void **state)
{
	(void)state;
	/* Three against three can never reach 0.05: 2 / C(6, 3). */
	assert_close(kb_mwu_min_p(3, 3), 0.1);
	assert_close(kb_mwu_min_p(5, 5), 2.0 / 252);
	assert_close(kb_mwu_min_p(1, 1), 1);
	assert_true(kb_mwu_min_p(60, 60) < 1e-10);
}

static void test_bad(void **state)
{
	struct kb_mwu r;

	(void)state;
	assert_int_equal(kb_mwu_test(fast, 0, slow, 5, &r), -EINVAL);
	assert_int_equal(kb_mwu_test(fast, 5, slow, 0, &r), -EINVAL);
	assert_close(kb_mwu_exact_p(0, 0, 3), 1);
	assert_string_equal(kb_mwu_method_name(KB_MWU_EXACT), "exact");
	assert_string_equal(kb_mwu_method_name(KB_MWU_NORMAL), "normal");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_separated),
		cmocka_unit_test(test_overlapping),
		cmocka_unit_test(test_unequal_sizes),
		cmocka_unit_test(test_ties),
		cmocka_unit_test(test_identical),
		cmocka_unit_test(test_larger),
		cmocka_unit_test(test_min_p),
		cmocka_unit_test(test_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
