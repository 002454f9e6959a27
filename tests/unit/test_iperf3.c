// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * path/iperf3.c finds iperf3 in fixed directories, in order, never
 * through PATH: the first executable regular file by that name, passing
 * over one that cannot be run and a directory of that name; none found
 * is said, with the directories, in the result, and nothing is run.
 */

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "path/iperf3.h"

static char top[64];
static char sub[4][96];

static void file(const char *dir, mode_t mode)
{
	char path[128];
	int fd;

	snprintf(path, sizeof(path), "%s/iperf3", dir);
	fd = open(path, O_WRONLY | O_CREAT, mode);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(chmod(path, mode), 0);
}

static int dirs(void **state)
{
	int i;

	(void)state;
	snprintf(top, sizeof(top), "/tmp/kb-iperf3-XXXXXX");
	if (!mkdtemp(top))
		return -1;
	for (i = 0; i < 4; i++) {
		snprintf(sub[i], sizeof(sub[i]), "%s/%d", top, i);
		if (mkdir(sub[i], 0700))
			return -1;
	}
	return 0;
}

static int remove_dirs(void **state)
{
	char path[160];
	int i;

	(void)state;
	for (i = 0; i < 4; i++) {
		snprintf(path, sizeof(path), "%s/iperf3", sub[i]);
		if (unlink(path))
			rmdir(path);
		rmdir(sub[i]);
	}
	rmdir(top);
	return 0;
}

static void test_first_runnable(void **state)
{
	const char *const order[] = { sub[0], sub[1], sub[2], sub[3] };
	char path[160], expect[160];

	(void)state;
	/* 0: none; 1: a directory by the name; 2: not executable; 3: it. */
	snprintf(path, sizeof(path), "%s/iperf3", sub[1]);
	assert_int_equal(mkdir(path, 0700), 0);
	file(sub[2], 0600);
	file(sub[3], 0755);
	assert_int_equal(kb_iperf3_find_in(order, 4, path, sizeof(path)), 0);
	snprintf(expect, sizeof(expect), "%s/iperf3", sub[3]);
	assert_string_equal(path, expect);
	/* Earlier in the order wins. */
	file(sub[0], 0755);
	assert_int_equal(kb_iperf3_find_in(order, 4, path, sizeof(path)), 0);
	snprintf(expect, sizeof(expect), "%s/iperf3", sub[0]);
	assert_string_equal(path, expect);
}

static void test_none(void **state)
{
	const char *const order[] = { sub[0], sub[1] };
	char path[160] = "x";

	(void)state;
	assert_int_equal(kb_iperf3_find_in(order, 2, path, sizeof(path)),
			 -ENOENT);
	assert_string_equal(path, "");
	/* A path that does not fit is not half of one. */
	file(sub[0], 0755);
	assert_int_equal(kb_iperf3_find_in(order, 1, path, 8), -ENOENT);
}

/* PATH plays no part: a PATH of nothing but an iperf3 of the test's. */
static void test_not_path(void **state)
{
	char path[160];
	int ret;

	(void)state;
	file(sub[0], 0755);
	setenv("PATH", sub[0], 1);
	ret = kb_iperf3_find(path, sizeof(path));
	if (!ret)
		assert_null(strstr(path, top));
	else
		assert_int_equal(ret, -ENOENT);
	if (!ret)
		assert_true(!strncmp(path, "/usr/", 5) ||
			    !strncmp(path, "/sbin/", 6) ||
			    !strncmp(path, "/bin/", 5));
}

static void test_not_installed(void **state)
{
	struct kb_iperf3_result r;
	struct in_addr a = { 0 };

	(void)state;
	memset(&r, 0xff, sizeof(r));
	assert_int_equal(kb_iperf3_udp(NULL, NULL, &a, &a, 5201, 36, 1000, &r),
			 0);
	assert_false(r.ran);
	assert_string_equal(r.program, "");
	assert_string_equal(
		r.error,
		"iperf3 is not installed (in /usr/local/sbin, /usr/local/bin, /usr/sbin, /usr/bin, /sbin or /bin)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_first_runnable, dirs,
						remove_dirs),
		cmocka_unit_test_setup_teardown(test_none, dirs, remove_dirs),
		cmocka_unit_test_setup_teardown(test_not_path, dirs,
						remove_dirs),
		cmocka_unit_test(test_not_installed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
