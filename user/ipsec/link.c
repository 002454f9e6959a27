// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The veth pair between the two namespaces and its lanes' addresses,
 * through rtnetlink (libnl-route-3). The pair is made from side 0, with
 * its peer created straight into side 1 (IFLA_NET_NS_FD in the peer's
 * attributes), so that no device ever exists in the tool's own
 * namespace, even for a moment.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <net/if.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <netlink/addr.h>
#include <netlink/route/addr.h>
#include <netlink/route/link.h>
#include <netlink/route/link/veth.h>

#include "ipsec/link.h"
#include "ipsec/nlsock.h"

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

static int make_pair(struct kb_nlsock *s, const struct kb_netns_pair *p,
		     unsigned int mtu, char *err, size_t len)
{
	struct rtnl_link *link, *peer;
	int ret;

	link = rtnl_link_veth_alloc();
	if (!link)
		return fail(err, len, -ENOMEM, "out of memory");
	peer = rtnl_link_veth_get_peer(link);
	rtnl_link_set_name(link, ifname[0]);
	rtnl_link_set_name(peer, ifname[1]);
	rtnl_link_set_ns_fd(peer, p->side[1]);
	if (mtu) {
		rtnl_link_set_mtu(link, mtu);
		rtnl_link_set_mtu(peer, mtu);
	}
	kb_nlsock_clear(s);
	ret = rtnl_link_add(s->sk, link, NLM_F_CREATE | NLM_F_EXCL);
	rtnl_link_put(peer);
	rtnl_link_veth_release(link);
	if (ret >= 0)
		return 0;
	ret = kb_nlsock_errno(s, ret);
	if (ret == -EOPNOTSUPP || ret == -ENODEV)
		return fail(
			err, len, ret,
			"the kernel has no veth support (CONFIG_VETH, module veth): %s",
			kb_nlsock_reason(s, ret));
	return fail(err, len, ret, "cannot make the veth pair %s/%s: %s",
		    ifname[0], ifname[1], kb_nlsock_reason(s, ret));
}

static int set_up(struct kb_nlsock *s, int side, const char *name, char *err,
		  size_t len)
{
	struct rtnl_link *link, *change;
	int ret;

	kb_nlsock_clear(s);
	ret = rtnl_link_get_kernel(s->sk, 0, name, &link);
	if (ret < 0) {
		ret = kb_nlsock_errno(s, ret);
		return fail(err, len, ret, "cannot find %s in namespace %d: %s",
			    name, side, kb_nlsock_reason(s, ret));
	}
	change = rtnl_link_alloc();
	if (!change) {
		rtnl_link_put(link);
		return fail(err, len, -ENOMEM, "out of memory");
	}
	rtnl_link_set_flags(change, IFF_UP);
	kb_nlsock_clear(s);
	ret = rtnl_link_change(s->sk, link, change, 0);
	rtnl_link_put(change);
	rtnl_link_put(link);
	if (ret >= 0)
		return 0;
	ret = kb_nlsock_errno(s, ret);
	return fail(err, len, ret, "cannot bring %s up in namespace %d: %s",
		    name, side, kb_nlsock_reason(s, ret));
}

static int add_addr(struct kb_nlsock *s, int side, int ifindex,
		    unsigned int lane, char *err, size_t len)
{
	struct rtnl_addr *ra;
	struct nl_addr *local;
	struct in_addr in;
	char text[INET_ADDRSTRLEN];
	int ret;

	kb_link_lane_addr(lane, side, &in);
	inet_ntop(AF_INET, &in, text, sizeof(text));
	ra = rtnl_addr_alloc();
	local = nl_addr_build(AF_INET, &in, sizeof(in));
	if (!ra || !local) {
		if (ra)
			rtnl_addr_put(ra);
		return fail(err, len, -ENOMEM, "out of memory");
	}
	nl_addr_set_prefixlen(local, LANE_PREFIX);
	rtnl_addr_set_ifindex(ra, ifindex);
	/* It takes the prefix length from @local. */
	ret = rtnl_addr_set_local(ra, local);
	nl_addr_put(local);
	if (ret >= 0) {
		kb_nlsock_clear(s);
		ret = rtnl_addr_add(s->sk, ra, 0);
	}
	rtnl_addr_put(ra);
	if (ret >= 0)
		return 0;
	ret = kb_nlsock_errno(s, ret);
	return fail(err, len, ret, "cannot add %s/%d to %s: %s", text,
		    LANE_PREFIX, ifname[side], kb_nlsock_reason(s, ret));
}

/* lo, which a new namespace has down, then the lanes' addresses, then up. */
static int configure(struct kb_nlsock *s, int side, unsigned int lanes,
		     char *err, size_t len)
{
	struct rtnl_link *link;
	unsigned int lane;
	int ret, ifindex;

	ret = set_up(s, side, "lo", err, len);
	if (ret)
		return ret;
	kb_nlsock_clear(s);
	ret = rtnl_link_get_kernel(s->sk, 0, ifname[side], &link);
	if (ret < 0) {
		ret = kb_nlsock_errno(s, ret);
		return fail(err, len, ret, "cannot find %s in namespace %d: %s",
			    ifname[side], side, kb_nlsock_reason(s, ret));
	}
	ifindex = rtnl_link_get_ifindex(link);
	rtnl_link_put(link);
	for (lane = 0; lane < lanes; lane++) {
		ret = add_addr(s, side, ifindex, lane, err, len);
		if (ret)
			return ret;
	}
	return set_up(s, side, ifname[side], err, len);
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
	struct kb_nlsock s;
	int side, ret;

	if (lanes > KB_LINK_MAX_LANES)
		return fail(err, len, -EINVAL, "at most %d lanes, not %u",
			    KB_LINK_MAX_LANES, lanes);
	if (!p || p->side[0] < 0 || p->side[1] < 0)
		return fail(err, len, -EINVAL,
			    "the namespaces of the link are not made");
	for (side = 0; side < KB_SIDES; side++) {
		ret = kb_nlsock_open(&s, p, side, NETLINK_ROUTE);
		if (ret) {
			fail(err, len, ret,
			     "cannot open a routing netlink socket in namespace %d: %s",
			     side, strerror(-ret));
		} else {
			if (side == 0)
				ret = make_pair(&s, p, mtu, err, len);
			if (!ret)
				ret = configure(&s, side, lanes, err, len);
		}
		kb_nlsock_close(&s);
		if (ret)
			return ret;
	}
	return 0;
}
