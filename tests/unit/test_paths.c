// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The paths: --paths parsing, the sizes each mode takes, the side-by-side
 * table on a fixed set of runs (the exact text), and AF_ALG reading n/a
 * with its reason on a host without it.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include <linux/kaesbench.h>

#include "bench/paths.h"
#include "bench/run_options.h"
#include "base/options.h"
#include "runs/path_table.h"
#include "runs/table.h"
#include "userspace/afalg.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif

static void test_paths_parse(void **state)
{
	unsigned int p = 12345;

	(void)state;
	assert_int_equal(kb_paths_parse("kernel,afalg,openssl", &p), 0);
	assert_int_equal(p, KB_PATHS_ALL);
	assert_int_equal(kb_paths_parse("openssl", &p), 0);
	assert_int_equal(p, KB_PATHS_OPENSSL);
	assert_int_equal(kb_paths_parse("afalg,kernel,afalg", &p), 0);
	assert_int_equal(p, KB_PATHS_AFALG | KB_PATHS_KERNEL);
	p = 7;
	assert_int_equal(kb_paths_parse("", &p), -EINVAL);
	assert_int_equal(kb_paths_parse("kernel,", &p), -EINVAL);
	assert_int_equal(kb_paths_parse(",kernel", &p), -EINVAL);
	assert_int_equal(kb_paths_parse("gpu", &p), -EINVAL);
	assert_int_equal(kb_paths_parse("kernel,opens", &p), -EINVAL);
	assert_int_equal(kb_paths_parse("openssl2", &p), -EINVAL);
	assert_int_equal(p, 7); /* untouched on failure */
	assert_string_equal(kb_path_name(KB_PATH_AFALG_VMSPLICE),
			    "afalg-vmsplice");
	assert_string_equal(kb_path_name(KB_PATH_OPENSSL), "openssl");
}

#define PARSE(opts, sweep, ...)                                              \
	({                                                                   \
		char *argv[] = { "sweep", __VA_ARGS__, NULL };               \
		kb_run_opts_free(opts);                                      \
		kb_run_parse(sizeof(argv) / sizeof(argv[0]) - 1, argv, opts, \
			     sweep);                                         \
	})

static void test_paths_option(void **state)
{
	struct kb_run_opts o = { 0 };

	(void)state;
	assert_int_equal(PARSE(&o, true, "-t", "5"), KB_EXIT_OK);
	assert_int_equal(o.paths, KB_PATHS_ALL);
	assert_int_equal(PARSE(&o, true, "--paths", "kernel"), KB_EXIT_OK);
	assert_int_equal(o.paths, KB_PATHS_KERNEL);
	assert_int_equal(PARSE(&o, true, "--paths=openssl,afalg"), KB_EXIT_OK);
	assert_int_equal(o.paths, KB_PATHS_OPENSSL | KB_PATHS_AFALG);
	assert_int_equal(PARSE(&o, true, "--paths", "kernel,gpu"),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, true, "--paths"), KB_EXIT_USAGE);
	/* `kaesbench run`: the kernel's, unless --paths asks for more. */
	assert_int_equal(PARSE(&o, false, "-d", "x"), KB_EXIT_OK);
	assert_int_equal(o.paths, KB_PATHS_KERNEL);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--paths", "kernel,afalg"),
			 KB_EXIT_OK);
	assert_int_equal(o.paths, KB_PATHS_KERNEL | KB_PATHS_AFALG);
	/* One implementation: not with every one, nor with a mix. */
	assert_int_equal(PARSE(&o, false, "-a", "x", "--all-impls", "--paths",
			       "openssl"),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--imix", "--paths",
			       "kernel,openssl"),
			 KB_EXIT_USAGE);
	kb_run_opts_free(&o);
}

static void test_size_fits(void **state)
{
	(void)state;
	assert_true(kb_path_size_fits("cbc(aes)", 16));
	assert_false(kb_path_size_fits("cbc(aes)", 1420));
	assert_false(kb_path_size_fits("aes", 1420));
	assert_true(kb_path_size_fits("aes", 4096));
	assert_true(kb_path_size_fits("ctr(aes)", 1420));
	assert_true(kb_path_size_fits("gcm(aes)", 1));
	assert_true(kb_path_size_fits("xts(aes)", 1420));
	assert_false(kb_path_size_fits("xts(aes)", 15));
	assert_false(kb_path_size_fits("ctr(aes)", 0));
}

static void afalg_na(bool vmsplice)
{
	struct kb_afalg_req req = {
		.alg = "cbc(aes)",
		.driver = "cbc-aes-aesni",
		.vmsplice = vmsplice,
		.key_bits = 128,
	};
	struct kb_umeasure m = { .sample_ms = 1, .samples = 1 };
	struct kb_run run = { .selected = -1 };
	char why[256];

	assert_int_equal(kb_afalg_run(&req, &m, &run), 0);
	assert_int_equal(run.state, KB_RUN_UNAVAILABLE);
	assert_false(kb_run_failed(&run));
	assert_int_equal(run.samples, 0);
	assert_int_equal(run.path, vmsplice ? KB_PATH_AFALG_VMSPLICE :
					      KB_PATH_AFALG_SENDMSG);
	assert_string_equal(run.impl.driver_name, "cbc-aes-aesni");
	assert_int_equal(kb_afalg_available(why, sizeof(why)), run.status);
	assert_string_equal(run.message, why);
	assert_non_null(strstr(run.message, "AF_ALG not available ("));
	kb_run_release(&run);
}

/* This host has no AF_ALG: the path says so, it does not measure zero. */
static void test_afalg_unavailable(void **state)
{
	int fd = socket(AF_ALG, SOCK_SEQPACKET, 0);

	(void)state;
	if (fd >= 0) {
		close(fd);
		skip(); /* a host with AF_ALG; the VM suite covers it */
	}
	afalg_na(false);
	afalg_na(true);
}

/*
 * AF_ALG keeps requests in flight to an offload engine only, as many as
 * the kernel's run of it did, else --depth; a CPU implementation, even
 * one flagged asynchronous (a SIMD wrapper), runs one request at a time.
 */
static void test_afalg_target(void **state)
{
	struct kb_impl virtio = { .driver_name = "virtio_crypto_aes_cbc",
				  .module = "virtio_crypto",
				  .flags = KAESBENCH_IMPL_F_ASYNC };
	struct kb_impl aesni = { .driver_name = "cbc-aes-aesni",
				 .module = "aesni_intel",
				 .flags = KAESBENCH_IMPL_F_ASYNC };
	struct kb_impl generic = { .driver_name = "cbc(aes-generic)",
				   .module = "kernel" };
	struct kb_run kernel = { .depth = 8 };
	struct kb_run_opts o = { 0 };
	struct kb_afalg_target t;

	(void)state;
	assert_int_equal(PARSE(&o, false, "-d", "x", "--depth", "4"),
			 KB_EXIT_OK);
	t = kb_afalg_target(&o, &virtio, &kernel);
	assert_true(t.offload);
	assert_int_equal(t.depth, 8);
	t = kb_afalg_target(&o, &virtio, NULL);
	assert_int_equal(t.depth, 4);
	t = kb_afalg_target(&o, &aesni, &kernel);
	assert_false(t.offload);
	assert_int_equal(t.depth, 1);
	t = kb_afalg_target(&o, &generic, NULL);
	assert_false(t.offload);
	assert_int_equal(t.depth, 1);
	assert_int_equal(PARSE(&o, false, "-d", "x"), KB_EXIT_OK);
	t = kb_afalg_target(&o, &virtio, NULL);
	assert_true(t.offload);
	assert_int_equal(t.depth, 1);
	kb_run_opts_free(&o);
}

static void impl(struct kb_run *run, unsigned int path, const char *driver)
{
	run->path = path;
	run->impl.alg_name = strdup("cbc(aes)");
	run->impl.driver_name = strdup(driver);
	run->impl.type = KAESBENCH_IMPL_TYPE_SKCIPHER;
	run->impl.block_size = 16;
	run->key_bits = 128;
	run->depth = 1;
	run->state = KB_RUN_ENDED;
}

/* Samples of 1 ms at 16 and 16384 bytes: @mbps16 and @mbps16k MB/s. */
static void samples(struct kb_run *run, uint64_t ops16, uint64_t ops16k,
		    uint64_t busy_pct)
{
	const uint32_t fit[] = { 16, 16384 };
	const uint64_t ops[] = { ops16, ops16k };
	uint32_t i, k;

	assert_int_equal(kb_sizes_copy(&run->sizes, fit, 2), 0);
	for (k = 0; k < 2; k++)
		for (i = 0; i < 2; i++) {
			struct kb_sample s = {
				.size = fit[k],
				.index = i,
				.ops = ops[k],
				.bytes = ops[k] * fit[k],
				.wall_ns = 1000000,
				.thread_ns = 1000000 * busy_pct / 100,
				.busy_ns = 1000000 * busy_pct / 100,
			};
			assert_int_equal(kb_run_add_sample(run, &s), 0);
		}
}

static const char table_want[] =
	"cbc(aes) encrypt, 128-bit key, kernel vs userspace: MB/s (10^6 bytes/s), median of 2 samples of 1 ms\n"
	"size (B)   kernel   AF_ALG copy   OpenSSL   kernel/OpenSSL\n"
	"      16     32.0          1.60      1280           0.0250\n"
	"    1420      n/a           n/a       n/a              n/a\n"
	"   16384      999           983      1966            0.508\n"
	"    CPU%      100           100        99 \n"
	"kernel: cbc-aes-aesni, what the crypto API hands out for cbc(aes): crypto_skcipher_encrypt() from a kernel thread, depth 1\n"
	"AF_ALG copy: kcapi_cipher_encrypt() per request with sendmsg+read (copy), bound to cbc-aes-aesni (libkcapi 1.4.0)\n"
	"AF_ALG 0-copy: n/a: AF_ALG cannot bind cbc-aes-aesni\n"
	"OpenSSL: AES-128-CBC, EVP_EncryptUpdate() per request (OpenSSL 3.0.19)\n"
	"kernel/OpenSSL = kernel MB/s / OpenSSL MB/s at that size: above 1 the kernel is faster\n"
	"n/a: a size the mode cannot take (not a whole number of blocks), not measured\n"
	"CPU% = over all of a column's samples, 100 = one CPU: kernel, busy time of all CPUs / wall time; userspace, this process's CPU time (user + system) / wall time\n";

static void test_path_table(void **state)
{
	const uint32_t rows[] = { 16, 1420, 16384 };
	struct kb_sizes sizes = { .size = (uint32_t *)rows, .count = 3 };
	struct kb_run runs[4] = { 0 };
	struct kb_path_table t = {
		.alg = "cbc(aes)",
		.key_bits = 128,
		.sample_ms = 1,
		.samples = 2,
		.sizes = &sizes,
	};
	char *text = NULL;
	size_t len = 0, i;
	FILE *f;

	(void)state;
	impl(&runs[0], KB_PATH_KERNEL, "cbc-aes-aesni");
	runs[0].selected = 1;
	samples(&runs[0], 2000, 61, 100); /* 32.0 and 999.4 MB/s */
	impl(&runs[1], KB_PATH_AFALG_SENDMSG, "cbc-aes-aesni");
	samples(&runs[1], 100, 60, 100); /* 1.60 and 983 MB/s */
	runs[1].library = strdup("libkcapi 1.4.0");
	runs[1].measured = strdup(
		"kcapi_cipher_encrypt() per request with sendmsg+read (copy), bound to cbc-aes-aesni");
	impl(&runs[2], KB_PATH_AFALG_VMSPLICE, "cbc-aes-aesni");
	kb_run_unavailable(&runs[2], ENOENT, "AF_ALG cannot bind %s",
			   "cbc-aes-aesni");
	impl(&runs[3], KB_PATH_OPENSSL, "AES-128-CBC");
	samples(&runs[3], 80000, 120, 99); /* 1280 and 1966 MB/s */
	runs[3].library = strdup("OpenSSL 3.0.19");
	runs[3].measured =
		strdup("AES-128-CBC, EVP_EncryptUpdate() per request");
	runs[2].state = KB_RUN_UNAVAILABLE;
	for (i = 0; i < 4; i++)
		t.col[i == 0 ? KB_COL_KERNEL :
		      i == 1 ? KB_COL_AFALG_COPY :
		      i == 2 ? KB_COL_AFALG_ZC :
			       KB_COL_OPENSSL] = &runs[i];
	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(kb_print_path_table(f, &t), 0);
	fclose(f);
	assert_string_equal(text, table_want);
	free(text);
	for (i = 0; i < 4; i++)
		kb_run_release(&runs[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paths_parse),
		cmocka_unit_test(test_paths_option),
		cmocka_unit_test(test_size_fits),
		cmocka_unit_test(test_afalg_unavailable),
		cmocka_unit_test(test_afalg_target),
		cmocka_unit_test(test_path_table),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
