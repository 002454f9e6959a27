/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A netlink socket of any family (generic, crypto_user, rtnetlink, xfrm)
 * with its receive buffer and sequence numbers, and the requests run on
 * it: each answer through ack.h's one path.
 */
#ifndef KAESBENCH_NETLINK_SOCK_H
#define KAESBENCH_NETLINK_SOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libmnl/libmnl.h>

#include "netlink/ack.h"

struct kb_nl {
	struct mnl_socket *sock;
	uint32_t portid;
	uint32_t seq;
	char *buf; /* what recvfrom() fills */
	size_t buf_len;
	char why[128]; /* the last failed request's extack message, or "" */
	bool borrowed; /* @sock is the caller's to close */
};

struct mnl_socket *kb_nl_socket(int protocol, int *err);
int kb_nl_open(struct kb_nl *nl, int protocol);
int kb_nl_adopt(struct kb_nl *nl, int fd);
int kb_nl_borrow(struct kb_nl *nl, struct mnl_socket *sock, size_t buf_len);
void kb_nl_close(struct kb_nl *nl);
struct nlmsghdr *kb_nl_put_request(struct kb_nl *nl, void *buf, uint16_t type,
				   uint16_t flags);
int kb_nl_transact(struct kb_nl *nl, const struct nlmsghdr *req,
		   struct kb_nl_reply *r);
int kb_nl_ask(struct kb_nl *nl, const struct nlmsghdr *req, mnl_cb_t cb,
	      void *data);
const char *kb_nl_reason(const struct kb_nl *nl, int error);
int kb_nl_send(struct kb_nl *nl, const struct nlmsghdr *req);
int kb_nl_recv(struct kb_nl *nl, uint32_t seq, struct kb_nl_reply *r);
int kb_nl_fd(const struct kb_nl *nl);

#endif /* KAESBENCH_NETLINK_SOCK_H */
