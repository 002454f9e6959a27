// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved document is read leniently where nothing depends on it (a
 * member missing or null is "not recorded") and strictly where a figure
 * or a verdict does: a number of another type refuses the document, so
 * that a damaged file never reads as a measurement.
 */

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "output/json_read.h"

/**
 * kb_json_bad() - say what is wrong with a document
 * @err: where to
 * @len: size of @err
 * @fmt: printf() format, naming the document first
 *
 * Return: -EINVAL, for the caller to return.
 */
int kb_json_bad(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/**
 * kb_json_member() - a member of an object
 * @o: the object
 * @key: the member's name
 *
 * Return: the member, or NULL when missing or null.
 */
struct json_object *kb_json_member(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return v;
}

/**
 * kb_json_string_or() - a string member
 * @o: the object
 * @key: the member's name
 * @def: what a missing or null member reads as
 *
 * Return: the string (owned by @o), @def, or NULL when the member is of
 * another type.
 */
const char *kb_json_string_or(struct json_object *o, const char *key,
			      const char *def)
{
	struct json_object *v = kb_json_member(o, key);

	if (!v)
		return def;
	return json_object_is_type(v, json_type_string) ?
		       json_object_get_string(v) :
		       NULL;
}

/**
 * kb_json_int() - a whole number member within bounds
 * @o: the object
 * @key: the member's name
 * @min: the smallest allowed
 * @max: the largest allowed
 * @out: set to the number; 0 when missing or null
 *
 * Return: false when the member is of another type or out of bounds.
 */
bool kb_json_int(struct json_object *o, const char *key, int64_t min,
		 int64_t max, int64_t *out)
{
	struct json_object *v = kb_json_member(o, key);

	*out = 0;
	if (!v)
		return true;
	if (!json_object_is_type(v, json_type_int))
		return false;
	*out = json_object_get_int64(v);
	return *out >= min && *out <= max;
}

/**
 * kb_json_figure() - a measured figure: a finite number, not negative
 * @o: the object
 * @key: the member's name
 * @out: set to the figure; NAN when missing or null (not measured)
 *
 * Return: false when the member is of another type, negative or not
 * finite (json-c reads NaN and Infinity).
 */
bool kb_json_figure(struct json_object *o, const char *key, double *out)
{
	struct json_object *v = kb_json_member(o, key);

	*out = NAN;
	if (!v)
		return true;
	if (!json_object_is_type(v, json_type_int) &&
	    !json_object_is_type(v, json_type_double))
		return false;
	*out = json_object_get_double(v);
	return isfinite(*out) && *out >= 0;
}
