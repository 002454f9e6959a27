// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * sock_diag's inet requests, written from include/uapi/linux/
 * inet_diag.h, sock_diag.h and tls.h (the kernel has no family spec for
 * NETLINK_SOCK_DIAG), and from what net/ipv4/inet_diag.c does with them:
 * - a request without NLM_F_DUMP asks for one socket, looked up by its
 *   exact addresses and ports (the kernel's inet_lookup()); the cookie
 *   INET_DIAG_NOCOOKIE matches any socket found so;
 * - the ULP's attributes are sent only when INET_DIAG_INFO is among the
 *   extensions asked for (tcp_diag_get_aux() is called under that bit);
 * - before Linux 6.15, the ULP's attributes only to a caller with
 *   CAP_NET_ADMIN in the socket's namespace, others getting none; from
 *   6.15 ("tcp: ulp: diag: more info without CAP_NET_ADMIN") the name
 *   and kTLS's configuration to anyone, a ULP's secrets (MPTCP's
 *   sequence numbers) still to CAP_NET_ADMIN alone.
 */

#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/inet_diag.h>
#include <linux/sock_diag.h>
#include <linux/tls.h>

#include "netlink/inet_diag.h"

/* An address's bytes and port, as struct inet_diag_sockid holds them. */
static bool put_addr(const struct sockaddr *sa, __be32 addr[4], __be16 *port)
{
	const struct sockaddr_in6 *s6 = (const struct sockaddr_in6 *)sa;
	const struct sockaddr_in *s4 = (const struct sockaddr_in *)sa;

	if (sa->sa_family == AF_INET) {
		addr[0] = s4->sin_addr.s_addr;
		*port = s4->sin_port;
		return true;
	}
	if (sa->sa_family == AF_INET6) {
		memcpy(addr, &s6->sin6_addr, sizeof(s6->sin6_addr));
		*port = s6->sin6_port;
		return true;
	}
	return false;
}

/**
 * kb_inet_diag_put_request() - build the request for one TCP socket
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes
 * @local: the socket's own address and port (getsockname())
 * @peer: its peer's (getpeername()), of the same family
 *
 * Asks, with an ack, for the socket's INET_DIAG_INFO, under which the
 * kernel sends its ULP's attributes.
 *
 * Return: the request, or NULL when the families are not both AF_INET
 * or both AF_INET6.
 */
struct nlmsghdr *kb_inet_diag_put_request(struct kb_nl *nl, void *buf,
					  const struct sockaddr *local,
					  const struct sockaddr *peer)
{
	struct inet_diag_req_v2 *req;
	struct nlmsghdr *nlh;

	if (local->sa_family != peer->sa_family)
		return NULL;
	nlh = kb_nl_put_request(nl, buf, SOCK_DIAG_BY_FAMILY, NLM_F_ACK);
	req = mnl_nlmsg_put_extra_header(nlh, sizeof(*req));
	req->sdiag_family = local->sa_family;
	req->sdiag_protocol = IPPROTO_TCP;
	req->idiag_ext = 1 << (INET_DIAG_INFO - 1);
	req->idiag_states = ~0u;
	req->id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
	req->id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
	if (!put_addr(local, req->id.idiag_src, &req->id.idiag_sport) ||
	    !put_addr(peer, req->id.idiag_dst, &req->id.idiag_dport))
		return NULL;
	return nlh;
}

/* A u16 attribute, refused (errno set) when it is not one. */
static int get_u16(const struct nlattr *a, uint16_t *v)
{
	if (mnl_attr_validate(a, MNL_TYPE_U16) < 0)
		return MNL_CB_ERROR;
	*v = mnl_attr_get_u16(a);
	return MNL_CB_OK;
}

static int get_conf(const struct nlattr *a, int *conf)
{
	uint16_t v;

	if (get_u16(a, &v) != MNL_CB_OK)
		return MNL_CB_ERROR;
	*conf = v;
	return MNL_CB_OK;
}

/* INET_ULP_INFO_TLS's attributes; newer kernels' others passed over. */
static int tls_cb(const struct nlattr *a, void *data)
{
	struct kb_diag_tls *t = data;

	switch (mnl_attr_get_type(a)) {
	case TLS_INFO_VERSION:
		return get_u16(a, &t->version);
	case TLS_INFO_CIPHER:
		return get_u16(a, &t->cipher);
	case TLS_INFO_TXCONF:
		return get_conf(a, &t->tx);
	case TLS_INFO_RXCONF:
		return get_conf(a, &t->rx);
	case TLS_INFO_ZC_RO_TX:
		t->zc_ro_tx = true;
		break;
	case TLS_INFO_RX_NO_PAD:
		t->rx_no_pad = true;
		break;
	}
	return MNL_CB_OK;
}

/* INET_DIAG_ULP_INFO's: the ULP's name and, for "tls", its nest. */
static int ulp_cb(const struct nlattr *a, void *data)
{
	struct kb_diag_ulp *u = data;

	switch (mnl_attr_get_type(a)) {
	case INET_ULP_INFO_NAME:
		if (mnl_attr_validate(a, MNL_TYPE_NUL_STRING) < 0)
			return MNL_CB_ERROR;
		snprintf(u->name, sizeof(u->name), "%s", mnl_attr_get_str(a));
		break;
	case INET_ULP_INFO_TLS:
		if (mnl_attr_validate(a, MNL_TYPE_NESTED) < 0)
			return MNL_CB_ERROR;
		u->tls.present = true;
		return mnl_attr_parse_nested(a, tls_cb, &u->tls);
	}
	return MNL_CB_OK;
}

static int msg_cb(const struct nlattr *a, void *data)
{
	if (mnl_attr_get_type(a) != INET_DIAG_ULP_INFO)
		return MNL_CB_OK;
	if (mnl_attr_validate(a, MNL_TYPE_NESTED) < 0)
		return MNL_CB_ERROR;
	return mnl_attr_parse_nested(a, ulp_cb, data);
}

/**
 * kb_inet_diag_parse() - read one socket's answer
 * @nlh: a SOCK_DIAG_BY_FAMILY message, as the kernel sent it
 * @u: filled in: the socket's inode and state, its ULP's name ("" for
 *     none) and kTLS's attributes (@u->tls.present false when not sent)
 *
 * Attributes are checked for their type's length before they are read;
 * unknown ones are passed over.
 *
 * Return: 0, or -EBADMSG for a message too short or an attribute of the
 * wrong length.
 */
int kb_inet_diag_parse(const struct nlmsghdr *nlh, struct kb_diag_ulp *u)
{
	const struct inet_diag_msg *msg = mnl_nlmsg_get_payload(nlh);

	memset(u, 0, sizeof(*u));
	u->tls.tx = -1;
	u->tls.rx = -1;
	if (nlh->nlmsg_type != SOCK_DIAG_BY_FAMILY ||
	    mnl_nlmsg_get_payload_len(nlh) < sizeof(*msg))
		return -EBADMSG;
	u->inode = msg->idiag_inode;
	u->state = msg->idiag_state;
	if (mnl_attr_parse(nlh, sizeof(*msg), msg_cb, u) != MNL_CB_OK)
		return -EBADMSG;
	return 0;
}

struct answer {
	struct kb_diag_ulp *u;
	bool found;
};

static int answer_cb(const struct nlmsghdr *nlh, void *data)
{
	struct answer *ans = data;

	if (nlh->nlmsg_type != SOCK_DIAG_BY_FAMILY)
		return MNL_CB_OK;
	if (kb_inet_diag_parse(nlh, ans->u)) {
		errno = EBADMSG;
		return MNL_CB_ERROR;
	}
	ans->found = true;
	return MNL_CB_OK;
}

/*
 * Whether the kernel looks TCP sockets of @family up at all: it answers
 * ENOENT both for no such socket and for no handler (inet_diag or
 * tcp_diag not built, or a module that could not be loaded). A dump of
 * no state walks no socket, and fails only for want of a handler.
 */
static int tcp_handled(struct kb_nl *nl, uint8_t family)
{
	struct inet_diag_req_v2 *req;
	struct nlmsghdr *nlh;

	nlh = kb_nl_put_request(nl, nl->buf, SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
	req = mnl_nlmsg_put_extra_header(nlh, sizeof(*req));
	req->sdiag_family = family;
	req->sdiag_protocol = IPPROTO_TCP;
	req->idiag_states = 0;
	return kb_nl_ask(nl, nlh, NULL, NULL);
}

/**
 * kb_inet_diag_ulp() - what one TCP socket's ULP says of it
 * @nl: a NETLINK_SOCK_DIAG socket, made in the socket's namespace
 * @local: the socket's own address and port (getsockname())
 * @peer: its peer's (getpeername())
 * @u: filled in as kb_inet_diag_parse() does
 *
 * Return: 0, or -errno: -ENOENT when the namespace has no such socket,
 * -EPROTONOSUPPORT when the kernel looks no TCP socket up (no
 * CONFIG_INET_DIAG or CONFIG_INET_TCP_DIAG, or their modules inet_diag
 * and tcp_diag not to be loaded), -EINVAL for addresses of no family
 * sock_diag looks up (or of two), -EBADMSG for an answer that could not
 * be read, or the kernel's answer (kb_nl_reason() says why).
 */
int kb_inet_diag_ulp(struct kb_nl *nl, const struct sockaddr *local,
		     const struct sockaddr *peer, struct kb_diag_ulp *u)
{
	struct answer ans = { .u = u };
	struct nlmsghdr *nlh;
	int ret;

	memset(u, 0, sizeof(*u));
	nlh = kb_inet_diag_put_request(nl, nl->buf, local, peer);
	if (!nlh)
		return -EINVAL;
	ret = kb_nl_ask(nl, nlh, answer_cb, &ans);
	if (ret == -ENOENT && tcp_handled(nl, local->sa_family) == -ENOENT)
		return -EPROTONOSUPPORT;
	if (ret)
		return ret;
	return ans.found ? 0 : -ENOENT;
}
