// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The netlink layer's rtnetlink and xfrm requests as built, byte for byte
 * where the kernel reads them: the veth pair with its peer in another
 * namespace, a lane's address, an ESP SA of each kind (AEAD; cipher with
 * a truncated or a default authenticator; a replay window past the legacy
 * bitmap) and its policy. The VM suite sends them.
 */

#include <arpa/inet.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <libmnl/libmnl.h>
#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <linux/veth.h>
#include <linux/xfrm.h>

#include "netlink/rtnl.h"
#include "netlink/sock.h"
#include "netlink/xfrm_user.h"

/* The attributes of one nesting level, by type; NULL for one not sent. */
struct attrs {
	const struct nlattr *at[32];
};

static int attr_cb(const struct nlattr *attr, void *data)
{
	struct attrs *a = data;
	uint16_t type = mnl_attr_get_type(attr);

	assert_true(type < 32);
	assert_null(a->at[type]); /* each sent once */
	a->at[type] = attr;
	return MNL_CB_OK;
}

static void parse(const struct nlmsghdr *nlh, size_t hdrlen, struct attrs *a)
{
	memset(a, 0, sizeof(*a));
	assert_int_equal(mnl_attr_parse(nlh, hdrlen, attr_cb, a), MNL_CB_OK);
}

static void parse_nested(const struct nlattr *nest, struct attrs *a)
{
	memset(a, 0, sizeof(*a));
	assert_non_null(nest);
	assert_int_equal(mnl_attr_parse_nested(nest, attr_cb, a), MNL_CB_OK);
}

static struct kb_nl request_socket(void)
{
	struct kb_nl nl = { .seq = 41 };

	return nl;
}

static void test_veth(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = request_socket();
	struct attrs top, info, data, peer;
	const struct nlattr *p;
	const struct ifinfomsg *ifi;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = kb_rtnl_put_veth(&nl, buf, "kb0", "kb1", 9, 1400);
	assert_int_equal(nlh->nlmsg_type, RTM_NEWLINK);
	assert_int_equal(nlh->nlmsg_flags,
			 NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL);
	assert_int_equal(nlh->nlmsg_seq, 42);
	ifi = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(ifi->ifi_index, 0);
	parse(nlh, sizeof(*ifi), &top);
	assert_string_equal(mnl_attr_get_str(top.at[IFLA_IFNAME]), "kb0");
	assert_int_equal(mnl_attr_get_u32(top.at[IFLA_MTU]), 1400);
	assert_null(top.at[IFLA_NET_NS_FD]);
	parse_nested(top.at[IFLA_LINKINFO], &info);
	assert_string_equal(mnl_attr_get_str(info.at[IFLA_INFO_KIND]), "veth");
	parse_nested(info.at[IFLA_INFO_DATA], &data);
	/* The peer: an ifinfomsg, then its own link attributes. */
	p = data.at[VETH_INFO_PEER];
	assert_non_null(p);
	assert_true(mnl_attr_get_payload_len(p) > sizeof(*ifi));
	memset(&peer, 0, sizeof(peer));
	assert_int_equal(
		mnl_attr_parse_payload((const char *)mnl_attr_get_payload(p) +
					       NLMSG_ALIGN(sizeof(*ifi)),
				       mnl_attr_get_payload_len(p) -
					       NLMSG_ALIGN(sizeof(*ifi)),
				       attr_cb, &peer),
		MNL_CB_OK);
	assert_string_equal(mnl_attr_get_str(peer.at[IFLA_IFNAME]), "kb1");
	assert_int_equal(mnl_attr_get_u32(peer.at[IFLA_NET_NS_FD]), 9);
	assert_int_equal(mnl_attr_get_u32(peer.at[IFLA_MTU]), 1400);

	/* No MTU: veth's default; no namespace: the peer stays. */
	nlh = kb_rtnl_put_veth(&nl, buf, "kb0", "kb1", -1, 0);
	parse(nlh, sizeof(*ifi), &top);
	assert_null(top.at[IFLA_MTU]);
}

static void test_addr4(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = request_socket();
	const struct ifaddrmsg *ifa;
	struct nlmsghdr *nlh;
	struct in_addr in;
	struct attrs top;

	(void)state;
	inet_pton(AF_INET, "10.213.3.2", &in);
	nlh = kb_rtnl_put_addr4(&nl, buf, 5, in, 24);
	assert_int_equal(nlh->nlmsg_type, RTM_NEWADDR);
	assert_int_equal(nlh->nlmsg_flags,
			 NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE);
	ifa = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(ifa->ifa_family, AF_INET);
	assert_int_equal(ifa->ifa_prefixlen, 24);
	assert_int_equal(ifa->ifa_index, 5);
	assert_int_equal(ifa->ifa_scope, RT_SCOPE_UNIVERSE);
	parse(nlh, sizeof(*ifa), &top);
	assert_int_equal(mnl_attr_get_u32(top.at[IFA_LOCAL]), in.s_addr);
	assert_int_equal(mnl_attr_get_u32(top.at[IFA_ADDRESS]), in.s_addr);
}

static const uint8_t key[36] = { 0x11, 0x22, 0x33, [35] = 0x99 };
static const uint8_t auth_key[32] = { 0xaa, [31] = 0xbb };

static struct kb_xfrm_sa aead_sa(void)
{
	struct kb_xfrm_sa sa = { .spi = 0x1234,
				 .reqid = 7,
				 .mode = KB_XFRM_TUNNEL,
				 .aead = "rfc4106(gcm(aes))",
				 .key = key,
				 .key_bits = 160,
				 .icv_bits = 128,
				 .replay_window = 32 };

	inet_pton(AF_INET, "10.213.0.1", &sa.src);
	inet_pton(AF_INET, "10.213.0.2", &sa.dst);
	return sa;
}

static void test_sa_aead(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = request_socket();
	struct kb_xfrm_sa sa = aead_sa();
	const struct xfrm_usersa_info *info;
	const struct xfrm_algo_aead *aead;
	struct nlmsghdr *nlh;
	struct attrs top;

	(void)state;
	nlh = kb_xfrm_user_put_sa(&nl, buf, &sa);
	assert_non_null(nlh);
	assert_int_equal(nlh->nlmsg_type, XFRM_MSG_NEWSA);
	info = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(info->id.spi, htonl(0x1234));
	assert_int_equal(info->id.proto, IPPROTO_ESP);
	assert_int_equal(info->id.daddr.a4, sa.dst.s_addr);
	assert_int_equal(info->saddr.a4, sa.src.s_addr);
	assert_int_equal(info->sel.saddr.a4, sa.src.s_addr);
	assert_int_equal(info->sel.daddr.a4, sa.dst.s_addr);
	assert_int_equal(info->sel.prefixlen_s, 32);
	assert_int_equal(info->sel.prefixlen_d, 32);
	assert_int_equal(info->sel.family, AF_INET);
	assert_int_equal(info->sel.proto, 0);
	assert_int_equal(info->family, AF_INET);
	assert_int_equal(info->mode, XFRM_MODE_TUNNEL);
	assert_int_equal(info->reqid, 7);
	assert_int_equal(info->replay_window, 32);
	/* A limit of 0 would expire the SA at its first packet. */
	assert_true(info->lft.soft_byte_limit == XFRM_INF);
	assert_true(info->lft.hard_byte_limit == XFRM_INF);
	assert_true(info->lft.soft_packet_limit == XFRM_INF);
	assert_true(info->lft.hard_packet_limit == XFRM_INF);
	parse(nlh, sizeof(*info), &top);
	assert_null(top.at[XFRMA_REPLAY_ESN_VAL]);
	assert_null(top.at[XFRMA_ALG_CRYPT]);
	assert_non_null(top.at[XFRMA_ALG_AEAD]);
	assert_int_equal(mnl_attr_get_payload_len(top.at[XFRMA_ALG_AEAD]),
			 sizeof(*aead) + 20);
	aead = mnl_attr_get_payload(top.at[XFRMA_ALG_AEAD]);
	assert_string_equal(aead->alg_name, "rfc4106(gcm(aes))");
	assert_int_equal(aead->alg_key_len, 160);
	assert_int_equal(aead->alg_icv_len, 128);
	assert_memory_equal(aead->alg_key, key, 20);
}

static void test_sa_replay_esn(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = request_socket();
	struct kb_xfrm_sa sa = aead_sa();
	const struct xfrm_replay_state_esn *esn;
	const struct xfrm_usersa_info *info;
	struct nlmsghdr *nlh;
	struct attrs top;

	(void)state;
	sa.replay_window = 100;
	nlh = kb_xfrm_user_put_sa(&nl, buf, &sa);
	info = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(info->replay_window, 0);
	assert_int_equal(info->flags & XFRM_STATE_ESN, 0);
	parse(nlh, sizeof(*info), &top);
	assert_int_equal(mnl_attr_get_payload_len(top.at[XFRMA_REPLAY_ESN_VAL]),
			 sizeof(*esn) + 4 * sizeof(uint32_t));
	esn = mnl_attr_get_payload(top.at[XFRMA_REPLAY_ESN_VAL]);
	assert_int_equal(esn->bmp_len, 4);
	assert_int_equal(esn->replay_window, 100);
	assert_int_equal(esn->seq + esn->oseq + esn->bmp[0] + esn->bmp[3], 0);

	sa.replay_window = KB_XFRM_REPLAY_MAX + 1;
	assert_null(kb_xfrm_user_put_sa(&nl, buf, &sa));
}

static void test_sa_cipher_auth(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = request_socket();
	struct kb_xfrm_sa sa = aead_sa();
	const struct xfrm_algo_auth *trunc;
	const struct xfrm_algo *crypt, *auth;
	const struct xfrm_usersa_info *info;
	struct nlmsghdr *nlh;
	struct attrs top;

	(void)state;
	sa.aead = NULL;
	sa.cipher = "cbc(aes)";
	sa.key_bits = 128;
	sa.auth = "hmac(sha256)";
	sa.auth_key = auth_key;
	sa.auth_key_bits = 256;
	sa.auth_trunc_bits = 128;
	nlh = kb_xfrm_user_put_sa(&nl, buf, &sa);
	info = mnl_nlmsg_get_payload(nlh);
	parse(nlh, sizeof(*info), &top);
	assert_null(top.at[XFRMA_ALG_AEAD]);
	assert_null(top.at[XFRMA_ALG_AUTH]);
	crypt = mnl_attr_get_payload(top.at[XFRMA_ALG_CRYPT]);
	assert_string_equal(crypt->alg_name, "cbc(aes)");
	assert_int_equal(crypt->alg_key_len, 128);
	assert_memory_equal(crypt->alg_key, key, 16);
	trunc = mnl_attr_get_payload(top.at[XFRMA_ALG_AUTH_TRUNC]);
	assert_string_equal(trunc->alg_name, "hmac(sha256)");
	assert_int_equal(trunc->alg_key_len, 256);
	assert_int_equal(trunc->alg_trunc_len, 128);
	assert_memory_equal(trunc->alg_key, auth_key, 32);

	/* Without a truncation length, xfrm's default for the name. */
	sa.auth_trunc_bits = 0;
	nlh = kb_xfrm_user_put_sa(&nl, buf, &sa);
	parse(nlh, sizeof(*info), &top);
	assert_null(top.at[XFRMA_ALG_AUTH_TRUNC]);
	auth = mnl_attr_get_payload(top.at[XFRMA_ALG_AUTH]);
	assert_string_equal(auth->alg_name, "hmac(sha256)");
	assert_int_equal(auth->alg_key_len, 256);
	assert_memory_equal(auth->alg_key, auth_key, 32);

	/* A name xfrm's 64 bytes cannot hold. */
	sa.cipher =
		"cbc(aes-with-a-driver-name-far-too-long-for-xfrm-to-hold-in-64-bytes)";
	assert_null(kb_xfrm_user_put_sa(&nl, buf, &sa));
}

static void test_policy(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = request_socket();
	struct kb_xfrm_sa sa = aead_sa();
	const struct xfrm_userpolicy_info *pol;
	const struct xfrm_user_tmpl *t;
	struct nlmsghdr *nlh;
	struct attrs top;

	(void)state;
	nlh = kb_xfrm_user_put_policy(&nl, buf, true, &sa);
	assert_int_equal(nlh->nlmsg_type, XFRM_MSG_NEWPOLICY);
	pol = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(pol->dir, XFRM_POLICY_OUT);
	assert_int_equal(pol->action, XFRM_POLICY_ALLOW);
	assert_int_equal(pol->sel.saddr.a4, sa.src.s_addr);
	assert_int_equal(pol->sel.prefixlen_d, 32);
	assert_true(pol->lft.hard_packet_limit == XFRM_INF);
	parse(nlh, sizeof(*pol), &top);
	assert_int_equal(mnl_attr_get_payload_len(top.at[XFRMA_TMPL]),
			 sizeof(*t));
	t = mnl_attr_get_payload(top.at[XFRMA_TMPL]);
	assert_int_equal(t->id.proto, IPPROTO_ESP);
	assert_int_equal(t->id.spi, 0);
	assert_int_equal(t->family, AF_INET);
	assert_int_equal(t->mode, XFRM_MODE_TUNNEL);
	assert_int_equal(t->reqid, 7);
	assert_int_equal(t->id.daddr.a4, sa.dst.s_addr);
	assert_int_equal(t->saddr.a4, sa.src.s_addr);
	/* An ESP SA matches only a template whose masks allow its algorithms. */
	assert_int_equal(t->aalgos, ~0u);
	assert_int_equal(t->ealgos, ~0u);
	assert_int_equal(t->calgos, ~0u);

	/* Transport mode: the packet's own addresses, any. */
	sa.mode = KB_XFRM_TRANSPORT;
	nlh = kb_xfrm_user_put_policy(&nl, buf, false, &sa);
	pol = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(pol->dir, XFRM_POLICY_IN);
	parse(nlh, sizeof(*pol), &top);
	t = mnl_attr_get_payload(top.at[XFRMA_TMPL]);
	assert_int_equal(t->mode, XFRM_MODE_TRANSPORT);
	assert_int_equal(t->id.daddr.a4, 0);
	assert_int_equal(t->saddr.a4, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_veth),
		cmocka_unit_test(test_addr4),
		cmocka_unit_test(test_sa_aead),
		cmocka_unit_test(test_sa_replay_esn),
		cmocka_unit_test(test_sa_cipher_auth),
		cmocka_unit_test(test_policy),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
