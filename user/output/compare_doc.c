// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench compare` says of each compared document, whatever its
 * kind: its file, kaesbench and schema versions, kernel.
 */

#include <stdio.h>

#include <json-c/json.h>

#include "output/compare_doc.h"

/**
 * kb_print_compare_doc() - a line naming a compared document
 * @f: where to
 * @which: "OLD" or "NEW"
 * @doc: the document
 */
void kb_print_compare_doc(FILE *f, const char *which,
			  const struct kb_saved *doc)
{
	fprintf(f, "%s: %s: kaesbench %s, ", which, doc->name,
		doc->kaesbench_version ? doc->kaesbench_version : "?");
	if (doc->schema_version)
		fprintf(f, "schema %d", doc->schema_version);
	else
		fprintf(f, "before schema versioning");
	if (doc->kernel_release)
		fprintf(f, ", kernel %s\n", doc->kernel_release);
	else
		fprintf(f, ", kernel not recorded\n");
}

static struct json_object *str(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static void add(struct json_object *o, const char *key, struct json_object *v)
{
	json_object_object_add(o, key, v);
}

/**
 * kb_compare_doc_json() - a compared document, for the JSON output
 * @doc: the document
 *
 * Return: its file, kaesbench version, schema version and kernel
 * release; NULL when out of memory.
 */
struct json_object *kb_compare_doc_json(const struct kb_saved *doc)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	add(o, "file", str(doc->name));
	add(o, "kaesbench_version", str(doc->kaesbench_version));
	add(o, "schema_version",
	    doc->schema_version ? json_object_new_int(doc->schema_version) :
				  NULL);
	add(o, "kernel_release", str(doc->kernel_release));
	return o;
}
