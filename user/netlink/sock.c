// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Netlink sockets through libmnl, for every family the tool speaks. Each
 * asks for the kernel's extended acks (NETLINK_EXT_ACK) without the
 * request echoed (NETLINK_CAP_ACK); kernels too old for either only lose
 * the messages. A socket speaks to the network namespace it was made in
 * for its whole life: one made in another namespace is adopted by its
 * descriptor, and used from anywhere.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/netlink.h>

#include "netlink/sock.h"

/*
 * The largest part of a dump: crypto_user's come as large as the kernel
 * makes them, up to 64 KiB; the others' at most 32 KiB.
 */
#define KB_NL_BUF_SIZE (64 * 1024 + 4096)

/* Bound, and asking for the extended acks. */
static int set_up(struct mnl_socket *sock)
{
	int one = 1;

	if (mnl_socket_bind(sock, 0, MNL_SOCKET_AUTOPID) < 0)
		return -errno;
	mnl_socket_setsockopt(sock, NETLINK_EXT_ACK, &one, sizeof(one));
	mnl_socket_setsockopt(sock, NETLINK_CAP_ACK, &one, sizeof(one));
	return 0;
}

static int prepare(struct kb_nl *nl)
{
	int ret = set_up(nl->sock);

	if (ret)
		return ret;
	nl->buf_len = KB_NL_BUF_SIZE;
	nl->buf = malloc(nl->buf_len);
	if (!nl->buf)
		return -ENOMEM;
	nl->portid = mnl_socket_get_portid(nl->sock);
	nl->seq = time(NULL);
	return 0;
}

/**
 * kb_nl_socket() - a bare netlink socket, for a caller that keeps it
 * @protocol: NETLINK_CRYPTO, ...
 * @err: set to -errno on failure: -EPROTONOSUPPORT when the kernel does
 *	 not speak @protocol
 *
 * Bound and asking for extended acks as kb_nl_open()'s; its requests run
 * through kb_nl_borrow().
 *
 * Return: the socket (close it with mnl_socket_close()), or NULL.
 */
struct mnl_socket *kb_nl_socket(int protocol, int *err)
{
	struct mnl_socket *sock = mnl_socket_open(protocol);
	int ret = sock ? set_up(sock) : -errno;

	if (!ret)
		return sock;
	*err = ret;
	if (sock)
		mnl_socket_close(sock);
	return NULL;
}

/**
 * kb_nl_open() - open a netlink socket
 * @nl: filled in; close it with kb_nl_close() whatever the result
 * @protocol: NETLINK_GENERIC, NETLINK_CRYPTO, NETLINK_ROUTE, NETLINK_XFRM
 *
 * Return: 0 or -errno: -EPROTONOSUPPORT when the kernel does not speak
 * @protocol (no crypto_user, no xfrm_user).
 */
int kb_nl_open(struct kb_nl *nl, int protocol)
{
	memset(nl, 0, sizeof(*nl));
	nl->sock = mnl_socket_open(protocol);
	if (!nl->sock)
		return -errno;
	return prepare(nl);
}

/**
 * kb_nl_adopt() - make a netlink socket of a descriptor
 * @nl: filled in; close it with kb_nl_close() whatever the result
 * @fd: an unbound AF_NETLINK socket, made where its requests belong (in
 *	another network namespace); @nl owns it from here, even on failure
 *
 * Return: 0 or -errno.
 */
int kb_nl_adopt(struct kb_nl *nl, int fd)
{
	memset(nl, 0, sizeof(*nl));
	nl->sock = mnl_socket_fdopen(fd);
	if (!nl->sock) {
		int ret = errno ? -errno : -ENOMEM;

		close(fd);
		return ret;
	}
	return prepare(nl);
}

/**
 * kb_nl_borrow() - run requests on a libmnl socket the caller keeps
 * @nl: filled in; kb_nl_close() frees the buffer and leaves @sock open
 * @sock: bound, as kb_nl_socket() makes it
 * @buf_len: the receive buffer's size, 0 for the default
 *
 * Return: 0, or -ENOMEM.
 */
int kb_nl_borrow(struct kb_nl *nl, struct mnl_socket *sock, size_t buf_len)
{
	memset(nl, 0, sizeof(*nl));
	nl->sock = sock;
	nl->borrowed = true;
	nl->portid = mnl_socket_get_portid(sock);
	nl->buf_len = buf_len ? buf_len : KB_NL_BUF_SIZE;
	nl->buf = malloc(nl->buf_len);
	return nl->buf ? 0 : -ENOMEM;
}

/**
 * kb_nl_close() - release what kb_nl_open() took
 * @nl: open, half open or closed already
 */
void kb_nl_close(struct kb_nl *nl)
{
	if (nl->sock && !nl->borrowed)
		mnl_socket_close(nl->sock);
	free(nl->buf);
	memset(nl, 0, sizeof(*nl));
}

/**
 * kb_nl_put_request() - start a request
 * @nl: the socket it goes on
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes or more as the
 *	 request needs
 * @type: the message type (a generic netlink family's id, CRYPTO_MSG_*,
 *	  RTM_*, XFRM_MSG_*)
 * @flags: NLM_F_* besides NLM_F_REQUEST
 *
 * Return: the message, with a fresh sequence number, to add the family's
 * header and attributes to.
 */
struct nlmsghdr *kb_nl_put_request(struct kb_nl *nl, void *buf, uint16_t type,
				   uint16_t flags)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);

	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	nlh->nlmsg_seq = ++nl->seq;
	return nlh;
}

/* The rest of an interrupted dump, up to its end. */
static int drain(struct kb_nl *nl, size_t len)
{
	ssize_t got;

	while (!kb_nl_has_end(nl->buf, len)) {
		got = mnl_socket_recvfrom(nl->sock, nl->buf, nl->buf_len);
		if (got < 0)
			return -1;
		len = got;
	}
	return 0;
}

/**
 * kb_nl_transact() - send a request and take its whole answer
 * @nl: an open socket
 * @req: the request, with NLM_F_ACK or NLM_F_DUMP so that it ends; it may
 *	 be built in @nl->buf, which the answer then overwrites
 * @r: @r->cb is called with each data message; an error sets @r->error
 *     and @r->msg (free it); a dump the kernel marked inconsistent sets
 *     @r->intr, read to its end so that the socket can be used again
 *
 * Return: 0, or -1 with errno or @r->error saying why.
 */
int kb_nl_transact(struct kb_nl *nl, const struct nlmsghdr *req,
		   struct kb_nl_reply *r)
{
	uint32_t seq = req->nlmsg_seq; /* @req may lie in the buffer */
	ssize_t len;
	int ret;

	if (mnl_socket_sendto(nl->sock, req, req->nlmsg_len) < 0)
		return -1;
	do {
		len = mnl_socket_recvfrom(nl->sock, nl->buf, nl->buf_len);
		if (len < 0)
			return -1;
		ret = kb_nl_run_batch(nl->buf, len, seq, nl->portid, r, false);
		if (ret < 0 && errno == EINTR && !r->error && !r->bad_reply) {
			r->intr = true;
			return drain(nl, len);
		}
	} while (ret > MNL_CB_STOP);
	return ret < 0 ? -1 : 0;
}

/**
 * kb_nl_ask() - a request whose failure is an errno and a reason
 * @nl: an open socket
 * @req: the request, with NLM_F_ACK or NLM_F_DUMP
 * @cb: called with each data message, or NULL; returns MNL_CB_ERROR with
 *	errno set to refuse one
 * @data: passed to @cb
 *
 * The kernel's extended ack message of a failure is kept for
 * kb_nl_reason(), until the next request.
 *
 * Return: 0, or -errno: the kernel's answer, -EINTR for a dump it marked
 * inconsistent, or what sending, receiving or @cb failed with.
 */
int kb_nl_ask(struct kb_nl *nl, const struct nlmsghdr *req, mnl_cb_t cb,
	      void *data)
{
	struct kb_nl_reply r = { .cb = cb, .data = data };
	int ret;

	nl->why[0] = '\0';
	ret = kb_nl_transact(nl, req, &r) ? (errno ? -errno : -EIO) : 0;
	if (r.error)
		ret = -r.error;
	else if (!ret && r.intr)
		ret = -EINTR;
	if (r.msg)
		snprintf(nl->why, sizeof(nl->why), "%s", r.msg);
	free(r.msg);
	return ret;
}

/**
 * kb_nl_reason() - why the last request failed, for a message
 * @nl: the socket it went on
 * @error: its failure, as kb_nl_ask() gave it (either sign)
 *
 * Return: the kernel's extended ack message when it sent one, else
 * strerror() of @error.
 */
const char *kb_nl_reason(const struct kb_nl *nl, int error)
{
	if (nl && nl->why[0])
		return nl->why;
	return strerror(error < 0 ? -error : error);
}

/**
 * kb_nl_send() - send a request whose answer is read with kb_nl_recv()
 * @nl: an open socket
 * @req: the request
 *
 * Return: 0, or -1 with errno set.
 */
int kb_nl_send(struct kb_nl *nl, const struct nlmsghdr *req)
{
	return mnl_socket_sendto(nl->sock, req, req->nlmsg_len) < 0 ? -1 : 0;
}

/**
 * kb_nl_recv() - receive and handle one batch of answers to a request
 * @nl: an open socket
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
int kb_nl_recv(struct kb_nl *nl, uint32_t seq, struct kb_nl_reply *r)
{
	ssize_t len;
	int ret;

	len = mnl_socket_recvfrom(nl->sock, nl->buf, nl->buf_len);
	if (len < 0)
		return -1;
	ret = kb_nl_run_batch(nl->buf, len, seq, nl->portid, r, true);
	if (ret < 0)
		return -1;
	return ret == MNL_CB_STOP ? 0 : 1;
}

/**
 * kb_nl_fd() - the socket's descriptor, to poll() it or set an option
 * @nl: an open socket
 *
 * Return: the file descriptor.
 */
int kb_nl_fd(const struct kb_nl *nl)
{
	return mnl_socket_get_fd(nl->sock);
}
