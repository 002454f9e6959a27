/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A generic netlink family as the controller (nlctrl) describes it: its
 * id, its version and the commands it offers.
 */
#ifndef KAESBENCH_NETLINK_GENL_FAMILY_H
#define KAESBENCH_NETLINK_GENL_FAMILY_H

#include <stdbool.h>
#include <stdint.h>

#include <libmnl/libmnl.h>

#include "netlink/sock.h"

struct kb_nl_family {
	uint16_t id;
	uint32_t version;
	uint32_t ops[256 / 32]; /* bitmap of the command ids it offers */
};

int kb_nl_family_cb(const struct nlmsghdr *nlh, void *family);
int kb_nl_family_get(struct kb_nl *nl, const char *name, struct kb_nl_family *f,
		     struct kb_nl_reply *r);
struct nlmsghdr *kb_nl_genl_request(struct kb_nl *nl, void *buf,
				    uint16_t family, uint16_t flags,
				    uint8_t cmd, uint8_t version);

#endif /* KAESBENCH_NETLINK_GENL_FAMILY_H */
