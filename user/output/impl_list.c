// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Output of `kaesbench list`: a table for people, tab-separated lines for
 * scripts (the columns are documented in kaesbench(8) and must not change),
 * and JSON.
 */

#include <errno.h>
#include <stdbool.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "output/impl_list.h"
#include "output/json_document.h"

static int cmp_people(const void *a, const void *b)
{
	return kb_impl_cmp_people(*(const struct kb_impl *const *)a,
				  *(const struct kb_impl *const *)b);
}

enum col {
	COL_MARK,
	COL_ALG,
	COL_DRIVER,
	COL_MODULE,
	COL_PRIO,
	COL_TYPE,
	COL_KEY,
	COL_BLOCK,
	COL_IV,
	COL_FLAGS,
	COL_COUNT
};

static const char *const col_names[COL_COUNT] = {
	"",	"ALGORITHM", "DRIVER", "MODULE", "PRIO",
	"TYPE", "KEY",	     "BLOCK",  "IV",	 "FLAGS",
};

/* Every cell not taken from a string attribute has a bounded length. */
struct row {
	const char *cell[COL_COUNT];
	char prio[11];
	char key[2 * 10 + 2];
	char block[11];
	char iv[11];
	char flags[KB_FLAG_WORDS_MAX];
};

static bool unknown(const struct kb_impl *impl)
{
	return impl->flags & KAESBENCH_IMPL_F_SELECTION_UNKNOWN;
}

static void fill_row(struct row *row, const struct kb_impl *impl)
{
	bool sel = impl->flags & KAESBENCH_IMPL_F_SELECTED;
	bool sync = impl->flags & KAESBENCH_IMPL_F_SELECTED_SYNC;

	row->cell[COL_MARK] = unknown(impl) ? "?" :
			      sel && sync   ? "*s" :
			      sel	    ? "*" :
			      sync	    ? "s" :
					      "";
	row->cell[COL_ALG] = impl->alg_name;
	row->cell[COL_DRIVER] = impl->driver_name;
	row->cell[COL_MODULE] = impl->module ? impl->module : "-";
	snprintf(row->prio, sizeof(row->prio), "%" PRIu32, impl->priority);
	row->cell[COL_PRIO] = row->prio;
	row->cell[COL_TYPE] = kb_impl_type_name(impl->type);
	if (!kb_impl_has(impl, KAESBENCH_IMPL_A_MIN_KEY_SIZE) ||
	    !kb_impl_has(impl, KAESBENCH_IMPL_A_MAX_KEY_SIZE))
		snprintf(row->key, sizeof(row->key), "-");
	else if (impl->min_key_size == impl->max_key_size)
		snprintf(row->key, sizeof(row->key), "%" PRIu32,
			 impl->min_key_size);
	else
		snprintf(row->key, sizeof(row->key), "%" PRIu32 "-%" PRIu32,
			 impl->min_key_size, impl->max_key_size);
	row->cell[COL_KEY] = row->key;
	snprintf(row->block, sizeof(row->block), "%" PRIu32, impl->block_size);
	row->cell[COL_BLOCK] = row->block;
	if (kb_impl_has(impl, KAESBENCH_IMPL_A_IV_SIZE))
		snprintf(row->iv, sizeof(row->iv), "%" PRIu32, impl->iv_size);
	else
		snprintf(row->iv, sizeof(row->iv), "-");
	row->cell[COL_IV] = row->iv;
	row->cell[COL_FLAGS] =
		kb_impl_flag_words(impl->flags, row->flags, sizeof(row->flags));
}

/*
 * What each library path calls, and the paths this kernel lacks with why:
 * the question is often whether a caller's path exists at all.
 */
static void print_library(FILE *f, const struct kb_impl_list *list)
{
	bool any = false;
	size_t i;

	for (i = 0; i < list->count; i++) {
		const struct kb_impl *impl = &list->impl[i];

		if (!(impl->flags & KAESBENCH_IMPL_F_LIBRARY))
			continue;
		if (!any)
			fprintf(f,
				"library = an AES library entry point, called directly as in-kernel users without the crypto API call it:\n");
		any = true;
		fprintf(f, "  %-16s %s\n", impl->driver_name,
			impl->library_calls ? impl->library_calls : "-");
	}
	for (i = 0; i < list->absent_count; i++) {
		const struct kb_impl *impl = &list->absent[i];

		if (!i)
			fprintf(f, "library paths this kernel lacks:\n");
		fprintf(f, "  %-16s %s: %s\n", impl->driver_name,
			impl->alg_name, impl->absent ? impl->absent : "-");
	}
}

static void print_row(FILE *f, const char *const *cell, const int *width)
{
	int i;

	for (i = 0; i < COL_COUNT - 1; i++)
		fprintf(f, "%-*s  ", width[i], cell[i]);
	fprintf(f, "%s\n", cell[COL_COUNT - 1]);
}

/**
 * kb_print_people() - print the table for people
 * @f: where to
 * @list: the implementations, in any order
 *
 * Groups by algorithm name, separated by blank lines, and ends with a
 * legend of the selection marks, "?" among them when one is unknown.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_people(FILE *f, const struct kb_impl_list *list)
{
	int width[COL_COUNT];
	const struct kb_impl **sorted;
	bool any_unknown = false;
	struct row *rows;
	size_t i;
	int c;

	sorted = calloc(list->count ? list->count : 1, sizeof(*sorted));
	rows = calloc(list->count ? list->count : 1, sizeof(*rows));
	if (!sorted || !rows) {
		free(sorted);
		free(rows);
		return -ENOMEM;
	}
	for (i = 0; i < list->count; i++)
		sorted[i] = &list->impl[i];
	qsort(sorted, list->count, sizeof(*sorted), cmp_people);

	for (c = 0; c < COL_COUNT; c++)
		width[c] = strlen(col_names[c]);
	width[COL_MARK] = 2;
	for (i = 0; i < list->count; i++) {
		any_unknown |= unknown(sorted[i]);
		fill_row(&rows[i], sorted[i]);
		for (c = 0; c < COL_COUNT; c++)
			if ((int)strlen(rows[i].cell[c]) > width[c])
				width[c] = strlen(rows[i].cell[c]);
	}

	print_row(f, col_names, width);
	for (i = 0; i < list->count; i++) {
		if (i && strcmp(sorted[i]->alg_name, sorted[i - 1]->alg_name))
			fputc('\n', f);
		print_row(f, rows[i].cell, width);
	}
	fprintf(f,
		"\n* = what the crypto API hands out for this algorithm name; s = what a user requiring a synchronous implementation gets\n");
	if (any_unknown)
		fprintf(f,
			"? = not known: the crypto API did not answer in time (a driver is slow to set up), or a request to a related implementation never completed\n");
	print_library(f, list);
	free(sorted);
	free(rows);
	return 0;
}

static const char *yes_no(bool b)
{
	return b ? "yes" : "no";
}

/**
 * kb_print_dump_line() - print one implementation for scripts
 * @f: where to
 * @impl: the implementation
 *
 * Seventeen tab-separated columns, in the order kaesbench(8) documents;
 * sizes the module did not send print as 0, selections it could not find
 * out as "unknown".
 */
void kb_print_dump_line(FILE *f, const struct kb_impl *impl)
{
	uint32_t fl = impl->flags;
	const char *sel = yes_no(fl & KAESBENCH_IMPL_F_SELECTED);
	const char *sync = yes_no(fl & KAESBENCH_IMPL_F_SELECTED_SYNC);

	if (unknown(impl))
		sel = sync = "unknown";

	fprintf(f, "%s\t%s\t%s\t%" PRIu32 "\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t",
		impl->alg_name, impl->driver_name,
		impl->module ? impl->module : "-", impl->priority,
		kb_impl_type_name(impl->type),
		yes_no(fl & KAESBENCH_IMPL_F_ASYNC),
		yes_no(fl & KAESBENCH_IMPL_F_INTERNAL),
		fl & KAESBENCH_IMPL_F_TESTED ? "passed" : "unknown",
		yes_no(fl & KAESBENCH_IMPL_F_HARDWARE), sel, sync);
	fprintf(f,
		"%" PRIu32 "\t%" PRIu32 "\t%" PRIu32 "\t%" PRIu32 "\t%" PRIu32
		"\t%" PRIu32 "\n",
		impl->block_size, impl->min_key_size, impl->max_key_size,
		impl->iv_size, impl->chunk_size, impl->max_auth_size);
}

/**
 * kb_print_dump() - print all implementations for scripts, in kernel order
 * @f: where to
 * @list: the implementations
 */
void kb_print_dump(FILE *f, const struct kb_impl_list *list)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		kb_print_dump_line(f, &list->impl[i]);
}

static void add_size(struct json_object *obj, const char *key,
		     const struct kb_impl *impl, unsigned int attr,
		     uint32_t value)
{
	/* A NULL value is json-c's null. */
	json_object_object_add(
		obj, key,
		kb_impl_has(impl, attr) ? json_object_new_int64(value) : NULL);
}

static void add_flag(struct json_object *obj, const char *key,
		     const struct kb_impl *impl, uint32_t flag)
{
	json_object_object_add(obj, key,
			       json_object_new_boolean(impl->flags & flag));
}

/* A string, or null. */
static void add_string(struct json_object *obj, const char *key,
		       const char *value)
{
	json_object_object_add(obj, key,
			       value ? json_object_new_string(value) : NULL);
}

/* A selection the module could not find out is null: neither. */
static void add_selection(struct json_object *obj, const char *key,
			  const struct kb_impl *impl, uint32_t flag)
{
	if (unknown(impl))
		json_object_object_add(obj, key, NULL);
	else
		add_flag(obj, key, impl, flag);
}

/**
 * kb_impl_to_json() - one implementation as a JSON object
 * @impl: the implementation
 *
 * Return: a new object the caller must json_object_put(), or NULL if out of
 * memory.
 */
struct json_object *kb_impl_to_json(const struct kb_impl *impl)
{
	struct json_object *obj = json_object_new_object();

	if (!obj)
		return NULL;
	json_object_object_add(obj, "algorithm",
			       json_object_new_string(impl->alg_name));
	json_object_object_add(obj, "driver",
			       json_object_new_string(impl->driver_name));
	json_object_object_add(
		obj, "module",
		impl->module ? json_object_new_string(impl->module) : NULL);
	json_object_object_add(obj, "priority",
			       json_object_new_int64(impl->priority));
	json_object_object_add(
		obj, "type",
		json_object_new_string(kb_impl_type_name(impl->type)));
	add_flag(obj, "async", impl, KAESBENCH_IMPL_F_ASYNC);
	add_flag(obj, "internal", impl, KAESBENCH_IMPL_F_INTERNAL);
	add_flag(obj, "tested", impl, KAESBENCH_IMPL_F_TESTED);
	add_flag(obj, "hardware", impl, KAESBENCH_IMPL_F_HARDWARE);
	add_selection(obj, "selected", impl, KAESBENCH_IMPL_F_SELECTED);
	add_selection(obj, "selected_sync", impl,
		      KAESBENCH_IMPL_F_SELECTED_SYNC);
	add_flag(obj, "given_up", impl, KAESBENCH_IMPL_F_GIVEN_UP);
	json_object_object_add(obj, "block_size",
			       json_object_new_int64(impl->block_size));
	add_size(obj, "min_key_size", impl, KAESBENCH_IMPL_A_MIN_KEY_SIZE,
		 impl->min_key_size);
	add_size(obj, "max_key_size", impl, KAESBENCH_IMPL_A_MAX_KEY_SIZE,
		 impl->max_key_size);
	add_size(obj, "iv_size", impl, KAESBENCH_IMPL_A_IV_SIZE, impl->iv_size);
	add_size(obj, "chunk_size", impl, KAESBENCH_IMPL_A_CHUNK_SIZE,
		 impl->chunk_size);
	add_size(obj, "max_auth_size", impl, KAESBENCH_IMPL_A_MAX_AUTH_SIZE,
		 impl->max_auth_size);
	add_flag(obj, "library_path", impl, KAESBENCH_IMPL_F_LIBRARY);
	add_string(obj, "library_calls", impl->library_calls);
	add_string(obj, "absent", impl->absent);
	return obj;
}

/* The implementations, then the library paths this kernel lacks. */
static struct json_object *impl_item(const void *list, size_t i)
{
	return kb_impl_to_json(kb_impl_listed(list, i));
}

/**
 * kb_print_json() - print all implementations as one JSON document
 * @f: where to
 * @list: the implementations, printed in kernel order, then the library
 *	  paths this kernel lacks
 * @env: the environment; its reference is taken, whatever the result
 * @paths: the network paths this kernel has (the doctor's section), or
 *	   NULL for none; its reference is taken, whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_json(FILE *f, const struct kb_impl_list *list,
		  struct json_object *env, struct json_object *paths)
{
	struct json_object *root = kb_json_document_new(env);
	struct json_object *arr =
		kb_json_list(impl_item, list, kb_impl_listed_count(list));

	if (!root || !arr) {
		json_object_put(arr);
		json_object_put(paths);
		json_object_put(root);
		return -ENOMEM;
	}
	json_object_object_add(root, "implementations", arr);
	if (paths)
		json_object_object_add(root, "paths", paths);
	return kb_json_document_print(f, root);
}
