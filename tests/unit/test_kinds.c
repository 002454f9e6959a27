// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The table of document kinds (documents/kinds.c): every kind's row is
 * whole; every field a kind's table says is read back is read back as
 * it was written (a made-up kaesbench ipsec run, written as JSON by its
 * kind and read by the reader, field by field through the tables); and
 * a document is read as the kind its list says, and compared by its
 * kind's rule.
 */

#define _GNU_SOURCE /* open_memstream() */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "documents/kinds.h"
#include "ipsec/esp_doc.h"
#include "ipsec/esp_path.h"
#include "pathdoc/path_doc.h"
#include "pathdoc/saved_path.h"
#include "runs/run_kind.h"

#define DATA(f) KB_TEST_DATA "/" f

static struct kb_path_point points[3];
static struct kb_path_result results[2];
static struct kb_esp_setup setup;

static void rate(struct kb_path_rate *r, double pps, uint64_t received)
{
	*r = (struct kb_path_rate){
		.pps = pps,
		.gbps = pps * 1e-6,
		.cpu_us_per_packet = 3.25,
		.spread = 0.0125,
		.wrong = 1,
		.lost = 7,
		.count = 3,
		.median = { .sent = received + 7,
			    .received = received,
			    .wall_s = 1.25 },
	};
}

static void result(struct kb_path_result *r, const char *driver, bool valid)
{
	*r = (struct kb_path_result){
		.impl = { .priority = 400, .selected = valid },
		.proofs = 2,
		.state = valid ? KB_PATH_VALID : KB_PATH_INVALID,
		.half = { { "a",
			    "ref",
			    { .sent = 100, .received = 98 },
			    { 2, 5, 1 },
			    true },
			  { "ref",
			    "a",
			    { .sent = 100, .received = 100 },
			    { 0, 0, 3 },
			    true } },
	};
	snprintf(r->impl.driver, sizeof(r->impl.driver), "%s", driver);
	snprintf(r->impl.named, sizeof(r->impl.named), "%s", "gcm-aesni");
	r->proof[0] = (struct kb_path_proof){ .driver = "d", .proved = true };
	r->proof[1] = (struct kb_path_proof){ .driver = "d", .raised = true };
	if (!valid)
		snprintf(r->message, sizeof(r->message), "a \"wrong\" packet");
}

/* Two implementations: one valid at 64 B, 1420 B and the mix; one not. */
static void make_run(struct kb_path_run *run)
{
	struct kb_esp_choice c;

	assert_int_equal(kb_esp_find("rfc4106(gcm(aes))", &c), 0);
	setup = (struct kb_esp_setup){ .t = c.t, .tunnel = true };
	*run = (struct kb_path_run){
		.kind = { &kb_esp_path_ops, &setup },
		.key_bits = 256,
		.ms = 200,
		.repeats = 3,
		.imix_spec = "7:40,4:576,1:1500",
		.result = results,
		.count = 2,
	};
	snprintf(run->reference.driver, sizeof(run->reference.driver),
		 "seqiv(rfc4106(gcm_base(ctr(aes-generic),ghash-generic)))");
	result(&results[0], "seqiv(rfc4106-gcm-aesni)", true);
	result(&results[1], "seqiv(rfc4106-gcm-vaes-avx2)", false);
	snprintf(results[0].impl.module, sizeof(results[0].impl.module),
		 "aesni_intel");
	results[0].point = points;
	results[0].points = 3;
	results[1].point = points;
	results[1].points = 1;
	points[0] = (struct kb_path_point){ .packet_size = 64,
					    .crypt_len = 56,
					    .wire_len = 120,
					    .has_ceiling = true,
					    .ceiling_pps = 400000.5,
					    .ceiling_mbps = 25.5 };
	points[1] = (struct kb_path_point){ .packet_size = 1420,
					    .crypt_len = 1400,
					    .wire_len = 1480 };
	points[2] = (struct kb_path_point){ .crypt_len = 300, .wire_len = 360 };
	rate(&points[0].tunnel, 123456.7, 100);
	rate(&points[0].plain, 234567.8, 0);
	rate(&points[1].tunnel, 80000, 5);
	rate(&points[1].plain, 90000, 5);
	rate(&points[2].tunnel, 50000, 5);
	rate(&points[2].plain, 60000, 5);
}

static void read_back(const struct kb_path_run *run, struct kb_saved *doc)
{
	char *text = NULL, err[512];
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(kb_esp_print(f, run, KB_PATH_OUT_JSON), 0);
	assert_int_equal(fclose(f), 0);
	if (kb_saved_parse_as(doc, "ipsec.json", text, len, NULL, err,
			      sizeof(err)))
		fail_msg("%s", err);
	free(text);
}

static void same_fields(const struct kb_field *const *field, size_t n,
			const void *rec, const void *saved, const char *what)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!kb_field_equal(field[i], rec, saved))
			fail_msg("%s: \"%s\" read back is not what was written",
				 what,
				 field[i]->json ? field[i]->json :
						  field[i]->csv);
}

/* Every field of ESP's tables that is read back, as it was written. */
static void test_round_trip(void **state)
{
	const struct kb_path_doc *pd = &kb_esp_doc;
	const struct kb_saved_path *impl;
	struct kb_path_rec rec = { .doc = pd };
	struct kb_path_run run;
	struct kb_saved doc;
	size_t i, k, c;

	(void)state;
	make_run(&run);
	rec.run = &run;
	read_back(&run, &doc);
	assert_ptr_equal(doc.kind, &kb_esp_doc_kind);
	assert_int_equal(doc.paths, run.count);
	for (i = 0; i < run.count; i++) {
		rec.r = &run.result[i];
		rec.pt = NULL;
		impl = &doc.path[i];
		same_fields(pd->fields, pd->nfields, &rec, impl, "ipsec[]");
		assert_int_equal(impl->ends, rec.r->proofs);
		assert_int_equal(impl->proved, 1);
		assert_int_equal(impl->raised, 1);
		for (k = 0; k < 2; k++)
			for (c = 0; c < pd->ops->nrefusals; c++)
				assert_int_equal(impl->half[k].refused[c],
						 rec.r->half[k].refused[c]);
		assert_int_equal(impl->points, rec.r->points);
		for (k = 0; k < rec.r->points; k++) {
			rec.pt = &rec.r->point[k];
			same_fields(pd->point_fields, pd->npoint_fields, &rec,
				    &impl->point[k], "points[]");
			same_fields(kb_path_rate_fields, kb_path_nrate_fields,
				    &rec.pt->tunnel, &impl->point[k].tunnel,
				    "tunnel");
			same_fields(kb_path_rate_fields, kb_path_nrate_fields,
				    &rec.pt->plain, &impl->point[k].plain,
				    "plain");
		}
	}
	kb_saved_free(&doc);
}

/* A kind's row is whole: the run kind's tables are the report's page. */
static void test_rows(void **state)
{
	const struct kb_doc_kind *k;
	size_t i;

	(void)state;
	assert_ptr_equal(kb_doc_kinds[0], &kb_run_doc_kind);
	for (i = 0; kb_doc_kinds[i]; i++) {
		k = kb_doc_kinds[i];
		assert_non_null(k->name);
		assert_non_null(k->an);
		assert_non_null(k->list);
		assert_non_null(k->items);
		assert_non_null(k->read);
		assert_non_null(k->free);
		assert_non_null(k->comparable);
		assert_non_null(k->compare);
		assert_non_null(k->keyed_by);
		assert_ptr_equal(kb_doc_kind_named(k->name), k);
		if (!i)
			continue;
		assert_non_null(k->report_html);
		assert_non_null(k->report_csv);
		assert_non_null(k->csv_header);
		assert_true(k->nfields > 0);
	}
	assert_null(kb_doc_kind_named("wireguard"));
}

static void load(struct kb_saved *doc, const char *file)
{
	char err[512];

	if (kb_saved_load_as(doc, file, NULL, err, sizeof(err)))
		fail_msg("%s", err);
}

/* Read as the kind the list says, and compared by that kind's rule. */
static void test_dispatch(void **state)
{
	struct kb_saved old, new, run;
	struct kb_cmp_outcome out = { 0 };
	struct kb_cmp_opts o = { KB_CMP_DEFAULT_THRESHOLD,
				 KB_CMP_DEFAULT_ALPHA };
	char err[512];
	FILE *devnull = fopen("/dev/null", "w");

	(void)state;
	assert_non_null(devnull);
	load(&old, DATA("ipsec-old.json"));
	load(&new, DATA("ipsec-new.json"));
	load(&run, DATA("compare-old.json"));
	assert_ptr_equal(old.kind, &kb_esp_doc_kind);
	assert_ptr_equal(run.kind, &kb_run_doc_kind);
	assert_true(old.kind->comparable(&old, &new, err, sizeof(err)));
	assert_int_equal(
		old.kind->compare(devnull, &old, &new, &o, false, &out), 0);
	assert_int_equal(out.compared, 10);
	assert_true(out.failed);
	assert_int_equal(run.kind->compare(devnull, &run, &run, &o, true, &out),
			 0);
	assert_false(out.failed);
	kb_saved_free(&run);
	/* A reader of one kind names the kind it was given. */
	assert_int_not_equal(kb_saved_load(&run, DATA("ipsec-old.json"), err,
					   sizeof(err)),
			     0);
	assert_non_null(
		strstr(err, "a kaesbench ipsec document, not a run document"));
	kb_saved_free(&run);
	kb_saved_free(&old);
	kb_saved_free(&new);
	fclose(devnull);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_dispatch),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
