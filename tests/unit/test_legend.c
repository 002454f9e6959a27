// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The legend: a sweep-like output of fake runs (five algorithms, three
 * kernel implementations each, every userspace path, the default sizes)
 * printed as the sweep prints it. Its notes must come once, after the
 * last table, and only for what the tables showed; a size no column took
 * must be one line under its table; and the output must be at least a
 * third shorter than with --verbose, which keeps every table's notes.
 * And the reason it gives for no cycle counts, by machine.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <linux/kaesbench.h>

#include "bench/paths.h"
#include "runs/legend.h"
#include "runs/path_table.h"
#include "runs/table.h"

#define IMPLS 3
#define USER_PATHS 3
#define SAMPLES 5

static const char *const algs[] = { "aes", "cbc(aes)", "ctr(aes)", "xts(aes)",
				    "gcm(aes)" };
#define ALGS (sizeof(algs) / sizeof(algs[0]))

static const uint32_t sweep_sizes[] = { 16,   64,   256,  1024,
					1420, 4096, 8192, 16384 };
static const struct kb_sizes sizes = { .size = (uint32_t *)sweep_sizes,
				       .count = 8 };

/* One algorithm's runs: its kernel rows, then AF_ALG twice and OpenSSL. */
struct alg_runs {
	struct kb_run kernel[IMPLS];
	struct kb_run user[USER_PATHS];
};

static void samples(struct kb_run *run, uint64_t ops)
{
	size_t i;
	uint32_t k;

	for (i = 0; i < run->sizes.count; i++)
		for (k = 0; k < SAMPLES; k++) {
			struct kb_sample s = {
				.size = run->sizes.size[i],
				.index = k,
				/* 20 % apart at the largest size: unsteady */
				.ops = ops + (run->sizes.size[i] == 16384 ?
						      k * ops / 20 :
						      k),
				.wall_ns = 100000000,
				.thread_ns = 100000000,
				.busy_ns = 100000000,
				.cycles = 100000000ULL * 3,
				.has_cycles = true,
			};

			s.bytes = s.ops * s.size;
			assert_int_equal(kb_run_add_sample(run, &s), 0);
		}
}

static void kernel_run(struct kb_run *run, const char *alg, int n)
{
	static const char *const suffix[IMPLS] = { "aesni", "generic",
						   "virtio" };
	struct kb_impl *impl = &run->impl;
	char name[64];

	snprintf(name, sizeof(name), "%s-%s", alg, suffix[n]);
	impl->alg_name = strdup(alg);
	impl->driver_name = strdup(name);
	impl->module = strdup("kernel");
	impl->type = !strcmp(alg, "aes")      ? KAESBENCH_IMPL_TYPE_CIPHER :
		     !strcmp(alg, "gcm(aes)") ? KAESBENCH_IMPL_TYPE_AEAD :
						KAESBENCH_IMPL_TYPE_SKCIPHER;
	impl->block_size = strstr(alg, "ctr") || strstr(alg, "gcm") ? 1 : 16;
	run->path = KB_PATH_KERNEL;
	run->selected = n == 0;
	run->state = KB_RUN_ENDED;
	run->depth = n == 2 ? 8 : 1;
	run->key_bits = 128;
	run->wall_s = 4.2;
	run->check.cases = 96;
	run->check.reference = strdup("the reference");
	assert_int_equal(kb_sizes_filter(impl, &sizes, &run->sizes), 0);
	samples(run, 100000 / (n + 1));
}

static void user_run(struct kb_run *run, const char *alg, unsigned int path)
{
	size_t i;

	run->path = path;
	run->impl.alg_name = strdup(alg);
	run->impl.driver_name = strdup(alg);
	run->state = KB_RUN_ENDED;
	run->depth = 1;
	run->library = strdup(path == KB_PATH_OPENSSL ? "OpenSSL 3.0.19" :
							"libkcapi 1.4.0");
	run->measured = strdup("one request at a time");
	run->sizes.size = calloc(sizes.count, sizeof(uint32_t));
	assert_non_null(run->sizes.size);
	for (i = 0; i < sizes.count; i++)
		if (kb_path_size_fits(alg, sizes.size[i]))
			run->sizes.size[run->sizes.count++] = sizes.size[i];
	samples(run, 50000);
}

static void make_runs(struct alg_runs *r)
{
	static const unsigned int user_paths[USER_PATHS] = {
		KB_PATH_AFALG_SENDMSG, KB_PATH_AFALG_VMSPLICE, KB_PATH_OPENSSL
	};
	size_t a;
	int i;

	memset(r, 0, ALGS * sizeof(*r));
	for (a = 0; a < ALGS; a++) {
		for (i = 0; i < IMPLS; i++)
			kernel_run(&r[a].kernel[i], algs[a], i);
		for (i = 0; i < USER_PATHS; i++)
			user_run(&r[a].user[i], algs[a], user_paths[i]);
	}
}

static void free_runs(struct alg_runs *r)
{
	size_t a;
	int i;

	for (a = 0; a < ALGS; a++) {
		for (i = 0; i < IMPLS; i++)
			kb_run_release(&r[a].kernel[i]);
		for (i = 0; i < USER_PATHS; i++)
			kb_run_release(&r[a].user[i]);
	}
}

/* A stream into memory; its text is in *@text once closed. */
static FILE *memory(char **text)
{
	static size_t len;
	FILE *f = open_memstream(text, &len);

	assert_non_null(f);
	return f;
}

/* The sweep's text: per algorithm its table, then the paths' table. */
static char *sweep_text(struct alg_runs *r, struct kb_legend *legend)
{
	struct kb_path_table p;
	struct kb_table t;
	char *text = NULL;
	FILE *f = memory(&text);
	size_t a;

	for (a = 0; a < ALGS; a++) {
		t = (struct kb_table){ .alg = algs[a],
				       .key_bits = 128,
				       .sample_ms = 100,
				       .samples = SAMPLES,
				       .sizes = &sizes,
				       .runs = r[a].kernel,
				       .count = IMPLS,
				       .wall_s = 12.6,
				       .legend = legend };
		assert_int_equal(kb_print_sweep_table(f, &t), 0);
		fputc('\n', f);
		p = (struct kb_path_table){ .alg = algs[a],
					    .key_bits = 128,
					    .sample_ms = 100,
					    .samples = SAMPLES,
					    .sizes = &sizes,
					    .legend = legend };
		p.col[KB_COL_KERNEL] = &r[a].kernel[0];
		kb_path_table_user_cols(&p, r[a].user, USER_PATHS, true);
		assert_int_equal(kb_print_path_table(f, &p), 0);
		fputc('\n', f);
	}
	if (legend)
		kb_print_legend(f, legend);
	kb_print_total(f, 84.0);
	fclose(f);
	return text;
}

static size_t lines(const char *text)
{
	size_t n = 0;

	for (; *text; text++)
		n += *text == '\n';
	return n;
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;

	for (; (text = strstr(text, what)); text++)
		n++;
	return n;
}

static const char legend_want[] =
	"MB/s = 10^6 bytes/s, the median of 5 samples of 100 ms per size\n"
	"* = what the crypto API hands out for the table's algorithm\n"
	"~ = unsteady: the samples spread more than 10 % around their median ((max - min) / median)\n"
	"CPU% = busy time / wall time over the samples behind the figure, 100 = one CPU: for a kernel run, all CPUs' (includes interrupts and other threads); for a userspace path, this process's CPU time (user + system)\n"
	"cyc/B = TSC cycles per byte at the largest size measured (median); - where the kernel sent no cycle count\n"
	"kernel (kernel vs userspace) = the implementation of the table above it: its * row, or the one the run measured\n"
	"kernel/OpenSSL = kernel MB/s / OpenSSL MB/s at that size: above 1 the kernel is faster\n"
	"measured: crypto_cipher_encrypt_one() for aes; crypto_skcipher_encrypt() for cbc(aes), ctr(aes), xts(aes); crypto_aead_encrypt() for gcm(aes): each called from a kernel thread, timed with CLOCK_MONOTONIC\n"
	"total wall time: 84.0 s\n";

static const char cbc_want[] =
	"cbc(aes) encrypt, 128-bit key: MB/s; verified first: 96 cases against the reference; runs took 12.6 s\n"
	"  implementation   depth      16       64      256     1024     4096     8192    16384   CPU%   cyc/B\n"
	"* cbc(aes)-aesni       1    16.0     64.0      256     1024     4096     8192    18022~   100   0.166\n"
	"  cbc(aes)-generic     1    8.00     32.0      128      512     2048     4096     9011~   100   0.333\n"
	"  cbc(aes)-virtio      8    5.33     21.3     85.3      341     1365     2731     6007~   100   0.499\n"
	"1420 B: not a whole number of 16-byte blocks, not measured\n"
	"\n"
	"cbc(aes) encrypt, 128-bit key, kernel vs userspace: MB/s\n"
	"  path                16       64      256     1024     4096     8192    16384   CPU%\n"
	"  kernel            16.0     64.0      256     1024     4096     8192    18022~   100\n"
	"  AF_ALG copy       8.00     32.0      128      512     2048     4096     9011~   100\n"
	"  AF_ALG 0-copy     8.00     32.0      128      512     2048     4096     9011~   100\n"
	"  OpenSSL           8.00     32.0      128      512     2048     4096     9011~   100\n"
	"  kernel/OpenSSL    2.00     2.00     2.00     2.00     2.00     2.00     2.00\n"
	"1420 B: not a whole number of 16-byte blocks, not measured\n"
	"AF_ALG copy: one request at a time (libkcapi 1.4.0)\n"
	"AF_ALG 0-copy: one request at a time (libkcapi 1.4.0)\n"
	"OpenSSL: one request at a time (OpenSSL 3.0.19)\n"
	"\n";

/*
 * Without --verbose: the legend once, at the very end, no line of it
 * under a table; a size no column took is one line, not a column or a
 * row of n/a; and a third fewer lines than with --verbose.
 */
static void test_legend_once(void **state)
{
	struct alg_runs r[ALGS];
	struct kb_legend legend = { 0 };
	char *compact, *verbose;
	const char *tail;

	(void)state;
	make_runs(r);
	compact = sweep_text(r, &legend);
	verbose = sweep_text(r, NULL);
	print_message(
		"# default-sweep-like output: %zu lines with --verbose, %zu without\n",
		lines(verbose), lines(compact));
	assert_true(lines(compact) * 3 <= lines(verbose) * 2);

	tail = strstr(compact, "\nMB/s = ");
	assert_non_null(tail);
	assert_string_equal(tail + 1, legend_want);
	assert_int_equal(count(compact, "~ = unsteady"), 1);
	assert_int_equal(count(compact, "CPU% = "), 1);
	assert_int_equal(count(compact, "measured: "), 1);
	/* Nothing the tables did not show: no n/a, no ?. */
	assert_null(strstr(compact, "n/a"));
	assert_null(strstr(compact, "? = "));
	assert_non_null(strstr(compact, cbc_want));
	assert_int_equal(count(compact,
			       "1420 B: not a whole number of 16-byte blocks"),
			 4); /* aes and cbc(aes), both tables each */

	/* --verbose: every table's notes under it, as before. */
	assert_int_equal(count(verbose, "~ = unsteady"), 10);
	assert_int_equal(count(verbose, "CPU% = "), 10);
	assert_int_equal(
		count(verbose, "\n* = what the crypto API hands out for "), 5);
	assert_int_equal(count(verbose, "\nmeasured: "), 5);
	assert_int_equal(count(verbose, "    1420      n/a           n/a"), 2);
	assert_null(strstr(verbose, "MB/s = 10^6 bytes/s, the median"));
	free(compact);
	free(verbose);
	free_runs(r);
}

/* Only what appeared: a row measured unverified brings its ? line. */
static void test_legend_only_what_appeared(void **state)
{
	struct kb_legend legend = { 0 };
	char *text = NULL;
	FILE *f = memory(&text);

	(void)state;
	kb_print_legend(f, &legend);
	assert_int_equal(ftell(f), 0);
	kb_legend_use(&legend, KB_LEG_NO_VERIFY);
	kb_legend_use(&legend, KB_LEG_CPU_USER);
	kb_legend_calls(&legend, 1U << KAESBENCH_IMPL_TYPE_SKCIPHER, "cbc(aes)",
			true);
	kb_legend_calls(&legend, 1U << KAESBENCH_IMPL_TYPE_SKCIPHER, "cbc(aes)",
			true);
	kb_legend_calls(&legend, 1U << KAESBENCH_IMPL_TYPE_SKCIPHER, "aes",
			true);
	kb_print_legend(f, &legend);
	fclose(f);
	assert_string_equal(
		text,
		"? = not verified (--no-verify)\n"
		"CPU% = this process's CPU time (user + system) / wall time over the samples behind the figure (100 = one CPU)\n"
		"measured: crypto_skcipher_decrypt() for cbc(aes), aes: each called from a kernel thread, timed with CLOCK_MONOTONIC\n");
	free(text);
}

/* --context softirq: the calls' line says where they were made from. */
static void test_legend_softirq(void **state)
{
	struct kb_legend legend = { .context = KAESBENCH_CONTEXT_SOFTIRQ };
	char *text = NULL;
	FILE *f = memory(&text);

	(void)state;
	kb_legend_calls(&legend, 1U << KAESBENCH_IMPL_TYPE_AEAD, "gcm(aes)",
			false);
	kb_print_legend(f, &legend);
	fclose(f);
	assert_string_equal(
		text,
		"measured: crypto_aead_encrypt() for gcm(aes): each called from a kernel thread with bottom halves disabled (softirq context, as ESP's receive path), timed with CLOCK_MONOTONIC\n");
	free(text);
}

/* A run's table: its own notes under it, what its columns mean after. */
static void test_run_table(void **state)
{
	struct alg_runs r[ALGS];
	struct kb_legend legend = { 0 };
	char *text = NULL;
	FILE *f = memory(&text);

	(void)state;
	make_runs(r);
	assert_int_equal(kb_print_run_table(f, &r[1].kernel[0], 100, SAMPLES,
					    &legend),
			 0);
	fputs("--\n", f);
	kb_print_legend(f, &legend);
	fclose(f);
	assert_non_null(strstr(text, "\n   16384 "));
	assert_string_equal(
		strstr(text, "\n   16384 ") + 1,
		"   16384    18022~     16384-19661   1100000    0.909    100         100   0.166   0.166        5\n"
		"verified first: 96 cases against the reference\n"
		"measured: crypto_skcipher_encrypt() called from a kernel thread, timed with CLOCK_MONOTONIC; runs took 4.2 s\n"
		"--\n"
		"MB/s = 10^6 bytes/s, the median of 5 samples of 100 ms per size\n"
		"min-max = the range of the samples' MB/s; ops/s = requests completed per second (median)\n"
		"\u00b5s/op = 10^6 / (ops/s): time per request at that rate, not its latency when depth > 1\n"
		"~ = unsteady: the samples spread more than 10 % around their median ((max - min) / median)\n"
		"CPU% = busy time of all CPUs / wall time over the samples behind the figure (100 = one CPU; includes interrupts and other threads)\n"
		"thread CPU% = the measuring thread's CPU time / wall time\n"
		"cyc/B = TSC cycles per byte (median); - where the kernel sent no cycle count\n"
		"CPU c/B = all CPUs' busy time in TSC cycles per byte (median): what a byte costs in CPU, offloaded or not\n");
	free(text);
	free_runs(r);
}

static const char aarch64_why[] =
	"the generic timer (CNTVCT) counts at a fixed frequency, not CPU cycles";

/* Why no cycles, by uname's machine. */
static void test_no_cycles_reason(void **state)
{
	(void)state;
	assert_string_equal(kb_no_cycles_reason("aarch64"), aarch64_why);
	assert_string_equal(kb_no_cycles_reason("aarch64_be"), aarch64_why);
	assert_string_equal(kb_no_cycles_reason("armv8l"), aarch64_why);
	assert_string_equal(kb_no_cycles_reason("x86_64"),
			    "the TSC is not constant-rate");
	assert_string_equal(kb_no_cycles_reason("i686"),
			    "the TSC is not constant-rate");
	assert_string_equal(kb_no_cycles_reason("riscv64"),
			    "the kernel sent no cycle count");
	assert_string_equal(kb_no_cycles_reason(""),
			    "the kernel sent no cycle count");
	assert_string_equal(kb_no_cycles_reason(NULL),
			    "the kernel sent no cycle count");
	assert_non_null(kb_this_machine());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legend_once),
		cmocka_unit_test(test_legend_softirq),
		cmocka_unit_test(test_run_table),
		cmocka_unit_test(test_legend_only_what_appeared),
		cmocka_unit_test(test_no_cycles_reason),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
