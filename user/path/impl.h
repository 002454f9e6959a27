/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What every path's resolution of a driver name (-d) shares: the name
 * registered and looked up, the chain the path allocates built on it and
 * checked to be of the path's algorithm, and the list of them.
 */
#ifndef KAESBENCH_PATH_IMPL_H
#define KAESBENCH_PATH_IMPL_H

#include <stddef.h>

#include "netlink/crypto_user.h"
#include "path/result.h"

struct mnl_socket;

int kb_path_impl_named(struct mnl_socket *nl, const char *named,
		       struct kb_path_impl *out, struct kb_cu_alg *a, char *err,
		       size_t len);
int kb_path_impl_built(struct mnl_socket *nl, const char *named,
		       const char *alloc_name, struct kb_path_impl *out,
		       char *err, size_t len);
int kb_path_impl_selected(struct mnl_socket *nl, const char *alloc_name,
			  char *sel, size_t len);
int kb_path_impls_add(struct kb_path_impls *impls,
		      const struct kb_path_impl *impl);
void kb_path_impls_free(struct kb_path_impls *impls);

#endif /* KAESBENCH_PATH_IMPL_H */
