// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * path/undo_record.c: a run's record written (in a directory of the
 * test's own), locked while it is open, read back; its lines replayed
 * (raised, restored, instance, clean); a malformed line refused; the
 * layers a chain's driver name spells.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include <cmocka.h>

#include "path/undo_record.h"

#define GENERIC "seqiv(rfc4106(gcm_base(ctr(aes-generic),ghash-generic)))"

static int parse(const char *text, struct kb_undo_plan *p, size_t *bad)
{
	return kb_undo_plan_parse(text, strlen(text), p, bad);
}

static void test_replay(void **state)
{
	struct kb_undo_plan p;
	size_t bad;

	(void)state;
	assert_int_equal(parse("kaesbench-undo 1 4242\n"
			       "instance " GENERIC "\n"
			       "instance ctr(aes-generic)\n"
			       "raised " GENERIC " 100 501\n"
			       "raised seqiv(rfc4106-gcm-aesni) 400 501\n"
			       "restored seqiv(rfc4106-gcm-aesni)\n"
			       "instance ctr(aes-generic)\n",
			       &p, &bad),
			 0);
	assert_int_equal(p.pid, 4242);
	/* Restored: only the generic chain is still raised. */
	assert_int_equal(p.raises, 1);
	assert_string_equal(p.raise[0].driver, GENERIC);
	assert_int_equal(p.raise[0].from, 100);
	assert_int_equal(p.raise[0].to, 501);
	/* Once each, in the order written (the outermost first). */
	assert_int_equal(p.instances, 2);
	assert_string_equal(p.instance[0], GENERIC);
	assert_string_equal(p.instance[1], "ctr(aes-generic)");
	kb_undo_plan_free(&p);

	/* Raised twice: the priority before the run stays, the last "to". */
	assert_int_equal(parse("kaesbench-undo 1 7\n"
			       "raised a(b) 300 400\n"
			       "raised a(b) 300 402\n"
			       "instance a(b)\n"
			       "clean\n",
			       &p, &bad),
			 0);
	assert_int_equal(p.raises, 1);
	assert_int_equal(p.raise[0].from, 300);
	assert_int_equal(p.raise[0].to, 402);
	/* Unregistered by the run itself. */
	assert_int_equal(p.instances, 0);
	kb_undo_plan_free(&p);

	/* Empty: a run killed as it made it. */
	assert_int_equal(kb_undo_plan_parse("", 0, &p, &bad), 0);
	assert_int_equal(p.raises + p.instances, 0);
	kb_undo_plan_free(&p);
}

static void test_malformed(void **state)
{
	static const char *const bad_lines[] = {
		"raised a(b) 300\n", /* a word missing */
		"raised a(b) 300 400 500\n", /* one too many */
		"raised a(b) -1 400\n", /* not a priority */
		"raised a(b) 300 2147483648\n", /* above INT_MAX */
		"raised a(b) 300 4x\n",
		"unregistered a(b)\n", /* no such line */
		"instance\n",
		"instance a(b)  \n",
		"instance  a(b)\n",
		"instance " GENERIC GENERIC
		"\n", /* longer than a driver name */
		"instance a\tb\n",
		"clean up\n",
		"instance a(b)", /* not ended: torn */
	};
	struct kb_undo_plan p;
	char text[512];
	size_t i, bad;

	(void)state;
	for (i = 0; i < sizeof(bad_lines) / sizeof(bad_lines[0]); i++) {
		snprintf(text, sizeof(text),
			 "kaesbench-undo 1 9\nraised x(y) 1 2\n%s"
			 "instance after(it)\n",
			 bad_lines[i]);
		assert_int_equal(parse(text, &p, &bad), -EINVAL);
		assert_int_equal(bad, 3);
		/* What the lines before it say, and nothing after. */
		assert_int_equal(p.raises, 1);
		assert_string_equal(p.raise[0].driver, "x(y)");
		assert_int_equal(p.instances, 0);
		kb_undo_plan_free(&p);
	}
	/* The first line must say what it is. */
	assert_int_equal(parse("kaesbench-undo 2 9\n", &p, &bad), -EINVAL);
	assert_int_equal(bad, 1);
	kb_undo_plan_free(&p);
	assert_int_equal(parse("raised x(y) 1 2\n", &p, &bad), -EINVAL);
	assert_int_equal(bad, 1);
	kb_undo_plan_free(&p);
}

static char *slurp(int dirfd, const char *name, size_t *len)
{
	static char buf[4096];
	int fd = openat(dirfd, name, O_RDONLY);
	ssize_t n;

	assert_true(fd >= 0);
	n = read(fd, buf, sizeof(buf));
	close(fd);
	assert_true(n >= 0);
	*len = (size_t)n;
	return buf;
}

/* Locked while the record is open: another open file cannot take it. */
static bool locked(int dirfd, const char *name)
{
	int fd = openat(dirfd, name, O_RDONLY);
	bool held;

	assert_true(fd >= 0);
	held = flock(fd, LOCK_EX | LOCK_NB) && errno == EWOULDBLOCK;
	close(fd);
	return held;
}

static void test_write_read(void **state)
{
	char dir[] = "/tmp/kb-undo-XXXXXX", name[32];
	struct kb_undo_record r;
	struct kb_undo_plan p;
	int dirfd, probe;
	size_t len, bad;
	char *text;

	(void)state;
	assert_non_null(mkdtemp(dir));
	dirfd = open(dir, O_RDONLY | O_DIRECTORY);
	assert_true(dirfd >= 0);
	probe = dup(dirfd);
	assert_int_equal(kb_undo_record_create(&r, dirfd, 4242), 0);
	assert_string_equal(r.name, "undo-4242");
	snprintf(name, sizeof(name), "%s", r.name);
	assert_true(locked(probe, name));
	assert_true(kb_undo_record_done(&r));
	assert_int_equal(kb_undo_record_instance(&r, GENERIC), 0);
	assert_int_equal(kb_undo_record_instance(&r, GENERIC), 0);
	assert_int_equal(kb_undo_record_raised(&r, GENERIC, 100, 501), 0);
	assert_false(kb_undo_record_done(&r));
	/* Never written: what could not be read back. */
	assert_int_equal(kb_undo_record_raised(&r, "two words", 1, 2), -EINVAL);
	assert_int_equal(kb_undo_record_instance(&r, ""), -EINVAL);

	text = slurp(probe, name, &len);
	assert_int_equal(kb_undo_plan_parse(text, len, &p, &bad), 0);
	assert_int_equal(p.pid, 4242);
	assert_int_equal(p.raises, 1);
	assert_int_equal(p.raise[0].to, 501);
	assert_int_equal(p.instances, 1);
	kb_undo_plan_free(&p);

	assert_int_equal(kb_undo_record_restored(&r, GENERIC), 0);
	assert_int_equal(kb_undo_record_clean(&r), 0);
	assert_true(kb_undo_record_done(&r));
	text = slurp(probe, name, &len);
	assert_int_equal(len, strlen("kaesbench-undo 1 4242\n"
				     "instance " GENERIC "\n"
				     "raised " GENERIC " 100 501\n"
				     "restored " GENERIC "\n"
				     "clean\n"));
	assert_memory_equal(text,
			    "kaesbench-undo 1 4242\n"
			    "instance " GENERIC "\n"
			    "raised " GENERIC " 100 501\n"
			    "restored " GENERIC "\n"
			    "clean\n",
			    len);

	/* A second record of the same pid gets a name of its own. */
	{
		struct kb_undo_record second;

		assert_int_equal(
			kb_undo_record_create(&second, dup(probe), 4242), 0);
		assert_string_equal(second.name, "undo-4242-1");
		kb_undo_record_remove(&second);
	}

	/* Closed, the file stays, unlocked: a dead run's. */
	kb_undo_record_close(&r);
	assert_false(locked(probe, name));
	assert_int_equal(unlinkat(probe, name, 0), 0);
	close(probe);
	assert_int_equal(rmdir(dir), 0);
}

static void test_layers(void **state)
{
	char layer[8][CRYPTO_MAX_NAME];

	(void)state;
	assert_int_equal(kb_undo_chain_layers(GENERIC, layer, 8), 4);
	assert_string_equal(layer[0], GENERIC);
	assert_string_equal(
		layer[1], "rfc4106(gcm_base(ctr(aes-generic),ghash-generic))");
	assert_string_equal(layer[2],
			    "gcm_base(ctr(aes-generic),ghash-generic)");
	assert_string_equal(layer[3], "ctr(aes-generic)");
	assert_int_equal(
		kb_undo_chain_layers(
			"echainiv(authenc(hmac(sha256-generic),cbc(aes-aesni)))",
			layer, 8),
		4);
	assert_string_equal(layer[2], "hmac(sha256-generic)");
	assert_string_equal(layer[3], "cbc(aes-aesni)");
	/* A driver of its own is no instance. */
	assert_int_equal(kb_undo_chain_layers("rfc4106-gcm-aesni", layer, 8),
			 0);
	assert_int_equal(
		kb_undo_chain_layers("seqiv(rfc4106-gcm-aesni)", layer, 8), 1);
	/* Not one chain, or not closed: nothing within is taken. */
	assert_int_equal(kb_undo_chain_layers("a(b)c(d)", layer, 8), 0);
	assert_int_equal(kb_undo_chain_layers("a(b(c)", layer, 8), 0);
	/* Bounded by @max. */
	assert_int_equal(kb_undo_chain_layers(GENERIC, layer, 2), 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_replay),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_write_read),
		cmocka_unit_test(test_layers),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
