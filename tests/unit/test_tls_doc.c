// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kaesbench tls's document (tls/tls_doc.c on pathdoc/): a made-up run of
 * two implementations, one valid (three record sizes, the alongside lane
 * not measured at one of them, its kTLS keys read back, no key update
 * here), one invalid, written as a table, CSV and JSON; the JSON read back
 * as a tls document, every field of the kind's tables as it was written;
 * the differential's library named where its halves have no driver; and
 * compared and reported in kTLS's words. An ESP document gains none of
 * kTLS's members.
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
#include "ipsec/esp.h"
#include "ipsec/esp_doc.h"
#include "ipsec/esp_path.h"
#include "pathdoc/path_compare.h"
#include "pathdoc/path_doc.h"
#include "pathdoc/path_report.h"
#include "pathdoc/saved_path.h"
#include "tls/tls.h"
#include "tls/tls_doc.h"
#include "tls/tls_path.h"

static struct kb_path_point points[3];
static struct kb_path_result results[2];
static struct kb_tls_front front;

static void contains(const char *text, const char *want)
{
	assert_non_null(text);
	if (!strstr(text, want))
		fail_msg("\"%s\" not in:\n%.6000s", want, text);
}

static void lacks(const char *text, const char *unwanted)
{
	assert_non_null(text);
	if (strstr(text, unwanted))
		fail_msg("\"%s\" in:\n%.6000s", unwanted, text);
}

/* Without white space: JSON's layout is json-c's, not the test's. */
static char *squeeze(const char *s)
{
	char *out = strdup(s), *o = out;

	assert_non_null(out);
	for (; *s; s++)
		if (*s != ' ' && *s != '\n')
			*o++ = *s;
	*o = 0;
	return out;
}

static void contains_json(const char *text, const char *want)
{
	char *t = squeeze(text), *w = squeeze(want);

	contains(t, w);
	free(t);
	free(w);
}

static void rate(struct kb_path_rate *r, double pps, uint64_t received)
{
	*r = (struct kb_path_rate){
		.pps = pps,
		.gbps = pps * 1e-5,
		.cpu_us_per_packet = 4.5,
		.spread = 0.02,
		.count = 3,
		.median = { .sent = received,
			    .received = received,
			    .wall_s = 0.5 },
	};
}

static void proof(struct kb_path_proof *p, unsigned int lane, int side,
		  const char *also)
{
	*p = (struct kb_path_proof){ .driver = "generic-gcm-aesni",
				     .proved = true,
				     .delta = 1,
				     .lane = lane,
				     .side = side };
	snprintf(p->also, sizeof(p->also), "%s", also);
}

/* The kernel seals on lane 1 and opens on lane 2: libcrypto the other. */
static void result(struct kb_path_result *r, const char *driver, bool valid)
{
	*r = (struct kb_path_result){
		.impl = { .priority = 400, .selected = valid },
		.proofs = 4,
		.state = valid ? KB_PATH_VALID : KB_PATH_INVALID,
		.half = { { "generic-gcm-aesni",
			    NULL,
			    { .sent = 200, .received = 199 },
			    { 0, 1 },
			    true },
			  { NULL,
			    "generic-gcm-aesni",
			    { .sent = 200, .received = 198 },
			    { 2, 0 },
			    true } },
		.ceiling_context = { 0, 0 },
	};
	snprintf(r->impl.driver, sizeof(r->impl.driver), "%s", driver);
	snprintf(r->impl.named, sizeof(r->impl.named), "%s", driver);
	snprintf(r->rotation.not_here, sizeof(r->rotation.not_here),
		 "this kernel has no TLS 1.3 key update (6.14 and later)");
	proof(&r->proof[0], 0, 0, "TLS_TX sw, TlsTxSw +1");
	proof(&r->proof[1], 0, 1, "TLS_RX sw, TlsRxSw +1");
	proof(&r->proof[2], 1, 0, "TLS_TX sw, TlsTxSw +1");
	proof(&r->proof[3], 2, 1, "TLS_RX hw, TlsRxDevice +1");
	r->proof[3].also_bad = !valid;
	r->proof[3].proved = valid;
	if (!valid)
		snprintf(r->message, sizeof(r->message),
			 "2 records the kernel refused");
}

static void make_run(struct kb_path_run *run, bool sendfile)
{
	front = (struct kb_tls_front){ .cipher = kb_tls_cipher_named(
					       "aes-128-gcm"),
				       .version = KB_TLS_13,
				       .sendfile = sendfile };
	*run = (struct kb_path_run){
		.kind = { &kb_tls_path_ops, &front },
		.key_bits = 128,
		.ms = 500,
		.repeats = 3,
		.diff_packets = 200,
		.result = results,
		.count = 2,
		.reference_version =
			"OpenSSL 3.0.19 27 Jan 2026 (libcrypto.so.3)",
		.alongside_version = "OpenSSL 3.0.19 27 Jan 2026 (libssl.so.3)",
	};
	snprintf(run->reference.driver, sizeof(run->reference.driver),
		 "gcm_base(ctr(aes-generic),ghash-generic)");
	snprintf(run->selected, sizeof(run->selected), "generic-gcm-aesni");
	result(&results[0], "generic-gcm-aesni", true);
	result(&results[1], "generic-gcm-vaes-avx2", false);
	results[0].point = points;
	results[0].points = 3;
	results[1].point = points;
	results[1].points = 1;
	points[0] = (struct kb_path_point){ .packet_size = 64,
					    .crypt_len = 65,
					    .wire_len = 86,
					    .has_ceiling = true,
					    .ceiling_pps = 500000,
					    .ceiling_mbps = 32.5,
					    .has_alongside = true };
	points[1] = (struct kb_path_point){ .packet_size = 1500,
					    .crypt_len = 1501,
					    .wire_len = 1522,
					    .has_alongside = true };
	points[2] = (struct kb_path_point){ .packet_size = 16384,
					    .crypt_len = 16385,
					    .wire_len = 16406 };
	snprintf(points[2].alongside_error, sizeof(points[2].alongside_error),
		 "libssl.so.3 cannot be loaded");
	rate(&points[0].tunnel, 90000, 45000);
	rate(&points[0].plain, 300000, 150000);
	rate(&points[0].alongside, 60000, 30000);
	rate(&points[1].tunnel, 40000, 20000);
	rate(&points[1].plain, 120000, 60000);
	rate(&points[1].alongside, 50000, 25000);
	rate(&points[2].tunnel, 9000, 4500);
	rate(&points[2].plain, 30000, 15000);
}

static char *print(const struct kb_path_run *run, enum kb_path_output out)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(kb_tls_print(f, run, out), 0);
	assert_int_equal(fclose(f), 0);
	return text;
}

static void read_back(const struct kb_path_run *run, struct kb_saved *doc)
{
	char *text = print(run, KB_PATH_OUT_JSON), err[512];

	if (kb_saved_parse_as(doc, "tls.json", text, strlen(text), NULL, err,
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

static void same_point(const struct kb_path_rec *rec,
		       const struct kb_saved_path_point *p)
{
	const struct kb_path_doc *pd = &kb_tls_doc;

	same_fields(pd->point_fields, pd->npoint_fields, rec, p, "points[]");
	same_fields(kb_path_rate_fields, kb_path_nrate_fields, &rec->pt->tunnel,
		    &p->tunnel, "tunnel");
	same_fields(kb_path_rate_fields, kb_path_nrate_fields, &rec->pt->plain,
		    &p->plain, "plain");
	if (rec->pt->has_alongside)
		same_fields(kb_path_rate_fields, kb_path_nrate_fields,
			    &rec->pt->alongside, &p->alongside, "alongside");
	else
		assert_string_equal(p->alongside_error,
				    rec->pt->alongside_error);
}

/* Every field of kTLS's tables that is read back, as it was written. */
static void test_round_trip(void **state)
{
	const struct kb_path_doc *pd = &kb_tls_doc;
	struct kb_path_rec rec = { .doc = pd };
	const struct kb_saved_path *impl;
	struct kb_path_run run;
	struct kb_saved doc;
	size_t i, k;

	(void)state;
	make_run(&run, true);
	rec.run = &run;
	read_back(&run, &doc);
	assert_ptr_equal(doc.kind, &kb_tls_doc_kind);
	assert_ptr_equal(kb_doc_kind_named("tls"), &kb_tls_doc_kind);
	assert_int_equal(doc.paths, run.count);
	for (i = 0; i < run.count; i++) {
		rec.r = &run.result[i];
		rec.pt = NULL;
		impl = &doc.path[i];
		same_fields(pd->fields, pd->nfields, &rec, impl, "tls[]");
		assert_string_equal(impl->key.suite, "aes-128-gcm");
		assert_int_equal(impl->key.key_bits, 128);
		assert_string_equal(impl->key.variant, "1.3");
		assert_int_equal(impl->key.option, 1);
		assert_int_equal(impl->ends, 4);
		assert_int_equal(impl->proved, i ? 3 : 4);
		assert_int_equal(impl->contradicted, i ? 1 : 0);
		assert_int_equal(impl->half[0].refused[1], 1);
		assert_int_equal(impl->half[1].refused[0], 2);
		assert_string_equal(impl->differential_reference,
				    "OpenSSL's libcrypto");
		assert_string_equal(impl->alongside_version,
				    run.alongside_version);
		assert_non_null(strstr(impl->rotation_not_here, "6.14"));
		assert_int_equal(impl->points, rec.r->points);
		for (k = 0; k < rec.r->points; k++) {
			rec.pt = &rec.r->point[k];
			same_point(&rec, &impl->point[k]);
		}
	}
	kb_saved_free(&doc);
}

/* libcrypto named at the halves' other end; the keys' read-back. */
static void test_json(void **state)
{
	struct kb_path_run run;
	char *text;

	(void)state;
	make_run(&run, false);
	text = print(&run, KB_PATH_OUT_JSON);
	contains_json(text, "\"tls\": [");
	contains_json(text, "\"encrypts\": \"generic-gcm-aesni\",\n"
			    "          \"decrypts\": \"OpenSSL's libcrypto\"");
	contains_json(text, "\"encrypts\": \"OpenSSL's libcrypto\",\n"
			    "          \"decrypts\": \"generic-gcm-aesni\"");
	contains_json(text, "\"decrypt_errors\": 2");
	contains_json(text, "\"openssl_refused\": 1");
	contains_json(text, "\"read_back\": \"TLS_RX hw, TlsRxDevice +1\",\n"
			    "          \"read_back_contradicts\": true");
	contains_json(text,
		      "\"rotation\": null,\n      \"rotation_not_here\": ");
	contains_json(text, "\"sendfile\": false");
	contains_json(
		text,
		"\"alongside\": null,\n"
		"          \"alongside_error\": \"libssl.so.3 cannot be loaded\"");
	contains_json(text, "\"alongside_ratio\": 1.5");
	lacks(text, "\"iperf3\"");
	free(text);
	/* No generic parts found: null, not an empty name. */
	run.reference.driver[0] = 0;
	text = print(&run, KB_PATH_OUT_JSON);
	contains_json(text, "\"reference_driver\": null");
	free(text);
}

static void test_table(void **state)
{
	struct kb_path_run run;
	char *text;

	(void)state;
	make_run(&run, true);
	text = print(&run, KB_PATH_OUT_TABLE);
	contains(text,
		 "kTLS aes-128-gcm (gcm(aes)), TLS 1.3, records over TCP "
		 "on a network namespace's loopback, sent with sendfile()\n"
		 "3 x 500 ms per size; differential: 200 records each way\n"
		 "checked against: OpenSSL's libcrypto (OpenSSL 3.0.19");
	contains(text, "\nalongside: OpenSSL's TLS in userspace");
	contains(text, "\nno key update here: this kernel has no TLS 1.3");
	contains(text, "  kTLS keys: 4 made, 4 proved by their driver's "
		       "reference count (+1 each)\n"
		       "  read back: TLS_TX sw, TlsTxSw +1 (2 kTLS keys); "
		       "TLS_RX sw, TlsRxSw +1 (1 kTLS key); TLS_RX hw, "
		       "TlsRxDevice +1 (1 kTLS key)\n");
	contains(text, "TlsRxDevice +1 (1 kTLS key: not the driver's)\n");
	contains(text,
		 "  the kernel seals, OpenSSL's libcrypto opens: 199 of "
		 "200 right, 0 records the kernel refused (TlsDecryptError), "
		 "1 records OpenSSL's libcrypto refused, 0 wrong, 0 lost\n");
	contains(text, "  libcrypto seals, the kernel opens: 198 of 200 right, "
		       "2 records the kernel refused");
	contains(text, "  record  kTLS |   tunnel/s");
	contains(text,
		 "|  OpenSSL/s  Gbit/s  us CPU  ratio |  ceiling/s  share\n");
	contains(text,
		 "|      60000   0.600    4.50  1.50x |     500000    18%\n");
	contains(text,
		 "|          -       -       -      - |          -      -\n");
	contains(text, "  OpenSSL at 16384: libssl.so.3 cannot be loaded\n");
	contains(text, "\nrecord: a record's plaintext bytes;");
	lacks(text, "datagram");
	lacks(text, "key update at");
	free(text);
}

/* A row per implementation and point, each as wide as the header. */
static void test_csv(void **state)
{
	struct kb_path_run run;
	char *text, *line, *save = NULL;
	size_t cells = 0, n, rows = 0;
	const char *c;

	(void)state;
	make_run(&run, true);
	text = print(&run, KB_PATH_OUT_CSV);
	contains(text, "cipher,key_bits,version,sendfile,driver,");
	contains(text, ",diff_decrypt_errors,diff_openssl_refused,diff_wrong,");
	contains(text, ",plain_cpu_us,alongside_pps,alongside_gbps,"
		       "alongside_cpu_us,alongside_spread,alongside_ratio,"
		       "ceiling_pps,");
	contains(text, "\naes-128-gcm,128,1.3,true,generic-gcm-aesni,");
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save), rows++) {
		for (n = 1, c = line; *c; c++)
			n += *c == ',';
		if (!cells)
			cells = n;
		else if (n != cells)
			fail_msg("%zu cells, not %zu: %s", n, cells, line);
	}
	assert_int_equal(rows, 1 + 3 + 1);
	free(text);
}

static char *compare(const struct kb_saved *old, const struct kb_saved *new,
		     bool json, struct kb_cmp_outcome *out)
{
	struct kb_cmp_opts o = { KB_CMP_DEFAULT_THRESHOLD,
				 KB_CMP_DEFAULT_ALPHA };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(old->kind->compare(f, old, new, &o, json, out), 0);
	assert_int_equal(fclose(f), 0);
	return text;
}

/* Keyed by sendfile too: a run without it is another measurement. */
static void test_compare(void **state)
{
	struct kb_cmp_outcome out = { 0 };
	struct kb_saved a, b;
	struct kb_path_run run;
	char *text;

	(void)state;
	make_run(&run, true);
	read_back(&run, &a);
	make_run(&run, false);
	read_back(&run, &b);
	text = compare(&a, &a, false, &out);
	contains(text, "\nkTLS aes-128-gcm, TLS 1.3, sendfile\n");
	contains(text, "  implementation         record  OLD tunnel/s  NEW "
		       "tunnel/s   ratio  plain ratio  OpenSSL ratio ");
	contains(text, "records received right per second through kTLS");
	contains(text, "OpenSSL ratio: the same through OpenSSL's TLS in "
		       "userspace");
	assert_int_equal(out.compared, 4);
	assert_false(out.failed);
	free(text);
	text = compare(&a, &a, true, &out);
	contains_json(text, "\"version\": \"1.3\", \"sendfile\": true");
	contains_json(text, "\"alongside_ratio\": 1.0");
	contains_json(text, "\"alongside_packets_per_s\": 60000");
	free(text);
	text = compare(&a, &b, false, &out);
	assert_int_equal(out.compared, 0);
	contains(text, "\nkTLS aes-128-gcm, TLS 1.3\n");
	free(text);
	kb_saved_free(&a);
	kb_saved_free(&b);
}

static void test_report(void **state)
{
	struct kb_path_run run;
	struct kb_saved doc;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	make_run(&run, false);
	read_back(&run, &doc);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	kb_report_path_html(f, &doc, 1);
	kb_report_path_csv(f, &doc);
	assert_int_equal(fclose(f), 0);
	contains(text,
		 "<h2>TLS in the kernel (kTLS): aes-128-gcm, TLS 1.3 (#1)");
	contains(text, ". Checked against: OpenSSL&#39;s libcrypto (OpenSSL "
		       "3.0.19 27 Jan 2026 (libcrypto.so.3)). Reference: ");
	contains(text, "<th>record</th><th>kTLS bytes</th><th>tunnel "
		       "records/s</th>");
	contains(text, "<th>OpenSSL records/s</th><th>&micro;s CPU</th>"
		       "<th>tunnel / OpenSSL</th>");
	contains(text, "<td class=\"num\">1.50x</td>");
	contains(text, "OpenSSL at 16384 B: libssl.so.3 cannot be loaded");
	contains(text, "records/s by record size</title>");
	contains(text, "1 read back by kTLS as not the driver's");
	contains(text, "No key update here: this kernel has no TLS 1.3");
	contains(text,
		 "libcrypto seals, the kernel opens: <span class=\"failed\">"
		 "198 of 200 right, 2 ");
	contains(text, "\ntls.json,aes-128-gcm,128,1.3,false,generic-gcm-aesni,"
		       "valid,64,86,");
	contains(text,
		 ",60000.0,4.500,1.5000,500000.0,0.1800,4,4,400,397,0,2,1,"
		 "0,\n");
	contains(text,
		 ",generic-gcm-vaes-avx2,invalid,,,invalid,invalid,"
		 "invalid,invalid,invalid,invalid,invalid,invalid,invalid,"
		 "invalid,invalid,4,3,400,397,0,2,1,0,2 records the "
		 "kernel refused\n");
	free(text);
	kb_saved_free(&doc);
}

/* ESP's document as before: none of kTLS's members. */
static void test_esp_unchanged(void **state)
{
	struct kb_esp_choice c;
	struct kb_esp_setup esp;
	struct kb_path_run run;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	make_run(&run, false);
	assert_int_equal(kb_esp_find("rfc4106(gcm(aes))", &c), 0);
	esp = (struct kb_esp_setup){ .t = c.t, .tunnel = true };
	run.kind = (struct kb_path_kind){ &kb_esp_path_ops, &esp };
	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(kb_esp_print(f, &run, KB_PATH_OUT_JSON), 0);
	assert_int_equal(kb_esp_print(f, &run, KB_PATH_OUT_TABLE), 0);
	assert_int_equal(fclose(f), 0);
	contains_json(text, "\"ipsec\": [");
	lacks(text, "read_back");
	lacks(text, "alongside");
	lacks(text, "rotation_not_here");
	lacks(text, "OpenSSL's libcrypto");
	lacks(text, "checked against");
	contains_json(text, "\"decrypts\": null");
	contains(text, "  packet   ESP |   tunnel/s");
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_table),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_compare),
		cmocka_unit_test(test_report),
		cmocka_unit_test(test_esp_unchanged),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
