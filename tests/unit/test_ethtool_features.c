// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ethtool's features (netlink/ethtool_features.c) without a kernel: its
 * answers to FEATURES_GET built by hand as net/ethtool/features.c writes
 * them (verbose bitsets: the changeable features a value/mask pair
 * naming every feature, the active ones a list), asked about kTLS's two
 * offload features: an interface offering tls-hw-tx-offload (on) and
 * tls-hw-rx-offload (off), one offering neither, one with a feature on
 * that cannot be changed, one answered in compact bitsets, an answer of
 * the wrong shape refused, more interfaces than room, another command's
 * message passed over, and a question of other names.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <libmnl/libmnl.h>
#include <linux/ethtool_netlink.h>
#include <linux/genetlink.h>

#include "netlink/ethtool_features.h"

#define ROOM 4

static const char *const tls_names[] = {
	"tls-hw-tx-offload",
	"tls-hw-rx-offload",
};

static struct kb_ethtool_iface iface[ROOM];

/* A question of kTLS's two features, with room for ROOM interfaces. */
static struct kb_ethtool_features question(void)
{
	struct kb_ethtool_features q = {
		.names = tls_names,
		.nnames = 2,
		.iface = iface,
		.room = ROOM,
	};

	memset(iface, 0, sizeof(iface));
	return q;
}

/* A feature of a verbose bitset: its name, and its value flag if set. */
static void put_bit(struct nlmsghdr *nlh, uint32_t index, const char *name,
		    bool value)
{
	struct nlattr *bit =
		mnl_attr_nest_start(nlh, ETHTOOL_A_BITSET_BITS_BIT);

	mnl_attr_put_u32(nlh, ETHTOOL_A_BITSET_BIT_INDEX, index);
	mnl_attr_put_strz(nlh, ETHTOOL_A_BITSET_BIT_NAME, name);
	if (value)
		mnl_attr_put(nlh, ETHTOOL_A_BITSET_BIT_VALUE, 0, NULL);
	mnl_attr_nest_end(nlh, bit);
}

/* What an interface has: each of the two features offered and on. */
struct iface {
	const char *name;
	bool tx_hw, tx_on, rx_hw, rx_on;
};

/* ETHTOOL_A_FEATURES_HW: every feature named, the device's with a value. */
static void put_hw(struct nlmsghdr *nlh, const struct iface *i)
{
	struct nlattr *set = mnl_attr_nest_start(nlh, ETHTOOL_A_FEATURES_HW);
	struct nlattr *bits;

	mnl_attr_put_u32(nlh, ETHTOOL_A_BITSET_SIZE, 66);
	bits = mnl_attr_nest_start(nlh, ETHTOOL_A_BITSET_BITS);
	put_bit(nlh, 0, "tx-scatter-gather", true);
	put_bit(nlh, 55, "tls-hw-tx-offload", i->tx_hw);
	put_bit(nlh, 56, "tls-hw-rx-offload", i->rx_hw);
	mnl_attr_nest_end(nlh, bits);
	mnl_attr_nest_end(nlh, set);
}

/* ETHTOOL_A_FEATURES_ACTIVE: a list, only the features that are on. */
static void put_active(struct nlmsghdr *nlh, const struct iface *i)
{
	struct nlattr *set =
		mnl_attr_nest_start(nlh, ETHTOOL_A_FEATURES_ACTIVE);
	struct nlattr *bits;

	mnl_attr_put(nlh, ETHTOOL_A_BITSET_NOMASK, 0, NULL);
	mnl_attr_put_u32(nlh, ETHTOOL_A_BITSET_SIZE, 66);
	bits = mnl_attr_nest_start(nlh, ETHTOOL_A_BITSET_BITS);
	put_bit(nlh, 0, "tx-scatter-gather", false);
	if (i->tx_on)
		put_bit(nlh, 55, "tls-hw-tx-offload", false);
	if (i->rx_on)
		put_bit(nlh, 56, "tls-hw-rx-offload", false);
	mnl_attr_nest_end(nlh, bits);
	mnl_attr_nest_end(nlh, set);
}

static struct nlmsghdr *reply(char *buf, const char *name)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;
	struct nlattr *hdr;

	nlh->nlmsg_type = 0x15;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = ETHTOOL_MSG_FEATURES_GET_REPLY;
	genl->version = ETHTOOL_GENL_VERSION;
	hdr = mnl_attr_nest_start(nlh, ETHTOOL_A_FEATURES_HEADER);
	mnl_attr_put_u32(nlh, ETHTOOL_A_HEADER_DEV_INDEX, 2);
	mnl_attr_put_strz(nlh, ETHTOOL_A_HEADER_DEV_NAME, name);
	mnl_attr_nest_end(nlh, hdr);
	return nlh;
}

static int answer(const struct iface *i, struct kb_ethtool_features *n)
{
	char buf[4096];
	struct nlmsghdr *nlh = reply(buf, i->name);

	put_hw(nlh, i);
	put_active(nlh, i);
	return kb_ethtool_features_cb(nlh, n);
}

/* Bit n of a kb_ethtool_iface's masks: the question's names[n]. */
#define TX 1U
#define RX 2U

static void test_features(void **state)
{
	static const struct iface lo = { .name = "lo" };
	static const struct iface nic = { "eth1", true, true, true, false };
	static const struct iface fixed = { "eth2", false, true, false, false };
	struct kb_ethtool_features n = question();

	(void)state;
	assert_int_equal(answer(&lo, &n), MNL_CB_OK);
	assert_int_equal(n.seen, 1);
	assert_int_equal(n.count, 0);
	assert_int_equal(answer(&nic, &n), MNL_CB_OK);
	assert_int_equal(answer(&fixed, &n), MNL_CB_OK);
	assert_int_equal(n.seen, 3);
	assert_int_equal(n.count, 2);
	assert_string_equal(iface[0].name, "eth1");
	assert_int_equal(iface[0].offered, TX | RX);
	assert_int_equal(iface[0].on, TX);
	/* On, though not among the features one can change. */
	assert_string_equal(iface[1].name, "eth2");
	assert_int_equal(iface[1].offered, TX);
	assert_int_equal(iface[1].on, TX);
}

/* Compact bitsets name nothing: the interface is counted, no more. */
static void test_features_compact(void **state)
{
	static const uint32_t words[3] = { 1, 3U << 23, 0 };
	struct kb_ethtool_features n = question();
	struct nlattr *set;
	struct nlmsghdr *nlh;
	char buf[4096];

	(void)state;
	nlh = reply(buf, "eth3");
	set = mnl_attr_nest_start(nlh, ETHTOOL_A_FEATURES_ACTIVE);
	mnl_attr_put(nlh, ETHTOOL_A_BITSET_NOMASK, 0, NULL);
	mnl_attr_put_u32(nlh, ETHTOOL_A_BITSET_SIZE, 66);
	mnl_attr_put(nlh, ETHTOOL_A_BITSET_VALUE, sizeof(words), words);
	mnl_attr_nest_end(nlh, set);
	assert_int_equal(kb_ethtool_features_cb(nlh, &n), MNL_CB_OK);
	assert_int_equal(n.seen, 1);
	assert_int_equal(n.count, 0);
}

/* A bit's name that is not a string: the answer is refused. */
static void test_features_bad(void **state)
{
	struct kb_ethtool_features n = question();
	struct nlattr *set, *bits, *bit;
	struct nlmsghdr *nlh;
	char buf[4096];
	uint32_t word = 0x41414141; /* "AAAA", no NUL */

	(void)state;
	nlh = reply(buf, "eth4");
	set = mnl_attr_nest_start(nlh, ETHTOOL_A_FEATURES_HW);
	bits = mnl_attr_nest_start(nlh, ETHTOOL_A_BITSET_BITS);
	bit = mnl_attr_nest_start(nlh, ETHTOOL_A_BITSET_BITS_BIT);
	mnl_attr_put(nlh, ETHTOOL_A_BITSET_BIT_NAME, sizeof(word), &word);
	mnl_attr_nest_end(nlh, bit);
	mnl_attr_nest_end(nlh, bits);
	mnl_attr_nest_end(nlh, set);
	errno = 0;
	assert_int_equal(kb_ethtool_features_cb(nlh, &n), MNL_CB_ERROR);
	assert_int_equal(errno, EPROTO);
	assert_int_equal(n.seen, 0);
}

/* More interfaces offering it than there is room for: counted all. */
static void test_features_many(void **state)
{
	static const struct iface nic = { "ethX", true, true, true, true };
	struct kb_ethtool_features n = question();
	size_t i;

	(void)state;
	for (i = 0; i < ROOM + 3; i++)
		assert_int_equal(answer(&nic, &n), MNL_CB_OK);
	assert_int_equal(n.seen, ROOM + 3);
	assert_int_equal(n.count, ROOM + 3);
	assert_string_equal(iface[ROOM - 1].name, "ethX");
	assert_int_equal(iface[ROOM - 1].on, TX | RX);
}

/* Another command's message in the dump is not an interface. */
static void test_features_other_cmd(void **state)
{
	static const struct iface nic = { "eth5", true, true, true, true };
	struct kb_ethtool_features n = question();
	struct genlmsghdr *genl;
	struct nlmsghdr *nlh;
	char buf[4096];

	(void)state;
	nlh = reply(buf, nic.name);
	put_hw(nlh, &nic);
	put_active(nlh, &nic);
	genl = mnl_nlmsg_get_payload(nlh);
	genl->cmd = ETHTOOL_MSG_LINKINFO_GET_REPLY;
	assert_int_equal(kb_ethtool_features_cb(nlh, &n), MNL_CB_OK);
	assert_int_equal(n.seen, 0);
	assert_int_equal(n.count, 0);
}

/* Any names: here another feature's, on in every answer built here. */
static void test_features_names(void **state)
{
	static const char *const names[] = { "rx-checksum",
					     "tx-scatter-gather" };
	static const struct iface lo = { .name = "lo" };
	struct kb_ethtool_features n = question();

	(void)state;
	n.names = names;
	assert_int_equal(answer(&lo, &n), MNL_CB_OK);
	assert_int_equal(n.count, 1);
	assert_string_equal(iface[0].name, "lo");
	assert_int_equal(iface[0].offered, 2U);
	assert_int_equal(iface[0].on, 2U);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_features),
		cmocka_unit_test(test_features_compact),
		cmocka_unit_test(test_features_bad),
		cmocka_unit_test(test_features_many),
		cmocka_unit_test(test_features_other_cmd),
		cmocka_unit_test(test_features_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
