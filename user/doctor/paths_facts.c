// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The paths' facts. The modules' states are read without privilege and
 * change nothing. ovpn's generic netlink family is asked from a network
 * namespace the doctor makes and holds by a descriptor only
 * (kb_netns_pair_make()): the lookup loads the ovpn module, as for any
 * first user, and the initial namespace is never touched; making the
 * namespace needs CAP_SYS_ADMIN, and without it the family is not asked.
 * What a key gets is asked of crypto_user (ovpn_facts.c). kTLS's facts
 * (tls_facts.c): its module read with the others', what a socket gets
 * asked as a key's is, and the interfaces' offload read in the doctor's
 * own namespace.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/netlink.h>

#include "doctor/facts.h"
#include "doctor/ovpn_facts.h"
#include "doctor/paths_facts.h"
#include "doctor/tls_facts.h"
#include "ovpn/ovpn_path.h"

/* ovpn's family (kb_ovpn_present()); not asked without CAP_SYS_ADMIN. */
static int family(char *why, size_t len)
{
	int ret = kb_ovpn_present(why, len);

	if (ret == -EPERM) {
		snprintf(
			why, len,
			"its family was not asked: a network namespace of the doctor's own to ask it from needs CAP_SYS_ADMIN (the doctor asks nothing in the machine's own)");
		ret = KB_DOC_NOT_ASKED;
	}
	return ret;
}

/* No family, or (not asked) no module in this kernel's indexes. */
static bool ovpn_absent(const struct kb_doc_paths_facts *x)
{
	const struct kb_doc_modstate *m = &x->ovpn;

	return x->family == -ENOENT ||
	       (x->family == KB_DOC_NOT_ASKED && m->index && m->loaded != 1 &&
		!m->builtin && !m->available);
}

static void modules(struct kb_doc_paths_facts *x)
{
	struct kb_doc_modstate m[] = {
		{ .name = "esp4", .config = "CONFIG_INET_ESP" },
		{ .name = "xfrm_user", .config = "CONFIG_XFRM_USER" },
		{ .name = "ovpn", .config = "CONFIG_OVPN" },
		{ .name = "wireguard", .config = "CONFIG_WIREGUARD" },
		{ .name = "tls", .config = "CONFIG_TLS" },
	};

	kb_doc_module_state(m, sizeof(m) / sizeof(m[0]));
	x->esp4 = m[0];
	x->xfrm_user = m[1];
	x->ovpn = m[2];
	x->wireguard = m[3];
	x->tls.module = m[4];
}

/* Neither loaded nor to be had: the configuration or the indexes say. */
static bool tls_absent(const struct kb_doc_tls_facts *t)
{
	const struct kb_doc_modstate *m = &t->module;

	if (t->tls_stat || m->loaded == 1 || m->builtin)
		return false;
	return t->config == KB_DOC_CONFIG_OFF || (m->index && !m->available) ||
	       (m->loaded < 0 && !m->can_load);
}

/**
 * kb_doc_paths_facts() - which paths this kernel has
 * @x: filled in; free with kb_doc_paths_facts_free()
 * @ask: ask ovpn's family (which loads its module) and, unless it is
 *	 absent, what a key made now gets (which may register, then
 *	 unregister, a chain), and what a kTLS socket gets (the same);
 *	 else read the module indexes only. kTLS's presence and the
 *	 interfaces' offload are read either way, changing nothing.
 */
void kb_doc_paths_facts(struct kb_doc_paths_facts *x, bool ask)
{
	memset(x, 0, sizeof(*x));
	x->family = KB_DOC_NOT_ASKED;
	if (ask)
		x->family = family(x->family_why, sizeof(x->family_why));
	else
		snprintf(
			x->family_why, sizeof(x->family_why),
			"its family was not asked (that loads the module): kaesbench doctor asks it");
	modules(x);
	if (ask && !ovpn_absent(x))
		kb_doc_ovpn_key_facts(x);
	kb_doc_tls_facts(&x->tls);
	if (ask && !tls_absent(&x->tls))
		kb_doc_tls_socket_facts(&x->tls);
}

/**
 * kb_doc_paths_facts_free() - free what kb_doc_paths_facts() gathered
 * @x: the facts; left reusable
 */
void kb_doc_paths_facts_free(struct kb_doc_paths_facts *x)
{
	kb_cu_algs_free(&x->algs);
	kb_doc_tls_facts_free(&x->tls);
}

/**
 * kb_doc_paths_here() - which paths this kernel has, changing nothing
 * @s: filled in from the module indexes: no path's family asked, no
 *     module loaded, nothing registered; the interfaces' kTLS offload
 *     read (what `kaesbench list` prints)
 */
void kb_doc_paths_here(struct kb_doc_paths_state *s)
{
	struct kb_doc_paths_facts x;

	kb_doc_paths_facts(&x, false);
	kb_doc_paths_judge(&x, s);
	kb_doc_paths_facts_free(&x);
}
