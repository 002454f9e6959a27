// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * tls/tls_stat.c reads /proc/net/tls_stat as net/tls/tls_proc.c writes
 * it ("%-32s\t%lu"), whatever names a kernel has: 6.1's twelve, 7.x's
 * seventeen with the rekey counters; a name a kernel lacks is said to be
 * missing, not zero. Lines that are not a name and a number (cut short,
 * too long, a value past 64 bits) are passed over, a name's first value
 * kept, no more than the table holds. On the host (no kTLS) the file is
 * missing: -ENOENT, in the caller's namespace and in another.
 */

#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "path/netns.h"
#include "tls/tls_stat.h"

/* Debian 12's 6.1, after two sockets' TLS_TX and TLS_RX. */
static const char linux_6_1[] = "TlsCurrTxSw                     \t1\n"
				"TlsCurrRxSw                     \t1\n"
				"TlsCurrTxDevice                 \t0\n"
				"TlsCurrRxDevice                 \t0\n"
				"TlsTxSw                         \t2\n"
				"TlsRxSw                         \t2\n"
				"TlsTxDevice                     \t0\n"
				"TlsRxDevice                     \t0\n"
				"TlsDecryptError                 \t3\n"
				"TlsRxDeviceResync               \t0\n"
				"TlsDecryptRetry                 \t0\n"
				"TlsRxNoPadViolation             \t0\n";

/* 7.x: the rekey counters after them. */
static const char linux_7[] =
	"TlsCurrTxSw                     \t0\n"
	"TlsCurrRxSw                     \t0\n"
	"TlsCurrTxDevice                 \t0\n"
	"TlsCurrRxDevice                 \t0\n"
	"TlsTxSw                         \t18446744073709551615\n"
	"TlsRxSw                         \t40\n"
	"TlsTxDevice                     \t0\n"
	"TlsRxDevice                     \t0\n"
	"TlsDecryptError                 \t0\n"
	"TlsRxDeviceResync               \t0\n"
	"TlsDecryptRetry                 \t0\n"
	"TlsRxNoPadViolation             \t1\n"
	"TlsRxRekeyOk                    \t5\n"
	"TlsRxRekeyError                 \t0\n"
	"TlsTxRekeyOk                    \t5\n"
	"TlsTxRekeyError                 \t0\n"
	"TlsRxRekeyReceived              \t6\n";

static int parse(const char *text, struct kb_tls_stat *st)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	int ret;

	assert_non_null(f);
	ret = kb_tls_stat_parse(f, st);
	fclose(f);
	return ret;
}

static uint64_t get(const struct kb_tls_stat *st, const char *name)
{
	uint64_t v = 12345;

	assert_true(kb_tls_stat_get(st, name, &v));
	return v;
}

static void test_linux_6_1(void **state)
{
	struct kb_tls_stat st;
	uint64_t v = 7;

	(void)state;
	assert_int_equal(parse(linux_6_1, &st), 0);
	assert_int_equal(st.n, 12);
	assert_string_equal(st.e[0].name, "TlsCurrTxSw");
	assert_int_equal(get(&st, "TlsTxSw"), 2);
	assert_int_equal(get(&st, "TlsRxSw"), 2);
	assert_int_equal(get(&st, "TlsDecryptError"), 3);
	assert_int_equal(get(&st, "TlsRxNoPadViolation"), 0);
	/* No key update before 6.14: missing, and @v left alone. */
	assert_false(kb_tls_stat_get(&st, "TlsTxRekeyOk", &v));
	assert_int_equal(v, 7);
	/* Names whole, as written. */
	assert_false(kb_tls_stat_get(&st, "TlsTx", &v));
	assert_false(kb_tls_stat_get(&st, "tlstxsw", &v));
	assert_false(kb_tls_stat_get(&st, "", &v));
}

static void test_linux_7(void **state)
{
	struct kb_tls_stat st;

	(void)state;
	assert_int_equal(parse(linux_7, &st), 0);
	assert_int_equal(st.n, 17);
	assert_int_equal(get(&st, "TlsTxSw"), UINT64_MAX);
	assert_int_equal(get(&st, "TlsRxSw"), 40);
	assert_int_equal(get(&st, "TlsRxNoPadViolation"), 1);
	assert_int_equal(get(&st, "TlsTxRekeyOk"), 5);
	assert_int_equal(get(&st, "TlsRxRekeyReceived"), 6);
	assert_string_equal(st.e[16].name, "TlsRxRekeyReceived");
}

static void test_odd_lines(void **state)
{
	char text[4096];
	struct kb_tls_stat st;
	uint64_t v;

	(void)state;
	snprintf(text, sizeof(text),
		 "TlsTxSw 4\n"
		 "\n"
		 "TlsRxSw\n" /* cut short: no value */
		 "TlsDecryptError\t-1\n"
		 "TlsDecryptRetry\t18446744073709551616\n" /* past 64 bits */
		 "TlsCurrTxSw\t3 4\n"
		 "TlsTxSw\t9\n" /* again: the first kept */
		 "%0300d\t1\n" /* longer than a line is read */
		 "Tls%060d\t1\n" /* longer than a name is kept */
		 "TlsNew  \t 8 \r\n"
		 "TlsLast\t2", /* no newline: the file ended there */
		 0, 0);
	assert_int_equal(parse(text, &st), 0);
	assert_int_equal(st.n, 3);
	assert_int_equal(get(&st, "TlsTxSw"), 4);
	assert_int_equal(get(&st, "TlsNew"), 8);
	assert_int_equal(get(&st, "TlsLast"), 2);
	assert_false(kb_tls_stat_get(&st, "TlsRxSw", &v));
	assert_false(kb_tls_stat_get(&st, "TlsDecryptError", &v));
	assert_false(kb_tls_stat_get(&st, "TlsDecryptRetry", &v));
	assert_false(kb_tls_stat_get(&st, "TlsCurrTxSw", &v));

	assert_int_equal(parse("", &st), 0);
	assert_int_equal(st.n, 0);
	assert_false(kb_tls_stat_get(&st, "TlsTxSw", &v));
}

static void test_full(void **state)
{
	static char text[KB_TLS_STAT_MAX * 2 * 16];
	struct kb_tls_stat st;
	size_t off = 0;
	uint64_t v;
	int i;

	(void)state;
	for (i = 0; i < 2 * KB_TLS_STAT_MAX; i++)
		off += snprintf(text + off, sizeof(text) - off, "Tls%d\t%d\n",
				i, i);
	assert_int_equal(parse(text, &st), 0);
	assert_int_equal(st.n, KB_TLS_STAT_MAX);
	assert_int_equal(get(&st, "Tls0"), 0);
	assert_true(kb_tls_stat_get(&st, "Tls63", &v));
	assert_false(kb_tls_stat_get(&st, "Tls64", &v));
}

/* The host has no kTLS: the file is missing in every namespace. */
static void test_host_kernel(void **state)
{
	struct kb_netns_pair p;
	struct kb_tls_stat st;
	char err[200];
	int fd, ret;

	(void)state;
	if (!access("/proc/net/tls_stat", F_OK)) {
		assert_int_equal(kb_tls_stat_read(-1, &st), 0);
		assert_true(kb_tls_stat_get(&st, "TlsTxSw", &(uint64_t){ 0 }));
		skip(); /* a kernel with kTLS: the VM suite's case */
	}
	st.n = 3;
	assert_int_equal(kb_tls_stat_read(-1, &st), -ENOENT);
	assert_int_equal(st.n, 0);
	ret = kb_netns_pair_make(&p, err, sizeof(err));
	if (ret) {
		kb_netns_pair_release(&p);
		skip(); /* not root, or no namespaces */
	}
	assert_int_equal(kb_tls_stat_read(p.side[1], &st), -ENOENT);
	/* A descriptor of no namespace: refused by setns(). */
	fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_int_equal(kb_tls_stat_read(fd, &st), -EINVAL);
	close(fd);
	kb_netns_pair_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_linux_6_1),
		cmocka_unit_test(test_linux_7),
		cmocka_unit_test(test_odd_lines),
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_host_kernel),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
