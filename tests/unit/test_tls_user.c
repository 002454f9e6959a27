// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kaesbench tls's alongside lane, userspace OpenSSL, on this host:
 * without libssl it fails with its reason (in a child of its own, before
 * anything is loaded); every suite and version opens with a real
 * handshake and negotiates what was asked, and a few hundred records of
 * 24, 1000 and 16384 bytes all arrive right, twice on one connection,
 * in the test's own namespace and in one made as the session makes it;
 * a suite OpenSSL has not, a namespace not made or its loopback down, a
 * suite other than the one negotiated and a size no record has all fail
 * with a sentence. SIGINT stops a long run, nothing lost. No timing is
 * asserted.
 */

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/signals.h"
#include "path/link.h"
#include "path/netns.h"
#include "tls/tls.h"
#include "tls/user_tls.h"
#include "userspace/libcrypto.h"
#include "userspace/libssl.h"

#define MISSING "libkaesbench-no-such-libssl.so.3"
#define RECORDS 300
#define UNMEASURED "userspace OpenSSL cannot be measured: "

static const uint32_t sizes[] = { 24, 1000, 16384 };

static const struct kb_traffic_opts opts = {
	.payload_sizes = sizes,
	.npayload_sizes = 3,
	.packets = RECORDS,
	.wait_ms = 5000,
	.tag = 0x715,
};

/*
 * The child's verdict: 0 right, else which check failed. Where libcrypto
 * itself cannot be loaded, its reason is the one given.
 */
static int missing_in_child(void)
{
	struct kb_tls_front f = { &kb_tls_ciphers[0], KB_TLS_13, false };
	struct kb_tls_user *u = (struct kb_tls_user *)&f;
	const char *why = MISSING " cannot be loaded: ";
	char err[512];
	int ret;

	if (!kb_libssl_load_from(MISSING))
		return 1; /* loaded before the test could make it missing */
	if (kb_libcrypto_load())
		why = kb_libcrypto_error();
	ret = kb_tls_user_open(NULL, 0, &f, &u, err, sizeof(err));
	if (ret != -ENOENT || u)
		return 2;
	if (strncmp(err, UNMEASURED, strlen(UNMEASURED)) || !strstr(err, why))
		return 3;
	if (strncmp(kb_tls_user_version(), why, strlen(why)))
		return 4;
	return 0;
}

/* First, while nothing is loaded: the child inherits that. */
static void test_missing(void **state)
{
	pid_t pid;
	int status;

	(void)state;
	pid = fork();
	assert_true(pid >= 0);
	if (!pid)
		_exit(missing_in_child());
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

static struct kb_tls_user *open_or_skip(const struct kb_tls_front *f)
{
	struct kb_tls_user *u;
	char err[512] = "";
	int ret;

	ret = kb_tls_user_open(NULL, 0, f, &u, err, sizeof(err));
	if (ret == -ENOENT)
		skip(); /* no libssl.so.3 here */
	if (ret)
		fail_msg("%s TLS %s: %d: %s", f->cipher->name,
			 kb_tls_version_name(f->version), ret, err);
	assert_non_null(u);
	return u;
}

static void run_all_right(struct kb_tls_user *u)
{
	struct kb_traffic_result r;

	assert_int_equal(kb_tls_user_run(u, &opts, &r), 0);
	assert_null(kb_tls_user_error(u));
	assert_int_equal(r.sent, RECORDS);
	assert_int_equal(r.received, RECORDS);
	assert_int_equal(r.wrong, 0);
	assert_int_equal(r.lost, 0);
	assert_int_equal(r.send_errors, 0);
	assert_int_equal(r.payload_bytes, RECORDS / 3 * (24 + 1000 + 16384));
	assert_false(r.interrupted);
	assert_true(r.wall_s > 0);
}

/* Every suite and version: a handshake, then records, twice. */
static void test_suites(void **state)
{
	struct kb_tls_front f = { 0 };
	struct kb_tls_user *u;
	size_t i;
	int v;

	(void)state;
	for (i = 0; i < kb_tls_nciphers; i++) {
		for (v = KB_TLS_12; v <= KB_TLS_13; v++) {
			f.cipher = &kb_tls_ciphers[i];
			f.version = v;
			u = open_or_skip(&f);
			run_all_right(u);
			run_all_right(u);
			kb_tls_user_close(u);
		}
	}
}

/* For a time rather than a count: whatever was sent arrived. */
static void test_for_a_time(void **state)
{
	struct kb_tls_front f = { &kb_tls_ciphers[0], KB_TLS_13, false };
	struct kb_traffic_opts o = opts;
	struct kb_traffic_result r;
	struct kb_tls_user *u;

	(void)state;
	u = open_or_skip(&f);
	o.packets = 0;
	o.ms = 30;
	o.window = 8;
	assert_int_equal(kb_tls_user_run(u, &o, &r), 0);
	assert_true(r.sent > 0);
	assert_int_equal(r.received, r.sent);
	assert_int_equal(r.wrong + r.lost + r.send_errors, 0);
	kb_tls_user_close(u);
}

static void test_version(void **state)
{
	const char *v = kb_tls_user_version();

	(void)state;
	if (strstr(v, "cannot be loaded"))
		skip();
	assert_int_equal(strncmp(v, "OpenSSL ", 8), 0);
	assert_non_null(strstr(v, " (libssl.so.3)"));
}

static void open_fails(const struct kb_netns_pair *ns,
		       const struct kb_tls_front *f, int want, const char *why)
{
	struct kb_tls_user *u = (struct kb_tls_user *)f;
	char err[512] = "";
	int ret;

	ret = kb_tls_user_open(ns, 0, f, &u, err, sizeof(err));
	if (ret == -ENOENT)
		skip();
	assert_int_equal(ret, want);
	assert_null(u);
	if (!strstr(err, why))
		fail_msg("\"%s\" does not say \"%s\"", err, why);
}

/* What cannot be had fails at open, with a sentence. */
static void test_bad_open(void **state)
{
	struct kb_tls_cipher none = kb_tls_ciphers[0];
	struct kb_tls_cipher two = kb_tls_ciphers[0];
	struct kb_tls_front f = { &none, KB_TLS_12, false };
	struct kb_netns_pair unmade = { .home = -1, .side = { -1, -1 } };

	(void)state;
	none.tls12_suite = "ECDHE-ECDSA-NO-SUCH-CIPHER";
	open_fails(
		NULL, &f, -EPROTONOSUPPORT,
		"OpenSSL has no suite ECDHE-ECDSA-NO-SUCH-CIPHER for TLS 1.2");
	/* Two suites allowed: the one negotiated is not the one asked. */
	two.tls13_suite = "TLS_AES_256_GCM_SHA384:TLS_AES_128_GCM_SHA256";
	f.cipher = &two;
	f.version = KB_TLS_13;
	open_fails(NULL, &f, -EPROTO, "OpenSSL negotiated TLS_AES_");
	f.cipher = &kb_tls_ciphers[0];
	open_fails(&unmade, &f, -EINVAL, "no TCP connection over 127.0.0.1");
}

/*
 * In a namespace of the session's kind: refused while its loopback is
 * down, records all right once it is up.
 */
static void test_in_namespace(void **state)
{
	struct kb_tls_front f = { &kb_tls_ciphers[1], KB_TLS_12, false };
	struct kb_netns_pair p;
	struct kb_tls_user *u;
	char err[512] = "";
	int ret;

	(void)state;
	ret = kb_netns_pair_make(&p, err, sizeof(err));
	if (ret == -EPERM || ret == -EINVAL) {
		kb_netns_pair_release(&p);
		skip(); /* not root, or no CONFIG_NET_NS: the VM suite's */
	}
	assert_int_equal(ret, 0);
	open_fails(&p, &f, -ENETUNREACH, "no TCP connection over 127.0.0.1");
	assert_int_equal(kb_link_loopback(&p, err, sizeof(err)), 0);
	ret = kb_tls_user_open(&p, 1, &f, &u, err, sizeof(err));
	if (ret)
		fail_msg("%d: %s", ret, err);
	run_all_right(u);
	kb_tls_user_close(u);
	kb_netns_pair_release(&p);
}

/* A size no record of ours has is refused before anything is sent. */
static void test_bad_size(void **state)
{
	static const uint32_t small[] = { 23 }, big[] = { 16385 };
	struct kb_tls_front f = { &kb_tls_ciphers[2], KB_TLS_12, false };
	struct kb_traffic_opts o = opts;
	struct kb_traffic_result r;
	struct kb_tls_user *u;

	(void)state;
	u = open_or_skip(&f);
	o.payload_sizes = small;
	o.npayload_sizes = 1;
	assert_int_equal(kb_tls_user_run(u, &o, &r), -EINVAL);
	assert_non_null(strstr(kb_tls_user_error(u), "a record of 23 bytes"));
	o.payload_sizes = big;
	assert_int_equal(kb_tls_user_run(u, &o, &r), -EINVAL);
	assert_int_equal(r.sent, 0);
	/* Nothing was sent: the connection is still whole. */
	run_all_right(u);
	kb_tls_user_close(u);
}

static void *interrupter(void *arg)
{
	struct timespec soon = { .tv_nsec = 20 * 1000 * 1000 };

	(void)arg;
	nanosleep(&soon, NULL);
	kill(getpid(), SIGINT);
	return NULL;
}

/*
 * Last, as SIGINT stays seen: it stops the sending of a long run soon,
 * whenever it comes, and every record sent arrives all the same.
 */
static void test_interrupted(void **state)
{
	struct kb_tls_front f = { &kb_tls_ciphers[0], KB_TLS_12, false };
	struct kb_traffic_opts o = opts;
	struct kb_traffic_result r;
	struct kb_tls_user *u;
	pthread_t thread;

	(void)state;
	u = open_or_skip(&f);
	assert_int_equal(kb_signals_install(), 0);
	o.packets = 0;
	o.ms = 20000;
	assert_int_equal(pthread_create(&thread, NULL, interrupter, NULL), 0);
	assert_int_equal(kb_tls_user_run(u, &o, &r), 0);
	pthread_join(thread, NULL);
	assert_true(kb_interrupted());
	assert_true(r.interrupted);
	assert_int_equal(r.received, r.sent);
	assert_int_equal(r.wrong + r.lost + r.send_errors, 0);
	kb_tls_user_close(u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_suites),
		cmocka_unit_test(test_for_a_time),
		cmocka_unit_test(test_version),
		cmocka_unit_test(test_bad_open),
		cmocka_unit_test(test_bad_size),
		cmocka_unit_test(test_in_namespace),
		cmocka_unit_test(test_interrupted),
	};

	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
