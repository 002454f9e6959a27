// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The parser of KAESBENCH_CMD_GET_IMPLS replies, on hand-built messages.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/impls.h"
#include "msg.h"

static const uint32_t all_flags = KAESBENCH_IMPL_F_ASYNC |
				  KAESBENCH_IMPL_F_TESTED |
				  KAESBENCH_IMPL_F_SELECTED;

static void test_all_fields(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = msg_start(buf);
	struct kb_impl impl;
	struct nlattr *nest;

	(void)state;
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "rfc4106(gcm(aes))");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME,
			  "rfc4106-gcm-aesni");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_MODULE, "kernel");
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_PRIORITY, 400);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_TYPE, KAESBENCH_IMPL_TYPE_AEAD);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_FLAGS, all_flags);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_BLOCK_SIZE, 1);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_MIN_KEY_SIZE, 20);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_MAX_KEY_SIZE, 36);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_IV_SIZE, 8);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_CHUNK_SIZE, 64);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_MAX_AUTH_SIZE, 16);
	mnl_attr_nest_end(nlh, nest);

	assert_int_equal(kb_impl_parse_msg(nlh, &impl), 0);
	assert_string_equal(impl.alg_name, "rfc4106(gcm(aes))");
	assert_string_equal(impl.driver_name, "rfc4106-gcm-aesni");
	assert_string_equal(impl.module, "kernel");
	assert_int_equal(impl.priority, 400);
	assert_int_equal(impl.type, KAESBENCH_IMPL_TYPE_AEAD);
	assert_int_equal(impl.flags, all_flags);
	assert_int_equal(impl.block_size, 1);
	assert_int_equal(impl.min_key_size, 20);
	assert_int_equal(impl.max_key_size, 36);
	assert_int_equal(impl.iv_size, 8);
	assert_int_equal(impl.chunk_size, 64);
	assert_int_equal(impl.max_auth_size, 16);
	assert_true(kb_impl_has(&impl, KAESBENCH_IMPL_A_MAX_AUTH_SIZE));
	kb_impl_release(&impl);
}

static void test_absent_sizes(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = msg_start(buf);
	struct kb_impl impl;
	struct nlattr *nest;

	(void)state;
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "aes");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME, "aes-generic");
	mnl_attr_nest_end(nlh, nest);

	assert_int_equal(kb_impl_parse_msg(nlh, &impl), 0);
	assert_null(impl.module);
	assert_false(kb_impl_has(&impl, KAESBENCH_IMPL_A_IV_SIZE));
	assert_false(kb_impl_has(&impl, KAESBENCH_IMPL_A_MIN_KEY_SIZE));
	assert_false(kb_impl_has(&impl, KAESBENCH_IMPL_A_MAX_AUTH_SIZE));
	assert_int_equal(impl.iv_size, 0);
	assert_int_equal(impl.max_auth_size, 0);
	kb_impl_release(&impl);
}

static void test_unknown_ignored(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = msg_start(buf);
	struct kb_impl impl;
	struct nlattr *nest;

	(void)state;
	mnl_attr_put_u64(nlh, KAESBENCH_A_MAX + 1, 42);
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);
	mnl_attr_put_u64(nlh, KAESBENCH_IMPL_A_MAX + 1, 7);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_MAX + 2, "from the future");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "ctr(aes)");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME, "ctr-aes-aesni");
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_PRIORITY, 400);
	mnl_attr_put_u16(nlh, 1000, 3);
	mnl_attr_nest_end(nlh, nest);
	mnl_attr_put_strz(nlh, KAESBENCH_A_MAX + 5, "trailer");

	assert_int_equal(kb_impl_parse_msg(nlh, &impl), 0);
	assert_string_equal(impl.alg_name, "ctr(aes)");
	assert_string_equal(impl.driver_name, "ctr-aes-aesni");
	assert_int_equal(impl.priority, 400);
	kb_impl_release(&impl);
}

/* Builds a message whose priority attribute is @len raw bytes long. */
static int parse_with_priority_len(size_t len)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = msg_start(buf);
	uint8_t raw[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	struct kb_impl impl;
	struct nlattr *nest;
	int ret;

	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "aes");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME, "aes-generic");
	mnl_attr_put(nlh, KAESBENCH_IMPL_A_PRIORITY, len, raw);
	mnl_attr_nest_end(nlh, nest);
	ret = kb_impl_parse_msg(nlh, &impl);
	kb_impl_release(&impl);
	return ret;
}

static void test_wrong_length(void **state)
{
	(void)state;
	assert_int_equal(parse_with_priority_len(4), 0);
	assert_int_equal(parse_with_priority_len(0), -EINVAL);
	assert_int_equal(parse_with_priority_len(2), -EINVAL);
	assert_int_equal(parse_with_priority_len(8), -EINVAL);
}

static void test_unterminated_string(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = msg_start(buf);
	struct kb_impl impl;
	struct nlattr *nest;

	(void)state;
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);
	mnl_attr_put(nlh, KAESBENCH_IMPL_A_ALG_NAME, 3, "aes");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME, "aes-generic");
	mnl_attr_nest_end(nlh, nest);
	assert_int_equal(kb_impl_parse_msg(nlh, &impl), -EINVAL);
	kb_impl_release(&impl);
}

static void test_string_as_u32(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = msg_start(buf);
	struct kb_impl impl;
	struct nlattr *nest;

	(void)state;
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "aes");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME, "aes-generic");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_TYPE, "cipher");
	mnl_attr_nest_end(nlh, nest);
	assert_int_equal(kb_impl_parse_msg(nlh, &impl), -EINVAL);
	kb_impl_release(&impl);
}

static void test_missing_names(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh;
	struct kb_impl impl;
	struct nlattr *nest;

	(void)state;
	nlh = msg_start(buf);
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME, "aes-generic");
	mnl_attr_nest_end(nlh, nest);
	assert_int_equal(kb_impl_parse_msg(nlh, &impl), -EINVAL);
	kb_impl_release(&impl);

	nlh = msg_start(buf);
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "aes");
	mnl_attr_nest_end(nlh, nest);
	assert_int_equal(kb_impl_parse_msg(nlh, &impl), -EINVAL);
	kb_impl_release(&impl);

	/* No nest at all; the names at top level do not count. */
	nlh = msg_start(buf);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "aes");
	assert_int_equal(kb_impl_parse_msg(nlh, &impl), -EINVAL);
	kb_impl_release(&impl);
}

static void test_short_message(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct kb_impl impl;

	(void)state;
	/* Shorter than the generic netlink header. */
	mnl_nlmsg_put_extra_header(nlh, 2);
	assert_int_equal(kb_impl_parse_msg(nlh, &impl), -EINVAL);
	kb_impl_release(&impl);
}

static void test_duplicate_attr(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct nlmsghdr *nlh = msg_start(buf);
	struct kb_impl impl;
	struct nlattr *nest;

	(void)state;
	/* The last one wins, and the first must not leak (ASan checks). */
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "aes");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, "ecb(aes)");
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME, "ecb-aes-aesni");
	mnl_attr_nest_end(nlh, nest);
	assert_int_equal(kb_impl_parse_msg(nlh, &impl), 0);
	assert_string_equal(impl.alg_name, "ecb(aes)");
	kb_impl_release(&impl);
}

static void test_type_names(void **state)
{
	(void)state;
	assert_string_equal(kb_impl_type_name(KAESBENCH_IMPL_TYPE_CIPHER),
			    "cipher");
	assert_string_equal(kb_impl_type_name(KAESBENCH_IMPL_TYPE_SKCIPHER),
			    "skcipher");
	assert_string_equal(kb_impl_type_name(KAESBENCH_IMPL_TYPE_LSKCIPHER),
			    "lskcipher");
	assert_string_equal(kb_impl_type_name(KAESBENCH_IMPL_TYPE_AEAD),
			    "aead");
	assert_string_equal(kb_impl_type_name(KAESBENCH_IMPL_TYPE_UNSPEC),
			    "unknown");
	assert_string_equal(kb_impl_type_name(KAESBENCH_IMPL_TYPE_MAX + 1),
			    "unknown");
}

static void test_flag_words(void **state)
{
	char buf[KB_FLAG_WORDS_MAX];

	(void)state;
	assert_string_equal(kb_impl_flag_words(0, buf, sizeof(buf)),
			    "untested");
	assert_string_equal(kb_impl_flag_words(KAESBENCH_IMPL_F_TESTED, buf,
					       sizeof(buf)),
			    "-");
	assert_string_equal(
		kb_impl_flag_words(KAESBENCH_IMPL_F_TESTED |
					   KAESBENCH_IMPL_F_SELECTED |
					   KAESBENCH_IMPL_F_SELECTED_SYNC,
				   buf, sizeof(buf)),
		"-");
	assert_string_equal(kb_impl_flag_words(KAESBENCH_IMPL_F_ASYNC |
						       KAESBENCH_IMPL_F_TESTED,
					       buf, sizeof(buf)),
			    "async");
	assert_string_equal(kb_impl_flag_words(~0U & ~KAESBENCH_IMPL_F_TESTED,
					       buf, sizeof(buf)),
			    "async,internal,hardware,given-up,library");
	/* A library path is no crypto API self-test's to pass. */
	assert_string_equal(kb_impl_flag_words(KAESBENCH_IMPL_F_LIBRARY, buf,
					       sizeof(buf)),
			    "library");
	assert_string_equal(
		kb_impl_flag_words(~0U & ~KAESBENCH_IMPL_F_TESTED &
					   ~KAESBENCH_IMPL_F_LIBRARY,
				   buf, sizeof(buf)),
		"async,internal,hardware,given-up,untested");
}

static void test_list_grows(void **state)
{
	struct kb_impl_list list = { 0 };
	char buf[MSG_BUF_SIZE];
	char driver[32];
	struct nlmsghdr *nlh;
	size_t i;

	(void)state;
	for (i = 0; i < 1000; i++) {
		nlh = msg_start(buf);
		snprintf(driver, sizeof(driver), "cbc-aes-%zu", i);
		msg_put_skcipher(nlh, "cbc(aes)", driver, i, 0);
		assert_int_equal(kb_impl_list_cb(nlh, &list), MNL_CB_OK);
	}
	assert_int_equal(list.count, 1000);
	assert_string_equal(list.impl[0].driver_name, "cbc-aes-0");
	assert_string_equal(list.impl[999].driver_name, "cbc-aes-999");
	assert_int_equal(list.impl[999].priority, 999);

	nlh = msg_start(buf);
	errno = 0;
	assert_int_equal(kb_impl_list_cb(nlh, &list), MNL_CB_ERROR);
	assert_int_equal(errno, EINVAL);
	assert_int_equal(list.count, 1000);
	kb_impl_list_free(&list);
	assert_int_equal(list.count, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_all_fields),
		cmocka_unit_test(test_absent_sizes),
		cmocka_unit_test(test_unknown_ignored),
		cmocka_unit_test(test_wrong_length),
		cmocka_unit_test(test_unterminated_string),
		cmocka_unit_test(test_string_as_u32),
		cmocka_unit_test(test_missing_names),
		cmocka_unit_test(test_short_message),
		cmocka_unit_test(test_duplicate_attr),
		cmocka_unit_test(test_type_names),
		cmocka_unit_test(test_flag_words),
		cmocka_unit_test(test_list_grows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
