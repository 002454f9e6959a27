// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kTLS's facts for the doctor (doctor/tls_facts.c) without a kernel: a
 * kernel option read from configuration texts, the AEADs the suites of
 * tls/cipher.c allocate, and the interfaces ethtool says offer
 * tls-hw-tx-offload or tls-hw-rx-offload (test_ethtool_features.c reads
 * its answers) made the doctor's offload lines' interfaces.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

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

/* ethtool's answer made kTLS's: bit 0 of a mask is tx's, bit 1 rx's. */
static void test_offload(void **state)
{
	struct kb_ethtool_iface iface[2] = {
		{ .name = "eth1", .offered = 3, .on = 1 },
		{ .name = "eth2", .offered = 2, .on = 2 },
	};
	struct kb_ethtool_features f = {
		.iface = iface,
		.room = 2,
		.seen = 5,
		.count = 2,
	};
	struct kb_doc_tls_nics n;

	(void)state;
	memset(&n, 0, sizeof(n));
	kb_doc_tls_offload(&f, &n);
	assert_int_equal(n.seen, 5);
	assert_int_equal(n.count, 2);
	assert_string_equal(n.nic[0].name, "eth1");
	assert_true(n.nic[0].tx_offered);
	assert_true(n.nic[0].tx_on);
	assert_true(n.nic[0].rx_offered);
	assert_false(n.nic[0].rx_on);
	assert_string_equal(n.nic[1].name, "eth2");
	assert_false(n.nic[1].tx_offered);
	assert_false(n.nic[1].tx_on);
	assert_true(n.nic[1].rx_offered);
	assert_true(n.nic[1].rx_on);
}

/* More interfaces than the room ethtool was given: counted, not named. */
static void test_offload_many(void **state)
{
	struct kb_ethtool_iface iface[1] = {
		{ .name = "eth1", .offered = 1, .on = 1 },
	};
	struct kb_ethtool_features f = {
		.iface = iface,
		.room = 1,
		.seen = 40,
		.count = KB_DOC_TLS_NICS + 3,
	};
	struct kb_doc_tls_nics n;

	(void)state;
	memset(&n, 0, sizeof(n));
	kb_doc_tls_offload(&f, &n);
	assert_int_equal(n.count, KB_DOC_TLS_NICS + 3);
	assert_string_equal(n.nic[0].name, "eth1");
	assert_string_equal(n.nic[1].name, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config),
		cmocka_unit_test(test_allocs),
		cmocka_unit_test(test_offload),
		cmocka_unit_test(test_offload_many),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
