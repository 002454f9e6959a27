/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * rtnetlink (NETLINK_ROUTE): the few requests that make a veth pair and
 * address it, and an ovpn device. Each builds its message in the socket's buffer (the
 * kb_rtnl_put_*() functions, apart for the tests) and runs it through
 * kb_nl_ask(): 0 or the kernel's -errno, its extack kept for
 * kb_nl_reason().
 */
#ifndef KAESBENCH_NETLINK_RTNL_H
#define KAESBENCH_NETLINK_RTNL_H

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>

#include "netlink/sock.h"

struct nlmsghdr *kb_rtnl_put_veth(struct kb_nl *nl, void *buf, const char *name,
				  const char *peer, int peer_netns_fd,
				  unsigned int mtu);
struct nlmsghdr *kb_rtnl_put_addr4(struct kb_nl *nl, void *buf, int ifindex,
				   struct in_addr addr, unsigned int prefix);
int kb_rtnl_add_veth(struct kb_nl *nl, const char *name, const char *peer,
		     int peer_netns_fd, unsigned int mtu);
int kb_rtnl_ifindex(struct kb_nl *nl, const char *name, int *ifindex);
int kb_rtnl_set_up(struct kb_nl *nl, int ifindex);
int kb_rtnl_add_addr4(struct kb_nl *nl, int ifindex, struct in_addr addr,
		      unsigned int prefix);
struct nlmsghdr *kb_rtnl_put_ovpn(struct kb_nl *nl, void *buf, const char *name,
				  unsigned int mtu);
int kb_rtnl_ovpn_link_new(struct mnl_socket *rtnl, const char *ifname,
			  unsigned int mtu, unsigned int *ifindex, char *err,
			  size_t len);
struct nlmsghdr *kb_rtnl_put_del_link(struct kb_nl *nl, void *buf, int ifindex);
int kb_rtnl_del_link(struct kb_nl *nl, int ifindex);

#endif /* KAESBENCH_NETLINK_RTNL_H */
