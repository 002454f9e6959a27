/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A TCP connection over 127.0.0.1, both its ends in this process: every
 * lane of kaesbench tls and its userspace OpenSSL lane (tls/loopback.c).
 */
#ifndef KAESBENCH_TLS_LOOPBACK_H
#define KAESBENCH_TLS_LOOPBACK_H

#include "path/netns.h"

int kb_tls_loopback_pair(const struct kb_netns_pair *ns, int side, int *tx,
			 int *rx);

#endif /* KAESBENCH_TLS_LOOPBACK_H */
