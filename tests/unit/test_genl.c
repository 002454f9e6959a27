// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The reply handling of genl.c on hand-built kernel answers: error acks
 * with and without extack, a failed dump's NLMSG_DONE, and the family
 * description. genl.c is included to reach its static callbacks.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "genl.c"

#define SEQ 7
#define PORTID 1234
#define MSG_BUF 4096

/* An error ack for a 40-byte request, laid out as netlink_ack() does. */
static struct nlmsghdr *put_ack(void *buf, int error, bool capped,
				const char *msg, uint32_t offs)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlmsghdr req = { .nlmsg_len = 40, .nlmsg_seq = SEQ };
	struct nlmsgerr *err;
	char echo[40 - sizeof(req)] = { 0 };

	nlh->nlmsg_type = NLMSG_ERROR;
	nlh->nlmsg_seq = SEQ;
	nlh->nlmsg_pid = PORTID;
	err = mnl_nlmsg_put_extra_header(nlh, sizeof(*err));
	err->error = error;
	err->msg = req;
	if (capped)
		nlh->nlmsg_flags |= NLM_F_CAPPED;
	else
		memcpy(mnl_nlmsg_put_extra_header(nlh, sizeof(echo)), echo,
		       sizeof(echo));
	if (msg) {
		nlh->nlmsg_flags |= NLM_F_ACK_TLVS;
		mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, msg);
		mnl_attr_put_u32(nlh, NLMSGERR_ATTR_OFFS, offs);
	}
	return nlh;
}

static int run(struct nlmsghdr *nlh, struct kb_genl_reply *r)
{
	return mnl_cb_run2(nlh, nlh->nlmsg_len, SEQ, PORTID, data_cb, r, ctl_cb,
			   MNL_ARRAY_SIZE(ctl_cb));
}

static void test_extack(void **state)
{
	char buf[MSG_BUF];
	bool capped;

	(void)state;
	for (capped = false; !capped; capped = true) {
		struct kb_genl_reply r = { 0 };

		put_ack(buf, -EINVAL, capped, "listing takes no implementation",
			20);
		assert_int_equal(run((struct nlmsghdr *)buf, &r), MNL_CB_ERROR);
		assert_int_equal(r.error, EINVAL);
		assert_string_equal(r.msg, "listing takes no implementation");
		assert_true(r.has_offs);
		assert_int_equal(r.offs, 20);
		free(r.msg);
	}
}

static void test_error_without_extack(void **state)
{
	char buf[MSG_BUF];
	struct kb_genl_reply r = { 0 };

	(void)state;
	put_ack(buf, -ENOENT, true, NULL, 0);
	assert_int_equal(run((struct nlmsghdr *)buf, &r), MNL_CB_ERROR);
	assert_int_equal(r.error, ENOENT);
	assert_null(r.msg);
}

static void test_ack_ok(void **state)
{
	char buf[MSG_BUF];
	struct kb_genl_reply r = { 0 };

	(void)state;
	put_ack(buf, 0, true, NULL, 0);
	assert_int_equal(run((struct nlmsghdr *)buf, &r), MNL_CB_STOP);
	assert_int_equal(r.error, 0);
}

static void test_done_with_error(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct kb_genl_reply r = { 0 };
	int *error;

	(void)state;
	nlh->nlmsg_type = NLMSG_DONE;
	nlh->nlmsg_seq = SEQ;
	nlh->nlmsg_flags = NLM_F_MULTI | NLM_F_ACK_TLVS;
	error = mnl_nlmsg_put_extra_header(nlh, sizeof(*error));
	*error = -ENOMEM;
	mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, "out of memory");
	assert_int_equal(run(nlh, &r), MNL_CB_ERROR);
	assert_int_equal(r.error, ENOMEM);
	assert_string_equal(r.msg, "out of memory");
	free(r.msg);

	*error = 0;
	memset(&r, 0, sizeof(r));
	nlh->nlmsg_len = MNL_NLMSG_HDRLEN + sizeof(int);
	assert_int_equal(run(nlh, &r), MNL_CB_STOP);
	assert_int_equal(r.error, 0);
}

static void test_wrong_seq(void **state)
{
	char buf[MSG_BUF];
	struct kb_genl_reply r = { 0 };
	struct nlmsghdr *nlh = put_ack(buf, 0, true, NULL, 0);

	(void)state;
	nlh->nlmsg_seq = SEQ + 1;
	assert_int_equal(run(nlh, &r), MNL_CB_ERROR);
}

static void test_family(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct kb_genl_reply r = { .cb = family_cb };
	struct genlmsghdr *genl;
	struct nlattr *ops, *op;
	struct kb_genl g = { 0 };

	(void)state;
	r.data = &g;
	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_seq = SEQ;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = CTRL_CMD_NEWFAMILY;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, "kaesbench");
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, 0x1c);
	mnl_attr_put_u32(nlh, CTRL_ATTR_VERSION, 1);
	ops = mnl_attr_nest_start(nlh, CTRL_ATTR_OPS);
	op = mnl_attr_nest_start(nlh, 1);
	mnl_attr_put_u32(nlh, CTRL_ATTR_OP_ID, KAESBENCH_CMD_GET_IMPLS);
	mnl_attr_put_u32(nlh, CTRL_ATTR_OP_FLAGS, GENL_CMD_CAP_DUMP);
	mnl_attr_nest_end(nlh, op);
	op = mnl_attr_nest_start(nlh, 2);
	mnl_attr_put_u32(nlh, CTRL_ATTR_OP_ID, 200);
	mnl_attr_nest_end(nlh, op);
	mnl_attr_nest_end(nlh, ops);

	assert_int_equal(run(nlh, &r), MNL_CB_OK);
	assert_int_equal(g.family, 0x1c);
	assert_int_equal(g.version, 1);
	assert_true(kb_genl_has_op(&g, KAESBENCH_CMD_GET_IMPLS));
	assert_true(kb_genl_has_op(&g, 200));
	assert_false(kb_genl_has_op(&g, 1));
	assert_int_equal(kb_genl_require_op(&g, 1, "FUTURE"), -1);
}

static void test_dump_intr(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlmsghdr *done;
	struct kb_genl_reply r = { 0 };

	(void)state;
	nlh->nlmsg_type = 0x1c;
	nlh->nlmsg_seq = SEQ;
	nlh->nlmsg_flags = NLM_F_MULTI | NLM_F_DUMP_INTR;
	mnl_nlmsg_put_extra_header(nlh, sizeof(struct genlmsghdr));
	/* transact() relies on libmnl refusing it with EINTR. */
	errno = 0;
	assert_int_equal(run(nlh, &r), MNL_CB_ERROR);
	assert_int_equal(errno, EINTR);
	assert_false(r.bad_reply);
	assert_int_equal(r.error, 0);

	assert_false(has_end(buf, nlh->nlmsg_len));
	done = mnl_nlmsg_put_header(buf + nlh->nlmsg_len);
	done->nlmsg_type = NLMSG_DONE;
	mnl_nlmsg_put_extra_header(done, sizeof(int));
	assert_true(has_end(buf, nlh->nlmsg_len + done->nlmsg_len));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_extack),
		cmocka_unit_test(test_error_without_extack),
		cmocka_unit_test(test_ack_ok),
		cmocka_unit_test(test_done_with_error),
		cmocka_unit_test(test_wrong_seq),
		cmocka_unit_test(test_family),
		cmocka_unit_test(test_dump_intr),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
