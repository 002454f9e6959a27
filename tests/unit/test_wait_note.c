// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A job waiting for its turn: the line wait_note.c prints to say whose
 * job it waits for, and what feeds it and follows from it: --wait SECONDS
 * (duration.c, run_options.c), the KAESBENCH_CMD_RUN_WAIT messages and the
 * wait in the first message or refusal (job_messages.c), and the wait in
 * JSON (run_json.c).
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "bench/duration.h"
#include "bench/run_options.h"
#include "bench/job_messages.h"
#include "msg.h"
#include "base/options.h"
#include "runs/run_json.h"
#include "bench/wait_note.h"

/* A u64 in the wait nest, padded with the nest's own pad attribute. */
static void put_u64(struct nlmsghdr *nlh, uint16_t type, uint64_t v)
{
	if ((nlh->nlmsg_len + MNL_ATTR_HDRLEN) % 8)
		mnl_attr_put(nlh, KAESBENCH_WAIT_A_PAD, 0, NULL);
	mnl_attr_put_u64(nlh, type, v);
}

/* What the module sends while job @id waits behind run 12 of pid 4711. */
static struct nlmsghdr *msg_wait(void *buf, uint32_t id, uint32_t ahead,
				 bool stopping, bool whole)
{
	struct nlmsghdr *nlh = msg_start_cmd(buf, KAESBENCH_CMD_RUN_WAIT);
	struct nlattr *nest;

	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, id);
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_WAIT);
	mnl_attr_put_u32(nlh, KAESBENCH_WAIT_A_JOB_ID, 12);
	mnl_attr_put_u32(nlh, KAESBENCH_WAIT_A_CMD, KAESBENCH_CMD_RUN);
	mnl_attr_put_u32(nlh, KAESBENCH_WAIT_A_PID, 4711);
	if (whole)
		mnl_attr_put_strz(nlh, KAESBENCH_WAIT_A_COMM, "kaesbench");
	put_u64(nlh, KAESBENCH_WAIT_A_ELAPSED_MS, 3500);
	put_u64(nlh, KAESBENCH_WAIT_A_STATED_MS, 20000);
	if (stopping)
		mnl_attr_put(nlh, KAESBENCH_WAIT_A_STOPPING, 0, NULL);
	mnl_attr_put_u32(nlh, KAESBENCH_WAIT_A_AHEAD, ahead);
	mnl_attr_nest_end(nlh, nest);
	return nlh;
}

static void test_seconds(void **state)
{
	struct kb_wait_opt w = { 0 };
	uint64_t ms = 7;

	(void)state;
	assert_int_equal(kb_parse_seconds("30", &ms), 0);
	assert_int_equal(ms, 30000);
	assert_int_equal(kb_parse_seconds("0", &ms), 0);
	assert_int_equal(ms, 0);
	assert_int_equal(kb_parse_seconds("10m", &ms), 0);
	assert_int_equal(ms, 600000);
	assert_int_equal(kb_parse_seconds("86400", &ms), 0);
	assert_int_equal(kb_parse_seconds("86401", &ms), -ERANGE);
	assert_int_equal(kb_parse_seconds("-1", &ms), -EINVAL);
	assert_int_equal(kb_parse_seconds("1.5", &ms), -EINVAL);
	assert_int_equal(kb_parse_seconds("abc", &ms), -EINVAL);
	assert_int_equal(kb_parse_seconds("", &ms), -EINVAL);

	assert_int_equal(kb_wait_parse("t", "5", &w), KB_EXIT_OK);
	assert_false(w.never);
	assert_int_equal(w.ms, 5000);
	/* --wait 0 is --no-wait. */
	assert_int_equal(kb_wait_parse("t", "0", &w), KB_EXIT_OK);
	assert_true(w.never);
	assert_int_equal(kb_wait_parse("t", "-3", &w), KB_EXIT_USAGE);
}

static void test_wait_messages(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run run = { .selected = -1 };

	(void)state;
	assert_int_equal(kb_run_msg_cb(msg_wait(buf, 13, 2, false, true), &run),
			 MNL_CB_OK);
	assert_true(run.wait.waited);
	assert_int_equal(run.wait.updates, 1);
	assert_int_equal(run.wait.job_id, 12);
	assert_int_equal(run.wait.pid, 4711);
	assert_string_equal(run.wait.comm, "kaesbench");
	assert_int_equal(run.wait.elapsed_ms, 3500);
	assert_int_equal(run.wait.stated_ms, 20000);
	assert_int_equal(run.wait.ahead, 2);
	assert_false(run.wait.stopping);
	assert_int_equal(kb_run_msg_cb(msg_wait(buf, 13, 1, true, true), &run),
			 MNL_CB_OK);
	assert_int_equal(run.wait.updates, 2);
	assert_true(run.wait.stopping);

	/* Its turn came: the reply says how long it waited. */
	{
		struct nlmsghdr *nlh = msg_run_reply(buf, 13);

		msg_put_u64(nlh, KAESBENCH_A_RUN_WAITED_MS, 5250);
		assert_int_equal(kb_run_msg_cb(nlh, &run), MNL_CB_OK);
	}
	assert_int_equal(run.state, KB_RUN_STARTED);
	assert_true(run.wait.has_waited_ms);
	assert_int_equal(run.wait.waited_ms, 5250);
	assert_int_equal(run.wait.job_id, 12);
	/* A late one changes nothing. */
	assert_int_equal(kb_run_msg_cb(msg_wait(buf, 13, 5, false, true), &run),
			 MNL_CB_OK);
	assert_int_equal(run.wait.updates, 2);

	/* The job ahead without its command name is malformed. */
	assert_int_equal(kb_run_msg_cb(msg_wait(buf, 13, 1, false, false),
				       &run),
			 MNL_CB_ERROR);
	assert_int_equal(errno, EINVAL);
	kb_run_release(&run);
}

static void test_wait_refused(void **state)
{
	char buf[MSG_BUF_SIZE];
	struct kb_run run = { .selected = -1 };
	struct nlmsghdr *nlh;

	(void)state;
	assert_int_equal(kb_run_msg_cb(msg_wait(buf, 13, 1, false, true), &run),
			 MNL_CB_OK);
	nlh = msg_run_end(
		buf, 13, -EBUSY,
		"waited 2 s for run 12 (pid 4711, kaesbench), still in progress");
	mnl_attr_put(nlh, KAESBENCH_A_RUN_REFUSED, 0, NULL);
	msg_put_u64(nlh, KAESBENCH_A_RUN_WAITED_MS, 2000);
	assert_int_equal(kb_run_msg_cb(nlh, &run), MNL_CB_STOP);
	assert_int_equal(run.state, KB_RUN_REFUSED);
	assert_int_equal(run.status, -EBUSY);
	assert_int_equal(run.wait.waited_ms, 2000);
	assert_int_equal(run.wait.pid, 4711);
	kb_run_release(&run);
}

static void test_format(void **state)
{
	struct kb_wait w = {
		.waited = true,
		.updates = 1,
		.job_id = 12,
		.cmd = KAESBENCH_CMD_RUN,
		.pid = 4711,
		.comm = "kaesbench",
		.elapsed_ms = 3400,
		.stated_ms = 20000,
		.ahead = 1,
	};
	char text[256];

	(void)state;
	kb_wait_format(text, sizeof(text), &w);
	assert_string_equal(
		text,
		"waiting for run 12 of pid 4711 (kaesbench): 3 s in, 20 s stated");
	w.cmd = KAESBENCH_CMD_VERIFY;
	w.stated_ms = 0;
	w.stopping = true;
	w.ahead = 3;
	kb_wait_format(text, sizeof(text), &w);
	assert_string_equal(
		text,
		"waiting for verification 12 of pid 4711 (kaesbench): 3 s in, stopping; 3 jobs ahead");
}

static void test_json(void **state)
{
	struct kb_wait w = {
		.waited = true,
		.has_waited_ms = true,
		.waited_ms = 5250,
		.updates = 1,
		.job_id = 12,
		.cmd = KAESBENCH_CMD_RUN,
		.pid = 4711,
		.comm = "kaesbench",
		.elapsed_ms = 3500,
		.stated_ms = 20000,
		.ahead = 1,
	};
	struct kb_wait none = { 0 };
	struct json_object *o;

	(void)state;
	assert_null(kb_wait_to_json(&none));
	o = kb_wait_to_json(&w);
	assert_non_null(o);
	assert_string_equal(
		json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN),
		"{\"waited_s\":5.25,\"behind\":{\"id\":12,\"kind\":\"run\",\"pid\":4711,\"command\":\"kaesbench\",\"elapsed_s\":3.5,\"stated_s\":20.0,\"stopping\":false,\"jobs_ahead\":1}}");
	json_object_put(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seconds),
		cmocka_unit_test(test_wait_messages),
		cmocka_unit_test(test_wait_refused),
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
