/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The JSON document every command prints, and the version of its schema.
 */
#ifndef KAESBENCH_OUTPUT_JSON_DOCUMENT_H
#define KAESBENCH_OUTPUT_JSON_DOCUMENT_H

#include <stddef.h>
#include <stdio.h>

#include <json-c/json.h>

/* Item @i of a list, as JSON; NULL when out of memory. */
typedef struct json_object *(*kb_json_item_fn)(const void *ctx, size_t i);

/*
 * The "schema_version" of every JSON document, as
 * Documentation/kaesbench-results.schema.json states it: bumped on any
 * change that a reader of the previous version could misread (a member
 * removed, renamed or given another meaning or unit); members added keep
 * it.
 */
#define KB_RESULTS_SCHEMA_VERSION 1

struct json_object *kb_json_document_new(struct json_object *env);
int kb_json_document_print(FILE *f, struct json_object *root);
int kb_print_json_document(FILE *f, const char *key, struct json_object *arr,
			   struct json_object *env);
int kb_print_json_list(FILE *f, const char *key, kb_json_item_fn item,
		       const void *ctx, size_t count, struct json_object *env);
struct json_object *kb_json_list(kb_json_item_fn item, const void *ctx,
				 size_t count);

#endif /* KAESBENCH_OUTPUT_JSON_DOCUMENT_H */
