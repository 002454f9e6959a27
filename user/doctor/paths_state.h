/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Which network paths this kernel has for kaesbench to measure (ESP,
 * ovpn, kTLS) and which it cannot (WireGuard: no AES), what an ovpn key
 * and a kTLS socket made now get, and which interfaces offer kTLS
 * offload: the doctor's paths section, and `kaesbench list`'s closing
 * lines; printed for people and as JSON.
 */
#ifndef KAESBENCH_DOCTOR_PATHS_STATE_H
#define KAESBENCH_DOCTOR_PATHS_STATE_H

#include <net/if.h>
#include <stdbool.h>
#include <stddef.h>
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

/* The AEADs a kTLS socket allocates for AES: gcm(aes), ccm(aes). */
#define KB_DOC_TLS_ALLOCS 2
/* The most of tls/cipher.c's suites one AEAD serves. */
#define KB_DOC_TLS_SUITES 4
/* Interfaces offering kTLS offload that are named; more are counted. */
#define KB_DOC_TLS_NICS 16

/* An interface offering kTLS offload: its ethtool features. */
struct kb_doc_tls_nic {
	char name[IF_NAMESIZE];
	bool tx_offered, tx_on; /* tls-hw-tx-offload */
	bool rx_offered, rx_on; /* tls-hw-rx-offload */
};

/* The interfaces of a network namespace, as ethtool has them. */
struct kb_doc_tls_nics {
	int err; /* 0, or -errno: why they could not be read */
	char why[192]; /* @err in words */
	size_t seen; /* interfaces ethtool answered for */
	size_t count; /* of them, those offering kTLS offload */
	struct kb_doc_tls_nic nic[KB_DOC_TLS_NICS]; /* the first of those */
};

/* What a kTLS socket of some suites gets: one AEAD's line. */
struct kb_doc_tls_socket {
	const char *suite[KB_DOC_TLS_SUITES]; /* -c's words, from the table */
	size_t suites;
	struct kb_doc_chain_line line;
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
	enum kb_doc_presence tls;
	char tls_why[512]; /* how that is known */
	char tls_module[96]; /* its module's state, in words */
	const char *tls_config; /* CONFIG_TLS: "y", "m", "n"; NULL unknown */
	char tls_config_file[128]; /* where it was read */
	bool tls_stat; /* /proc/net/tls_stat is there */
	bool sockets_examined; /* the doctor asked what a socket gets */
	struct kb_doc_tls_socket socket[KB_DOC_TLS_ALLOCS];
	size_t sockets;
	char sockets_left[256]; /* instances the doctor made, still there */
	bool nics_examined; /* the interfaces' features were asked */
	struct kb_doc_tls_nics nics;
};

/* WireGuard's line: why nothing of kaesbench's applies to it. */
#define KB_DOC_WIREGUARD_NOTE                                               \
	"WireGuard uses ChaCha20-Poly1305 through the library, no AES and " \
	"no crypto API transform: nothing of kaesbench's applies"

const char *kb_doc_presence_name(enum kb_doc_presence p);
void kb_doc_paths_print(FILE *f, const struct kb_doc_paths_state *s);
struct json_object *kb_doc_paths_json(const struct kb_doc_paths_state *s);

#endif /* KAESBENCH_DOCTOR_PATHS_STATE_H */
