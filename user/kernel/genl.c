// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Finding the kaesbench family, checking that it speaks our protocol, and
 * running requests against it with the kernel's extended ack messages
 * turned into something a person can act on.
 */

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>
#include <linux/netlink.h>

#include "kernel/genl.h"

/* libmnl before 1.0.5 lacks it; the kernel never sends a dump skb larger. */
#ifndef MNL_SOCKET_DUMP_SIZE
#define MNL_SOCKET_DUMP_SIZE 32768
#endif

/* The attribute of NLMSGERR_ATTR_POLICY that carries each bound. */
static const struct {
	uint16_t attr;
	enum mnl_attr_data_type type;
} bound_attr[KB_GENL_BOUNDS] = {
	[KB_GENL_MIN_U] = { NL_POLICY_TYPE_ATTR_MIN_VALUE_U, MNL_TYPE_U64 },
	[KB_GENL_MAX_U] = { NL_POLICY_TYPE_ATTR_MAX_VALUE_U, MNL_TYPE_U64 },
	[KB_GENL_MIN_S] = { NL_POLICY_TYPE_ATTR_MIN_VALUE_S, MNL_TYPE_U64 },
	[KB_GENL_MAX_S] = { NL_POLICY_TYPE_ATTR_MAX_VALUE_S, MNL_TYPE_U64 },
	[KB_GENL_MIN_LEN] = { NL_POLICY_TYPE_ATTR_MIN_LENGTH, MNL_TYPE_U32 },
	[KB_GENL_MAX_LEN] = { NL_POLICY_TYPE_ATTR_MAX_LENGTH, MNL_TYPE_U32 },
};

static int policy_attr_cb(const struct nlattr *attr, void *data)
{
	struct kb_genl_policy *p = data;
	int b;

	/* Padding, the type and bounds this tool cannot print are skipped. */
	for (b = 0; b < KB_GENL_BOUNDS; b++) {
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
	struct kb_genl_reply *r = data;

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
			 struct kb_genl_reply *r)
{
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS) ||
	    offset > mnl_nlmsg_get_payload_len(nlh))
		return;
	mnl_attr_parse(nlh, offset, extack_attr_cb, r);
}

static int set_error(struct kb_genl_reply *r, int error)
{
	/* The kernel sends -errno; anything else is not an errno at all. */
	r->error = error < 0 && error > -4096 ? -error : EPROTO;
	return MNL_CB_ERROR;
}

static int error_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);
	struct kb_genl_reply *r = data;
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
	struct kb_genl_reply *r = data;
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
	struct kb_genl_reply *r = data;
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
	struct kb_genl_reply *r = data;

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
 * kb_genl_lengths_ok() - whether libmnl can walk a received buffer
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
bool kb_genl_lengths_ok(const void *buf, size_t len)
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

/* mnl_cb_run2() on a buffer kb_genl_lengths_ok() accepts, else EBADMSG. */
static int run_batch(const void *buf, size_t len, uint32_t seq, uint32_t portid,
		     struct kb_genl_reply *r, mnl_cb_t *ctl, unsigned int nctl)
{
	if (!kb_genl_lengths_ok(buf, len)) {
		r->bad_reply = true;
		errno = EBADMSG;
		return MNL_CB_ERROR;
	}
	return mnl_cb_run2(buf, len, seq, portid, data_cb, r, ctl, nctl);
}

/* Whether @buf holds the message that ends a dump. */
static bool has_end(const void *buf, size_t len)
{
	const struct nlmsghdr *nlh = buf;
	int rem = len;

	/* One libmnl cannot walk ends the drain: reading on would not help. */
	if (!kb_genl_lengths_ok(buf, len))
		return true;
	for (; mnl_nlmsg_ok(nlh, rem); nlh = mnl_nlmsg_next(nlh, &rem))
		if (nlh->nlmsg_type == NLMSG_DONE ||
		    nlh->nlmsg_type == NLMSG_ERROR)
			return true;
	return false;
}

/*
 * libmnl gives up on an interrupted dump at its first flagged message; the
 * rest must still be read so that a retry on this socket starts clean.
 */
static int drain(struct kb_genl *g, size_t len)
{
	ssize_t got;

	while (!has_end(g->buf, len)) {
		got = mnl_socket_recvfrom(g->nl, g->buf, g->buf_len);
		if (got < 0)
			return -1;
		len = got;
	}
	return 0;
}

/* Returns 0, or -1 with errno or @r->error saying why. */
static int transact(struct kb_genl *g, struct nlmsghdr *nlh,
		    struct kb_genl_reply *r)
{
	uint32_t seq = nlh->nlmsg_seq;
	ssize_t len;
	int ret;

	if (mnl_socket_sendto(g->nl, nlh, nlh->nlmsg_len) < 0)
		return -1;
	do {
		len = mnl_socket_recvfrom(g->nl, g->buf, g->buf_len);
		if (len < 0)
			return -1;
		ret = run_batch(g->buf, len, seq, g->portid, r, ctl_cb,
				MNL_ARRAY_SIZE(ctl_cb));
		if (ret < 0 && errno == EINTR && !r->error && !r->bad_reply) {
			r->intr = true;
			return drain(g, len);
		}
	} while (ret > MNL_CB_STOP);
	return ret < 0 ? -1 : 0;
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
 * kb_genl_refused_attr() - the request attribute an error ack points at
 * @r: what the kernel answered; @r->req set to the request as sent
 *
 * Return: the top-level attribute's type, or -1 when the kernel pointed
 * at none (or the request is not at hand).
 */
int kb_genl_refused_attr(const struct kb_genl_reply *r)
{
	if (!r->has_offs || !r->req)
		return -1;
	return attr_at(r->req, r->offs);
}

/* What the user called the attribute the kernel refused, or NULL. */
static const char *refused_option(const struct kb_genl_reply *r)
{
	int type = kb_genl_refused_attr(r);

	if (!r->attr_name)
		return NULL;
	return type < 0 ? NULL : r->attr_name(type);
}

static bool has_bounds(const struct kb_genl_policy *p, enum kb_genl_bound min,
		       enum kb_genl_bound max)
{
	unsigned int both = (1U << min) | (1U << max);

	return (p->has & both) == both;
}

/* The kernel sends integer bounds as a pair, lengths maybe as a maximum. */
static void print_bounds(FILE *f, const struct kb_genl_policy *p)
{
	const uint64_t *b = p->bound;

	if (has_bounds(p, KB_GENL_MIN_U, KB_GENL_MAX_U))
		fprintf(f, " must be %" PRIu64 " to %" PRIu64, b[KB_GENL_MIN_U],
			b[KB_GENL_MAX_U]);
	else if (has_bounds(p, KB_GENL_MIN_S, KB_GENL_MAX_S))
		fprintf(f, " must be %" PRId64 " to %" PRId64,
			(int64_t)b[KB_GENL_MIN_S], (int64_t)b[KB_GENL_MAX_S]);
	else if (has_bounds(p, KB_GENL_MIN_LEN, KB_GENL_MAX_LEN))
		fprintf(f, " must be %" PRIu64 " to %" PRIu64 " bytes long",
			b[KB_GENL_MIN_LEN], b[KB_GENL_MAX_LEN]);
	else if (p->has & (1U << KB_GENL_MAX_LEN))
		fprintf(f, " must be at most %" PRIu64 " bytes long",
			b[KB_GENL_MAX_LEN]);
}

static void print_extack(FILE *f, const struct kb_genl_reply *r)
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
 * kb_genl_report() - print why a request failed
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
void kb_genl_report(FILE *f, const struct kb_genl_reply *r, int local_errno,
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

static struct nlmsghdr *put_request(struct kb_genl *g, void *buf, uint16_t type,
				    uint16_t flags, uint8_t cmd,
				    uint8_t version)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;

	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	nlh->nlmsg_seq = ++g->seq;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = cmd;
	genl->version = version;
	return nlh;
}

static int op_attr_cb(const struct nlattr *attr, void *data)
{
	struct kb_genl *g = data;
	uint32_t id;

	if (mnl_attr_get_type(attr) != CTRL_ATTR_OP_ID)
		return MNL_CB_OK;
	if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
		return MNL_CB_ERROR;
	id = mnl_attr_get_u32(attr);
	if (id < 256)
		g->ops[id / 32] |= 1U << (id % 32);
	return MNL_CB_OK;
}

static int ops_attr_cb(const struct nlattr *attr, void *data)
{
	if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0)
		return MNL_CB_ERROR;
	return mnl_attr_parse_nested(attr, op_attr_cb, data);
}

static int family_attr_cb(const struct nlattr *attr, void *data)
{
	struct kb_genl *g = data;

	switch (mnl_attr_get_type(attr)) {
	case CTRL_ATTR_FAMILY_ID:
		if (mnl_attr_validate(attr, MNL_TYPE_U16) < 0)
			return MNL_CB_ERROR;
		g->family = mnl_attr_get_u16(attr);
		break;
	case CTRL_ATTR_VERSION:
		if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
			return MNL_CB_ERROR;
		g->version = mnl_attr_get_u32(attr);
		break;
	case CTRL_ATTR_OPS:
		if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0)
			return MNL_CB_ERROR;
		return mnl_attr_parse_nested(attr, ops_attr_cb, g);
	}
	return MNL_CB_OK;
}

static int family_cb(const struct nlmsghdr *nlh, void *data)
{
	return mnl_attr_parse(nlh, sizeof(struct genlmsghdr), family_attr_cb,
			      data);
}

static int get_family(struct kb_genl *g, bool quiet_missing)
{
	struct kb_genl_reply r = { .cb = family_cb, .data = g };
	struct nlmsghdr *nlh;
	int ret;

	nlh = put_request(g, g->buf, GENL_ID_CTRL, NLM_F_ACK,
			  CTRL_CMD_GETFAMILY, 1);
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, KAESBENCH_GENL_NAME);
	ret = transact(g, nlh, &r);
	if (ret && r.error == ENOENT && quiet_missing) {
		free(r.msg);
		return -ENOENT;
	}
	if (ret && r.error == ENOENT)
		fprintf(stderr,
			"kaesbench: the kaesbench kernel module is not loaded (no generic netlink family \"%s\").\n"
			"Load it with \"modprobe kaesbench\", or \"insmod kmod/kaesbench.ko\" from the source tree.\n",
			KAESBENCH_GENL_NAME);
	else if (ret)
		kb_genl_report(
			stderr, &r, errno,
			"looking up generic netlink family \"" KAESBENCH_GENL_NAME
			"\"");
	free(r.msg);
	if (ret)
		return -1;
	if (!g->family) {
		fprintf(stderr,
			"kaesbench: the kernel named no id for generic netlink family \"%s\"\n",
			KAESBENCH_GENL_NAME);
		return -1;
	}
	return 0;
}

static int open_family(struct kb_genl *g, bool quiet_missing)
{
	int one = 1, ret;

	memset(g, 0, sizeof(*g));
	g->buf_len = MNL_SOCKET_DUMP_SIZE;
	g->buf = malloc(g->buf_len);
	if (!g->buf) {
		perror("kaesbench");
		return -1;
	}
	g->nl = mnl_socket_open(NETLINK_GENERIC);
	if (!g->nl || mnl_socket_bind(g->nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		fprintf(stderr,
			"kaesbench: cannot open a generic netlink socket: %s\n",
			strerror(errno));
		return -1;
	}
	/* Kernels too old for these only lose the error messages. */
	mnl_socket_setsockopt(g->nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(g->nl, NETLINK_CAP_ACK, &one, sizeof(one));
	g->portid = mnl_socket_get_portid(g->nl);
	g->seq = time(NULL);
	ret = get_family(g, quiet_missing);
	if (ret)
		return ret;
	if (g->version != KAESBENCH_GENL_VERSION) {
		fprintf(stderr,
			"kaesbench: the loaded kaesbench module speaks protocol version %u, this tool speaks version %u; build both from the same source.\n",
			g->version, KAESBENCH_GENL_VERSION);
		return -1;
	}
	return 0;
}

/**
 * kb_genl_open() - connect to the kaesbench family
 * @g: filled in; close it with kb_genl_close() whatever the result
 *
 * Resolves the family and refuses a module speaking another protocol
 * version. Prints why on failure.
 *
 * Return: 0 or -1.
 */
int kb_genl_open(struct kb_genl *g)
{
	return open_family(g, false) ? -1 : 0;
}

/**
 * kb_genl_try_open() - connect to the kaesbench family if it is there
 * @g: filled in; close it with kb_genl_close() whatever the result
 *
 * As kb_genl_open(), but a missing family (the module is not loaded) is
 * not printed: the caller goes on without the kernel.
 *
 * Return: 0, -ENOENT when the family is missing, or -1 after printing why.
 */
int kb_genl_try_open(struct kb_genl *g)
{
	int ret = open_family(g, true);

	return ret == -ENOENT ? ret : ret ? -1 : 0;
}

/**
 * kb_genl_close() - release what kb_genl_open() took
 * @g: the connection, open or half open
 */
void kb_genl_close(struct kb_genl *g)
{
	if (g->nl)
		mnl_socket_close(g->nl);
	free(g->buf);
	memset(g, 0, sizeof(*g));
}

/**
 * kb_genl_has_op() - whether the loaded module offers a command
 * @g: an open connection
 * @cmd: an enum kaesbench_cmd value
 *
 * Return: true if the family listed @cmd among its operations.
 */
bool kb_genl_has_op(const struct kb_genl *g, uint8_t cmd)
{
	return g->ops[cmd / 32] & (1U << (cmd % 32));
}

/**
 * kb_genl_require_op() - refuse, with a message, a command not offered
 * @g: an open connection
 * @cmd: an enum kaesbench_cmd value
 * @name: what to call @cmd in the message
 *
 * Return: 0, or -1 after printing why.
 */
int kb_genl_require_op(const struct kb_genl *g, uint8_t cmd, const char *name)
{
	if (kb_genl_has_op(g, cmd))
		return 0;
	fprintf(stderr,
		"kaesbench: the loaded kaesbench module does not support command %s (%u); build the module and this tool from the same source.\n",
		name, cmd);
	return -1;
}

/**
 * kb_genl_dump() - run a dump request that takes no attributes
 * @g: an open connection
 * @cmd: an enum kaesbench_cmd value
 * @cb: called with each reply message; returns MNL_CB_ERROR with errno set
 *	to refuse one
 * @data: passed to @cb
 * @what: what the request does, for error messages
 *
 * Return: 0, KB_GENL_DUMP_INTR if the kernel marked the replies
 * inconsistent (the caller may retry), or -1 after printing why.
 */
int kb_genl_dump(struct kb_genl *g, uint8_t cmd, mnl_cb_t cb, void *data,
		 const char *what)
{
	struct kb_genl_reply r = { .cb = cb, .data = data };
	struct nlmsghdr *nlh;
	int ret;

	nlh = put_request(g, g->buf, g->family, NLM_F_DUMP, cmd,
			  KAESBENCH_GENL_VERSION);
	ret = transact(g, nlh, &r);
	if (ret)
		kb_genl_report(stderr, &r, errno, what);
	free(r.msg);
	if (ret)
		return -1;
	return r.intr ? KB_GENL_DUMP_INTR : 0;
}

/**
 * kb_genl_request() - start a request to the kaesbench family
 * @g: an open connection
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes or more as the
 *	 attributes need
 * @cmd: an enum kaesbench_cmd value
 * @flags: NLM_F_* besides NLM_F_REQUEST
 *
 * Return: the message, with a fresh sequence number, to add attributes to.
 */
struct nlmsghdr *kb_genl_request(struct kb_genl *g, void *buf, uint8_t cmd,
				 uint16_t flags)
{
	return put_request(g, buf, g->family, flags, cmd,
			   KAESBENCH_GENL_VERSION);
}

/**
 * kb_genl_send() - send a request built with kb_genl_request()
 * @g: an open connection
 * @nlh: the request
 *
 * Return: 0, or -1 with errno set.
 */
int kb_genl_send(struct kb_genl *g, const struct nlmsghdr *nlh)
{
	return mnl_socket_sendto(g->nl, nlh, nlh->nlmsg_len) < 0 ? -1 : 0;
}

/**
 * kb_genl_recv() - receive and handle one batch of answers to a request
 * @g: an open connection
 * @seq: the request's sequence number
 * @r: @r->cb is called with each data message; an ack sets @r->acked, an
 *     error sets @r->error and @r->msg (free it)
 *
 * For requests whose answers go on after the ack. Blocks in recvfrom(),
 * which a signal handler installed without SA_RESTART interrupts.
 *
 * Return: 1 to read on, 0 once @r->cb returned MNL_CB_STOP, or -1 with
 * errno set (EINTR when interrupted), @r->error when the kernel answered
 * with an error, @r->bad_reply when @r->cb refused a message.
 */
int kb_genl_recv(struct kb_genl *g, uint32_t seq, struct kb_genl_reply *r)
{
	ssize_t len;
	int ret;

	len = mnl_socket_recvfrom(g->nl, g->buf, g->buf_len);
	if (len < 0)
		return -1;
	ret = run_batch(g->buf, len, seq, g->portid, r, stream_ctl_cb,
			MNL_ARRAY_SIZE(stream_ctl_cb));
	if (ret < 0)
		return -1;
	return ret == MNL_CB_STOP ? 0 : 1;
}

/**
 * kb_genl_fd() - the socket of a connection, to poll() it
 * @g: an open connection
 *
 * Return: the file descriptor.
 */
int kb_genl_fd(const struct kb_genl *g)
{
	return mnl_socket_get_fd(g->nl);
}
