/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ethtool's generic netlink family (Documentation/netlink/specs/
 * ethtool.yaml): which interfaces of the network namespace a socket was
 * made in offer, or have on, the features a caller names
 * ("tls-hw-tx-offload"). One ETHTOOL_MSG_FEATURES_GET dump, which needs
 * no privilege; its bitsets asked verbose, so that every feature comes
 * with its name and no table of bit numbers is kept here.
 *
 * Each answer, as net/ethtool/features.c sends it:
 *   ETHTOOL_A_FEATURES_HEADER            nested
 *     ETHTOOL_A_HEADER_DEV_NAME          string: "eth0"
 *   ETHTOOL_A_FEATURES_HW                bitset: the features one can
 *                                        turn on or off (a value/mask pair)
 *   ETHTOOL_A_FEATURES_ACTIVE            bitset: those on (a list)
 *   (ETHTOOL_A_FEATURES_WANTED, _NOCHANGE are passed over)
 * a bitset:
 *   ETHTOOL_A_BITSET_NOMASK              flag: a list, each bit named is on
 *   ETHTOOL_A_BITSET_BITS                nested, verbose only
 *     ETHTOOL_A_BITSET_BITS_BIT          nested, one a feature
 *       ETHTOOL_A_BITSET_BIT_NAME        string
 *       ETHTOOL_A_BITSET_BIT_VALUE       flag: set in a value/mask pair
 * A compact bitset (ETHTOOL_A_BITSET_VALUE, _MASK) names nothing and says
 * nothing here.
 */
#ifndef KAESBENCH_NETLINK_ETHTOOL_FEATURES_H
#define KAESBENCH_NETLINK_ETHTOOL_FEATURES_H

#include <net/if.h>
#include <stddef.h>
#include <stdint.h>

#include <libmnl/libmnl.h>

#include "netlink/sock.h"

/* The most features one question names: a bit each of a u32. */
#define KB_ETHTOOL_NAMES 32

/* An interface having some of the features asked about. */
struct kb_ethtool_iface {
	char name[IF_NAMESIZE];
	/*
	 * Bit n: the question's @names[n] is offered, among those one can
	 * change or on (a feature on that cannot be turned off is not
	 * among the changeable ones), and on.
	 */
	uint32_t offered;
	uint32_t on;
};

/* Which interfaces offer, or have on, the features named so. */
struct kb_ethtool_features {
	const char *const *names; /* ethtool's names: "tls-hw-tx-offload" */
	size_t nnames; /* at most KB_ETHTOOL_NAMES */
	struct kb_ethtool_iface *iface; /* the caller's room for the first */
	size_t room; /* of them */
	size_t seen; /* interfaces ethtool answered for */
	size_t count; /* those offering any of @names, beyond @room too */
};

int kb_ethtool_features_cb(const struct nlmsghdr *nlh, void *features);
int kb_ethtool_features_get(struct kb_nl *nl, struct kb_ethtool_features *f);

#endif /* KAESBENCH_NETLINK_ETHTOOL_FEATURES_H */
