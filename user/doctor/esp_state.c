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

static void print_line(FILE *f, const struct kb_doc_esp_line *l)
{
	if (l->na[0]) {
		fprintf(f, "  %s: n/a: %s\n", l->transform, l->na);
		return;
	}
	fprintf(f, "  %s -> %s (priority %u)", l->transform, l->selected,
		l->priority);
	if (!l->built_on[0]) {
		fprintf(f, ": its name does not say what it is built on\n");
		return;
	}
	fprintf(f, ", built on %s (%s, priority %u)", l->built_on, l->engine,
		l->built_on_priority);
	if (!l->finding)
		fprintf(f, ": the best registered\n");
	else
		fprintf(f, "; better: %s (priority %u): %s\n", l->better,
			l->better_priority, l->finding);
}

/**
 * kb_doc_esp_print() - the ESP section, for people
 * @f: where to
 * @e: the state; nothing is printed when the doctor did not look
 *
 * One line per transform: "TRANSFORM -> CHAIN (priority N), built on
 * DRIVER (ENGINE, priority N): the best registered", or "better: DRIVER
 * (priority N): ID", the finding's; "TRANSFORM: n/a: WHY" when it could not be told; one
 * "n/a" line for the whole section when crypto_user cannot be asked.
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
		print_line(f, &e->line[i]);
	if (e->left[0])
		fprintf(f,
			"  still registered, held by another user: %s (the doctor made them to look)\n",
			e->left);
}

static struct json_object *str_or_null(const char *s)
{
	return s && s[0] ? json_object_new_string(s) : NULL;
}

static struct json_object *line_json(const struct kb_doc_esp_line *l)
{
	struct json_object *o = json_object_new_object();
	bool known = !l->na[0], built = known && l->built_on[0];

	if (!o)
		return NULL;
	json_object_object_add(o, "transform",
			       json_object_new_string(l->transform));
	json_object_object_add(o, "allocates", str_or_null(l->allocates));
	json_object_object_add(o, "selected", str_or_null(l->selected));
	json_object_object_add(o, "priority",
			       known ? json_object_new_int64(l->priority) :
				       NULL);
	json_object_object_add(
		o, "registered_before",
		known ? json_object_new_boolean(l->registered_before) : NULL);
	json_object_object_add(o, "built_on",
			       built ? str_or_null(l->built_on) : NULL);
	json_object_object_add(
		o, "built_on_priority",
		built ? json_object_new_int64(l->built_on_priority) : NULL);
	json_object_object_add(o, "engine",
			       built ? str_or_null(l->engine) : NULL);
	json_object_object_add(o, "best", built ? str_or_null(l->best) : NULL);
	json_object_object_add(o, "best_priority",
			       built ? json_object_new_int64(l->best_priority) :
				       NULL);
	json_object_object_add(o, "finding", str_or_null(l->finding));
	json_object_object_add(o, "better", str_or_null(l->better));
	json_object_object_add(
		o, "better_priority",
		l->better[0] ? json_object_new_int64(l->better_priority) :
			       NULL);
	json_object_object_add(o, "reason", str_or_null(l->na));
	return o;
}

/**
 * kb_doc_esp_json() - the ESP section as JSON
 * @e: the state
 *
 * Return: a new object: "transforms" (transform, allocates, selected,
 * priority, registered_before, built_on, built_on_priority, engine, best,
 * best_priority, finding, better, better_priority, reason: null where not
 * known), "reason" (why the whole part is n/a, or null) and "left" (what
 * the doctor made and could not remove, or null); NULL when out of memory.
 */
struct json_object *kb_doc_esp_json(const struct kb_doc_esp_state *e)
{
	struct json_object *o = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	struct json_object *l;
	size_t i;

	for (i = 0; o && arr && i < e->count; i++) {
		l = line_json(&e->line[i]);
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
	json_object_object_add(o, "reason", str_or_null(e->na));
	json_object_object_add(o, "left", str_or_null(e->left));
	return o;
}
