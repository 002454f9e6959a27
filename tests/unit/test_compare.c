// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kaesbench compare: reading run documents back (every kind of bad input
 * exits 2 with a message naming the file and the fault), matching rows,
 * verdicts and exit statuses. The documents are in tests/unit/data/:
 * compare-old.json and compare-new.json are made so that each verdict
 * appears once; run-6.12-cbc.json is a real run in a 6.12 VM.
 * ipsec-old.json and ipsec-new.json are `kaesbench ipsec --json`
 * documents, made up as ipsec_report.c writes them: an implementation
 * faster, one slower, one valid in OLD and invalid in NEW, one that failed
 * in OLD, one in NEW only.
 */

#define _GNU_SOURCE /* open_memstream() */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cmd/compare.h"
#include "base/options.h"
#include "documents/kinds.h"
#include "ipsec/esp_doc.h"
#include "pathdoc/path_compare_report.h"
#include "runs/compare_report.h"

#define DATA(f) KB_TEST_DATA "/" f

/* Runs `kaesbench compare ARGS`; its stderr into @err. Return: its exit. */
static int compare(char *err, size_t len, ...)
{
	char *argv[16] = { "compare" };
	FILE *tmp = tmpfile();
	int argc = 1, saved, ret;
	va_list ap;
	size_t n;

	va_start(ap, len);
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	assert_non_null(tmp);
	fflush(stdout);
	fflush(stderr);
	saved = dup(STDERR_FILENO);
	dup2(fileno(tmp), STDERR_FILENO);
	ret = kb_compare_main(argc, argv);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	rewind(tmp);
	n = fread(err, 1, len - 1, tmp);
	err[n] = '\0';
	fclose(tmp);
	return ret;
}

static void expect_bad(const char *file, const char *message)
{
	char err[1024];

	assert_int_equal(compare(err, sizeof(err), DATA("compare-old.json"),
				 file, NULL),
			 KB_EXIT_USAGE);
	if (!strstr(err, message))
		fail_msg("%s: \"%s\" not in \"%s\"", file, message, err);
	/* The file is named. */
	assert_non_null(strstr(err, strrchr(file, '/') + 1));
}

static void test_bad_documents(void **state)
{
	(void)state;
	expect_bad(DATA("bad-truncated.json"), "truncated JSON");
	expect_bad(DATA("bad-malformed.json"), "not valid JSON");
	expect_bad(DATA("bad-trailing.json"), "not one JSON document");
	expect_bad(DATA("bad-empty.json"),
		   "empty, not a kaesbench run document");
	expect_bad(DATA("bad-array.json"), "not a kaesbench run document");
	expect_bad(DATA("bad-foreign.json"), "not a kaesbench run document");
	expect_bad(DATA("bad-verify.json"), "a kaesbench verify document");
	expect_bad(DATA("bad-no-runs.json"), "no runs");
	expect_bad(DATA("bad-schema.json"),
		   "schema_version 2 is not supported");
	expect_bad(DATA("bad-schema-type.json"),
		   "\"schema_version\" is not a whole number");
	/* Null is not "before versioning". */
	expect_bad(DATA("bad-schema-null.json"),
		   "\"schema_version\" is not a whole number");
	expect_bad(DATA("bad-sample.json"),
		   "runs[0].samples[2]: \"wall_ns\" is not a positive");
	expect_bad(DATA("bad-run.json"), "runs[1]: \"path\" is missing");
	expect_bad(DATA("no-such-file.json"), "cannot read");
	expect_bad(
		DATA("bad-ipsec.json"),
		"ipsec[0].points[1].tunnel: \"packets_per_s\" is not a number");
	expect_bad(
		DATA("compare-ctr.json"),
		"different algorithms: OLD (" DATA("compare-old.json") ") has cbc(aes), NEW (" DATA(
			"compare-ctr.json") ") has ctr(aes)");
}

static void test_usage(void **state)
{
	char err[1024];

	(void)state;
	assert_int_equal(compare(err, sizeof(err), DATA("compare-old.json"),
				 NULL),
			 KB_EXIT_USAGE);
	assert_non_null(strstr(err, "give two files"));
	assert_int_equal(compare(err, sizeof(err), "--alpha", "0",
				 DATA("compare-old.json"),
				 DATA("compare-new.json"), NULL),
			 KB_EXIT_USAGE);
	assert_non_null(
		strstr(err, "--alpha: \"0\" is not a number in (0, 1]"));
	assert_int_equal(compare(err, sizeof(err), "--threshold", "-5",
				 DATA("compare-old.json"),
				 DATA("compare-new.json"), NULL),
			 KB_EXIT_USAGE);
	assert_int_equal(compare(err, sizeof(err), "--threshold", "5x",
				 DATA("compare-old.json"),
				 DATA("compare-new.json"), NULL),
			 KB_EXIT_USAGE);
	assert_int_equal(compare(err, sizeof(err), "--bogus", NULL),
			 KB_EXIT_USAGE);
}

static void test_exit_status(void **state)
{
	char err[1024];

	(void)state;
	/* A significant regression of 30 %. */
	assert_int_equal(compare(err, sizeof(err), DATA("compare-old.json"),
				 DATA("compare-new.json"), NULL),
			 KB_EXIT_ERROR);
	/* Not beyond a threshold of 40 %. */
	assert_int_equal(compare(err, sizeof(err), "--threshold", "40",
				 DATA("compare-old.json"),
				 DATA("compare-new.json"), NULL),
			 KB_EXIT_OK);
	/* Five samples a side never reach p < 0.005 (2 / 252 = 0.0079). */
	assert_int_equal(compare(err, sizeof(err), "--alpha", "0.005",
				 DATA("compare-old.json"),
				 DATA("compare-new.json"), NULL),
			 KB_EXIT_OK);
	/* A real run against itself. */
	assert_int_equal(compare(err, sizeof(err), "--json",
				 DATA("run-6.12-cbc.json"),
				 DATA("run-6.12-cbc.json"), NULL),
			 KB_EXIT_OK);
	assert_string_equal(err, "");
}

/*
 * Depth 1 against depth 8: every row in one file only. The listing is
 * still printed, but a CI gate must not pass on it.
 */
static void test_nothing_compared(void **state)
{
	FILE *out = tmpfile();
	char err[1024], listing[4096];
	int saved;
	size_t n;

	(void)state;
	assert_non_null(out);
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	dup2(fileno(out), STDOUT_FILENO);
	assert_int_equal(compare(err, sizeof(err), DATA("match-old.json"),
				 DATA("match-depth8.json"), NULL),
			 KB_EXIT_USAGE);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	rewind(out);
	n = fread(listing, 1, sizeof(listing) - 1, out);
	listing[n] = '\0';
	fclose(out);
	assert_non_null(strstr(
		err,
		"nothing compared: no row is in both files (rows are keyed by path, driver, key bits, direction, depth and size)"));
	assert_non_null(strstr(listing, "only in OLD"));
	assert_non_null(strstr(listing, "only in NEW"));
	/* One row in both files is a comparison. */
	assert_int_equal(compare(err, sizeof(err), DATA("match-old.json"),
				 DATA("match-new.json"), NULL),
			 KB_EXIT_OK);
	assert_null(strstr(err, "nothing compared"));
}

static void load(struct kb_saved *doc, const char *file)
{
	char err[512];

	if (kb_saved_load(doc, file, err, sizeof(err)))
		fail_msg("%s", err);
}

static const struct kb_cmp_opts defaults = { KB_CMP_DEFAULT_THRESHOLD,
					     KB_CMP_DEFAULT_ALPHA };

static void expect_row(const struct kb_cmp_row *r, const char *path,
		       const char *driver, uint32_t size, enum kb_verdict v)
{
	assert_string_equal(r->key.path, path);
	assert_string_equal(r->key.driver, driver);
	assert_int_equal(r->size, size);
	if (r->verdict != v)
		fail_msg("%s %s %u: %s, want %s", path, driver, size,
			 kb_verdict_label(r->verdict), kb_verdict_label(v));
}

static void test_rows(void **state)
{
	struct kb_saved old, new;
	struct kb_cmp c;

	(void)state;
	load(&old, DATA("compare-old.json"));
	load(&new, DATA("compare-new.json"));
	assert_int_equal(old.schema_version, 0); /* before versioning */
	assert_null(old.kernel_release);
	assert_int_equal(new.schema_version, 1);
	assert_string_equal(new.kernel_release, "6.12.117+deb12-amd64");
	assert_true(kb_cmp_common_algorithm(&old, &new));
	assert_int_equal(kb_compare(&old, &new, &defaults, &c), 0);
	/* Kernel first, then by driver and size; nothing dropped. */
	assert_int_equal(c.count, 6);
	expect_row(&c.row[0], "kernel", "cbc(aes-generic)", 64, KB_V_ONLY_NEW);
	assert_null(c.row[0].why_missing);
	expect_row(&c.row[1], "kernel", "cbc-aes-aesni", 64, KB_V_NO_CHANGE);
	expect_row(&c.row[2], "kernel", "cbc-aes-aesni", 1024, KB_V_REGRESSION);
	assert_true(fabs(c.row[2].change - -30.0) < 0.5);
	assert_true(fabs(c.row[2].test.p - 2.0 / 252) < 1e-12);
	assert_int_equal(c.row[2].old.n, 5);
	assert_int_equal(c.row[2].new.n, 5);
	/* Failed its verification in NEW: said so, not dropped. */
	expect_row(&c.row[3], "kernel", "virtio_crypto_aes_cbc", 64,
		   KB_V_ONLY_OLD);
	assert_string_equal(c.row[3].why_missing, "invalid");
	expect_row(&c.row[4], "openssl", "AES-128-CBC", 64, KB_V_IMPROVEMENT);
	expect_row(&c.row[5], "openssl", "AES-128-CBC", 1024, KB_V_WITHIN);
	assert_int_equal(c.verdicts[KB_V_REGRESSION], 1);
	assert_int_equal(c.verdicts[KB_V_ONLY_OLD], 1);
	kb_cmp_free(&c);
	kb_saved_free(&old);
	kb_saved_free(&new);
}

/* The row key: a depth or a size apart is another row; same key pools. */
static void test_matching(void **state)
{
	struct kb_saved old, new;
	struct kb_cmp c;

	(void)state;
	load(&old, DATA("match-old.json"));
	load(&new, DATA("match-new.json"));
	assert_int_equal(kb_compare(&old, &new, &defaults, &c), 0);
	assert_int_equal(c.count, 4);
	/* Depth 1, 64 B: two runs of OLD pooled, none in NEW. */
	expect_row(&c.row[0], "kernel", "x", 64, KB_V_ONLY_OLD);
	assert_int_equal(c.row[0].old.n, 3);
	assert_true(fabs(c.row[0].old.median - 1.001) < 1e-9);
	assert_string_equal(c.row[0].why_missing, "not measured at this size");
	/* One sample a side: p can never be small. */
	expect_row(&c.row[1], "kernel", "x", 128, KB_V_TOO_FEW);
	assert_int_equal(c.row[1].key.depth, 1);
	expect_row(&c.row[2], "kernel", "x", 64, KB_V_ONLY_NEW);
	assert_int_equal(c.row[2].key.depth, 8);
	expect_row(&c.row[3], "afalg-sendmsg", "x", 128, KB_V_ONLY_NEW);
	kb_cmp_free(&c);
	kb_saved_free(&old);
	kb_saved_free(&new);
}

static void test_verdict(void **state)
{
	struct kb_saved_run run = { 0 };
	struct kb_cmp_row r = {
		.old.run = &run,
		.new.run = &run,
		.min_p = 0.008,
		.test.p = 0.01,
		.change = -5.0,
	};
	struct kb_cmp_opts o = { 5, 0.05 };

	(void)state;
	/* Exactly at the threshold is not beyond it. */
	assert_int_equal(kb_cmp_verdict(&r, &o), KB_V_WITHIN);
	r.change = -5.01;
	assert_int_equal(kb_cmp_verdict(&r, &o), KB_V_REGRESSION);
	r.change = 5.01;
	assert_int_equal(kb_cmp_verdict(&r, &o), KB_V_IMPROVEMENT);
	r.test.p = 0.05;
	assert_int_equal(kb_cmp_verdict(&r, &o), KB_V_NO_CHANGE);
	r.min_p = 0.1;
	assert_int_equal(kb_cmp_verdict(&r, &o), KB_V_TOO_FEW);
	r.new.run = NULL;
	assert_int_equal(kb_cmp_verdict(&r, &o), KB_V_ONLY_OLD);
	assert_string_equal(kb_verdict_name(KB_V_NO_CHANGE), "no_change");
	assert_string_equal(kb_verdict_label(KB_V_REGRESSION), "REGRESSION");
}

static void test_json_output(void **state)
{
	struct json_object *root, *rows, *row, *v;
	struct kb_saved old, new;
	struct kb_cmp c;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	load(&old, DATA("compare-old.json"));
	load(&new, DATA("compare-new.json"));
	assert_int_equal(kb_compare(&old, &new, &defaults, &c), 0);
	assert_int_equal(kb_print_compare_json(f, &old, &new, &defaults, &c),
			 0);
	fclose(f);
	root = json_tokener_parse(text);
	assert_non_null(root);
	assert_true(json_object_object_get_ex(root, "rows", &rows));
	assert_int_equal(json_object_array_length(rows), 6);
	row = json_object_array_get_idx(rows, 2);
	assert_true(json_object_object_get_ex(row, "verdict", &v));
	assert_string_equal(json_object_get_string(v), "regression");
	assert_true(json_object_object_get_ex(row, "p_method", &v));
	assert_string_equal(json_object_get_string(v), "exact");
	row = json_object_array_get_idx(rows, 3);
	assert_true(json_object_object_get_ex(row, "missing_reason", &v));
	assert_string_equal(json_object_get_string(v), "invalid");
	assert_true(json_object_object_get_ex(row, "new", &v));
	assert_null(v);
	json_object_put(root);
	free(text);
	kb_cmp_free(&c);
	kb_saved_free(&old);
	kb_saved_free(&new);
}

/*
 * Runs `kaesbench compare ARGS`; its standard output into @out (free it),
 * its stderr into @err. Return: its exit status.
 */
static int compare_out(char **out, char *err, size_t len, ...)
{
	char *argv[8] = { "compare" };
	FILE *tmp = tmpfile();
	int argc = 1, saved, ret;
	va_list ap;
	long n;

	va_start(ap, len);
	while (argc < 7 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	assert_non_null(tmp);
	fflush(stdout);
	saved = dup(STDOUT_FILENO);
	dup2(fileno(tmp), STDOUT_FILENO);
	ret = compare(err, len, argc > 1 ? argv[1] : NULL,
		      argc > 2 ? argv[2] : NULL, argc > 3 ? argv[3] : NULL,
		      argc > 4 ? argv[4] : NULL, NULL);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	n = ftell(tmp);
	rewind(tmp);
	*out = calloc(1, (size_t)n + 1);
	assert_non_null(*out);
	assert_int_equal(fread(*out, 1, (size_t)n, tmp), (size_t)n);
	fclose(tmp);
	return ret;
}

static void load_ipsec(struct kb_saved *doc, const char *file)
{
	char err[512];

	if (kb_saved_load_as(doc, file, NULL, err, sizeof(err)))
		fail_msg("%s", err);
	assert_ptr_equal(doc->kind, &kb_esp_doc_kind);
}

static void expect_ipsec_row(const struct kb_path_cmp_row *r,
			     const char *driver, uint32_t size,
			     enum kb_path_verdict v)
{
	assert_string_equal(r->key.driver, driver);
	assert_int_equal(r->size, size);
	if (r->verdict != v)
		fail_msg("%s %u: %s, want %s", driver, size,
			 kb_path_verdict_label(r->verdict),
			 kb_path_verdict_label(v));
}

#define REF "seqiv(rfc4106(gcm_base(ctr(aes-generic),ghash-generic)))"
#define AESNI "seqiv(rfc4106-gcm-aesni)"
#define QAT "seqiv(rfc4106-gcm-qat)"
#define VAES "seqiv(rfc4106-gcm-vaes-avx2)"
#define VIRTIO "seqiv(virtio_crypto_rfc4106_gcm_aes)"

static void test_ipsec_rows(void **state)
{
	struct kb_saved old, new;
	struct kb_path_cmp c;
	struct kb_path_cmp_row *r;

	(void)state;
	load_ipsec(&old, DATA("ipsec-old.json"));
	load_ipsec(&new, DATA("ipsec-new.json"));
	assert_int_equal(old.paths, 4);
	assert_string_equal(new.kernel_release, "7.2.13+deb14-amd64");
	assert_true(kb_path_cmp_common_suite(&old, &new));
	assert_int_equal(kb_path_compare(&old, &new, &defaults, &c), 0);
	/* By driver, then sizes ascending, then the mix; nothing dropped. */
	assert_int_equal(c.count, 12);
	expect_ipsec_row(&c.row[0], REF, 64, KB_PV_WITHIN);
	expect_ipsec_row(&c.row[2], REF, 0, KB_PV_WITHIN);
	assert_string_equal(c.row[2].imix, "7x64,4x576,1x1500");
	expect_ipsec_row(&c.row[3], AESNI, 64, KB_PV_IMPROVEMENT);
	/* 28000 against 40000: -30 %, beyond both spreads of 3 %. */
	expect_ipsec_row(&c.row[4], AESNI, 1420, KB_PV_REGRESSION);
	assert_float_equal(c.row[4].ratio, 0.7, 1e-9);
	assert_float_equal(c.row[4].plain_ratio, 50500.0 / 50000, 1e-9);
	/* -8 % is beyond the threshold, but OLD's spread is 12 %. */
	expect_ipsec_row(&c.row[5], AESNI, 0, KB_PV_WITHIN_SPREAD);
	assert_float_equal(c.row[5].spread, 0.12, 1e-9);
	/* Failed in OLD: shown, marked, and no ratio. */
	r = &c.row[6];
	expect_ipsec_row(r, QAT, 64, KB_PV_NOT_VALID);
	assert_true(isnan(r->ratio));
	assert_true(isnan(r->plain_ratio));
	assert_string_equal(r->old.impl->state, "failed");
	assert_non_null(r->new.point);
	expect_ipsec_row(&c.row[8], VAES, 64, KB_PV_ONLY_NEW);
	/* Valid in OLD, invalid in NEW: its NEW figures are never compared. */
	r = &c.row[10];
	expect_ipsec_row(r, VIRTIO, 64, KB_PV_NOW_INVALID);
	assert_true(isnan(r->ratio));
	assert_non_null(r->new.point);
	assert_int_equal(c.verdicts[KB_PV_NOW_INVALID], 2);
	assert_int_equal(c.verdicts[KB_PV_REGRESSION], 1);
	assert_int_equal(kb_path_cmp_compared(&c), 10);
	assert_true(kb_path_cmp_failed(&c));
	kb_path_cmp_free(&c);
	/* One measurement a side: its spread says nothing. */
	old.path[1].point[1].tunnel.measurements = 1;
	assert_int_equal(kb_path_compare(&old, &new, &defaults, &c), 0);
	expect_ipsec_row(&c.row[4], AESNI, 1420, KB_PV_TOO_FEW);
	kb_path_cmp_free(&c);
	/* A document against itself: within threshold, and not valid rows. */
	assert_int_equal(kb_path_compare(&new, &new, &defaults, &c), 0);
	assert_false(kb_path_cmp_failed(&c));
	assert_int_equal(c.verdicts[KB_PV_NOT_VALID], 2);
	assert_int_equal(c.verdicts[KB_PV_WITHIN], c.count - 2);
	kb_path_cmp_free(&c);
	kb_saved_free(&old);
	kb_saved_free(&new);
}

static void test_ipsec_exit_status(void **state)
{
	char err[1024], *out;

	(void)state;
	/* A regression, and an implementation now invalid. */
	assert_int_equal(compare_out(&out, err, sizeof(err),
				     DATA("ipsec-old.json"),
				     DATA("ipsec-new.json"), NULL),
			 KB_EXIT_ERROR);
	assert_string_equal(err, "");
	free(out);
	/* Beyond a threshold of 40 % no regression: the invalid one stays. */
	assert_int_equal(compare_out(&out, err, sizeof(err), "--threshold",
				     "40", DATA("ipsec-old.json"),
				     DATA("ipsec-new.json"), NULL),
			 KB_EXIT_ERROR);
	assert_null(strstr(out, "REGRESSION\n"));
	assert_non_null(strstr(out, "NOW INVALID (NEW: invalid: "));
	free(out);
	/* The other way round, the invalid one is not valid in OLD. */
	assert_int_equal(compare_out(&out, err, sizeof(err), "--threshold",
				     "40", DATA("ipsec-new.json"),
				     DATA("ipsec-old.json"), NULL),
			 KB_EXIT_OK);
	free(out);
	/* Never one of each kind, whichever comes first. */
	assert_int_equal(compare(err, sizeof(err), DATA("ipsec-old.json"),
				 DATA("compare-old.json"), NULL),
			 KB_EXIT_USAGE);
	assert_non_null(strstr(
		err,
		"OLD (" DATA("ipsec-old.json") ") is an ipsec document, NEW (" DATA(
			"compare-old.json") ") a run document: compare takes two of a kind"));
	assert_int_equal(compare(err, sizeof(err), DATA("compare-old.json"),
				 DATA("ipsec-new.json"), NULL),
			 KB_EXIT_USAGE);
	assert_non_null(strstr(err, "is a run document, NEW ("));
	assert_non_null(strstr(err, ") an ipsec document"));
}

static void test_ipsec_table(void **state)
{
	char err[1024], *out;

	(void)state;
	assert_int_equal(compare_out(&out, err, sizeof(err),
				     DATA("ipsec-old.json"),
				     DATA("ipsec-new.json"), NULL),
			 KB_EXIT_ERROR);
	assert_non_null(strstr(out, "ESP rfc4106(gcm(aes)), 128-bit key, "
				    "tunnel mode\n"));
	assert_non_null(strstr(
		out,
		"  seqiv(rfc4106-gcm-aesni)                                    1420         40000         28000   0.70x        1.01x     22.0     31.0        40%        28%  REGRESSION\n"));
	/* The invalid implementation's state, never its NEW figures. */
	assert_non_null(strstr(
		out,
		"  seqiv(virtio_crypto_rfc4106_gcm_aes)                        1420          9000       invalid       -            -     90.0        -        82%          -  NOW INVALID (NEW: invalid: it encrypts, the reference decrypts: 12 of 200 failed authentication)\n"));
	assert_null(strstr(out, "29000"));
	assert_non_null(strstr(out, "        failed         70000       -"));
	assert_non_null(strstr(out, "compare: 1 REGRESSION, 2 NOW INVALID, "));
	free(out);
}

static void test_ipsec_json(void **state)
{
	struct json_object *root, *rows, *row, *v, *side;
	char err[1024], *out;

	(void)state;
	assert_int_equal(compare_out(&out, err, sizeof(err), "--json",
				     DATA("ipsec-old.json"),
				     DATA("ipsec-new.json"), NULL),
			 KB_EXIT_ERROR);
	root = json_tokener_parse(out);
	assert_non_null(root);
	assert_true(json_object_object_get_ex(root, "document", &v));
	assert_string_equal(json_object_get_string(v), "ipsec");
	assert_true(json_object_object_get_ex(root, "rows", &rows));
	assert_int_equal(json_object_array_length(rows), 12);
	row = json_object_array_get_idx(rows, 4);
	assert_true(json_object_object_get_ex(row, "verdict", &v));
	assert_string_equal(json_object_get_string(v), "regression");
	assert_true(json_object_object_get_ex(row, "ratio", &v));
	assert_float_equal(json_object_get_double(v), 0.7, 1e-9);
	row = json_object_array_get_idx(rows, 5);
	assert_true(json_object_object_get_ex(row, "packet_bytes", &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(row, "imix", &v));
	assert_string_equal(json_object_get_string(v), "7x64,4x576,1x1500");
	/* Now invalid: its state and message, no figure, no ratio. */
	row = json_object_array_get_idx(rows, 10);
	assert_true(json_object_object_get_ex(row, "verdict", &v));
	assert_string_equal(json_object_get_string(v), "now_invalid");
	assert_true(json_object_object_get_ex(row, "ratio", &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(row, "new", &side));
	assert_true(json_object_object_get_ex(side, "state", &v));
	assert_string_equal(json_object_get_string(v), "invalid");
	assert_true(json_object_object_get_ex(side, "packets_per_s", &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(root, "verdicts", &v));
	assert_true(json_object_object_get_ex(v, "now_invalid", &v));
	assert_int_equal(json_object_get_int(v), 2);
	json_object_put(root);
	free(out);
}

/* Parsed as `kaesbench compare` does; @want in the message, or NULL: ok. */
static void expect_ipsec_parse(const char *text, const char *want)
{
	struct kb_saved doc;
	char err[512] = "";
	int ret;

	ret = kb_saved_parse_as(&doc, "x.json", text, strlen(text), NULL, err,
				sizeof(err));
	if (!want && ret)
		fail_msg("refused: %s", err);
	if (want && (ret != -EINVAL || !strstr(err, want)))
		fail_msg("\"%s\" not in \"%s\"", want, err);
	kb_saved_free(&doc);
}

#define IPSEC_DOC(impl) "{\"schema_version\": 1, \"ipsec\": [" impl "]}"
#define POINT(p)                                                              \
	IPSEC_DOC("{\"driver\": \"d\", \"state\": \"valid\", \"points\": [" p \
		  "]}")

static void test_ipsec_parse(void **state)
{
	struct kb_saved doc;
	char err[512];
	const char *lenient = IPSEC_DOC(
		"{\"driver\": \"d\", \"state\": null, \"future\": [1],"
		" \"points\": [{\"packet_bytes\": 64, \"tunnel\": "
		"{\"packets_per_s\": 10, \"cpu_us_per_packet\": null}}]}");

	(void)state;
	/* Unknown members ignored; null is "not recorded", not valid. */
	assert_int_equal(kb_saved_parse_as(&doc, "x.json", lenient,
					   strlen(lenient), NULL, err,
					   sizeof(err)),
			 0);
	assert_string_equal(doc.path[0].state, "-");
	assert_false(kb_saved_path_valid(&doc.path[0]));
	assert_float_equal(doc.path[0].point[0].tunnel.pps, 10, 0);
	assert_true(isnan(doc.path[0].point[0].tunnel.cpu_us));
	assert_true(isnan(doc.path[0].point[0].plain.pps));
	assert_true(isnan(doc.path[0].point[0].ceiling_pps));
	kb_saved_free(&doc);
	expect_ipsec_parse(POINT("{\"imix\": \"7x64\"}"), NULL);
	/* Strict where a figure is concerned. */
	expect_ipsec_parse(
		POINT("{\"packet_bytes\": 64, \"tunnel\": {\"packets_per_s\": \"9\"}}"),
		"x.json: ipsec[0].points[0].tunnel: \"packets_per_s\" is not a number, 0 or more");
	expect_ipsec_parse(
		POINT("{\"packet_bytes\": 64, \"plain\": {\"spread\": -1}}"),
		"ipsec[0].points[0].plain: \"spread\" is not a number");
	expect_ipsec_parse(POINT("{\"packet_bytes\": 64, \"share\": NaN}"),
			   "ipsec[0].points[0]: \"share\" is not a number");
	expect_ipsec_parse(POINT("{\"esp_packet_bytes\": 80}"),
			   "not one of \"packet_bytes\" and \"imix\"");
	expect_ipsec_parse(POINT("{\"packet_bytes\": 64, \"imix\": \"7x64\"}"),
			   "not one of \"packet_bytes\" and \"imix\"");
	expect_ipsec_parse(POINT("{\"packet_bytes\": 64.5}"),
			   "\"packet_bytes\" is not a size in bytes");
	expect_ipsec_parse(POINT("{\"packet_bytes\": 64, \"ceiling\": 5}"),
			   "\"ceiling\" is not null or an object");
	expect_ipsec_parse(IPSEC_DOC("{\"state\": \"valid\"}"),
			   "x.json: ipsec[0]: \"driver\" is missing");
	expect_ipsec_parse(IPSEC_DOC("{\"driver\": \"d\", \"state\": 1}"),
			   "\"state\" is not a string");
	expect_ipsec_parse(
		IPSEC_DOC(
			"{\"driver\": \"d\", \"differential\": [{\"wrong\": -1}]}"),
		"ipsec[0].differential[0]: \"wrong\" is not a count");
	expect_ipsec_parse(
		IPSEC_DOC("{\"driver\": \"d\", \"sas\": [{\"proved\": 1}]}"),
		"ipsec[0].sas[0]: not an object whose \"proved\" is true or false");
	expect_ipsec_parse(IPSEC_DOC(""), "no implementations in \"ipsec\"");
	expect_ipsec_parse("{\"schema_version\": 1, \"ipsec\": {}}",
			   "\"ipsec\" is not an array");
	expect_ipsec_parse("{\"schema_version\": 2, \"ipsec\": []}",
			   "schema_version 2 is not supported");
}

/* Where only runs are read (plot), an ipsec document is named as one. */
static void test_ipsec_not_a_run(void **state)
{
	struct kb_saved doc;
	char err[512];

	(void)state;
	assert_int_equal(kb_saved_load(&doc, DATA("ipsec-old.json"), err,
				       sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "ipsec-old.json: a kaesbench ipsec "
				    "document, not a run document"));
	kb_saved_free(&doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_documents),
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_exit_status),
		cmocka_unit_test(test_nothing_compared),
		cmocka_unit_test(test_rows),
		cmocka_unit_test(test_matching),
		cmocka_unit_test(test_verdict),
		cmocka_unit_test(test_json_output),
		cmocka_unit_test(test_ipsec_rows),
		cmocka_unit_test(test_ipsec_exit_status),
		cmocka_unit_test(test_ipsec_table),
		cmocka_unit_test(test_ipsec_json),
		cmocka_unit_test(test_ipsec_parse),
		cmocka_unit_test(test_ipsec_not_a_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
