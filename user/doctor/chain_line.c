// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A path's line in the doctor's report: what an allocation made now
 * gets, what it is built on, and the finding that explains a line that
 * is not healthy. ESP's section prints one per transform, the paths
 * section one for ovpn's key.
 */

#include <stdio.h>

#include "doctor/chain_line.h"

/**
 * kb_doc_chain_line_print() - one line, for people
 * @f: where to
 * @l: the line
 *
 * "  TRANSFORM -> CHAIN (priority N), built on DRIVER (ENGINE, priority
 * N): the best registered", or "; better: DRIVER (priority N): ID", the
 * finding's; "  TRANSFORM: n/a: WHY" when it could not be told.
 */
void kb_doc_chain_line_print(FILE *f, const struct kb_doc_chain_line *l)
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
 * kb_doc_json_str() - a string member's value
 * @s: the string, or NULL
 *
 * Return: a new string, or NULL (JSON's null) when @s is NULL or empty.
 */
struct json_object *kb_doc_json_str(const char *s)
{
	return s && s[0] ? json_object_new_string(s) : NULL;
}

/**
 * kb_doc_chain_line_json() - one line as JSON
 * @l: the line
 *
 * Return: a new object: transform, allocates, selected, priority,
 * registered_before, built_on, built_on_priority, engine, best,
 * best_priority, finding, better, better_priority, reason (null where not
 * known); NULL when out of memory.
 */
struct json_object *kb_doc_chain_line_json(const struct kb_doc_chain_line *l)
{
	struct json_object *o = json_object_new_object();
	bool known = !l->na[0], built = known && l->built_on[0];

	if (!o)
		return NULL;
	json_object_object_add(o, "transform",
			       json_object_new_string(l->transform));
	json_object_object_add(o, "allocates", kb_doc_json_str(l->allocates));
	json_object_object_add(o, "selected", kb_doc_json_str(l->selected));
	json_object_object_add(o, "priority",
			       known ? json_object_new_int64(l->priority) :
				       NULL);
	json_object_object_add(
		o, "registered_before",
		known ? json_object_new_boolean(l->registered_before) : NULL);
	json_object_object_add(o, "built_on",
			       built ? kb_doc_json_str(l->built_on) : NULL);
	json_object_object_add(
		o, "built_on_priority",
		built ? json_object_new_int64(l->built_on_priority) : NULL);
	json_object_object_add(o, "engine",
			       built ? kb_doc_json_str(l->engine) : NULL);
	json_object_object_add(o, "best",
			       built ? kb_doc_json_str(l->best) : NULL);
	json_object_object_add(o, "best_priority",
			       built ? json_object_new_int64(l->best_priority) :
				       NULL);
	json_object_object_add(o, "finding", kb_doc_json_str(l->finding));
	json_object_object_add(o, "better", kb_doc_json_str(l->better));
	json_object_object_add(
		o, "better_priority",
		l->better[0] ? json_object_new_int64(l->better_priority) :
			       NULL);
	json_object_object_add(o, "reason", kb_doc_json_str(l->na));
	return o;
}
