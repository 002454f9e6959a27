// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * path/turn.c, one path command at a time, in a directory of the test's
 * own: the lock file's record read back, the line that says whose turn a
 * command waits for, and a second taker refused at once (--no-wait) or
 * once its --wait ran out, in run's words, while the first holds the
 * turn; the file gone once it is released, and the turn free again.
 * flock() locks conflict between two opens of the file in one process,
 * so one process plays both.
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

#include "base/options.h"
#include "path/turn.h"

static char dir[64];

static int make_dir(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/kb-turn-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	/* turn.c makes it when missing, as /run/kaesbench. */
	return rmdir(dir);
}

static int remove_dir(void **state)
{
	char path[128];

	(void)state;
	snprintf(path, sizeof(path), "%s/%s", dir, KB_TURN_FILE);
	unlink(path);
	rmdir(dir);
	return 0;
}

/* What kb_turn_take_in() says on standard error, captured. */
static int take_said(struct kb_turn *t, const struct kb_wait_opt *w, char *said,
		     size_t len)
{
	FILE *f = tmpfile();
	int saved = dup(STDERR_FILENO), ret;
	size_t n;

	assert_non_null(f);
	fflush(stderr);
	dup2(fileno(f), STDERR_FILENO);
	ret = kb_turn_take_in(t, dir, "ipsec", w);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(f);
	n = fread(said, 1, len - 1, f);
	said[n] = '\0';
	fclose(f);
	return ret;
}

static void test_parse(void **state)
{
	struct kb_turn_holder h;

	(void)state;
	assert_int_equal(kb_turn_parse("345 12000 ipsec kaesbench\n", &h), 0);
	assert_int_equal(h.pid, 345);
	assert_int_equal(h.since_ms, 12000);
	assert_string_equal(h.command, "ipsec");
	assert_string_equal(h.comm, "kaesbench");
	/* A process's name may have spaces. */
	assert_int_equal(kb_turn_parse("7 1 ipsec my tool\n", &h), 0);
	assert_string_equal(h.comm, "my tool");
	/* Being written, empty, or not one: nobody known. */
	assert_int_equal(kb_turn_parse("345 12000 ipsec kaesb", &h), -EINVAL);
	assert_int_equal(h.pid, 0);
	assert_int_equal(kb_turn_parse("", &h), -EINVAL);
	assert_int_equal(kb_turn_parse("345 12000 ipsec\n", &h), -EINVAL);
	assert_int_equal(kb_turn_parse("0 12000 ipsec kaesbench\n", &h),
			 -EINVAL);
	assert_int_equal(kb_turn_parse("x 12000 ipsec kaesbench\n", &h),
			 -EINVAL);
	assert_int_equal(kb_turn_parse("345 1 ipsec a-name-longer-than-comm\n",
				       &h),
			 -EINVAL);
}

static void test_describe(void **state)
{
	struct kb_turn_holder h = { .pid = 345, .since_ms = 12000 };
	char buf[256];

	(void)state;
	snprintf(h.command, sizeof(h.command), "ipsec");
	snprintf(h.comm, sizeof(h.comm), "kaesbench");
	kb_turn_describe(buf, sizeof(buf), "ipsec", &h, 15500);
	assert_string_equal(
		buf, "waiting for ipsec run of pid 345 (kaesbench): 3 s in");
	memset(&h, 0, sizeof(h));
	kb_turn_describe(buf, sizeof(buf), "ipsec", &h, 15500);
	assert_string_equal(buf, "waiting for another ipsec run");
}

static void test_take(void **state)
{
	struct kb_turn first = { .fd = -1 }, second = { .fd = -1 };
	struct kb_wait_opt never = { .never = true }, bound = { .ms = 300 };
	char said[512], expect[256], path[128];
	struct stat st;

	(void)state;
	assert_int_equal(kb_turn_take_in(&first, dir, "ipsec", &never),
			 KB_EXIT_OK);
	snprintf(path, sizeof(path), "%s/%s", dir, KB_TURN_FILE);
	assert_int_equal(stat(dir, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(stat(path, &st), 0);

	/* --no-wait: at once, exit 1, run's words. */
	assert_int_equal(take_said(&second, &never, said, sizeof(said)),
			 KB_EXIT_ERROR);
	assert_int_equal(second.fd, -1);
	snprintf(expect, sizeof(expect),
		 "kaesbench ipsec: another ipsec run is in progress (pid %d, ",
		 (int)getpid());
	assert_non_null(strstr(said, expect));
	assert_non_null(strstr(said, "): Device or resource busy\n"));

	/* --wait past its bound: said whose turn it waited for, then exit 1. */
	assert_int_equal(take_said(&second, &bound, said, sizeof(said)),
			 KB_EXIT_ERROR);
	snprintf(expect, sizeof(expect),
		 "kaesbench: waiting for ipsec run of pid %d (", (int)getpid());
	assert_non_null(strstr(said, expect));
	assert_non_null(strstr(said, "kaesbench ipsec: waited "));
	snprintf(expect, sizeof(expect), " s for ipsec run (pid %d, ",
		 (int)getpid());
	assert_non_null(strstr(said, expect));
	assert_non_null(strstr(
		said, "), still in progress: Device or resource busy\n"));

	/* Released: the file gone, the turn free. */
	kb_turn_release(&first);
	assert_int_equal(first.fd, -1);
	assert_int_equal(stat(path, &st), -1);
	kb_turn_release(&first);
	assert_int_equal(kb_turn_take_in(&second, dir, "ipsec", &never),
			 KB_EXIT_OK);
	kb_turn_release(&second);
}

/* A holder killed leaves its file, unlocked: the next takes it. */
static void test_stale_file(void **state)
{
	struct kb_turn t = { .fd = -1 };
	struct kb_wait_opt never = { .never = true };
	char path[128];
	int fd;

	(void)state;
	mkdir(dir, 0700);
	snprintf(path, sizeof(path), "%s/%s", dir, KB_TURN_FILE);
	fd = open(path, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "1 1 ipsec gone\n", 15), 15);
	close(fd);
	assert_int_equal(kb_turn_take_in(&t, dir, "ipsec", &never), KB_EXIT_OK);
	kb_turn_release(&t);
}

/* What is not a directory where the turn's is: said, exit 1. */
static void test_not_a_directory(void **state)
{
	struct kb_turn t = { .fd = -1 };
	struct kb_wait_opt never = { .never = true };
	char said[512];
	int fd;

	(void)state;
	fd = open(dir, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(take_said(&t, &never, said, sizeof(said)),
			 KB_EXIT_ERROR);
	assert_non_null(strstr(said, "Not a directory"));
	unlink(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_describe),
		cmocka_unit_test_setup_teardown(test_take, make_dir,
						remove_dir),
		cmocka_unit_test_setup_teardown(test_stale_file, make_dir,
						remove_dir),
		cmocka_unit_test_setup_teardown(test_not_a_directory, make_dir,
						remove_dir),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
