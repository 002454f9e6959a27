// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The progress line: its text, its rewriting in place and its erasing, on
 * a stream that stands for the terminal; then a fake userspace path
 * measured through the loop every path shares, its samples on the line,
 * and the line gone before a table printed after the run.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bench/paths.h"
#include "base/progress.h"
#include "userspace/measuring_loop.h"

#define ERASE "\r\033[K"

static const struct kb_progress_step step = {
	.alg = "cbc(aes)",
	.who = "cbc-aes-aesni",
	.size = 4096,
	.sample = 3,
	.samples = 5,
};

static void test_format(void **state)
{
	static const struct {
		double left;
		const char *tail;
	} want[] = {
		{ -1, "" },
		{ 42.4, ", about 42 s left" },
		{ 80, ", about 1 min 20 s left" },
		{ 3725, ", about 1 h 2 min left" },
		{ 0.3, ", under a second left" },
	};
	char buf[256], line[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		kb_progress_format(buf, sizeof(buf), &step, want[i].left);
		snprintf(line, sizeof(line), "%s%s",
			 "cbc(aes) cbc-aes-aesni 4096 B, sample 3/5",
			 want[i].tail);
		assert_string_equal(buf, line);
	}
	/* Cut, never overrun. */
	assert_int_equal(kb_progress_format(buf, 9, &step, -1),
			 strlen("cbc(aes) cbc-aes-aesni 4096 B, sample 3/5"));
	assert_string_equal(buf, "cbc(aes)");
}

struct tty {
	char *text;
	size_t len;
	FILE *f;
};

static void tty_open(struct tty *t, unsigned int columns)
{
	t->text = NULL;
	t->f = open_memstream(&t->text, &t->len);
	assert_non_null(t->f);
	kb_progress_to(t->f, columns);
}

static void tty_close(struct tty *t)
{
	kb_progress_to(NULL, 0);
	fclose(t->f);
	free(t->text);
}

/* Each sample rewrites the line in place; erasing leaves nothing. */
static void test_rewrite_and_erase(void **state)
{
	struct kb_progress_step s = step;
	struct tty t;

	(void)state;
	tty_open(&t, 0);
	kb_progress_erase(); /* nothing shown: nothing written */
	fflush(t.f);
	assert_int_equal(t.len, 0);
	kb_progress_sample(&s);
	s.sample = 4;
	kb_progress_sample(&s);
	kb_progress_erase();
	kb_progress_erase();
	fflush(t.f);
	assert_string_equal(
		t.text,
		"\rcbc(aes) cbc-aes-aesni 4096 B, sample 3/5\033[K"
		"\rcbc(aes) cbc-aes-aesni 4096 B, sample 4/5\033[K" ERASE);
	tty_close(&t);
}

/* A line wider than the terminal would wrap, and \r could not undo it. */
static void test_cut_to_the_width(void **state)
{
	struct tty t;

	(void)state;
	tty_open(&t, 20);
	kb_progress_show("verifying %s", "a-driver-with-a-long-name");
	fflush(t.f);
	assert_string_equal(t.text, "\rverifying a-driver-\033[K");
	tty_close(&t);
}

/* Once planned, the line says how long is left, until nothing is. */
static void test_time_left(void **state)
{
	struct kb_progress_step s = step;
	struct tty t;

	(void)state;
	tty_open(&t, 0);
	kb_progress_plan(3);
	kb_progress_sample(&s);
	fflush(t.f);
	assert_non_null(strstr(t.text, "sample 3/5, "));
	assert_non_null(strstr(t.text, " left\033[K"));
	s.sample = 4;
	kb_progress_sample(&s);
	s.sample = 5;
	kb_progress_sample(&s);
	fflush(t.f);
	assert_non_null(strstr(t.text, "sample 5/5\033[K"));
	tty_close(&t);
}

static int fake_size(struct kb_upath *p, uint32_t size)
{
	(void)p;
	(void)size;
	return 0;
}

static int fake_op(struct kb_upath *p)
{
	(void)p;
	return 0;
}

/*
 * Samples from the loop every userspace path shares: each on the line,
 * and the line erased when the run ends, so that a table printed next
 * to the same terminal starts on a clean line.
 */
static void test_erased_before_the_table(void **state)
{
	static const uint32_t sizes[] = { 16, 64 };
	struct kb_upath p = { .size = fake_size, .op = fake_op };
	struct kb_umeasure m = { .sample_ms = 1, .samples = 2 };
	struct kb_run run = { .path = KB_PATH_OPENSSL };
	const char *table;
	struct tty t;

	(void)state;
	run.impl.alg_name = strdup("cbc(aes)");
	run.impl.driver_name = strdup("AES-128-CBC");
	assert_int_equal(kb_sizes_copy(&run.sizes, sizes, 2), 0);
	tty_open(&t, 0);
	assert_int_equal(kb_upath_measure(&p, &m, &run), 0);
	assert_int_equal(run.samples, 4);
	fputs("cbc(aes) encrypt, 128-bit key, kernel vs userspace: MB/s\n",
	      t.f);
	fflush(t.f);
	assert_non_null(strstr(
		t.text,
		"\rcbc(aes) OpenSSL AES-128-CBC 16 B, sample 1/2\033[K"
		"\rcbc(aes) OpenSSL AES-128-CBC 16 B, sample 2/2\033[K"
		"\rcbc(aes) OpenSSL AES-128-CBC 64 B, sample 1/2\033[K"));
	table = strstr(t.text, "cbc(aes) encrypt,");
	assert_non_null(table);
	assert_true(table - t.text >= (long)strlen(ERASE));
	assert_memory_equal(table - strlen(ERASE), ERASE, strlen(ERASE));
	tty_close(&t);
	kb_run_release(&run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_rewrite_and_erase),
		cmocka_unit_test(test_cut_to_the_width),
		cmocka_unit_test(test_time_left),
		cmocka_unit_test(test_erased_before_the_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
