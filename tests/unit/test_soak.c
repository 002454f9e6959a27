// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench verify --time` prints: the verdict first, the counts,
 * and under a failure the first round that went wrong with how to
 * reproduce it at its depth.
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

#include "runs/soak_report.h"

static void fixture(struct kb_soak *s, uint64_t wrong)
{
	struct kb_run *r = &s->shown;

	memset(s, 0, sizeof(*s));
	s->ms = 30000;
	s->seconds = 30.4;
	s->rounds = 12;
	s->requests = 6144;
	s->bytes = 201326592;
	s->wrong = wrong;
	s->slowest_ns = 12345678;
	r->impl.driver_name = strdup("kaesbench_faulty_cbc_aes");
	r->impl.alg_name = strdup("cbc(aes)");
	r->check.reference = strdup("cbc(aes-kaesbench)");
	r->check.depth = 8;
	r->check.cases = 256;
	r->check.done = 250;
	r->check.has_done = true;
	r->check.seed = 42;
	r->check.has_seed = true;
	r->check.requests = 512;
	r->check.wrong = wrong;
	r->check.has_requests = true;
	r->state = KB_RUN_ENDED;
	if (!wrong)
		return;
	r->status = -EBADMSG;
	r->message = strdup(
		"case 22: decryption output differs from cbc(aes-kaesbench) at byte 15 of 16, at depth 8");
	r->check.has_case = true;
	r->check.vcase = (struct kb_vcase){ .index = 22,
					    .len = 16,
					    .seg = { 16 },
					    .nsegs = 1,
					    .in_place = true };
}

static char *render(const struct kb_soak *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	kb_print_soak(f, s);
	fclose(f);
	return text;
}

static void test_pass(void **state)
{
	struct kb_soak s;
	char *text;

	(void)state;
	fixture(&s, 0);
	text = render(&s);
	assert_string_equal(
		text,
		"soak: kaesbench_faulty_cbc_aes (cbc(aes)) against cbc(aes-kaesbench), depth 8\n"
		"PASS    30.4 s of 30.0, 12 rounds: 6144 requests, 201.3 MB of data checked, 0 wrong, 0 failed; slowest completion 12.346 ms\n");
	free(text);
	/* --context softirq: said in the first line. */
	s.shown.context = KAESBENCH_CONTEXT_SOFTIRQ;
	text = render(&s);
	assert_true(!strncmp(
		text,
		"soak: kaesbench_faulty_cbc_aes (cbc(aes)) against cbc(aes-kaesbench), depth 8, in softirq context\n",
		strlen("soak: kaesbench_faulty_cbc_aes (cbc(aes)) against cbc(aes-kaesbench), depth 8, in softirq context\n")));
	free(text);
	kb_soak_release(&s);
}

static void test_fail(void **state)
{
	struct json_object *o, *soak, *v;
	struct kb_soak s;
	char *text;

	(void)state;
	fixture(&s, 3);
	text = render(&s);
	assert_true(strncmp(text, "soak: ", 6) == 0);
	assert_non_null(strstr(
		text,
		"\nFAIL    30.4 s of 30.0, 12 rounds: 6144 requests, 201.3 MB of data checked, 3 wrong, 0 failed;"));
	assert_non_null(strstr(text, "the first round that went wrong:\n"));
	assert_non_null(strstr(
		text,
		"reproduce: kaesbench verify -d kaesbench_faulty_cbc_aes --seed 42 --cases 23 --depth 8\n"));
	free(text);
	o = kb_soak_to_json(&s);
	assert_non_null(o);
	assert_true(json_object_object_get_ex(o, "result", &v));
	assert_string_equal(json_object_get_string(v), "fail");
	assert_true(json_object_object_get_ex(o, "soak", &soak));
	assert_true(json_object_object_get_ex(soak, "requests_wrong", &v));
	assert_int_equal(json_object_get_uint64(v), 3);
	assert_true(json_object_object_get_ex(soak, "requests", &v));
	assert_int_equal(json_object_get_uint64(v), 6144);
	json_object_put(o);
	/* Interrupted without anything wrong: STOP, with the counts so far. */
	kb_soak_release(&s);
	fixture(&s, 0);
	s.interrupted = true;
	text = render(&s);
	assert_non_null(strstr(text, "\nSTOP    30.4 s"));
	assert_non_null(strstr(text, "interrupted: the counts so far\n"));
	free(text);
	kb_soak_release(&s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pass),
		cmocka_unit_test(test_fail),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
