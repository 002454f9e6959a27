/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Which network paths this kernel has for kaesbench to measure (ESP,
 * ovpn) and which it cannot (WireGuard: no AES), and what an ovpn key
 * made now gets: the doctor's paths section, and `kaesbench list`'s
 * closing lines; printed for people and as JSON.
 */
#ifndef KAESBENCH_DOCTOR_PATHS_STATE_H
#define KAESBENCH_DOCTOR_PATHS_STATE_H

#include <stdbool.h>
#include <stdio.h>

#include <json-c/json.h>

#include "doctor/chain_line.h"

/* Whether the kernel has a path. */
enum kb_doc_presence {
	KB_DOC_UNKNOWN,
	KB_DOC_ABSENT,
	KB_DOC_AVAILABLE, /* a module not loaded, that loads on first use */
	KB_DOC_PRESENT,
};

struct kb_doc_paths_state {
	bool examined; /* the section is printed */
	enum kb_doc_presence esp;
	char esp_why[320]; /* its modules' states */
	enum kb_doc_presence ovpn;
	char ovpn_why[640]; /* how that is known, or why not */
	bool key_examined; /* the doctor asked what a key gets */
	char key_na[192]; /* why that is not known, or "" */
	struct kb_doc_chain_line key; /* what a key made now gets */
	char key_left[256]; /* instances the doctor made, still registered */
	char wireguard[128]; /* its module's state, in words */
};

/* WireGuard's line: why nothing of kaesbench's applies to it. */
#define KB_DOC_WIREGUARD_NOTE                                               \
	"WireGuard uses ChaCha20-Poly1305 through the library, no AES and " \
	"no crypto API transform: nothing of kaesbench's applies"

const char *kb_doc_presence_name(enum kb_doc_presence p);
void kb_doc_paths_print(FILE *f, const struct kb_doc_paths_state *s);
struct json_object *kb_doc_paths_json(const struct kb_doc_paths_state *s);

#endif /* KAESBENCH_DOCTOR_PATHS_STATE_H */
