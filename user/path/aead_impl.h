/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The implementations of an AEAD a path allocates by its plain name
 * (path/aead_impl.c), and the one family every such path has: gcm(aes)
 * (ovpn, kTLS), with gcm's template built on a ctr(aes) driver.
 */
#ifndef KAESBENCH_PATH_AEAD_IMPL_H
#define KAESBENCH_PATH_AEAD_IMPL_H

#include <stddef.h>

#include "path/result.h"

struct mnl_socket;

/* One AEAD: its name, the mode beneath its template, its generic parts. */
struct kb_aead_family {
	const char *alloc; /* "gcm(aes)" */
	const char *beneath; /* "ctr(aes)" */
	/* The driver name of the template on a driver of @beneath. */
	int (*on_beneath)(struct mnl_socket *nl, const char *driver, char *buf,
			  size_t len);
	/* The generic chain, given the AES cipher and @second[i]. */
	const char *generic; /* "gcm_base(ctr(%s),%s)" */
	const char *second[2]; /* "ghash-generic", "ghash-lib" */
};

extern const struct kb_aead_family kb_gcm_family;

int kb_aead_impl_resolve(const struct kb_aead_family *fam,
			 struct mnl_socket *nl, const char *named,
			 struct kb_path_impl *out, char *err, size_t len);
int kb_aead_impl_reference(const struct kb_aead_family *fam,
			   struct mnl_socket *nl, struct kb_path_impl *out,
			   char *err, size_t len);
int kb_aead_impl_all(const struct kb_aead_family *fam, struct mnl_socket *nl,
		     struct kb_path_impls *out);

struct kb_path_impl_ops;

/* gcm(aes)'s, for a path command; what a key or socket made now gets. */
extern const struct kb_path_impl_ops kb_gcm_impl_ops;
int kb_gcm_selected(struct mnl_socket *nl, char *sel, size_t len);

#endif /* KAESBENCH_PATH_AEAD_IMPL_H */
