// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The implementations of an AEAD a path allocates by its plain name
 * (ovpn's and kTLS's "gcm(aes)", kTLS's "ccm(aes)"): a driver of the
 * name, or of the mode beneath its template (an engine that offers
 * "ctr(aes)" but no "gcm(aes)" still serves when gcm's template is
 * built on it: "gcm_base(CTR,GHASH)", path/gcm_on_ctr.c). Asking
 * crypto_user to register that name builds the chain the way an
 * allocation would, so either layer can be named and the one measured
 * is exactly it. A family (path/aead_impl.h) is the table of one AEAD.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "kaesbench_generic_parts.h"
#include "netlink/crypto_user.h"
#include "path/impl.h"
#include "path/aead_impl.h"

/**
 * kb_aead_impl_resolve() - the implementation a driver name stands for
 * @fam: the AEAD
 * @nl: a crypto_user socket
 * @named: a driver of @fam's name ("generic-gcm-aesni") or of the mode
 *         beneath ("ctr-aes-aesni", an engine's)
 * @out: filled in
 * @err: a sentence on failure
 * @len: its size
 *
 * Registers @named and the chain built on it, if they are not yet.
 *
 * Return: 0, -ENOENT when nothing has or can make @named, -EINVAL when it
 * is no implementation of @fam, or another negative errno.
 */
int kb_aead_impl_resolve(const struct kb_aead_family *fam,
			 struct mnl_socket *nl, const char *named,
			 struct kb_path_impl *out, char *err, size_t len)
{
	struct kb_cu_alg a;
	int ret;

	ret = kb_path_impl_named(nl, named, out, &a, err, len);
	if (ret)
		return ret;
	if (!strcmp(a.name, fam->alloc)) {
		snprintf(out->driver, sizeof(out->driver), "%s", named);
	} else if (!strcmp(a.name, fam->beneath)) {
		ret = fam->on_beneath(nl, named, out->driver,
				      sizeof(out->driver));
		if (ret) {
			snprintf(err, len,
				 "%s's template cannot be built on \"%s\" (%s)",
				 fam->alloc, named, strerror(-ret));
			return ret;
		}
	} else {
		snprintf(
			err, len,
			"\"%s\" implements %s: neither %s nor the %s beneath it",
			named, a.name, fam->alloc, fam->beneath);
		return -EINVAL;
	}
	return kb_path_impl_built(nl, named, fam->alloc, out, err, len);
}

/**
 * kb_aead_impl_reference() - the AEAD from the kernel's generic parts
 * @fam: the AEAD
 * @nl: a crypto_user socket
 * @out: filled in, marked as the reference
 * @err: a sentence on failure
 * @len: its size
 *
 * The template over the generic AES cipher and its second part (GHASH
 * for gcm): aes-generic and ghash-generic on 6.x, aes-lib and ghash-lib
 * where they became wrappers of the libraries (7.0 on); whichever this
 * kernel can build, tried in that order.
 *
 * Return: 0 or a negative errno.
 */
int kb_aead_impl_reference(const struct kb_aead_family *fam,
			   struct mnl_socket *nl, struct kb_path_impl *out,
			   char *err, size_t len)
{
	static const char *const aes[] = { "aes-generic", "aes-lib" };
	char name[CRYPTO_MAX_NAME];
	size_t i, j;
	int ret = -ENOENT;

	for (i = 0; i < 2 && ret; i++) {
		for (j = 0; j < 2 && ret; j++) {
			snprintf(name, sizeof(name), fam->generic, aes[i],
				 fam->second[j]);
			ret = kb_aead_impl_resolve(fam, nl, name, out, err,
						   len);
		}
	}
	if (ret) {
		snprintf(
			err, len,
			"the kernel cannot build %s from its generic parts (aes-generic or aes-lib, %s or %s)",
			fam->alloc, fam->second[0], fam->second[1]);
		return ret;
	}
	out->reference = true;
	return 0;
}

/**
 * kb_aead_impl_all() - every implementation of an AEAD this kernel has
 * @fam: the AEAD
 * @nl: a crypto_user socket
 * @out: the reference first, then every registered driver of @fam's
 *       name and, as its template on it, of the mode beneath; free with
 *       kb_path_impls_free()
 *
 * A driver the kernel cannot build on is left out.
 *
 * Return: 0 or a negative errno.
 */
int kb_aead_impl_all(const struct kb_aead_family *fam, struct mnl_socket *nl,
		     struct kb_path_impls *out)
{
	struct kb_path_impl impl;
	struct kb_cu_algs algs;
	char err[256];
	size_t i;
	int ret;

	memset(out, 0, sizeof(*out));
	if (!kb_aead_impl_reference(fam, nl, &impl, err, sizeof(err))) {
		ret = kb_path_impls_add(out, &impl);
		if (ret)
			return ret;
	}
	ret = kb_cu_dump(nl, &algs);
	for (i = 0; !ret && i < algs.count; i++) {
		const struct kb_cu_alg *a = &algs.alg[i];

		if (!kb_cu_usable(a) || (strcmp(a->name, fam->alloc) &&
					 strcmp(a->name, fam->beneath)))
			continue;
		if (!kb_aead_impl_resolve(fam, nl, a->driver, &impl, err,
					  sizeof(err)))
			ret = kb_path_impls_add(out, &impl);
	}
	kb_cu_algs_free(&algs);
	return ret;
}
