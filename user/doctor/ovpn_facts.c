// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What an ovpn key made now would get: ovpn allocates "gcm(aes)" for
 * each direction of a key slot. Where a driver of it is registered, the
 * best is the answer, read without privilege. Where none is, the answer
 * is what the kernel builds for a first key: kb_gcm_selected() has it
 * built through crypto_user, which needs CAP_NET_ADMIN; whatever that
 * registered is unregistered before the doctor goes on (undo.c), as ESP's
 * facts do.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "doctor/ovpn_facts.h"
#include "doctor/undo.h"
#include "ovpn/impl.h"
#include "ovpn/ovpn_path.h"
#include "path/registered.h"

/* The chains' layers are the same whatever the transport. */
static const struct kb_ovpn_setup setup = { .transport = "udp" };

static void selected(struct mnl_socket *nl, const struct kb_cu_algs *before,
		     struct kb_doc_paths_facts *x)
{
	const struct kb_path_kind kind = {
		.ops = &kb_ovpn_path_ops,
		.front = &setup,
	};
	const struct kb_cu_alg *b = kb_cu_best(before, KB_OVPN_ALLOC);
	int ret;

	if (b) {
		snprintf(x->selected, sizeof(x->selected), "%s", b->driver);
		x->before = true;
		return;
	}
	ret = kb_gcm_selected(nl, x->selected, sizeof(x->selected));
	if (ret == -EPERM)
		snprintf(
			x->key_na, sizeof(x->key_na),
			"no driver of " KB_OVPN_ALLOC
			" is registered, and having the kernel build one as for a first key needs CAP_NET_ADMIN");
	else if (ret)
		snprintf(x->key_na, sizeof(x->key_na),
			 "the kernel cannot make " KB_OVPN_ALLOC ": %s",
			 strerror(-ret));
	if (!ret) {
		kb_cu_algs_free(&x->algs);
		ret = kb_cu_dump(nl, &x->algs);
		if (ret)
			snprintf(
				x->key_na, sizeof(x->key_na),
				"crypto_user cannot list the registered drivers: %s",
				strerror(-ret));
	}
	kb_doc_undo(nl, before, &kind, 1, x->left, sizeof(x->left));
}

/**
 * kb_doc_ovpn_key_facts() - what an ovpn key made now would get
 * @x: its key members filled in (@x->key_asked set); @x->key_na says why
 *     it could not be told
 *
 * Leaves registered what was registered before, and nothing else but
 * what someone else holds meanwhile (@x->left) and the modules the kernel
 * loaded to build the chain, as for any first user.
 */
void kb_doc_ovpn_key_facts(struct kb_doc_paths_facts *x)
{
	struct kb_cu_algs before = { 0 };
	struct mnl_socket *nl;
	int ret;

	x->key_asked = true;
	nl = kb_cu_open(&ret);
	if (!nl) {
		snprintf(
			x->key_na, sizeof(x->key_na),
			"the kernel's crypto_user interface is missing (%s): modprobe crypto_user, or a kernel built with CONFIG_CRYPTO_USER",
			strerror(-ret));
		return;
	}
	ret = kb_registered_before(nl, &before);
	if (!ret)
		ret = kb_cu_dump(nl, &x->algs);
	if (ret)
		snprintf(x->key_na, sizeof(x->key_na),
			 "crypto_user cannot list the registered drivers: %s",
			 strerror(-ret));
	else
		selected(nl, &before, x);
	kb_cu_algs_free(&before);
	mnl_socket_close(nl);
}
