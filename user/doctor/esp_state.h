/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What an ESP SA made now would get, transform by transform: the
 * doctor's statement of the state, healthy or not, beside its findings;
 * printed for people and as JSON.
 */
#ifndef KAESBENCH_DOCTOR_ESP_STATE_H
#define KAESBENCH_DOCTOR_ESP_STATE_H

#include <stdbool.h>
#include <stdio.h>

#include <json-c/json.h>

#include "doctor/chain_line.h"

/* At most this many transforms are judged: ipsec/esp.c's table has 4. */
#define KB_DOC_ESP_MAX 8

struct kb_doc_esp_state {
	bool examined; /* the doctor looked: the section is printed */
	char na[192]; /* why the whole ESP part is n/a, or "" */
	struct kb_doc_chain_line line[KB_DOC_ESP_MAX];
	size_t count;
	char left[256]; /* instances the doctor made and could not remove */
};

void kb_doc_esp_print(FILE *f, const struct kb_doc_esp_state *e);
struct json_object *kb_doc_esp_json(const struct kb_doc_esp_state *e);

#endif /* KAESBENCH_DOCTOR_ESP_STATE_H */
