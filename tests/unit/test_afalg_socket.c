// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * AF_ALG's sockets without libkcapi: a request's control messages are
 * what the kernel reads (af_alg_cmsg_send(): the operation, the IV with
 * its length, an aead's associated data length), each where CMSG_NXTHDR
 * finds it; the IV sizes of the modes measured; a name too long for
 * sockaddr_alg is refused before any socket is made.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "userspace/afalg_socket.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

static const uint8_t iv[16] = { 0, 1, 2,  3,  4,  5,  6,  7,
				8, 9, 10, 11, 12, 13, 14, 15 };

static uint32_t u32_of(struct cmsghdr *c)
{
	uint32_t v;

	assert_int_equal(c->cmsg_len, CMSG_LEN(sizeof(v)));
	memcpy(&v, CMSG_DATA(c), sizeof(v));
	return v;
}

static void test_skcipher_encrypt(void **state)
{
	union kb_afsock_control c;
	struct msghdr msg = { 0 };
	struct af_alg_iv *alg_iv;
	struct cmsghdr *m;

	(void)state;
	assert_int_equal(kb_afsock_control(&c, &msg, false, iv, 16, false, 7),
			 0);
	assert_ptr_equal(msg.msg_control, c.buf);
	assert_int_equal(msg.msg_controllen,
			 CMSG_SPACE(sizeof(uint32_t)) +
				 CMSG_SPACE(sizeof(*alg_iv) + 16));
	m = CMSG_FIRSTHDR(&msg);
	assert_non_null(m);
	assert_int_equal(m->cmsg_level, SOL_ALG);
	assert_int_equal(m->cmsg_type, ALG_SET_OP);
	assert_int_equal(u32_of(m), ALG_OP_ENCRYPT);
	m = CMSG_NXTHDR(&msg, m);
	assert_non_null(m);
	assert_int_equal(m->cmsg_level, SOL_ALG);
	assert_int_equal(m->cmsg_type, ALG_SET_IV);
	assert_int_equal(m->cmsg_len, CMSG_LEN(sizeof(*alg_iv) + 16));
	alg_iv = (struct af_alg_iv *)CMSG_DATA(m);
	assert_int_equal(alg_iv->ivlen, 16);
	assert_memory_equal(alg_iv->iv, iv, 16);
	/* An skcipher says no associated data length. */
	assert_null(CMSG_NXTHDR(&msg, m));
}

static void test_aead_decrypt(void **state)
{
	union kb_afsock_control c;
	struct msghdr msg = { 0 };
	struct af_alg_iv *alg_iv;
	struct cmsghdr *m;

	(void)state;
	assert_int_equal(kb_afsock_control(&c, &msg, true, iv, 12, true, 16),
			 0);
	m = CMSG_FIRSTHDR(&msg);
	assert_int_equal(m->cmsg_type, ALG_SET_OP);
	assert_int_equal(u32_of(m), ALG_OP_DECRYPT);
	m = CMSG_NXTHDR(&msg, m);
	assert_int_equal(m->cmsg_type, ALG_SET_IV);
	alg_iv = (struct af_alg_iv *)CMSG_DATA(m);
	assert_int_equal(alg_iv->ivlen, 12);
	assert_memory_equal(alg_iv->iv, iv, 12);
	m = CMSG_NXTHDR(&msg, m);
	assert_non_null(m);
	assert_int_equal(m->cmsg_level, SOL_ALG);
	assert_int_equal(m->cmsg_type, ALG_SET_AEAD_ASSOCLEN);
	assert_int_equal(u32_of(m), 16);
	assert_null(CMSG_NXTHDR(&msg, m));
	assert_true(msg.msg_controllen <= sizeof(c.buf));
}

/* ecb has no IV: the operation alone, no empty ALG_SET_IV. */
static void test_no_iv(void **state)
{
	union kb_afsock_control c;
	struct msghdr msg = { 0 };
	struct cmsghdr *m;

	(void)state;
	assert_int_equal(kb_afsock_control(&c, &msg, false, NULL, 0, false, 0),
			 0);
	assert_int_equal(msg.msg_controllen, CMSG_SPACE(sizeof(uint32_t)));
	m = CMSG_FIRSTHDR(&msg);
	assert_int_equal(m->cmsg_type, ALG_SET_OP);
	assert_null(CMSG_NXTHDR(&msg, m));
}

static void test_iv_too_long(void **state)
{
	union kb_afsock_control c;
	struct msghdr msg = { 0 };
	uint8_t big[KB_AFSOCK_IV_MAX + 1] = { 0 };

	(void)state;
	assert_int_equal(kb_afsock_control(&c, &msg, false, big, sizeof(big),
					   false, 0),
			 -EINVAL);
}

static void test_ivsize(void **state)
{
	(void)state;
	assert_int_equal(kb_afsock_ivsize("aes"), 0);
	assert_int_equal(kb_afsock_ivsize("ecb(aes)"), 0);
	assert_int_equal(kb_afsock_ivsize("cbc(aes)"), 16);
	assert_int_equal(kb_afsock_ivsize("ctr(aes)"), 16);
	assert_int_equal(kb_afsock_ivsize("xts(aes)"), 16);
	assert_int_equal(kb_afsock_ivsize("gcm(aes)"), 12);
}

static void test_name_too_long(void **state)
{
	char name[80];
	struct kb_afsock *h = (struct kb_afsock *)&h;

	(void)state;
	memset(name, 'a', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	assert_int_equal(kb_afsock_init(&h, false, name, 16), -ENAMETOOLONG);
	assert_null(h);
	kb_afsock_destroy(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_skcipher_encrypt),
		cmocka_unit_test(test_aead_decrypt),
		cmocka_unit_test(test_no_iv),
		cmocka_unit_test(test_iv_too_long),
		cmocka_unit_test(test_ivsize),
		cmocka_unit_test(test_name_too_long),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
