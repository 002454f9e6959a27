// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The paths section: one line per network path, whether this kernel has
 * it and how that is known; under ovpn's, what a key made now gets (the
 * line ESP's section prints per transform); WireGuard's says why
 * kaesbench has nothing to measure there.
 */

#include <stdio.h>

#include "doctor/paths_state.h"

#define TITLE "Paths:"

/**
 * kb_doc_presence_name() - a presence in one word
 * @p: the presence
 *
 * Return: "present", "available", "absent" or "unknown".
 */
const char *kb_doc_presence_name(enum kb_doc_presence p)
{
	switch (p) {
	case KB_DOC_PRESENT:
		return "present";
	case KB_DOC_AVAILABLE:
		return "available";
	case KB_DOC_ABSENT:
		return "absent";
	default:
		return "unknown";
	}
}

static void print_key(FILE *f, const struct kb_doc_paths_state *s)
{
	if (!s->key_examined)
		return;
	fprintf(f, "  ovpn, what a key made now gets:\n");
	if (s->key_na[0]) {
		fprintf(f, "    n/a: %s\n", s->key_na);
		return;
	}
	fputs("  ", f);
	kb_doc_chain_line_print(f, &s->key);
	if (s->key_left[0])
		fprintf(f,
			"    still registered, held by another user: %s (the doctor made them to look)\n",
			s->key_left);
}

/**
 * kb_doc_paths_print() - the paths section, for people
 * @f: where to
 * @s: the state; nothing is printed when no one looked
 *
 * "Paths:", then "  ESP: PRESENCE: WHY", "  ovpn: PRESENCE: WHY" and,
 * when the doctor asked, what a key gets (kb_doc_chain_line_print()),
 * and "  WireGuard: not an AES path: " KB_DOC_WIREGUARD_NOTE.
 */
void kb_doc_paths_print(FILE *f, const struct kb_doc_paths_state *s)
{
	if (!s->examined)
		return;
	fprintf(f, "\n" TITLE "\n");
	fprintf(f, "  ESP: %s: %s\n", kb_doc_presence_name(s->esp), s->esp_why);
	fprintf(f, "  ovpn: %s: %s\n", kb_doc_presence_name(s->ovpn),
		s->ovpn_why);
	print_key(f, s);
	fprintf(f,
		"  WireGuard: not an AES path: " KB_DOC_WIREGUARD_NOTE
		" (module wireguard: %s)\n",
		s->wireguard);
}

static struct json_object *path_json(enum kb_doc_presence p, const char *why)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "presence",
			       json_object_new_string(kb_doc_presence_name(p)));
	json_object_object_add(o, "reason", kb_doc_json_str(why));
	return o;
}

static struct json_object *key_json(const struct kb_doc_paths_state *s)
{
	struct json_object *o;

	if (!s->key_examined)
		return NULL;
	if (s->key_na[0]) {
		o = json_object_new_object();
		if (o)
			json_object_object_add(o, "reason",
					       kb_doc_json_str(s->key_na));
		return o;
	}
	o = kb_doc_chain_line_json(&s->key);
	if (o)
		json_object_object_add(o, "left", kb_doc_json_str(s->key_left));
	return o;
}

/**
 * kb_doc_paths_json() - the paths section as JSON
 * @s: the state
 *
 * Return: a new object: "esp", "ovpn" (presence: "present", "available",
 * "absent" or "unknown"; reason) with, in "ovpn", "key" when the doctor
 * asked (kb_doc_chain_line_json()'s members and "left", or only "reason"
 * when it could not be told), and "wireguard" (aes: false, note, module);
 * NULL when out of memory.
 */
struct json_object *kb_doc_paths_json(const struct kb_doc_paths_state *s)
{
	struct json_object *o = json_object_new_object();
	struct json_object *esp = path_json(s->esp, s->esp_why);
	struct json_object *ovpn = path_json(s->ovpn, s->ovpn_why);
	struct json_object *wg = json_object_new_object();
	struct json_object *key = key_json(s);

	if (!o || !esp || !ovpn || !wg || (s->key_examined && !key)) {
		json_object_put(o);
		json_object_put(esp);
		json_object_put(ovpn);
		json_object_put(wg);
		json_object_put(key);
		return NULL;
	}
	if (key)
		json_object_object_add(ovpn, "key", key);
	json_object_object_add(wg, "aes", json_object_new_boolean(0));
	json_object_object_add(wg, "note",
			       json_object_new_string(KB_DOC_WIREGUARD_NOTE));
	json_object_object_add(wg, "module", kb_doc_json_str(s->wireguard));
	json_object_object_add(o, "esp", esp);
	json_object_object_add(o, "ovpn", ovpn);
	json_object_object_add(o, "wireguard", wg);
	return o;
}
