// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Per-CPU runs made into one, and which implementation wins where.
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

#include <linux/kaesbench.h>

#include <json-c/json.h>

#include "bench/crossover.h"
#include "runs/crossover_report.h"
#include "bench/aggregate.h"
#include "runs/run_json.h"

static const uint32_t sizes[] = { 64, 1024, 16384 };

static void impl(struct kb_run *run, const char *driver, const char *module,
		 uint32_t flags)
{
	memset(run, 0, sizeof(*run));
	run->impl.alg_name = strdup("cbc(aes)");
	run->impl.driver_name = strdup(driver);
	run->impl.module = strdup(module);
	run->impl.flags = flags;
	run->state = KB_RUN_ENDED;
	run->depth = 1;
	assert_int_equal(kb_sizes_copy(&run->sizes, sizes, 3), 0);
}

/* One sample: @mbps MB/s, with all CPUs busy @busy_pct of the time. */
static void sample(struct kb_run *run, uint32_t size, uint32_t index,
		   uint32_t cpu, bool has_cpu, double mbps, uint64_t busy_pct)
{
	struct kb_sample s = {
		.size = size,
		.index = index,
		.wall_ns = 100000000,
		.busy_ns = 100000000 * busy_pct / 100,
		.thread_ns = 100000000,
		.cpu = cpu,
		.has_cpu = has_cpu,
	};

	s.bytes = (uint64_t)(mbps * 1e6 / 10);
	s.ops = s.bytes / size;
	assert_int_equal(kb_run_add_sample(run, &s), 0);
}

static void test_aggregate(void **state)
{
	struct kb_run run, agg, one;
	struct kb_summary sum;

	(void)state;
	impl(&run, "aes-generic", "kernel", 0);
	sample(&run, 64, 0, 0, true, 100, 200);
	sample(&run, 64, 0, 1, true, 80, 200);
	sample(&run, 64, 1, 0, true, 100, 200);
	sample(&run, 64, 1, 1, true, 90, 200);
	assert_int_equal(kb_run_aggregate(&run, &agg), 0);
	assert_int_equal(agg.samples, 2);
	assert_int_equal(kb_summarize(&agg, 64, &sum), 0);
	/* 180 and 190 MB/s; busy time is counted once, not per CPU. */
	assert_true(sum.mbps_median > 184.9 && sum.mbps_median < 185.1);
	assert_true(sum.cpu_percent > 199.9 && sum.cpu_percent < 200.1);
	assert_int_equal(kb_run_one_cpu(&run, 1, &one), 0);
	assert_int_equal(one.samples, 2);
	assert_int_equal(kb_summarize(&one, 64, &sum), 0);
	assert_true(sum.mbps_median > 84.9 && sum.mbps_median < 85.1);
	kb_run_release(&one);
	kb_run_release(&agg);
	kb_run_release(&run);
}

static double number(struct json_object *o, const char *key)
{
	struct json_object *v;

	assert_true(json_object_object_get_ex(o, key, &v));
	assert_true(json_object_is_type(v, json_type_double));
	return json_object_get_double(v);
}

/* --cpus 0,1 in JSON: the machine's rate, and against CPU 0 alone. */
static void test_aggregate_json(void **state)
{
	struct json_object *doc, *runs, *agg, *item, *v;
	struct kb_run run[2];
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	impl(&run[0], "aes-generic", "kernel", 0);
	run[0].ncpus = 1;
	sample(&run[0], 64, 0, 0, true, 100, 100);
	sample(&run[0], 64, 1, 0, true, 100, 100);
	impl(&run[1], "aes-generic", "kernel", 0);
	run[1].ncpus = 2;
	sample(&run[1], 64, 0, 0, true, 100, 200);
	sample(&run[1], 64, 0, 1, true, 80, 200);
	sample(&run[1], 64, 1, 0, true, 100, 200);
	sample(&run[1], 64, 1, 1, true, 90, 200);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(
		kb_print_runs_json(f, run, 2, json_object_new_object()), 0);
	fclose(f);
	doc = json_tokener_parse(text);
	assert_non_null(doc);
	assert_true(json_object_object_get_ex(doc, "runs", &runs));
	/* The first CPU alone: its aggregate is itself, no scaling. */
	assert_true(json_object_object_get_ex(
		json_object_array_get_idx(runs, 0), "aggregate", &agg));
	item = json_object_array_get_idx(agg, 0);
	assert_true(number(item, "mbps_median") > 99.9);
	assert_true(json_object_object_get_ex(item, "scaling_percent", &v));
	assert_null(v);
	/* Both: 180 and 190 MB/s, 185 / (2 x 100) = 92.5 %, 200 % busy. */
	item = json_object_array_get_idx(runs, 1);
	assert_true(json_object_object_get_ex(item, "cpus_at_once", &v));
	assert_int_equal(json_object_get_int(v), 2);
	assert_true(json_object_object_get_ex(item, "aggregate", &agg));
	assert_int_equal(json_object_array_length(agg), 1);
	item = json_object_array_get_idx(agg, 0);
	assert_int_equal(
		json_object_get_int(json_object_object_get(item, "samples")),
		2);
	assert_true(number(item, "mbps_median") > 184.9 &&
		    number(item, "mbps_median") < 185.1);
	assert_true(number(item, "one_cpu_mbps_median") > 99.9 &&
		    number(item, "one_cpu_mbps_median") < 100.1);
	assert_true(number(item, "scaling_percent") > 92.4 &&
		    number(item, "scaling_percent") < 92.6);
	assert_true(number(item, "cpu_percent") > 199.9 &&
		    number(item, "cpu_percent") < 200.1);
	json_object_put(doc);
	free(text);
	/* Without --cpus: null. */
	run[1].ncpus = 0;
	doc = kb_run_to_json(&run[1]);
	assert_true(json_object_object_get_ex(doc, "aggregate", &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(doc, "cpus_at_once", &v));
	assert_null(v);
	json_object_put(doc);
	kb_run_release(&run[0]);
	kb_run_release(&run[1]);
}

/* The CPU at 100 MB/s; an engine slower below 1024 B, faster from it. */
static void fixture(struct kb_run runs[3])
{
	const double engine[] = { 10, 150, 400 }, cpu[] = { 100, 100, 100 };
	size_t i;

	impl(&runs[0], "cbc-aes-aesni", "aesni_intel", KAESBENCH_IMPL_F_ASYNC);
	impl(&runs[1], "virtio_crypto_aes_cbc", "virtio_crypto",
	     KAESBENCH_IMPL_F_ASYNC);
	impl(&runs[2], "cbc(aes-generic)", "kernel", 0);
	for (i = 0; i < 3; i++) {
		sample(&runs[0], sizes[i], 0, 0, false, cpu[i], 100);
		/* The engine costs the CPU little, but most at 64 B. */
		sample(&runs[1], sizes[i], 0, 0, false, engine[i],
		       i ? 10 : 100);
		sample(&runs[2], sizes[i], 0, 0, false, cpu[i] / 4, 100);
	}
}

/* What kb_print_crossover() prints of @runs; the caller frees it. */
static char *crossover_text(const struct kb_run *runs, size_t count,
			    const struct kb_sizes *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(kb_print_crossover(f, "cbc(aes)", runs, count, s), 0);
	fclose(f);
	return text;
}

static void release(struct kb_run runs[3])
{
	for (size_t i = 0; i < 3; i++)
		kb_run_release(&runs[i]);
}

static void test_offload(void **state)
{
	struct kb_run runs[3];

	(void)state;
	fixture(runs);
	assert_false(kb_impl_is_offload(&runs[0].impl));
	assert_true(kb_impl_is_offload(&runs[1].impl));
	assert_false(kb_impl_is_offload(&runs[2].impl));
	runs[2].impl.flags |= KAESBENCH_IMPL_F_HARDWARE;
	assert_true(kb_impl_is_offload(&runs[2].impl));
	release(runs);
}

static void test_best_and_crossover(void **state)
{
	struct kb_sizes s = { .size = (uint32_t *)sizes, .count = 3 };
	struct kb_run runs[3];
	uint32_t from;
	double v;

	(void)state;
	fixture(runs);
	assert_int_equal(kb_best_run(runs, 3, 64, KB_BY_WALL, false, &v), 0);
	assert_int_equal(kb_best_run(runs, 3, 16384, KB_BY_WALL, false, &v), 1);
	assert_int_equal(kb_best_run(runs, 3, 16384, KB_BY_WALL, true, &v), 0);
	assert_int_equal(kb_best_run(runs, 3, 16384, KB_BY_CPU, false, &v), 1);
	assert_int_equal(kb_overtakes(runs, 3, 1, &s, KB_BY_WALL, &from), 0);
	assert_int_equal(from, 1024);
	assert_int_equal(kb_overtakes(runs, 3, 1, &s, KB_BY_CPU, &from), 0);
	assert_int_equal(from, 1024);
	release(runs);
}

/* No busy tick in any sample is no CPU figure, never the cheapest. */
static void test_no_busy_tick(void **state)
{
	struct kb_run runs[3];
	double v;
	size_t i;

	(void)state;
	fixture(runs);
	for (i = 0; i < runs[1].samples; i++)
		runs[1].sample[i].busy_ns = 0;
	assert_int_equal(kb_best_run(runs, 3, 16384, KB_BY_CPU, false, &v), 0);
	assert_int_equal(kb_best_run(runs, 3, 16384, KB_BY_WALL, false, &v), 1);
	release(runs);
}

static void test_never_and_dip(void **state)
{
	struct kb_sizes s = { .size = (uint32_t *)sizes, .count = 3 };
	struct kb_run runs[3];
	uint32_t from;

	(void)state;
	fixture(runs);
	/* Faster at 1024 B only: one lucky size is no crossover. */
	runs[1].sample[2].bytes /= 10;
	assert_int_equal(kb_overtakes(runs, 3, 1, &s, KB_BY_WALL, &from), 0);
	assert_int_equal(from, 0);
	release(runs);
}

/* -b does not sort: 16384,1024,64 is the same crossover as 64,1024,16384. */
static void test_sizes_in_any_order(void **state)
{
	uint32_t reversed[] = { 16384, 1024, 64 };
	struct kb_sizes s = { .size = reversed, .count = 3 };
	struct kb_run runs[3];
	char *text;
	uint32_t from;

	(void)state;
	fixture(runs);
	assert_int_equal(kb_overtakes(runs, 3, 1, &s, KB_BY_WALL, &from), 0);
	assert_int_equal(from, 1024);
	assert_int_equal(kb_overtakes(runs, 3, 1, &s, KB_BY_CPU, &from), 0);
	assert_int_equal(from, 1024);
	text = crossover_text(runs, 3, &s);
	assert_non_null(strstr(text, "faster than the CPU from 1024 B"));
	/* The rows ascend whatever the order given. */
	assert_true(strstr(text, "\n      64  ") <
		    strstr(text, "\n    1024  "));
	assert_true(strstr(text, "\n    1024  ") <
		    strstr(text, "\n   16384  "));
	free(text);
	/* Beaten at the largest size: never, and the range is 64-16384. */
	runs[1].sample[2].bytes /= 10;
	text = crossover_text(runs, 3, &s);
	assert_non_null(strstr(
		text,
		"never faster than the CPU in the measured range (64-16384 B)"));
	free(text);
	release(runs);
}

/* The engine at depth 1 (from 1024 B), 4 (from 64 B) and 16 (from 64 B). */
static void test_first_overtake(void **state)
{
	struct kb_sizes s = { .size = (uint32_t *)sizes, .count = 3 };
	struct kb_run runs[5];
	char *text;
	size_t i;

	(void)state;
	fixture(runs);
	for (i = 3; i < 5; i++) {
		impl(&runs[i], "virtio_crypto_aes_cbc", "virtio_crypto",
		     KAESBENCH_IMPL_F_ASYNC);
		runs[i].depth = i == 3 ? 16 : 4;
		sample(&runs[i], 64, 0, 0, false, 200, 10);
		sample(&runs[i], 1024, 0, 0, false, 300, 10);
		sample(&runs[i], 16384, 0, 0, false, 500, 10);
	}
	text = crossover_text(runs, 5, &s);
	assert_non_null(strstr(
		text,
		"\n  virtio_crypto_aes_cbc overtakes the CPU first at 64 B, depth 4\n"));
	free(text);
	/* Slower than the CPU at 16384 B at every depth: never. */
	for (i = 1; i < 5; i++)
		if (i != 2)
			runs[i].sample[2].bytes /= 100;
	text = crossover_text(runs, 5, &s);
	assert_non_null(strstr(
		text,
		"\n  virtio_crypto_aes_cbc never overtakes the CPU in the measured range (64-16384 B, depth 1-16)\n"));
	assert_non_null(
		strstr(text, "never cheaper in CPU in the measured range\n"));
	/* Once per engine, whatever its number of depths. */
	assert_null(
		strstr(strstr(text, "never overtakes") + 1, "never overtakes"));
	free(text);
	for (i = 0; i < 5; i++)
		kb_run_release(&runs[i]);
}

static void test_report(void **state)
{
	struct kb_sizes s = { .size = (uint32_t *)sizes, .count = 3 };
	struct kb_run runs[3];
	char *text;

	(void)state;
	fixture(runs);
	text = crossover_text(runs, 3, &s);
	assert_non_null(strstr(
		text,
		"  virtio_crypto_aes_cbc at depth 1: faster than the CPU from 1024 B; cheaper in CPU from 1024 B\n"));
	assert_non_null(strstr(text, "      64  cbc-aes-aesni@1 "));
	free(text);
	/* A failed engine is said so, not ranked. */
	runs[1].status = -EIO;
	text = crossover_text(runs, 3, &s);
	assert_non_null(strstr(
		text, "virtio_crypto_aes_cbc at depth 1: not measured\n"));
	free(text);
	release(runs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_aggregate),
		cmocka_unit_test(test_aggregate_json),
		cmocka_unit_test(test_offload),
		cmocka_unit_test(test_best_and_crossover),
		cmocka_unit_test(test_never_and_dip),
		cmocka_unit_test(test_no_busy_tick),
		cmocka_unit_test(test_report),
		cmocka_unit_test(test_sizes_in_any_order),
		cmocka_unit_test(test_first_overtake),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
