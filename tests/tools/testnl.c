// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The test tools' netlink plumbing. Sockets are non-blocking once the
 * family is found, so that no tool can wait forever on a kernel that does
 * not answer: every read is bounded by a poll() timeout.
 */

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <linux/genetlink.h>
#include <linux/kaesbench.h>
#include <linux/netlink.h>

#include "testnl.h"

/* How long the controller may take to answer the family lookup. */
#define LOOKUP_TIMEOUT_MS 5000

/**
 * tnl_drop_privileges() - become an unprivileged user for good
 * @spec: "UID" or "UID:GID" (the group defaults to the user id)
 *
 * Return: 0, or -1 (printed).
 */
int tnl_drop_privileges(const char *spec)
{
	char *end;
	unsigned long uid = strtoul(spec, &end, 10);
	unsigned long gid = uid;

	if (*end == ':')
		gid = strtoul(end + 1, &end, 10);
	if (*end || end == spec) {
		fprintf(stderr, "bad user '%s': UID or UID:GID\n", spec);
		return -1;
	}
	/* Groups first: setuid() takes away the right to change them. */
	if (setgroups(0, NULL) || setgid(gid) || setuid(uid)) {
		perror("dropping privileges");
		return -1;
	}
	/* A non-zero uid without SECBIT_KEEP_CAPS has no capabilities left. */
	if (uid && setuid(0) == 0) {
		fprintf(stderr, "dropping privileges: uid 0 came back\n");
		return -1;
	}
	return 0;
}

static int count_groups(const struct nlattr *attr, void *data)
{
	(void)attr;
	(*(unsigned int *)data)++;
	return MNL_CB_OK;
}

static int family_attr(const struct nlattr *attr, void *data)
{
	struct tnl *t = data;

	switch (mnl_attr_get_type(attr)) {
	case CTRL_ATTR_FAMILY_ID:
		if (mnl_attr_validate(attr, MNL_TYPE_U16) >= 0)
			t->family = mnl_attr_get_u16(attr);
		break;
	case CTRL_ATTR_VERSION:
		if (mnl_attr_validate(attr, MNL_TYPE_U32) >= 0)
			t->version = mnl_attr_get_u32(attr);
		break;
	case CTRL_ATTR_MCAST_GROUPS:
		mnl_attr_parse_nested(attr, count_groups, &t->mcast_groups);
		break;
	}
	return MNL_CB_OK;
}

static int family_msg(const struct nlmsghdr *nlh, void *data)
{
	return mnl_attr_parse(nlh, sizeof(struct genlmsghdr), family_attr,
			      data);
}

static int lookup_family(struct tnl *t)
{
	static char buf[TNL_RECV_SIZE];
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;
	uint32_t seq = time(NULL);
	ssize_t len;
	int ret;

	nlh->nlmsg_type = GENL_ID_CTRL;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = seq;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = CTRL_CMD_GETFAMILY;
	genl->version = 1;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, KAESBENCH_GENL_NAME);
	if (tnl_send(t, nlh, nlh->nlmsg_len) < 0)
		return -1;
	do {
		len = tnl_recv(t, buf, sizeof(buf), LOOKUP_TIMEOUT_MS);
		if (len <= 0) {
			fprintf(stderr, "family lookup: %s\n",
				len ? strerror(errno) : "no answer");
			return -1;
		}
		ret = mnl_cb_run(buf, len, seq, t->portid, family_msg, t);
	} while (ret > 0);
	if (ret < 0 && errno == EPROTO) {
		/* The port's last owner may have left a run behind. */
		fprintf(stderr,
			"family lookup: a new socket got a message that answers none of its requests\n");
		return -1;
	}
	if (ret < 0 || !t->family) {
		fprintf(stderr, "family %s not found: %s\n",
			KAESBENCH_GENL_NAME, strerror(errno));
		return -1;
	}
	return 0;
}

/**
 * tnl_socket() - an unbound, non-blocking generic netlink socket
 * @t: filled in, but for the port and the family
 *
 * Extended acks are on, and capped: an error does not echo the request.
 *
 * Return: 0, or -1 (printed).
 */
int tnl_socket(struct tnl *t)
{
	int one = 1;

	memset(t, 0, sizeof(*t));
	t->nl = mnl_socket_open(NETLINK_GENERIC);
	if (!t->nl) {
		perror("netlink socket");
		return -1;
	}
	t->fd = mnl_socket_get_fd(t->nl);
	mnl_socket_setsockopt(t->nl, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(t->nl, NETLINK_CAP_ACK, &one, sizeof(one));
	if (fcntl(t->fd, F_SETFL, fcntl(t->fd, F_GETFL) | O_NONBLOCK)) {
		perror("netlink socket");
		tnl_close(t);
		return -1;
	}
	return 0;
}

/**
 * tnl_bind() - bind a socket from tnl_socket()
 * @t: the socket
 * @portid: the port, or MNL_SOCKET_AUTOPID for any
 *
 * Return: 0, or -1 (printed).
 */
int tnl_bind(struct tnl *t, uint32_t portid)
{
	if (mnl_socket_bind(t->nl, 0, portid) < 0) {
		perror("binding the netlink socket");
		return -1;
	}
	t->portid = mnl_socket_get_portid(t->nl);
	return 0;
}

/**
 * tnl_open_port() - a non-blocking socket that knows the kaesbench family
 * @t: filled in
 * @portid: the port to bind to, or MNL_SOCKET_AUTOPID for any
 *
 * Return: 0, or -1 (printed).
 */
int tnl_open_port(struct tnl *t, uint32_t portid)
{
	if (tnl_socket(t))
		return -1;
	if (tnl_bind(t, portid) || lookup_family(t)) {
		tnl_close(t);
		return -1;
	}
	return 0;
}

/**
 * tnl_open() - tnl_open_port() on any port
 * @t: filled in
 *
 * Return: 0, or -1 (printed).
 */
int tnl_open(struct tnl *t)
{
	return tnl_open_port(t, MNL_SOCKET_AUTOPID);
}

/**
 * tnl_close() - close the socket (which stops a run it started)
 * @t: from tnl_open(), even a failed one; closing twice is harmless
 */
void tnl_close(struct tnl *t)
{
	if (t->nl)
		mnl_socket_close(t->nl);
	t->nl = NULL;
}

/**
 * tnl_send() - send bytes to the kernel
 * @t: the socket
 * @buf: one or more messages, or something that looks like them
 * @len: bytes
 *
 * The kernel handles a request during the send: its acks are queued on
 * the socket when this returns (a dump's further parts come as it is read).
 *
 * Return: 0, or -1 with errno set.
 */
int tnl_send(struct tnl *t, const void *buf, size_t len)
{
	return mnl_socket_sendto(t->nl, buf, len) < 0 ? -1 : 0;
}

/**
 * tnl_recv() - read one datagram, waiting at most @timeout_ms
 * @t: the socket
 * @buf: where to
 * @size: its size (TNL_RECV_SIZE holds anything the kernel sends)
 * @timeout_ms: 0 to take only what is queued already
 *
 * Return: its length; 0 when nothing came in time; -1 with errno set
 * (ENOBUFS: the kernel dropped messages the socket had no room for).
 */
ssize_t tnl_recv(struct tnl *t, void *buf, size_t size, int timeout_ms)
{
	struct pollfd pfd = { .fd = t->fd, .events = POLLIN };
	ssize_t len;
	int ret;

	for (;;) {
		len = mnl_socket_recvfrom(t->nl, buf, size);
		if (len >= 0 || (errno != EAGAIN && errno != EINTR))
			return len;
		if (!timeout_ms)
			return 0;
		ret = poll(&pfd, 1, timeout_ms);
		if (ret == 0)
			return 0;
		if (ret < 0 && errno != EINTR)
			return -1;
	}
}

static int extack_attr(const struct nlattr *attr, void *data)
{
	if (mnl_attr_get_type(attr) == NLMSGERR_ATTR_MSG &&
	    mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) >= 0)
		*(const char **)data = mnl_attr_get_str(attr);
	return MNL_CB_OK;
}

/**
 * tnl_error() - what an error ack, or the end of a dump, says
 * @nlh: an NLMSG_ERROR or NLMSG_DONE message
 * @msg: set to the extended ack message in it, or NULL
 *
 * Return: 0 (an ack, or a dump that ended well) or a negative errno.
 */
int tnl_error(const struct nlmsghdr *nlh, const char **msg)
{
	const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);
	unsigned int offset;
	int error;

	*msg = NULL;
	if (nlh->nlmsg_type == NLMSG_DONE) {
		if (mnl_nlmsg_get_payload_len(nlh) < sizeof(int))
			return 0;
		error = *(const int *)mnl_nlmsg_get_payload(nlh);
		offset = sizeof(int);
	} else {
		if (mnl_nlmsg_get_payload_len(nlh) < sizeof(*err))
			return -EBADMSG;
		error = err->error;
		offset = sizeof(*err);
		if (!(nlh->nlmsg_flags & NLM_F_CAPPED))
			offset += mnl_nlmsg_get_payload_len(&err->msg);
	}
	if ((nlh->nlmsg_flags & NLM_F_ACK_TLVS) &&
	    MNL_ALIGN(offset) <= mnl_nlmsg_get_payload_len(nlh))
		mnl_attr_parse(nlh, MNL_ALIGN(offset), extack_attr, msg);
	return error;
}

/**
 * tnl_request() - start a well-formed kaesbench request in @buf
 * @buf: at least MNL_SOCKET_BUFFER_SIZE bytes
 * @t: the socket, for the family
 * @cmd: the command
 * @flags: besides NLM_F_REQUEST
 * @seq: sequence number
 *
 * Return: the message, to add attributes to.
 */
struct nlmsghdr *tnl_request(void *buf, const struct tnl *t, uint8_t cmd,
			     uint16_t flags, uint32_t seq)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;

	nlh->nlmsg_type = t->family;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	nlh->nlmsg_seq = seq;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = cmd;
	genl->version = KAESBENCH_GENL_VERSION;
	return nlh;
}

/**
 * tnl_now_us() - monotonic time
 *
 * Return: microseconds since an arbitrary point.
 */
uint64_t tnl_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000ULL + ts.tv_nsec / 1000;
}

/**
 * tnl_sleep_us() - sleep, whatever signals arrive
 * @us: microseconds
 */
void tnl_sleep_us(uint64_t us)
{
	struct timespec ts = { .tv_sec = us / 1000000,
			       .tv_nsec = (us % 1000000) * 1000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static int job_attr(const struct nlattr *attr, void *data)
{
	struct tnl_job_msg *j = data;

	if (mnl_attr_get_type(attr) == KAESBENCH_A_RUN_ID &&
	    mnl_attr_validate(attr, MNL_TYPE_U32) >= 0) {
		j->id = mnl_attr_get_u32(attr);
		j->has_id = true;
	} else if (mnl_attr_get_type(attr) == KAESBENCH_A_RUN_STATUS &&
		   mnl_attr_validate(attr, MNL_TYPE_U32) >= 0) {
		j->status = mnl_attr_get_u32(attr);
	} else if (mnl_attr_get_type(attr) == KAESBENCH_A_RUN_MESSAGE &&
		   mnl_attr_validate(attr, MNL_TYPE_NUL_STRING) >= 0) {
		j->message = mnl_attr_get_str(attr);
	}
	return MNL_CB_OK;
}

/**
 * tnl_job_msg() - the run id, status and message of a family message
 * @nlh: a message of the kaesbench family
 * @j: filled in; what the message lacks is left zero
 *
 * Return: 0, or -1 if @nlh is too short for a genetlink header.
 */
int tnl_job_msg(const struct nlmsghdr *nlh, struct tnl_job_msg *j)
{
	memset(j, 0, sizeof(*j));
	if (mnl_nlmsg_get_payload_len(nlh) < GENL_HDRLEN)
		return -1;
	mnl_attr_parse(nlh, GENL_HDRLEN, job_attr, j);
	return 0;
}
