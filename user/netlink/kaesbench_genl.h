/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Talking to the kaesbench generic netlink family, over the netlink
 * layer's socket and its one error path. Every function here prints its
 * own error message, so callers only pick an exit status.
 */
#ifndef KAESBENCH_NETLINK_KAESBENCH_GENL_H
#define KAESBENCH_NETLINK_KAESBENCH_GENL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <libmnl/libmnl.h>

#include "netlink/ack.h"
#include "netlink/genl_family.h"
#include "netlink/sock.h"

struct kb_genl {
	struct kb_nl nl;
	uint16_t family;
	uint32_t version;
	uint32_t ops[256 / 32]; /* bitmap of command ids the module offers */
};

/* Returned by kb_genl_dump() when the kernel flagged the dump inconsistent */
#define KB_GENL_DUMP_INTR 1

int kb_genl_open(struct kb_genl *g);
int kb_genl_try_open(struct kb_genl *g);
void kb_genl_close(struct kb_genl *g);
bool kb_genl_has_op(const struct kb_genl *g, uint8_t cmd);
int kb_genl_require_op(const struct kb_genl *g, uint8_t cmd, const char *name);
int kb_genl_dump(struct kb_genl *g, uint8_t cmd, mnl_cb_t cb, void *data,
		 const char *what);
struct nlmsghdr *kb_genl_request(struct kb_genl *g, void *buf, uint8_t cmd,
				 uint16_t flags);
int kb_genl_send(struct kb_genl *g, const struct nlmsghdr *nlh);
int kb_genl_recv(struct kb_genl *g, uint32_t seq, struct kb_nl_reply *r);
int kb_genl_fd(const struct kb_genl *g);

#endif /* KAESBENCH_NETLINK_KAESBENCH_GENL_H */
