// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The output of `kaesbench compare` for two path documents (ipsec ...): a
 * table grouped by suite (ESP's transform), key length and variant (ESP's
 * mode), in the path's words, or JSON; both specified in
 * kaesbench(8). A side whose implementation is not valid shows its state
 * where its figures would be, never the figures.
 */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <json-c/json.h>

#include "bench/stats.h"
#include "kaesbench_version.h"
#include "output/compare_doc.h"
#include "output/json_document.h"
#include "pathdoc/path_compare_report.h"
#include "pathdoc/path_doc.h"

static bool same_group(const struct kb_saved_path_key *a,
		       const struct kb_saved_path_key *b)
{
	return !strcmp(a->suite, b->suite) && a->key_bits == b->key_bits &&
	       !strcmp(a->variant, b->variant) && a->option == b->option;
}

/* The alongside lane's ratio column, where the path has the lane. */
static int alongside_head(const struct kb_path_words *w, char *buf, size_t len)
{
	if (!w->alongside)
		return 0;
	snprintf(buf, len, "%s ratio", w->alongside);
	return strlen(buf) > 11 ? (int)strlen(buf) : 11;
}

static void print_group(FILE *f, const struct kb_path_doc *pd,
			const struct kb_saved_path_key *k, int driver_w)
{
	const struct kb_path_words *w = kb_path_words_of(pd);
	char head[48];
	int width = alongside_head(w, head, sizeof(head));

	fputc('\n', f);
	pd->compare_title(f, k);
	fputc('\n', f);
	fprintf(f, "  %-*s  %6s  %12s  %12s  %6s  %11s  ", driver_w,
		"implementation", w->size, "OLD tunnel/s", "NEW tunnel/s",
		"ratio", "plain ratio");
	if (width)
		fprintf(f, "%*s  ", width, head);
	fprintf(f, "%7s  %7s  %9s  %9s  %s\n", "OLD us", "NEW us", "OLD share",
		"NEW share", "verdict");
}

/* Whether a side has figures to show: valid, and at the row's point. */
static bool shown(const struct kb_path_cmp_side *s)
{
	return s->impl && kb_saved_path_valid(s->impl) && s->point;
}

/* A side's state in place of its figures, when it has none to show. */
static const char *no_figure(const struct kb_path_cmp_side *s)
{
	if (!s->impl || kb_saved_path_valid(s->impl))
		return "-";
	return strcmp(s->impl->state, "-") ? s->impl->state : "no state";
}

static const char *pps(const struct kb_path_cmp_side *s, char *buf, size_t len)
{
	return shown(s) ? kb_fmt3(s->point->tunnel.pps, buf, len) :
			  no_figure(s);
}

static const char *cpu(const struct kb_path_cmp_side *s, char *buf, size_t len)
{
	return shown(s) ? kb_fmt3(s->point->tunnel.cpu_us, buf, len) : "-";
}

static const char *share(const struct kb_path_cmp_side *s, char *buf,
			 size_t len)
{
	if (!shown(s) || !isfinite(s->point->share))
		return "-";
	snprintf(buf, len, "%.0f%%", 100 * s->point->share);
	return buf;
}

static const char *times(double v, char *buf, size_t len)
{
	if (!isfinite(v))
		return "-";
	snprintf(buf, len, "%.2fx", v);
	return buf;
}

static void packet(const struct kb_path_cmp_row *r, char *buf, size_t len)
{
	if (r->size)
		snprintf(buf, len, "%" PRIu32, r->size);
	else
		snprintf(buf, len, "%s", r->imix ? "imix" : "-");
}

/* Why a side is not valid: "NEW: invalid: 3 wrong packets". */
static void why_not_valid(FILE *f, const char *which,
			  const struct kb_path_cmp_side *s, bool *first)
{
	if (!s->impl || kb_saved_path_valid(s->impl))
		return;
	fprintf(f, "%s%s: %s", *first ? " (" : "; ", which, no_figure(s));
	if (s->impl->message)
		fprintf(f, ": %s", s->impl->message);
	*first = false;
}

static void print_verdict(FILE *f, const struct kb_path_cmp_row *r)
{
	const struct kb_path_cmp_side *other =
		r->verdict == KB_PV_ONLY_OLD ? &r->new : &r->old;
	bool first = true;

	fputs(kb_path_verdict_label(r->verdict), f);
	switch (r->verdict) {
	case KB_PV_NOW_INVALID:
	case KB_PV_NOT_VALID:
		why_not_valid(f, "OLD", &r->old, &first);
		why_not_valid(f, "NEW", &r->new, &first);
		fputs(first ? "" : ")", f);
		break;
	case KB_PV_ONLY_OLD:
	case KB_PV_ONLY_NEW:
		if (other->impl)
			fprintf(f, " (%s: not measured at this point)",
				r->verdict == KB_PV_ONLY_OLD ? "NEW" : "OLD");
		break;
	case KB_PV_WITHIN_SPREAD:
		fprintf(f, " (%.0f%%)", 100 * r->spread);
		break;
	case KB_PV_TOO_FEW:
		fprintf(f, " (%" PRId64 ":%" PRId64 ")",
			r->old.point->tunnel.measurements,
			r->new.point->tunnel.measurements);
		break;
	default:
		break;
	}
	fputc('\n', f);
}

static void print_row(FILE *f, const struct kb_path_words *w,
		      const struct kb_path_cmp_row *r, int driver_w)
{
	char a[KB_FMT3_MAX], b[KB_FMT3_MAX], c[KB_FMT3_MAX], d[KB_FMT3_MAX],
		size[16], ra[24], rp[24], sa[24], sb[24], head[48];
	int width = alongside_head(w, head, sizeof(head));

	packet(r, size, sizeof(size));
	fprintf(f, "  %-*s  %6s  %12s  %12s  %6s  %11s  ", driver_w,
		r->key.driver, size, pps(&r->old, a, sizeof(a)),
		pps(&r->new, b, sizeof(b)), times(r->ratio, ra, sizeof(ra)),
		times(r->plain_ratio, rp, sizeof(rp)));
	if (width)
		fprintf(f, "%*s  ", width,
			times(r->alongside_ratio, rp, sizeof(rp)));
	fprintf(f, "%7s  %7s  %9s  %9s  ", cpu(&r->old, c, sizeof(c)),
		cpu(&r->new, d, sizeof(d)), share(&r->old, sa, sizeof(sa)),
		share(&r->new, sb, sizeof(sb)));
	print_verdict(f, r);
}

static void print_footer(FILE *f, const struct kb_saved *doc,
			 const struct kb_cmp_opts *o,
			 const struct kb_path_cmp *c)
{
	const struct kb_path_doc *pd = kb_path_doc_of(doc);
	const struct kb_path_words *w = kb_path_words_of(pd);
	const char *p = pd->protocol;
	int v;

	fputs("\ncompare:", f);
	for (v = 0; v < KB_PV_COUNT; v++)
		fprintf(f, "%s %zu %s", v ? "," : "", c->verdicts[v],
			kb_path_verdict_label(v));
	fprintf(f,
		"\ntunnel/s: %ss received right per second through %s, the median of the\n"
		"measurements; ratio: NEW's over OLD's; plain ratio: the same without %s (when it\n"
		"moved too, the machine or the network changed, not only the crypto); us: all CPUs'\n"
		"busy time per %s through %s; share: tunnel/s over the crypto-only ceiling.\n",
		w->unit, p, p, w->unit, p);
	if (w->alongside)
		fprintf(f, "%s ratio: the same through %s.\n", w->alongside,
			pd->ops->alongside);
	fprintf(f,
		"%s documents keep each point's median and spread, not its measurements: a row\n"
		"is a REGRESSION when its ratio fell by more than %g %% and by more than the larger\n"
		"spread ((max - min) / median) of the two; no significance test is made. An\n"
		"implementation not valid in a document shows its state, never its figures.\n",
		doc->kind->name, o->threshold);
}

/**
 * kb_print_path_compare() - print a path comparison as a table
 * @f: where to
 * @old: the reference document
 * @new: the document under test
 * @o: the threshold
 * @c: the rows
 *
 * Return: 0.
 */
int kb_print_path_compare(FILE *f, const struct kb_saved *old,
			  const struct kb_saved *new,
			  const struct kb_cmp_opts *o,
			  const struct kb_path_cmp *c)
{
	const struct kb_path_doc *pd = kb_path_doc_of(old);
	int driver_w = 14;
	size_t i;

	for (i = 0; i < c->count; i++)
		if ((int)strlen(c->row[i].key.driver) > driver_w)
			driver_w = strlen(c->row[i].key.driver);
	kb_print_compare_doc(f, "OLD", old);
	kb_print_compare_doc(f, "NEW", new);
	for (i = 0; i < c->count; i++) {
		if (!i || !same_group(&c->row[i].key, &c->row[i - 1].key))
			print_group(f, pd, &c->row[i].key, driver_w);
		print_row(f, kb_path_words_of(pd), &c->row[i], driver_w);
	}
	print_footer(f, old, o, c);
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

static struct json_object *num(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

static struct json_object *side_json(const struct kb_path_words *w,
				     const struct kb_path_cmp_side *s)
{
	const struct kb_saved_path_point *p = shown(s) ? s->point : NULL;
	struct json_object *o;

	if (!s->impl)
		return NULL;
	o = json_object_new_object();
	if (!o)
		return NULL;
	add(o, "state", str(s->impl->state));
	add(o, "message", str(s->impl->message));
	add(o, "packets_per_s", p ? num(p->tunnel.pps) : NULL);
	add(o, "plain_packets_per_s", p ? num(p->plain.pps) : NULL);
	add(o, "cpu_us_per_packet", p ? num(p->tunnel.cpu_us) : NULL);
	add(o, "share", p ? num(p->share) : NULL);
	add(o, "spread", p ? num(p->tunnel.spread) : NULL);
	add(o, "measurements",
	    p ? json_object_new_int64(p->tunnel.measurements) : NULL);
	if (w->alongside)
		add(o, "alongside_packets_per_s",
		    p ? num(p->alongside.pps) : NULL);
	return o;
}

/* A path's option (kTLS's sendfile): true, false, or null not recorded. */
static struct json_object *option(int v)
{
	return v < 0 ? NULL : json_object_new_boolean(v);
}

static struct json_object *row_json(const struct kb_path_doc *pd,
				    const struct kb_path_cmp_row *r)
{
	const struct kb_path_words *w = kb_path_words_of(pd);
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	add(o, pd->suite_key, str(r->key.suite));
	add(o, "key_bits",
	    r->key.key_bits ? json_object_new_int64(r->key.key_bits) : NULL);
	add(o, pd->variant_key, str(r->key.variant));
	if (pd->option_key)
		add(o, pd->option_key, option(r->key.option));
	add(o, "driver", str(r->key.driver));
	add(o, "packet_bytes", r->size ? json_object_new_int64(r->size) : NULL);
	add(o, "imix", str(r->imix));
	add(o, "old", side_json(w, &r->old));
	add(o, "new", side_json(w, &r->new));
	add(o, "ratio", num(r->ratio));
	add(o, "plain_ratio", num(r->plain_ratio));
	if (w->alongside)
		add(o, "alongside_ratio", num(r->alongside_ratio));
	add(o, "spread", num(r->spread));
	add(o, "verdict", str(kb_path_verdict_name(r->verdict)));
	return o;
}

static struct json_object *compare_json(const struct kb_saved *old,
					const struct kb_saved *new,
					const struct kb_cmp_opts *o,
					const struct kb_path_cmp *c)
{
	struct json_object *root = json_object_new_object(), *rows, *row, *n;
	size_t i;
	int v;

	if (!root)
		return NULL;
	add(root, "kaesbench_version",
	    json_object_new_string(KAESBENCH_VERSION));
	add(root, "document", json_object_new_string(old->kind->name));
	add(root, "threshold_percent", json_object_new_double(o->threshold));
	add(root, "old", kb_compare_doc_json(old));
	add(root, "new", kb_compare_doc_json(new));
	rows = json_object_new_array();
	add(root, "rows", rows);
	for (i = 0; rows && i < c->count; i++) {
		row = row_json(kb_path_doc_of(old), &c->row[i]);
		if (!row || json_object_array_add(rows, row)) {
			json_object_put(row);
			json_object_put(root);
			return NULL;
		}
	}
	n = json_object_new_object();
	for (v = 0; n && v < KB_PV_COUNT; v++)
		add(n, kb_path_verdict_name(v),
		    json_object_new_int64((int64_t)c->verdicts[v]));
	add(root, "verdicts", n);
	return root;
}

/**
 * kb_print_path_compare_json() - print a path comparison as JSON
 * @f: where to
 * @old: the reference document
 * @new: the document under test
 * @o: the threshold
 * @c: the rows
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_path_compare_json(FILE *f, const struct kb_saved *old,
			       const struct kb_saved *new,
			       const struct kb_cmp_opts *o,
			       const struct kb_path_cmp *c)
{
	return kb_json_document_print(f, compare_json(old, new, o, c));
}

/**
 * kb_path_comparable() - whether two path documents measured a suite
 *			  in common, a path kind's compare rule
 * @old: a document
 * @new: another of the same kind
 * @why: set to why not
 * @len: size of @why
 *
 * Return: true if a suite (ESP's transform) is in both.
 */
bool kb_path_comparable(const struct kb_saved *old, const struct kb_saved *new,
			char *why, size_t len)
{
	const char *key = kb_path_doc_of(old)->suite_key;

	if (kb_path_cmp_common_suite(old, new))
		return true;
	snprintf(why, len, "different %ss: OLD (%s) has %s, NEW (%s) has %s",
		 key, old->name, old->path[0].key.suite, new->name,
		 new->path[0].key.suite);
	return false;
}

/**
 * kb_path_compare_print() - compare two path documents and print the rows,
 *			     a path kind's comparison
 * @f: where to
 * @old: the reference document
 * @new: the document under test, of the same kind
 * @o: the threshold
 * @json: JSON, else a table
 * @out: set to the rows in both and whether a CI gate fails
 *
 * Return: 0, or -ENOMEM.
 */
int kb_path_compare_print(FILE *f, const struct kb_saved *old,
			  const struct kb_saved *new,
			  const struct kb_cmp_opts *o, bool json,
			  struct kb_cmp_outcome *out)
{
	struct kb_path_cmp c = { 0 };
	int ret = kb_path_compare(old, new, o, &c);

	if (!ret)
		ret = json ? kb_print_path_compare_json(f, old, new, o, &c) :
			     kb_print_path_compare(f, old, new, o, &c);
	out->compared = kb_path_cmp_compared(&c);
	out->failed = kb_path_cmp_failed(&c);
	kb_path_cmp_free(&c);
	return ret;
}
