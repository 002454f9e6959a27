// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The loader libcrypto.c and libssl.c share, on tables of its own over
 * the C library: a library with every symbol sets every pointer, once
 * for all the threads that ask at the same time; one missing a symbol
 * sets none and names the symbol; one that cannot be opened says so,
 * and a later load under another name gives the first answer. Nothing
 * tried, nothing to say.
 */

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "userspace/dl.h"

#define LIBC "libc.so.6"
#define MISSING "libkaesbench-no-such-library.so.1"
#define THREADS 8

/* Declared, never defined: no library has it. */
int kb_dl_test_absent(void);

#define LIBC_SYMS(X) \
	X(getpid)    \
	X(strlen)
#define ABSENT_SYMS(X) \
	X(strlen)      \
	X(kb_dl_test_absent)

LIBC_SYMS(KB_DL_DEFINE)
KB_DL_DEFINE(kb_dl_test_absent)

static const struct kb_dl_sym libc_syms[] = { LIBC_SYMS(KB_DL_SYM) };
static const struct kb_dl_sym absent_syms[] = { ABSENT_SYMS(KB_DL_SYM) };

static void *load_libc(void *arg)
{
	return (void *)(intptr_t)kb_dl_load(arg, LIBC);
}

static void test_loaded(void **state)
{
	struct kb_dl d = KB_DL_INIT(libc_syms);
	pthread_t t[THREADS];
	void *ret;
	int i;

	(void)state;
	sym_getpid = NULL;
	sym_strlen = NULL;
	assert_int_equal(d.nsyms, 2);
	assert_null(kb_dl_error(&d));
	for (i = 0; i < THREADS; i++)
		assert_int_equal(pthread_create(&t[i], NULL, load_libc, &d), 0);
	for (i = 0; i < THREADS; i++) {
		assert_int_equal(pthread_join(t[i], &ret), 0);
		assert_int_equal((intptr_t)ret, 0);
	}
	assert_null(kb_dl_error(&d));
	assert_int_equal(sym_strlen("four"), 4);
	assert_int_equal(sym_getpid(), getpid());
}

static void test_symbol_missing(void **state)
{
	struct kb_dl d = KB_DL_INIT(absent_syms);

	(void)state;
	sym_strlen = strlen; /* set before: the failed load clears it */
	assert_int_equal(kb_dl_load(&d, LIBC), -1);
	assert_null(sym_strlen);
	assert_null(sym_kb_dl_test_absent);
	assert_string_equal(kb_dl_error(&d), LIBC " cannot be loaded: it has "
						  "no kb_dl_test_absent()");
}

static void test_library_missing(void **state)
{
	const char *why = MISSING " cannot be loaded: " MISSING ": ";
	struct kb_dl d = KB_DL_INIT(libc_syms);

	(void)state;
	assert_int_equal(kb_dl_load(&d, MISSING), -1);
	assert_int_equal(strncmp(kb_dl_error(&d), why, strlen(why)), 0);
	/* Tried once: a library that is there gives the same answer. */
	assert_int_equal(kb_dl_load(&d, LIBC), -1);
	assert_int_equal(strncmp(kb_dl_error(&d), why, strlen(why)), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loaded),
		cmocka_unit_test(test_symbol_missing),
		cmocka_unit_test(test_library_missing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
