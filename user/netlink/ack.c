// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Every family's answers, walked with libmnl: data messages to the
 * caller's callback, an ack or the end of a dump to a stop, an error to
 * its errno with the kernel's extended ack kept (NLMSGERR_ATTR_MSG, _OFFS
 * and _POLICY), and the sentence that says why a request failed.
 */

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "netlink/ack.h"

/* The attribute of NLMSGERR_ATTR_POLICY that carries each bound. */
static const struct {
	uint16_t attr;
	enum mnl_attr_data_type type;
} bound_attr[KB_NL_BOUNDS] = {
	[KB_NL_MIN_U] = { NL_POLICY_TYPE_ATTR_MIN_VALUE_U, MNL_TYPE_U64 },
	[KB_NL_MAX_U] = { NL_POLICY_TYPE_ATTR_MAX_VALUE_U, MNL_TYPE_U64 },
	[KB_NL_MIN_S] = { NL_POLICY_TYPE_ATTR_MIN_VALUE_S, MNL_TYPE_U64 },
	[KB_NL_MAX_S] = { NL_POLICY_TYPE_ATTR_MAX_VALUE_S, MNL_TYPE_U64 },
	[KB_NL_MIN_LEN] = { NL_POLICY_TYPE_ATTR_MIN_LENGTH, MNL_TYPE_U32 },
	[KB_NL_MAX_LEN] = { NL_POLICY_TYPE_ATTR_MAX_LENGTH, MNL_TYPE_U32 },
};

static int policy_attr_cb(const struct nlattr *attr, void *data)
{
	struct kb_nl_policy *p = data;
	int b;

	/* Padding, the type and bounds this tool cannot print are skipped. */
	for (b = 0; b < KB_NL_BOUNDS; b++) {
		if (mnl_attr_get_type(attr) != bound_attr[b].attr ||
		    mnl_attr_validate(attr, bound_attr[b].type) < 0)
			continue;
		p->bound[b] = bound_attr[b].type == MNL_TYPE_U64 ?
				      mnl_attr_get_u64(attr) :
				      mnl_attr_get_u32(attr);
		p->has |= 1U << b;
	}
	return MNL_CB_OK;
}

static int extack_attr_cb(const struct nlattr *attr, void *data)
{
	struct kb_nl_reply *r = data;

	/* A malformed extack must not hide the error it came with. */
	switch (mnl_attr_get_type(attr)) {
	case NLMSGERR_ATTR_MSG:
		if (mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) < 0)
			break;
		free(r->msg);
		r->msg = strdup(mnl_attr_get_str(attr));
		break;
	case NLMSGERR_ATTR_OFFS:
		if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
			break;
		r->offs = mnl_attr_get_u32(attr);
		r->has_offs = true;
		break;
	case NLMSGERR_ATTR_POLICY:
		if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0)
			break;
		memset(&r->policy, 0, sizeof(r->policy));
		mnl_attr_parse_nested(attr, policy_attr_cb, &r->policy);
		break;
	}
	return MNL_CB_OK;
}

static void parse_extack(const struct nlmsghdr *nlh, size_t offset,
			 struct kb_nl_reply *r)
{
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) ||
	    offset > mnl_nlmsg_get_payload_len(nlh))
		return;
	mnl_attr_parse(nlh, offset, extack_attr_cb, r);
}

static int set_error(struct kb_nl_reply *r, int error)
{
	/* The kernel sends -errno; anything else is not an errno at all. */
	r->error = error < 0 && error > -4096 ? -error : EPROTO;
	return MNL_CB_ERROR;
}

static int error_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);
	struct kb_nl_reply *r = data;
	size_t offset = sizeof(*err);

	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(*err))
		return set_error(r, -EBADMSG);
	if (!err->error)
		return MNL_CB_STOP;
	/* Without NETLINK_CAP_ACK the request is echoed before the TLVs. */
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
		offset += err->msg.nlmsg_len - sizeof(err->msg);
	parse_extack(nlh, offset, r);
	return set_error(r, err->error);
}

static int done_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kb_nl_reply *r = data;
	int error;

	/* A dump that fails half way reports it in NLMSG_DONE. */
	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(error))
		return MNL_CB_STOP;
	memcpy(&error, mnl_nlmsg_get_payload(nlh), sizeof(error));
	if (!error)
		return MNL_CB_STOP;
	parse_extack(nlh, sizeof(error), r);
	return set_error(r, error);
}

static int data_cb(const struct nlmsghdr *nlh, void *data)
{
	struct kb_nl_reply *r = data;
	int ret;

	if (!r->cb)
		return MNL_CB_OK;
	ret = r->cb(nlh, r->data);
	if (ret == MNL_CB_ERROR)
		r->bad_reply = true;
	return ret;
}

/* Not const only because mnl_cb_run2() takes a plain pointer. */
static mnl_cb_t ctl_cb[NLMSG_MIN_TYPE] = {
	[NLMSG_ERROR] = error_cb,
	[NLMSG_DONE] = done_cb,
};

/*
 * A request whose answer goes on after its ack (KAESBENCH_CMD_RUN) must not
 * stop at the ack.
 */
static int ack_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);
	struct kb_nl_reply *r = data;

	if (mnl_nlmsg_get_payload_len(nlh) >= sizeof(*err) && !err->error) {
		r->acked = true;
		return MNL_CB_OK;
	}
	return error_cb(nlh, data);
}

static mnl_cb_t stream_ctl_cb[NLMSG_MIN_TYPE] = {
	[NLMSG_ERROR] = ack_cb,
	[NLMSG_DONE] = done_cb,
};

/**
 * kb_nl_lengths_ok() - whether libmnl can walk a received buffer
 * @buf: what one recvfrom() returned
 * @len: its length
 *
 * libmnl's mnl_nlmsg_ok() compares a message's length as an int: one that
 * claims 2 GiB or more passes, and its walk then reads past the buffer or,
 * at 4 GiB - 1, never moves on. No kernel sends such a message, but a
 * process with CAP_NET_ADMIN can send the socket anything: it is refused
 * before libmnl sees it.
 *
 * Return: true if every message libmnl would visit lies within @buf.
 */
bool kb_nl_lengths_ok(const void *buf, size_t len)
{
	const struct nlmsghdr *nlh = buf;
	size_t step;

	while (len >= sizeof(*nlh) && nlh->nlmsg_len >= sizeof(*nlh)) {
		if (nlh->nlmsg_len > INT_MAX)
			return false;
		step = MNL_ALIGN(nlh->nlmsg_len);
		if (step >= len)
			break; /* the last one, or one libmnl stops at */
		len -= step;
		nlh = (const struct nlmsghdr *)((const char *)nlh + step);
	}
	return true;
}

/**
 * kb_nl_run_batch() - walk what one recvfrom() returned
 * @buf: the messages
 * @len: their length
 * @seq: the request's sequence number (0: any)
 * @portid: the socket's port id (0: any)
 * @r: @r->cb is called with each data message; an error sets @r->error
 *     and @r->msg (free it)
 * @stream: the answer goes on after the ack (KAESBENCH_CMD_RUN): an ack
 *	    sets @r->acked and the walk reads on
 *
 * A buffer kb_nl_lengths_ok() refuses is not walked: @r->bad_reply, and
 * errno EBADMSG.
 *
 * Return: as mnl_cb_run2(): MNL_CB_OK to read on, MNL_CB_STOP at the end,
 * MNL_CB_ERROR with errno set (EINTR for a dump the kernel marked
 * inconsistent), @r->error or @r->bad_reply saying why.
 */
int kb_nl_run_batch(const void *buf, size_t len, uint32_t seq, uint32_t portid,
		    struct kb_nl_reply *r, bool stream)
{
	if (!kb_nl_lengths_ok(buf, len)) {
		r->bad_reply = true;
		errno = EBADMSG;
		return MNL_CB_ERROR;
	}
	if (stream)
		return mnl_cb_run2(buf, len, seq, portid, data_cb, r,
				   stream_ctl_cb,
				   MNL_ARRAY_SIZE(stream_ctl_cb));
	return mnl_cb_run2(buf, len, seq, portid, data_cb, r, ctl_cb,
			   MNL_ARRAY_SIZE(ctl_cb));
}

/**
 * kb_nl_has_end() - whether a buffer holds the message that ends a dump
 * @buf: what one recvfrom() returned
 * @len: its length
 *
 * libmnl gives up on an interrupted dump at its first flagged message; the
 * rest must still be read, up to the buffer this finds, so that a retry on
 * the socket starts clean.
 *
 * Return: true at NLMSG_DONE or NLMSG_ERROR, and for a buffer libmnl
 * cannot walk (reading on would not help).
 */
bool kb_nl_has_end(const void *buf, size_t len)
{
	const struct nlmsghdr *nlh = buf;
	int rem = len;

	if (!kb_nl_lengths_ok(buf, len))
		return true;
	for (; mnl_nlmsg_ok(nlh, rem); nlh = mnl_nlmsg_next(nlh, &rem))
		if (nlh->nlmsg_type == NLMSG_DONE ||
		    nlh->nlmsg_type == NLMSG_ERROR)
			return true;
	return false;
}

/*
 * The type of the top-level attribute of the request that holds byte @offs,
 * or -1. An attribute nested in it belongs to the same option, so holding
 * rather than starting at @offs finds nested attributes too.
 */
static int attr_at(const struct nlmsghdr *req, uint32_t offs)
{
	const struct nlattr *attr =
		mnl_nlmsg_get_payload_offset(req, sizeof(struct genlmsghdr));
	const char *end = mnl_nlmsg_get_payload_tail(req);
	size_t start;

	for (; mnl_attr_ok(attr, end - (const char *)attr);
	     attr = mnl_attr_next(attr)) {
		start = (const char *)attr - (const char *)req;
		if (offs >= start && offs < start + attr->nla_len)
			return mnl_attr_get_type(attr);
	}
	return -1;
}

/**
 * kb_nl_refused_attr() - the request attribute an error ack points at
 * @r: what the kernel answered; @r->req set to the request as sent
 *
 * Return: the top-level attribute's type, or -1 when the kernel pointed
 * at none (or the request is not at hand).
 */
int kb_nl_refused_attr(const struct kb_nl_reply *r)
{
	if (!r->has_offs || !r->req)
		return -1;
	return attr_at(r->req, r->offs);
}

/* What the user called the attribute the kernel refused, or NULL. */
static const char *refused_option(const struct kb_nl_reply *r)
{
	int type = kb_nl_refused_attr(r);

	if (!r->attr_name)
		return NULL;
	return type < 0 ? NULL : r->attr_name(type);
}

static bool has_bounds(const struct kb_nl_policy *p, enum kb_nl_bound min,
		       enum kb_nl_bound max)
{
	unsigned int both = (1U << min) | (1U << max);

	return (p->has & both) == both;
}

/* The kernel sends integer bounds as a pair, lengths maybe as a maximum. */
static void print_bounds(FILE *f, const struct kb_nl_policy *p)
{
	const uint64_t *b = p->bound;

	if (has_bounds(p, KB_NL_MIN_U, KB_NL_MAX_U))
		fprintf(f, " must be %" PRIu64 " to %" PRIu64, b[KB_NL_MIN_U],
			b[KB_NL_MAX_U]);
	else if (has_bounds(p, KB_NL_MIN_S, KB_NL_MAX_S))
		fprintf(f, " must be %" PRId64 " to %" PRId64,
			(int64_t)b[KB_NL_MIN_S], (int64_t)b[KB_NL_MAX_S]);
	else if (has_bounds(p, KB_NL_MIN_LEN, KB_NL_MAX_LEN))
		fprintf(f, " must be %" PRIu64 " to %" PRIu64 " bytes long",
			b[KB_NL_MIN_LEN], b[KB_NL_MAX_LEN]);
	else if (p->has & (1U << KB_NL_MAX_LEN))
		fprintf(f, " must be at most %" PRIu64 " bytes long",
			b[KB_NL_MAX_LEN]);
}

static void print_extack(FILE *f, const struct kb_nl_reply *r)
{
	const char *option = refused_option(r);

	fprintf(f, "kaesbench: kernel: %s", r->msg);
	if (option) {
		fprintf(f, ": %s", option);
		print_bounds(f, &r->policy);
		fprintf(f, " (%s)\n", strerror(r->error));
		return;
	}
	if (r->has_offs)
		fprintf(f, " (attribute offset %u)", r->offs);
	fprintf(f, ": %s\n", strerror(r->error));
}

/**
 * kb_nl_report() - print why a request failed
 * @f: where to, stderr but for tests
 * @r: what the kernel answered
 * @local_errno: errno of the failed call, used when the kernel sent none
 * @what: what the request does, for the message
 *
 * The kernel's extended ack message, when there is one, is printed as
 * "kaesbench: kernel: <message>: <strerror>", or, when it points at an
 * attribute @r->attr_name names, as "kaesbench: kernel: <message>:
 * <option> must be <min> to <max> (<strerror>)", with the bounds only when
 * the kernel sent its policy.
 */
void kb_nl_report(FILE *f, const struct kb_nl_reply *r, int local_errno,
		  const char *what)
{
	if (r->error && r->msg)
		print_extack(f, r);
	else if (r->error)
		fprintf(f, "kaesbench: %s: %s\n", what, strerror(r->error));
	else if (r->bad_reply)
		fprintf(f,
			"kaesbench: %s: the module sent a reply this tool cannot parse: %s\n",
			what, strerror(local_errno));
	else
		fprintf(f, "kaesbench: %s: %s\n", what, strerror(local_errno));
}
