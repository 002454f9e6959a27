/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The veth pair between the two namespaces, and the lanes on it: a lane is
 * a pair of IPv4 addresses, 10.213.LANE.1 on side 0 and 10.213.LANE.2 on
 * side 1, so that each lane can have SAs and policies of its own (the
 * measured tunnel, the two halves of the differential check, plaintext).
 */
#ifndef KAESBENCH_PATH_LINK_H
#define KAESBENCH_PATH_LINK_H

#include <netinet/in.h>
#include <stddef.h>

#include "path/netns.h"

#define KB_LINK_MAX_LANES 8

void kb_link_lane_addr(unsigned int lane, int side, struct in_addr *addr);
const char *kb_link_ifname(int side);
int kb_link_make(const struct kb_netns_pair *p, unsigned int lanes,
		 unsigned int mtu, char *err, size_t len);
int kb_link_loopback(const struct kb_netns_pair *p, char *err, size_t len);

#endif /* KAESBENCH_PATH_LINK_H */
