// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * An implementation is named by the driver of what its path allocates,
 * whose name spells every part beneath. Asking crypto_user to register
 * a name builds the chain the way an allocation would, so a path's
 * resolver (ipsec/impl.c, path/aead_impl.c) takes a name at any layer, builds
 * its chain on it, and has exactly the one measured.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "path/impl.h"

/**
 * kb_path_impl_named() - register and look up a driver name given (-d)
 * @nl: a crypto_user socket
 * @named: the name
 * @out: cleared, for the path's resolver to fill in
 * @a: filled in: the driver's algorithm
 * @err: a sentence on failure
 * @len: its size
 *
 * Return: 0, -EINVAL for a name too long, -EPERM, or -ENOENT when nothing
 * has or can make @named.
 */
int kb_path_impl_named(struct mnl_socket *nl, const char *named,
		       struct kb_path_impl *out, struct kb_cu_alg *a, char *err,
		       size_t len)
{
	int ret;

	memset(out, 0, sizeof(*out));
	if (strlen(named) >= CRYPTO_MAX_NAME) {
		snprintf(err, len, "\"%s\" is longer than a driver name can be",
			 named);
		return -EINVAL;
	}
	ret = kb_cu_instantiate(nl, named);
	if (!ret)
		ret = kb_cu_get(nl, named, a);
	if (!ret)
		return 0;
	snprintf(err, len, "no implementation has the driver name \"%s\" (%s)",
		 named, strerror(-ret));
	return ret == -EPERM ? ret : -ENOENT;
}

/**
 * kb_path_impl_built() - register the chain a path allocates, and keep it
 * @nl: a crypto_user socket
 * @named: the name it was built for, as given
 * @alloc_name: what the path allocates: the chain must be of it
 * @out: its @driver, the chain's name; filled in with the rest
 * @err: a sentence on failure
 * @len: its size
 *
 * Return: 0, -EINVAL when the chain is of another algorithm, or the
 * kernel's answer to its registration.
 */
int kb_path_impl_built(struct mnl_socket *nl, const char *named,
		       const char *alloc_name, struct kb_path_impl *out,
		       char *err, size_t len)
{
	struct kb_cu_alg top;
	int ret;

	ret = kb_cu_instantiate(nl, out->driver);
	if (!ret)
		ret = kb_cu_get(nl, out->driver, &top);
	if (!ret && strcmp(top.name, alloc_name))
		ret = -EINVAL;
	if (ret) {
		snprintf(err, len, "the kernel cannot build %s on \"%s\" (%s)",
			 out->driver, named, strerror(-ret));
		return ret;
	}
	snprintf(out->named, sizeof(out->named), "%s", named);
	snprintf(out->module, sizeof(out->module), "%s", top.module);
	out->priority = top.priority;
	out->async = top.flags & CU_ALG_ASYNC;
	return 0;
}

/**
 * kb_path_impl_selected() - what an end made now gets
 * @nl: a crypto_user socket
 * @alloc_name: what the path allocates
 * @sel: where its driver name goes
 * @len: its size
 *
 * A path allocates by name: the registered driver of the highest
 * priority, built from the best parts only if none is registered yet, as
 * this does. Call it before registering any chain of the path's: one
 * registered first would be the answer.
 *
 * Return: 0 or a negative errno.
 */
int kb_path_impl_selected(struct mnl_socket *nl, const char *alloc_name,
			  char *sel, size_t len)
{
	const struct kb_cu_alg *b;
	struct kb_cu_algs algs;
	int ret;

	sel[0] = '\0';
	ret = kb_cu_instantiate(nl, alloc_name);
	if (!ret)
		ret = kb_cu_dump(nl, &algs);
	if (ret)
		return ret;
	b = kb_cu_best(&algs, alloc_name);
	if (b)
		snprintf(sel, len, "%s", b->driver);
	kb_cu_algs_free(&algs);
	return b ? 0 : -ENOENT;
}

int kb_path_impls_add(struct kb_path_impls *impls,
		      const struct kb_path_impl *impl)
{
	struct kb_path_impl *grown;
	size_t i;

	for (i = 0; i < impls->count; i++)
		if (!strcmp(impls->impl[i].driver, impl->driver))
			return 0;
	grown = realloc(impls->impl, (impls->count + 1) * sizeof(*grown));
	if (!grown)
		return -ENOMEM;
	impls->impl = grown;
	impls->impl[impls->count++] = *impl;
	return 0;
}

void kb_path_impls_free(struct kb_path_impls *impls)
{
	free(impls->impl);
	memset(impls, 0, sizeof(*impls));
}
