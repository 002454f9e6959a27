/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The implementations an ovpn key slot can get: drivers of "gcm(aes)",
 * what ovpn allocates (drivers/net/ovpn/crypto_aead.c), each registered
 * one, and the one gcm's template builds on a "ctr(aes)" driver with the
 * GHASH an allocation would take, as an allocation would build it.
 */
#ifndef KAESBENCH_OVPN_IMPL_H
#define KAESBENCH_OVPN_IMPL_H

#include <stddef.h>

#include "path/result.h"

struct mnl_socket;

/* What ovpn allocates for AES-GCM. */
#define KB_OVPN_ALLOC "gcm(aes)"

int kb_ovpn_resolve(struct mnl_socket *nl, const char *named,
		    struct kb_path_impl *out, char *err, size_t len);
int kb_ovpn_reference(struct mnl_socket *nl, struct kb_path_impl *out,
		      char *err, size_t len);
int kb_ovpn_all(struct mnl_socket *nl, struct kb_path_impls *out);
int kb_ovpn_selected(struct mnl_socket *nl, char *sel, size_t len);

#endif /* KAESBENCH_OVPN_IMPL_H */
