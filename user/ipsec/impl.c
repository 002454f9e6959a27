// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * An implementation of an ESP transform is named by the driver of what
 * ESP allocates for it (esp_init_aead(), esp_init_authenc()): the IV
 * generator's template instance, whose name spells every driver beneath
 * ("echainiv(authenc(hmac-sha256-lib,virtio_crypto_aes_cbc))"). Asking
 * crypto_user to register that name builds the chain the way an
 * allocation would, so an implementation can be named at any layer and
 * still be exactly the one measured.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "ipsec/impl.h"
#include "path/impl.h"
#include "path/gcm_on_ctr.h"
#include "netlink/crypto_user.h"

/**
 * kb_esp_auth_driver() - the authenticator's driver an SA made now gets
 * @nl: a crypto_user socket
 * @t: the transform; one without authenc() gets an empty name
 * @buf: where the driver name goes ("hmac-sha256-lib")
 * @len: its size
 *
 * The HMAC is not under test: every chain of an authenc() transform is
 * built with this one, so that they differ in their AES part only.
 *
 * Return: 0 or a negative errno.
 */
int kb_esp_auth_driver(struct mnl_socket *nl, const struct kb_esp_transform *t,
		       char *buf, size_t len)
{
	const struct kb_cu_alg *b;
	struct kb_cu_algs algs;
	int ret;

	buf[0] = '\0';
	if (!t->auth)
		return 0;
	ret = kb_cu_instantiate(nl, t->auth);
	if (!ret)
		ret = kb_cu_dump(nl, &algs);
	if (ret)
		return ret;
	b = kb_cu_best(&algs, t->auth);
	if (b)
		snprintf(buf, len, "%s", b->driver);
	kb_cu_algs_free(&algs);
	return b ? 0 : -ENOENT;
}

/**
 * kb_esp_resolve() - an implementation, named at any layer
 * @nl: a crypto_user socket
 * @t: the transform
 * @auth: kb_esp_auth_driver()'s driver
 * @named: a driver name (kb_esp_chain() says which layers)
 * @out: filled in
 * @err: a sentence on failure
 * @len: its size
 *
 * Registers @named and the chain built on it, if they are not yet.
 *
 * Return: 0, -ENOENT when nothing has or can make @named, -EINVAL when it
 * is not an implementation of @t, or another negative errno.
 */
int kb_esp_resolve(struct mnl_socket *nl, const struct kb_esp_transform *t,
		   const char *auth, const char *named,
		   struct kb_path_impl *out, char *err, size_t len)
{
	char esp[CRYPTO_MAX_NAME], on[CRYPTO_MAX_NAME];
	const char *mode;
	struct kb_cu_alg a;
	int ret;

	ret = kb_path_impl_named(nl, named, out, &a, err, len);
	if (ret)
		return ret;
	/* A driver of the mode beneath: the template's instance on it. */
	mode = named;
	if (t->beneath && !strcmp(a.name, t->beneath)) {
		ret = kb_gcm_on_ctr(nl, named, on, sizeof(on));
		if (!ret)
			ret = kb_cu_instantiate(nl, on);
		if (!ret)
			ret = kb_cu_get(nl, on, &a);
		if (ret) {
			snprintf(err, len,
				 "the kernel cannot build %s on \"%s\" (%s)",
				 t->mode, named, strerror(-ret));
			return ret;
		}
		mode = on;
	}
	ret = kb_esp_chain(t, a.name, mode, auth, out->driver,
			   sizeof(out->driver));
	if (ret == -EINVAL) {
		snprintf(
			err, len,
			"\"%s\" implements %s: neither %s nor the %s beneath it",
			named, a.name, t->name, t->mode);
		return ret;
	}
	if (ret) {
		snprintf(
			err, len,
			"the chain ESP would allocate on \"%s\" has a name longer than crypto_user takes",
			named);
		return ret;
	}
	kb_esp_name(t, esp, sizeof(esp));
	return kb_path_impl_built(nl, named, esp, out, err, len);
}

/**
 * kb_esp_reference() - the kernel's generic parts for a transform
 * @nl: a crypto_user socket
 * @t: the transform
 * @auth: kb_esp_auth_driver()'s driver
 * @out: filled in, marked as the reference
 * @err: a sentence on failure
 * @len: its size
 *
 * The AES mode's generic template on the generic AES cipher, as the
 * transform's generic column has it: aes-generic on 6.x, aes-lib where
 * the cipher became a wrapper of the AES library (7.0 on); GCM's GHASH
 * likewise, ghash-generic or the library's. Whichever this kernel can
 * build, tried in that order.
 *
 * Return: 0 or a negative errno.
 */
int kb_esp_reference(struct mnl_socket *nl, const struct kb_esp_transform *t,
		     const char *auth, struct kb_path_impl *out, char *err,
		     size_t len)
{
	static const char *const aes[] = { "aes-generic", "aes-lib" };
	static const char *const ghash[] = { "ghash-generic", "ghash-lib" };
	char mode[CRYPTO_MAX_NAME];
	size_t i, j;
	int ret = -ENOENT;

	for (i = 0; i < 2 && ret; i++) {
		for (j = 0; j < (t->generic_ghash ? 2 : 1) && ret; j++) {
			snprintf(mode, sizeof(mode), t->generic, aes[i],
				 ghash[j]);
			ret = kb_esp_resolve(nl, t, auth, mode, out, err, len);
		}
	}
	if (ret) {
		snprintf(
			err, len,
			"the kernel cannot build %s from its generic parts (aes-generic or aes-lib)",
			t->name);
		return ret;
	}
	out->reference = true;
	return 0;
}

/**
 * kb_esp_all() - every implementation of a transform this kernel has
 * @nl: a crypto_user socket
 * @t: the transform
 * @auth: kb_esp_auth_driver()'s driver
 * @out: filled in: the reference first, then every registered driver of
 *	 the transform (rfc4106-gcm-aesni) and of the AES mode beneath it
 *	 (cbc-aes-aesni, virtio_crypto_aes_cbc), each as the chain ESP
 *	 would allocate on it; free with kb_path_impls_free()
 *
 * A driver the kernel cannot build the chain on is left out.
 *
 * Return: 0 or a negative errno.
 */
int kb_esp_all(struct mnl_socket *nl, const struct kb_esp_transform *t,
	       const char *auth, struct kb_path_impls *out)
{
	struct kb_path_impl impl;
	struct kb_cu_algs algs;
	char err[256];
	size_t i;
	int ret;

	memset(out, 0, sizeof(*out));
	if (!kb_esp_reference(nl, t, auth, &impl, err, sizeof(err))) {
		ret = kb_path_impls_add(out, &impl);
		if (ret)
			return ret;
	}
	ret = kb_cu_dump(nl, &algs);
	for (i = 0; !ret && i < algs.count; i++) {
		const struct kb_cu_alg *a = &algs.alg[i];

		if (!kb_cu_usable(a) ||
		    (strcmp(a->name, t->mode) &&
		     (!t->beneath || strcmp(a->name, t->beneath)) &&
		     (!t->aead || strcmp(a->name, t->name)) &&
		     (!t->wrapper || !t->cipher || strcmp(a->name, t->cipher))))
			continue;
		if (!kb_esp_resolve(nl, t, auth, a->driver, &impl, err,
				    sizeof(err)))
			ret = kb_path_impls_add(out, &impl);
	}
	kb_cu_algs_free(&algs);
	return ret;
}

/**
 * kb_esp_selected() - what an SA made now gets
 * @nl: a crypto_user socket
 * @t: the transform
 * @sel: where its driver name goes
 * @len: its size
 *
 * ESP allocates by name: the registered driver of the highest priority,
 * built from the best parts only if none is registered yet, as this
 * does. Call it before registering any chain of the transform: one
 * registered first would be the answer.
 *
 * Return: 0 or a negative errno.
 */
int kb_esp_selected(struct mnl_socket *nl, const struct kb_esp_transform *t,
		    char *sel, size_t len)
{
	char esp[CRYPTO_MAX_NAME];

	kb_esp_name(t, esp, sizeof(esp));
	return kb_path_impl_selected(nl, esp, sel, len);
}
