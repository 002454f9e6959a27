// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The paths section: one line per network path, whether this kernel has
 * it and how that is known; under ovpn's, what a key made now gets (the
 * line ESP's section prints per transform); under kTLS's, what a socket
 * made now gets per AEAD and the interfaces that offer kTLS offload;
 * WireGuard's says why kaesbench has nothing to measure there.
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

static void print_sockets(FILE *f, const struct kb_doc_paths_state *s)
{
	size_t i;

	if (!s->sockets_examined)
		return;
	fprintf(f, "  kTLS, what a socket made now gets:\n");
	for (i = 0; i < s->sockets; i++) {
		fputs("  ", f);
		kb_doc_chain_line_print(f, &s->socket[i].line);
	}
	if (s->sockets_left[0])
		fprintf(f,
			"    still registered, held by another user: %s (the doctor made them to look)\n",
			s->sockets_left);
}

/* A feature's state in words. */
static const char *feature(bool offered, bool on)
{
	if (on)
		return "on";
	return offered ? "offered, off" : "not offered";
}

#define NICS "  kTLS, NIC offload: "

static void print_nics(FILE *f, const struct kb_doc_paths_state *s)
{
	const struct kb_doc_tls_nics *n = &s->nics;
	size_t i;

	if (!s->nics_examined)
		return;
	if (n->err) {
		fprintf(f, NICS "unknown: %s\n", n->why);
		return;
	}
	if (!n->count) {
		fprintf(f,
			NICS
			"no interface here offers kTLS offload (the ethtool features of the %zu interface%s of this network namespace)\n",
			n->seen, n->seen == 1 ? "" : "s");
		return;
	}
	for (i = 0; i < n->count && i < KB_DOC_TLS_NICS; i++)
		fprintf(f,
			NICS "%s: tls-hw-tx-offload %s, tls-hw-rx-offload %s\n",
			n->nic[i].name,
			feature(n->nic[i].tx_offered, n->nic[i].tx_on),
			feature(n->nic[i].rx_offered, n->nic[i].rx_on));
	if (n->count > KB_DOC_TLS_NICS)
		fprintf(f, NICS "and %zu more interfaces\n",
			n->count - KB_DOC_TLS_NICS);
	fprintf(f,
		"    AES-GCM only: a socket on a connection through one gets it, counted as TlsTxDevice and TlsRxDevice in /proc/net/tls_stat\n");
}

/**
 * kb_doc_paths_print() - the paths section, for people
 * @f: where to
 * @s: the state; nothing is printed when no one looked
 *
 * "Paths:", then "  ESP: PRESENCE: WHY", "  ovpn: PRESENCE: WHY" and,
 * when the doctor asked, what a key gets (kb_doc_chain_line_print()),
 * "  kTLS: PRESENCE: WHY", when the doctor asked what a socket gets per
 * AEAD, the interfaces offering kTLS offload ("  kTLS, NIC offload: "),
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
	fprintf(f, "  kTLS: %s: %s\n", kb_doc_presence_name(s->tls),
		s->tls_why);
	print_sockets(f, s);
	print_nics(f, s);
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

static struct json_object *socket_json(const struct kb_doc_tls_socket *t)
{
	struct json_object *o = kb_doc_chain_line_json(&t->line);
	struct json_object *suites = json_object_new_array();
	size_t i;

	if (!o || !suites) {
		json_object_put(o);
		json_object_put(suites);
		return NULL;
	}
	for (i = 0; i < t->suites; i++)
		json_object_array_add(suites,
				      json_object_new_string(t->suite[i]));
	json_object_object_add(o, "suites", suites);
	return o;
}

static struct json_object *sockets_json(const struct kb_doc_paths_state *s)
{
	struct json_object *a = json_object_new_array(), *o;
	size_t i;

	for (i = 0; a && i < s->sockets; i++) {
		o = socket_json(&s->socket[i]);
		if (!o || json_object_array_add(a, o)) {
			json_object_put(o);
			json_object_put(a);
			return NULL;
		}
	}
	return a;
}

static struct json_object *nic_json(const struct kb_doc_tls_nic *n)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "name", json_object_new_string(n->name));
	json_object_object_add(o, "tx_offered",
			       json_object_new_boolean(n->tx_offered));
	json_object_object_add(o, "tx_on", json_object_new_boolean(n->tx_on));
	json_object_object_add(o, "rx_offered",
			       json_object_new_boolean(n->rx_offered));
	json_object_object_add(o, "rx_on", json_object_new_boolean(n->rx_on));
	return o;
}

static struct json_object *nics_array(const struct kb_doc_tls_nics *n)
{
	struct json_object *a = json_object_new_array(), *nic;
	size_t i;

	for (i = 0; a && i < n->count && i < KB_DOC_TLS_NICS; i++) {
		nic = nic_json(&n->nic[i]);
		if (!nic || json_object_array_add(a, nic)) {
			json_object_put(nic);
			json_object_put(a);
			return NULL;
		}
	}
	return a;
}

/* Its members are null but "reason" when the interfaces were not read. */
static struct json_object *nics_json(const struct kb_doc_tls_nics *n)
{
	struct json_object *o = json_object_new_object();
	struct json_object *a = n->err ? NULL : nics_array(n);

	if (!o || (!n->err && !a)) {
		json_object_put(o);
		json_object_put(a);
		return NULL;
	}
	json_object_object_add(o, "interfaces", a);
	json_object_object_add(o, "seen",
			       n->err ? NULL : json_object_new_int64(n->seen));
	json_object_object_add(o, "offering",
			       n->err ? NULL : json_object_new_int64(n->count));
	json_object_object_add(o, "reason", kb_doc_json_str(n->why));
	return o;
}

static struct json_object *tls_json(const struct kb_doc_paths_state *s)
{
	struct json_object *o = path_json(s->tls, s->tls_why);
	struct json_object *sockets = NULL, *nics = NULL;

	if (s->sockets_examined)
		sockets = sockets_json(s);
	if (s->nics_examined)
		nics = nics_json(&s->nics);
	if (!o || (s->sockets_examined && !sockets) ||
	    (s->nics_examined && !nics)) {
		json_object_put(o);
		json_object_put(sockets);
		json_object_put(nics);
		return NULL;
	}
	json_object_object_add(o, "module", kb_doc_json_str(s->tls_module));
	json_object_object_add(o, "config", kb_doc_json_str(s->tls_config));
	json_object_object_add(o, "config_file",
			       kb_doc_json_str(s->tls_config_file));
	json_object_object_add(o, "tls_stat",
			       json_object_new_boolean(s->tls_stat));
	json_object_object_add(o, "sockets", sockets);
	json_object_object_add(o, "sockets_left",
			       kb_doc_json_str(s->sockets_left));
	json_object_object_add(o, "offload", nics);
	return o;
}

/**
 * kb_doc_paths_json() - the paths section as JSON
 * @s: the state
 *
 * Return: a new object: "esp", "ovpn" (presence: "present", "available",
 * "absent" or "unknown"; reason) with, in "ovpn", "key" when the doctor
 * asked (kb_doc_chain_line_json()'s members and "left", or only "reason"
 * when it could not be told), "tls" (presence, reason, module, config:
 * "y", "m", "n" or null, config_file, tls_stat; sockets: an array of
 * kb_doc_chain_line_json()'s objects with "suites", null when the doctor
 * did not ask; sockets_left; offload: interfaces [name, tx_offered,
 * tx_on, rx_offered, rx_on], seen, offering, reason), and "wireguard"
 * (aes: false, note, module); NULL when out of memory.
 */
struct json_object *kb_doc_paths_json(const struct kb_doc_paths_state *s)
{
	struct json_object *o = json_object_new_object();
	struct json_object *esp = path_json(s->esp, s->esp_why);
	struct json_object *ovpn = path_json(s->ovpn, s->ovpn_why);
	struct json_object *wg = json_object_new_object();
	struct json_object *key = key_json(s);
	struct json_object *tls = tls_json(s);

	if (!o || !esp || !ovpn || !wg || (s->key_examined && !key) || !tls) {
		json_object_put(o);
		json_object_put(esp);
		json_object_put(ovpn);
		json_object_put(wg);
		json_object_put(key);
		json_object_put(tls);
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
	json_object_object_add(o, "tls", tls);
	json_object_object_add(o, "wireguard", wg);
	return o;
}
