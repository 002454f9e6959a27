/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What an allocation by name gets, taken apart: a path allocates a name
 * ("seqiv(rfc4106(gcm(aes)))" for an ESP SA, "gcm(aes)" for an ovpn
 * key) and gets the best registered driver of it, a chain of template
 * instances whose name spells what it is built on. Whether that is the
 * best registered, the findings when not, and their fixes: written once
 * for every path, worded with the path's own words.
 */
#ifndef KAESBENCH_DOCTOR_CHAIN_H
#define KAESBENCH_DOCTOR_CHAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doctor/chain_line.h"
#include "doctor/engine.h"
#include "doctor/report.h"
#include "netlink/crypto_user.h"

#define KB_DOC_CHAIN_LEVELS 5
#define KB_DOC_CHAIN_NODES 32

/* How a path's findings name it and what holds its transforms. */
struct kb_doc_path_words {
	const char *path; /* "ESP", "ovpn" */
	const char *user; /* "SA", "key": what holds a transform */
	const char *a_user; /* "an SA", "a key" */
	/*
	 * Until when one made before keeps its transform: "they are
	 * rekeyed" (a new SA, a new key slot allocates anew), "they close"
	 * (a kTLS key update sets the new key on the socket's transform).
	 */
	const char *until;
};

/* One allocation's chain, as the caller sets it, then as judged. */
struct kb_doc_chain {
	const struct kb_doc_path_words *words;
	const struct kb_cu_algs *algs; /* every registered driver */
	const char *transform; /* "rfc4106(gcm(aes))": evidence's label */
	const char *allocates; /* the name the path allocates */
	/* Its AES names, from the top: "gcm(aes)", "ctr(aes)", "aes". */
	const char *level[KB_DOC_CHAIN_LEVELS];
	size_t levels;
	const struct kb_cu_alg *sel; /* what an allocation gets now */
	bool before; /* @sel was registered before the doctor looked */
	/* Filled in by kb_doc_chain_judge(). */
	const struct kb_cu_alg *node[KB_DOC_CHAIN_NODES]; /* its name's parts */
	size_t nodes;
	const struct kb_cu_alg *on; /* what it is built on, or NULL */
	size_t on_level;
	enum kb_doc_engine engine; /* of @on */
	const struct kb_cu_alg *best; /* what a chain made now would use */
	size_t best_level;
	const struct kb_cu_alg *insns; /* the best with the CPU's, or NULL */
	size_t insns_level;
	bool stale, generic;
};

const struct kb_cu_alg *kb_doc_chain_registered(const struct kb_cu_algs *algs,
						const char *driver);
enum kb_doc_engine kb_doc_chain_engine(const struct kb_cu_alg *a,
				       const struct kb_cu_algs *algs);
void kb_doc_chain_judge(struct kb_doc_chain *c, const struct kb_doc_cpu *cpu);
void kb_doc_chain_stale(struct kb_doc_report *r, const char *id,
			const struct kb_doc_chain *c, size_t n);
void kb_doc_chain_generic(struct kb_doc_report *r, const char *id,
			  const struct kb_doc_arch_names *names,
			  const struct kb_doc_chain *c, size_t n);
void kb_doc_chain_line(const struct kb_doc_chain *c, const char *stale_id,
		       const char *generic_id, struct kb_doc_chain_line *l);

#endif /* KAESBENCH_DOCTOR_CHAIN_H */
