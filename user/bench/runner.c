// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One run on its own netlink socket: the kernel stops the run when that
 * socket closes, so an interrupted or crashed tool never leaves a run
 * behind. The receive loop polls with a short timeout and the signal
 * handlers are installed without SA_RESTART, so a Ctrl-C is acted on
 * within POLL_MS even if it lands between the check and the poll().
 */

#include <errno.h>
#include <linux/netlink.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <libmnl/libmnl.h>
#include <linux/kaesbench.h>

#include "netlink/kaesbench_genl.h"
#include "kernel/notice.h"
#include "bench/job_messages.h"
#include "bench/runner.h"
#include "base/clock.h"
#include "base/progress.h"
#include "base/signals.h"
#include "bench/wait_note.h"

#define POLL_MS 100

/* The request attribute that carries each parameter. */
const uint16_t kb_param_attr[KB_P_COUNT] = {
	[KB_P_KEY_BITS] = KAESBENCH_A_RUN_KEY_BITS,
	[KB_P_SAMPLE_MS] = KAESBENCH_A_RUN_SAMPLE_MS,
	[KB_P_SAMPLES] = KAESBENCH_A_RUN_SAMPLES,
	[KB_P_WARMUP_MS] = KAESBENCH_A_RUN_WARMUP_MS,
	[KB_P_DEPTH] = KAESBENCH_A_RUN_DEPTH,
	[KB_P_AAD] = KAESBENCH_A_RUN_AAD_LEN,
	[KB_P_TAG] = KAESBENCH_A_RUN_TAG_LEN,
	[KB_P_CHECK_EVERY] = KAESBENCH_A_RUN_CHECK_EVERY,
};

static void put_cpus(struct nlmsghdr *nlh, const struct kb_run_req *req)
{
	if (req->cpus && req->cpus->count)
		mnl_attr_put(nlh, KAESBENCH_A_RUN_CPUS,
			     req->cpus->count * sizeof(*req->cpus->cpu),
			     req->cpus->cpu);
}

/* Behind another job: wait as asked, as long as needed by default. */
static void put_wait(struct nlmsghdr *nlh, const struct kb_run_req *req)
{
	if (!req->wait.never)
		mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_WAIT_MS,
				 req->wait.ms ?: KAESBENCH_WAIT_AS_NEEDED);
}

/*
 * Only when asked for: a module older than --context refuses the
 * attribute (its policy is strict), so the default keeps working there.
 */
static void put_context(struct nlmsghdr *nlh, const struct kb_run_req *req)
{
	if (req->context != KAESBENCH_CONTEXT_THREAD)
		mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_CONTEXT, req->context);
}

static struct nlmsghdr *build_verify(struct kb_genl *g, void *buf,
				     const struct kb_run_req *req)
{
	struct nlmsghdr *nlh;

	nlh = kb_genl_request(g, buf, KAESBENCH_CMD_VERIFY, NLM_F_ACK);
	if (req->driver)
		mnl_attr_put_strz(nlh, KAESBENCH_A_RUN_DRIVER, req->driver);
	else
		mnl_attr_put_strz(nlh, KAESBENCH_A_RUN_ALG, req->alg);
	if (req->given & (1U << KB_P_KEY_BITS))
		mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_KEY_BITS,
				 req->param[KB_P_KEY_BITS]);
	if (req->has_cases)
		mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, req->cases);
	if (req->given & (1U << KB_P_DEPTH))
		mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_DEPTH,
				 req->param[KB_P_DEPTH]);
	if (req->has_seed)
		mnl_attr_put_u64(nlh, KAESBENCH_A_VERIFY_SEED, req->seed);
	put_cpus(nlh, req);
	put_context(nlh, req);
	put_wait(nlh, req);
	return nlh;
}

static struct nlmsghdr *build(struct kb_genl *g, void *buf,
			      const struct kb_run_req *req,
			      const struct kb_run *run)
{
	struct nlmsghdr *nlh;
	int p;

	if (req->verify)
		return build_verify(g, buf, req);
	nlh = kb_genl_request(g, buf, KAESBENCH_CMD_RUN, NLM_F_ACK);
	if (req->driver)
		mnl_attr_put_strz(nlh, KAESBENCH_A_RUN_DRIVER, req->driver);
	else
		mnl_attr_put_strz(nlh, KAESBENCH_A_RUN_ALG, req->alg);
	if (run->decrypt)
		mnl_attr_put(nlh, KAESBENCH_A_RUN_DECRYPT, 0, NULL);
	if (req->no_verify)
		mnl_attr_put(nlh, KAESBENCH_A_RUN_NO_VERIFY, 0, NULL);
	mnl_attr_put(nlh, KAESBENCH_A_RUN_SIZES,
		     run->sizes.count * sizeof(*run->sizes.size),
		     run->sizes.size);
	for (p = 0; p < KB_P_COUNT; p++)
		if (req->given & (1U << p))
			mnl_attr_put_u32(nlh, kb_param_attr[p], req->param[p]);
	put_cpus(nlh, req);
	if (req->latency)
		mnl_attr_put(nlh, KAESBENCH_A_RUN_LATENCY, 0, NULL);
	put_context(nlh, req);
	put_wait(nlh, req);
	return nlh;
}

/* The samples that arrived since @from, on the progress line. */
static void progress(const struct kb_run_req *req, const struct kb_run *run,
		     size_t from)
{
	struct kb_progress_step step = {
		.alg = run->impl.alg_name,
		.who = run->impl.driver_name,
		.samples = KAESBENCH_DEFAULT_SAMPLES,
	};

	if (req->given & (1U << KB_P_SAMPLES))
		step.samples = req->param[KB_P_SAMPLES];
	for (; from < run->samples; from++) {
		step.size = run->sample[from].size;
		step.sample = run->sample[from].index + 1;
		kb_progress_sample(&step);
	}
}

static void cancel(struct kb_genl *g, const struct kb_run *run)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	/* Closing the socket stops the run too; this only hurries it. */
	nlh = kb_genl_request(g, buf, KAESBENCH_CMD_CANCEL, 0);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, run->id);
	kb_genl_send(g, nlh);
}

static void lost(struct kb_run *run, const char *what, int err)
{
	size_t len = strlen(what) + 128;

	run->state = KB_RUN_LOST;
	run->status = -err;
	free(run->message);
	run->message = malloc(len);
	if (run->message)
		snprintf(run->message, len, "%s: %s", what, strerror(err));
}

/* Waits for the socket to be readable: 1 when it is, 0 on a signal. */
static int wait_readable(struct kb_genl *g)
{
	struct pollfd pfd = { .fd = kb_genl_fd(g), .events = POLLIN };
	int ret;

	for (;;) {
		if (kb_interrupted())
			return 0;
		ret = poll(&pfd, 1, POLL_MS);
		if (ret > 0 || (ret < 0 && errno != EINTR))
			return 1;
	}
}

/*
 * A module from before --context refuses the attribute as unknown: say
 * that, rather than the kernel's "Unknown attribute type".
 */
static bool context_unknown(const struct kb_nl_reply *r)
{
	return r->error == EINVAL &&
	       kb_nl_refused_attr(r) == KAESBENCH_A_RUN_CONTEXT;
}

static void refused(const struct kb_run_req *req, struct kb_run *run,
		    struct kb_nl_reply *r)
{
	bool too_old = context_unknown(r);

	if (too_old) {
		free(r->msg);
		r->msg = strdup(KB_CONTEXT_UNKNOWN);
	}
	if (!req->quiet && r->error == EPERM)
		fprintf(stderr, "kaesbench: %s\n", kb_run_eperm(r->msg));
	else if (!req->quiet && too_old)
		fprintf(stderr, "kaesbench: %s\n", KB_CONTEXT_UNKNOWN);
	else if (!req->quiet)
		kb_nl_report(stderr, r, r->error,
			     req->verify ? "starting the verification" :
					   "starting the run");
	run->state = KB_RUN_REFUSED;
	run->status = -r->error;
	free(run->message);
	run->message = r->msg;
	r->msg = NULL;
}

static void collect(struct kb_genl *g, const struct nlmsghdr *nlh,
		    const struct kb_run_req *req, struct kb_run *run)
{
	struct kb_nl_reply r = { .cb = kb_run_msg_cb,
				 .data = run,
				 .req = nlh,
				 .attr_name = req->attr_name };
	unsigned int told = 0;
	size_t seen;
	int ret = 1;

	while (ret > 0) {
		seen = run->samples;
		if (!wait_readable(g)) {
			if (run->state == KB_RUN_STARTED)
				cancel(g, run);
			run->state = KB_RUN_INTERRUPTED;
			run->status = -EINTR;
			break;
		}
		ret = kb_genl_recv(g, nlh->nlmsg_seq, &r);
		if (ret < 0 && errno == EINTR && !r.error && !r.bad_reply)
			ret = 1;
		else if (ret < 0 && r.error)
			refused(req, run, &r);
		else if (ret < 0 && r.bad_reply)
			lost(run,
			     "the module sent a message this tool cannot parse",
			     errno);
		else if (ret < 0)
			lost(run, "receiving the run's results", errno);
		if (run->wait.updates != told) {
			told = run->wait.updates;
			kb_wait_note(&run->wait);
		}
		progress(req, run, seen);
	}
	free(r.msg);
	/*
	 * Given up by kb_run_msg_cb() (ret 0): the job's first message did
	 * not say it runs as asked. Stopped; the caller says why, as for
	 * any lost run.
	 */
	if (!ret && run->state == KB_RUN_LOST)
		cancel(g, run);
	/* Refused by the job's thread, which set it up after the ack. */
	if (run->state == KB_RUN_REFUSED && !r.error && !req->quiet) {
		if (run->status == -EPERM)
			fprintf(stderr, "kaesbench: %s\n",
				kb_run_eperm(run->message));
		else
			fprintf(stderr, "kaesbench: kernel: %s: %s\n",
				run->message ? run->message : "refused",
				strerror(-run->status));
	}
}

/*
 * A run on many CPUs sends a sample per CPU at once: the module waits
 * while this socket is full rather than count it as a loss, which it
 * reports as ENOBUFS unless asked not to.
 */
static int no_enobufs(struct kb_genl *g)
{
	int one = 1;

	return setsockopt(kb_genl_fd(g), SOL_NETLINK, NETLINK_NO_ENOBUFS, &one,
			  sizeof(one));
}

/**
 * kb_runner_run() - run one measurement or verification, and collect it
 * @req: what to ask for
 * @run: set up by the caller with the sizes to send, @run->decrypt and
 *	 whatever it knows of the implementation; filled in with the outcome
 *	 in @run->state
 *
 * Returns once the kernel sent the run's end, refused it, or a signal
 * arrived (see kb_interrupted()). A verification is a run without sizes
 * or samples: its outcome is in @run->check.
 *
 * Return: 0, or -1 when the module could not be reached (printed).
 */
int kb_runner_run(const struct kb_run_req *req, struct kb_run *run)
{
	char list[KB_CPUS_LIST_MAX];
	double start = kb_now();
	struct nlmsghdr *nlh;
	struct kb_genl g;
	size_t len;
	void *buf;
	int ret = -1;

	run->check.skipped = !req->verify && req->no_verify;
	run->context = req->context;
	if (req->cpus && req->cpus->count) {
		run->ncpus = req->cpus->count;
		free(run->cpu_list);
		run->cpu_list =
			strdup(kb_cpus_format(req->cpus, list, sizeof(list)));
	}
	if (kb_genl_open(&g) ||
	    kb_genl_require_op(
		    &g, req->verify ? KAESBENCH_CMD_VERIFY : KAESBENCH_CMD_RUN,
		    req->verify ? "VERIFY" : "RUN"))
		goto out;
	if (no_enobufs(&g)) {
		perror("kaesbench: NETLINK_NO_ENOBUFS");
		goto out;
	}
	len = MNL_SOCKET_BUFFER_SIZE + run->sizes.count * sizeof(uint32_t) +
	      (req->cpus ? req->cpus->count * sizeof(uint32_t) : 0) +
	      strlen(req->driver ? req->driver : req->alg);
	buf = calloc(1, len);
	if (!buf) {
		perror("kaesbench");
		goto out;
	}
	nlh = build(&g, buf, req, run);
	if (kb_genl_send(&g, nlh)) {
		lost(run, "sending the run request", errno);
		fprintf(stderr, "kaesbench: %s\n", run->message);
	} else {
		collect(&g, nlh, req, run);
	}
	free(buf);
	kb_progress_erase();
	kb_notice_say(run->notice);
	ret = 0;
out:
	kb_genl_close(&g);
	run->wall_s = kb_now() - start;
	if (ret) {
		/* kb_genl_open() said why; a sweep row only needs the gist. */
		run->state = KB_RUN_LOST;
		run->status = -EIO;
		free(run->message);
		run->message = strdup("cannot reach the kaesbench module");
	}
	return ret;
}
