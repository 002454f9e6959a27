// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * rtnetlink requests, written from the kernel's family specs
 * (Documentation/netlink/specs/rt_link.yaml: newlink, getlink;
 * rt_addr.yaml: newaddr). The specs of 6.12 do not list veth's
 * IFLA_INFO_DATA: its one attribute, VETH_INFO_PEER, is taken from
 * include/uapi/linux/veth.h and veth_newlink(), an ifinfomsg followed by
 * the peer's own link attributes, as the spec lays out netkit's
 * peer-info. ovpn's IFLA_INFO_DATA, IFLA_OVPN_MODE, is the spec's
 * linkinfo-ovpn-attrs (netlink/ovpn_uapi.h where the system's headers
 * predate it).
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/if.h>
#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/veth.h>

#include "netlink/ovpn_uapi.h"
#include "netlink/rtnl.h"

/* The link attributes both ends of the pair get: a name, an MTU. */
static void put_link_attrs(struct nlmsghdr *nlh, const char *name,
			   unsigned int mtu)
{
	mnl_attr_put_strz(nlh, IFLA_IFNAME, name);
	if (mtu)
		mnl_attr_put_u32(nlh, IFLA_MTU, mtu);
}

/**
 * kb_rtnl_put_veth() - build the request that makes a veth pair
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes
 * @name: the device made where @nl's namespace is
 * @peer: its peer's name
 * @peer_netns_fd: the namespace the peer is made in (IFLA_NET_NS_FD in
 *		   the peer's attributes), or -1 for @name's
 * @mtu: of both ends, or 0 for veth's default
 *
 * RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL: an existing @name fails.
 *
 * Return: the request.
 */
struct nlmsghdr *kb_rtnl_put_veth(struct kb_nl *nl, void *buf, const char *name,
				  const char *peer, int peer_netns_fd,
				  unsigned int mtu)
{
	struct nlmsghdr *nlh;
	struct nlattr *info, *data, *peer_attr;
	struct ifinfomsg *ifi;

	nlh = kb_nl_put_request(nl, buf, RTM_NEWLINK,
				NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK);
	ifi = mnl_nlmsg_put_extra_header(nlh, sizeof(*ifi));
	ifi->ifi_family = AF_UNSPEC;
	put_link_attrs(nlh, name, mtu);
	info = mnl_attr_nest_start(nlh, IFLA_LINKINFO);
	mnl_attr_put_strz(nlh, IFLA_INFO_KIND, "veth");
	data = mnl_attr_nest_start(nlh, IFLA_INFO_DATA);
	peer_attr = mnl_attr_nest_start(nlh, VETH_INFO_PEER);
	ifi = mnl_nlmsg_put_extra_header(nlh, sizeof(*ifi));
	ifi->ifi_family = AF_UNSPEC;
	put_link_attrs(nlh, peer, mtu);
	if (peer_netns_fd >= 0)
		mnl_attr_put_u32(nlh, IFLA_NET_NS_FD, peer_netns_fd);
	mnl_attr_nest_end(nlh, peer_attr);
	mnl_attr_nest_end(nlh, data);
	mnl_attr_nest_end(nlh, info);
	return nlh;
}

/**
 * kb_rtnl_add_veth() - make a veth pair
 * @nl: a NETLINK_ROUTE socket, in the namespace @name belongs to
 * @name: as kb_rtnl_put_veth() takes them
 * @peer: ditto
 * @peer_netns_fd: ditto
 * @mtu: ditto
 *
 * Return: 0 or the kernel's -errno: -EOPNOTSUPP when it has no veth,
 * -EEXIST when @name is taken.
 */
int kb_rtnl_add_veth(struct kb_nl *nl, const char *name, const char *peer,
		     int peer_netns_fd, unsigned int mtu)
{
	return kb_nl_ask(nl,
			 kb_rtnl_put_veth(nl, nl->buf, name, peer,
					  peer_netns_fd, mtu),
			 NULL, NULL);
}

static int link_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct ifinfomsg *ifi = mnl_nlmsg_get_payload(nlh);
	int *ifindex = data;

	if (nlh->nlmsg_type != RTM_NEWLINK ||
	    mnl_nlmsg_get_payload_len(nlh) < sizeof(*ifi))
		return MNL_CB_OK;
	*ifindex = ifi->ifi_index;
	return MNL_CB_OK;
}

/**
 * kb_rtnl_ifindex() - a device's index by its name
 * @nl: a NETLINK_ROUTE socket, in the device's namespace
 * @name: the device's name
 * @ifindex: filled in
 *
 * Return: 0, or the kernel's -errno: -ENODEV when there is no such device.
 */
int kb_rtnl_ifindex(struct kb_nl *nl, const char *name, int *ifindex)
{
	struct nlmsghdr *nlh;
	struct ifinfomsg *ifi;
	int ret;

	*ifindex = 0;
	nlh = kb_nl_put_request(nl, nl->buf, RTM_GETLINK, NLM_F_ACK);
	ifi = mnl_nlmsg_put_extra_header(nlh, sizeof(*ifi));
	ifi->ifi_family = AF_UNSPEC;
	mnl_attr_put_strz(nlh, IFLA_IFNAME, name);
	ret = kb_nl_ask(nl, nlh, link_cb, ifindex);
	if (!ret && *ifindex <= 0)
		ret = -ENODEV;
	return ret;
}

/**
 * kb_rtnl_set_up() - bring a device up
 * @nl: a NETLINK_ROUTE socket, in the device's namespace
 * @ifindex: the device
 *
 * Return: 0 or the kernel's -errno.
 */
int kb_rtnl_set_up(struct kb_nl *nl, int ifindex)
{
	struct nlmsghdr *nlh;
	struct ifinfomsg *ifi;

	nlh = kb_nl_put_request(nl, nl->buf, RTM_NEWLINK, NLM_F_ACK);
	ifi = mnl_nlmsg_put_extra_header(nlh, sizeof(*ifi));
	ifi->ifi_family = AF_UNSPEC;
	ifi->ifi_index = ifindex;
	ifi->ifi_flags = IFF_UP;
	ifi->ifi_change = IFF_UP;
	return kb_nl_ask(nl, nlh, NULL, NULL);
}

/**
 * kb_rtnl_put_addr4() - build the request that gives a device an address
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes
 * @ifindex: the device
 * @addr: the IPv4 address, local and of the prefix (IFA_LOCAL and
 *	  IFA_ADDRESS both, as for a device that is not point-to-point)
 * @prefix: its prefix length
 *
 * RTM_NEWADDR, NLM_F_CREATE, scope universe.
 *
 * Return: the request.
 */
struct nlmsghdr *kb_rtnl_put_addr4(struct kb_nl *nl, void *buf, int ifindex,
				   struct in_addr addr, unsigned int prefix)
{
	struct nlmsghdr *nlh;
	struct ifaddrmsg *ifa;

	nlh = kb_nl_put_request(nl, buf, RTM_NEWADDR, NLM_F_CREATE | NLM_F_ACK);
	ifa = mnl_nlmsg_put_extra_header(nlh, sizeof(*ifa));
	ifa->ifa_family = AF_INET;
	ifa->ifa_prefixlen = prefix;
	ifa->ifa_scope = RT_SCOPE_UNIVERSE;
	ifa->ifa_index = ifindex;
	mnl_attr_put(nlh, IFA_LOCAL, sizeof(addr), &addr);
	mnl_attr_put(nlh, IFA_ADDRESS, sizeof(addr), &addr);
	return nlh;
}

/**
 * kb_rtnl_add_addr4() - give a device an IPv4 address
 * @nl: a NETLINK_ROUTE socket, in the device's namespace
 * @ifindex: as kb_rtnl_put_addr4() takes them
 * @addr: ditto
 * @prefix: ditto
 *
 * Return: 0 or the kernel's -errno: -EEXIST when the device has it.
 */
int kb_rtnl_add_addr4(struct kb_nl *nl, int ifindex, struct in_addr addr,
		      unsigned int prefix)
{
	return kb_nl_ask(nl,
			 kb_rtnl_put_addr4(nl, nl->buf, ifindex, addr, prefix),
			 NULL, NULL);
}

/**
 * kb_rtnl_put_ovpn() - build the request that makes an ovpn device
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes
 * @name: the device, made where @nl's namespace is
 * @mtu: its MTU, or 0 for ovpn's default
 *
 * RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, kind "ovpn" in point-to-point
 * mode (IFLA_OVPN_MODE): one peer, no VPN address per peer.
 *
 * Return: the request.
 */
struct nlmsghdr *kb_rtnl_put_ovpn(struct kb_nl *nl, void *buf, const char *name,
				  unsigned int mtu)
{
	struct nlattr *info, *data;
	struct nlmsghdr *nlh;
	struct ifinfomsg *ifi;

	nlh = kb_nl_put_request(nl, buf, RTM_NEWLINK,
				NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK);
	ifi = mnl_nlmsg_put_extra_header(nlh, sizeof(*ifi));
	ifi->ifi_family = AF_UNSPEC;
	put_link_attrs(nlh, name, mtu);
	info = mnl_attr_nest_start(nlh, IFLA_LINKINFO);
	mnl_attr_put_strz(nlh, IFLA_INFO_KIND, "ovpn");
	data = mnl_attr_nest_start(nlh, IFLA_INFO_DATA);
	mnl_attr_put_u8(nlh, IFLA_OVPN_MODE, OVPN_MODE_P2P);
	mnl_attr_nest_end(nlh, data);
	mnl_attr_nest_end(nlh, info);
	return nlh;
}

/**
 * kb_rtnl_ovpn_link_new() - make an ovpn device and find its index
 * @rtnl: a NETLINK_ROUTE socket, bound, in the device's namespace
 * @ifname: as kb_rtnl_put_ovpn() takes them
 * @mtu: ditto
 * @ifindex: set to the device's index
 * @err: the sentence of a failure, the kernel's extack message in it
 * @len: its size
 *
 * The kind loads no module: find the ovpn family first (kb_ovpn_open()),
 * which does. The device is left down.
 *
 * Return: 0 or -errno: -EOPNOTSUPP when the kernel has no ovpn devices
 * (no module, or not loaded), -EEXIST when @ifname is taken, -ENOMEM.
 */
int kb_rtnl_ovpn_link_new(struct mnl_socket *rtnl, const char *ifname,
			  unsigned int mtu, unsigned int *ifindex, char *err,
			  size_t len)
{
	int ret, index = 0;
	struct kb_nl nl;

	ret = kb_nl_borrow(&nl, rtnl, 0);
	if (!ret)
		ret = kb_nl_ask(&nl, kb_rtnl_put_ovpn(&nl, nl.buf, ifname, mtu),
				NULL, NULL);
	if (!ret)
		ret = kb_rtnl_ifindex(&nl, ifname, &index);
	if (!ret || !err || !len)
		;
	else if (ret == -EOPNOTSUPP)
		snprintf(
			err, len,
			"cannot make ovpn device %s: the kernel has no device kind \"ovpn\" (%s; is its module loaded?)",
			ifname, kb_nl_reason(&nl, ret));
	else
		snprintf(err, len, "cannot make ovpn device %s: %s", ifname,
			 kb_nl_reason(&nl, ret));
	kb_nl_close(&nl);
	*ifindex = index;
	return ret;
}

/**
 * kb_rtnl_put_del_link() - build the request that deletes a device
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes
 * @ifindex: the device
 *
 * RTM_DELLINK; a veth's peer goes with it.
 *
 * Return: the request.
 */
struct nlmsghdr *kb_rtnl_put_del_link(struct kb_nl *nl, void *buf, int ifindex)
{
	struct nlmsghdr *nlh =
		kb_nl_put_request(nl, buf, RTM_DELLINK, NLM_F_ACK);
	struct ifinfomsg *ifi;

	ifi = mnl_nlmsg_put_extra_header(nlh, sizeof(*ifi));
	ifi->ifi_family = AF_UNSPEC;
	ifi->ifi_index = ifindex;
	return nlh;
}

/**
 * kb_rtnl_del_link() - delete a device
 * @nl: a NETLINK_ROUTE socket, in the device's namespace
 * @ifindex: the device
 *
 * An ovpn device's peers go with it, and with them its hold on their
 * sockets and keys.
 *
 * Return: 0 or the kernel's -errno: -ENODEV when there is no such device.
 */
int kb_rtnl_del_link(struct kb_nl *nl, int ifindex)
{
	return kb_nl_ask(nl, kb_rtnl_put_del_link(nl, nl->buf, ifindex), NULL,
			 NULL);
}
