// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * --plot and kaesbench plot: the gnuplot script's text, the checks made
 * before any measurement (format, gnuplot installed, output writable),
 * and, where gnuplot is installed (make check installs it), real SVG and
 * PNG files drawn from a run saved in a 6.12 VM.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cmd/plot.h"
#include "base/options.h"
#include "documents/kinds.h"
#include "runs/gnuplot.h"
#include "runs/plot_script.h"

#define DATA(f) KB_TEST_DATA "/" f

static void contains(const char *text, const char *want)
{
	assert_non_null(text);
	if (!strstr(text, want))
		fail_msg("\"%s\" not in the script:\n%s", want, text);
}

static void lacks(const char *text, const char *unwanted)
{
	assert_non_null(text);
	if (strstr(text, unwanted))
		fail_msg("\"%s\" in the script:\n%s", unwanted, text);
}

static char *script_of(const char *file, enum kb_plot_format fmt,
		       const char *kernel)
{
	struct kb_saved doc;
	char err[512], *text = NULL;

	if (kb_saved_load(&doc, file, err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(
		kb_plot_script(&doc, "out \"1\".svg", fmt, kernel, &text), 0);
	kb_saved_free(&doc);
	return text;
}

static void test_format(void **state)
{
	enum kb_plot_format fmt;

	(void)state;
	assert_int_equal(kb_plot_format("a.svg", &fmt), 0);
	assert_int_equal(fmt, KB_PLOT_SVG);
	assert_int_equal(kb_plot_format("dir/A.PNG", &fmt), 0);
	assert_int_equal(fmt, KB_PLOT_PNG);
	assert_int_equal(kb_plot_format("a.pdf", &fmt), -EINVAL);
	assert_int_equal(kb_plot_format("svg", &fmt), -EINVAL);
	assert_int_equal(kb_plot_format(".svg", &fmt), -EINVAL);
}

static void test_script(void **state)
{
	char *s = script_of(DATA("compare-new.json"), KB_PLOT_SVG, "ignored");

	(void)state;
	contains(s, "set terminal svg dynamic size 1000,560 noenhanced");
	/* The output name, quoted for gnuplot. */
	contains(s, "set output \"out \\\"1\\\".svg\"\n");
	/* The document's kernel, not the one given as a fallback. */
	contains(
		s,
		"set title \"cbc(aes) encrypt, 128-bit key: MB/s by buffer size\\nkernel 6.12.117+deb12-amd64\"\n");
	lacks(s, "ignored");
	contains(s, "set logscale x 2\n");
	contains(s, "set xtics (\"64\" 64, \"1K\" 1024)\n");
	/* 50 to 1530 MB/s: more than 20 times apart, a log axis. */
	contains(s, "set logscale y 10\n");
	/* cbc-aes-aesni at 64 B: median, slowest and fastest sample. */
	contains(s, "$kb_0_0 << EOD\n64 503 497 508\n1024 700 690 710\nEOD\n");
	/* The selected implementation stands out. */
	contains(
		s,
		"$kb_0_0 using 1:2:3:4 with yerrorlines lw 4 dt 1 lc rgb \"#1f77b4\" pt 7 ps 1 title \"cbc-aes-aesni (kernel, selected)\"");
	contains(
		s,
		"lw 1.5 dt 1 lc rgb \"#ff7f0e\" pt 7 ps 0.6 title \"cbc(aes-generic) (kernel)\"");
	/* OpenSSL dash-dotted. */
	contains(
		s,
		"dt 4 lc rgb \"#2ca02c\" pt 7 ps 0.6 title \"AES-128-CBC (OpenSSL)\"");
	/* A run without samples (invalid) draws no line. */
	lacks(s, "virtio");
	lacks(s, "multiplot");
	contains(s, "unset output\n");
	free(s);
}

static void test_script_png_kernel(void **state)
{
	char *s = script_of(DATA("compare-old.json"), KB_PLOT_PNG, "5.10-test");

	(void)state;
	contains(s, "set terminal pngcairo size 1000,560 noenhanced");
	/* No kernel in the document: the one given. */
	contains(s, "\\nkernel 5.10-test\"");
	/* Depth shown when there was a queue. */
	contains(s, "title \"virtio_crypto_aes_cbc (kernel, depth 8)\"");
	free(s);
	s = script_of(DATA("compare-old.json"), KB_PLOT_PNG, NULL);
	contains(s, "\\nkernel not recorded\"");
	free(s);
}

static void test_script_panels(void **state)
{
	struct kb_saved doc;
	char err[512], *s;

	(void)state;
	s = script_of(DATA("plot-panels.json"), KB_PLOT_SVG, NULL);
	/* One panel per algorithm, two to a row. */
	contains(s, "set terminal svg dynamic size 2000,600");
	contains(
		s,
		"set multiplot layout 1,2 title \"MB/s by buffer size, kernel not recorded\"");
	contains(s, "set title \"cbc(aes) encrypt\"\n");
	contains(s, "set title \"ctr(aes) encrypt\"\n");
	contains(s, "unset multiplot\n");
	/* Quotes and backslashes of a name escaped; '_' kept (noenhanced). */
	contains(s, "title \"a\\\"b\\\\c (kernel)\"");
	contains(s, "title \"d_e (kernel)\"");
	/* Medians close together: a linear axis from 0. */
	contains(s, "unset logscale y\nset yrange [0:*]\n");
	contains(s, "16 1.1 1 1.2\n");
	free(s);
	/* Nothing measured: nothing to plot. */
	s = NULL;
	if (kb_saved_load(&doc, DATA("plot-no-samples.json"), err, sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(kb_plot_script(&doc, "o.svg", KB_PLOT_SVG, NULL, &s),
			 -ENODATA);
	assert_null(s);
	kb_saved_free(&doc);
}

static void test_check(void **state)
{
	char *path = getenv("PATH") ? strdup(getenv("PATH")) : NULL;
	char file[] = "/tmp/kaesbench-plot-XXXXXX.svg";
	int fd;

	(void)state;
	assert_int_equal(kb_plot_check("t", "x.pdf"), KB_EXIT_USAGE);
	/* No gnuplot on the PATH: refused, exit 1. */
	setenv("PATH", "/nonexistent", 1);
	assert_int_equal(kb_plot_check("t", "/tmp/x.svg"), KB_EXIT_ERROR);
	if (path)
		setenv("PATH", path, 1);
	/* Unwritable: bad input, exit 2 as for -o, gnuplot or not. */
	assert_int_equal(kb_plot_check("t", "/nonexistent/dir/x.svg"),
			 KB_EXIT_USAGE);
	setenv("PATH", "/nonexistent", 1);
	assert_int_equal(kb_plot_check("t", "/nonexistent/dir/x.svg"),
			 KB_EXIT_USAGE);
	if (path)
		setenv("PATH", path, 1);
	free(path);
	/* A file made to test writability is removed again. */
	fd = mkstemps(file, 4);
	assert_true(fd >= 0);
	close(fd);
	unlink(file);
	if (kb_plot_check("t", file) == KB_EXIT_OK)
		assert_int_equal(access(file, F_OK), -1);
}

static void draw(const char *out, const char *magic)
{
	char *argv[] = { "plot", "-o", (char *)out, DATA("run-6.12-cbc.json"),
			 NULL };
	char head[64] = { 0 };
	FILE *f;

	unlink(out);
	assert_int_equal(kb_plot_main(4, argv), KB_EXIT_OK);
	f = fopen(out, "rb");
	assert_non_null(f);
	assert_true(fread(head, 1, sizeof(head) - 1, f) > 8);
	fclose(f);
	unlink(out);
	if (memcmp(head, magic, strlen(magic)))
		fail_msg("%s does not start with the %s signature", out, magic);
}

/*
 * The plots go to a directory of this test's own: the unit tests of two
 * builds (plain and sanitized) may run at once on one machine.
 */
static void test_gnuplot(void **state)
{
	char dir[] = "/tmp/kaesbench-test-plot-XXXXXX";
	char svg[sizeof(dir) + 16], png[sizeof(dir) + 16];
	char *bad[] = { "plot", "-o", svg, DATA("bad-truncated.json"), NULL };
	char *usage[] = { "plot", DATA("run-6.12-cbc.json"), NULL };

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(svg, sizeof(svg), "%s/plot.svg", dir);
	snprintf(png, sizeof(png), "%s/plot.png", dir);
	assert_int_equal(kb_plot_main(4, bad), KB_EXIT_USAGE);
	assert_int_equal(kb_plot_main(2, usage), KB_EXIT_USAGE);
	if (kb_plot_check("t", svg)) {
		rmdir(dir);
		skip(); /* no gnuplot here (make check installs it) */
	}
	draw(svg, "<?xml");
	draw(png, "\x89PNG");
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_script),
		cmocka_unit_test(test_script_png_kernel),
		cmocka_unit_test(test_script_panels),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_gnuplot),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
