// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's ESP section: for each transform, the chain an SA made now
 * gets, what it is built on and whether that is the best registered. A
 * healthy state is said here, not as a finding; a line that is not
 * healthy names the finding that explains it.
 */

#include <stdio.h>

#include "doctor/esp_state.h"

#define TITLE "ESP, what an SA made now gets:"

/**
 * kb_doc_esp_print() - the ESP section, for people
 * @f: where to
 * @e: the state; nothing is printed when the doctor did not look
 *
 * One line per transform (kb_doc_chain_line_print()); one "n/a" line
 * for the whole section when crypto_user cannot be asked.
 */
void kb_doc_esp_print(FILE *f, const struct kb_doc_esp_state *e)
{
	size_t i;

	if (!e->examined)
		return;
	if (e->na[0]) {
		fprintf(f, "\n" TITLE " n/a: %s\n", e->na);
		return;
	}
	fprintf(f, "\n" TITLE "\n");
	for (i = 0; i < e->count; i++)
		kb_doc_chain_line_print(f, &e->line[i]);
	if (e->left[0])
		fprintf(f,
			"  still registered, held by another user: %s (the doctor made them to look)\n",
			e->left);
}

/**
 * kb_doc_esp_json() - the ESP section as JSON
 * @e: the state
 *
 * Return: a new object: "transforms" (kb_doc_chain_line_json()'s),
 * "reason" (why the whole part is n/a, or null) and "left" (what
 * the doctor made and could not remove, or null); NULL when out of memory.
 */
struct json_object *kb_doc_esp_json(const struct kb_doc_esp_state *e)
{
	struct json_object *o = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	struct json_object *l;
	size_t i;

	for (i = 0; o && arr && i < e->count; i++) {
		l = kb_doc_chain_line_json(&e->line[i]);
		if (!l || json_object_array_add(arr, l)) {
			json_object_put(l);
			json_object_put(arr);
			arr = NULL;
		}
	}
	if (!o || !arr) {
		json_object_put(o);
		json_object_put(arr);
		return NULL;
	}
	json_object_object_add(o, "transforms", arr);
	json_object_object_add(o, "reason", kb_doc_json_str(e->na));
	json_object_object_add(o, "left", kb_doc_json_str(e->left));
	return o;
}
