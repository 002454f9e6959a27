// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * --csv and --mr say what --json says: the same runs are printed in each
 * format, parsed back, and every CSV cell is checked against the JSON
 * member its column is named after, every +F figure against the JSON
 * summary.
 */

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <linux/kaesbench.h>

#include "fixtures.h"
#include "output/csv.h"
#include "output/speed_mr.h"
#include "bench/paths.h"
#include "output/run_json.h"

#define NRUNS 4

/* One CPU busy throughout; 3 cycles a byte where @cycles, none elsewhere. */
static void sample(struct kb_run *run, uint32_t size, uint32_t index,
		   uint64_t ops, uint64_t wall_ns, bool cycles)
{
	fixture_sample(run, size, index, ops, wall_ns, 100,
		       cycles ? ops * size * 3 : 0);
}

static void impl(struct kb_run *run, enum kb_path path, const char *alg,
		 const char *driver, uint32_t flags)
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
static void fixture(struct kb_run runs[NRUNS])
{
	const uint32_t sizes[] = { 16, 16384 };
	uint32_t i;

	memset(runs, 0, NRUNS * sizeof(*runs));
	impl(&runs[0], KB_PATH_KERNEL, "cbc(aes)", "cbc-aes-aesni",
	     KAESBENCH_IMPL_F_ASYNC);
	runs[0].impl.module = strdup("aesni_intel");
	runs[0].impl.priority = 400;
	runs[0].state = KB_RUN_ENDED;
	runs[0].depth = 8;
	assert_int_equal(kb_sizes_copy(&runs[0].sizes, sizes, 2), 0);
	for (i = 0; i < 3; i++) {
		sample(&runs[0], 16, i, 1000 + 7 * i, 1000000 + 333 * i, true);
		sample(&runs[0], 16384, i, 60 + i, 999999 - i, true);
	}

	impl(&runs[1], KB_PATH_KERNEL, "cbc(aes)", "cbc-aes-broken", 0);
	runs[1].state = KB_RUN_REFUSED;
	runs[1].status = -EINVAL;
	runs[1].message = strdup("bad key, \"really\"\nbad");
	assert_int_equal(kb_sizes_copy(&runs[1].sizes, sizes, 2), 0);

	impl(&runs[2], KB_PATH_OPENSSL, "cbc(aes)", "AES-128-CBC", 0);
	runs[2].state = KB_RUN_ENDED;
	runs[2].depth = 1;
	runs[2].decrypt = true;
	runs[2].library = strdup("OpenSSL 3.0.19 27 Jan 2026");
	assert_int_equal(kb_sizes_copy(&runs[2].sizes, sizes, 1), 0);
	sample(&runs[2], 16, 0, 123457, 3000001, false);
	sample(&runs[2], 16, 1, 123001, 2999999, false);

	impl(&runs[3], KB_PATH_AFALG_SENDMSG, "cbc(aes)", "cbc:odd", 0);
	kb_run_unavailable(&runs[3], ENOENT, "AF_ALG cannot bind cbc:odd");
	assert_int_equal(kb_sizes_copy(&runs[3].sizes, sizes, 2), 0);
}

static char *render_csv(const struct kb_run *runs, enum kb_csv_rows rows)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(kb_print_runs_csv(f, runs, NRUNS, rows), 0);
	fclose(f);
	return text;
}

static struct json_object *runs_json(const struct kb_run *runs)
{
	struct json_object *doc = fixture_json(runs, NRUNS), *arr;

	assert_true(json_object_object_get_ex(doc, "runs", &arr));
	json_object_get(arr);
	json_object_put(doc);
	return arr;
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

static struct json_object *member(struct json_object *o, const char *key)
{
	struct json_object *v;

	assert_true(json_object_object_get_ex(o, key, &v));
	return v;
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
		arr = member(run, what);
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
	struct kb_run runs[NRUNS];
	struct json_object *json;
	char *text;

	(void)state;
	fixture(runs);
	json = runs_json(runs);
	text = render_csv(runs, KB_CSV_SUMMARY);
	/* 2 + 1 + 1 + 1 rows and the header; the message quoted. */
	assert_non_null(strstr(
		text,
		"kernel,cbc(aes),cbc-aes-broken,,0,true,false,128,false,,refused,-22,\"bad key, \"\"really\"\"\nbad\",,,,,,,,,,,thread\n"));
	check_csv(text, json, "summary", 24);
	free(text);
	json_object_put(json);
	fixture_release(runs, NRUNS);
}

static const char samples_head[] =
	"path,algorithm,driver,module,priority,selected,async,key_bits,decrypt,depth,state,status,message,size,index,ops,bytes,wall_ns,thread_ns,busy_ns,cycles,cpu,user_ns,system_ns,softirq_ns,irq_ns,latency_count,latency_p50_ns,latency_p99_ns,latency_max_ns,submitted,no_simd,deferred,context\n";

static void test_csv_samples(void **state)
{
	struct kb_run runs[NRUNS];
	struct json_object *json;
	char *text;

	(void)state;
	fixture(runs);
	json = runs_json(runs);
	text = render_csv(runs, KB_CSV_SAMPLES);
	assert_true(!strncmp(text, samples_head, strlen(samples_head)));
	check_csv(text, json, "samples", 34);
	free(text);
	json_object_put(json);
	fixture_release(runs, NRUNS);
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

/* The median MB/s the JSON summary gives @run at @size, in bytes/s. */
static double json_bytes_per_s(struct json_object *run, uint32_t size)
{
	struct json_object *sum = member(run, "summary"), *s;
	size_t i;

	for (i = 0; i < json_object_array_length(sum); i++) {
		s = json_object_array_get_idx(sum, i);
		if (json_object_get_int64(member(s, "size")) == size)
			return json_object_get_double(
				       member(s, "mbps_median")) *
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
	static const char *const names[NRUNS] = {
		"cbc-aes-aesni",
		"cbc-aes-broken",
		"openssl AES-128-CBC",
		"afalg-sendmsg cbc_odd",
	};
	const uint32_t asked[] = { 16, 1420, 16384 };
	char *out = NULL, *err = NULL, *line, *save, *f, *text;
	struct kb_sizes sizes = { 0 };
	struct kb_run runs[NRUNS];
	struct json_object *json;
	size_t olen = 0, elen = 0, nf = 0, nsizes = 0;
	FILE *fo = open_memstream(&out, &olen);
	FILE *fe = open_memstream(&err, &elen);
	unsigned long hsize[8];
	double v;

	(void)state;
	assert_non_null(fo);
	assert_non_null(fe);
	fixture(runs);
	json = runs_json(runs);
	assert_int_equal(kb_sizes_copy(&sizes, asked, 3), 0);
	assert_int_equal(kb_print_runs_mr(fo, fe, &sizes, runs, NRUNS), 0);
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
	assert_int_equal(nf, NRUNS);
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
	fixture_release(runs, NRUNS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv_summary),
		cmocka_unit_test(test_csv_samples),
		cmocka_unit_test(test_csv_field),
		cmocka_unit_test(test_mr),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
