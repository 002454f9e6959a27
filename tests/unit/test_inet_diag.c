// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * netlink/inet_diag.c: the request for one TCP socket as built, byte for
 * byte where the kernel reads it (IPv4 and IPv6, INET_DIAG_INFO asked so
 * that the ULP's attributes come, any cookie), and answers built here as
 * net/ipv4/tcp_diag.c and net/tls/tls_main.c lay them out: kTLS's whole
 * configuration, the ULP's name alone (its information withheld from a
 * caller without CAP_NET_ADMIN), no ULP, attributes a newer kernel may add, and
 * malformed ones refused. Then the request sent to the host's kernel for
 * a loopback connection of its own.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include <libmnl/libmnl.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <linux/tcp.h>
#include <linux/tls.h>

#include "netlink/inet_diag.h"
#include "netlink/sock.h"

static struct sockaddr_in in4(const char *addr, uint16_t port)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_port = htons(port) };

	assert_int_equal(inet_pton(AF_INET, addr, &a.sin_addr), 1);
	return a;
}

static void test_request_ipv4(void **state)
{
	struct sockaddr_in local = in4("127.0.0.1", 40000);
	struct sockaddr_in peer = in4("127.0.0.2", 443);
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = { .seq = 41 };
	const struct inet_diag_req_v2 *req;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = kb_inet_diag_put_request(&nl, buf, (struct sockaddr *)&local,
				       (struct sockaddr *)&peer);
	assert_non_null(nlh);
	assert_int_equal(nlh->nlmsg_type, SOCK_DIAG_BY_FAMILY);
	/* One socket, not a dump; acked so that the answer ends. */
	assert_int_equal(nlh->nlmsg_flags, NLM_F_REQUEST | NLM_F_ACK);
	assert_int_equal(nlh->nlmsg_seq, 42);
	assert_int_equal(nlh->nlmsg_len, NLMSG_HDRLEN + sizeof(*req));
	req = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(req->sdiag_family, AF_INET);
	assert_int_equal(req->sdiag_protocol, IPPROTO_TCP);
	assert_int_equal(req->idiag_ext, 1 << (INET_DIAG_INFO - 1));
	assert_int_equal(req->id.idiag_sport, htons(40000));
	assert_int_equal(req->id.idiag_dport, htons(443));
	assert_int_equal(req->id.idiag_src[0], htonl(0x7f000001));
	assert_int_equal(req->id.idiag_dst[0], htonl(0x7f000002));
	assert_int_equal(req->id.idiag_src[1], 0);
	assert_int_equal(req->id.idiag_if, 0);
	assert_int_equal(req->id.idiag_cookie[0], INET_DIAG_NOCOOKIE);
	assert_int_equal(req->id.idiag_cookie[1], INET_DIAG_NOCOOKIE);
}

static void test_request_ipv6(void **state)
{
	struct sockaddr_in6 local = { .sin6_family = AF_INET6,
				      .sin6_port = htons(7) };
	struct sockaddr_in6 peer = local;
	struct sockaddr_in v4 = in4("127.0.0.1", 1);
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = { .seq = 1 };
	const struct inet_diag_req_v2 *req;
	struct nlmsghdr *nlh;

	(void)state;
	local.sin6_addr = in6addr_loopback;
	assert_int_equal(inet_pton(AF_INET6, "fe80::1", &peer.sin6_addr), 1);
	peer.sin6_port = htons(8);
	nlh = kb_inet_diag_put_request(&nl, buf, (struct sockaddr *)&local,
				       (struct sockaddr *)&peer);
	assert_non_null(nlh);
	req = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(req->sdiag_family, AF_INET6);
	assert_memory_equal(req->id.idiag_src, &in6addr_loopback, 16);
	assert_memory_equal(req->id.idiag_dst, &peer.sin6_addr, 16);
	assert_int_equal(req->id.idiag_sport, htons(7));
	assert_int_equal(req->id.idiag_dport, htons(8));

	/* Two families, or one sock_diag has no inet lookup for: none. */
	assert_null(kb_inet_diag_put_request(
		&nl, buf, (struct sockaddr *)&local, (struct sockaddr *)&v4));
	local.sin6_family = AF_UNIX;
	peer.sin6_family = AF_UNIX;
	assert_null(kb_inet_diag_put_request(
		&nl, buf, (struct sockaddr *)&local, (struct sockaddr *)&peer));
}

/* An answer's head: the socket's message as inet_sk_diag_fill() puts it. */
static struct nlmsghdr *answer(void *buf, uint32_t inode)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct inet_diag_msg *msg;
	struct tcp_info info = { .tcpi_state = 1 };

	nlh->nlmsg_type = SOCK_DIAG_BY_FAMILY;
	msg = mnl_nlmsg_put_extra_header(nlh, sizeof(*msg));
	msg->idiag_family = AF_INET;
	msg->idiag_state = 1; /* TCP_ESTABLISHED */
	msg->idiag_inode = inode;
	/* What INET_DIAG_INFO asks besides: passed over. */
	mnl_attr_put(nlh, INET_DIAG_INFO, sizeof(info), &info);
	return nlh;
}

/* INET_DIAG_ULP_INFO as tcp_diag_put_ulp() nests it (no NLA_F_NESTED). */
static struct nlattr *ulp_start(struct nlmsghdr *nlh, const char *name)
{
	struct nlattr *ulp = mnl_attr_nest_start(nlh, INET_DIAG_ULP_INFO);

	ulp->nla_type &= ~NLA_F_NESTED;
	mnl_attr_put_strz(nlh, INET_ULP_INFO_NAME, name);
	return ulp;
}

static void put_tls(struct nlmsghdr *nlh, bool keys)
{
	struct nlattr *tls = mnl_attr_nest_start(nlh, INET_ULP_INFO_TLS);

	tls->nla_type &= ~NLA_F_NESTED;
	if (keys) {
		mnl_attr_put_u16(nlh, TLS_INFO_VERSION, TLS_1_3_VERSION);
		mnl_attr_put_u16(nlh, TLS_INFO_CIPHER, TLS_CIPHER_AES_CCM_128);
	}
	mnl_attr_put_u16(nlh, TLS_INFO_TXCONF, TLS_CONF_SW);
	mnl_attr_put_u16(nlh, TLS_INFO_RXCONF, keys ? TLS_CONF_HW : 1);
	if (keys)
		mnl_attr_put(nlh, TLS_INFO_RX_NO_PAD, 0, NULL);
	/* One a newer kernel may add: passed over. */
	mnl_attr_put_u32(nlh, TLS_INFO_MAX + 5, 77);
	mnl_attr_nest_end(nlh, tls);
}

static void test_parse_tls(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = answer(buf, 4242);
	struct nlattr *ulp = ulp_start(nlh, "tls");
	struct kb_diag_ulp u;

	(void)state;
	put_tls(nlh, true);
	mnl_attr_nest_end(nlh, ulp);
	mnl_attr_put_strz(nlh, INET_DIAG_CONG, "cubic");
	assert_int_equal(kb_inet_diag_parse(nlh, &u), 0);
	assert_int_equal(u.inode, 4242);
	assert_int_equal(u.state, 1);
	assert_string_equal(u.name, "tls");
	assert_true(u.tls.present);
	assert_int_equal(u.tls.version, TLS_1_3_VERSION);
	assert_int_equal(u.tls.cipher, TLS_CIPHER_AES_CCM_128);
	assert_int_equal(u.tls.tx, TLS_CONF_SW);
	assert_int_equal(u.tls.rx, TLS_CONF_HW);
	assert_true(u.tls.rx_no_pad);
	assert_false(u.tls.zc_ro_tx);
}

/* The ULP set, no key yet: TLS_CONF_BASE, no version nor cipher. */
static void test_parse_tls_no_keys(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = answer(buf, 1);
	struct nlattr *ulp = ulp_start(nlh, "tls");
	struct kb_diag_ulp u;

	(void)state;
	put_tls(nlh, false);
	mnl_attr_nest_end(nlh, ulp);
	assert_int_equal(kb_inet_diag_parse(nlh, &u), 0);
	assert_true(u.tls.present);
	assert_int_equal(u.tls.version, 0);
	assert_int_equal(u.tls.cipher, 0);
	assert_int_equal(u.tls.tx, TLS_CONF_SW);
	assert_int_equal(u.tls.rx, TLS_CONF_BASE);
	assert_false(u.tls.rx_no_pad);
}

/* The name, its information withheld (as MPTCP's, without CAP_NET_ADMIN). */
static void test_parse_name_only(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = answer(buf, 9);
	struct nlattr *ulp = ulp_start(nlh, "tls");
	struct kb_diag_ulp u;

	(void)state;
	mnl_attr_nest_end(nlh, ulp);
	assert_int_equal(kb_inet_diag_parse(nlh, &u), 0);
	assert_string_equal(u.name, "tls");
	assert_false(u.tls.present);
	assert_int_equal(u.tls.tx, -1);
	assert_int_equal(u.tls.rx, -1);
}

static void test_parse_no_ulp(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = answer(buf, 9);
	struct kb_diag_ulp u;

	(void)state;
	assert_int_equal(kb_inet_diag_parse(nlh, &u), 0);
	assert_string_equal(u.name, "");
	assert_false(u.tls.present);
	assert_int_equal(u.tls.tx, -1);

	/* Another ULP: its name, no kTLS. */
	nlh = answer(buf, 9);
	mnl_attr_nest_end(nlh, ulp_start(nlh, "mptcp"));
	assert_int_equal(kb_inet_diag_parse(nlh, &u), 0);
	assert_string_equal(u.name, "mptcp");
	assert_false(u.tls.present);
}

static void test_parse_refused(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh = answer(buf, 9);
	struct nlattr *ulp = ulp_start(nlh, "tls");
	struct nlattr *tls = mnl_attr_nest_start(nlh, INET_ULP_INFO_TLS);
	struct kb_diag_ulp u;

	(void)state;
	/* A u16 sent as a u32: refused, not read. */
	mnl_attr_put_u32(nlh, TLS_INFO_TXCONF, TLS_CONF_SW);
	mnl_attr_nest_end(nlh, tls);
	mnl_attr_nest_end(nlh, ulp);
	assert_int_equal(kb_inet_diag_parse(nlh, &u), -EBADMSG);

	/* A name without its NUL. */
	nlh = answer(buf, 9);
	ulp = mnl_attr_nest_start(nlh, INET_DIAG_ULP_INFO);
	mnl_attr_put(nlh, INET_ULP_INFO_NAME, 3, "tls");
	mnl_attr_nest_end(nlh, ulp);
	assert_int_equal(kb_inet_diag_parse(nlh, &u), -EBADMSG);

	/* Shorter than struct inet_diag_msg; another message type. */
	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = SOCK_DIAG_BY_FAMILY;
	mnl_nlmsg_put_extra_header(nlh, 8);
	assert_int_equal(kb_inet_diag_parse(nlh, &u), -EBADMSG);
	nlh = answer(buf, 9);
	nlh->nlmsg_type = NLMSG_DONE;
	assert_int_equal(kb_inet_diag_parse(nlh, &u), -EBADMSG);
}

/* A connected pair on the loopback of the caller's namespace. */
static int pair(int fd[2])
{
	struct sockaddr_in a = in4("127.0.0.1", 0);
	socklen_t len = sizeof(a);
	int l = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) ||
	    listen(l, 1) || getsockname(l, (struct sockaddr *)&a, &len))
		return -1;
	fd[0] = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd[0] < 0 || connect(fd[0], (struct sockaddr *)&a, sizeof(a)))
		return -1;
	fd[1] = accept(l, NULL, NULL);
	close(l);
	return fd[1] < 0 ? -1 : 0;
}

/* The host's kernel answers for a socket of ours, found and not found. */
static void test_host_kernel(void **state)
{
	struct sockaddr_storage local, peer;
	socklen_t len = sizeof(local);
	struct kb_diag_ulp u;
	struct kb_nl nl;
	struct stat st;
	int fd[2], ret;

	(void)state;
	ret = kb_nl_open(&nl, NETLINK_SOCK_DIAG);
	if (ret == -EPROTONOSUPPORT) {
		kb_nl_close(&nl);
		skip(); /* no CONFIG_INET_DIAG here */
	}
	assert_int_equal(ret, 0);
	if (pair(fd)) {
		kb_nl_close(&nl);
		skip(); /* no loopback here */
	}
	assert_int_equal(getsockname(fd[0], (struct sockaddr *)&local, &len),
			 0);
	len = sizeof(peer);
	assert_int_equal(getpeername(fd[0], (struct sockaddr *)&peer, &len), 0);
	assert_int_equal(fstat(fd[0], &st), 0);
	ret = kb_inet_diag_ulp(&nl, (struct sockaddr *)&local,
			       (struct sockaddr *)&peer, &u);
	if (ret == -ENOENT || ret == -EOPNOTSUPP) {
		close(fd[0]);
		close(fd[1]);
		kb_nl_close(&nl);
		skip(); /* sock_diag without tcp_diag here */
	}
	assert_int_equal(ret, 0);
	assert_int_equal(u.inode, st.st_ino);
	assert_int_equal(u.state, 1);
	assert_string_equal(u.name, "");
	assert_false(u.tls.present);

	/* The other way round is the other end: another inode. */
	assert_int_equal(kb_inet_diag_ulp(&nl, (struct sockaddr *)&peer,
					  (struct sockaddr *)&local, &u),
			 0);
	assert_int_not_equal(u.inode, st.st_ino);
	/* A port nothing is connected from: the kernel finds none. */
	((struct sockaddr_in *)&local)->sin_port ^= htons(1);
	assert_int_equal(kb_inet_diag_ulp(&nl, (struct sockaddr *)&local,
					  (struct sockaddr *)&peer, &u),
			 -ENOENT);
	close(fd[0]);
	close(fd[1]);
	kb_nl_close(&nl);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_request_ipv4),
		cmocka_unit_test(test_request_ipv6),
		cmocka_unit_test(test_parse_tls),
		cmocka_unit_test(test_parse_tls_no_keys),
		cmocka_unit_test(test_parse_name_only),
		cmocka_unit_test(test_parse_no_ulp),
		cmocka_unit_test(test_parse_refused),
		cmocka_unit_test(test_host_kernel),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
