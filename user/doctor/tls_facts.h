/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kTLS's facts for the paths check: whether this kernel has net/tls (its
 * module, /proc/net/tls_stat, the kernel's configuration), what a kTLS
 * socket made now gets for each AEAD it allocates (tls/cipher.c's
 * table), asked of crypto_user, and which interfaces of this network
 * namespace offer kTLS offload (their ethtool features).
 */
#ifndef KAESBENCH_DOCTOR_TLS_FACTS_H
#define KAESBENCH_DOCTOR_TLS_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/cryptouser.h>

#include "doctor/modules.h"
#include "doctor/paths_state.h"
#include "netlink/crypto_user.h"
#include "netlink/ethtool_features.h"
#include "path/aead_impl.h"

/* A kernel option's value in a configuration file. */
enum kb_doc_config {
	KB_DOC_CONFIG_UNKNOWN, /* no configuration could be read */
	KB_DOC_CONFIG_OFF, /* "is not set", or not there at all */
	KB_DOC_CONFIG_MODULE,
	KB_DOC_CONFIG_BUILTIN,
};

/* What a socket allocating one AEAD gets. */
struct kb_doc_tls_alloc {
	const struct kb_aead_family *fam; /* its name, the mode beneath */
	const char *suite[KB_DOC_TLS_SUITES]; /* -c's words: "aes-128-gcm" */
	size_t suites;
	char selected[CRYPTO_MAX_NAME]; /* its driver, "" when not known */
	bool before; /* @selected was registered before the doctor looked */
	char na[192]; /* why it is not known, or "" */
};

struct kb_doc_tls_facts {
	struct kb_doc_modstate module; /* "tls": paths_facts.c's */
	bool tls_stat; /* /proc/net/tls_stat is there: net/tls is loaded */
	enum kb_doc_config config; /* CONFIG_TLS */
	char config_file[128]; /* where @config was read, "" if nowhere */
	/* What a socket made now gets, when asked (@asked: the doctor). */
	bool asked;
	struct kb_doc_tls_alloc alloc[KB_DOC_TLS_ALLOCS];
	size_t nalloc;
	struct kb_cu_algs algs; /* every registered driver */
	char left[256]; /* instances the doctor made, still registered */
	bool nics_asked;
	struct kb_doc_tls_nics nics;
};

enum kb_doc_config kb_doc_config_value(const char *text, const char *option);
const char *kb_doc_config_name(enum kb_doc_config c);
void kb_doc_tls_allocs(struct kb_doc_tls_facts *t);
void kb_doc_tls_offload(const struct kb_ethtool_features *f,
			struct kb_doc_tls_nics *n);
void kb_doc_tls_facts(struct kb_doc_tls_facts *t);
void kb_doc_tls_socket_facts(struct kb_doc_tls_facts *t);
void kb_doc_tls_facts_free(struct kb_doc_tls_facts *t);

#endif /* KAESBENCH_DOCTOR_TLS_FACTS_H */
