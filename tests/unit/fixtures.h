/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Runs built by hand for the unit tests of the output formats: one
 * implementation, one sample, and the three-row sweep of cbc(aes) that
 * test_table.c prints with cycle counts and, on fixture_ce, without; the
 * sweep's table; one run of each path, which test_csv.c prints as CSV and
 * test_speed_mr.c as -mr lines; and the runs' JSON parsed back. Include
 * it after <cmocka.h>: the builders assert as they go.
 */
#ifndef KAESBENCH_TEST_FIXTURES_H
#define KAESBENCH_TEST_FIXTURES_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>
#include <linux/kaesbench.h>

#include "bench/paths.h"
#include "bench/result.h"
#include "runs/run_json.h"
#include "runs/table.h"

#define FIXTURE_RUNS 3
#define FIXTURE_SAMPLES 3
#define FIXTURE_PATH_RUNS 4

/* A kernel implementation of cbc(aes) with a 128-bit key, not selected. */
static inline void fixture_impl(struct kb_run *run, const char *driver,
				uint32_t flags)
{
	run->impl.alg_name = strdup("cbc(aes)");
	run->impl.driver_name = strdup(driver);
	run->impl.module = strdup("kernel");
	run->impl.type = KAESBENCH_IMPL_TYPE_SKCIPHER;
	run->impl.block_size = 16;
	run->impl.priority = 400;
	run->impl.flags = flags;
	run->key_bits = 128;
	run->selected = 0;
}

/*
 * A sample of @ops requests of @size bytes in @wall_ns, the CPUs
 * @busy_pct busy and the measuring thread half of that; @cycles 0 is no
 * cycle count (arm64's generic timer counts none), not zero cycles.
 */
static inline void fixture_sample(struct kb_run *run, uint32_t size,
				  uint32_t index, uint64_t ops,
				  uint64_t wall_ns, uint64_t busy_pct,
				  uint64_t cycles)
{
	struct kb_sample s = {
		.size = size,
		.index = index,
		.ops = ops,
		.bytes = ops * size,
		.wall_ns = wall_ns,
		.busy_ns = wall_ns * busy_pct / 100,
		.thread_ns = wall_ns * busy_pct / 200,
		.cycles = cycles,
		.has_cycles = cycles != 0,
	};

	assert_int_equal(kb_run_add_sample(run, &s), 0);
}

/*
 * The sweep's first row: the CPU's implementation, the one the crypto API
 * hands out. What sets one machine's apart from another's: its driver and
 * flags, how long each sample's 61 requests of 16384 B took, and its
 * cycles per byte times 100 at 16 and at 16384 B (0: no cycle count).
 */
struct fixture_cpu {
	const char *driver;
	uint32_t flags;
	uint64_t wall_ns[FIXTURE_SAMPLES];
	uint64_t cycles_x100[2];
};

/*
 * The CPU of an arm64 machine's sweep, in which no sample has cycles. The
 * Crypto Extensions: 13.9 MB/s at 16 B, 71.8 ns a byte; 1500, 1471 and
 * 1531 MB/s at 16384 B, 0.667 ns a byte at the median. The offload
 * engine's 180 MB/s at 16384 B: 5.54 ns a byte, 1.27 of CPU at 23 %.
 */
static const struct fixture_cpu fixture_ce = {
	.driver = "cbc-aes-ce",
	.wall_ns = { 666283, 679609, 652957 },
};

/*
 * A sweep of cbc(aes) at 16 and 16384 B: @cpu (selected, verified first),
 * an offload engine at depth 8 that has no cycle count and was not
 * verified, and an implementation that refused the key.
 */
static inline void fixture_sweep(struct kb_run runs[FIXTURE_RUNS],
				 const struct fixture_cpu *cpu)
{
	const uint32_t fit[] = { 16, 16384 };
	uint32_t i;

	memset(runs, 0, FIXTURE_RUNS * sizeof(*runs));
	fixture_impl(&runs[0], cpu->driver, cpu->flags);
	runs[0].selected = 1;
	runs[0].state = KB_RUN_ENDED;
	runs[0].depth = 1;
	runs[0].wall_s = 1.5;
	runs[0].check.cases = 96;
	runs[0].check.reference = strdup("cbc(aes-generic)");
	assert_int_equal(kb_sizes_copy(&runs[0].sizes, fit, 2), 0);
	for (i = 0; i < FIXTURE_SAMPLES; i++) {
		/* 13.9 MB/s */
		fixture_sample(&runs[0], 16, i, 871, 1000000, 100,
			       871 * 16 * cpu->cycles_x100[0] / 100);
		fixture_sample(&runs[0], 16384, i, 61, cpu->wall_ns[i], 100,
			       61 * 16384 * cpu->cycles_x100[1] / 100);
	}

	fixture_impl(&runs[1], "virtio_crypto_aes_cbc", KAESBENCH_IMPL_F_ASYNC);
	runs[1].state = KB_RUN_ENDED;
	runs[1].depth = 8;
	runs[1].wall_s = 1.0;
	runs[1].check.skipped = true;
	assert_int_equal(kb_sizes_copy(&runs[1].sizes, fit, 2), 0);
	for (i = 0; i < FIXTURE_SAMPLES; i++) {
		/* 0.0712 and 180.46 MB/s, the CPUs 23 % busy */
		fixture_sample(&runs[1], 16, i, 445, 100000000, 23, 0);
		fixture_sample(&runs[1], 16384, i, 11014, 1000000000, 23, 0);
	}

	fixture_impl(&runs[2], "cbc-aes-broken", 0);
	runs[2].state = KB_RUN_REFUSED;
	runs[2].status = -EINVAL;
	runs[2].message = strdup("unsupported key length");
	runs[2].wall_s = 0.01;
	assert_int_equal(kb_sizes_copy(&runs[2].sizes, fit, 2), 0);
}

/*
 * The sweep table of the first @count of @runs: cbc(aes) with a 128-bit
 * key, 3 samples of 1 ms, at 16, 1420 (no whole number of blocks, so not
 * measured) and 16384 B.
 */
static inline struct kb_table fixture_table(const struct kb_run *runs,
					    size_t count)
{
	static const uint32_t size[] = { 16, 1420, 16384 };
	static const struct kb_sizes cols = { .size = (uint32_t *)size,
					      .count = 3 };

	return (struct kb_table){
		.alg = "cbc(aes)",
		.key_bits = 128,
		.sample_ms = 1,
		.samples = 3,
		.sizes = &cols,
		.runs = runs,
		.count = count,
	};
}

/* The document --json prints for @runs, parsed back. */
static inline struct json_object *fixture_json(const struct kb_run *runs,
					       size_t count)
{
	struct json_object *doc;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(kb_print_runs_json(f, runs, count,
					    json_object_new_object()),
			 0);
	fclose(f);
	doc = json_tokener_parse(text);
	free(text);
	assert_non_null(doc);
	return doc;
}

/* One CPU busy throughout; 3 cycles a byte where @cycles, none elsewhere. */
static inline void fixture_path_sample(struct kb_run *run, uint32_t size,
				       uint32_t index, uint64_t ops,
				       uint64_t wall_ns, bool cycles)
{
	fixture_sample(run, size, index, ops, wall_ns, 100,
		       cycles ? ops * size * 3 : 0);
}

static inline void fixture_path_impl(struct kb_run *run, enum kb_call_path path,
				     const char *alg, const char *driver,
				     uint32_t flags)
{
	run->path = path;
	run->impl.alg_name = strdup(alg);
	run->impl.driver_name = strdup(driver);
	run->impl.flags = flags;
	run->selected = path == KB_PATH_KERNEL ? 1 : -1;
	run->key_bits = 128;
}

/*
 * A kernel run at two sizes, a refusal whose message needs quoting, an
 * OpenSSL run that measured one of the two sizes, an unavailable AF_ALG
 * run whose name holds the -mr separator.
 */
static inline void fixture_paths(struct kb_run runs[FIXTURE_PATH_RUNS])
{
	const uint32_t sizes[] = { 16, 16384 };
	uint32_t i;

	memset(runs, 0, FIXTURE_PATH_RUNS * sizeof(*runs));
	fixture_path_impl(&runs[0], KB_PATH_KERNEL, "cbc(aes)", "cbc-aes-aesni",
			  KAESBENCH_IMPL_F_ASYNC);
	runs[0].impl.module = strdup("aesni_intel");
	runs[0].impl.priority = 400;
	runs[0].state = KB_RUN_ENDED;
	runs[0].depth = 8;
	assert_int_equal(kb_sizes_copy(&runs[0].sizes, sizes, 2), 0);
	for (i = 0; i < 3; i++) {
		fixture_path_sample(&runs[0], 16, i, 1000 + 7 * i,
				    1000000 + 333 * i, true);
		fixture_path_sample(&runs[0], 16384, i, 60 + i, 999999 - i,
				    true);
	}

	fixture_path_impl(&runs[1], KB_PATH_KERNEL, "cbc(aes)",
			  "cbc-aes-broken", 0);
	runs[1].state = KB_RUN_REFUSED;
	runs[1].status = -EINVAL;
	runs[1].message = strdup("bad key, \"really\"\nbad");
	assert_int_equal(kb_sizes_copy(&runs[1].sizes, sizes, 2), 0);

	fixture_path_impl(&runs[2], KB_PATH_OPENSSL, "cbc(aes)", "AES-128-CBC",
			  0);
	runs[2].state = KB_RUN_ENDED;
	runs[2].depth = 1;
	runs[2].decrypt = true;
	runs[2].library = strdup("OpenSSL 3.0.19 27 Jan 2026");
	assert_int_equal(kb_sizes_copy(&runs[2].sizes, sizes, 1), 0);
	fixture_path_sample(&runs[2], 16, 0, 123457, 3000001, false);
	fixture_path_sample(&runs[2], 16, 1, 123001, 2999999, false);

	fixture_path_impl(&runs[3], KB_PATH_AFALG_SENDMSG, "cbc(aes)",
			  "cbc:odd", 0);
	kb_run_unavailable(&runs[3], ENOENT, "AF_ALG cannot bind cbc:odd");
	assert_int_equal(kb_sizes_copy(&runs[3].sizes, sizes, 2), 0);
}

/* Member @key of @o, which must be there. */
static inline struct json_object *fixture_member(struct json_object *o,
						 const char *key)
{
	struct json_object *v;

	assert_true(json_object_object_get_ex(o, key, &v));
	return v;
}

/* The "runs" array of the document --json prints for @runs. */
static inline struct json_object *fixture_runs_json(const struct kb_run *runs,
						    size_t count)
{
	struct json_object *doc = fixture_json(runs, count), *arr;

	arr = json_object_get(fixture_member(doc, "runs"));
	json_object_put(doc);
	return arr;
}

static inline void fixture_release(struct kb_run *runs, size_t n)
{
	while (n)
		kb_run_release(&runs[--n]);
}

#endif /* KAESBENCH_TEST_FIXTURES_H */
