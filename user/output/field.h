/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A document's fields, stated once in a table that the JSON writer, the
 * CSV writer and the JSON reader all walk: a field is its JSON member,
 * its CSV column, its type, how a record being written gives its value
 * and where a record read back keeps it. A writer and a reader that
 * walk one table cannot disagree on a name, and a new kind of document
 * is its table.
 */
#ifndef KAESBENCH_OUTPUT_FIELD_H
#define KAESBENCH_OUTPUT_FIELD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

enum kb_field_type {
	KB_FIELD_STRING, /* @s */
	KB_FIELD_INT, /* @i */
	KB_FIELD_DOUBLE, /* @d, in CSV as the field's format says */
	KB_FIELD_BOOL, /* @b: true or false */
	KB_FIELD_JSON, /* @json: a member the getter builds (an array ...) */
};

/* A field's value in a record being written. */
struct kb_field_value {
	const char *s;
	int64_t i;
	double d;
	bool b;
	struct json_object *json;
	char text[128]; /* room for a string the getter formats: @s points here */
};

/* How a record read back takes a member, and what it refuses. */
enum kb_field_read {
	KB_READ_NOT, /* not read back */
	KB_READ_REQUIRED, /* a string, not empty: else the document is refused */
	KB_READ_WORD, /* a string, or "-" when absent; another type refused */
	KB_READ_WORDS, /* a string, or NULL when absent or of another type */
	KB_READ_FLAG, /* int: 1 true, 0 false, -1 absent or of another type */
	KB_READ_KEY_BITS, /* uint32_t: a key length, 0 when absent */
	KB_READ_FIGURE, /* double: a number 0 or more, NAN when absent or null */
	KB_READ_COUNT, /* int64_t: 0 to INT32_MAX, 0 when absent */
	KB_READ_BYTES, /* uint32_t: a size in bytes, 0 when absent */
	/* An object or null, read with @sub into the record at @offset. */
	KB_READ_OBJECT,
};

struct kb_field {
	const char *json; /* the member's name; NULL: not in the JSON */
	const char *csv; /* the column's name; NULL: not in the CSV */
	enum kb_field_type type;
	const char *format; /* a double's in CSV: "%.1f" */
	/*
	 * The value of the record being written, false when it has none:
	 * null in the JSON, an empty cell in the CSV.
	 */
	bool (*get)(const void *rec, struct kb_field_value *v);
	enum kb_field_read read;
	size_t offset; /* where a record read back keeps it, with @read */
	const struct kb_field *const *sub; /* KB_READ_OBJECT's members */
	const size_t *nsub;
};

/* The value of a C string, none when NULL or empty. */
bool kb_field_words(const char *s, struct kb_field_value *v);

int kb_fields_json(struct json_object *o, const struct kb_field *const *field,
		   size_t count, const void *rec);
void kb_fields_csv_header(FILE *f, const struct kb_field *const *field,
			  size_t count, bool *first);
void kb_fields_csv_row(FILE *f, const struct kb_field *const *field,
		       size_t count, const void *rec, bool *first);
int kb_fields_read(struct json_object *o, const struct kb_field *const *field,
		   size_t count, void *saved, const char *name, const char *at,
		   char *err, size_t errlen);
bool kb_field_equal(const struct kb_field *field, const void *rec,
		    const void *saved);

#endif /* KAESBENCH_OUTPUT_FIELD_H */
