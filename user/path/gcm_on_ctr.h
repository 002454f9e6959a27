/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * gcm's template on a given ctr(aes) driver, as an allocation builds it:
 * what makes an engine that offers ctr(aes) but no gcm(aes) serve the
 * paths that allocate gcm(aes) (ESP's rfc4106 and rfc4543, ovpn).
 */
#ifndef KAESBENCH_PATH_GCM_ON_CTR_H
#define KAESBENCH_PATH_GCM_ON_CTR_H

#include <stddef.h>

struct mnl_socket;

/* The AES mode beneath gcm's template. */
#define KB_GCM_BENEATH "ctr(aes)"

int kb_gcm_on_ctr(struct mnl_socket *nl, const char *ctr, char *buf,
		  size_t len);

#endif /* KAESBENCH_PATH_GCM_ON_CTR_H */
