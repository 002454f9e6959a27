// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kaesbench report: the table model (which run stands for each path of a
 * file, its figures, the ratios to the baseline, failed runs without
 * figures), HTML escaping, the CSV, and bad input (exit 2, the file named,
 * no output file). The documents are in tests/unit/data/: compare-old.json
 * and compare-new.json (made up), report-unselected.json (several kernel
 * implementations, none marked selected, one failing verification),
 * report-hostile.json (markup in every string, a selected run that failed),
 * run-6.12-cbc.json (a real run in a 6.12 VM), ipsec-old.json and
 * ipsec-new.json (saved `kaesbench ipsec` documents, made up; in NEW an
 * implementation is invalid).
 */

#define _GNU_SOURCE /* open_memstream() */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cmd/report.h"
#include "base/options.h"
#include "output/html_escape.h"
#include "documents/kinds.h"
#include "runs/report_csv.h"
#include "runs/report_html.h"
#include "runs/report_rows.h"

#define DATA(f) KB_TEST_DATA "/" f
#define MANY 64

static void contains(const char *text, const char *want)
{
	assert_non_null(text);
	if (!strstr(text, want))
		fail_msg("\"%s\" not in:\n%.4000s", want, text);
}

static void lacks(const char *text, const char *unwanted)
{
	assert_non_null(text);
	if (strstr(text, unwanted))
		fail_msg("\"%s\" in:\n%.4000s", unwanted, text);
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;

	while ((text = strstr(text, what))) {
		n++;
		text += strlen(what);
	}
	return n;
}

static char *slurp_fd(int fd)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&buf, &len);
	char chunk[4096];
	ssize_t n;

	assert_non_null(mem);
	lseek(fd, 0, SEEK_SET);
	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		fwrite(chunk, 1, (size_t)n, mem);
	fclose(mem);
	return buf;
}

/*
 * Runs `kaesbench report ARGS`, NULL-terminated; its standard output and
 * error into *@out and *@err (free them). Return: its exit status.
 */
static int report(char **out, char **err, ...)
{
	char *argv[MANY + 8] = { "report" };
	FILE *o = tmpfile(), *e = tmpfile();
	int argc = 1, so, se, ret;
	va_list ap;

	va_start(ap, err);
	while (argc < MANY + 7 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	assert_non_null(o);
	assert_non_null(e);
	fflush(stdout);
	fflush(stderr);
	so = dup(STDOUT_FILENO);
	se = dup(STDERR_FILENO);
	dup2(fileno(o), STDOUT_FILENO);
	dup2(fileno(e), STDERR_FILENO);
	ret = kb_report_main(argc, argv);
	fflush(stdout);
	fflush(stderr);
	/* -o moved standard output to its file: put ours back either way. */
	dup2(so, STDOUT_FILENO);
	dup2(se, STDERR_FILENO);
	close(so);
	close(se);
	*out = slurp_fd(fileno(o));
	*err = slurp_fd(fileno(e));
	fclose(o);
	fclose(e);
	return ret;
}

static void load(struct kb_saved *doc, const char *file)
{
	char err[512];

	if (kb_saved_load(doc, file, err, sizeof(err)))
		fail_msg("%s", err);
}

static const struct kb_report_series *series(const struct kb_report *r,
					     const char *alg, const char *path)
{
	size_t t, s;

	for (t = 0; t < r->tables; t++)
		for (s = 0; s < r->table[t].nseries; s++)
			if (!strcmp(r->table[t].algorithm, alg) &&
			    !strcmp(r->table[t].series[s].path, path))
				return &r->table[t].series[s];
	fail_msg("no %s series of %s", path, alg);
	return NULL;
}

static size_t size_index(const struct kb_report_series *s, uint32_t size)
{
	size_t i;

	for (i = 0; i < s->sizes; i++)
		if (s->size[i] == size)
			return i;
	fail_msg("no size %u", size);
	return 0;
}

static void test_model(void **state)
{
	const struct kb_report_series *k, *o;
	struct kb_saved doc[2];
	struct kb_report r;

	(void)state;
	load(&doc[0], DATA("compare-old.json"));
	load(&doc[1], DATA("compare-new.json"));
	assert_int_equal(kb_report_build(&r, doc, 2, 0), 0);
	assert_int_equal(r.tables, 1);
	assert_string_equal(r.table[0].algorithm, "cbc(aes)");
	assert_int_equal(r.table[0].nseries, 2);
	/* The kernel first, as in kaesbench's tables. */
	k = &r.table[0].series[0];
	assert_string_equal(k->path, "kernel");
	/* What the crypto API hands out, not the other kernel runs. */
	assert_int_equal(k->pick[0].why, KB_REPORT_SELECTED);
	assert_string_equal(k->pick[1].run->key.driver, "cbc-aes-aesni");
	assert_null(k->pick[1].run->module);
	assert_int_equal(k->sizes, 2);
	/* The median of the samples: 500 510 495 505 502 -> 502. */
	assert_float_equal(kb_report_cell(&r, k, 0, 0)->mbps, 502, 1e-9);
	assert_float_equal(kb_report_cell(&r, k, 1, 1)->mbps, 700, 1e-9);
	/* Ratios to the baseline, the first file: 700 / 1000. */
	assert_float_equal(kb_report_ratio(&r, k, 1, 1), 0.7, 1e-9);
	assert_float_equal(kb_report_ratio(&r, k, 1, 0), 1, 1e-9);
	o = &r.table[0].series[1];
	assert_string_equal(o->path, "openssl");
	assert_int_equal(o->pick[0].why, KB_REPORT_ONLY);
	assert_float_equal(kb_report_ratio(&r, o, size_index(o, 1024), 1),
			   1530.0 / 1500, 1e-9);
	kb_report_free(&r);
	/* Another baseline: the second file. */
	assert_int_equal(kb_report_build(&r, doc, 2, 1), 0);
	k = series(&r, "cbc(aes)", "kernel");
	assert_float_equal(kb_report_ratio(&r, k, 1, 0), 1000.0 / 700, 1e-9);
	kb_report_free(&r);
	kb_saved_free(&doc[0]);
	kb_saved_free(&doc[1]);
}

/* No run marked selected: the fastest valid one, never the failed one. */
static void test_unselected(void **state)
{
	const struct kb_report_series *k;
	const struct kb_report_cell *c;
	struct kb_saved doc;
	struct kb_report r;

	(void)state;
	load(&doc, DATA("report-unselected.json"));
	assert_int_equal(kb_report_build(&r, &doc, 1, 0), 0);
	k = series(&r, "cbc(aes)", "kernel");
	assert_int_equal(k->pick[0].why, KB_REPORT_FASTEST);
	assert_string_equal(k->pick[0].run->key.driver, "cbc-fast");
	assert_true(k->pick[0].valid);
	/* 900, 1000, 1100: spread 20 %, unsteady; 300 x 3 is not. */
	c = kb_report_cell(&r, k, size_index(k, 1024), 0);
	assert_float_equal(c->mbps, 1000, 1e-9);
	assert_true(kb_report_unsteady(c));
	assert_false(kb_report_unsteady(kb_report_cell(&r, k, 0, 0)));
	kb_report_free(&r);
	kb_saved_free(&doc);
}

/* A selected run that failed: its message, no figure, no ratio. */
static void test_failed_not_valid(void **state)
{
	const struct kb_report_series *k;
	struct kb_saved doc[2];
	struct kb_report r;
	char *html = NULL, *csv = NULL;
	size_t len;
	FILE *f;

	(void)state;
	load(&doc[0], DATA("report-hostile.json"));
	load(&doc[1], DATA("compare-old.json"));
	assert_int_equal(kb_report_build(&r, doc, 2, 1), 0);
	k = series(&r, "cbc(aes)", "kernel");
	assert_int_equal(k->pick[0].why, KB_REPORT_SELECTED);
	assert_false(k->pick[0].valid);
	assert_true(k->pick[1].valid);
	assert_int_equal(kb_report_cell(&r, k, 0, 0)->samples, 0);
	assert_true(isnan(kb_report_ratio(&r, k, 0, 0)));
	f = open_memstream(&html, &len);
	assert_int_equal(kb_report_html(f, &r), 0);
	fclose(f);
	contains(
		html,
		"<b>invalid</b> (status -74): case 81: output differs &lt;img src=x onerror=alert(1)&gt;");
	/* Its sizes read "invalid", never a figure. */
	contains(html, "<td class=\"num failed\">invalid</td>");
	lacks(html, "NaN");
	lacks(html, "nan");
	lacks(html, "inf<");
	f = open_memstream(&csv, &len);
	assert_int_equal(kb_report_csv(f, &r), 0);
	fclose(f);
	contains(csv, "cbc(aes),128,encrypt,kernel,64,invalid,502,,1.0000\n");
	free(html);
	free(csv);
	kb_report_free(&r);
	kb_saved_free(&doc[0]);
	kb_saved_free(&doc[1]);
}

static void test_escape(void **state)
{
	char *buf = NULL, *out, *err;
	size_t len;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	kb_html_escape(f, "<a href=\"x\" title='y'>&\x01</a>");
	kb_html_escape(f, NULL);
	fclose(f);
	assert_string_equal(
		buf,
		"&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;\xef\xbf\xbd&lt;/a&gt;-");
	free(buf);
	/* Every string of a document, in the page and its plot. */
	assert_int_equal(report(&out, &err, DATA("report-hostile.json"), NULL),
			 KB_EXIT_OK);
	lacks(out, "<script>");
	lacks(out, "<img");
	lacks(out, "<b>bad</b>");
	lacks(out, "<i>");
	contains(out, "&lt;script&gt;alert(1)&lt;/script&gt;");
	contains(out, "cbc-&lt;b&gt;bad&lt;/b&gt;");
	contains(out, "6.12 &amp; &quot;x&quot; &#39;y&#39;");
	/* Not recorded: "-", not invented. */
	contains(out,
		 "<th class=\"row\">date (UTC)</th><td class=\"base\">-</td>");
	contains(
		out,
		"<th class=\"row\">virtualization</th><td class=\"base\">-</td>");
	free(out);
	free(err);
}

static void test_csv(void **state)
{
	char *out, *err;

	(void)state;
	assert_int_equal(report(&out, &err, "--csv", "--baseline", "2",
				DATA("compare-old.json"),
				DATA("compare-new.json"), NULL),
			 KB_EXIT_OK);
	assert_string_equal(err, "");
	contains(
		out,
		"algorithm,key_bits,direction,path,size," DATA("compare-old.json") "," DATA("compare-new.json") ",ratio " DATA(
			"compare-old.json") ",ratio " DATA("compare-new.json") "\n");
	contains(out,
		 "cbc(aes),128,encrypt,kernel,1024,1000,700,1.4286,1.0000\n");
	contains(out,
		 "cbc(aes),128,encrypt,openssl,64,800,960,0.8333,1.0000\n");
	/* A row per algorithm, key, direction, path and size. */
	assert_int_equal(count(out, "\n"), 5);
	free(out);
	free(err);
}

static void test_html(void **state)
{
	char *out, *err;

	(void)state;
	assert_int_equal(report(&out, &err, DATA("compare-old.json"),
				DATA("run-6.12-cbc.json"), "--baseline", "2",
				NULL),
			 KB_EXIT_OK);
	contains(out, "<!DOCTYPE html>");
	/* Self-contained: no script, no link, nothing fetched. */
	lacks(out, "<script");
	lacks(out, "<link");
	contains(
		out,
		"run #2 (<code>" DATA(
			"run-6.12-cbc.json") "</code>, <code>--baseline 2</code>)");
	contains(out, "#2 (baseline)");
	assert_int_equal(count(out, "<svg"), 1);
	assert_int_equal(count(out, "<section>"), 1);
	contains(out, "cbc(aes) encrypt, 128-bit key</h2>");
	/* The real run's CPU and kernel, from its environment. */
	contains(out, "QEMU TCG CPU version 2.5+");
	contains(out, "6.12.117+deb12-amd64");
	/* The selected implementation, its module and depth. */
	contains(
		out,
		"cbc-aes-aesni<br><small>aesni_intel, depth 8, selected</small>");
	/* 20.97 MB/s at 16 B is the median of 3 samples spread 23 %. */
	contains(
		out,
		"21.0<span class=\"mark\" title=\"unsteady: spread 23.7 %\">~</span>");
	free(out);
	free(err);
}

static void expect_bad(const char *file, const char *message)
{
	char dir[] = "/tmp/kb-report-XXXXXX", path[64], *out, *err;
	struct stat st;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/report.html", dir);
	assert_int_equal(report(&out, &err, DATA("compare-old.json"), file,
				"-o", path, NULL),
			 KB_EXIT_USAGE);
	contains(err, message);
	contains(err, strrchr(file, '/') + 1);
	assert_string_equal(out, "");
	/* Nothing written: no file, not even a temporary one. */
	assert_int_equal(stat(path, &st), -1);
	assert_int_equal(rmdir(dir), 0);
	free(out);
	free(err);
	/* Nor on standard output without -o. */
	assert_int_equal(report(&out, &err, file, NULL), KB_EXIT_USAGE);
	assert_string_equal(out, "");
	free(out);
	free(err);
}

static void test_bad_input(void **state)
{
	(void)state;
	expect_bad(DATA("no-such-file.json"), "cannot read");
	expect_bad(DATA("bad-foreign.json"), "not a kaesbench run document");
	expect_bad(DATA("bad-verify.json"), "a kaesbench verify document");
	expect_bad(DATA("bad-schema.json"),
		   "schema_version 2 is not supported");
	expect_bad(DATA("bad-truncated.json"), "truncated JSON");
}

static void expect_usage(const char *message, ...)
{
	char *argv[8] = { "report" }, *out, *err;
	int argc = 1;
	va_list ap;

	va_start(ap, message);
	while (argc < 7 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	assert_int_equal(report(&out, &err, argc > 1 ? argv[1] : NULL,
				argc > 2 ? argv[2] : NULL,
				argc > 3 ? argv[3] : NULL,
				argc > 4 ? argv[4] : NULL, NULL),
			 KB_EXIT_USAGE);
	contains(err, message);
	contains(err, "Usage: kaesbench report");
	assert_string_equal(out, "");
	free(out);
	free(err);
}

static void test_usage(void **state)
{
	char *out, *err;

	(void)state;
	expect_usage("give one saved run or more", NULL);
	expect_usage("give one saved run or more", "--csv", NULL);
	expect_usage("unknown option --bogus", "--bogus",
		     DATA("compare-old.json"), NULL);
	expect_usage("--baseline needs a value", DATA("compare-old.json"),
		     "--baseline", NULL);
	expect_usage("--baseline: \"0\" is not a file's number, 1 to 1",
		     "--baseline", "0", DATA("compare-old.json"), NULL);
	expect_usage("--baseline: \"3\" is not a file's number, 1 to 2",
		     "--baseline", "3", DATA("compare-old.json"),
		     DATA("compare-new.json"));
	expect_usage("--baseline: \"1x\" is not a file's number", "--baseline",
		     "1x", DATA("compare-old.json"), NULL);
	assert_int_equal(report(&out, &err, "--help", NULL), KB_EXIT_OK);
	contains(out, "--baseline N");
	free(out);
	free(err);
}

/* -o FILE: the whole page, and an existing file replaced only then. */
static void test_output_file(void **state)
{
	char dir[] = "/tmp/kb-report-XXXXXX", path[64], *out, *err, *page;
	int fd;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/r.csv", dir);
	assert_int_equal(report(&out, &err, DATA("compare-old.json"), "--csv",
				"-o", path, NULL),
			 KB_EXIT_OK);
	assert_string_equal(out, "");
	free(out);
	free(err);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	page = slurp_fd(fd);
	close(fd);
	contains(page, "cbc(aes),128,encrypt,kernel,64,502,1.0000\n");
	free(page);
	/* A bad file afterwards leaves it as it was. */
	assert_int_equal(report(&out, &err, DATA("bad-schema.json"), "-o", path,
				NULL),
			 KB_EXIT_USAGE);
	free(out);
	free(err);
	fd = open(path, O_RDONLY);
	page = slurp_fd(fd);
	close(fd);
	contains(page, "cbc(aes),128,encrypt,kernel,64,502,1.0000\n");
	free(page);
	assert_int_equal(unlink(path), 0);
	assert_int_equal(rmdir(dir), 0);
}

/* 64 files: nothing sized for a few. */
static void test_many(void **state)
{
	struct kb_saved doc[MANY];
	const struct kb_report_series *k;
	struct kb_report r;
	char *html = NULL;
	size_t i, len;
	FILE *f;

	(void)state;
	for (i = 0; i < MANY; i++)
		load(&doc[i], i % 2 ? DATA("run-6.12-cbc.json") :
				      DATA("compare-old.json"));
	assert_int_equal(kb_report_build(&r, doc, MANY, MANY - 1), 0);
	k = series(&r, "cbc(aes)", "kernel");
	/* 64 and 1024 among the real run's 16 to 16384. */
	assert_int_equal(k->sizes, 7);
	f = open_memstream(&html, &len);
	assert_int_equal(kb_report_html(f, &r), 0);
	fclose(f);
	contains(html, "#64 (baseline)");
	/* A column per file in the runs table and the figures' table. */
	assert_int_equal(count(html, "<th>#") +
				 count(html, "<th class=\"base\">#"),
			 2 * MANY);
	lacks(html, "nan");
	free(html);
	kb_report_free(&r);
	for (i = 0; i < MANY; i++)
		kb_saved_free(&doc[i]);
}

static void load_any(struct kb_saved *doc, const char *file)
{
	char err[512];

	if (kb_saved_load_as(doc, file, NULL, err, sizeof(err)))
		fail_msg("%s", err);
}

/* Run documents and ipsec documents apart; numbers as on the command line. */
static void test_ipsec_model(void **state)
{
	struct kb_saved doc[4];
	struct kb_report r;

	(void)state;
	load_any(&doc[0], DATA("ipsec-old.json"));
	load_any(&doc[1], DATA("compare-old.json"));
	load_any(&doc[2], DATA("ipsec-new.json"));
	load_any(&doc[3], DATA("compare-new.json"));
	assert_int_equal(kb_report_build(&r, doc, 4, 3), 0);
	assert_int_equal(r.docs, 2);
	assert_string_equal(r.doc[1].name, DATA("compare-new.json"));
	assert_int_equal(r.file_no[0], 2);
	assert_int_equal(r.file_no[1], 4);
	assert_int_equal(r.baseline, 1);
	assert_int_equal(r.others, 2);
	assert_int_equal(r.other_file_no[1], 3);
	assert_int_equal(r.tables, 1);
	/* The same ratios as without the ipsec documents. */
	assert_float_equal(kb_report_ratio(&r, series(&r, "cbc(aes)", "kernel"),
					   1, 0),
			   1000.0 / 700, 1e-9);
	kb_report_free(&r);
	/* Only ipsec documents: no run table. */
	assert_int_equal(kb_report_build(&r, doc + 2, 1, 0), 0);
	assert_int_equal(r.docs, 0);
	assert_int_equal(r.tables, 0);
	kb_report_free(&r);
	for (size_t i = 0; i < 4; i++)
		kb_saved_free(&doc[i]);
}

static void test_ipsec_html(void **state)
{
	char *out, *err;

	(void)state;
	assert_int_equal(report(&out, &err, DATA("compare-old.json"),
				DATA("ipsec-new.json"),
				DATA("run-6.12-cbc.json"), "--baseline", "3",
				NULL),
			 KB_EXIT_OK);
	assert_string_equal(err, "");
	/* The run columns keep their numbers on the command line. */
	contains(
		out,
		"run #3 (<code>" DATA(
			"run-6.12-cbc.json") "</code>, <code>--baseline 3</code>)");
	contains(out, "<th class=\"base\">#3 (baseline)<br>");
	assert_int_equal(count(out, "<section>"), 1);
	assert_int_equal(count(out, "<section class=\"ipsec\">"), 1);
	contains(out, "IPsec: ESP rfc4106(gcm(aes)), 128-bit key, tunnel mode "
		      "(#2)</h2>");
	contains(out, "kernel 7.2.13+deb14-amd64, CPU QEMU TCG CPU version "
		      "2.5+ (2 CPUs)");
	/* A chart per valid implementation, and the run table's. */
	assert_int_equal(count(out, "<svg"), 1 + 4);
	contains(out, "<title>seqiv(rfc4106-gcm-aesni): packets/s by packet "
		      "size</title>");
	contains(out, "<th class=\"row\">1420 B</th><td class=\"num\">1476</td>"
		      "<td class=\"num\">28000</td><td class=\"num\">31.0</td>"
		      "<td class=\"num\">0.312</td>");
	contains(out, "<th class=\"row\">imix 7x64,4x576,1x1500</th>");
	/* No ceiling: "-", never 0. */
	contains(out, "<td class=\"num\">-</td><td class=\"num muted\">-</td>");
	/* The invalid one: its message and evidence, never its figures. */
	contains(out, "<p class=\"failed\"><b>invalid</b>: it encrypts, the "
		      "reference decrypts: 12 of 200 failed authentication. "
		      "Its figures are not shown.</p>");
	contains(out, "<span class=\"failed\">188 of 200 right, 12 failed "
		      "authentication, 0 wrong</span>");
	lacks(out, "29000");
	lacks(out, "nan");
	free(out);
	free(err);
}

static void test_ipsec_csv(void **state)
{
	char *out, *err;

	(void)state;
	assert_int_equal(report(&out, &err, "--csv", DATA("ipsec-old.json"),
				NULL),
			 KB_EXIT_OK);
	/* Only ipsec documents: their table alone. */
	assert_int_equal(strncmp(out,
				 "file,transform,key_bits,mode,driver,"
				 "state,packet,",
				 strlen("file,transform,key_bits,mode,driver,"
					"state,packet,")),
			 0);
	contains(out, DATA("ipsec-old.json") ",rfc4106(gcm(aes)),128,tunnel,"
					     "seqiv(rfc4106-gcm-aesni),valid,"
					     "1420,1476,40000.0,0.4454,22.000,"
					     "0.030,50000.0,20.000,100000.0,"
					     "0.4000,8,8,400,400,0,0,0,\n");
	/* Failed: its state in place of every figure. */
	contains(out, "seqiv(rfc4106-gcm-qat),failed,,,failed,failed,failed,"
		      "failed,failed,failed,failed,failed,0,0,0,0,0,0,0,no "
		      "such implementation: rfc4106-gcm-qat is not "
		      "registered\n");
	free(out);
	free(err);
	/* After the runs' table, a blank line, then the ipsec one. */
	assert_int_equal(report(&out, &err, "--csv", DATA("ipsec-new.json"),
				DATA("compare-old.json"), NULL),
			 KB_EXIT_OK);
	contains(out, "1500,1.0000\n\nfile,transform,");
	contains(out,
		 "seqiv(virtio_crypto_rfc4106_gcm_aes),invalid,,,invalid,");
	lacks(out, "29000");
	free(out);
	free(err);
}

static void test_ipsec_bad(void **state)
{
	char *out, *err;

	(void)state;
	/* Ratios are between runs. */
	assert_int_equal(report(&out, &err, "--baseline", "1",
				DATA("ipsec-old.json"),
				DATA("compare-old.json"), NULL),
			 KB_EXIT_USAGE);
	contains(
		err,
		"--baseline 1: " DATA(
			"ipsec-old.json") " is an ipsec document: ratios are to a run document");
	assert_string_equal(out, "");
	free(out);
	free(err);
	/* Without --baseline: the first run document. */
	assert_int_equal(report(&out, &err, DATA("ipsec-old.json"),
				DATA("compare-old.json"), NULL),
			 KB_EXIT_OK);
	contains(out, "run #2 (<code>");
	free(out);
	free(err);
	expect_bad(
		DATA("bad-ipsec.json"),
		"ipsec[0].points[1].tunnel: \"packets_per_s\" is not a number");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_model),
		cmocka_unit_test(test_unselected),
		cmocka_unit_test(test_failed_not_valid),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_html),
		cmocka_unit_test(test_bad_input),
		cmocka_unit_test(test_usage),
		cmocka_unit_test(test_output_file),
		cmocka_unit_test(test_many),
		cmocka_unit_test(test_ipsec_model),
		cmocka_unit_test(test_ipsec_html),
		cmocka_unit_test(test_ipsec_csv),
		cmocka_unit_test(test_ipsec_bad),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
