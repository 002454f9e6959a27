/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The implementations an ESP SA of a transform can get, as driver names of
 * what ESP allocates ("seqiv(rfc4106-gcm-aesni)"), found and made
 * registered through crypto_user; the one an SA made now would get; the
 * kernel's generic parts the differential check compares against.
 */
#ifndef KAESBENCH_IPSEC_IMPL_H
#define KAESBENCH_IPSEC_IMPL_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/cryptouser.h>

#include "ipsec/esp.h"
#include "path/result.h"
#include "netlink/crypto_user.h"

struct mnl_socket;

int kb_esp_auth_driver(struct mnl_socket *nl, const struct kb_esp_transform *t,
		       char *buf, size_t len);
int kb_esp_resolve(struct mnl_socket *nl, const struct kb_esp_transform *t,
		   const char *auth, const char *named,
		   struct kb_path_impl *out, char *err, size_t len);
int kb_esp_reference(struct mnl_socket *nl, const struct kb_esp_transform *t,
		     const char *auth, struct kb_path_impl *out, char *err,
		     size_t len);
int kb_esp_all(struct mnl_socket *nl, const struct kb_esp_transform *t,
	       const char *auth, struct kb_path_impls *out);
int kb_esp_selected(struct mnl_socket *nl, const struct kb_esp_transform *t,
		    char *sel, size_t len);

#endif /* KAESBENCH_IPSEC_IMPL_H */
