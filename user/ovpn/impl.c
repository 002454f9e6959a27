// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * An implementation of ovpn's AES-GCM is named by a driver of
 * "gcm(aes)". An engine that offers "ctr(aes)" but no "gcm(aes)" still
 * serves ovpn when gcm's template is built on it: "gcm_base(CTR,GHASH)"
 * (path/gcm_on_ctr.c). Asking crypto_user to register that name
 * builds the chain the way an allocation would, so either layer can be
 * named and the one measured is exactly it.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "kaesbench_generic_parts.h"
#include "netlink/crypto_user.h"
#include "ovpn/impl.h"
#include "path/impl.h"
#include "path/gcm_on_ctr.h"

/**
 * kb_ovpn_resolve() - the implementation a driver name stands for
 * @nl: a crypto_user socket
 * @named: a driver of "gcm(aes)" ("generic-gcm-aesni") or of "ctr(aes)"
 *         ("ctr-aes-aesni", an engine's)
 * @out: filled in
 * @err: a sentence on failure
 * @len: its size
 *
 * Registers @named and the chain built on it, if they are not yet.
 *
 * Return: 0, -ENOENT when nothing has or can make @named, -EINVAL when it
 * is no implementation of gcm(aes), or another negative errno.
 */
int kb_ovpn_resolve(struct mnl_socket *nl, const char *named,
		    struct kb_path_impl *out, char *err, size_t len)
{
	struct kb_cu_alg a;
	int ret;

	ret = kb_path_impl_named(nl, named, out, &a, err, len);
	if (ret)
		return ret;
	if (!strcmp(a.name, KB_OVPN_ALLOC)) {
		snprintf(out->driver, sizeof(out->driver), "%s", named);
	} else if (!strcmp(a.name, KB_GCM_BENEATH)) {
		ret = kb_gcm_on_ctr(nl, named, out->driver,
				    sizeof(out->driver));
		if (ret) {
			snprintf(
				err, len,
				"gcm's template cannot be built on \"%s\" (%s)",
				named, strerror(-ret));
			return ret;
		}
	} else {
		snprintf(
			err, len,
			"\"%s\" implements %s: neither %s nor the %s beneath it",
			named, a.name, KB_OVPN_ALLOC, KB_GCM_BENEATH);
		return -EINVAL;
	}
	return kb_path_impl_built(nl, named, KB_OVPN_ALLOC, out, err, len);
}

/**
 * kb_ovpn_reference() - gcm(aes) from the kernel's generic parts
 * @nl: a crypto_user socket
 * @out: filled in, marked as the reference
 * @err: a sentence on failure
 * @len: its size
 *
 * gcm's template on ctr's over the generic AES cipher and the generic
 * GHASH: aes-generic and ghash-generic on 6.x, aes-lib and ghash-lib
 * where they became wrappers of the libraries (7.0 on); whichever this
 * kernel can build, tried in that order.
 *
 * Return: 0 or a negative errno.
 */
int kb_ovpn_reference(struct mnl_socket *nl, struct kb_path_impl *out,
		      char *err, size_t len)
{
	static const char *const aes[] = { "aes-generic", "aes-lib" };
	static const char *const ghash[] = { "ghash-generic", "ghash-lib" };
	char name[CRYPTO_MAX_NAME];
	size_t i, j;
	int ret = -ENOENT;

	for (i = 0; i < 2 && ret; i++) {
		for (j = 0; j < 2 && ret; j++) {
			snprintf(name, sizeof(name), KAESBENCH_GENERIC_GCM,
				 aes[i], ghash[j]);
			ret = kb_ovpn_resolve(nl, name, out, err, len);
		}
	}
	if (ret) {
		snprintf(
			err, len,
			"the kernel cannot build gcm(aes) from its generic parts (aes-generic or aes-lib, ghash-generic or ghash-lib)");
		return ret;
	}
	out->reference = true;
	return 0;
}

/**
 * kb_ovpn_all() - every implementation of ovpn's AES-GCM this kernel has
 * @nl: a crypto_user socket
 * @out: the reference first, then every registered driver of gcm(aes)
 *       and, as gcm's template on it, of ctr(aes); free with
 *       kb_path_impls_free()
 *
 * A driver the kernel cannot build on is left out.
 *
 * Return: 0 or a negative errno.
 */
int kb_ovpn_all(struct mnl_socket *nl, struct kb_path_impls *out)
{
	struct kb_path_impl impl;
	struct kb_cu_algs algs;
	char err[256];
	size_t i;
	int ret;

	memset(out, 0, sizeof(*out));
	if (!kb_ovpn_reference(nl, &impl, err, sizeof(err))) {
		ret = kb_path_impls_add(out, &impl);
		if (ret)
			return ret;
	}
	ret = kb_cu_dump(nl, &algs);
	for (i = 0; !ret && i < algs.count; i++) {
		const struct kb_cu_alg *a = &algs.alg[i];

		if (!kb_cu_usable(a) || (strcmp(a->name, KB_OVPN_ALLOC) &&
					 strcmp(a->name, KB_GCM_BENEATH)))
			continue;
		if (!kb_ovpn_resolve(nl, a->driver, &impl, err, sizeof(err)))
			ret = kb_path_impls_add(out, &impl);
	}
	kb_cu_algs_free(&algs);
	return ret;
}

/**
 * kb_ovpn_selected() - what a key made now gets
 * @nl: a crypto_user socket
 * @sel: where its driver name goes
 * @len: its size
 *
 * Return: 0 or a negative errno (kb_path_impl_selected()).
 */
int kb_ovpn_selected(struct mnl_socket *nl, char *sel, size_t len)
{
	return kb_path_impl_selected(nl, KB_OVPN_ALLOC, sel, len);
}
