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
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>
#include <linux/cryptouser.h>

/* At most this many transforms are judged: ipsec/esp.c's table has 4. */
#define KB_DOC_ESP_MAX 8

/* One transform: what ESP allocates for it, and what that gets. */
struct kb_doc_esp_line {
	const char *transform; /* "rfc4106(gcm(aes))", from the table */
	char allocates[CRYPTO_MAX_NAME]; /* "seqiv(rfc4106(gcm(aes)))" */
	char selected[CRYPTO_MAX_NAME]; /* its driver; "" when unknown */
	uint32_t priority;
	bool registered_before; /* else built by the doctor, then removed */
	/* The implementation the chain is built on, and what runs it. */
	char built_on[CRYPTO_MAX_NAME]; /* "" when its name does not say */
	uint32_t built_on_priority;
	const char *engine; /* kb_doc_engine_name()'s words */
	/* The best registered a chain made from nothing would be built on. */
	char best[CRYPTO_MAX_NAME];
	uint32_t best_priority;
	const char *finding; /* the id of a finding about it, or NULL */
	/* What the finding would have it built on. */
	char better[CRYPTO_MAX_NAME];
	uint32_t better_priority;
	char na[192]; /* why it is not known, or "" */
};

struct kb_doc_esp_state {
	bool examined; /* the doctor looked: the section is printed */
	char na[192]; /* why the whole ESP part is n/a, or "" */
	struct kb_doc_esp_line line[KB_DOC_ESP_MAX];
	size_t count;
	char left[256]; /* instances the doctor made and could not remove */
};

void kb_doc_esp_print(FILE *f, const struct kb_doc_esp_state *e);
struct json_object *kb_doc_esp_json(const struct kb_doc_esp_state *e);

#endif /* KAESBENCH_DOCTOR_ESP_STATE_H */
