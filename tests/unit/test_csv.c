// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * --csv says what --json says: the same runs are printed in each format,
 * parsed back, and every CSV cell is checked against the JSON member its
 * column is named after; and the quoting, RFC 4180's. Without cycle
 * counts, ns_per_byte is filled where cycles_per_byte is not.
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
#include "runs/run_csv.h"

static char *render_csv(const struct kb_run *runs, enum kb_csv_rows rows)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(kb_print_runs_csv(f, runs, FIXTURE_PATH_RUNS, rows),
			 0);
	fclose(f);
	return text;
}

#define MAX_FIELDS 40

/* One CSV record, RFC 4180: fields unquoted. Return: field count, 0 at end. */
static size_t csv_record(const char **p, char *field[MAX_FIELDS])
{
	const char *s = *p;
	size_t n = 0, len;
	char *out;

	if (!*s)
		return 0;
	for (;;) {
		assert_true(n < MAX_FIELDS);
		out = field[n++] = calloc(1, strlen(s) + 1);
		assert_non_null(out);
		len = 0;
		if (*s == '"') {
			for (s++; !(*s == '"' && s[1] != '"'); s++) {
				assert_true(*s != '\0');
				if (*s == '"')
					s++;
				out[len++] = *s;
			}
			s++;
		} else {
			while (*s && *s != ',' && *s != '\n')
				out[len++] = *s++;
		}
		if (*s != ',')
			break;
		s++;
	}
	assert_int_equal(*s, '\n');
	*p = s + 1;
	return n;
}

static void free_fields(char *field[], size_t n)
{
	while (n)
		free(field[--n]);
}

/* A cell holds what the JSON member of its column's name holds. */
static void assert_cell(const char *cell, struct json_object *obj,
			const char *name)
{
	struct json_object *v;
	double want, got;

	/* latency_X: member X of the sample's latency object, or its null. */
	if (!strncmp(name, "latency_", 8) &&
	    json_object_object_get_ex(obj, "latency", &v) && v) {
		obj = v;
		name += 8;
	} else if (!strncmp(name, "latency_", 8)) {
		name = "latency";
	}
	if (!json_object_object_get_ex(obj, name, &v))
		fail_msg("no JSON member %s", name);
	switch (json_object_get_type(v)) {
	case json_type_null:
		assert_string_equal(cell, "");
		break;
	case json_type_boolean:
		assert_string_equal(cell, json_object_get_boolean(v) ? "true" :
								       "false");
		break;
	case json_type_string:
		assert_string_equal(cell, json_object_get_string(v));
		break;
	case json_type_int:
		assert_string_equal(cell, json_object_to_json_string(v));
		break;
	case json_type_double:
		want = json_object_get_double(v);
		got = strtod(cell, NULL);
		if (fabs(got - want) > 1e-12 * fabs(want))
			fail_msg("%s: CSV %s, JSON %.17g", name, cell, want);
		break;
	default:
		fail_msg("%s: not a scalar", name);
	}
}

/* Columns added after the row's figures that are the run's: "context". */
static bool run_column(const char *name)
{
	return !strcmp(name, "context");
}

/*
 * Each record of @text against the JSON: run columns against the run, the
 * others against the run's @what array, in order. A run whose array is
 * empty has one record with those cells empty.
 */
static void check_csv(const char *text, struct json_object *runs,
		      const char *what, size_t ncols)
{
	char *head[MAX_FIELDS], *cell[MAX_FIELDS];
	struct json_object *run, *arr, *item;
	size_t r = 0, i = 0, n, c, records = 0;
	const char *p = text;
	size_t nhead = csv_record(&p, head);

	assert_int_equal(nhead, ncols);
	assert_string_equal(head[0], "path");
	assert_string_equal(head[12], "message");
	while ((n = csv_record(&p, cell))) {
		assert_int_equal(n, nhead);
		run = json_object_array_get_idx(runs, r);
		arr = fixture_member(run, what);
		item = json_object_array_get_idx(arr, i);
		for (c = 0; c < 13; c++)
			assert_cell(cell[c], run, head[c]);
		for (c = 13; c < n; c++)
			if (run_column(head[c]))
				assert_cell(cell[c], run, head[c]);
			else if (item)
				assert_cell(cell[c], item, head[c]);
			else
				assert_string_equal(cell[c], "");
		free_fields(cell, n);
		records++;
		if (++i >= json_object_array_length(arr)) {
			i = 0;
			r++;
		}
	}
	assert_int_equal(r, json_object_array_length(runs));
	assert_true(records > 0);
	free_fields(head, nhead);
}

static void test_csv_summary(void **state)
{
	struct kb_run runs[FIXTURE_PATH_RUNS];
	struct json_object *json;
	char *text;

	(void)state;
	fixture_paths(runs);
	json = fixture_runs_json(runs, FIXTURE_PATH_RUNS);
	text = render_csv(runs, KB_CSV_SUMMARY);
	/* 2 + 1 + 1 + 1 rows and the header; the message quoted. */
	assert_non_null(strstr(
		text,
		"kernel,cbc(aes),cbc-aes-broken,,0,true,false,128,false,,refused,-22,\"bad key, \"\"really\"\"\nbad\",,,,,,,,,,,thread\n"));
	check_csv(text, json, "summary", 24);
	free(text);
	json_object_put(json);
	fixture_release(runs, FIXTURE_PATH_RUNS);
}

static const char samples_head[] =
	"path,algorithm,driver,module,priority,selected,async,key_bits,decrypt,depth,state,status,message,size,index,ops,bytes,wall_ns,thread_ns,busy_ns,cycles,cpu,user_ns,system_ns,softirq_ns,irq_ns,latency_count,latency_p50_ns,latency_p99_ns,latency_max_ns,submitted,no_simd,deferred,context\n";

static void test_csv_samples(void **state)
{
	struct kb_run runs[FIXTURE_PATH_RUNS];
	struct json_object *json;
	char *text;

	(void)state;
	fixture_paths(runs);
	json = fixture_runs_json(runs, FIXTURE_PATH_RUNS);
	text = render_csv(runs, KB_CSV_SAMPLES);
	assert_true(!strncmp(text, samples_head, strlen(samples_head)));
	check_csv(text, json, "samples", 34);
	free(text);
	json_object_put(json);
	fixture_release(runs, FIXTURE_PATH_RUNS);
}

static void test_csv_field(void **state)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	kb_csv_field(f, "plain text");
	fputc('|', f);
	kb_csv_field(f, NULL);
	fputc('|', f);
	kb_csv_field(f, "a,b");
	fputc('|', f);
	kb_csv_field(f, "say \"hi\"");
	fputc('|', f);
	kb_csv_field(f, "cr\r");
	fclose(f);
	assert_string_equal(text,
			    "plain text||\"a,b\"|\"say \"\"hi\"\"\"|\"cr\r\"");
	free(text);
}

/*
 * CSV: ns_per_byte, the last figure, filled where cycles_per_byte is not;
 * then the run's context.
 */
static void test_csv_no_cycles(void **state)
{
	struct kb_run runs[FIXTURE_RUNS];
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	(void)state;
	assert_non_null(f);
	fixture_sweep(runs, &fixture_ce);
	assert_int_equal(
		kb_print_runs_csv(f, runs, FIXTURE_RUNS, KB_CSV_SUMMARY), 0);
	fclose(f);
	assert_non_null(strstr(
		text,
		",cpu_percent,thread_cpu_percent,cycles_per_byte,ns_per_byte,context\n"));
	/* 16384 B: no cycles_per_byte, then 0.667 ns a byte, as in JSON. */
	assert_non_null(strstr(text,
			       ",1530.61227615295,91552.6885722733,100,"
			       "49.9999249568126,,0.666667000192111,thread\n"));
	assert_non_null(strstr(
		text,
		",refused,-22,unsupported key length,,,,,,,,,,,thread\n"));
	free(text);
	fixture_release(runs, FIXTURE_RUNS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv_summary),
		cmocka_unit_test(test_csv_samples),
		cmocka_unit_test(test_csv_field),
		cmocka_unit_test(test_csv_no_cycles),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
