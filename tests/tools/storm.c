// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Jobs over netlink for the storm tool. Every wait is bounded.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>
#include <linux/netlink.h>

#include "storm.h"

/* A driver no kernel has: a run of it is refused busy, or not found. */
#define PROBE_DRIVER "kaesbench-storm-probe"
#define ANSWER_TIMEOUT_MS 30000

/**
 * storm_io_init() - expect the answer to request @seq, and a new run
 * @io: what to reset
 * @seq: the request's sequence number
 */
void storm_io_init(struct storm_io *io, uint32_t seq)
{
	memset(io, 0, sizeof(*io));
	io->seq = seq;
}

/* The next request on the same socket; what is known of its run stays. */
static void next_request(struct storm_io *io, uint32_t seq)
{
	io->seq = seq;
	io->answered = false;
	io->error = 0;
	io->msg[0] = 0;
	io->dump_done = false;
}

static void absorb_family(const struct nlmsghdr *nlh, struct storm_io *io)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);
	struct tnl_job_msg j;

	if (tnl_job_msg(nlh, &j))
		return;
	switch (genl->cmd) {
	case KAESBENCH_CMD_GET_IMPLS:
		io->impls += nlh->nlmsg_seq == io->seq;
		break;
	case KAESBENCH_CMD_RUN:
	case KAESBENCH_CMD_VERIFY:
		if (nlh->nlmsg_seq == io->seq && j.has_id) {
			io->id = j.id;
			io->started = true;
			io->first = true;
		}
		break;
	case KAESBENCH_CMD_SAMPLE:
		io->samples++;
		break;
	case KAESBENCH_CMD_RUN_END:
		if (io->started && j.has_id && j.id == io->id) {
			io->ended = true;
			io->status = j.status;
		} else if (!io->started && nlh->nlmsg_seq == io->seq) {
			/* Refused by the job's thread, after the ack. */
			io->first = true;
			io->error = j.status ?: -EPROTO;
			snprintf(io->msg, sizeof(io->msg), "%s",
				 j.message ?: "");
		}
		break;
	}
}

static void absorb(const struct tnl *t, const void *buf, size_t len,
		   struct storm_io *io)
{
	const struct nlmsghdr *nlh = buf;
	int left = len;
	const char *msg;
	int err;

	for (; mnl_nlmsg_ok(nlh, left); nlh = mnl_nlmsg_next(nlh, &left)) {
		if (nlh->nlmsg_type == t->family) {
			absorb_family(nlh, io);
			continue;
		}
		if ((nlh->nlmsg_type != NLMSG_ERROR &&
		     nlh->nlmsg_type != NLMSG_DONE) ||
		    nlh->nlmsg_seq != io->seq)
			continue;
		err = tnl_error(nlh, &msg);
		if (nlh->nlmsg_type == NLMSG_DONE)
			io->dump_done = true;
		/*
		 * The job's thread may refuse it before the ack is out: an
		 * ack does not clear that refusal.
		 */
		if ((nlh->nlmsg_type == NLMSG_ERROR || err) &&
		    (err || !io->first)) {
			io->answered = true;
			io->error = err;
			snprintf(io->msg, sizeof(io->msg), "%s", msg ?: "");
		} else if (nlh->nlmsg_type == NLMSG_ERROR) {
			io->answered = true;
		}
	}
}

/**
 * storm_await() - read until *@what is true
 * @t: the socket
 * @io: what was asked on it
 * @what: a flag in @io
 * @timeout_ms: how long at most
 *
 * Return: 0; -ETIMEDOUT; -1 when the socket failed (printed).
 */
int storm_await(struct tnl *t, struct storm_io *io, bool *what, int timeout_ms)
{
	static char buf[TNL_RECV_SIZE];
	uint64_t deadline = tnl_now_us() + timeout_ms * 1000ULL;
	uint64_t now;
	ssize_t len;

	while (!*what) {
		now = tnl_now_us();
		if (now >= deadline)
			return -ETIMEDOUT;
		len = tnl_recv(t, buf, sizeof(buf),
			       (deadline - now) / 1000 + 1);
		if (len < 0) {
			perror("receiving");
			return -1;
		}
		absorb(t, buf, len, io);
	}
	return 0;
}

/* Sends @nlh and waits for its ack: 0, the kernel's -errno, or -ETIMEDOUT. */
static int ask(struct tnl *t, struct nlmsghdr *nlh, struct storm_io *io)
{
	int err;

	if (tnl_send(t, nlh, nlh->nlmsg_len)) {
		perror("sending");
		return -EIO;
	}
	err = storm_await(t, io, &io->answered, ANSWER_TIMEOUT_MS);
	if (err == -ETIMEDOUT)
		fprintf(stderr, "no answer within %d ms\n", ANSWER_TIMEOUT_MS);
	if (err == -1)
		return -EIO;
	return err ?: io->error;
}

/*
 * A job's request is acknowledged; its thread sends the job's first
 * message, or a run end flagged refused, in either order with the ack, as
 * the thread may be quicker. (Before, the first message was the reply,
 * ahead of the ack.)
 */
static int ask_job(struct tnl *t, struct nlmsghdr *nlh, struct storm_io *io)
{
	int err = ask(t, nlh, io);

	if (!err && !io->first) {
		err = storm_await(t, io, &io->first, ANSWER_TIMEOUT_MS);
		if (err == -ETIMEDOUT)
			fprintf(stderr, "no first message within %d ms\n",
				ANSWER_TIMEOUT_MS);
		if (err == -1)
			return -EIO;
	}
	return err ?: io->error ?: (io->started ? 0 : -EPROTO);
}

/**
 * storm_start() - start a run on @t
 * @t: the socket that gets its results
 * @spec: the implementation and depth
 * @sample_ms: sample duration
 * @samples: samples of each of the two sizes
 * @verify: verify first
 * @io: set up for the run
 * @seq: the request's sequence number
 *
 * Return: 0 when the run started, else the kernel's -errno (-EBUSY ...).
 */
int storm_start(struct tnl *t, const struct storm_spec *spec,
		uint32_t sample_ms, uint32_t samples, bool verify,
		struct storm_io *io, uint32_t seq)
{
	static const uint32_t sizes[] = { 16, 4096 };
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	storm_io_init(io, seq);
	nlh = tnl_request(buf, t, KAESBENCH_CMD_RUN, NLM_F_ACK, seq);
	mnl_attr_put_strz(nlh, KAESBENCH_A_RUN_DRIVER, spec->driver);
	mnl_attr_put(nlh, KAESBENCH_A_RUN_SIZES, sizeof(sizes), sizes);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_SAMPLE_MS, sample_ms);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_SAMPLES, samples);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_WARMUP_MS, 0);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_DEPTH, spec->depth);
	if (!verify)
		mnl_attr_put(nlh, KAESBENCH_A_RUN_NO_VERIFY, 0, NULL);
	return ask_job(t, nlh, io);
}

/**
 * storm_verify() - start a verification on @t
 * @t: the socket that gets its result
 * @spec: the implementation, or the algorithm
 * @cases: how many
 * @io: set up for the verification
 * @seq: the request's sequence number
 *
 * Return: 0 when it started, else the kernel's -errno.
 */
int storm_verify(struct tnl *t, const struct storm_spec *spec, uint32_t cases,
		 struct storm_io *io, uint32_t seq)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	storm_io_init(io, seq);
	nlh = tnl_request(buf, t, KAESBENCH_CMD_VERIFY, NLM_F_ACK, seq);
	mnl_attr_put_strz(nlh,
			  spec->by_alg ? KAESBENCH_A_RUN_ALG :
					 KAESBENCH_A_RUN_DRIVER,
			  spec->driver);
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, cases);
	return ask_job(t, nlh, io);
}

/**
 * storm_cancel() - cancel run @id from the socket of @io
 * @t: the socket
 * @io: the socket's state; a run it started stays known
 * @id: the run
 * @seq: the request's sequence number
 *
 * Return: 0, or the kernel's -errno (-ESRCH: no such run in progress).
 */
int storm_cancel(struct tnl *t, struct storm_io *io, uint32_t id, uint32_t seq)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	next_request(io, seq);
	nlh = tnl_request(buf, t, KAESBENCH_CMD_CANCEL, NLM_F_ACK, seq);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, id);
	return ask(t, nlh, io);
}

/**
 * storm_send_list() - ask for the list, and read nothing of it
 * @t: the socket
 * @seq: the request's sequence number
 *
 * A dump not read to its end holds a reference on the module.
 *
 * Return: 0, or -1 (printed).
 */
int storm_send_list(struct tnl *t, uint32_t seq)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	nlh = tnl_request(buf, t, KAESBENCH_CMD_GET_IMPLS, NLM_F_DUMP, seq);
	if (tnl_send(t, nlh, nlh->nlmsg_len)) {
		perror("sending");
		return -1;
	}
	return 0;
}

/**
 * storm_list() - list the implementations
 * @t: the socket
 * @seq: the request's sequence number
 *
 * Return: how many, or -1 (printed).
 */
int storm_list(struct tnl *t, uint32_t seq)
{
	struct storm_io io;
	int err;

	storm_io_init(&io, seq);
	if (storm_send_list(t, seq))
		return -1;
	err = storm_await(t, &io, &io.dump_done, ANSWER_TIMEOUT_MS);
	if (!err && io.error)
		fprintf(stderr, "list refused: %s (%s)\n", strerror(-io.error),
			io.msg);
	else if (err)
		fprintf(stderr, "list: %s\n", strerror(-err));
	return err || io.error ? -1 : (int)io.impls;
}

/**
 * storm_probe() - whether the next run could start now, without starting one
 * @t: the socket
 * @seq: the request's sequence number
 *
 * Asks for a run of a driver that does not exist: refused as busy while a
 * job is in progress, as not found once the machine is free (by the job's
 * thread, which the probe started: its work is over as it says so).
 *
 * Return: 1 free, 0 busy, -1 anything else (printed).
 */
int storm_probe(struct tnl *t, uint32_t seq)
{
	static const uint32_t size = 16;
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;
	struct storm_io io;
	int err;

	storm_io_init(&io, seq);
	nlh = tnl_request(buf, t, KAESBENCH_CMD_RUN, NLM_F_ACK, seq);
	mnl_attr_put_strz(nlh, KAESBENCH_A_RUN_DRIVER, PROBE_DRIVER);
	mnl_attr_put(nlh, KAESBENCH_A_RUN_SIZES, sizeof(size), &size);
	err = ask_job(t, nlh, &io);
	if (err == -ENOENT)
		return 1;
	if (err == -EBUSY)
		return 0;
	fprintf(stderr, "probe: %s (%s)\n", strerror(-err), io.msg);
	return -1;
}

/**
 * storm_wait_idle() - how long after @since_us the next run could start
 * @probe: a socket for the probes
 * @since_us: the moment of the stop (tnl_now_us())
 * @timeout_ms: how long to try
 *
 * Return: microseconds, -1 when a probe failed, -2 when still busy after
 * @timeout_ms (both printed).
 */
int64_t storm_wait_idle(struct tnl *probe, uint64_t since_us,
			unsigned int timeout_ms)
{
	static uint32_t seq = 1U << 31;
	int ret;

	for (;;) {
		ret = storm_probe(probe, seq++);
		if (ret < 0)
			return -1;
		if (ret)
			return tnl_now_us() - since_us;
		if (tnl_now_us() - since_us > timeout_ms * 1000ULL) {
			fprintf(stderr, "still busy %u ms after the stop\n",
				timeout_ms);
			return -2;
		}
		tnl_sleep_us(1000);
	}
}

/**
 * storm_note_stop() - keep the longest stop
 * @longest_us: so far
 * @us: this one, in microseconds
 */
void storm_note_stop(uint64_t *longest_us, int64_t us)
{
	if (us > 0 && (uint64_t)us > *longest_us)
		*longest_us = us;
}
