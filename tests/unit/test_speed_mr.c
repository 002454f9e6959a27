// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * --mr says what --json says: the same runs are printed in each format,
 * parsed back, and every +F figure is checked against the JSON summary.
 */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "fixtures.h"
#include "runs/speed_mr.h"

/* The median MB/s the JSON summary gives @run at @size, in bytes/s. */
static double json_bytes_per_s(struct json_object *run, uint32_t size)
{
	struct json_object *sum = fixture_member(run, "summary"), *s;
	size_t i;

	for (i = 0; i < json_object_array_length(sum); i++) {
		s = json_object_array_get_idx(sum, i);
		if (json_object_get_int64(fixture_member(s, "size")) == size)
			return json_object_get_double(
				       fixture_member(s, "mbps_median")) *
			       1e6;
	}
	return 0;
}

/*
 * Reads the +H and +F lines as scripts for openssl speed -mr do: split
 * on ':', the sizes from +H, then per +F the index, the name and a
 * bytes/s figure per size.
 */
static void test_mr(void **state)
{
	static const char *const names[FIXTURE_PATH_RUNS] = {
		"cbc-aes-aesni",
		"cbc-aes-broken",
		"openssl AES-128-CBC",
		"afalg-sendmsg cbc_odd",
	};
	const uint32_t asked[] = { 16, 1420, 16384 };
	char *out = NULL, *err = NULL, *line, *save, *f, *text;
	struct kb_sizes sizes = { 0 };
	struct kb_run runs[FIXTURE_PATH_RUNS];
	struct json_object *json;
	size_t olen = 0, elen = 0, nf = 0, nsizes = 0;
	FILE *fo = open_memstream(&out, &olen);
	FILE *fe = open_memstream(&err, &elen);
	unsigned long hsize[8];
	double v;

	(void)state;
	assert_non_null(fo);
	assert_non_null(fe);
	fixture_paths(runs);
	json = fixture_runs_json(runs, FIXTURE_PATH_RUNS);
	assert_int_equal(kb_sizes_copy(&sizes, asked, 3), 0);
	assert_int_equal(
		kb_print_runs_mr(fo, fe, &sizes, runs, FIXTURE_PATH_RUNS), 0);
	fclose(fo);
	fclose(fe);

	text = strdup(out);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "+H:", 3)) {
			for (f = strtok(line + 3, ":"); f;
			     f = strtok(NULL, ":"))
				hsize[nsizes++] = strtoul(f, NULL, 10);
			continue;
		}
		assert_true(!strncmp(line, "+F:", 3));
		assert_int_equal(strtoul(strtok(line + 3, ":"), NULL, 10), nf);
		assert_string_equal(strtok(NULL, ":"), names[nf]);
		for (size_t j = 0; j < nsizes; j++) {
			f = strtok(NULL, ":");
			assert_non_null(f);
			v = strtod(f, NULL);
			/* "%.2f": within a cent of the JSON's figure. */
			assert_true(fabs(v - json_bytes_per_s(
						     json_object_array_get_idx(
							     json, nf),
						     hsize[j])) < 0.006);
		}
		assert_null(strtok(NULL, ":"));
		nf++;
	}
	assert_int_equal(nsizes, 3);
	assert_int_equal(hsize[1], 1420);
	assert_int_equal(nf, FIXTURE_PATH_RUNS);
	/* Not measured is 0.00, as openssl prints it. */
	assert_non_null(strstr(out, "\n+F:1:cbc-aes-broken:0.00:0.00:0.00\n"));
	assert_non_null(strstr(out, "\n+F:2:openssl AES-128-CBC:"));
	assert_non_null(strstr(out, ":0.00:0.00\n+F:3:"));

	/* Per size measured, what openssl prints on standard error. */
	assert_non_null(strstr(err, "+DT:cbc-aes-aesni:0:16\n"
				    "+R:3021:cbc-aes-aesni:0.003001\n"
				    "+DT:cbc-aes-aesni:0:16384\n"
				    "+R:183:cbc-aes-aesni:0.003000\n"));
	assert_non_null(strstr(err,
			       "+DT:openssl AES-128-CBC:0:16\n"
			       "+R:246458:openssl AES-128-CBC:0.006000\n"));
	assert_non_null(strstr(
		err,
		"kaesbench: cbc-aes-broken: no figures: kernel: bad key, \"really\"\nbad: Invalid argument\n"));
	assert_non_null(strstr(
		err,
		"kaesbench: afalg-sendmsg cbc_odd: no figures: AF_ALG cannot bind cbc:odd\n"));
	free(text);
	free(out);
	free(err);
	kb_sizes_free(&sizes);
	json_object_put(json);
	fixture_release(runs, FIXTURE_PATH_RUNS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mr),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
