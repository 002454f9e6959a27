// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A machine without libcrypto: the first load of the process names a
 * library that does not exist, so that every later use of OpenSSL sees
 * it missing. The OpenSSL path then reads n/a with the loader's reason,
 * OpenSSL's capabilities are unknown, and the environment says why its
 * OpenSSL members are null. A library without OpenSSL's symbols is
 * refused as a whole, in a child process of its own.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "output/environment.h"
#include "userspace/libcrypto.h"
#include "userspace/openssl.h"

#define MISSING "libkaesbench-no-such-libcrypto.so.3"
#define WHY MISSING " cannot be loaded: "

static void test_missing(void **state)
{
	(void)state;
	assert_int_equal(kb_libcrypto_load_from(MISSING), -1);
	assert_non_null(strstr(kb_libcrypto_error(), WHY));
	assert_int_equal(strncmp(kb_libcrypto_error(), WHY, strlen(WHY)), 0);
	/* Tried once: the real name now gives the same answer. */
	assert_int_equal(kb_libcrypto_load(), -1);
	assert_null(sym_EVP_CIPHER_fetch);
	assert_null(sym_OpenSSL_version);
}

static void test_path_unavailable(void **state)
{
	const struct kb_ossl_req cbc = { .alg = "cbc(aes)", .key_bits = 128 };
	const uint32_t sizes[] = { 16, 1024 };
	struct kb_umeasure m = { .sample_ms = 5, .samples = 3, .warmup_ms = 1 };
	struct kb_run run = { .selected = -1 };
	uint8_t key[16] = { 0 }, iv[16] = { 0 };
	char why[256];

	(void)state;
	assert_null(kb_ossl_version());
	assert_null(kb_ossl_open(&cbc, key, iv, why, sizeof(why)));
	assert_int_equal(strncmp(why, WHY, strlen(WHY)), 0);
	assert_int_equal(kb_sizes_copy(&run.sizes, sizes, 2), 0);
	assert_int_equal(kb_ossl_run(&cbc, &m, &run), 0);
	assert_int_equal(run.state, KB_RUN_UNAVAILABLE);
	assert_int_equal(run.path, KB_PATH_OPENSSL);
	assert_string_equal(run.impl.alg_name, "cbc(aes)");
	assert_string_equal(run.impl.driver_name, "AES-128-CBC");
	assert_int_equal(strncmp(run.message, WHY, strlen(WHY)), 0);
	assert_int_equal(run.samples, 0);
	kb_run_release(&run);
}

static void test_caps_unknown(void **state)
{
	struct kb_ossl_caps c = { .known = true, .aesni = true };

	(void)state;
	kb_ossl_caps(&c);
	assert_false(c.known);
	assert_false(c.aesni);
}

static struct json_object *member(struct json_object *o, const char *a,
				  const char *b)
{
	struct json_object *x = NULL, *y = NULL;

	assert_true(json_object_object_get_ex(o, a, &x));
	assert_true(json_object_object_get_ex(x, b, &y));
	return y;
}

static void test_env(void **state)
{
	struct json_object *o = kb_env_json_here(NULL);

	(void)state;
	assert_non_null(o);
	assert_int_equal(
		strncmp(json_object_get_string(member(o, "openssl", "error")),
			WHY, strlen(WHY)),
		0);
	assert_null(member(o, "openssl", "version"));
	assert_null(member(o, "openssl", "cpu_settings"));
	assert_null(member(o, "openssl", "capabilities"));
	json_object_put(o);
}

/* libc has none of OpenSSL's symbols: refused, every pointer left NULL. */
static void test_wrong_library(void **state)
{
	int status;
	pid_t pid;

	(void)state;
	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		int bad = kb_libcrypto_load_from("libc.so.6") != -1 ||
			  !strstr(kb_libcrypto_error(),
				  "libc.so.6 cannot be loaded: it has no ") ||
			  sym_ERR_clear_error || sym_OpenSSL_version;
		_exit(bad);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wrong_library),
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_path_unavailable),
		cmocka_unit_test(test_caps_unknown),
		cmocka_unit_test(test_env),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
