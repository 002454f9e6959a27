// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The walks over a field table (output/field.h): one JSON writer, one
 * CSV writer, one reader. What a reader refuses is said per field,
 * naming the member and where in the document it is.
 */

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "output/csv.h"
#include "output/field.h"
#include "output/json_read.h"

/**
 * kb_field_words() - a string field's value: none when NULL or empty
 * @s: the string
 * @v: the value, set
 *
 * Return: whether there is one.
 */
bool kb_field_words(const char *s, struct kb_field_value *v)
{
	v->s = s;
	return s && s[0];
}

static struct json_object *json_value(const struct kb_field *fl,
				      const void *rec)
{
	struct kb_field_value v = { 0 };

	if (!fl->get(rec, &v))
		return NULL;
	switch (fl->type) {
	case KB_FIELD_STRING:
		return json_object_new_string(v.s);
	case KB_FIELD_INT:
		return json_object_new_int64(v.i);
	case KB_FIELD_DOUBLE:
		return json_object_new_double(v.d);
	case KB_FIELD_BOOL:
		return json_object_new_boolean(v.b);
	case KB_FIELD_JSON:
		return v.json;
	}
	return NULL;
}

/**
 * kb_fields_json() - add a record's JSON members to an object, in order
 * @o: the object
 * @field: the table
 * @count: its fields
 * @rec: the record, as the getters take it
 *
 * A field without a value is null; a field without a member name is left
 * out.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_fields_json(struct json_object *o, const struct kb_field *const *field,
		   size_t count, const void *rec)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (field[i]->json &&
		    json_object_object_add(o, field[i]->json,
					   json_value(field[i], rec)))
			return -ENOMEM;
	return 0;
}

/**
 * kb_fields_csv_header() - the names of a table's CSV columns
 * @f: where to
 * @field: the table
 * @count: its fields
 * @first: whether no column is before them on the line; set false
 *	   after one
 */
void kb_fields_csv_header(FILE *f, const struct kb_field *const *field,
			  size_t count, bool *first)
{
	size_t i;

	for (i = 0; i < count; i++) {
		if (!field[i]->csv)
			continue;
		if (!*first)
			fputc(',', f);
		fputs(field[i]->csv, f);
		*first = false;
	}
}

static void csv_cell(FILE *f, const struct kb_field *fl, const void *rec)
{
	struct kb_field_value v = { 0 };

	if (!fl->get(rec, &v))
		return;
	switch (fl->type) {
	case KB_FIELD_STRING:
		kb_csv_field(f, v.s);
		break;
	case KB_FIELD_INT:
		fprintf(f, "%" PRId64, v.i);
		break;
	case KB_FIELD_DOUBLE:
		fprintf(f, fl->format ? fl->format : "%g", v.d);
		break;
	case KB_FIELD_BOOL:
		fputs(v.b ? "true" : "false", f);
		break;
	case KB_FIELD_JSON:
		json_object_put(v.json);
		break;
	}
}

/**
 * kb_fields_csv_row() - a record's CSV cells, in the table's order
 * @f: where to
 * @field: the table
 * @count: its fields
 * @rec: the record, as the getters take it; a field without a value is
 *	 an empty cell
 * @first: whether no cell is before them on the line; set false after one
 */
void kb_fields_csv_row(FILE *f, const struct kb_field *const *field,
		       size_t count, const void *rec, bool *first)
{
	size_t i;

	for (i = 0; i < count; i++) {
		if (!field[i]->csv)
			continue;
		if (!*first)
			fputc(',', f);
		csv_cell(f, field[i], rec);
		*first = false;
	}
}

static int read_string(struct json_object *o, const struct kb_field *fl,
		       const char **out, const char *name, const char *at,
		       char *err, size_t errlen)
{
	switch (fl->read) {
	case KB_READ_REQUIRED:
		*out = kb_json_string_or(o, fl->json, NULL);
		if (!*out || !(*out)[0])
			return kb_json_bad(
				err, errlen,
				"%s: %s: \"%s\" is missing or not a string",
				name, at, fl->json);
		return 0;
	case KB_READ_WORD:
		*out = kb_json_string_or(o, fl->json, "-");
		if (!*out)
			return kb_json_bad(err, errlen,
					   "%s: %s: \"%s\" is not a string",
					   name, at, fl->json);
		return 0;
	default: /* KB_READ_WORDS: words only, a wrong type not recorded */
		*out = kb_json_string_or(o, fl->json, NULL);
		return 0;
	}
}

static int read_one(struct json_object *o, const struct kb_field *fl,
		    char *at_rec, const char *name, const char *at, char *err,
		    size_t errlen);

/* Absent or null, its members read as absent: each its default. */
static int read_object(struct json_object *o, const struct kb_field *fl,
		       void *saved, const char *name, const char *at, char *err,
		       size_t errlen)
{
	struct json_object *v = kb_json_member(o, fl->json);
	char inner[160];

	if (v && !json_object_is_type(v, json_type_object))
		return kb_json_bad(err, errlen,
				   "%s: %s: \"%s\" is not an object", name, at,
				   fl->json);
	snprintf(inner, sizeof(inner), "%s.%s", at, fl->json);
	return kb_fields_read(v, fl->sub, *fl->nsub, saved, name, inner, err,
			      errlen);
}

static int read_one(struct json_object *o, const struct kb_field *fl,
		    char *at_rec, const char *name, const char *at, char *err,
		    size_t errlen)
{
	void *p = at_rec + fl->offset;
	struct json_object *v;
	int64_t n;

	switch (fl->read) {
	case KB_READ_NOT:
		return 0;
	case KB_READ_REQUIRED:
	case KB_READ_WORD:
	case KB_READ_WORDS:
		return read_string(o, fl, p, name, at, err, errlen);
	case KB_READ_FLAG:
		v = kb_json_member(o, fl->json);
		*(int *)p = v && json_object_is_type(v, json_type_boolean) ?
				    json_object_get_boolean(v) :
				    -1;
		return 0;
	case KB_READ_KEY_BITS:
		if (!kb_json_int(o, fl->json, 0, UINT32_MAX, &n))
			return kb_json_bad(err, errlen,
					   "%s: %s: \"%s\" is not a key length",
					   name, at, fl->json);
		*(uint32_t *)p = (uint32_t)n;
		return 0;
	case KB_READ_FIGURE:
		if (!kb_json_figure(o, fl->json, p))
			return kb_json_bad(
				err, errlen,
				"%s: %s: \"%s\" is not a number, 0 or more",
				name, at, fl->json);
		return 0;
	case KB_READ_COUNT:
		if (!kb_json_int(o, fl->json, 0, INT32_MAX, p))
			return kb_json_bad(err, errlen,
					   "%s: %s: \"%s\" is not a count",
					   name, at, fl->json);
		return 0;
	case KB_READ_BYTES:
		if (!kb_json_int(o, fl->json, 0, UINT32_MAX, &n))
			return kb_json_bad(
				err, errlen,
				"%s: %s: \"%s\" is not a size in bytes", name,
				at, fl->json);
		*(uint32_t *)p = (uint32_t)n;
		return 0;
	case KB_READ_OBJECT:
		return read_object(o, fl, p, name, at, err, errlen);
	}
	return 0;
}

/**
 * kb_fields_read() - read a record back from its JSON object
 * @o: the object
 * @field: the table; the fields with a member and a way to read it
 * @count: its fields
 * @saved: the record read back, filled at each field's offset; its
 *	   strings stay @o's
 * @name: the document, for messages
 * @at: where @o is in it, for messages: "ipsec[1]"
 * @err: set to what is wrong on failure
 * @errlen: size of @err
 *
 * Return: 0, or -EINVAL at the first field @o holds wrongly.
 */
int kb_fields_read(struct json_object *o, const struct kb_field *const *field,
		   size_t count, void *saved, const char *name, const char *at,
		   char *err, size_t errlen)
{
	size_t i;
	int ret;

	for (i = 0; i < count; i++) {
		if (!field[i]->json)
			continue;
		ret = read_one(o, field[i], saved, name, at, err, errlen);
		if (ret)
			return ret;
	}
	return 0;
}

static bool same_string(const char *wrote, bool has, const char *read)
{
	if (!has)
		return !read || !strcmp(read, "-");
	return read && !strcmp(wrote, read);
}

/**
 * kb_field_equal() - whether a field read back is what was written
 * @field: a field with a getter and a way to read it
 * @rec: the record written
 * @saved: the record read back from what was written
 *
 * What the round-trip tests ask of every kind's table.
 *
 * Return: true when the value read back is the one written (a value
 * absent as it was written reads back as absent).
 */
bool kb_field_equal(const struct kb_field *field, const void *rec,
		    const void *saved)
{
	const char *p = (const char *)saved + field->offset;
	struct kb_field_value v = { 0 };
	bool has = field->get(rec, &v);

	if (field->type == KB_FIELD_JSON) {
		/* A nested record: its own table's round trip says. */
		json_object_put(v.json);
		return true;
	}
	switch (field->read) {
	case KB_READ_NOT:
		return true;
	case KB_READ_REQUIRED:
	case KB_READ_WORD:
	case KB_READ_WORDS:
		return same_string(v.s, has, *(const char *const *)p);
	case KB_READ_FLAG:
		return *(const int *)p == (has ? v.b : -1);
	case KB_READ_KEY_BITS:
		return *(const uint32_t *)p == (has ? (uint32_t)v.i : 0);
	case KB_READ_FIGURE:
		/* As printed: to the digits json-c prints a double with. */
		return has ? fabs(*(const double *)p - v.d) <=
				       1e-12 * fabs(v.d) :
			     isnan(*(const double *)p);
	case KB_READ_COUNT:
		return *(const int64_t *)p == (has ? v.i : 0);
	case KB_READ_BYTES:
		return *(const uint32_t *)p == (has ? (uint32_t)v.i : 0);
	case KB_READ_OBJECT:
		return true;
	}
	return false;
}
