// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kTLS's facts. Whether the kernel has net/tls is read without privilege
 * and changes nothing: /proc/net/tls_stat is there once the tls module is
 * loaded (or built in), the module's state comes with the other paths'
 * (paths_facts.c), and CONFIG_TLS from the kernel's configuration where
 * a file of it is readable (/boot/config-RELEASE, or Debian 14's
 * /lib/modules/RELEASE/config; /proc/config.gz is compressed, and the
 * tool links no zlib: the module indexes decide there). Nothing loads
 * the module: a socket's TCP_ULP "tls" would, for a caller with
 * CAP_NET_ADMIN.
 *
 * A socket allocates "gcm(aes)" or "ccm(aes)" per direction
 * (net/tls/tls_sw.c: crypto_alloc_aead(name, 0, 0)) and gets the best
 * registered driver of it, as an ovpn key does (ovpn_facts.c): read
 * without privilege where one is registered, else built through
 * crypto_user as for a first socket (CAP_NET_ADMIN), then unregistered.
 *
 * Offload: each interface of the doctor's network namespace offering or
 * having on tls-hw-tx-offload or tls-hw-rx-offload, as ethtool's features
 * say (netlink/ethtool_features.c, no privilege needed).
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/netlink.h>

#include "doctor/facts.h"
#include "doctor/tls_facts.h"
#include "doctor/undo.h"
#include "netlink/ethtool_features.h"
#include "netlink/sock.h"
#include "path/impl.h"
#include "path/registered.h"
#include "tls/ccm_impl.h"
#include "tls/tls.h"
#include "tls/tls_path.h"

#define TLS_STAT "/proc/net/tls_stat"
#define TX_FEATURE "tls-hw-tx-offload"
#define RX_FEATURE "tls-hw-rx-offload"

/**
 * kb_doc_config_value() - a kernel option's value in a configuration
 * @text: the file's text, NUL-terminated
 * @option: "CONFIG_TLS"
 *
 * Return: KB_DOC_CONFIG_BUILTIN for "=y", _MODULE for "=m", else _OFF:
 * "# ... is not set", or no line of it (an option whose dependencies
 * are not met is not written at all).
 */
enum kb_doc_config kb_doc_config_value(const char *text, const char *option)
{
	size_t n = strlen(option);
	const char *line = text;

	while (line && *line) {
		if (!strncmp(line, option, n) && line[n] == '=') {
			if (line[n + 1] == 'y')
				return KB_DOC_CONFIG_BUILTIN;
			return line[n + 1] == 'm' ? KB_DOC_CONFIG_MODULE :
						    KB_DOC_CONFIG_OFF;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return KB_DOC_CONFIG_OFF;
}

/**
 * kb_doc_config_name() - an option's value as the configuration writes it
 * @c: the value
 *
 * Return: "y", "m", "n", or NULL when unknown.
 */
const char *kb_doc_config_name(enum kb_doc_config c)
{
	switch (c) {
	case KB_DOC_CONFIG_BUILTIN:
		return "y";
	case KB_DOC_CONFIG_MODULE:
		return "m";
	case KB_DOC_CONFIG_OFF:
		return "n";
	default:
		return NULL;
	}
}

/* CONFIG_TLS, from the first configuration file of this kernel's found. */
static void config(struct kb_doc_tls_facts *t)
{
	static const char *const where[] = {
		"/boot/config-%s",
		"/lib/modules/%s/config",
	};
	struct utsname u;
	char *text;
	size_t i;

	t->config = KB_DOC_CONFIG_UNKNOWN;
	if (uname(&u))
		return;
	for (i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		snprintf(t->config_file, sizeof(t->config_file), where[i],
			 u.release);
		text = kb_doc_read(t->config_file, 8 << 20);
		if (text) {
			t->config = kb_doc_config_value(text, "CONFIG_TLS");
			free(text);
			return;
		}
	}
	t->config_file[0] = '\0';
}

/* The family of the AEAD a suite allocates, or NULL. */
static const struct kb_aead_family *family(const char *alloc)
{
	static const struct kb_aead_family *const fams[] = {
		&kb_gcm_family,
		&kb_ccm_family,
	};
	size_t i;

	for (i = 0; i < sizeof(fams) / sizeof(fams[0]); i++)
		if (!strcmp(fams[i]->alloc, alloc))
			return fams[i];
	return NULL;
}

/**
 * kb_doc_tls_allocs() - the AEADs kTLS's AES suites allocate
 * @t: @t->alloc filled in from tls/cipher.c's table, one per name, in
 *     the table's order, each with the suites that allocate it
 */
void kb_doc_tls_allocs(struct kb_doc_tls_facts *t)
{
	const struct kb_aead_family *fam;
	struct kb_doc_tls_alloc *a;
	size_t i, j;

	t->nalloc = 0;
	for (i = 0; i < kb_tls_nciphers; i++) {
		fam = family(kb_tls_ciphers[i].alloc);
		for (j = 0; j < t->nalloc && t->alloc[j].fam != fam; j++)
			;
		if (!fam || j == KB_DOC_TLS_ALLOCS)
			continue;
		a = &t->alloc[j];
		if (j == t->nalloc) {
			memset(a, 0, sizeof(*a));
			a->fam = fam;
			t->nalloc++;
		}
		if (a->suites < KB_DOC_TLS_SUITES)
			a->suite[a->suites++] = kb_tls_ciphers[i].name;
	}
}

/* The features that say kTLS offload: a mask's bit each, by its index. */
enum { OFFLOAD_TX, OFFLOAD_RX };

static const char *const offload_features[] = {
	[OFFLOAD_TX] = TX_FEATURE,
	[OFFLOAD_RX] = RX_FEATURE,
};

/**
 * kb_doc_tls_offload() - the interfaces offering kTLS offload
 * @f: ethtool's answer to a question of offload_features' names (bit 0
 *     of a mask tls-hw-tx-offload, bit 1 tls-hw-rx-offload)
 * @n: @seen, @count and the first KB_DOC_TLS_NICS interfaces' @nic set
 */
void kb_doc_tls_offload(const struct kb_ethtool_features *f,
			struct kb_doc_tls_nics *n)
{
	const struct kb_ethtool_iface *i;
	size_t k;

	n->seen = f->seen;
	n->count = f->count;
	for (k = 0; k < f->count && k < f->room && k < KB_DOC_TLS_NICS; k++) {
		i = &f->iface[k];
		snprintf(n->nic[k].name, sizeof(n->nic[k].name), "%s", i->name);
		n->nic[k].tx_offered = i->offered & (1U << OFFLOAD_TX);
		n->nic[k].tx_on = i->on & (1U << OFFLOAD_TX);
		n->nic[k].rx_offered = i->offered & (1U << OFFLOAD_RX);
		n->nic[k].rx_on = i->on & (1U << OFFLOAD_RX);
	}
}

static void nics(struct kb_doc_tls_nics *n)
{
	struct kb_ethtool_iface iface[KB_DOC_TLS_NICS];
	struct kb_ethtool_features f = {
		.names = offload_features,
		.nnames =
			sizeof(offload_features) / sizeof(offload_features[0]),
		.iface = iface,
		.room = KB_DOC_TLS_NICS,
	};
	struct kb_nl nl;
	int ret;

	memset(n, 0, sizeof(*n));
	ret = kb_nl_open(&nl, NETLINK_GENERIC);
	if (!ret)
		ret = kb_ethtool_features_get(&nl, &f);
	n->err = ret;
	if (!ret)
		kb_doc_tls_offload(&f, n);
	else if (ret == -ENOENT)
		snprintf(
			n->why, sizeof(n->why),
			"the kernel has no ethtool netlink family (CONFIG_ETHTOOL_NETLINK): the interfaces' features were not read");
	else
		snprintf(n->why, sizeof(n->why),
			 "ethtool's features of the interfaces: %s",
			 kb_nl_reason(&nl, ret));
	kb_nl_close(&nl);
}

/**
 * kb_doc_tls_facts() - whether this kernel has kTLS, and NICs' offload
 * @t: zeroed but for @t->module; tls_stat, the configuration, the AEADs
 *     a socket allocates (kb_doc_tls_allocs()) and the interfaces filled
 *     in. Nothing is loaded, registered or changed.
 */
void kb_doc_tls_facts(struct kb_doc_tls_facts *t)
{
	t->tls_stat = !access(TLS_STAT, F_OK);
	config(t);
	kb_doc_tls_allocs(t);
	t->nics_asked = true;
	nics(&t->nics);
}

/*
 * The path a socket of each AEAD is, whose layers (tls_path.c's) are the
 * instances its chain registers: @kind[i] for @t->alloc[i], its front
 * the first suite allocating it, in @front.
 */
static size_t kinds(const struct kb_doc_tls_facts *t,
		    struct kb_tls_front *front, struct kb_path_kind *kind)
{
	size_t i;

	for (i = 0; i < t->nalloc; i++) {
		front[i] = (struct kb_tls_front){
			.cipher = kb_tls_cipher_named(t->alloc[i].suite[0]),
		};
		kind[i] = (struct kb_path_kind){ .ops = &kb_tls_path_ops,
						 .front = &front[i] };
	}
	return t->nalloc;
}

/* What one AEAD gets; @before: the drivers registered beforehand. */
static void selected(struct mnl_socket *nl, const struct kb_cu_algs *before,
		     struct kb_doc_tls_alloc *a, bool *made)
{
	const char *name = a->fam->alloc;
	const struct kb_cu_alg *b = kb_cu_best(before, name);
	int ret;

	if (b) {
		snprintf(a->selected, sizeof(a->selected), "%s", b->driver);
		a->before = true;
		return;
	}
	*made = true;
	ret = kb_path_impl_selected(nl, name, a->selected, sizeof(a->selected));
	if (ret == -EPERM)
		snprintf(
			a->na, sizeof(a->na),
			"no driver of %s is registered, and having the kernel build one as for a first socket needs CAP_NET_ADMIN",
			name);
	else if (ret)
		snprintf(a->na, sizeof(a->na), "the kernel cannot make %s: %s",
			 name, strerror(-ret));
}

static void all_na(struct kb_doc_tls_facts *t, const char *fmt, int err)
{
	size_t i;

	for (i = 0; i < t->nalloc; i++)
		snprintf(t->alloc[i].na, sizeof(t->alloc[i].na), fmt,
			 strerror(-err));
}

/**
 * kb_doc_tls_socket_facts() - what a kTLS socket made now gets
 * @t: as kb_doc_tls_facts() left it; each AEAD's @selected, or its @na,
 *     and @t->algs filled in, @t->asked set
 *
 * Leaves registered what was registered before, and nothing else but
 * what someone else holds meanwhile (@t->left) and the modules the
 * kernel loaded to build a chain, as for any first user.
 */
void kb_doc_tls_socket_facts(struct kb_doc_tls_facts *t)
{
	struct kb_tls_front front[KB_DOC_TLS_ALLOCS];
	struct kb_path_kind kind[KB_DOC_TLS_ALLOCS];
	struct kb_cu_algs before = { 0 };
	struct mnl_socket *nl;
	bool made = false;
	size_t i;
	int ret;

	t->asked = true;
	nl = kb_cu_open(&ret);
	if (!nl) {
		all_na(t,
		       "the kernel's crypto_user interface is missing (%s): modprobe crypto_user, or a kernel built with CONFIG_CRYPTO_USER",
		       ret);
		return;
	}
	ret = kb_registered_before(nl, &before);
	for (i = 0; !ret && i < t->nalloc; i++)
		selected(nl, &before, &t->alloc[i], &made);
	if (!ret)
		ret = kb_cu_dump(nl, &t->algs);
	if (ret)
		all_na(t, "crypto_user cannot list the registered drivers: %s",
		       ret);
	if (made)
		kb_doc_undo(nl, &before, kind, kinds(t, front, kind), t->left,
			    sizeof(t->left));
	kb_cu_algs_free(&before);
	mnl_socket_close(nl);
}

/**
 * kb_doc_tls_facts_free() - free what the kTLS facts gathered
 * @t: the facts; left reusable
 */
void kb_doc_tls_facts_free(struct kb_doc_tls_facts *t)
{
	kb_cu_algs_free(&t->algs);
}
