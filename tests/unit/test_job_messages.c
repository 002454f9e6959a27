// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Parsing of the messages of a run on hand-built kernel messages: the
 * RUN reply, SAMPLE and RUN_END, with unknown attributes skipped, wrong
 * types and missing attributes refused, and the collecting callback
 * keeping to its own run.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "msg.h"
#include "bench/job_messages.h"

/* An attribute number no version of the protocol uses yet. */
#define UNKNOWN_ATTR (KAESBENCH_A_MAX + 5)

static void test_reply(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run_reply r;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = msg_run_reply(buf, 42);
	mnl_attr_put_strz(nlh, UNKNOWN_ATTR, "from the future");
	assert_int_equal(kb_msg_cmd(nlh), KAESBENCH_CMD_RUN);
	assert_int_equal(kb_run_reply_parse(nlh, &r), 0);
	assert_int_equal(r.id, 42);
	assert_int_equal(r.depth, 1);
	assert_int_equal(r.key_bits, 128);
	assert_string_equal(r.impl.driver_name, "cbc-aes-aesni");
	assert_string_equal(r.impl.alg_name, "cbc(aes)");
	assert_int_equal(r.impl.block_size, 16);
	kb_impl_release(&r.impl);
}

static void test_reply_missing(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run_reply r;
	struct nlmsghdr *nlh;

	(void)state;
	/* No run id. */
	nlh = msg_start_cmd(buf, KAESBENCH_CMD_RUN);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_DEPTH, 1);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_KEY_BITS, 128);
	msg_put_skcipher(nlh, "cbc(aes)", "cbc-aes-aesni", 400, 0);
	assert_int_equal(kb_run_reply_parse(nlh, &r), -EINVAL);
	kb_impl_release(&r.impl);

	/* No implementation. */
	nlh = msg_start_cmd(buf, KAESBENCH_CMD_RUN);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, 1);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_DEPTH, 1);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_KEY_BITS, 128);
	assert_int_equal(kb_run_reply_parse(nlh, &r), -EINVAL);
	kb_impl_release(&r.impl);

	/* A depth of the wrong size. */
	nlh = msg_start_cmd(buf, KAESBENCH_CMD_RUN);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, 1);
	mnl_attr_put_u16(nlh, KAESBENCH_A_RUN_DEPTH, 1);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_KEY_BITS, 128);
	msg_put_skcipher(nlh, "cbc(aes)", "cbc-aes-aesni", 400, 0);
	assert_int_equal(kb_run_reply_parse(nlh, &r), -EINVAL);
	kb_impl_release(&r.impl);
}

static void test_sample(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_sample s;
	struct nlmsghdr *nlh;
	uint32_t id;

	(void)state;
	nlh = msg_sample(buf, 7, 1024, 2, 1000, 100000000, 50000000, 123456);
	mnl_attr_put_u32(nlh, UNKNOWN_ATTR, 99);
	assert_int_equal(kb_sample_parse(nlh, &id, &s), 0);
	assert_int_equal(id, 7);
	assert_int_equal(s.size, 1024);
	assert_int_equal(s.index, 2);
	assert_int_equal(s.ops, 1000);
	assert_int_equal(s.bytes, 1024000);
	assert_int_equal(s.wall_ns, 100000000);
	assert_int_equal(s.thread_ns, 100000000);
	assert_int_equal(s.busy_ns, 50000000);
	assert_true(s.has_cycles);
	assert_int_equal(s.cycles, 123456);

	/* The cycle count is optional. */
	nlh = msg_sample(buf, 7, 16, 0, 10, 1000, 1000, 0);
	assert_int_equal(kb_sample_parse(nlh, &id, &s), 0);
	assert_false(s.has_cycles);
}

static void test_sample_bad(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_sample s;
	struct nlmsghdr *nlh;
	uint32_t id;

	(void)state;
	/* Missing the busy time. */
	nlh = msg_start_cmd(buf, KAESBENCH_CMD_SAMPLE);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, 1);
	mnl_attr_put_u32(nlh, KAESBENCH_A_SAMPLE_SIZE, 16);
	mnl_attr_put_u32(nlh, KAESBENCH_A_SAMPLE_INDEX, 0);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_OPS, 1);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_BYTES, 16);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_WALL_NS, 1);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_THREAD_NS, 1);
	assert_int_equal(kb_sample_parse(nlh, &id, &s), -EINVAL);

	/* Wall time as a u32, not a u64. */
	nlh = msg_start_cmd(buf, KAESBENCH_CMD_SAMPLE);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, 1);
	mnl_attr_put_u32(nlh, KAESBENCH_A_SAMPLE_SIZE, 16);
	mnl_attr_put_u32(nlh, KAESBENCH_A_SAMPLE_INDEX, 0);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_OPS, 1);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_BYTES, 16);
	mnl_attr_put_u32(nlh, KAESBENCH_A_SAMPLE_WALL_NS, 1);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_THREAD_NS, 1);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_BUSY_NS, 1);
	assert_int_equal(kb_sample_parse(nlh, &id, &s), -EINVAL);

	/* Too short for a generic netlink header. */
	nlh = mnl_nlmsg_put_header(buf);
	assert_int_equal(kb_sample_parse(nlh, &id, &s), -EINVAL);
	assert_int_equal(kb_msg_cmd(nlh), -EINVAL);
}

static void test_run_end(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run_end e;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = msg_run_end(buf, 3, -ETIMEDOUT, "the driver did not complete");
	mnl_attr_put_u32(nlh, UNKNOWN_ATTR, 1);
	assert_int_equal(kb_run_end_parse(nlh, &e), 0);
	assert_int_equal(e.id, 3);
	assert_int_equal(e.status, -ETIMEDOUT);
	assert_string_equal(e.message, "the driver did not complete");
	free(e.message);

	nlh = msg_run_end(buf, 3, 0, NULL);
	assert_int_equal(kb_run_end_parse(nlh, &e), 0);
	assert_int_equal(e.status, 0);
	assert_null(e.message);

	/* No status. */
	nlh = msg_start_cmd(buf, KAESBENCH_CMD_RUN_END);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, 3);
	assert_int_equal(kb_run_end_parse(nlh, &e), -EINVAL);
	free(e.message);

	/* A status that is no errno (the fuzzer's INT_MIN, a positive one). */
	nlh = msg_run_end(buf, 3, INT32_MIN, NULL);
	assert_int_equal(kb_run_end_parse(nlh, &e), -EINVAL);
	nlh = msg_run_end(buf, 3, 5, NULL);
	assert_int_equal(kb_run_end_parse(nlh, &e), -EINVAL);
	nlh = msg_run_end(buf, 3, -4095, NULL);
	assert_int_equal(kb_run_end_parse(nlh, &e), 0);

	/* A message that is not NUL-terminated. */
	nlh = msg_start_cmd(buf, KAESBENCH_CMD_RUN_END);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, 3);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_STATUS, 0);
	mnl_attr_put(nlh, KAESBENCH_A_RUN_MESSAGE, 4, "abcd");
	assert_int_equal(kb_run_end_parse(nlh, &e), -EINVAL);
	free(e.message);
}

/*
 * The counts of checked measured requests; a wrong one drops every sample
 * the run took, so that none can be shown, saved or compared.
 */
static void test_measured_checks(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run run = { .selected = -1 };
	struct nlmsghdr *nlh;

	(void)state;
	nlh = msg_run_reply(buf, 5);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_CHECK_EVERY, 32);
	assert_int_equal(kb_run_msg_cb(nlh, &run), MNL_CB_OK);
	assert_true(run.has_check_every);
	assert_int_equal(run.check_every, 32);
	assert_int_equal(kb_run_msg_cb(msg_sample(buf, 5, 16, 0, 1, 1, 1, 0),
				       &run),
			 MNL_CB_OK);
	assert_int_equal(run.samples, 1);
	nlh = msg_run_end(buf, 5, -EBADMSG,
			  "a measured 16-byte request came back wrong");
	msg_put_u64(nlh, KAESBENCH_A_RUN_CHECKED, 40);
	msg_put_u64(nlh, KAESBENCH_A_RUN_WRONG, 1);
	assert_int_equal(kb_run_msg_cb(nlh, &run), MNL_CB_STOP);
	assert_true(run.has_measured);
	assert_int_equal(run.measured_checked, 40);
	assert_int_equal(run.measured_wrong, 1);
	assert_int_equal(run.samples, 0);
	assert_true(kb_run_invalid(&run));
	kb_run_release(&run);
}

static void test_collect(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run run = { .selected = -1 };

	(void)state;
	/* A sample before the reply cannot be told apart: skipped. */
	assert_int_equal(kb_run_msg_cb(msg_sample(buf, 5, 16, 0, 1, 1, 1, 0),
				       &run),
			 MNL_CB_OK);
	assert_int_equal(kb_run_msg_cb(msg_run_reply(buf, 5), &run), MNL_CB_OK);
	assert_int_equal(run.state, KB_RUN_STARTED);
	assert_int_equal(run.id, 5);
	assert_string_equal(run.impl.driver_name, "cbc-aes-aesni");
	assert_int_equal(kb_run_msg_cb(msg_sample(buf, 5, 16, 0, 1, 1, 1, 0),
				       &run),
			 MNL_CB_OK);
	/* Another run's messages are not ours. */
	assert_int_equal(kb_run_msg_cb(msg_sample(buf, 6, 16, 1, 1, 1, 1, 0),
				       &run),
			 MNL_CB_OK);
	assert_int_equal(kb_run_msg_cb(msg_run_end(buf, 6, 0, NULL), &run),
			 MNL_CB_OK);
	assert_int_equal(run.samples, 1);
	/* Nor are other commands. */
	assert_int_equal(kb_run_msg_cb(msg_start(buf), &run), MNL_CB_OK);
	assert_int_equal(kb_run_msg_cb(msg_run_end(buf, 5, -EIO, "broken"),
				       &run),
			 MNL_CB_STOP);
	assert_int_equal(run.state, KB_RUN_ENDED);
	assert_int_equal(run.status, -EIO);
	assert_string_equal(run.message, "broken");
	assert_true(kb_run_failed(&run));

	/* A malformed message of ours is an error. */
	assert_int_equal(kb_run_msg_cb(msg_start_cmd(buf, KAESBENCH_CMD_SAMPLE),
				       &run),
			 MNL_CB_ERROR);
	assert_int_equal(errno, EINVAL);
	kb_run_release(&run);
}

/* What the module sends for KAESBENCH_CMD_VERIFY. */
static struct nlmsghdr *verify_reply(void *buf, uint32_t id, bool seed)
{
	struct nlmsghdr *nlh = msg_start_cmd(buf, KAESBENCH_CMD_VERIFY);

	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, id);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_KEY_BITS, 128);
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, 256);
	if (seed)
		msg_put_u64(nlh, KAESBENCH_A_VERIFY_SEED,
			    8054088443247347265ULL);
	mnl_attr_put_strz(nlh, KAESBENCH_A_VERIFY_REFERENCE,
			  "cbc(aes-generic)");
	msg_put_skcipher(nlh, "cbc(aes)", "cbc-aes-kaesbench-broken", 1, 0);
	return nlh;
}

static void test_verify_reply(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run_reply r;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = verify_reply(buf, 9, true);
	mnl_attr_put_u32(nlh, UNKNOWN_ATTR, 1);
	assert_int_equal(kb_verify_reply_parse(nlh, &r), 0);
	assert_int_equal(r.id, 9);
	assert_int_equal(r.cases, 256);
	assert_true(r.seed == 8054088443247347265ULL);
	assert_string_equal(r.reference, "cbc(aes-generic)");
	assert_string_equal(r.impl.driver_name, "cbc-aes-kaesbench-broken");
	kb_run_reply_release(&r);

	/* The seed is required. */
	nlh = verify_reply(buf, 9, false);
	assert_int_equal(kb_verify_reply_parse(nlh, &r), -EINVAL);
	kb_run_reply_release(&r);

	/* A reference without its terminating NUL. */
	nlh = msg_start_cmd(buf, KAESBENCH_CMD_VERIFY);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, 1);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_KEY_BITS, 128);
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, 1);
	msg_put_u64(nlh, KAESBENCH_A_VERIFY_SEED, 1);
	mnl_attr_put(nlh, KAESBENCH_A_VERIFY_REFERENCE, 3, "cbc");
	msg_put_skcipher(nlh, "cbc(aes)", "cbc-aes-aesni", 400, 0);
	assert_int_equal(kb_verify_reply_parse(nlh, &r), -EINVAL);
	kb_run_reply_release(&r);
}

static void test_run_reply_verified(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run_reply r;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = msg_run_reply(buf, 4);
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, KAESBENCH_QUICK_CASES);
	mnl_attr_put_strz(nlh, KAESBENCH_A_VERIFY_REFERENCE,
			  "cbc(aes-generic)");
	assert_int_equal(kb_run_reply_parse(nlh, &r), 0);
	assert_int_equal(r.cases, 96);
	assert_string_equal(r.reference, "cbc(aes-generic)");
	kb_run_reply_release(&r);

	/* Cases without the reference they were checked against. */
	nlh = msg_run_reply(buf, 4);
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, KAESBENCH_QUICK_CASES);
	assert_int_equal(kb_run_reply_parse(nlh, &r), -EINVAL);
	kb_run_reply_release(&r);

	/* Not verified: neither. */
	nlh = msg_run_reply(buf, 4);
	assert_int_equal(kb_run_reply_parse(nlh, &r), 0);
	assert_int_equal(r.cases, 0);
	assert_null(r.reference);
	kb_run_reply_release(&r);
}

/* A RUN_END of a verification whose case 81 failed. */
static struct nlmsghdr *failed_end(void *buf, uint32_t id, bool full_case,
				   bool odd_segments)
{
	const uint32_t segs[] = { 12381, 8765, 3 };
	struct nlmsghdr *nlh;
	struct nlattr *nest;

	nlh = msg_run_end(
		buf, id, -EBADMSG,
		"case 81: encryption output differs from cbc(aes-generic) at byte 4096 of 21149");
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, 81);
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_VERIFY_CASE);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_INDEX, 81);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_OP, KAESBENCH_CASE_OP_ENCRYPT);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_LEN, 21149);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_AAD_LEN, 0);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_SRC_OFFSET, 3);
	if (full_case)
		mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_DST_OFFSET, 9);
	mnl_attr_put(nlh, KAESBENCH_CASE_A_SEGMENTS,
		     odd_segments ? 5 : sizeof(segs), segs);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_OFFSET, 4096);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_MAX + 3, 1);
	mnl_attr_nest_end(nlh, nest);
	return nlh;
}

static void test_verify_end(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run_end e;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = failed_end(buf, 2, true, false);
	assert_int_equal(kb_run_end_parse(nlh, &e), 0);
	assert_int_equal(e.status, -EBADMSG);
	assert_true(e.has_done);
	assert_int_equal(e.done, 81);
	assert_true(e.has_case);
	assert_int_equal(e.vcase.index, 81);
	assert_int_equal(e.vcase.op, KAESBENCH_CASE_OP_ENCRYPT);
	assert_int_equal(e.vcase.len, 21149);
	assert_int_equal(e.vcase.src_offset, 3);
	assert_int_equal(e.vcase.dst_offset, 9);
	assert_false(e.vcase.in_place);
	assert_int_equal(e.vcase.nsegs, 3);
	assert_int_equal(e.vcase.seg[1], 8765);
	assert_true(e.vcase.has_offset);
	assert_int_equal(e.vcase.offset, 4096);
	assert_false(e.vcase.has_error);
	free(e.message);

	/* The case without its destination offset. */
	nlh = failed_end(buf, 2, false, false);
	assert_int_equal(kb_run_end_parse(nlh, &e), -EINVAL);
	free(e.message);

	/* Segments that are no array of __u32. */
	nlh = failed_end(buf, 2, true, true);
	assert_int_equal(kb_run_end_parse(nlh, &e), -EINVAL);
	free(e.message);
}

static void test_collect_verify(void **state)
{
	struct kb_run run = { .selected = -1 };
	char buf[MSG_BUF_SIZE];

	(void)state;
	assert_int_equal(kb_run_msg_cb(verify_reply(buf, 11, true), &run),
			 MNL_CB_OK);
	assert_int_equal(run.state, KB_RUN_STARTED);
	assert_true(run.check.has_seed);
	assert_int_equal(run.check.cases, 256);
	assert_int_equal(kb_run_msg_cb(failed_end(buf, 11, true, false), &run),
			 MNL_CB_STOP);
	assert_int_equal(run.state, KB_RUN_ENDED);
	assert_true(run.check.has_case);
	assert_int_equal(run.check.done, 81);
	assert_true(kb_run_invalid(&run));
	kb_run_release(&run);
}

/* --context: the reply's echo, and the samples' counts of calls. */
static void test_context(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run run = { .selected = -1 };
	struct nlmsghdr *nlh;
	struct kb_sample s;
	uint32_t id;

	(void)state;
	/* Asked for softirq, echoed: the run starts and keeps it. */
	run.context = KAESBENCH_CONTEXT_SOFTIRQ;
	nlh = msg_run_reply(buf, 9);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_CONTEXT,
			 KAESBENCH_CONTEXT_SOFTIRQ);
	assert_int_equal(kb_run_msg_cb(nlh, &run), MNL_CB_OK);
	assert_int_equal(run.state, KB_RUN_STARTED);
	assert_int_equal(run.context, KAESBENCH_CONTEXT_SOFTIRQ);

	/* A sample with the counts: all three, kept. */
	nlh = msg_sample(buf, 9, 1420, 0, 1000, 100000000, 50000000, 0);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_SUBMITTED, 1000);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_NO_SIMD, 250);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_DEFERRED, 10);
	assert_int_equal(kb_sample_parse(nlh, &id, &s), 0);
	assert_true(s.has_calls);
	assert_int_equal(s.submitted, 1000);
	assert_int_equal(s.no_simd, 250);
	assert_int_equal(s.deferred, 10);
	assert_int_equal(kb_run_msg_cb(nlh, &run), MNL_CB_OK);
	assert_int_equal(run.samples, 1);
	kb_run_release(&run);

	/* From a module before --context: none, and that is no error. */
	nlh = msg_sample(buf, 9, 1420, 0, 1000, 100000000, 50000000, 0);
	assert_int_equal(kb_sample_parse(nlh, &id, &s), 0);
	assert_false(s.has_calls);

	/* Part of them only is refused, as for every group. */
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_SUBMITTED, 1000);
	assert_int_equal(kb_sample_parse(nlh, &id, &s), -EINVAL);

	/*
	 * Softirq asked, no echo (a module that ignored the attribute): the
	 * job is given up, its figures would be thread context's.
	 */
	run = (struct kb_run){ .selected = -1,
			       .context = KAESBENCH_CONTEXT_SOFTIRQ };
	assert_int_equal(kb_run_msg_cb(msg_run_reply(buf, 9), &run),
			 MNL_CB_STOP);
	assert_int_equal(run.state, KB_RUN_LOST);
	assert_int_equal(run.id, 9);
	assert_string_equal(run.message, KB_CONTEXT_UNKNOWN);
	assert_true(kb_run_failed(&run));
	kb_run_release(&run);

	/* Echoed as another context: the same. */
	run = (struct kb_run){ .selected = -1,
			       .context = KAESBENCH_CONTEXT_SOFTIRQ };
	nlh = msg_run_reply(buf, 9);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_CONTEXT,
			 KAESBENCH_CONTEXT_THREAD);
	assert_int_equal(kb_run_msg_cb(nlh, &run), MNL_CB_STOP);
	assert_int_equal(run.state, KB_RUN_LOST);
	kb_run_release(&run);

	/* Thread context, the default, from a module that does not echo. */
	run = (struct kb_run){ .selected = -1 };
	assert_int_equal(kb_run_msg_cb(msg_run_reply(buf, 9), &run), MNL_CB_OK);
	assert_int_equal(run.state, KB_RUN_STARTED);
	kb_run_release(&run);

	/* A verification echoes it too. */
	run = (struct kb_run){ .selected = -1,
			       .context = KAESBENCH_CONTEXT_SOFTIRQ };
	nlh = verify_reply(buf, 3, true);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_CONTEXT,
			 KAESBENCH_CONTEXT_SOFTIRQ);
	assert_int_equal(kb_run_msg_cb(nlh, &run), MNL_CB_OK);
	assert_int_equal(run.state, KB_RUN_STARTED);
	kb_run_release(&run);
	run = (struct kb_run){ .selected = -1,
			       .context = KAESBENCH_CONTEXT_SOFTIRQ };
	assert_int_equal(kb_run_msg_cb(verify_reply(buf, 3, true), &run),
			 MNL_CB_STOP);
	assert_int_equal(run.state, KB_RUN_LOST);
	kb_run_release(&run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reply),
		cmocka_unit_test(test_reply_missing),
		cmocka_unit_test(test_sample),
		cmocka_unit_test(test_sample_bad),
		cmocka_unit_test(test_run_end),
		cmocka_unit_test(test_collect),
		cmocka_unit_test(test_measured_checks),
		cmocka_unit_test(test_verify_reply),
		cmocka_unit_test(test_run_reply_verified),
		cmocka_unit_test(test_verify_end),
		cmocka_unit_test(test_collect_verify),
		cmocka_unit_test(test_context),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
