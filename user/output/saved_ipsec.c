// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Reading the "ipsec" list of a saved `kaesbench ipsec --json` back
 * (Documentation/results.rst, "kaesbench ipsec's document"). As for runs,
 * an unknown member is ignored and a null or missing one is "not
 * recorded", but a figure or a count of another type, negative or not
 * finite refuses the document: a damaged file must not read as a
 * measurement, nor a wrong packet as none. Every refusal names the file
 * and where in it.
 */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/json_read.h"
#include "output/saved_ipsec.h"

/* Where in the document, for messages: "ipsec[1].points[2]". */
struct where {
	const char *name; /* the file */
	char at[96];
};

static struct json_object *object_or_null(struct json_object *o,
					  const char *key, bool *ok)
{
	struct json_object *v = kb_json_member(o, key);

	*ok = !v || json_object_is_type(v, json_type_object);
	return *ok ? v : NULL;
}

static int rate(const struct where *w, struct json_object *o, const char *key,
		struct kb_saved_ipsec_rate *r, char *err, size_t errlen)
{
	static const char *const figures[] = { "packets_per_s", "gbit_per_s",
					       "cpu_us_per_packet", "spread" };
	double *out[] = { &r->pps, &r->gbps, &r->cpu_us, &r->spread };
	struct json_object *v;
	bool ok;
	size_t i;

	*r = (struct kb_saved_ipsec_rate){ NAN, NAN, NAN, NAN, 0 };
	v = object_or_null(o, key, &ok);
	if (!ok)
		return kb_json_bad(err, errlen,
				   "%s: %s: \"%s\" is not an object", w->name,
				   w->at, key);
	for (i = 0; v && i < sizeof(figures) / sizeof(figures[0]); i++)
		if (!kb_json_figure(v, figures[i], out[i]))
			return kb_json_bad(
				err, errlen,
				"%s: %s.%s: \"%s\" is not a number, 0 or more",
				w->name, w->at, key, figures[i]);
	if (v &&
	    !kb_json_int(v, "measurements", 0, INT32_MAX, &r->measurements))
		return kb_json_bad(err, errlen,
				   "%s: %s.%s: \"measurements\" is not a count",
				   w->name, w->at, key);
	return 0;
}

static int point_size(const struct where *w, struct json_object *o,
		      struct kb_saved_ipsec_point *p, char *err, size_t errlen)
{
	int64_t n;

	if (!kb_json_int(o, "packet_bytes", 1, UINT32_MAX, &n))
		return kb_json_bad(
			err, errlen,
			"%s: %s: \"packet_bytes\" is not a size in bytes",
			w->name, w->at);
	p->size = (uint32_t)n;
	p->imix = kb_json_string_or(o, "imix", NULL);
	if (!p->imix && kb_json_member(o, "imix"))
		return kb_json_bad(err, errlen,
				   "%s: %s: \"imix\" is not a string", w->name,
				   w->at);
	/* A point is a size or the mix, not both, not neither. */
	if (!p->size == !p->imix)
		return kb_json_bad(
			err, errlen,
			"%s: %s: not one of \"packet_bytes\" and \"imix\"",
			w->name, w->at);
	if (!kb_json_int(o, "esp_packet_bytes", 0, UINT32_MAX, &n))
		return kb_json_bad(
			err, errlen,
			"%s: %s: \"esp_packet_bytes\" is not a size in bytes",
			w->name, w->at);
	p->esp_bytes = (uint32_t)n;
	return 0;
}

static int point(const struct where *w, struct json_object *o,
		 struct kb_saved_ipsec_point *p, char *err, size_t errlen)
{
	struct json_object *ceiling;
	bool ok;
	int ret;

	if (!json_object_is_type(o, json_type_object))
		return kb_json_bad(err, errlen, "%s: %s: not an object",
				   w->name, w->at);
	ret = point_size(w, o, p, err, errlen);
	if (!ret)
		ret = rate(w, o, "tunnel", &p->tunnel, err, errlen);
	if (!ret)
		ret = rate(w, o, "plain", &p->plain, err, errlen);
	if (ret)
		return ret;
	ceiling = object_or_null(o, "ceiling", &ok);
	p->ceiling_pps = NAN;
	if (!ok || (ceiling &&
		    !kb_json_figure(ceiling, "packets_per_s", &p->ceiling_pps)))
		return kb_json_bad(
			err, errlen,
			"%s: %s: \"ceiling\" is not null or an object of packets_per_s",
			w->name, w->at);
	if (!kb_json_figure(o, "share", &p->share))
		return kb_json_bad(
			err, errlen,
			"%s: %s: \"share\" is not a number, 0 or more", w->name,
			w->at);
	return 0;
}

static int points(const struct where *w, struct json_object *o,
		  struct kb_saved_ipsec *impl, char *err, size_t errlen)
{
	struct json_object *arr = kb_json_member(o, "points");
	struct where at = *w;
	size_t i, n;
	int ret;

	if (!arr)
		return 0;
	if (!json_object_is_type(arr, json_type_array))
		return kb_json_bad(err, errlen,
				   "%s: %s: \"points\" is not an array",
				   w->name, w->at);
	n = json_object_array_length(arr);
	impl->point = calloc(n + 1, sizeof(*impl->point));
	if (!impl->point)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		snprintf(at.at, sizeof(at.at), "%s.points[%zu]", w->at, i);
		ret = point(&at, json_object_array_get_idx(arr, i),
			    &impl->point[i], err, errlen);
		if (ret)
			return ret;
		impl->points = i + 1;
	}
	return 0;
}

/* The SAs' proofs, counted: each proved or not, its priority raised or not. */
static int sas(const struct where *w, struct json_object *o,
	       struct kb_saved_ipsec *impl, char *err, size_t errlen)
{
	struct json_object *arr = kb_json_member(o, "sas"), *sa, *v;
	size_t i;

	if (!arr)
		return 0;
	if (!json_object_is_type(arr, json_type_array))
		return kb_json_bad(err, errlen,
				   "%s: %s: \"sas\" is not an array", w->name,
				   w->at);
	for (i = 0; i < json_object_array_length(arr); i++) {
		sa = json_object_array_get_idx(arr, i);
		v = sa ? kb_json_member(sa, "proved") : NULL;
		if (!sa || !json_object_is_type(sa, json_type_object) ||
		    (v && !json_object_is_type(v, json_type_boolean)))
			return kb_json_bad(
				err, errlen,
				"%s: %s.sas[%zu]: not an object whose \"proved\" is true or false",
				w->name, w->at, i);
		impl->sas++;
		impl->proved += v && json_object_get_boolean(v);
		impl->raised += kb_json_member(sa, "priority_raised") != NULL;
	}
	return 0;
}

/*
 * A half's datagram counts, at most 2^53: every JSON writer keeps them
 * exact, and the readers' sums over both halves (CSV, report) cannot
 * overflow an int64_t.
 */
#define KB_SAVED_COUNT_MAX (INT64_C(1) << 53)

static int half(const struct where *w, size_t k, struct json_object *o,
		struct kb_saved_ipsec_half *h, char *err, size_t errlen)
{
	static const char *const counts[] = { "sent", "received", "wrong",
					      "lost", "integrity_failed" };
	int64_t *out[] = { &h->sent, &h->received, &h->wrong, &h->lost,
			   &h->integrity_failed };
	struct json_object *v;
	size_t i;

	if (!json_object_is_type(o, json_type_object))
		return kb_json_bad(err, errlen,
				   "%s: %s.differential[%zu]: not an object",
				   w->name, w->at, k);
	h->recorded = true;
	v = kb_json_member(o, "ran");
	if (v && !json_object_is_type(v, json_type_boolean))
		return kb_json_bad(
			err, errlen,
			"%s: %s.differential[%zu]: \"ran\" is not true or false",
			w->name, w->at, k);
	h->ran = v && json_object_get_boolean(v);
	for (i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
		if (!kb_json_int(o, counts[i], 0, KB_SAVED_COUNT_MAX, out[i]))
			return kb_json_bad(
				err, errlen,
				"%s: %s.differential[%zu]: \"%s\" is not a count",
				w->name, w->at, k, counts[i]);
	return 0;
}

static int differential(const struct where *w, struct json_object *o,
			struct kb_saved_ipsec *impl, char *err, size_t errlen)
{
	struct json_object *arr = kb_json_member(o, "differential");
	size_t k;
	int ret;

	if (!arr)
		return 0;
	if (!json_object_is_type(arr, json_type_array) ||
	    json_object_array_length(arr) > 2)
		return kb_json_bad(
			err, errlen,
			"%s: %s: \"differential\" is not an array of its two halves",
			w->name, w->at);
	for (k = 0; k < json_object_array_length(arr); k++) {
		ret = half(w, k, json_object_array_get_idx(arr, k),
			   &impl->half[k], err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

static int flag(struct json_object *o, const char *key)
{
	struct json_object *v = kb_json_member(o, key);

	return v && json_object_is_type(v, json_type_boolean) ?
		       json_object_get_boolean(v) :
		       -1;
}

static int identity(const struct where *w, struct json_object *o,
		    struct kb_saved_ipsec *impl, char *err, size_t errlen)
{
	int64_t bits;

	impl->key.driver = kb_json_string_or(o, "driver", NULL);
	if (!impl->key.driver || !impl->key.driver[0])
		return kb_json_bad(
			err, errlen,
			"%s: %s: \"driver\" is missing or not a string",
			w->name, w->at);
	impl->key.transform = kb_json_string_or(o, "transform", "-");
	impl->key.mode = kb_json_string_or(o, "mode", "-");
	impl->state = kb_json_string_or(o, "state", "-");
	if (!impl->key.transform || !impl->key.mode || !impl->state)
		return kb_json_bad(
			err, errlen,
			"%s: %s: \"transform\", \"mode\" or \"state\" is not a string",
			w->name, w->at);
	if (!kb_json_int(o, "key_bits", 0, UINT32_MAX, &bits))
		return kb_json_bad(err, errlen,
				   "%s: %s: \"key_bits\" is not a key length",
				   w->name, w->at);
	impl->key.key_bits = (uint32_t)bits;
	/* Words only: a wrong type reads as not recorded. */
	impl->named = kb_json_string_or(o, "named", NULL);
	impl->module = kb_json_string_or(o, "module", NULL);
	impl->reference_driver = kb_json_string_or(o, "reference_driver", NULL);
	impl->message = kb_json_string_or(o, "message", NULL);
	impl->ceiling_note = kb_json_string_or(o, "ceiling_note", NULL);
	impl->selected = flag(o, "selected");
	impl->reference = flag(o, "reference");
	return 0;
}

static int one(const char *name, size_t i, struct json_object *o,
	       struct kb_saved_ipsec *impl, char *err, size_t errlen)
{
	struct where w = { .name = name };
	int ret;

	snprintf(w.at, sizeof(w.at), "ipsec[%zu]", i);
	if (!json_object_is_type(o, json_type_object))
		return kb_json_bad(err, errlen, "%s: %s: not an object", name,
				   w.at);
	ret = identity(&w, o, impl, err, errlen);
	if (!ret)
		ret = sas(&w, o, impl, err, errlen);
	if (!ret)
		ret = differential(&w, o, impl, err, errlen);
	if (!ret)
		ret = points(&w, o, impl, err, errlen);
	return ret;
}

/**
 * kb_saved_ipsec_parse() - read a saved ipsec document's list
 * @name: the document's name in messages
 * @list: its "ipsec" member, an array; the strings read stay its
 * @out: set to the implementations; kb_saved_ipsec_free() them whatever
 *	 the result
 * @count: set to how many @out holds
 * @err: set to what is wrong, naming @name, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for a list that is not one of implementations as
 * `kaesbench ipsec --json` writes them, or -ENOMEM.
 */
int kb_saved_ipsec_parse(const char *name, struct json_object *list,
			 struct kb_saved_ipsec **out, size_t *count, char *err,
			 size_t errlen)
{
	size_t i, n = json_object_array_length(list);
	int ret = 0;

	*count = 0;
	*out = calloc(n + 1, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (i = 0; !ret && i < n; i++) {
		ret = one(name, i, json_object_array_get_idx(list, i),
			  &(*out)[i], err, errlen);
		*count = i + 1;
	}
	return ret;
}

/**
 * kb_saved_ipsec_free() - free what kb_saved_ipsec_parse() allocated
 * @impl: the implementations
 * @count: how many
 */
void kb_saved_ipsec_free(struct kb_saved_ipsec *impl, size_t count)
{
	size_t i;

	for (i = 0; impl && i < count; i++)
		free(impl[i].point);
	free(impl);
}

/**
 * kb_saved_ipsec_valid() - whether an implementation's figures stand
 * @impl: the implementation
 *
 * Return: true only for the state "valid": one not recorded is not.
 */
bool kb_saved_ipsec_valid(const struct kb_saved_ipsec *impl)
{
	return !strcmp(impl->state, "valid");
}

/**
 * kb_saved_ipsec_key_cmp() - order of implementations, as a reader groups
 * @a: a key
 * @b: another
 *
 * Transform, key length, mode, then driver.
 *
 * Return: <0, 0 or >0 as for qsort(); 0 for the same implementation.
 */
int kb_saved_ipsec_key_cmp(const struct kb_saved_ipsec_key *a,
			   const struct kb_saved_ipsec_key *b)
{
	int ret = strcmp(a->transform, b->transform);

	if (ret)
		return ret;
	if (a->key_bits != b->key_bits)
		return a->key_bits < b->key_bits ? -1 : 1;
	ret = strcmp(a->mode, b->mode);
	return ret ? ret : strcmp(a->driver, b->driver);
}

/**
 * kb_saved_ipsec_point_cmp() - order of points: sizes ascending, then mixes
 * @a: a point
 * @b: another
 *
 * A mix is the same point as another only with the same spec.
 *
 * Return: <0, 0 or >0 as for qsort(); 0 for the same point.
 */
int kb_saved_ipsec_point_cmp(const struct kb_saved_ipsec_point *a,
			     const struct kb_saved_ipsec_point *b)
{
	if (!a->size != !b->size)
		return a->size ? -1 : 1;
	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	return a->size ? 0 : strcmp(a->imix, b->imix);
}
