// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kTLS's facts for the doctor (doctor/tls_facts.c) without a kernel: a
 * kernel option read from configuration texts, the AEADs the suites of
 * tls/cipher.c allocate, and ethtool's answers to FEATURES_GET built by
 * hand as net/ethtool/features.c writes them (verbose bitsets: the
 * hardware's a value/mask pair naming every feature, the active ones a
 * list): an interface offering tls-hw-tx-offload (on) and
 * tls-hw-rx-offload (off), one offering neither, one answered in compact
 * bitsets, and an answer of the wrong shape refused.
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

#include "doctor/tls_facts.h"

static void test_config(void **state)
{
	(void)state;
	assert_int_equal(kb_doc_config_value("CONFIG_INET=y\n"
					     "CONFIG_TLS=m\n"
					     "CONFIG_TLS_DEVICE=y\n",
					     "CONFIG_TLS"),
			 KB_DOC_CONFIG_MODULE);
	/* CONFIG_TLS_DEVICE's line is not CONFIG_TLS's. */
	assert_int_equal(kb_doc_config_value("CONFIG_TLS_DEVICE=y\n"
					     "CONFIG_TLS=y",
					     "CONFIG_TLS"),
			 KB_DOC_CONFIG_BUILTIN);
	assert_int_equal(kb_doc_config_value("CONFIG_TLS_DEVICE=y\n"
					     "# CONFIG_TLS is not set\n",
					     "CONFIG_TLS"),
			 KB_DOC_CONFIG_OFF);
	/* Not written at all: its dependencies are not met. */
	assert_int_equal(kb_doc_config_value("CONFIG_INET=n\n", "CONFIG_TLS"),
			 KB_DOC_CONFIG_OFF);
	assert_int_equal(kb_doc_config_value("", "CONFIG_TLS"),
			 KB_DOC_CONFIG_OFF);
	assert_string_equal(kb_doc_config_name(KB_DOC_CONFIG_MODULE), "m");
	assert_string_equal(kb_doc_config_name(KB_DOC_CONFIG_OFF), "n");
	assert_null(kb_doc_config_name(KB_DOC_CONFIG_UNKNOWN));
}

static void test_allocs(void **state)
{
	struct kb_doc_tls_facts t;

	(void)state;
	memset(&t, 0, sizeof(t));
	kb_doc_tls_allocs(&t);
	assert_int_equal(t.nalloc, 2);
	assert_string_equal(t.alloc[0].fam->alloc, "gcm(aes)");
	assert_string_equal(t.alloc[0].fam->beneath, "ctr(aes)");
	assert_int_equal(t.alloc[0].suites, 2);
	assert_string_equal(t.alloc[0].suite[0], "aes-128-gcm");
	assert_string_equal(t.alloc[0].suite[1], "aes-256-gcm");
	assert_string_equal(t.alloc[1].fam->alloc, "ccm(aes)");
	assert_int_equal(t.alloc[1].suites, 1);
	assert_string_equal(t.alloc[1].suite[0], "aes-128-ccm");
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

static int answer(const struct iface *i, struct kb_doc_tls_nics *n)
{
	char buf[4096];
	struct nlmsghdr *nlh = reply(buf, i->name);

	put_hw(nlh, i);
	put_active(nlh, i);
	return kb_doc_tls_features_cb(nlh, n);
}

static void test_features(void **state)
{
	static const struct iface lo = { .name = "lo" };
	static const struct iface nic = { "eth1", true, true, true, false };
	static const struct iface fixed = { "eth2", false, true, false, false };
	struct kb_doc_tls_nics n;

	(void)state;
	memset(&n, 0, sizeof(n));
	assert_int_equal(answer(&lo, &n), MNL_CB_OK);
	assert_int_equal(n.seen, 1);
	assert_int_equal(n.count, 0);
	assert_int_equal(answer(&nic, &n), MNL_CB_OK);
	assert_int_equal(answer(&fixed, &n), MNL_CB_OK);
	assert_int_equal(n.seen, 3);
	assert_int_equal(n.count, 2);
	assert_string_equal(n.nic[0].name, "eth1");
	assert_true(n.nic[0].tx_offered);
	assert_true(n.nic[0].tx_on);
	assert_true(n.nic[0].rx_offered);
	assert_false(n.nic[0].rx_on);
	/* On, though not among the features one can change. */
	assert_string_equal(n.nic[1].name, "eth2");
	assert_true(n.nic[1].tx_offered);
	assert_true(n.nic[1].tx_on);
	assert_false(n.nic[1].rx_offered);
}

/* Compact bitsets name nothing: the interface is counted, no more. */
static void test_features_compact(void **state)
{
	static const uint32_t words[3] = { 1, 3U << 23, 0 };
	struct kb_doc_tls_nics n;
	struct nlattr *set;
	struct nlmsghdr *nlh;
	char buf[4096];

	(void)state;
	memset(&n, 0, sizeof(n));
	nlh = reply(buf, "eth3");
	set = mnl_attr_nest_start(nlh, ETHTOOL_A_FEATURES_ACTIVE);
	mnl_attr_put(nlh, ETHTOOL_A_BITSET_NOMASK, 0, NULL);
	mnl_attr_put_u32(nlh, ETHTOOL_A_BITSET_SIZE, 66);
	mnl_attr_put(nlh, ETHTOOL_A_BITSET_VALUE, sizeof(words), words);
	mnl_attr_nest_end(nlh, set);
	assert_int_equal(kb_doc_tls_features_cb(nlh, &n), MNL_CB_OK);
	assert_int_equal(n.seen, 1);
	assert_int_equal(n.count, 0);
}

/* A bit's name that is not a string: the answer is refused. */
static void test_features_bad(void **state)
{
	struct kb_doc_tls_nics n;
	struct nlattr *set, *bits, *bit;
	struct nlmsghdr *nlh;
	char buf[4096];
	uint32_t word = 0x41414141; /* "AAAA", no NUL */

	(void)state;
	memset(&n, 0, sizeof(n));
	nlh = reply(buf, "eth4");
	set = mnl_attr_nest_start(nlh, ETHTOOL_A_FEATURES_HW);
	bits = mnl_attr_nest_start(nlh, ETHTOOL_A_BITSET_BITS);
	bit = mnl_attr_nest_start(nlh, ETHTOOL_A_BITSET_BITS_BIT);
	mnl_attr_put(nlh, ETHTOOL_A_BITSET_BIT_NAME, sizeof(word), &word);
	mnl_attr_nest_end(nlh, bit);
	mnl_attr_nest_end(nlh, bits);
	mnl_attr_nest_end(nlh, set);
	errno = 0;
	assert_int_equal(kb_doc_tls_features_cb(nlh, &n), MNL_CB_ERROR);
	assert_int_equal(errno, EPROTO);
	assert_int_equal(n.seen, 0);
}

/* More interfaces offering it than are named: counted all the same. */
static void test_features_many(void **state)
{
	static const struct iface nic = { "ethX", true, true, true, true };
	struct kb_doc_tls_nics n;
	size_t i;

	(void)state;
	memset(&n, 0, sizeof(n));
	for (i = 0; i < KB_DOC_TLS_NICS + 3; i++)
		assert_int_equal(answer(&nic, &n), MNL_CB_OK);
	assert_int_equal(n.count, KB_DOC_TLS_NICS + 3);
	assert_string_equal(n.nic[KB_DOC_TLS_NICS - 1].name, "ethX");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config),
		cmocka_unit_test(test_allocs),
		cmocka_unit_test(test_features),
		cmocka_unit_test(test_features_compact),
		cmocka_unit_test(test_features_bad),
		cmocka_unit_test(test_features_many),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
