// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ipsec/esp.c: the transforms -a takes, by xfrm's name or a proposal
 * keyword; the name ESP allocates; the chain built on a driver of each
 * layer; ESP's lengths as esp4.c computes them.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ipsec/esp.h"

static void test_find(void **state)
{
	struct kb_esp_choice c;

	(void)state;
	assert_int_equal(kb_esp_find("rfc4106(gcm(aes))", &c), 0);
	assert_string_equal(c.t->geniv, "seqiv");
	assert_int_equal(c.key_bits, 0);
	assert_int_equal(kb_esp_find("aes256gcm16", &c), 0);
	assert_string_equal(c.t->name, "rfc4106(gcm(aes))");
	assert_int_equal(c.key_bits, 256);
	assert_int_equal(kb_esp_find("aes128-sha256", &c), 0);
	assert_string_equal(c.t->name, "authenc(hmac(sha256),cbc(aes))");
	assert_string_equal(c.t->geniv, "echainiv");
	assert_int_equal(kb_esp_find("aes192ctr-sha256", &c), 0);
	assert_string_equal(c.t->cipher, "rfc3686(ctr(aes))");
	assert_int_equal(c.key_bits, 192);
	assert_int_equal(kb_esp_find("aes128gmac", &c), 0);
	assert_string_equal(c.t->aead, "rfc4543(gcm(aes))");
	assert_int_equal(kb_esp_find("aes512gcm16", &c), -ENOENT);
	assert_int_equal(kb_esp_find("xts(aes)", &c), -ENOENT);
	assert_int_equal(kb_esp_find("", &c), -ENOENT);
}

static void test_chain(void **state)
{
	struct kb_esp_choice gcm, cbc, ctr;
	char buf[128], small[16];

	(void)state;
	kb_esp_find("aes128gcm16", &gcm);
	kb_esp_find("aes128-sha256", &cbc);
	kb_esp_find("aes128ctr-sha256", &ctr);
	assert_int_equal(kb_esp_name(gcm.t, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "seqiv(rfc4106(gcm(aes)))");
	/* What ESP allocates, as it is. */
	assert_int_equal(kb_esp_chain(gcm.t, "seqiv(rfc4106(gcm(aes)))",
				      "seqiv(rfc4106-gcm-aesni)", "", buf,
				      sizeof(buf)),
			 0);
	assert_string_equal(buf, "seqiv(rfc4106-gcm-aesni)");
	/* The transform's own driver. */
	kb_esp_chain(gcm.t, "rfc4106(gcm(aes))", "rfc4106-gcm-aesni", "", buf,
		     sizeof(buf));
	assert_string_equal(buf, "seqiv(rfc4106-gcm-aesni)");
	/* The AES mode beneath, wrapped. */
	kb_esp_chain(gcm.t, "gcm(aes)", "gcm-aes-ce", "", buf, sizeof(buf));
	assert_string_equal(buf, "seqiv(rfc4106(gcm-aes-ce))");
	kb_esp_chain(cbc.t, "cbc(aes)", "virtio_crypto_aes_cbc",
		     "hmac(sha256-generic)", buf, sizeof(buf));
	assert_string_equal(
		buf,
		"echainiv(authenc(hmac(sha256-generic),virtio_crypto_aes_cbc))");
	kb_esp_chain(ctr.t, "ctr(aes)", "ctr-aes-aesni", "hmac-sha256-lib", buf,
		     sizeof(buf));
	assert_string_equal(
		buf, "seqiv(authenc(hmac-sha256-lib,rfc3686(ctr-aes-aesni)))");
	kb_esp_chain(ctr.t, "rfc3686(ctr(aes))", "rfc3686(ctr-aes-aesni)",
		     "hmac-sha256-lib", buf, sizeof(buf));
	assert_string_equal(
		buf, "seqiv(authenc(hmac-sha256-lib,rfc3686(ctr-aes-aesni)))");
	/* Neither the transform nor beneath it. */
	assert_int_equal(kb_esp_chain(gcm.t, "cbc(aes)", "cbc-aes-aesni", "",
				      buf, sizeof(buf)),
			 -EINVAL);
	assert_int_equal(kb_esp_chain(cbc.t, "ctr(aes)", "ctr-aes-aesni", "h",
				      buf, sizeof(buf)),
			 -EINVAL);
	assert_int_equal(kb_esp_chain(gcm.t, "gcm(aes)", "gcm-aes-ce", "",
				      small, sizeof(small)),
			 -ENAMETOOLONG);
}

static void test_lengths(void **state)
{
	struct kb_esp_choice gcm, cbc;

	(void)state;
	kb_esp_find("aes128gcm16", &gcm);
	kb_esp_find("aes128-sha256", &cbc);
	/* Transport: UDP 8 + 36 + pad 2 + trailer 2 = 48, to 4 bytes. */
	assert_int_equal(kb_esp_crypt_len(gcm.t, false, 36), 48);
	/* Tunnel adds the inner IPv4 header: 20 + 8 + 36 + 2 = 66 -> 68. */
	assert_int_equal(kb_esp_crypt_len(gcm.t, true, 36), 68);
	/* CBC pads to 16: 66 -> 80. */
	assert_int_equal(kb_esp_crypt_len(cbc.t, true, 36), 80);
	/* Outer IPv4 20, ESP 8, IV 8, 68, ICV 16. */
	assert_int_equal(kb_esp_wire_len(gcm.t, true, 36), 120);
	assert_int_equal(kb_esp_wire_len(cbc.t, true, 36),
			 20 + 8 + 16 + 80 + 16);
}

static void test_layer(void **state)
{
	struct kb_esp_choice gcm, cbc;

	(void)state;
	kb_esp_find("aes128gcm16", &gcm);
	kb_esp_find("aes128-sha256", &cbc);
	assert_true(kb_esp_layer(gcm.t, "seqiv(rfc4106(gcm(aes)))"));
	assert_true(kb_esp_layer(gcm.t, "rfc4106(gcm(aes))"));
	assert_true(kb_esp_layer(gcm.t, "gcm(aes)"));
	assert_true(kb_esp_layer(gcm.t, "ctr(aes)"));
	assert_false(kb_esp_layer(gcm.t, "hmac(sha256)"));
	assert_true(kb_esp_layer(cbc.t, "hmac(sha256)"));
	assert_true(kb_esp_layer(cbc.t,
				 "echainiv(authenc(hmac(sha256),cbc(aes)))"));
	/* Another user's instance, not the run's. */
	assert_false(kb_esp_layer(cbc.t, "hmac(sha512)"));
	assert_false(kb_esp_layer(cbc.t, "seqiv(rfc4106(gcm(aes)))"));
}

/*
 * The table's columns agree with each other: the first layer is the name
 * ESP allocates, every part is a layer, each proposal keyword finds its
 * row, the generic column builds the kernel's generic names.
 */
static void test_columns(void **state)
{
	char esp[128], keyword[32], buf[128];
	struct kb_esp_choice c;
	size_t i;

	(void)state;
	for (i = 0; i < kb_esp_transform_count; i++) {
		const struct kb_esp_transform *t = &kb_esp_transforms[i];

		assert_int_equal(kb_esp_name(t, esp, sizeof(esp)), 0);
		assert_string_equal(t->layers[0], esp);
		assert_true(kb_esp_layer(t, t->name));
		assert_true(kb_esp_layer(t, t->mode));
		assert_true(!t->aead || kb_esp_layer(t, t->aead));
		assert_true(!t->cipher || kb_esp_layer(t, t->cipher));
		assert_true(!t->auth || kb_esp_layer(t, t->auth));
		snprintf(keyword, sizeof(keyword), "aes192%s", t->proposal);
		assert_int_equal(kb_esp_find(keyword, &c), 0);
		assert_ptr_equal(c.t, t);
		assert_int_equal(c.key_bits, 192);
		assert_non_null(t->generic);
	}
	kb_esp_find("aes128gcm16", &c);
	snprintf(buf, sizeof(buf), c.t->generic, "aes-generic",
		 "ghash-generic");
	assert_string_equal(buf, "gcm_base(ctr(aes-generic),ghash-generic)");
	kb_esp_find("aes128-sha256", &c);
	assert_false(c.t->generic_ghash);
	snprintf(buf, sizeof(buf), c.t->generic, "aes-lib", "ghash-lib");
	assert_string_equal(buf, "cbc(aes-lib)");
	assert_string_equal(
		kb_esp_proposals(128, buf, sizeof(buf)),
		"aes128gcm16, aes128-sha256, aes128ctr-sha256, aes128gmac");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find),	cmocka_unit_test(test_chain),
		cmocka_unit_test(test_lengths), cmocka_unit_test(test_layer),
		cmocka_unit_test(test_columns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
