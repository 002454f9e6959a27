// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The reply handling of the netlink layer (netlink/ack.c) on hand-built
 * kernel answers, as the kaesbench family gets them: error acks with and
 * without extack, a failed dump's NLMSG_DONE, and the family description
 * (netlink/genl_family.c); and the printed report of a refused run
 * request, naming the option behind the attribute the kernel points at.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <linux/genetlink.h>
#include <linux/kaesbench.h>

#include "netlink/kaesbench_genl.h"
#include "bench/run_options.h"

#define SEQ 7
#define PORTID 1234
#define MSG_BUF 4096
#define NO_OFFS UINT32_MAX

/*
 * An error ack for a 40-byte request, laid out as netlink_ack() does;
 * @offs NO_OFFS leaves the offset out.
 */
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
		if (offs != NO_OFFS)
			mnl_attr_put_u32(nlh, NLMSGERR_ATTR_OFFS, offs);
	}
	return nlh;
}

/* A u64 as nla_put_u64_64bit() lays it out, padded to 8 bytes. */
static void put_policy_u64(struct nlmsghdr *nlh, uint16_t type, uint64_t v)
{
	if ((nlh->nlmsg_len + MNL_ATTR_HDRLEN) % 8)
		mnl_attr_put(nlh, NL_POLICY_TYPE_ATTR_PAD, 0, NULL);
	mnl_attr_put_u64(nlh, type, v);
}

/* NLMSGERR_ATTR_POLICY of an NLA_POLICY_RANGE(NLA_U32, @min, @max). */
static void put_policy_range(struct nlmsghdr *nlh, uint64_t min, uint64_t max)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, NLMSGERR_ATTR_POLICY);

	put_policy_u64(nlh, NL_POLICY_TYPE_ATTR_MIN_VALUE_U, min);
	put_policy_u64(nlh, NL_POLICY_TYPE_ATTR_MAX_VALUE_U, max);
	mnl_attr_put_u32(nlh, NL_POLICY_TYPE_ATTR_TYPE, NL_ATTR_TYPE_U32);
	mnl_attr_nest_end(nlh, nest);
}

static int run(struct nlmsghdr *nlh, struct kb_nl_reply *r)
{
	return kb_nl_run_batch(nlh, nlh->nlmsg_len, SEQ, PORTID, r, false);
}

static void test_extack(void **state)
{
	char buf[MSG_BUF];
	bool capped;

	(void)state;
	for (capped = false; !capped; capped = true) {
		struct kb_nl_reply r = { 0 };

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

/* Where in @nlh the next attribute goes, as the kernel's offset counts. */
static uint32_t next_offs(const struct nlmsghdr *nlh)
{
	return nlh->nlmsg_len;
}

/*
 * What runner.c sends for "run -d cbc-aes-aesni -b 16,70000 --depth 65",
 * with the offsets of its attributes.
 */
struct request {
	char buf[MSG_BUF];
	struct nlmsghdr *nlh;
	uint32_t driver, sizes, depth;
};

static void put_request_run(struct request *q)
{
	struct kb_genl g = { .family = 0x1c };
	uint32_t sizes[] = { 16, 70000 };

	q->nlh = kb_genl_request(&g, q->buf, KAESBENCH_CMD_RUN, NLM_F_ACK);
	q->driver = next_offs(q->nlh);
	mnl_attr_put_strz(q->nlh, KAESBENCH_A_RUN_DRIVER, "cbc-aes-aesni");
	q->sizes = next_offs(q->nlh);
	mnl_attr_put(q->nlh, KAESBENCH_A_RUN_SIZES, sizeof(sizes), sizes);
	q->depth = next_offs(q->nlh);
	mnl_attr_put_u32(q->nlh, KAESBENCH_A_RUN_DEPTH, 65);
}

/* What kb_nl_report() prints of @ack, a refusal of @q, as runner.c asks. */
static char *report(struct request *q, struct nlmsghdr *ack)
{
	struct kb_nl_reply r = { .req = q->nlh,
				 .attr_name = kb_run_attr_option };
	char *out = NULL;
	size_t len;
	FILE *f;

	ack->nlmsg_seq = q->nlh->nlmsg_seq;
	assert_int_equal(kb_nl_run_batch(ack, ack->nlmsg_len, ack->nlmsg_seq,
					 PORTID, &r, false),
			 MNL_CB_ERROR);
	f = open_memstream(&out, &len);
	assert_non_null(f);
	kb_nl_report(f, &r, 0, "starting the run");
	fclose(f);
	free(r.msg);
	return out;
}

static void assert_report(struct request *q, struct nlmsghdr *ack,
			  const char *expected)
{
	char *out = report(q, ack);

	assert_string_equal(out, expected);
	free(out);
}

static void test_report_option_range(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *ack;
	struct request q;

	(void)state;
	put_request_run(&q);
	ack = put_ack(buf, -ERANGE, true, "integer out of range", q.depth);
	put_policy_range(ack, 1, 64);
	assert_report(
		&q, ack,
		"kaesbench: kernel: integer out of range: --depth must be 1 to 64 (Numerical result out of range)\n");

	/* Uncapped, the request echoed before the TLVs. */
	ack = put_ack(buf, -ERANGE, false, "integer out of range", q.depth);
	put_policy_range(ack, 0, 4096);
	assert_report(
		&q, ack,
		"kaesbench: kernel: integer out of range: --depth must be 0 to 4096 (Numerical result out of range)\n");
}

/*
 * A module from before --context: its strict policy refuses the unknown
 * attribute, pointing at it, which the runner recognises.
 */
static void test_refused_attr(void **state)
{
	struct kb_nl_reply r = { 0 };
	char buf[MSG_BUF];
	struct nlmsghdr *ack;
	struct request q;
	uint32_t context;

	(void)state;
	put_request_run(&q);
	context = next_offs(q.nlh);
	mnl_attr_put_u32(q.nlh, KAESBENCH_A_RUN_CONTEXT,
			 KAESBENCH_CONTEXT_SOFTIRQ);
	ack = put_ack(buf, -EINVAL, true, "Unknown attribute type", context);
	ack->nlmsg_seq = q.nlh->nlmsg_seq;
	r.req = q.nlh;
	assert_int_equal(kb_nl_run_batch(ack, ack->nlmsg_len, ack->nlmsg_seq,
					 PORTID, &r, false),
			 MNL_CB_ERROR);
	assert_int_equal(kb_nl_refused_attr(&r), KAESBENCH_A_RUN_CONTEXT);
	free(r.msg);
	assert_string_equal(kb_run_attr_option(KAESBENCH_A_RUN_CONTEXT),
			    "--context");

	/* Another attribute, or none pointed at. */
	memset(&r, 0, sizeof(r));
	r.req = q.nlh;
	r.has_offs = true;
	r.offs = q.depth;
	assert_int_equal(kb_nl_refused_attr(&r), KAESBENCH_A_RUN_DEPTH);
	r.has_offs = false;
	assert_int_equal(kb_nl_refused_attr(&r), -1);
	r.has_offs = true;
	r.req = NULL;
	assert_int_equal(kb_nl_refused_attr(&r), -1);
}

static void test_report_option_length(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *ack;
	struct nlattr *nest;
	struct request q;

	(void)state;
	put_request_run(&q);
	ack = put_ack(buf, -ERANGE, true, "Attribute failed policy validation",
		      q.driver);
	nest = mnl_attr_nest_start(ack, NLMSGERR_ATTR_POLICY);
	mnl_attr_put_u32(ack, NL_POLICY_TYPE_ATTR_TYPE,
			 NL_ATTR_TYPE_NUL_STRING);
	mnl_attr_put_u32(ack, NL_POLICY_TYPE_ATTR_MAX_LENGTH, 127);
	mnl_attr_nest_end(ack, nest);
	assert_report(
		&q, ack,
		"kaesbench: kernel: Attribute failed policy validation: -d must be at most 127 bytes long (Numerical result out of range)\n");
}

static void test_report_option_without_bounds(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *ack;
	struct nlattr *nest;
	struct request q;

	(void)state;
	put_request_run(&q);
	ack = put_ack(buf, -EINVAL, true, "sizes must be 1 to 65536 bytes",
		      q.sizes);
	assert_report(
		&q, ack,
		"kaesbench: kernel: sizes must be 1 to 65536 bytes: -b (Invalid argument)\n");

	/* A bound of the wrong size is no bound. */
	ack = put_ack(buf, -ERANGE, true, "integer out of range", q.depth);
	nest = mnl_attr_nest_start(ack, NLMSGERR_ATTR_POLICY);
	mnl_attr_put_u32(ack, NL_POLICY_TYPE_ATTR_MIN_VALUE_U, 1);
	put_policy_u64(ack, NL_POLICY_TYPE_ATTR_MAX_VALUE_U, 64);
	mnl_attr_nest_end(ack, nest);
	assert_report(
		&q, ack,
		"kaesbench: kernel: integer out of range: --depth (Numerical result out of range)\n");
}

static void test_report_offset_unknown(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *ack;
	struct request q;

	(void)state;
	put_request_run(&q);
	/* In the genetlink header, past the end, at an unnamed attribute. */
	ack = put_ack(buf, -EINVAL, true, "bad header", 17);
	assert_report(
		&q, ack,
		"kaesbench: kernel: bad header (attribute offset 17): Invalid argument\n");
	ack = put_ack(buf, -ERANGE, true, "integer out of range",
		      q.nlh->nlmsg_len);
	put_policy_range(ack, 1, 64);
	assert_report(
		&q, ack,
		"kaesbench: kernel: integer out of range (attribute offset 60): Numerical result out of range\n");
	q.depth = next_offs(q.nlh);
	mnl_attr_put_u32(q.nlh, KAESBENCH_A_RUN_ID, 3);
	ack = put_ack(buf, -EINVAL, true, "no run id here", q.depth);
	assert_report(
		&q, ack,
		"kaesbench: kernel: no run id here (attribute offset 60): Invalid argument\n");
}

static void test_report_without_offset(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *ack;
	struct request q;

	(void)state;
	put_request_run(&q);
	ack = put_ack(buf, -EINVAL, true, "a run needs sizes", NO_OFFS);
	assert_report(
		&q, ack,
		"kaesbench: kernel: a run needs sizes: Invalid argument\n");
	ack = put_ack(buf, -EBUSY, true, NULL, NO_OFFS);
	assert_report(&q, ack,
		      "kaesbench: starting the run: Device or resource busy\n");
}

static void test_error_without_extack(void **state)
{
	char buf[MSG_BUF];
	struct kb_nl_reply r = { 0 };

	(void)state;
	put_ack(buf, -ENOENT, true, NULL, 0);
	assert_int_equal(run((struct nlmsghdr *)buf, &r), MNL_CB_ERROR);
	assert_int_equal(r.error, ENOENT);
	assert_null(r.msg);
}

static void test_ack_ok(void **state)
{
	char buf[MSG_BUF];
	struct kb_nl_reply r = { 0 };

	(void)state;
	put_ack(buf, 0, true, NULL, 0);
	assert_int_equal(run((struct nlmsghdr *)buf, &r), MNL_CB_STOP);
	assert_int_equal(r.error, 0);
}

static void test_done_with_error(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct kb_nl_reply r = { 0 };
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
	struct kb_nl_reply r = { 0 };
	struct nlmsghdr *nlh = put_ack(buf, 0, true, NULL, 0);

	(void)state;
	nlh->nlmsg_seq = SEQ + 1;
	assert_int_equal(run(nlh, &r), MNL_CB_ERROR);
}

static void test_family(void **state)
{
	char buf[MSG_BUF];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct kb_nl_reply r = { .cb = kb_nl_family_cb };
	struct genlmsghdr *genl;
	struct nlattr *ops, *op;
	struct kb_nl_family f = { 0 };
	struct kb_genl g = { 0 };

	(void)state;
	r.data = &f;
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
	assert_int_equal(f.id, 0x1c);
	assert_int_equal(f.version, 1);
	memcpy(g.ops, f.ops, sizeof(g.ops));
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
	struct kb_nl_reply r = { 0 };

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

	assert_false(kb_nl_has_end(buf, nlh->nlmsg_len));
	done = mnl_nlmsg_put_header(buf + nlh->nlmsg_len);
	done->nlmsg_type = NLMSG_DONE;
	mnl_nlmsg_put_extra_header(done, sizeof(int));
	assert_true(kb_nl_has_end(buf, nlh->nlmsg_len + done->nlmsg_len));
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
		cmocka_unit_test(test_report_option_range),
		cmocka_unit_test(test_report_option_length),
		cmocka_unit_test(test_report_option_without_bounds),
		cmocka_unit_test(test_report_offset_unknown),
		cmocka_unit_test(test_refused_attr),
		cmocka_unit_test(test_report_without_offset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
