// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The lines of `kaesbench verify`, exactly as the in-VM tests and people
 * grep them: PASS, FAIL with its case and reproduction command, SKIP.
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

#include "base/options.h"
#include "cmd/verify.h"
#include "runs/verify_report.h"

static void named(struct kb_run *run, const char *driver, const char *alg,
		  const char *reference)
{
	memset(run, 0, sizeof(*run));
	run->impl.driver_name = strdup(driver);
	run->impl.alg_name = strdup(alg);
	if (reference)
		run->check.reference = strdup(reference);
}

/* A pass, the broken driver's failure, and xctr without a reference. */
static void fixture(struct kb_run runs[3])
{
	named(&runs[0], "cbc-aes-aesni", "cbc(aes)", "cbc(aes-generic)");
	runs[0].state = KB_RUN_ENDED;
	runs[0].check.cases = 256;
	runs[0].check.done = 256;
	runs[0].check.has_done = true;
	runs[0].check.seed = 123;
	runs[0].check.has_seed = true;

	named(&runs[1], "cbc-aes-kaesbench-broken", "cbc(aes)",
	      "cbc(aes-generic)");
	runs[1].state = KB_RUN_ENDED;
	runs[1].status = -EBADMSG;
	runs[1].message = strdup(
		"case 81: encryption output differs from cbc(aes-generic) at byte 4096 of 56368");
	runs[1].check.cases = 256;
	runs[1].check.done = 81;
	runs[1].check.has_done = true;
	runs[1].check.seed = 8054088443247347265ULL;
	runs[1].check.has_seed = true;
	runs[1].check.has_case = true;
	runs[1].check.vcase = (struct kb_vcase){
		.index = 81,
		.len = 56368,
		.src_offset = 3,
		.dst_offset = 9,
		.seg = { 12381, 8765, 20000, 10000, 5222 },
		.nsegs = 5,
		.offset = 4096,
		.has_offset = true,
	};

	named(&runs[2], "xctr-aes-aesni", "xctr(aes)", NULL);
	runs[2].state = KB_RUN_REFUSED;
	runs[2].status = -ENOENT;
	runs[2].message = strdup(
		"no independent reference for this algorithm on this kernel: it has no generic AES");
}

static char *render(const struct kb_run *runs, size_t count, bool seeds)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(kb_print_verify_table(f, runs, count, seeds), 0);
	fclose(f);
	return text;
}

static const char table_want[] =
	"RESULT  DRIVER                    ALGORITHM  REFERENCE         CASES\n"
	"PASS    cbc-aes-aesni             cbc(aes)   cbc(aes-generic)  256\n"
	"FAIL    cbc-aes-kaesbench-broken  cbc(aes)   cbc(aes-generic)  81 of 256\n"
	"        case 81: encryption output differs from cbc(aes-generic) at byte 4096 of 56368\n"
	"        length 56368, associated data 0, source offset 3 in 5 segments (12381+8765+20000+10000+5222), destination offset 9, out of place\n"
	"        reproduce: kaesbench verify -d cbc-aes-kaesbench-broken --seed 8054088443247347265 --cases 82\n"
	"SKIP    xctr-aes-aesni            xctr(aes)  -                 no reference\n";

static void test_table(void **state)
{
	struct kb_run runs[3];
	char *text;
	int i;

	(void)state;
	fixture(runs);
	assert_int_equal(kb_verdict(&runs[0]), KB_VERDICT_PASS);
	assert_int_equal(kb_verdict(&runs[1]), KB_VERDICT_FAIL);
	assert_int_equal(kb_verdict(&runs[2]), KB_VERDICT_SKIP);
	text = render(runs, 3, false);
	assert_string_equal(text, table_want);
	free(text);
	for (i = 0; i < 3; i++)
		kb_run_release(&runs[i]);
}

static void test_seeds_and_errors(void **state)
{
	struct kb_run runs[3];
	char *text;
	int i;

	(void)state;
	fixture(runs);
	/* Refused for another reason: a failure, with the kernel's words. */
	free(runs[2].message);
	runs[2].message = strdup("unsupported key length");
	runs[2].status = -EINVAL;
	runs[1].state = KB_RUN_INTERRUPTED;
	text = render(runs, 3, true);
	assert_string_equal(
		text,
		"RESULT  DRIVER                    ALGORITHM  REFERENCE         SEED                  CASES\n"
		"PASS    cbc-aes-aesni             cbc(aes)   cbc(aes-generic)  123                   256\n"
		"STOP    cbc-aes-kaesbench-broken  cbc(aes)   cbc(aes-generic)  8054088443247347265   interrupted\n"
		"FAIL    xctr-aes-aesni            xctr(aes)  -                 -                     kernel: unsupported key length: Invalid argument\n");
	free(text);
	for (i = 0; i < 3; i++)
		kb_run_release(&runs[i]);
}

static void test_totals(void **state)
{
	struct kb_verify_totals t = { .count = { 14, 1, 1, 0 },
				      .fixed_seed = true,
				      .seed = 123,
				      .seconds = 4.21 };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	kb_print_verify_totals(f, &t);
	t.fixed_seed = false;
	t.count[KB_VERDICT_STOP] = 1;
	kb_print_verify_totals(f, &t);
	fclose(f);
	assert_string_equal(
		text,
		"verify: 14 passed, 1 failed, 1 without a reference; seed 123 (4.2 s)\n"
		"verify: 14 passed, 1 failed, 1 without a reference, 1 interrupted; seeds chosen by the kernel (4.2 s)\n");
	free(text);
}

static void test_json(void **state)
{
	struct json_object *o, *c, *v;
	struct kb_run runs[3];
	int i;

	(void)state;
	fixture(runs);
	o = kb_verify_to_json(&runs[1]);
	assert_non_null(o);
	assert_true(json_object_object_get_ex(o, "result", &v));
	assert_string_equal(json_object_get_string(v), "fail");
	assert_true(json_object_object_get_ex(o, "seed", &v));
	assert_true(json_object_get_uint64(v) == 8054088443247347265ULL);
	assert_true(json_object_object_get_ex(o, "cases_done", &v));
	assert_int_equal(json_object_get_int(v), 81);
	assert_true(json_object_object_get_ex(o, "status", &v));
	assert_int_equal(json_object_get_int(v), -EBADMSG);
	assert_true(json_object_object_get_ex(o, "case", &c));
	assert_true(json_object_object_get_ex(c, "op", &v));
	assert_string_equal(json_object_get_string(v), "encryption");
	assert_true(json_object_object_get_ex(c, "segments", &v));
	assert_int_equal(json_object_array_length(v), 5);
	assert_true(json_object_object_get_ex(c, "error", &v));
	assert_null(v);
	json_object_put(o);

	o = kb_verify_to_json(&runs[2]);
	assert_true(json_object_object_get_ex(o, "result", &v));
	assert_string_equal(json_object_get_string(v), "skip");
	assert_true(json_object_object_get_ex(o, "case", &v));
	assert_null(v);
	json_object_put(o);
	for (i = 0; i < 3; i++)
		kb_run_release(&runs[i]);
}

/*
 * At depth: how many requests of how many were wrong, and a reproduction
 * at that depth, since a driver may be wrong only under load.
 */
static void test_depth(void **state)
{
	struct json_object *o, *v;
	struct kb_run runs[3];
	char *text;
	int i;

	(void)state;
	fixture(runs);
	runs[1].check.depth = 8;
	runs[1].check.done = 250;
	runs[1].check.requests = 2048;
	runs[1].check.wrong = 6;
	runs[1].check.has_requests = true;
	text = render(&runs[1], 1, false);
	assert_non_null(strstr(
		text,
		"        requests: 2048 checked at depth 8, 6 wrong, 0 failed\n"
		"        reproduce: kaesbench verify -d cbc-aes-kaesbench-broken --seed 8054088443247347265 --cases 82 --depth 8\n"));
	assert_non_null(strstr(text, "  250 of 256\n"));
	free(text);
	o = kb_verify_to_json(&runs[1]);
	assert_non_null(o);
	assert_true(json_object_object_get_ex(o, "depth", &v));
	assert_int_equal(json_object_get_uint64(v), 8);
	assert_true(json_object_object_get_ex(o, "requests", &v));
	assert_int_equal(json_object_get_uint64(v), 2048);
	assert_true(json_object_object_get_ex(o, "requests_wrong", &v));
	assert_int_equal(json_object_get_uint64(v), 6);
	json_object_put(o);
	/* From a module that does not count requests: no line, nulls. */
	o = kb_verify_to_json(&runs[0]);
	assert_true(json_object_object_get_ex(o, "requests", &v));
	assert_null(v);
	json_object_put(o);
	for (i = 0; i < 3; i++)
		kb_run_release(&runs[i]);
}

/*
 * On CPUs: the same cases on each, so the cell counts them all; the
 * requests line and the reproduction name the CPUs, the JSON too, and the
 * case the CPU it failed on.
 */
static void test_cpus(void **state)
{
	struct json_object *o, *v, *c;
	struct kb_run runs[3];
	char *text;
	int i;

	(void)state;
	fixture(runs);
	runs[0].ncpus = 2;
	runs[0].check.done = 512;
	text = render(&runs[0], 1, false);
	assert_non_null(strstr(text, "  512 on 2 CPUs\n"));
	free(text);
	runs[1].ncpus = 2;
	runs[1].cpu_list = strdup("0-1");
	runs[1].check.depth = 4;
	runs[1].check.done = 300;
	runs[1].check.requests = 2400;
	runs[1].check.wrong = 3;
	runs[1].check.has_requests = true;
	runs[1].check.vcase.cpu = 1;
	runs[1].check.vcase.has_cpu = true;
	text = render(&runs[1], 1, false);
	assert_non_null(strstr(text, "  300 of 512 on 2 CPUs\n"));
	assert_non_null(strstr(
		text,
		"        requests: 2400 checked at depth 4 on CPUs 0-1, 3 wrong, 0 failed\n"
		"        reproduce: kaesbench verify -d cbc-aes-kaesbench-broken --seed 8054088443247347265 --cases 82 --depth 4 --cpus 0-1\n"));
	free(text);
	o = kb_verify_to_json(&runs[1]);
	assert_non_null(o);
	assert_true(json_object_object_get_ex(o, "cpus", &v));
	assert_string_equal(json_object_get_string(v), "0-1");
	assert_true(json_object_object_get_ex(o, "case", &c));
	assert_true(json_object_object_get_ex(c, "cpu", &v));
	assert_int_equal(json_object_get_uint64(v), 1);
	json_object_put(o);
	/* Without --cpus: null. */
	o = kb_verify_to_json(&runs[2]);
	assert_true(json_object_object_get_ex(o, "cpus", &v));
	assert_null(v);
	json_object_put(o);
	for (i = 0; i < 3; i++)
		kb_run_release(&runs[i]);
}

/*
 * --context softirq: said under the table, in the reproduction command
 * and in JSON; thread context, the default, said in JSON only.
 */
static void test_context(void **state)
{
	char *argv[] = { "verify", "--context", "hardirq", NULL };
	struct json_object *o, *v;
	struct kb_run runs[3];
	char *text;
	int i;

	(void)state;
	fixture(runs);
	o = kb_verify_to_json(&runs[0]);
	assert_true(json_object_object_get_ex(o, "context", &v));
	assert_string_equal(json_object_get_string(v), "thread");
	json_object_put(o);
	for (i = 0; i < 3; i++)
		runs[i].context = KAESBENCH_CONTEXT_SOFTIRQ;
	o = kb_verify_to_json(&runs[1]);
	assert_true(json_object_object_get_ex(o, "context", &v));
	assert_string_equal(json_object_get_string(v), "softirq");
	json_object_put(o);
	text = render(runs, 2, false);
	assert_non_null(strstr(
		text,
		"        reproduce: kaesbench verify -d cbc-aes-kaesbench-broken --seed 8054088443247347265 --cases 82 --context softirq\n"
		"context: each driver called from a kernel thread with bottom halves disabled (softirq context, as ESP's receive path)\n"));
	free(text);
	for (i = 0; i < 3; i++)
		kb_run_release(&runs[i]);
	/* An unknown word: a usage error, before the module is asked. */
	assert_int_equal(kb_verify_main(3, argv), KB_EXIT_USAGE);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_seeds_and_errors),
		cmocka_unit_test(test_totals),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_depth),
		cmocka_unit_test(test_cpus),
		cmocka_unit_test(test_context),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
