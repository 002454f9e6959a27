// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The output of `kaesbench compare`. The table is grouped as the run
 * tables are, by algorithm, key length and direction; the JSON output is
 * specified in kaesbench(8).
 */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <json-c/json.h>

#include "runs/compare_report.h"
#include "output/json_document.h"
#include "kaesbench_version.h"
#include "bench/stats.h"

static bool same_group(const struct kb_saved_key *a,
		       const struct kb_saved_key *b)
{
	return !strcmp(a->algorithm, b->algorithm) &&
	       a->key_bits == b->key_bits && a->decrypt == b->decrypt;
}

static void print_group(FILE *f, const struct kb_saved_key *k, int path_w,
			int driver_w)
{
	fprintf(f, "\n%s %s, ", k->algorithm,
		k->decrypt ? "decrypt" : "encrypt");
	if (k->key_bits)
		fprintf(f, "%" PRIu32 "-bit key\n", k->key_bits);
	else
		fprintf(f, "key length not recorded\n");
	fprintf(f, "  %-*s  %-*s  %5s  %6s  %5s  %9s  %9s  %8s  %7s  %s\n",
		path_w, "path", driver_w, "implementation", "depth", "size",
		"n", "OLD MB/s", "NEW MB/s", "change", "p", "verdict");
}

static const char *mbps(const struct kb_cmp_side *s, char *buf, size_t len)
{
	return s->run ? kb_fmt3(s->median, buf, len) : "-";
}

static void print_verdict(FILE *f, const struct kb_cmp_row *r)
{
	fputs(kb_verdict_label(r->verdict), f);
	if (r->why_missing)
		fprintf(f, " (%s: %s)",
			r->verdict == KB_V_ONLY_OLD ? "NEW" : "OLD",
			r->why_missing);
	if (r->verdict == KB_V_TOO_FEW)
		fprintf(f, " (p >= %.2g whatever the figures)", r->min_p);
	fputc('\n', f);
}

static void print_row(FILE *f, const struct kb_cmp_row *r, int path_w,
		      int driver_w)
{
	char a[KB_FMT3_MAX], b[KB_FMT3_MAX], depth[12], n[24], change[32],
		p[32];
	bool both = r->old.run && r->new.run;

	strcpy(depth, "-");
	strcpy(change, "-");
	strcpy(p, "-");
	if (r->key.depth)
		snprintf(depth, sizeof(depth), "%" PRIu32, r->key.depth);
	snprintf(n, sizeof(n), "%zu:%zu", r->old.n, r->new.n);
	if (both) {
		snprintf(change, sizeof(change), "%+.1f%%", r->change);
		snprintf(p, sizeof(p), "%.2g", r->test.p);
	}
	fprintf(f, "  %-*s  %-*s  %5s  %6" PRIu32 "  %5s  %9s  %9s  %8s  %7s  ",
		path_w, r->key.path, driver_w, r->key.driver, depth, r->size, n,
		mbps(&r->old, a, sizeof(a)), mbps(&r->new, b, sizeof(b)),
		change, p);
	print_verdict(f, r);
}

static size_t tested(const struct kb_cmp *c)
{
	return c->verdicts[KB_V_REGRESSION] + c->verdicts[KB_V_IMPROVEMENT] +
	       c->verdicts[KB_V_WITHIN] + c->verdicts[KB_V_NO_CHANGE];
}

static void print_footer(FILE *f, const struct kb_cmp_opts *o,
			 const struct kb_cmp *c)
{
	fprintf(f,
		"\ncompare: %zu regression%s, %zu improvement%s, %zu within threshold, %zu no significant change, %zu too few samples, %zu only in OLD, %zu only in NEW\n",
		c->verdicts[KB_V_REGRESSION],
		c->verdicts[KB_V_REGRESSION] == 1 ? "" : "s",
		c->verdicts[KB_V_IMPROVEMENT],
		c->verdicts[KB_V_IMPROVEMENT] == 1 ? "" : "s",
		c->verdicts[KB_V_WITHIN], c->verdicts[KB_V_NO_CHANGE],
		c->verdicts[KB_V_TOO_FEW], c->verdicts[KB_V_ONLY_OLD],
		c->verdicts[KB_V_ONLY_NEW]);
	fprintf(f,
		"Mann-Whitney U test of the samples' MB/s, two-sided, each row at alpha %g;\n"
		"a change is flagged beyond %g %%. p is exact without ties and up to %d samples a\n"
		"side, else from the normal approximation with tie correction. Of %zu rows tested,\n"
		"about %.2g would read significant by chance alone if nothing had changed.\n",
		o->alpha, o->threshold, KB_MWU_EXACT_MAX, tested(c),
		o->alpha * (double)tested(c));
}

/**
 * kb_print_compare() - print a comparison as a table
 * @f: where to
 * @old: the reference document
 * @new: the document under test
 * @o: the threshold and alpha
 * @c: the rows
 *
 * Return: 0.
 */
int kb_print_compare(FILE *f, const struct kb_saved *old,
		     const struct kb_saved *new, const struct kb_cmp_opts *o,
		     const struct kb_cmp *c)
{
	int path_w = 4, driver_w = 14;
	size_t i;

	for (i = 0; i < c->count; i++) {
		if ((int)strlen(c->row[i].key.path) > path_w)
			path_w = strlen(c->row[i].key.path);
		if ((int)strlen(c->row[i].key.driver) > driver_w)
			driver_w = strlen(c->row[i].key.driver);
	}
	kb_print_compare_doc(f, "OLD", old);
	kb_print_compare_doc(f, "NEW", new);
	for (i = 0; i < c->count; i++) {
		if (!i || !same_group(&c->row[i].key, &c->row[i - 1].key))
			print_group(f, &c->row[i].key, path_w, driver_w);
		print_row(f, &c->row[i], path_w, driver_w);
	}
	print_footer(f, o, c);
	return 0;
}

static void add(struct json_object *o, const char *key, struct json_object *v)
{
	json_object_object_add(o, key, v);
}

static struct json_object *str(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static struct json_object *side_json(const struct kb_cmp_side *s)
{
	struct json_object *o;

	if (!s->run)
		return NULL;
	o = json_object_new_object();
	if (!o)
		return NULL;
	add(o, "samples", json_object_new_int64((int64_t)s->n));
	add(o, "mbps_median", json_object_new_double(s->median));
	return o;
}

/* JSON has no infinity: a change from 0 MB/s is null. */
static struct json_object *finite_or_null(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static struct json_object *row_json(const struct kb_cmp_row *r)
{
	struct json_object *o = json_object_new_object();
	bool both = r->old.run && r->new.run;

	if (!o)
		return NULL;
	add(o, "path", str(r->key.path));
	add(o, "algorithm", str(r->key.algorithm));
	add(o, "driver", str(r->key.driver));
	add(o, "key_bits",
	    r->key.key_bits ? json_object_new_int64(r->key.key_bits) : NULL);
	add(o, "decrypt", json_object_new_boolean(r->key.decrypt));
	add(o, "depth",
	    r->key.depth ? json_object_new_int64(r->key.depth) : NULL);
	add(o, "size", json_object_new_int64(r->size));
	add(o, "old", side_json(&r->old));
	add(o, "new", side_json(&r->new));
	add(o, "change_percent", both ? finite_or_null(r->change) : NULL);
	add(o, "u", both ? json_object_new_double(r->test.u) : NULL);
	add(o, "p", both ? json_object_new_double(r->test.p) : NULL);
	add(o, "p_method",
	    both ? str(kb_mwu_method_name(r->test.method)) : NULL);
	add(o, "min_p", both ? json_object_new_double(r->min_p) : NULL);
	add(o, "verdict", str(kb_verdict_name(r->verdict)));
	add(o, "missing_reason", str(r->why_missing));
	return o;
}

static struct json_object *counts_json(const struct kb_cmp *c)
{
	struct json_object *o = json_object_new_object();
	int v;

	for (v = 0; o && v < KB_V_COUNT; v++)
		add(o, kb_verdict_name(v),
		    json_object_new_int64((int64_t)c->verdicts[v]));
	return o;
}

static struct json_object *compare_json(const struct kb_saved *old,
					const struct kb_saved *new,
					const struct kb_cmp_opts *o,
					const struct kb_cmp *c)
{
	struct json_object *root = json_object_new_object(), *rows, *row;
	size_t i;

	if (!root)
		return NULL;
	add(root, "kaesbench_version",
	    json_object_new_string(KAESBENCH_VERSION));
	add(root, "test", json_object_new_string("mann-whitney-u-two-sided"));
	add(root, "alpha", json_object_new_double(o->alpha));
	add(root, "threshold_percent", json_object_new_double(o->threshold));
	add(root, "old", kb_compare_doc_json(old));
	add(root, "new", kb_compare_doc_json(new));
	rows = json_object_new_array();
	add(root, "rows", rows);
	for (i = 0; rows && i < c->count; i++) {
		row = row_json(&c->row[i]);
		if (!row || json_object_array_add(rows, row)) {
			json_object_put(row);
			json_object_put(root);
			return NULL;
		}
	}
	add(root, "verdicts", counts_json(c));
	return root;
}

/**
 * kb_print_compare_json() - print a comparison as a JSON document
 * @f: where to
 * @old: the reference document
 * @new: the document under test
 * @o: the threshold and alpha
 * @c: the rows
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_compare_json(FILE *f, const struct kb_saved *old,
			  const struct kb_saved *new,
			  const struct kb_cmp_opts *o, const struct kb_cmp *c)
{
	return kb_json_document_print(f, compare_json(old, new, o, c));
}
