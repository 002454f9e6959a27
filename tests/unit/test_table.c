// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The tables and the JSON of a small fixed set of runs: the exact text a
 * person reads, and JSON that parses back to the same figures. Without
 * cycle counts (arm64: the generic timer counts no CPU cycles; x86
 * without a constant-rate TSC), every table shows the per-byte cost in
 * nanoseconds where it would show cycles, the legend says why there are
 * no cycles, and JSON carries the same figure.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <json-c/json.h>
#include <linux/kaesbench.h>

#include "fixtures.h"
#include "runs/depth_table.h"
#include "runs/legend.h"
#include "runs/run_json.h"
#include "runs/scaling_table.h"
#include "runs/table.h"

/*
 * An x86 machine's sweep: AES-NI, 800, 1000 and 1200 MB/s at 16384 B
 * (unsteady), 14.4 and 1.23 cycles a byte at 16 and 16384 B.
 */
static const struct fixture_cpu aesni = {
	.driver = "cbc-aes-aesni",
	.flags = KAESBENCH_IMPL_F_TESTED,
	.wall_ns = { 1249280, 999424, 832853 },
	.cycles_x100 = { 1440, 123 },
};

static char *render(int (*print)(FILE *, const void *), const void *arg)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(print(f, arg), 0);
	fclose(f);
	return text;
}

static int print_sweep(FILE *f, const void *arg)
{
	return kb_print_sweep_table(f, arg);
}

static const char sweep_want[] =
	"cbc(aes) encrypt, 128-bit key: MB/s (10^6 bytes/s), median of 3 samples of 1 ms\n"
	"  implementation         depth      16     1420    16384   CPU%   cyc/B\n"
	"* cbc-aes-aesni              1    13.9      n/a     1000~   100    1.23\n"
	"  virtio_crypto_aes_cbc?     8  0.0712      n/a      180     23       -\n"
	"  cbc-aes-broken             -  failed: kernel: unsupported key length: Invalid argument\n"
	"* = what the crypto API hands out for cbc(aes)\n"
	"~ = unsteady: the samples spread more than 10 % around their median ((max - min) / median)\n"
	"n/a: not a multiple of the 16-byte block, not measured\n"
	"CPU% = busy time of all CPUs / wall time, over all of the row's samples (100 = one CPU; includes interrupts and other threads)\n"
	"cyc/B = TSC cycles per byte at the largest size measured (median); - where the kernel sent no cycle count\n"
	"verified first: 96 cases against cbc(aes-generic) (rows without ?)\n"
	"? = not verified (--no-verify)\n"
	"measured: crypto_skcipher_encrypt() called from a kernel thread, timed with CLOCK_MONOTONIC; runs took 2.5 s\n";

static void test_sweep_table(void **state)
{
	struct kb_run runs[FIXTURE_RUNS];
	struct kb_table t = fixture_table(runs, FIXTURE_RUNS);
	char *text;

	(void)state;
	fixture_sweep(runs, &aesni);
	t.wall_s = 2.51; /* the rows' 1.5 + 1.0 + 0.01 s */
	text = render(print_sweep, &t);
	assert_string_equal(text, sweep_want);
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

static int print_run(FILE *f, const void *arg)
{
	return kb_print_run_table(f, arg, 1, 3, NULL);
}

static const char run_want[] =
	"cbc(aes) encrypt with cbc-aes-aesni (kernel, priority 400): 128-bit key, depth 1, 3 samples of 1 ms per size\n"
	"size (B)     MB/s          min-max     ops/s    µs/op   CPU% thread CPU%   cyc/B CPU c/B  samples\n"
	"      16     13.9        13.9-13.9    871000     1.15    100          50    14.4    14.4        3\n"
	"   16384     1000~        800-1200     61035     16.4    100          50    1.23    1.23        3\n"
	"MB/s = 10^6 bytes/s, median over the samples, min-max their range; ops/s = requests completed per second (median)\n"
	"µs/op = 10^6 / (ops/s): time per request at that rate, not its latency when depth > 1\n"
	"CPU% = busy time of all CPUs / wall time (100 = one CPU; includes interrupts and other threads); thread CPU% = the measuring thread alone\n"
	"cyc/B = TSC cycles per byte (median); - where the kernel sent no cycle count\n"
	"CPU c/B = all CPUs' busy time in TSC cycles per byte (median): what a byte costs in CPU, offloaded or not\n"
	"~ = unsteady: the samples spread more than 10 % around their median ((max - min) / median)\n"
	"interrupted: the figures are from the samples taken before the stop\n"
	"verified first: 96 cases against cbc(aes-generic)\n"
	"measured: crypto_skcipher_encrypt() called from a kernel thread, timed with CLOCK_MONOTONIC; runs took 1.5 s\n";

static void test_run_table(void **state)
{
	struct kb_run runs[FIXTURE_RUNS];
	char *text;

	(void)state;
	fixture_sweep(runs, &aesni);
	runs[0].state = KB_RUN_INTERRUPTED;
	text = render(print_run, &runs[0]);
	assert_string_equal(text, run_want);
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

/* The quick verification of runs[2] caught case 81. */
static void make_invalid(struct kb_run *run)
{
	run->state = KB_RUN_ENDED;
	run->status = -EBADMSG;
	free(run->message);
	run->message = strdup(
		"case 81: encryption output differs from cbc(aes-generic) at byte 4096 of 56368");
	run->check.cases = 96;
	run->check.reference = strdup("cbc(aes-generic)");
	run->check.done = 81;
	run->check.has_done = true;
	run->check.has_case = true;
	run->check.vcase = (struct kb_vcase){
		.index = 81,
		.len = 56368,
		.src_offset = 3,
		.dst_offset = 9,
		.seg = { 40000, 16368 },
		.nsegs = 2,
		.offset = 4096,
		.has_offset = true,
	};
}

static void test_invalid(void **state)
{
	static const uint32_t size = 16;
	const struct kb_sizes first = { .size = (uint32_t *)&size, .count = 1 };
	struct kb_run runs[FIXTURE_RUNS];
	/* The invalid row alone, in the first column. */
	struct kb_table t = fixture_table(&runs[2], 1);
	char *text;

	(void)state;
	t.sizes = &first;
	fixture_sweep(runs, &aesni);
	make_invalid(&runs[2]);
	assert_true(kb_run_invalid(&runs[2]));
	assert_true(kb_run_failed(&runs[2]));
	text = render(print_sweep, &t);
	assert_non_null(strstr(
		text,
		"\n  cbc-aes-broken     -  invalid: verification failed: case 81: encryption output differs from cbc(aes-generic) at byte 4096 of 56368\n"));
	free(text);
	text = render(print_run, &runs[2]);
	assert_non_null(strstr(
		text,
		"\ninvalid: verification failed: case 81: encryption output differs from cbc(aes-generic) at byte 4096 of 56368\n"
		"  length 56368, associated data 0, source offset 3 in 2 segments (40000+16368), destination offset 9, out of place\n"));
	assert_null(strstr(text, "MB/s"));
	assert_non_null(strstr(text, "results differ from cbc(aes-generic)\n"));
	free(text);
	/* A request that failed is no wrong result. */
	runs[2].check.vcase.has_error = true;
	runs[2].check.vcase.error = -EIO;
	text = render(print_run, &runs[2]);
	assert_non_null(strstr(
		text,
		"nothing was measured: the implementation failed a request of its verification\n"));
	assert_null(strstr(text, "results differ"));
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

static void test_check_words(void **state)
{
	struct kb_run run = { 0 };
	char buf[256];

	(void)state;
	assert_string_equal(kb_check_words(&run, buf, sizeof(buf)),
			    "not verified: no reference for this algorithm");
	run.check.skipped = true;
	assert_string_equal(kb_check_words(&run, buf, sizeof(buf)),
			    "not verified (--no-verify)");
	run.check.skipped = false;
	run.check.cases = 96;
	run.check.reference = "cbc(aes-generic)";
	assert_string_equal(
		kb_check_words(&run, buf, sizeof(buf)),
		"verified first: 96 cases against cbc(aes-generic)");
}

/*
 * A request measured came back wrong: the run is invalid, its figures are
 * gone (the samples of the sizes before too), the reason says which kind
 * of wrong, and the words count the checks.
 */
static void test_measured_wrong(void **state)
{
	struct kb_run runs[FIXTURE_RUNS];
	char *text, buf[128];

	(void)state;
	fixture_sweep(runs, &aesni);
	assert_null(kb_measured_words(&runs[0], true, buf, sizeof(buf)));
	runs[0].has_check_every = true;
	runs[0].check_every = 32;
	assert_string_equal(kb_measured_words(&runs[0], true, buf, sizeof(buf)),
			    "1 in 32 measured requests checked");
	runs[0].has_measured = true;
	runs[0].measured_checked = 1234;
	assert_string_equal(
		kb_measured_words(&runs[0], true, buf, sizeof(buf)),
		"1 in 32 measured requests checked: 1234, none wrong");
	assert_string_equal(kb_measured_words(&runs[0], false, buf,
					      sizeof(buf)),
			    "1 in 32 measured requests checked");
	runs[0].check_every = 0;
	assert_string_equal(kb_measured_words(&runs[0], true, buf, sizeof(buf)),
			    "measured requests not checked (--check-every 0)");
	text = render(print_run, &runs[0]);
	assert_non_null(strstr(
		text, "\nmeasured requests not checked (--check-every 0)\n"));
	free(text);

	runs[0].check_every = 32;
	runs[0].state = KB_RUN_ENDED;
	runs[0].status = -EBADMSG;
	runs[0].measured_wrong = 1;
	runs[0].message = strdup(
		"a measured 4096-byte request came back wrong from byte 4095 (request 7 of those checked)");
	assert_true(kb_run_invalid(&runs[0]));
	assert_string_equal(kb_measured_words(&runs[0], true, buf, sizeof(buf)),
			    "1 in 32 measured requests checked: 1234, 1 wrong");
	text = render(print_run, &runs[0]);
	assert_non_null(strstr(
		text,
		"\ninvalid: a measured request was wrong: a measured 4096-byte request came back wrong from byte 4095 (request 7 of those checked)\n"
		"no figures are shown: of 1234 requests checked while measured, 1 differ from cbc(aes-generic)\n"));
	assert_null(strstr(text, "MB/s"));
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

static void test_json(void **state)
{
	struct json_object *root, *arr, *run, *v, *s;
	struct kb_run runs[FIXTURE_RUNS];

	(void)state;
	fixture_sweep(runs, &aesni);
	root = fixture_json(runs, FIXTURE_RUNS);
	assert_true(json_object_object_get_ex(root, "protocol_version", &v));
	assert_int_equal(json_object_get_int(v), KAESBENCH_GENL_VERSION);
	assert_true(json_object_object_get_ex(root, "runs", &arr));
	assert_int_equal(json_object_array_length(arr), 3);

	run = json_object_array_get_idx(arr, 0);
	assert_true(json_object_object_get_ex(run, "driver", &v));
	assert_string_equal(json_object_get_string(v), "cbc-aes-aesni");
	assert_true(json_object_object_get_ex(run, "selected", &v));
	assert_true(json_object_get_boolean(v));
	assert_true(json_object_object_get_ex(run, "samples", &v));
	assert_int_equal(json_object_array_length(v), 6);
	s = json_object_array_get_idx(v, 1);
	assert_true(json_object_object_get_ex(s, "size", &v));
	assert_int_equal(json_object_get_int64(v), 16384);
	assert_true(json_object_object_get_ex(s, "cycles", &v));
	assert_int_equal(json_object_get_int64(v), 61 * 16384 * 123 / 100);
	assert_true(json_object_object_get_ex(run, "summary", &v));
	assert_int_equal(json_object_array_length(v), 2);
	s = json_object_array_get_idx(v, 1);
	assert_true(json_object_object_get_ex(s, "mbps_median", &v));
	assert_true(json_object_get_double(v) > 999.9 &&
		    json_object_get_double(v) < 1000.1);
	assert_true(json_object_object_get_ex(s, "cpu_percent", &v));
	assert_true(json_object_get_double(v) > 99.9);

	/* No cycle count is null, not 0. */
	run = json_object_array_get_idx(arr, 1);
	assert_true(json_object_object_get_ex(run, "async", &v));
	assert_true(json_object_get_boolean(v));
	assert_true(json_object_object_get_ex(run, "samples", &v));
	s = json_object_array_get_idx(v, 0);
	assert_true(json_object_object_get_ex(s, "cycles", &v));
	assert_null(v);

	run = json_object_array_get_idx(arr, 2);
	assert_true(json_object_object_get_ex(run, "status", &v));
	assert_int_equal(json_object_get_int(v), -EINVAL);
	assert_true(json_object_object_get_ex(run, "state", &v));
	assert_string_equal(json_object_get_string(v), "refused");
	assert_true(json_object_object_get_ex(run, "message", &v));
	assert_string_equal(json_object_get_string(v),
			    "unsupported key length");
	assert_true(json_object_object_get_ex(run, "depth", &v));
	assert_null(v);

	json_object_put(root);
	fixture_release(runs, FIXTURE_RUNS);
}

/*
 * --context softirq: the measured line says so, a line per size gives the
 * calls' shares, and the JSON the context and every sample's counts,
 * null where the module sent none.
 */
static void test_softirq(void **state)
{
	struct json_object *run, *arr, *s, *v;
	struct kb_run runs[FIXTURE_RUNS];
	struct kb_table t;
	size_t i;
	char *text;

	(void)state;
	fixture_sweep(runs, &aesni);
	runs[0].context = KAESBENCH_CONTEXT_SOFTIRQ;
	for (i = 0; i < runs[0].samples; i++) {
		runs[0].sample[i].has_calls = true;
		runs[0].sample[i].submitted = 1000;
		/* 16 B: none unusable; 16384 B: a quarter, a tenth later. */
		if (runs[0].sample[i].size == 16384) {
			runs[0].sample[i].no_simd = 250;
			runs[0].sample[i].deferred = 100;
		}
	}
	text = render(print_run, &runs[0]);
	assert_non_null(strstr(
		text,
		"calls at 16 B: SIMD unusable 0 % of 3000; completed later (cryptd or async) 0 %\n"
		"calls at 16384 B: SIMD unusable 25.0 % of 3000; completed later (cryptd or async) 10.0 %\n"));
	assert_non_null(strstr(
		text,
		"measured: crypto_skcipher_encrypt() called from a kernel thread with bottom halves disabled (softirq context, as ESP's receive path), timed with CLOCK_MONOTONIC; runs took 1.5 s\n"));
	free(text);

	/* A table of several: each row's calls at its largest size. */
	t = fixture_table(runs, FIXTURE_RUNS);
	t.wall_s = 2.51;
	text = render(print_sweep, &t);
	assert_non_null(strstr(
		text,
		"calls at 16384 B, cbc-aes-aesni: SIMD unusable 25.0 % of 3000; completed later (cryptd or async) 10.0 %\n"));
	assert_non_null(strstr(
		text,
		"measured: crypto_skcipher_encrypt() called from a kernel thread with bottom halves disabled (softirq context, as ESP's receive path), timed with CLOCK_MONOTONIC; runs took 2.5 s\n"));
	free(text);

	/* One sample without the counts: no share for its size. */
	runs[0].sample[0].has_calls = false;
	text = render(print_run, &runs[0]);
	assert_null(strstr(text, "calls at 16 B"));
	assert_non_null(strstr(text, "calls at 16384 B"));
	free(text);

	run = kb_run_to_json(&runs[0]);
	assert_true(json_object_object_get_ex(run, "context", &v));
	assert_string_equal(json_object_get_string(v), "softirq");
	assert_true(json_object_object_get_ex(run, "samples", &arr));
	s = json_object_array_get_idx(arr, 0);
	assert_true(json_object_object_get_ex(s, "submitted", &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(s, "no_simd", &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(s, "deferred", &v));
	assert_null(v);
	s = json_object_array_get_idx(arr, 1);
	assert_true(json_object_object_get_ex(s, "size", &v));
	assert_int_equal(json_object_get_int64(v), 16384);
	assert_true(json_object_object_get_ex(s, "submitted", &v));
	assert_int_equal(json_object_get_int64(v), 1000);
	assert_true(json_object_object_get_ex(s, "no_simd", &v));
	assert_int_equal(json_object_get_int64(v), 250);
	assert_true(json_object_object_get_ex(s, "deferred", &v));
	assert_int_equal(json_object_get_int64(v), 100);
	json_object_put(run);

	/* Thread context, the default, in words as before and in JSON. */
	run = kb_run_to_json(&runs[1]);
	assert_true(json_object_object_get_ex(run, "context", &v));
	assert_string_equal(json_object_get_string(v), "thread");
	json_object_put(run);
	fixture_release(runs, FIXTURE_RUNS);
}

/*
 * Thread context: no line for an asynchronous implementation, whose calls
 * all complete later by nature, one for a synchronous implementation that
 * found SIMD unusable.
 */
static void test_thread_calls(void **state)
{
	struct kb_run runs[FIXTURE_RUNS];
	size_t i;
	char *text;

	(void)state;
	fixture_sweep(runs, &aesni);
	for (i = 0; i < runs[1].samples; i++) {
		runs[1].sample[i].has_calls = true;
		runs[1].sample[i].submitted = 10;
		runs[1].sample[i].deferred = 10;
	}
	text = render(print_run, &runs[1]);
	assert_null(strstr(text, "calls at"));
	free(text);
	for (i = 0; i < runs[0].samples; i++) {
		runs[0].sample[i].has_calls = true;
		runs[0].sample[i].submitted = 10;
	}
	text = render(print_run, &runs[0]);
	assert_null(strstr(text, "calls at"));
	free(text);
	runs[0].sample[0].no_simd = 1;
	text = render(print_run, &runs[0]);
	assert_non_null(strstr(
		text,
		"calls at 16 B: SIMD unusable 3.3 % of 30; completed later (cryptd or async) 0 %\n"));
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

/*
 * A sweep whose rows are library paths alone says that the crypto API's
 * implementation is missing from it, and how to have it registered; one
 * beside a crypto API row does not.
 */
static void test_library_rows_only(void **state)
{
	static const char note[] =
		"  (no crypto API implementation of cbc(aes) is registered: a template instance is, after one plain run of it, kaesbench run -a 'cbc(aes)')\n";
	struct kb_run runs[FIXTURE_RUNS];
	struct kb_table t = fixture_table(runs, 1);
	char *text;

	(void)state;
	fixture_sweep(runs, &aesni);
	text = render(print_sweep, &t);
	assert_null(strstr(text, "no crypto API implementation"));
	free(text);
	runs[0].impl.flags |= KAESBENCH_IMPL_F_LIBRARY;
	runs[0].selected = 0;
	text = render(print_sweep, &t);
	assert_non_null(strstr(text, note));
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

/* From here on, the sweep of an arm64 machine: no cycle counts. */

/* A stream into memory; its text is in *@text once closed. */
static FILE *memory(char **text)
{
	static size_t len;
	FILE *f = open_memstream(text, &len);

	assert_non_null(f);
	return f;
}

/* @text has @want in it; a failure says which text is missing. */
static void assert_contains(const char *text, const char *want)
{
	assert_non_null(text);
	if (!strstr(text, want))
		fail_msg("no \"%s\" in:\n%s", want, text);
}

/*
 * Where no cycle count came, @text explains its per-byte figure with
 * @legend and this machine's reason, and explains no c/B column.
 */
static void assert_no_cycles_legend(const char *text, const char *legend)
{
	char want[512];

	snprintf(want, sizeof(want), "%s%s\n", legend,
		 kb_no_cycles_reason(kb_this_machine()));
	assert_contains(text, want);
	assert_null(strstr(text, "c/B ="));
}

static const char sweep_no_cycles_want[] =
	"cbc(aes) encrypt, 128-bit key: MB/s; verified first: 96 cases against cbc(aes-generic) (rows without ?); runs took 2.5 s\n"
	"  implementation         depth      16    16384   CPU%    ns/B\n"
	"* cbc-aes-ce                 1    13.9     1500    100   0.667\n"
	"  virtio_crypto_aes_cbc?     8  0.0712      180     23    5.54\n"
	"  cbc-aes-broken             -  failed: kernel: unsupported key length: Invalid argument\n"
	"1420 B: not a whole number of 16-byte blocks, not measured\n"
	"--\n"
	"MB/s = 10^6 bytes/s, the median of 3 samples of 1 ms per size\n"
	"* = what the crypto API hands out for the table's algorithm\n"
	"? = not verified (--no-verify)\n"
	"CPU% = busy time of all CPUs / wall time over the samples behind the figure (100 = one CPU; includes interrupts and other threads)\n"
	"ns/B = wall-clock nanoseconds per byte at the largest size measured (median); no cyc/B: the generic timer (CNTVCT) counts at a fixed frequency, not CPU cycles\n"
	"measured: crypto_skcipher_encrypt() for cbc(aes): each called from a kernel thread, timed with CLOCK_MONOTONIC\n";

/* The sweep's table: ns/B where cyc/B was, and the legend says why. */
static void test_sweep_table_no_cycles(void **state)
{
	struct kb_legend legend = { .machine = "aarch64" };
	struct kb_run runs[FIXTURE_RUNS];
	struct kb_table t = fixture_table(runs, FIXTURE_RUNS);
	char *text = NULL;
	FILE *f = memory(&text);

	(void)state;
	fixture_sweep(runs, &fixture_ce);
	t.wall_s = 2.51; /* the rows' 1.5 + 1.0 + 0.01 s */
	t.legend = &legend;
	assert_int_equal(kb_print_sweep_table(f, &t), 0);
	fputs("--\n", f);
	kb_print_legend(f, &legend);
	fclose(f);
	assert_string_equal(text, sweep_no_cycles_want);
	free(text);

	/* --verbose: under the table, with this machine's reason. */
	t.legend = NULL;
	f = memory(&text);
	assert_int_equal(kb_print_sweep_table(f, &t), 0);
	fclose(f);
	assert_no_cycles_legend(
		text,
		"\nns/B = wall-clock nanoseconds per byte at the largest size measured (median); no cyc/B: ");
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

static const char run_no_cycles_want[] =
	"size (B)     MB/s          min-max     ops/s    \u00b5s/op   CPU% thread CPU%    ns/B CPU ns/B  samples\n"
	"      16     13.9        13.9-13.9    871000     1.15    100          50    71.8     71.8        3\n"
	"   16384     1500        1471-1531     91553     10.9    100          50   0.667    0.667        3\n";

static const char run_no_cycles_legend_want[] =
	"ns/B = wall-clock nanoseconds per byte (median); no cyc/B: the TSC is not constant-rate\n"
	"CPU ns/B = all CPUs' busy time in nanoseconds per byte (median): what a byte costs in CPU, offloaded or not\n";

/* A run's table: ns/B and CPU ns/B per size, in their columns. */
static void test_run_table_no_cycles(void **state)
{
	struct kb_legend legend = { .machine = "x86_64" };
	struct kb_run runs[FIXTURE_RUNS];
	char *text = NULL;
	FILE *f = memory(&text);

	(void)state;
	fixture_sweep(runs, &fixture_ce);
	assert_int_equal(kb_print_run_table(f, &runs[0], 1, 3, &legend), 0);
	kb_print_legend(f, &legend);
	fclose(f);
	assert_non_null(strstr(text, run_no_cycles_want));
	assert_non_null(strstr(text, run_no_cycles_legend_want));
	assert_null(strstr(text, "c/B "));
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

/* With one cycle count in the table, the columns are cycles as before. */
static void test_cycles_stay(void **state)
{
	/* The sweep's header, its rows with cycles and without; the run's. */
	static const char *const cycle_columns[] = {
		"   CPU%   cyc/B\n",
		"   100    2.00\n",
		"     23       -\n",
		"   cyc/B CPU c/B  samples\n",
	};
	struct kb_run runs[FIXTURE_RUNS];
	const struct kb_table t = fixture_table(runs, FIXTURE_RUNS);
	char *text = NULL;
	FILE *f = memory(&text);
	size_t i;

	(void)state;
	fixture_sweep(runs, &fixture_ce);
	assert_true(kb_runs_without_cycles(runs, FIXTURE_RUNS));
	/* Refused runs alone: nothing measured, nothing to say. */
	assert_false(kb_runs_without_cycles(&runs[2], 1));
	for (i = 0; i < runs[0].samples; i++) {
		runs[0].sample[i].has_cycles = true;
		runs[0].sample[i].cycles = runs[0].sample[i].bytes * 2;
	}
	assert_false(kb_runs_without_cycles(runs, FIXTURE_RUNS));
	assert_int_equal(kb_print_sweep_table(f, &t), 0);
	assert_int_equal(kb_print_run_table(f, &runs[0], 1, 3, NULL), 0);
	fclose(f);
	for (i = 0; i < sizeof(cycle_columns) / sizeof(*cycle_columns); i++)
		assert_contains(text, cycle_columns[i]);
	assert_null(strstr(text, "ns/B"));
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

/*
 * depth_table.c's and scaling_table.c's one case each, here beside the
 * sweep's and the run's tables whose no-cycles legend they share, rather
 * than in a file of one case each.
 */

/* One sample per CPU of @cpus, @mbps MB/s each, the machine @busy_pct busy. */
static void cpus_sample(struct kb_run *run, uint32_t index, size_t cpus,
			double mbps, uint64_t busy_pct)
{
	struct kb_sample s = {
		.size = 16384,
		.index = index,
		.wall_ns = 100000000,
		.busy_ns = 100000000 * busy_pct / 100,
		.thread_ns = 100000000,
		.has_cpu = true,
	};

	s.bytes = (uint64_t)(mbps * 1e6 / 10);
	s.ops = s.bytes / s.size;
	for (s.cpu = 0; s.cpu < cpus; s.cpu++)
		assert_int_equal(kb_run_add_sample(run, &s), 0);
}

/* Two runs of @driver that ended, at 16384 B, with no sample yet. */
static void two_runs(struct kb_run runs[2], const char *driver, uint32_t flags)
{
	const uint32_t size = 16384;
	uint32_t i;

	memset(runs, 0, 2 * sizeof(*runs));
	for (i = 0; i < 2; i++) {
		fixture_impl(&runs[i], driver, flags);
		runs[i].state = KB_RUN_ENDED;
		runs[i].depth = 1;
		assert_int_equal(kb_sizes_copy(&runs[i].sizes, &size, 1), 0);
	}
}

/*
 * --cpus 0,1: 1000 MB/s alone, 900 each at once (90 %), the machine 200 %
 * busy for 1800 MB/s: 1.11 ns of CPU a byte.
 */
static void test_scaling_table_no_cycles(void **state)
{
	struct kb_cpus cpus = { .cpu = { 0, 1 }, .count = 2 };
	struct kb_run runs[2];
	char *text = NULL;
	FILE *f = memory(&text);
	uint32_t i;

	(void)state;
	two_runs(runs, "cbc-aes-ce", 0);
	for (i = 0; i < 2; i++) {
		runs[i].ncpus = i + 1;
		cpus_sample(&runs[i], 0, i + 1, 1000 - 100 * i, 100 * (i + 1));
		cpus_sample(&runs[i], 1, i + 1, 1000 - 100 * i, 100 * (i + 1));
	}
	assert_int_equal(kb_print_scaling(f, &runs[0], &runs[1], &cpus), 0);
	fclose(f);
	assert_non_null(strstr(
		text,
		"size (B)      1 CPU       2 CPUs   per CPU min-max  scaling   CPU% CPU ns/B\n"
		"   16384       1000         1800           900-900       90    200     1.11\n"));
	assert_no_cycles_legend(
		text,
		"CPU% = busy time of all CPUs / wall time (100 = one CPU); CPU ns/B = that busy time in nanoseconds per byte; no CPU c/B: ");
	free(text);
	fixture_release(runs, 2);
}

/* The depth sweep has CPU ns/B already: no CPU c/B column of dashes. */
static void test_depth_table_no_cycles(void **state)
{
	struct kb_run runs[2];
	char *text = NULL;
	FILE *f = memory(&text);
	uint32_t i;

	(void)state;
	two_runs(runs, "virtio_crypto_aes_cbc", KAESBENCH_IMPL_F_ASYNC);
	for (i = 0; i < 2; i++) {
		runs[i].depth = i + 1;
		fixture_sample(&runs[i], 16384, 0, 11014 * (i + 1), 1000000000,
			       23, 0);
	}
	assert_int_equal(kb_print_depth_sweep(f, runs, 2), 0);
	fclose(f);
	assert_non_null(strstr(
		text,
		"  depth       MB/s     ops/s   p50 \u00b5s   p99 \u00b5s   CPU% CPU ns/B\n"
		"      1       180      11014        -        -     23     1.27\n"
		"      2       361      22028        -        -     23    0.637\n"));
	assert_no_cycles_legend(
		text, "\nCPU ns/B = that busy time per byte; no CPU c/B: ");
	free(text);
	fixture_release(runs, 2);
}

/* JSON: ns_per_byte beside cycles_per_byte (null); null only without bytes. */
static void test_json_no_cycles(void **state)
{
	struct json_object *doc, *arr, *sum, *v;
	struct kb_run runs[FIXTURE_RUNS];
	size_t i;

	(void)state;
	fixture_sweep(runs, &fixture_ce);
	doc = fixture_json(runs, FIXTURE_RUNS);
	arr = fixture_member(doc, "runs");
	sum = json_object_array_get_idx(
		fixture_member(json_object_array_get_idx(arr, 0), "summary"),
		1);
	assert_int_equal(json_object_get_int(fixture_member(sum, "size")),
			 16384);
	assert_null(fixture_member(sum, "cycles_per_byte"));
	v = fixture_member(sum, "ns_per_byte");
	assert_true(json_object_is_type(v, json_type_double));
	assert_true(json_object_get_double(v) > 0.6666 &&
		    json_object_get_double(v) < 0.6668);
	sum = json_object_array_get_idx(
		fixture_member(json_object_array_get_idx(arr, 1), "summary"),
		1);
	v = fixture_member(sum, "ns_per_byte");
	assert_true(json_object_get_double(v) > 5.541 &&
		    json_object_get_double(v) < 5.542);
	json_object_put(doc);

	/* A size whose samples did no byte has no figure: null, not 0. */
	for (i = 1; i < runs[1].samples; i += 2) {
		assert_int_equal(runs[1].sample[i].size, 16384);
		runs[1].sample[i].bytes = runs[1].sample[i].ops = 0;
	}
	doc = kb_run_to_json(&runs[1]);
	sum = json_object_array_get_idx(fixture_member(doc, "summary"), 1);
	assert_int_equal(json_object_get_int(fixture_member(sum, "size")),
			 16384);
	assert_null(fixture_member(sum, "ns_per_byte"));
	json_object_put(doc);
	fixture_release(runs, FIXTURE_RUNS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sweep_table),
		cmocka_unit_test(test_run_table),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_invalid),
		cmocka_unit_test(test_measured_wrong),
		cmocka_unit_test(test_check_words),
		cmocka_unit_test(test_softirq),
		cmocka_unit_test(test_thread_calls),
		cmocka_unit_test(test_library_rows_only),
		cmocka_unit_test(test_sweep_table_no_cycles),
		cmocka_unit_test(test_run_table_no_cycles),
		cmocka_unit_test(test_cycles_stay),
		cmocka_unit_test(test_scaling_table_no_cycles),
		cmocka_unit_test(test_depth_table_no_cycles),
		cmocka_unit_test(test_json_no_cycles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
