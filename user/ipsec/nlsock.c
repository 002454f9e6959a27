// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * libnl sockets in a side's namespace. A netlink socket speaks to the
 * namespace it was created in for its whole life, so it is created with
 * the thread entered there, and used from anywhere afterwards.
 *
 * libnl reports a kernel error as nl_syserr2nlerr() of it, which merges
 * several errnos into one code and turns the rest (ENOSYS among them)
 * into NLE_FAILURE. An error callback keeps the kernel's errno and its
 * extended ack message instead, for the messages the callers write.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/netlink.h>
#include <netlink/errno.h>
#include <netlink/handlers.h>
#include <netlink/msg.h>
#include <netlink/socket.h>

#include "ipsec/nlsock.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

/* libnl hands over the error's payload: its header lies just before. */
static int on_error(struct sockaddr_nl *who, struct nlmsgerr *e, void *arg)
{
	struct kb_nlsock *s = arg;
	struct nlmsghdr *nlh = (struct nlmsghdr *)((char *)e - NLMSG_HDRLEN);
	int hlen = sizeof(*e);
	struct nlattr *msg;

	(void)who;
	s->kernel_errno = -e->error;
	s->extack[0] = '\0';
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return NL_STOP;
	/* Without NETLINK_CAP_ACK the request is echoed before the TLVs. */
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED)) {
		if (e->msg.nlmsg_len < NLMSG_HDRLEN)
			return NL_STOP;
		hlen += e->msg.nlmsg_len - NLMSG_HDRLEN;
	}
	if (!nlmsg_valid_hdr(nlh, hlen))
		return NL_STOP;
	msg = nla_find(nlmsg_attrdata(nlh, hlen), nlmsg_attrlen(nlh, hlen),
		       NLMSGERR_ATTR_MSG);
	if (msg)
		snprintf(s->extack, sizeof(s->extack), "%.*s",
			 (int)strnlen(nla_data(msg), nla_len(msg)),
			 (const char *)nla_data(msg));
	return NL_STOP;
}

/**
 * kb_nlsock_open() - open a libnl socket in one side's namespace
 * @s: filled in; close it with kb_nlsock_close() whatever the result
 * @p: the namespaces
 * @side: 0 or 1
 * @protocol: NETLINK_ROUTE, NETLINK_XFRM
 *
 * The calling thread enters @side for the socket's creation only.
 *
 * Return: 0 or -errno: -EPROTONOSUPPORT when the kernel has no such
 * netlink protocol (for NETLINK_XFRM: no xfrm_user module), -EINVAL for a
 * side not made, -ENOMEM.
 */
int kb_nlsock_open(struct kb_nlsock *s, const struct kb_netns_pair *p, int side,
		   int protocol)
{
	struct nl_cb *cb;
	int one = 1;
	int ret, left;

	memset(s, 0, sizeof(*s));
	s->sk = nl_socket_alloc();
	if (!s->sk)
		return -ENOMEM;
	ret = kb_netns_enter(p, side);
	if (ret)
		return ret;
	ret = nl_connect(s->sk, protocol);
	left = kb_netns_leave(p);
	if (ret < 0)
		return kb_nlsock_errno(s, ret);
	if (left)
		return left;
	/* Older kernels lack either: the errors then come without text. */
	setsockopt(nl_socket_get_fd(s->sk), SOL_NETLINK, NETLINK_EXT_ACK, &one,
		   sizeof(one));
	setsockopt(nl_socket_get_fd(s->sk), SOL_NETLINK, NETLINK_CAP_ACK, &one,
		   sizeof(one));
	/* The socket's own callbacks: libnl clones them for each wait. */
	cb = nl_socket_get_cb(s->sk);
	if (!cb)
		return -ENOMEM;
	nl_cb_err(cb, NL_CB_CUSTOM, on_error, s);
	nl_cb_put(cb);
	return 0;
}

/**
 * kb_nlsock_close() - close it
 * @s: as kb_nlsock_open() left it; safe to close twice
 */
void kb_nlsock_close(struct kb_nlsock *s)
{
	if (s->sk)
		nl_socket_free(s->sk);
	s->sk = NULL;
}

/**
 * kb_nlsock_clear() - forget the last error, before a request
 * @s: the socket
 */
void kb_nlsock_clear(struct kb_nlsock *s)
{
	s->kernel_errno = 0;
	s->extack[0] = '\0';
}

/**
 * kb_nlsock_errno() - a libnl call's failure as an errno
 * @s: the socket the call used, cleared before it
 * @nlerr: what the call returned (a negative libnl code)
 *
 * Return: the kernel's -errno when it answered with one; otherwise the
 * errno nearest to libnl's own code (-EIO for one without).
 */
int kb_nlsock_errno(const struct kb_nlsock *s, int nlerr)
{
	static const int map[][2] = {
		{ NLE_INTR, EINTR },
		{ NLE_BAD_SOCK, EBADF },
		{ NLE_AGAIN, EAGAIN },
		{ NLE_NOMEM, ENOMEM },
		{ NLE_EXIST, EEXIST },
		{ NLE_INVAL, EINVAL },
		{ NLE_RANGE, ERANGE },
		{ NLE_MSGSIZE, EMSGSIZE },
		{ NLE_OPNOTSUPP, EOPNOTSUPP },
		{ NLE_AF_NOSUPPORT, EAFNOSUPPORT },
		{ NLE_OBJ_NOTFOUND, ENOENT },
		{ NLE_MSG_TRUNC, EMSGSIZE },
		{ NLE_NOADDR, EADDRNOTAVAIL },
		{ NLE_BUSY, EBUSY },
		{ NLE_PROTO_MISMATCH, EPROTONOSUPPORT },
		{ NLE_NOACCESS, EACCES },
		{ NLE_PERM, EPERM },
		{ NLE_NODEV, ENODEV },
	};
	size_t i;

	if (s && s->kernel_errno > 0)
		return -s->kernel_errno;
	if (nlerr < 0)
		nlerr = -nlerr;
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (map[i][0] == nlerr)
			return -map[i][1];
	return -EIO;
}

/**
 * kb_nlsock_reason() - why a request failed, for a message
 * @s: the socket the request used
 * @error: the failure as kb_nlsock_errno() gave it (either sign)
 *
 * Return: the kernel's extended ack message when it sent one, else
 * strerror() of @error.
 */
const char *kb_nlsock_reason(const struct kb_nlsock *s, int error)
{
	if (s && s->extack[0])
		return s->extack;
	return strerror(error < 0 ? -error : error);
}
