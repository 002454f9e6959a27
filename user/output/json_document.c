// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The JSON document every command prints: its schema version, the tool's
 * and the environment's, then the command's own members.
 */

#include <errno.h>
#include <stdio.h>

#include <linux/kaesbench.h>

#include "kaesbench_version.h"
#include "output/json_document.h"

/**
 * kb_json_document_new() - a top-level JSON document, yet without content
 * @env: the environment (kb_env_json_here()); its reference is taken,
 *	 whatever the result
 *
 * Every document the tool prints starts with the version of its schema,
 * Documentation/kaesbench-results.schema.json, then the tool's and the
 * protocol's versions and the machine it describes.
 *
 * Return: a new object, or NULL when out of memory.
 */
struct json_object *kb_json_document_new(struct json_object *env)
{
	struct json_object *root = json_object_new_object();

	if (!root || !env) {
		json_object_put(env);
		json_object_put(root);
		return NULL;
	}
	json_object_object_add(root, "schema_version",
			       json_object_new_int(KB_RESULTS_SCHEMA_VERSION));
	json_object_object_add(root, "kaesbench_version",
			       json_object_new_string(KAESBENCH_VERSION));
	json_object_object_add(root, "protocol_version",
			       json_object_new_int(KAESBENCH_GENL_VERSION));
	json_object_object_add(root, "environment", env);
	return root;
}

/**
 * kb_json_document_print() - print a top-level JSON document
 * @f: where to
 * @root: from kb_json_document_new(), or NULL; its reference is taken
 *
 * Return: 0, or -ENOMEM when @root is NULL.
 */
int kb_json_document_print(FILE *f, struct json_object *root)
{
	if (!root)
		return -ENOMEM;
	fprintf(f, "%s\n",
		json_object_to_json_string_ext(
			root, JSON_C_TO_STRING_PRETTY |
				      JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(root);
	return 0;
}

/**
 * kb_print_json_document() - print a top-level JSON document of one array
 * @f: where to
 * @key: the member holding @arr: "implementations", "runs"
 * @arr: a JSON array; its reference is taken, whatever the result
 * @env: the environment (kb_env_json_here()); its reference is taken,
 *	 whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_json_document(FILE *f, const char *key, struct json_object *arr,
			   struct json_object *env)
{
	struct json_object *root = kb_json_document_new(env);

	if (!root || !arr) {
		json_object_put(arr);
		json_object_put(root);
		return -ENOMEM;
	}
	json_object_object_add(root, key, arr);
	return kb_json_document_print(f, root);
}

/**
 * kb_print_json_list() - print a top-level JSON document of @count items
 * @f: where to
 * @key: the member holding the items: "implementations", "runs"
 * @item: makes item @i of @ctx; NULL when out of memory
 * @ctx: what the items are made from
 * @count: how many
 * @env: the environment; its reference is taken, whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_json_list(FILE *f, const char *key, kb_json_item_fn item,
		       const void *ctx, size_t count, struct json_object *env)
{
	return kb_print_json_document(f, key, kb_json_list(item, ctx, count),
				      env);
}

/**
 * kb_json_list() - a JSON array of @count items
 * @item: makes item @i of @ctx; NULL when out of memory
 * @ctx: what the items are made from
 * @count: how many
 *
 * Return: the array, or NULL when out of memory.
 */
struct json_object *kb_json_list(kb_json_item_fn item, const void *ctx,
				 size_t count)
{
	struct json_object *arr = json_object_new_array(), *obj;
	size_t i;

	for (i = 0; arr && i < count; i++) {
		obj = item(ctx, i);
		if (!obj || json_object_array_add(arr, obj)) {
			json_object_put(obj);
			json_object_put(arr);
			arr = NULL;
		}
	}
	return arr;
}
