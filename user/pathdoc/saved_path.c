// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Reading the list of a saved path document (`kaesbench ipsec --json`'s
 * "ipsec") back, its members named by the path's field tables
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
#include "pathdoc/path_doc.h"
#include "pathdoc/saved_path.h"

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

static int point_size(const struct where *w, struct json_object *o,
		      struct kb_saved_path_point *p, char *err, size_t errlen)
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
	return 0;
}

static int point(const struct kb_path_doc *pd, const struct where *w,
		 struct json_object *o, struct kb_saved_path_point *p,
		 char *err, size_t errlen)
{
	struct json_object *ceiling;
	bool ok;
	int ret;

	if (!json_object_is_type(o, json_type_object))
		return kb_json_bad(err, errlen, "%s: %s: not an object",
				   w->name, w->at);
	ret = point_size(w, o, p, err, errlen);
	if (!ret)
		ret = kb_fields_read(o, pd->point_fields, pd->npoint_fields, p,
				     w->name, w->at, err, errlen);
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
	return 0;
}

static int points(const struct kb_path_doc *pd, const struct where *w,
		  struct json_object *o, struct kb_saved_path *impl, char *err,
		  size_t errlen)
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
		ret = point(pd, &at, json_object_array_get_idx(arr, i),
			    &impl->point[i], err, errlen);
		if (ret)
			return ret;
		impl->points = i + 1;
	}
	return 0;
}

/* The ends' proofs, counted: each proved or not, its priority raised or not. */
static int ends(const struct kb_path_doc *pd, const struct where *w,
		struct json_object *o, struct kb_saved_path *impl, char *err,
		size_t errlen)
{
	struct json_object *arr = kb_json_member(o, pd->ends_key), *end, *v;
	size_t i;

	if (!arr)
		return 0;
	if (!json_object_is_type(arr, json_type_array))
		return kb_json_bad(err, errlen,
				   "%s: %s: \"%s\" is not an array", w->name,
				   w->at, pd->ends_key);
	for (i = 0; i < json_object_array_length(arr); i++) {
		end = json_object_array_get_idx(arr, i);
		v = end ? kb_json_member(end, "proved") : NULL;
		if (!end || !json_object_is_type(end, json_type_object) ||
		    (v && !json_object_is_type(v, json_type_boolean)))
			return kb_json_bad(
				err, errlen,
				"%s: %s.%s[%zu]: not an object whose \"proved\" is true or false",
				w->name, w->at, pd->ends_key, i);
		impl->ends++;
		impl->proved += v && json_object_get_boolean(v);
		impl->raised += kb_json_member(end, "priority_raised") != NULL;
		v = pd->read_back ?
			    kb_json_member(end, "read_back_contradicts") :
			    NULL;
		impl->contradicted +=
			v && json_object_is_type(v, json_type_boolean) &&
			json_object_get_boolean(v);
	}
	return 0;
}

/*
 * A half's datagram counts, at most 2^53: every JSON writer keeps them
 * exact, and the readers' sums over both halves (CSV, report) cannot
 * overflow an int64_t.
 */
#define KB_SAVED_COUNT_MAX (INT64_C(1) << 53)

static int count(const struct where *w, size_t k, struct json_object *o,
		 const char *key, int64_t *out, char *err, size_t errlen)
{
	if (kb_json_int(o, key, 0, KB_SAVED_COUNT_MAX, out))
		return 0;
	return kb_json_bad(err, errlen,
			   "%s: %s.differential[%zu]: \"%s\" is not a count",
			   w->name, w->at, k, key);
}

/* The counts of a half, and the path's refusal counters by their names. */
static int half(const struct kb_path_ops *ops, const struct where *w, size_t k,
		struct json_object *o, struct kb_saved_path_half *h, char *err,
		size_t errlen)
{
	static const char *const counts[] = { "sent", "received", "wrong",
					      "lost" };
	int64_t *out[] = { &h->sent, &h->received, &h->wrong, &h->lost };
	struct json_object *v;
	size_t i;
	int ret = 0;

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
	for (i = 0; !ret && i < sizeof(counts) / sizeof(counts[0]); i++)
		ret = count(w, k, o, counts[i], out[i], err, errlen);
	for (i = 0; !ret && i < ops->nrefusals; i++)
		ret = count(w, k, o, ops->refusals[i].key, &h->refused[i], err,
			    errlen);
	return ret;
}

static int differential(const struct kb_path_doc *pd, const struct where *w,
			struct json_object *o, struct kb_saved_path *impl,
			char *err, size_t errlen)
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
		ret = half(pd->ops, w, k, json_object_array_get_idx(arr, k),
			   &impl->half[k], err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

static int one(const struct kb_path_doc *pd, const char *name, size_t i,
	       struct json_object *o, struct kb_saved_path *impl, char *err,
	       size_t errlen)
{
	struct where w = { .name = name };
	int ret;

	snprintf(w.at, sizeof(w.at), "%s[%zu]", pd->ops->command, i);
	if (!json_object_is_type(o, json_type_object))
		return kb_json_bad(err, errlen, "%s: %s: not an object", name,
				   w.at);
	ret = kb_fields_read(o, pd->fields, pd->nfields, impl, name, w.at, err,
			     errlen);
	if (!ret)
		ret = ends(pd, &w, o, impl, err, errlen);
	if (!ret)
		ret = differential(pd, &w, o, impl, err, errlen);
	if (!ret)
		ret = points(pd, &w, o, impl, err, errlen);
	return ret;
}

/**
 * kb_saved_path_read() - read a saved path document's list, a path
 *			  kind's reader
 * @doc: the document, its header read, its kind a path's
 * @list: its list ("ipsec"), an array of one implementation or more; the
 *	  strings read stay its
 * @err: set to what is wrong, naming the document, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for a list that is not one of implementations as
 * the path's command writes them, or -ENOMEM.
 */
int kb_saved_path_read(struct kb_saved *doc, struct json_object *list,
		       char *err, size_t errlen)
{
	const struct kb_path_doc *pd = kb_path_doc_of(doc);
	size_t i, n = json_object_array_length(list);
	int ret = 0;

	doc->path = calloc(n + 1, sizeof(*doc->path));
	if (!doc->path)
		return -ENOMEM;
	for (i = 0; !ret && i < n; i++) {
		ret = one(pd, doc->name, i, json_object_array_get_idx(list, i),
			  &doc->path[i], err, errlen);
		doc->paths = i + 1;
	}
	return ret;
}

/**
 * kb_saved_path_free() - free what kb_saved_path_read() allocated
 * @doc: the document
 */
void kb_saved_path_free(struct kb_saved *doc)
{
	size_t i;

	for (i = 0; doc->path && i < doc->paths; i++)
		free(doc->path[i].point);
	free(doc->path);
}

/**
 * kb_saved_path_valid() - whether an implementation's figures stand
 * @impl: the implementation
 *
 * Return: true only for the state "valid": one not recorded is not.
 */
bool kb_saved_path_valid(const struct kb_saved_path *impl)
{
	return !strcmp(impl->state, "valid");
}

/**
 * kb_saved_path_key_cmp() - order of implementations, as a reader groups
 * @a: a key
 * @b: another
 *
 * Suite (ESP's transform), key length, variant (ESP's mode), the path's
 * option (kTLS's sendfile), then driver.
 *
 * Return: <0, 0 or >0 as for qsort(); 0 for the same implementation.
 */
int kb_saved_path_key_cmp(const struct kb_saved_path_key *a,
			  const struct kb_saved_path_key *b)
{
	int ret = strcmp(a->suite, b->suite);

	if (ret)
		return ret;
	if (a->key_bits != b->key_bits)
		return a->key_bits < b->key_bits ? -1 : 1;
	ret = strcmp(a->variant, b->variant);
	if (ret)
		return ret;
	if (a->option != b->option)
		return a->option < b->option ? -1 : 1;
	return strcmp(a->driver, b->driver);
}

/**
 * kb_saved_path_point_cmp() - order of points: sizes ascending, then mixes
 * @a: a point
 * @b: another
 *
 * A mix is the same point as another only with the same spec.
 *
 * Return: <0, 0 or >0 as for qsort(); 0 for the same point.
 */
int kb_saved_path_point_cmp(const struct kb_saved_path_point *a,
			    const struct kb_saved_path_point *b)
{
	if (!a->size != !b->size)
		return a->size ? -1 : 1;
	if (a->size != b->size)
		return a->size < b->size ? -1 : 1;
	return a->size ? 0 : strcmp(a->imix, b->imix);
}
