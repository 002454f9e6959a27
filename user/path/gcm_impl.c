// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * gcm(aes)'s implementations, for every path that allocates it by that
 * name (ovpn's keys, kTLS's sockets): the family's table, and its calls
 * in the shape a path command's struct kb_path_impl_ops has.
 */

#include "kaesbench_generic_parts.h"
#include "path/aead_impl.h"
#include "path/command.h"
#include "path/gcm_on_ctr.h"
#include "path/impl.h"

const struct kb_aead_family kb_gcm_family = {
	.alloc = "gcm(aes)",
	.beneath = KB_GCM_BENEATH,
	.on_beneath = kb_gcm_on_ctr,
	.generic = KAESBENCH_GENERIC_GCM,
	.second = { "ghash-generic", "ghash-lib" },
};

static int resolve(struct mnl_socket *nl, const char *named,
		   struct kb_path_impl *out, char *err, size_t len)
{
	return kb_aead_impl_resolve(&kb_gcm_family, nl, named, out, err, len);
}

static int reference(struct mnl_socket *nl, struct kb_path_impl *out, char *err,
		     size_t len)
{
	return kb_aead_impl_reference(&kb_gcm_family, nl, out, err, len);
}

static int all(struct mnl_socket *nl, struct kb_path_impls *out)
{
	return kb_aead_impl_all(&kb_gcm_family, nl, out);
}

/* What a key or socket made now gets (kb_path_impl_selected()). */
int kb_gcm_selected(struct mnl_socket *nl, char *sel, size_t len)
{
	return kb_path_impl_selected(nl, kb_gcm_family.alloc, sel, len);
}

static const char *what(void)
{
	return kb_gcm_family.alloc;
}

/* For a path command: ovpn's and kTLS's AES-GCM. */
const struct kb_path_impl_ops kb_gcm_impl_ops = {
	.what = what,
	.selected = kb_gcm_selected,
	.reference = reference,
	.all = all,
	.resolve = resolve,
};
