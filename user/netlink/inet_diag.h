/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * sock_diag (NETLINK_SOCK_DIAG): one TCP socket of the namespace a
 * netlink socket was made in, found by its addresses, and what its
 * upper-layer protocol (TCP_ULP: "tls", "mptcp") says of it. The
 * request is built apart (kb_inet_diag_put_request()) and the answer
 * parsed apart (kb_inet_diag_parse()), for the tests.
 *
 * The answer, as net/ipv4/inet_diag.c and tcp_diag.c send it:
 *   struct inet_diag_msg (the socket's addresses, state, inode)
 *   INET_DIAG_ULP_INFO                  nested, when the socket has a ULP
 *                                       (before Linux 6.15, only to a
 *                                       caller with CAP_NET_ADMIN)
 *     INET_ULP_INFO_NAME                string: "tls"
 *     INET_ULP_INFO_TLS                 nested, "tls" only
 *       TLS_INFO_VERSION                u16, once keys are set
 *       TLS_INFO_CIPHER                 u16, once keys are set
 *       TLS_INFO_TXCONF, TLS_INFO_RXCONF u16: TLS_CONF_*
 *       TLS_INFO_ZC_RO_TX               flag (reported with a NIC's TX)
 *       TLS_INFO_RX_NO_PAD              flag (Linux 6.0 and later)
 * Other attributes (INET_DIAG_INFO's tcp_info, ...) are passed over.
 */
#ifndef KAESBENCH_NETLINK_INET_DIAG_H
#define KAESBENCH_NETLINK_INET_DIAG_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/socket.h>

#include "netlink/sock.h"

/* The longest ULP name the kernel has (TCP_ULP_NAME_MAX), with its NUL. */
#define KB_DIAG_ULP_NAME 16

/* What kTLS says of a socket (INET_ULP_INFO_TLS). */
struct kb_diag_tls {
	bool present; /* the nest was sent */
	uint16_t version; /* TLS_1_2_VERSION, ...; 0 before any key */
	uint16_t cipher; /* TLS_CIPHER_*; 0 before any key */
	int tx; /* TLS_CONF_BASE, _SW, _HW, _HW_RECORD; -1 not sent */
	int rx;
	bool zc_ro_tx; /* TLS_INFO_ZC_RO_TX */
	bool rx_no_pad; /* TLS_INFO_RX_NO_PAD */
};

/* One TCP socket as sock_diag describes it. */
struct kb_diag_ulp {
	uint32_t inode; /* the socket's, as fstat() gives it */
	uint8_t state; /* TCP_ESTABLISHED, ... */
	char name[KB_DIAG_ULP_NAME]; /* INET_ULP_INFO_NAME, "" for none */
	struct kb_diag_tls tls;
};

struct nlmsghdr *kb_inet_diag_put_request(struct kb_nl *nl, void *buf,
					  const struct sockaddr *local,
					  const struct sockaddr *peer);
int kb_inet_diag_parse(const struct nlmsghdr *nlh, struct kb_diag_ulp *u);
int kb_inet_diag_ulp(struct kb_nl *nl, const struct sockaddr *local,
		     const struct sockaddr *peer, struct kb_diag_ulp *u);

#endif /* KAESBENCH_NETLINK_INET_DIAG_H */
