// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Which interface AF_ALG is measured through: libkcapi, unless it refused
 * the kernel itself (EFAULT on a release that is not three numbers, as
 * libkcapi 1.4.0 does on Debian experimental's "7.3-amd64"), when the
 * sockets are used directly; any other error is the bind's, reported as
 * such, whatever the release.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "userspace/afalg.h"

static void test_refused_release(void **state)
{
	(void)state;
	assert_true(kb_afalg_kcapi_refuses(-EFAULT, "7.3-amd64"));
	assert_true(kb_afalg_kcapi_refuses(-EFAULT, "7.3"));
	assert_true(kb_afalg_kcapi_refuses(-EFAULT, "7-rc1"));
	assert_true(kb_afalg_kcapi_refuses(-EFAULT, ""));
}

static void test_three_numbers_kept(void **state)
{
	(void)state;
	assert_false(kb_afalg_kcapi_refuses(-EFAULT, "7.2.13+deb14-amd64"));
	assert_false(kb_afalg_kcapi_refuses(-EFAULT, "6.12.118+deb12-amd64"));
	assert_false(kb_afalg_kcapi_refuses(-EFAULT, "6.1.0-57-amd64"));
}

static void test_other_errors_kept(void **state)
{
	(void)state;
	assert_false(kb_afalg_kcapi_refuses(0, "7.3-amd64"));
	assert_false(kb_afalg_kcapi_refuses(-ENOENT, "7.3-amd64"));
	assert_false(kb_afalg_kcapi_refuses(-EINVAL, "7.3-amd64"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refused_release),
		cmocka_unit_test(test_three_numbers_kept),
		cmocka_unit_test(test_other_errors_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
