/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ccm(aes)'s implementations (tls/ccm_impl.c), as gcm(aes)'s are.
 */
#ifndef KAESBENCH_TLS_CCM_IMPL_H
#define KAESBENCH_TLS_CCM_IMPL_H

#include "path/aead_impl.h"

extern const struct kb_aead_family kb_ccm_family;

int kb_ccm_resolve(struct mnl_socket *nl, const char *named,
		   struct kb_path_impl *out, char *err, size_t len);
int kb_ccm_reference(struct mnl_socket *nl, struct kb_path_impl *out,
		     char *err, size_t len);
int kb_ccm_all(struct mnl_socket *nl, struct kb_path_impls *out);
int kb_ccm_selected(struct mnl_socket *nl, char *sel, size_t len);

#endif /* KAESBENCH_TLS_CCM_IMPL_H */
