// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The veth pair between the two namespaces and its lanes' addresses,
 * through rtnetlink (netlink/rtnl.h). The pair is made from side 0, with
 * its peer created straight into side 1 (IFLA_NET_NS_FD in the peer's
 * attributes), so that no device ever exists in the tool's own
 * namespace, even for a moment.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/netlink.h>

#include "path/link.h"
#include "netlink/rtnl.h"
#include "netlink/sock.h"

/* 10.213.0.0/16: private (RFC 1918), and unlikely to be routed anywhere. */
#define LANE_NET(lane, host) (10u << 24 | 213u << 16 | (lane) << 8 | (host))
#define LANE_PREFIX 24

static const char *const ifname[KB_SIDES] = { "kb0", "kb1" };

__attribute__((format(printf, 4, 5))) static int
fail(char *err, size_t len, int ret, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return ret;
}

/**
 * kb_link_lane_addr() - a lane's address on one side
 * @lane: 0 to KB_LINK_MAX_LANES - 1
 * @side: 0 or 1
 * @addr: filled in: 10.213.@lane.(@side + 1)
 */
void kb_link_lane_addr(unsigned int lane, int side, struct in_addr *addr)
{
	addr->s_addr = htonl(LANE_NET(lane & 0xff, (unsigned int)side + 1));
}

/**
 * kb_link_ifname() - the name of the veth device on one side
 * @side: 0 or 1
 *
 * Return: "kb0" or "kb1", NULL for another side.
 */
const char *kb_link_ifname(int side)
{
	return side >= 0 && side < KB_SIDES ? ifname[side] : NULL;
}

static int make_pair(struct kb_nl *nl, const struct kb_netns_pair *p,
		     unsigned int mtu, char *err, size_t len)
{
	int ret = kb_rtnl_add_veth(nl, ifname[0], ifname[1], p->side[1], mtu);

	if (ret == -EOPNOTSUPP || ret == -ENODEV)
		return fail(
			err, len, ret,
			"the kernel has no veth support (CONFIG_VETH, module veth): %s",
			kb_nl_reason(nl, ret));
	if (ret)
		return fail(err, len, ret,
			    "cannot make the veth pair %s/%s: %s", ifname[0],
			    ifname[1], kb_nl_reason(nl, ret));
	return 0;
}

static int find(struct kb_nl *nl, int side, const char *name, int *ifindex,
		char *err, size_t len)
{
	int ret = kb_rtnl_ifindex(nl, name, ifindex);

	if (ret)
		return fail(err, len, ret, "cannot find %s in namespace %d: %s",
			    name, side, kb_nl_reason(nl, ret));
	return 0;
}

static int set_up(struct kb_nl *nl, int side, const char *name, char *err,
		  size_t len)
{
	int ifindex, ret;

	ret = find(nl, side, name, &ifindex, err, len);
	if (ret)
		return ret;
	ret = kb_rtnl_set_up(nl, ifindex);
	if (ret)
		return fail(err, len, ret,
			    "cannot bring %s up in namespace %d: %s", name,
			    side, kb_nl_reason(nl, ret));
	return 0;
}

static int add_addr(struct kb_nl *nl, int side, int ifindex, unsigned int lane,
		    char *err, size_t len)
{
	struct in_addr in;
	char text[INET_ADDRSTRLEN];
	int ret;

	kb_link_lane_addr(lane, side, &in);
	ret = kb_rtnl_add_addr4(nl, ifindex, in, LANE_PREFIX);
	if (!ret)
		return 0;
	inet_ntop(AF_INET, &in, text, sizeof(text));
	return fail(err, len, ret, "cannot add %s/%d to %s: %s", text,
		    LANE_PREFIX, ifname[side], kb_nl_reason(nl, ret));
}

/* lo, which a new namespace has down, then the lanes' addresses, then up. */
static int configure(struct kb_nl *nl, int side, unsigned int lanes, char *err,
		     size_t len)
{
	unsigned int lane;
	int ret, ifindex;

	ret = set_up(nl, side, "lo", err, len);
	if (!ret)
		ret = find(nl, side, ifname[side], &ifindex, err, len);
	for (lane = 0; !ret && lane < lanes; lane++)
		ret = add_addr(nl, side, ifindex, lane, err, len);
	if (ret)
		return ret;
	return set_up(nl, side, ifname[side], err, len);
}

/* A routing socket made in @side, used from here. */
static int open_side(struct kb_nl *nl, const struct kb_netns_pair *p, int side)
{
	int fd = kb_netns_socket(p, side, AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);

	memset(nl, 0, sizeof(*nl));
	return fd < 0 ? fd : kb_nl_adopt(nl, fd);
}

/**
 * kb_link_make() - join the two namespaces with a veth pair
 * @p: the namespaces (kb_netns_pair_make())
 * @lanes: how many lanes to address, at most KB_LINK_MAX_LANES
 * @mtu: the MTU of both ends, or 0 for veth's default (1500)
 * @err: on failure, a sentence saying what failed
 * @len: its size
 *
 * Makes "kb0" in side 0 and its peer "kb1" in side 1, brings up both and
 * each side's loopback, and gives lane L the addresses
 * kb_link_lane_addr(L, side)/24. Everything it makes lives in the two
 * namespaces and goes with them. The calling thread enters each side to
 * open a socket there and is back in its own namespace on return.
 *
 * Return: 0, or -errno: -EINVAL for too many lanes or a pair not made,
 * -EOPNOTSUPP or -ENODEV when the kernel has no veth, or the kernel's
 * answer to the request that failed (@err names it).
 */
int kb_link_make(const struct kb_netns_pair *p, unsigned int lanes,
		 unsigned int mtu, char *err, size_t len)
{
	struct kb_nl nl;
	int side, ret;

	if (lanes > KB_LINK_MAX_LANES)
		return fail(err, len, -EINVAL, "at most %d lanes, not %u",
			    KB_LINK_MAX_LANES, lanes);
	if (!p || p->side[0] < 0 || p->side[1] < 0)
		return fail(err, len, -EINVAL,
			    "the namespaces of the link are not made");
	for (side = 0; side < KB_SIDES; side++) {
		ret = open_side(&nl, p, side);
		if (ret) {
			fail(err, len, ret,
			     "cannot open a routing netlink socket in namespace %d: %s",
			     side, strerror(-ret));
		} else {
			if (side == 0)
				ret = make_pair(&nl, p, mtu, err, len);
			if (!ret)
				ret = configure(&nl, side, lanes, err, len);
		}
		kb_nl_close(&nl);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * kb_link_loopback() - bring up the loopback of both namespaces, alone
 * @p: the namespaces (kb_netns_pair_make())
 * @err: on failure, a sentence saying what failed
 * @len: its size
 *
 * For a path whose lanes are one namespace's loopback (kTLS over TCP):
 * no veth pair, no addresses but 127.0.0.1.
 *
 * Return: 0 or a negative errno (@err says it).
 */
int kb_link_loopback(const struct kb_netns_pair *p, char *err, size_t len)
{
	struct kb_nl nl;
	int side, ret;

	for (side = 0; side < KB_SIDES; side++) {
		ret = open_side(&nl, p, side);
		if (ret)
			return fail(
				err, len, ret,
				"cannot open a routing netlink socket in namespace %d: %s",
				side, strerror(-ret));
		ret = set_up(&nl, side, "lo", err, len);
		kb_nl_close(&nl);
		if (ret)
			return ret;
	}
	return 0;
}
