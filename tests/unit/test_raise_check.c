// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * path/raise_check.c's decision, from crypto_user dumps made by hand:
 * when a driver needs a raise (as kb_proof_make() decides it), how many
 * transforms of ESP's algorithm another user holds beyond each driver's
 * registration (larval and dead entries not counted), and the sentence
 * that refuses the raise or says it was forced.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "ipsec/esp_path.h"
#include "path/raise_check.h"

#define ESP "seqiv(rfc4106(gcm(aes)))"
#define AESNI "seqiv(rfc4106-gcm-aesni)"
#define AVX "seqiv(rfc4106-gcm-aesni-avx)"
#define GENERIC "seqiv(rfc4106(gcm_base(ctr(aes-generic),ghash-generic)))"

static struct kb_cu_alg table[8];
static struct kb_cu_algs algs = { .alg = table };

static void add(const char *name, const char *driver, uint32_t priority,
		uint32_t refcnt, uint32_t flags)
{
	struct kb_cu_alg *a = &table[algs.count++];

	memset(a, 0, sizeof(*a));
	snprintf(a->name, sizeof(a->name), "%s", name);
	snprintf(a->driver, sizeof(a->driver), "%s", driver);
	a->priority = priority;
	a->refcnt = refcnt;
	a->flags = flags | CU_ALG_TESTED | CU_ALG_INSTANCE;
}

/* The machine of the VM's 6.12: AVX above plain AES-NI, generic below. */
static int machine(void **state)
{
	(void)state;
	algs.count = 0;
	add(ESP, AVX, 500, 1, 0);
	add(ESP, AESNI, 400, 1, 0);
	add(ESP, GENERIC, 100, 1, 0);
	/* Another name's counts are not ESP's. */
	add("rfc4106(gcm(aes))", "rfc4106-gcm-aesni-avx", 500, 7, 0);
	return 0;
}

static void test_needed(void **state)
{
	(void)state;
	/* The selected one is above the others: no raise. */
	assert_false(kb_raise_needed(&algs, ESP, AVX));
	assert_true(kb_raise_needed(&algs, ESP, AESNI));
	assert_true(kb_raise_needed(&algs, ESP, GENERIC));
	/* Not registered yet: registered by kb_proof_make(), then raised. */
	assert_true(kb_raise_needed(&algs, ESP, "seqiv(rfc4106-gcm-vaes)"));
	/* A tie goes to the one registered last: raised, as sa_proof does. */
	table[1].priority = 500;
	assert_true(kb_raise_needed(&algs, ESP, AVX));
	assert_true(kb_raise_needed(&algs, ESP, AESNI));
}

static void test_needed_alone(void **state)
{
	(void)state;
	algs.count = 0;
	add(ESP, GENERIC, 100, 1, 0);
	/* The only driver of the name, or none yet: nothing to raise over. */
	assert_false(kb_raise_needed(&algs, ESP, GENERIC));
	algs.count = 0;
	assert_false(kb_raise_needed(&algs, ESP, GENERIC));
}

/* A larval or dead entry is not a driver an SA can get: not counted. */
static void test_needed_not_larval(void **state)
{
	(void)state;
	add(ESP, "seqiv(rfc4106-gcm-vaes-avx512)", UINT32_MAX, UINT32_MAX,
	    CU_ALG_LARVAL);
	add(ESP, "seqiv(rfc4106-gcm-dead)", 900, 1, CU_ALG_DEAD);
	assert_false(kb_raise_needed(&algs, ESP, AVX));
}

static void test_held_none(void **state)
{
	struct kb_raise_held held;

	(void)state;
	kb_raise_held(&algs, ESP, &held);
	assert_int_equal(held.transforms, 0);
	assert_string_equal(held.driver, "");
}

static void test_held(void **state)
{
	struct kb_raise_held held;

	(void)state;
	/* An IKE daemon's two SAs on AVX, one left on plain AES-NI. */
	table[0].refcnt = 3;
	table[1].refcnt = 2;
	kb_raise_held(&algs, ESP, &held);
	assert_int_equal(held.transforms, 3);
	assert_string_equal(held.driver, AVX);
}

static void test_held_not_larval(void **state)
{
	struct kb_raise_held held;

	(void)state;
	/* A larval's -1 is no count of users. */
	add(ESP, "seqiv(rfc4106-gcm-vaes-avx512)", UINT32_MAX, UINT32_MAX,
	    CU_ALG_LARVAL);
	kb_raise_held(&algs, ESP, &held);
	assert_int_equal(held.transforms, 0);
}

static void test_reason(void **state)
{
	struct kb_raise_held held = { .transforms = 1 };
	char buf[512];

	(void)state;
	snprintf(held.driver, sizeof(held.driver), "%s", AVX);
	kb_raise_reason(buf, sizeof(buf), &kb_esp_path_ops, ESP, &held, GENERIC,
			false);
	assert_string_equal(
		buf,
		"another user holds 1 transform of " ESP " (of " AVX
		"; an IPsec SA of the machine's?): raising " GENERIC
		"'s priority would hand it to any SA made meanwhile; not measured; --force-raise to accept that");
	held.transforms = 2;
	kb_raise_reason(buf, sizeof(buf), &kb_esp_path_ops, ESP, &held, AESNI,
			true);
	assert_string_equal(
		buf,
		"another user holds 2 transforms of " ESP " (of " AVX
		"; an IPsec SA of the machine's?): raising " AESNI
		"'s priority all the same (--force-raise): an SA made meanwhile gets it");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_needed, machine),
		cmocka_unit_test_setup(test_needed_alone, machine),
		cmocka_unit_test_setup(test_needed_not_larval, machine),
		cmocka_unit_test_setup(test_held_none, machine),
		cmocka_unit_test_setup(test_held, machine),
		cmocka_unit_test_setup(test_held_not_larval, machine),
		cmocka_unit_test(test_reason),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
