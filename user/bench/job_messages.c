// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One callback per message kind, each a switch that validates an attribute
 * before reading it and skips attributes it does not know (newer modules
 * may send more within the same protocol version). Every attribute the
 * protocol promises is required: a message without one is refused rather
 * than read as zero.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>

#include "bench/job_messages.h"
#include "kernel/sample.h"

/* Attributes seen, by enum kaesbench_attr number. */
struct seen {
	uint64_t mask;
	void *out;
};

#define BIT_ATTR(a) (1ULL << (a))

/* The largest errno the kernel returns (its MAX_ERRNO). */
#define KB_MAX_ERRNO 4095

static int get_u32(const struct nlattr *attr, uint32_t *v)
{
	if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
		return MNL_CB_ERROR;
	*v = mnl_attr_get_u32(attr);
	return MNL_CB_OK;
}

static int get_u64(const struct nlattr *attr, uint64_t *v)
{
	if (mnl_attr_validate(attr, MNL_TYPE_U64) < 0)
		return MNL_CB_ERROR;
	*v = mnl_attr_get_u64(attr);
	return MNL_CB_OK;
}

static int parse(const struct nlmsghdr *nlh, mnl_attr_cb_t cb,
		 struct seen *seen, uint64_t required)
{
	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(struct genlmsghdr))
		return -EINVAL;
	errno = 0;
	if (mnl_attr_parse(nlh, sizeof(struct genlmsghdr), cb, seen) !=
	    MNL_CB_OK)
		return errno == ENOMEM ? -ENOMEM : -EINVAL;
	return (seen->mask & required) == required ? 0 : -EINVAL;
}

/**
 * kb_msg_cmd() - the generic netlink command of a message
 * @nlh: the message
 *
 * Return: the command, or -EINVAL if the message is too short for one.
 */
int kb_msg_cmd(const struct nlmsghdr *nlh)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);

	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(*genl))
		return -EINVAL;
	return genl->cmd;
}

static int get_str(const struct nlattr *attr, char **v)
{
	if (mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) < 0)
		return MNL_CB_ERROR;
	free(*v);
	*v = strdup(mnl_attr_get_str(attr));
	return *v ? MNL_CB_OK : MNL_CB_ERROR;
}

static int reply_attr(const struct nlattr *attr, void *data)
{
	struct seen *seen = data;
	struct kb_run_reply *r = seen->out;
	unsigned int type = mnl_attr_get_type(attr);
	int ret;

	switch (type) {
	case KAESBENCH_A_RUN_ID:
		ret = get_u32(attr, &r->id);
		break;
	case KAESBENCH_A_RUN_DEPTH:
		ret = get_u32(attr, &r->depth);
		break;
	case KAESBENCH_A_RUN_CONTEXT:
		ret = get_u32(attr, &r->context);
		r->has_context = ret == MNL_CB_OK;
		break;
	case KAESBENCH_A_RUN_KEY_BITS:
		ret = get_u32(attr, &r->key_bits);
		break;
	case KAESBENCH_A_VERIFY_CASES:
		ret = get_u32(attr, &r->cases);
		break;
	case KAESBENCH_A_VERIFY_SEED:
		ret = get_u64(attr, &r->seed);
		break;
	case KAESBENCH_A_VERIFY_REFERENCE:
		ret = get_str(attr, &r->reference);
		break;
	case KAESBENCH_A_RUN_MEMORY:
		ret = get_u64(attr, &r->memory);
		break;
	case KAESBENCH_A_RUN_CHECK_EVERY:
		ret = get_u32(attr, &r->check_every);
		r->has_check_every = ret == MNL_CB_OK;
		break;
	case KAESBENCH_A_RUN_WAITED_MS:
		ret = get_u64(attr, &r->waited_ms);
		r->has_waited_ms = ret == MNL_CB_OK;
		break;
	case KAESBENCH_A_NOTICE:
		ret = get_str(attr, &r->notice);
		break;
	default:
		return MNL_CB_OK;
	}
	if (ret == MNL_CB_OK)
		seen->mask |= BIT_ATTR(type);
	return ret;
}

static int reply_parse(const struct nlmsghdr *nlh, struct kb_run_reply *r,
		       uint64_t required)
{
	struct seen seen = { .out = r };
	int ret;

	memset(r, 0, sizeof(*r));
	ret = kb_impl_parse_msg(nlh, &r->impl);
	if (ret)
		return ret;
	return parse(nlh, reply_attr, &seen, required);
}

/**
 * kb_run_reply_parse() - parse the kernel's reply to KAESBENCH_CMD_RUN
 * @nlh: the message
 * @r: filled in; release it with kb_run_reply_release() whatever the
 *     result
 *
 * Return: 0, -EINVAL if malformed or lacking the run id, depth, key length
 * or implementation, or -ENOMEM.
 */
int kb_run_reply_parse(const struct nlmsghdr *nlh, struct kb_run_reply *r)
{
	int ret = reply_parse(nlh, r,
			      BIT_ATTR(KAESBENCH_A_RUN_ID) |
				      BIT_ATTR(KAESBENCH_A_RUN_DEPTH) |
				      BIT_ATTR(KAESBENCH_A_RUN_KEY_BITS));

	/* A run that verifies first names both the cases and the reference. */
	if (!ret && !r->cases != !r->reference)
		ret = -EINVAL;
	return ret;
}

/**
 * kb_verify_reply_parse() - parse the kernel's reply to KAESBENCH_CMD_VERIFY
 * @nlh: the message
 * @r: filled in (@r->depth 0 from a module before verification at depth);
 *     release it with kb_run_reply_release() whatever the result
 *
 * Return: 0, -EINVAL if malformed or lacking the run id, key length, cases,
 * seed, reference or implementation, or -ENOMEM.
 */
int kb_verify_reply_parse(const struct nlmsghdr *nlh, struct kb_run_reply *r)
{
	return reply_parse(nlh, r,
			   BIT_ATTR(KAESBENCH_A_RUN_ID) |
				   BIT_ATTR(KAESBENCH_A_RUN_KEY_BITS) |
				   BIT_ATTR(KAESBENCH_A_VERIFY_CASES) |
				   BIT_ATTR(KAESBENCH_A_VERIFY_SEED) |
				   BIT_ATTR(KAESBENCH_A_VERIFY_REFERENCE));
}

/**
 * kb_run_reply_release() - free what a parsed reply holds
 * @r: the reply
 */
void kb_run_reply_release(struct kb_run_reply *r)
{
	kb_impl_release(&r->impl);
	free(r->reference);
	r->reference = NULL;
	free(r->notice);
	r->notice = NULL;
}

struct sample_out {
	uint32_t *id;
	struct kb_sample *s;
	uint32_t fields; /* bit n: kb_sample_fields[n] was sent */
};

static int sample_attr(const struct nlattr *attr, void *data)
{
	struct seen *seen = data;
	struct sample_out *o = seen->out;
	unsigned int type = mnl_attr_get_type(attr);
	const struct kb_sample_field *f;

	if (type == KAESBENCH_A_RUN_ID) {
		if (get_u32(attr, o->id) != MNL_CB_OK)
			return MNL_CB_ERROR;
		seen->mask |= BIT_ATTR(type);
		return MNL_CB_OK;
	}
	f = kb_sample_field_of(type);
	if (!f)
		return MNL_CB_OK;
	if (mnl_attr_validate(attr,
			      f->bits == 32 ? MNL_TYPE_U32 : MNL_TYPE_U64) < 0)
		return MNL_CB_ERROR;
	kb_sample_set(o->s, f,
		      f->bits == 32 ? mnl_attr_get_u32(attr) :
				      mnl_attr_get_u64(attr));
	o->fields |= 1U << (f - kb_sample_fields);
	return MNL_CB_OK;
}

/**
 * kb_sample_parse() - parse a KAESBENCH_CMD_SAMPLE message
 * @nlh: the message
 * @id: set to the run id
 * @s: filled in; @s->has_cycles, has_cpu, has_busy_kinds and has_latency
 *     say which optional figures the kernel sent
 *
 * The fields are those of kb_sample_fields: the group every sample has is
 * required, the others come whole or not at all.
 *
 * Return: 0, or -EINVAL if malformed, lacking a required attribute, or
 * holding part of a group (busy time by kind, latencies) without the rest.
 */
int kb_sample_parse(const struct nlmsghdr *nlh, uint32_t *id,
		    struct kb_sample *s)
{
	struct sample_out o = { .id = id, .s = s };
	struct seen seen = { .out = &o };
	uint32_t group[KB_SG_COUNT] = { 0 }, partial = 0;
	size_t i;
	int ret;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < KB_SF_COUNT; i++)
		group[kb_sample_fields[i].group] |= 1U << i;
	ret = parse(nlh, sample_attr, &seen, BIT_ATTR(KAESBENCH_A_RUN_ID));
	if (!ret && (o.fields & group[KB_SG_ALWAYS]) != group[KB_SG_ALWAYS])
		ret = -EINVAL;
	for (i = KB_SG_ALWAYS + 1; i < KB_SG_COUNT; i++) {
		kb_sample_set_has(s, i, (o.fields & group[i]) == group[i]);
		if (o.fields & group[i] && !kb_sample_has(s, i))
			partial = 1;
	}
	/* Each group comes whole or not at all. */
	if (!ret && partial)
		ret = -EINVAL;
	return ret;
}

static int end_attr(const struct nlattr *attr, void *data)
{
	struct seen *seen = data;
	struct kb_run_end *e = seen->out;
	unsigned int type = mnl_attr_get_type(attr);
	uint32_t status = 0;
	int ret;

	switch (type) {
	case KAESBENCH_A_RUN_ID:
		ret = get_u32(attr, &e->id);
		break;
	case KAESBENCH_A_RUN_STATUS:
		ret = get_u32(attr, &status);
		e->status = (int32_t)status;
		/* 0 or a negative errno: anything else is no status. */
		if (e->status > 0 || e->status < -KB_MAX_ERRNO)
			ret = MNL_CB_ERROR;
		break;
	case KAESBENCH_A_RUN_MESSAGE:
		ret = get_str(attr, &e->message);
		break;
	case KAESBENCH_A_VERIFY_CASES:
		ret = get_u32(attr, &e->done);
		e->has_done = ret == MNL_CB_OK;
		break;
	case KAESBENCH_A_VERIFY_REQUESTS:
		ret = get_u64(attr, &e->requests);
		e->has_requests = ret == MNL_CB_OK;
		break;
	case KAESBENCH_A_VERIFY_WRONG:
		ret = get_u64(attr, &e->wrong);
		break;
	case KAESBENCH_A_VERIFY_ERRORS:
		ret = get_u64(attr, &e->errors);
		break;
	case KAESBENCH_A_VERIFY_BYTES:
		ret = get_u64(attr, &e->bytes);
		break;
	case KAESBENCH_A_VERIFY_SLOWEST_NS:
		ret = get_u64(attr, &e->slowest_ns);
		break;
	case KAESBENCH_A_VERIFY_CASE:
		ret = kb_vcase_parse(attr, &e->vcase) ? MNL_CB_ERROR :
							MNL_CB_OK;
		e->has_case = ret == MNL_CB_OK;
		break;
	case KAESBENCH_A_RUN_REFUSED:
		ret = mnl_attr_get_payload_len(attr) ? MNL_CB_ERROR : MNL_CB_OK;
		e->refused = ret == MNL_CB_OK;
		break;
	case KAESBENCH_A_RUN_CHECKED:
		ret = get_u64(attr, &e->checked);
		e->has_checked = ret == MNL_CB_OK;
		break;
	case KAESBENCH_A_RUN_WRONG:
		ret = get_u64(attr, &e->measured_wrong);
		break;
	case KAESBENCH_A_RUN_WAITED_MS:
		ret = get_u64(attr, &e->waited_ms);
		e->has_waited_ms = ret == MNL_CB_OK;
		break;
	case KAESBENCH_A_NOTICE:
		ret = get_str(attr, &e->notice);
		break;
	default:
		return MNL_CB_OK;
	}
	if (ret == MNL_CB_OK)
		seen->mask |= BIT_ATTR(type);
	return ret;
}

/**
 * kb_run_end_parse() - parse a KAESBENCH_CMD_RUN_END message
 * @nlh: the message
 * @e: filled in; free @e->message and @e->notice whatever the result
 *
 * Return: 0, -EINVAL if malformed or lacking the run id or status, or
 * -ENOMEM.
 */
int kb_run_end_parse(const struct nlmsghdr *nlh, struct kb_run_end *e)
{
	struct seen seen = { .out = e };

	memset(e, 0, sizeof(*e));
	return parse(nlh, end_attr, &seen,
		     BIT_ATTR(KAESBENCH_A_RUN_ID) |
			     BIT_ATTR(KAESBENCH_A_RUN_STATUS));
}

/* The job ahead of a waiting one: attributes of enum kaesbench_wait_attr. */
static int ahead_attr(const struct nlattr *attr, void *data)
{
	struct seen *seen = data;
	struct kb_wait *w = seen->out;
	unsigned int type = mnl_attr_get_type(attr);
	int ret;

	switch (type) {
	case KAESBENCH_WAIT_A_JOB_ID:
		ret = get_u32(attr, &w->job_id);
		break;
	case KAESBENCH_WAIT_A_CMD:
		ret = get_u32(attr, &w->cmd);
		break;
	case KAESBENCH_WAIT_A_PID:
		ret = get_u32(attr, &w->pid);
		break;
	case KAESBENCH_WAIT_A_COMM:
		ret = mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) < 0 ?
			      MNL_CB_ERROR :
			      MNL_CB_OK;
		if (ret == MNL_CB_OK)
			snprintf(w->comm, sizeof(w->comm), "%s",
				 mnl_attr_get_str(attr));
		break;
	case KAESBENCH_WAIT_A_ELAPSED_MS:
		ret = get_u64(attr, &w->elapsed_ms);
		break;
	case KAESBENCH_WAIT_A_STATED_MS:
		ret = get_u64(attr, &w->stated_ms);
		break;
	case KAESBENCH_WAIT_A_STOPPING:
		ret = mnl_attr_get_payload_len(attr) ? MNL_CB_ERROR : MNL_CB_OK;
		w->stopping = ret == MNL_CB_OK;
		break;
	case KAESBENCH_WAIT_A_AHEAD:
		ret = get_u32(attr, &w->ahead);
		break;
	default:
		return MNL_CB_OK;
	}
	if (ret == MNL_CB_OK)
		seen->mask |= BIT_ATTR(type);
	return ret;
}

/* What the job ahead must be said to be. */
#define WAIT_REQUIRED                                                 \
	(1U << KAESBENCH_WAIT_A_JOB_ID | 1U << KAESBENCH_WAIT_A_CMD | \
	 1U << KAESBENCH_WAIT_A_PID | 1U << KAESBENCH_WAIT_A_COMM |   \
	 1U << KAESBENCH_WAIT_A_ELAPSED_MS | 1U << KAESBENCH_WAIT_A_AHEAD)

struct wait_msg {
	uint32_t *id;
	struct kb_wait *w;
};

static int wait_attr(const struct nlattr *attr, void *data)
{
	struct seen *seen = data;
	struct wait_msg *m = seen->out;
	struct seen nest = { .out = m->w };
	unsigned int type = mnl_attr_get_type(attr);
	int ret;

	switch (type) {
	case KAESBENCH_A_RUN_ID:
		ret = get_u32(attr, m->id);
		break;
	case KAESBENCH_A_WAIT:
		if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0 ||
		    mnl_attr_parse_nested(attr, ahead_attr, &nest) != MNL_CB_OK)
			return MNL_CB_ERROR;
		ret = (nest.mask & WAIT_REQUIRED) == WAIT_REQUIRED ?
			      MNL_CB_OK :
			      MNL_CB_ERROR;
		break;
	default:
		return MNL_CB_OK;
	}
	if (ret == MNL_CB_OK)
		seen->mask |= BIT_ATTR(type);
	return ret;
}

/**
 * kb_run_wait_parse() - parse a KAESBENCH_CMD_RUN_WAIT message
 * @nlh: the message
 * @id: set to the waiting job's id
 * @w: filled in with the job ahead (@w->waited, @w->updates and the
 *     waited time are left 0)
 *
 * Return: 0, or -EINVAL if malformed or lacking the id, or the job ahead's
 * id, kind, process, command, elapsed time or place in the queue.
 */
int kb_run_wait_parse(const struct nlmsghdr *nlh, uint32_t *id,
		      struct kb_wait *w)
{
	struct wait_msg m = { .id = id, .w = w };
	struct seen seen = { .out = &m };

	memset(w, 0, sizeof(*w));
	return parse(nlh, wait_attr, &seen,
		     BIT_ATTR(KAESBENCH_A_RUN_ID) | BIT_ATTR(KAESBENCH_A_WAIT));
}

/* The job waits for its turn: who is ahead of it now. */
static int on_wait(const struct nlmsghdr *nlh, struct kb_run *run)
{
	struct kb_wait ahead;
	uint32_t id;
	int ret = kb_run_wait_parse(nlh, &id, &ahead);

	/* Only before the job's first message: it waits no more after. */
	if (ret || run->state == KB_RUN_STARTED)
		return ret;
	ahead.waited = true;
	ahead.updates = run->wait.updates + 1;
	run->wait = ahead;
	return 0;
}

/* A job's first message or refusal says how long it waited, if it did. */
static void waited(struct kb_run *run, bool has, uint64_t ms)
{
	if (!has)
		return;
	run->wait.waited = true;
	run->wait.waited_ms = ms;
	run->wait.has_waited_ms = true;
}

/*
 * Whether a job runs where it was asked to: a module that does not echo
 * the context runs in thread context whatever was asked (a module that
 * ignored the attribute), and its figures are no softirq figures.
 */
static bool context_confirmed(const struct kb_run_reply *r,
			      const struct kb_run *run)
{
	if (!r->has_context)
		return run->context == KAESBENCH_CONTEXT_THREAD;
	return r->context == run->context;
}

static int on_reply(const struct nlmsghdr *nlh, struct kb_run *run, bool verify)
{
	struct kb_run_reply r;
	int ret = verify ? kb_verify_reply_parse(nlh, &r) :
			   kb_run_reply_parse(nlh, &r);

	if (ret) {
		kb_run_reply_release(&r);
		return ret;
	}
	if (!context_confirmed(&r, run)) {
		/* Its id, for the runner to stop it; nothing else is kept. */
		run->id = r.id;
		kb_run_reply_release(&r);
		free(run->message);
		run->message = strdup(KB_CONTEXT_UNKNOWN);
		run->status = -EPROTO;
		run->state = KB_RUN_LOST;
		return 0;
	}
	kb_impl_release(&run->impl);
	run->impl = r.impl;
	free(run->notice);
	run->notice = r.notice;
	run->memory_bytes = r.memory;
	run->check_every = r.check_every;
	run->has_check_every = r.has_check_every;
	run->id = r.id;
	run->depth = r.depth;
	run->key_bits = r.key_bits;
	run->check.cases = r.cases;
	run->check.depth = r.depth;
	free(run->check.reference);
	run->check.reference = r.reference;
	run->check.seed = r.seed;
	run->check.has_seed = verify;
	waited(run, r.has_waited_ms, r.waited_ms);
	run->state = KB_RUN_STARTED;
	return 0;
}

static int on_sample(const struct nlmsghdr *nlh, struct kb_run *run)
{
	struct kb_sample s;
	uint32_t id;
	int ret = kb_sample_parse(nlh, &id, &s);

	if (ret)
		return ret;
	/* Before the reply, or from another run: not ours. */
	if (run->state != KB_RUN_STARTED || id != run->id)
		return 0;
	return kb_run_add_sample(run, &s);
}

static int on_end(const struct nlmsghdr *nlh, struct kb_run *run)
{
	struct kb_run_end e;
	int ret = kb_run_end_parse(nlh, &e);

	/*
	 * Refused in the job's thread: no start message came before. (An
	 * end without a start but not flagged so is one too: the job could
	 * not say it started.)
	 */
	if (!ret && run->state != KB_RUN_STARTED) {
		free(run->message);
		run->message = e.message;
		free(run->notice);
		run->notice = e.notice;
		run->status = e.status;
		waited(run, e.has_waited_ms, e.waited_ms);
		run->state = KB_RUN_REFUSED;
		return 0;
	}
	if (ret || run->state != KB_RUN_STARTED || e.id != run->id) {
		free(e.message);
		free(e.notice);
		return ret;
	}
	if (e.notice) {
		free(run->notice);
		run->notice = e.notice;
	}
	free(run->message);
	run->message = e.message;
	run->status = e.status;
	run->check.done = e.done;
	run->check.has_done = e.has_done;
	run->check.requests = e.requests;
	run->check.wrong = e.wrong;
	run->check.errors = e.errors;
	run->check.bytes = e.bytes;
	run->check.slowest_ns = e.slowest_ns;
	run->check.has_requests = e.has_requests;
	run->check.vcase = e.vcase;
	run->check.has_case = e.has_case;
	run->measured_checked = e.checked;
	run->measured_wrong = e.measured_wrong;
	run->has_measured = e.has_checked;
	/*
	 * A wrong measured request makes every figure of the run worthless,
	 * those of the sizes before too: none is kept to be shown, saved,
	 * compared or plotted.
	 */
	if (e.measured_wrong)
		run->samples = 0;
	run->state = KB_RUN_ENDED;
	return 0;
}

/**
 * kb_run_msg_cb() - libmnl data callback collecting a job's messages
 * @nlh: a message from the kaesbench family
 * @data: the struct kb_run
 *
 * Messages of other commands, and samples and ends of other runs, are
 * skipped.
 *
 * Return: MNL_CB_STOP once the run's KAESBENCH_CMD_RUN_END arrived,
 * MNL_CB_OK to read on, or MNL_CB_ERROR with errno set.
 */
int kb_run_msg_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kb_run *run = data;
	int ret;

	switch (kb_msg_cmd(nlh)) {
	case KAESBENCH_CMD_RUN:
	case KAESBENCH_CMD_VERIFY:
		ret = on_reply(nlh, run,
			       kb_msg_cmd(nlh) == KAESBENCH_CMD_VERIFY);
		break;
	case KAESBENCH_CMD_SAMPLE:
		ret = on_sample(nlh, run);
		break;
	case KAESBENCH_CMD_RUN_END:
		ret = on_end(nlh, run);
		break;
	case KAESBENCH_CMD_RUN_WAIT:
		ret = on_wait(nlh, run);
		break;
	case -EINVAL:
		ret = -EINVAL;
		break;
	default:
		return MNL_CB_OK;
	}
	if (ret) {
		errno = -ret;
		return MNL_CB_ERROR;
	}
	/* KB_RUN_LOST: on_reply() gave the job up. */
	return run->state == KB_RUN_ENDED || run->state == KB_RUN_REFUSED ||
			       run->state == KB_RUN_LOST ?
		       MNL_CB_STOP :
		       MNL_CB_OK;
}
