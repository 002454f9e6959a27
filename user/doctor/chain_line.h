/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One line of a path's state in the doctor's report: what an allocation
 * a path makes now gets (ESP's SA, ovpn's key), what that is built on
 * and whether it is the best registered; printed for people and as JSON.
 */
#ifndef KAESBENCH_DOCTOR_CHAIN_LINE_H
#define KAESBENCH_DOCTOR_CHAIN_LINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>
#include <linux/cryptouser.h>

/* One transform: what the path allocates for it, and what that gets. */
struct kb_doc_chain_line {
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

void kb_doc_chain_line_print(FILE *f, const struct kb_doc_chain_line *l);
struct json_object *kb_doc_chain_line_json(const struct kb_doc_chain_line *l);
struct json_object *kb_doc_json_str(const char *s);

#endif /* KAESBENCH_DOCTOR_CHAIN_LINE_H */
