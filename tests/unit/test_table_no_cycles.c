// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Without cycle counts (arm64: the generic timer counts no CPU cycles;
 * x86 without a constant-rate TSC), every table shows the per-byte cost in
 * nanoseconds where it would show cycles, the legend says why there are
 * no cycles, and JSON and CSV carry the same figure.
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
#include "output/csv.h"
#include "output/depth_table.h"
#include "output/legend.h"
#include "output/run_json.h"
#include "output/scaling_table.h"
#include "output/table.h"

static const char aarch64_why[] =
	"the generic timer (CNTVCT) counts at a fixed frequency, not CPU cycles";

/*
 * An arm64 machine's sweep, in which no sample has cycles. The Crypto
 * Extensions: 13.9 MB/s at 16 B, 71.8 ns a byte; 1500, 1471 and
 * 1531 MB/s at 16384 B, 0.667 ns a byte at the median. The offload
 * engine's 180 MB/s at 16384 B: 5.54 ns a byte, 1.27 of CPU at 23 %.
 */
static const struct fixture_cpu ce = {
	.driver = "cbc-aes-ce",
	.wall_ns = { 666283, 679609, 652957 },
};

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

static const char sweep_want[] =
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
static void test_sweep_table(void **state)
{
	struct kb_legend legend = { .machine = "aarch64" };
	struct kb_run runs[FIXTURE_RUNS];
	struct kb_table t = fixture_table(runs, FIXTURE_RUNS);
	char *text = NULL;
	FILE *f = memory(&text);

	(void)state;
	fixture_sweep(runs, &ce);
	t.wall_s = 2.51; /* the rows' 1.5 + 1.0 + 0.01 s */
	t.legend = &legend;
	assert_int_equal(kb_print_sweep_table(f, &t), 0);
	fputs("--\n", f);
	kb_print_legend(f, &legend);
	fclose(f);
	assert_string_equal(text, sweep_want);
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

static const char run_want[] =
	"size (B)     MB/s          min-max     ops/s    \u00b5s/op   CPU% thread CPU%    ns/B CPU ns/B  samples\n"
	"      16     13.9        13.9-13.9    871000     1.15    100          50    71.8     71.8        3\n"
	"   16384     1500        1471-1531     91553     10.9    100          50   0.667    0.667        3\n";

static const char run_legend_want[] =
	"ns/B = wall-clock nanoseconds per byte (median); no cyc/B: the TSC is not constant-rate\n"
	"CPU ns/B = all CPUs' busy time in nanoseconds per byte (median): what a byte costs in CPU, offloaded or not\n";

/* A run's table: ns/B and CPU ns/B per size, in their columns. */
static void test_run_table(void **state)
{
	struct kb_legend legend = { .machine = "x86_64" };
	struct kb_run runs[FIXTURE_RUNS];
	char *text = NULL;
	FILE *f = memory(&text);

	(void)state;
	fixture_sweep(runs, &ce);
	assert_int_equal(kb_print_run_table(f, &runs[0], 1, 3, &legend), 0);
	kb_print_legend(f, &legend);
	fclose(f);
	assert_non_null(strstr(text, run_want));
	assert_non_null(strstr(text, run_legend_want));
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
	fixture_sweep(runs, &ce);
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

/* Why no cycles, by uname's machine. */
static void test_reason(void **state)
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
static void test_scaling_table(void **state)
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
static void test_depth_table(void **state)
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

static struct json_object *member(struct json_object *o, const char *key)
{
	struct json_object *v;

	assert_true(json_object_object_get_ex(o, key, &v));
	return v;
}

/* JSON: ns_per_byte beside cycles_per_byte (null); null only without bytes. */
static void test_json(void **state)
{
	struct json_object *doc, *arr, *sum, *v;
	struct kb_run runs[FIXTURE_RUNS];
	size_t i;

	(void)state;
	fixture_sweep(runs, &ce);
	doc = fixture_json(runs, FIXTURE_RUNS);
	arr = member(doc, "runs");
	sum = json_object_array_get_idx(
		member(json_object_array_get_idx(arr, 0), "summary"), 1);
	assert_int_equal(json_object_get_int(member(sum, "size")), 16384);
	assert_null(member(sum, "cycles_per_byte"));
	v = member(sum, "ns_per_byte");
	assert_true(json_object_is_type(v, json_type_double));
	assert_true(json_object_get_double(v) > 0.6666 &&
		    json_object_get_double(v) < 0.6668);
	sum = json_object_array_get_idx(
		member(json_object_array_get_idx(arr, 1), "summary"), 1);
	v = member(sum, "ns_per_byte");
	assert_true(json_object_get_double(v) > 5.541 &&
		    json_object_get_double(v) < 5.542);
	json_object_put(doc);

	/* A size whose samples did no byte has no figure: null, not 0. */
	for (i = 1; i < runs[1].samples; i += 2) {
		assert_int_equal(runs[1].sample[i].size, 16384);
		runs[1].sample[i].bytes = runs[1].sample[i].ops = 0;
	}
	doc = kb_run_to_json(&runs[1]);
	sum = json_object_array_get_idx(member(doc, "summary"), 1);
	assert_int_equal(json_object_get_int(member(sum, "size")), 16384);
	assert_null(member(sum, "ns_per_byte"));
	json_object_put(doc);
	fixture_release(runs, FIXTURE_RUNS);
}

/*
 * CSV: ns_per_byte, the last figure, filled where cycles_per_byte is not;
 * then the run's context.
 */
static void test_csv(void **state)
{
	struct kb_run runs[FIXTURE_RUNS];
	char *text = NULL;
	FILE *f = memory(&text);

	(void)state;
	fixture_sweep(runs, &ce);
	assert_int_equal(
		kb_print_runs_csv(f, runs, FIXTURE_RUNS, KB_CSV_SUMMARY), 0);
	fclose(f);
	assert_non_null(strstr(
		text,
		",cpu_percent,thread_cpu_percent,cycles_per_byte,ns_per_byte,context\n"));
	/* 16384 B: no cycles_per_byte, then 0.667 ns a byte, as in JSON. */
	assert_non_null(strstr(text,
			       ",1530.61227615295,91552.6885722733,100,"
			       "49.9999249568126,,0.666667000192111,thread\n"));
	assert_non_null(strstr(
		text,
		",refused,-22,unsupported key length,,,,,,,,,,,thread\n"));
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sweep_table),
		cmocka_unit_test(test_run_table),
		cmocka_unit_test(test_cycles_stay),
		cmocka_unit_test(test_reason),
		cmocka_unit_test(test_scaling_table),
		cmocka_unit_test(test_depth_table),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_csv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
