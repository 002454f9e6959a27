/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The same records through userspace OpenSSL: a TLS client and server
 * in this process, over a TCP connection on the session's loopback,
 * after a real handshake with the suite and version asked for, records
 * written with SSL_write() and read with SSL_read() (OpenSSL's own kTLS
 * off): what an application gets without kTLS, measured beside it.
 */
#ifndef KAESBENCH_TLS_USER_TLS_H
#define KAESBENCH_TLS_USER_TLS_H

#include <stddef.h>

#include "path/netns.h"
#include "path/traffic.h"
#include "tls/tls.h"

struct kb_tls_user;

/*
 * In namespace @side of @ns (NULL: the caller's own, for the unit
 * tests), whose loopback is up; a negative errno with a sentence in
 * @err: -ENOENT when libssl or libcrypto cannot be loaded.
 */
int kb_tls_user_open(const struct kb_netns_pair *ns, int side,
		     const struct kb_tls_front *f, struct kb_tls_user **u,
		     char *err, size_t len);
int kb_tls_user_run(struct kb_tls_user *u, const struct kb_traffic_opts *o,
		    struct kb_traffic_result *r);
/*
 * What the last run failed on, or NULL: an OpenSSL error (the
 * run returned -EIO), a stall (records counted lost), a size refused
 * (-EINVAL), or a connection an earlier run left mid-record (-EPIPE:
 * open another).
 */
const char *kb_tls_user_error(const struct kb_tls_user *u);
void kb_tls_user_close(struct kb_tls_user *u);
/* "OpenSSL 3.0.19 19 Aug 2025 (libssl.so.3)", or why it is missing. */
const char *kb_tls_user_version(void);

#endif /* KAESBENCH_TLS_USER_TLS_H */
