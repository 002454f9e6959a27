// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The ovpn family's client (netlink/ovpn_genl.c) without a kernel: its
 * requests as built, attribute by attribute where drivers/net/ovpn reads
 * them (PEER_NEW over UDP and TCP, KEY_NEW's two directions, KEY_SWAP,
 * KEY_DEL, PEER_GET, PEER_DEL), PEER_GET's answer read from a hand-built
 * reply, and the sentence of a refusal with the kernel's extack, naming
 * the nested attribute it points at; and rtnetlink's ovpn device and
 * device deletion (netlink/rtnl.c). The VM suite sends them.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>

#include "netlink/ack.h"
#include "netlink/ovpn_genl.h"
#include "netlink/rtnl.h"
#include "netlink/sock.h"

#define FAMILY 0x1d
#define IFINDEX 7
#define PORTID 4321

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

static void parse_nested(const struct nlattr *nest, struct attrs *a)
{
	memset(a, 0, sizeof(*a));
	assert_non_null(nest);
	assert_int_equal(mnl_attr_parse_nested(nest, attr_cb, a), MNL_CB_OK);
}

static int count(const struct attrs *a)
{
	int n = 0;
	size_t i;

	for (i = 0; i < 32; i++)
		n += a->at[i] != NULL;
	return n;
}

/*
 * The header every request has, and its top level: the device and one
 * nest of type @nest, returned parsed in @in.
 */
static void parse_request(const struct nlmsghdr *nlh, uint8_t cmd,
			  uint16_t nest, struct attrs *in)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);
	struct attrs top = { 0 };

	assert_int_equal(nlh->nlmsg_type, FAMILY);
	assert_int_equal(nlh->nlmsg_flags, NLM_F_REQUEST | NLM_F_ACK);
	assert_int_equal(nlh->nlmsg_seq, 42);
	assert_int_equal(genl->cmd, cmd);
	assert_int_equal(genl->version, OVPN_FAMILY_VERSION);
	assert_int_equal(mnl_attr_parse(nlh, sizeof(*genl), attr_cb, &top),
			 MNL_CB_OK);
	assert_int_equal(count(&top), 2);
	assert_int_equal(
		mnl_attr_validate(top.at[OVPN_A_IFINDEX], MNL_TYPE_U32), 0);
	assert_int_equal(mnl_attr_get_u32(top.at[OVPN_A_IFINDEX]), IFINDEX);
	parse_nested(top.at[nest], in);
}

static uint32_t u32_of(const struct attrs *a, uint16_t type)
{
	assert_non_null(a->at[type]);
	assert_int_equal(mnl_attr_validate(a->at[type], MNL_TYPE_U32), 0);
	return mnl_attr_get_u32(a->at[type]);
}

static struct kb_nl request_socket(void)
{
	struct kb_nl nl = { .seq = 41 };

	return nl;
}

static void test_peer_new_udp(void **state)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl = request_socket();
	struct kb_ovpn_peer p = { .id = 0xabcdef,
				  .sock_fd = 9,
				  .keepalive_interval = 10,
				  .keepalive_timeout = 60 };
	struct nlmsghdr *nlh;
	struct attrs peer;

	(void)state;
	p.remote.sin_family = AF_INET;
	p.remote.sin_port = htons(1194);
	inet_pton(AF_INET, "10.213.0.2", &p.remote.sin_addr);
	nlh = kb_ovpn_put_peer_new(&nl, buf, FAMILY, IFINDEX, &p);
	parse_request(nlh, OVPN_CMD_PEER_NEW, OVPN_A_PEER, &peer);
	assert_int_equal(count(&peer), 6);
	assert_int_equal(u32_of(&peer, OVPN_A_PEER_ID), 0xabcdef);
	assert_int_equal(u32_of(&peer, OVPN_A_PEER_SOCKET), 9);
	/* Network order on the wire: be32 and be16. */
	assert_int_equal(u32_of(&peer, OVPN_A_PEER_REMOTE_IPV4),
			 p.remote.sin_addr.s_addr);
	assert_int_equal(mnl_attr_validate(peer.at[OVPN_A_PEER_REMOTE_PORT],
					   MNL_TYPE_U16),
			 0);
	assert_int_equal(mnl_attr_get_u16(peer.at[OVPN_A_PEER_REMOTE_PORT]),
			 htons(1194));
	assert_int_equal(u32_of(&peer, OVPN_A_PEER_KEEPALIVE_INTERVAL), 10);
	assert_int_equal(u32_of(&peer, OVPN_A_PEER_KEEPALIVE_TIMEOUT), 60);
	/* A point-to-point device refuses a VPN address. */
	assert_null(peer.at[OVPN_A_PEER_VPN_IPV4]);
}

static void test_peer_new_tcp(void **state)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl = request_socket();
	struct kb_ovpn_peer p = { .id = 1,
				  .sock_fd = 3,
				  .keepalive_timeout = 5 };
	struct nlmsghdr *nlh;
	struct attrs peer;

	(void)state;
	inet_pton(AF_INET, "10.99.0.2", &p.vpn_ipv4);
	nlh = kb_ovpn_put_peer_new(&nl, buf, FAMILY, IFINDEX, &p);
	parse_request(nlh, OVPN_CMD_PEER_NEW, OVPN_A_PEER, &peer);
	/* A TCP socket is connected: no remote; keepalive goes as a pair. */
	assert_null(peer.at[OVPN_A_PEER_REMOTE_IPV4]);
	assert_null(peer.at[OVPN_A_PEER_REMOTE_PORT]);
	assert_int_equal(u32_of(&peer, OVPN_A_PEER_VPN_IPV4),
			 p.vpn_ipv4.s_addr);
	assert_int_equal(u32_of(&peer, OVPN_A_PEER_KEEPALIVE_INTERVAL), 0);
	assert_int_equal(u32_of(&peer, OVPN_A_PEER_KEEPALIVE_TIMEOUT), 5);
	assert_int_equal(count(&peer), 5);

	p.keepalive_timeout = 0;
	p.vpn_ipv4.s_addr = 0;
	nlh = kb_ovpn_put_peer_new(&nl, buf, FAMILY, IFINDEX, &p);
	parse_nested(mnl_attr_next(mnl_nlmsg_get_payload_offset(
			     nlh, sizeof(struct genlmsghdr))),
		     &peer);
	assert_int_equal(count(&peer), 2); /* the id and the socket */
}

static const uint8_t key_a[32] = { 0x10, 0x11, [31] = 0x1f };
static const uint8_t key_b[16] = { 0x20, [15] = 0x2f };

static void assert_dir(const struct nlattr *nest, const uint8_t *key,
		       size_t key_len, uint8_t tail0)
{
	const uint8_t *tail;
	struct attrs dir;

	parse_nested(nest, &dir);
	assert_int_equal(count(&dir), 2);
	assert_int_equal(
		mnl_attr_get_payload_len(dir.at[OVPN_A_KEYDIR_CIPHER_KEY]),
		key_len);
	assert_memory_equal(
		mnl_attr_get_payload(dir.at[OVPN_A_KEYDIR_CIPHER_KEY]), key,
		key_len);
	assert_int_equal(
		mnl_attr_get_payload_len(dir.at[OVPN_A_KEYDIR_NONCE_TAIL]),
		OVPN_NONCE_TAIL_SIZE);
	tail = mnl_attr_get_payload(dir.at[OVPN_A_KEYDIR_NONCE_TAIL]);
	assert_int_equal(tail[0], tail0);
	assert_int_equal(tail[OVPN_NONCE_TAIL_SIZE - 1], tail0 + 7);
}

static struct kb_ovpn_key two_way_key(void)
{
	struct kb_ovpn_key k = {
		.peer_id = 5,
		.slot = OVPN_KEY_SLOT_SECONDARY,
		.key_id = 3,
		.cipher = OVPN_CIPHER_ALG_AES_GCM,
		.encrypt = { key_a, sizeof(key_a), { 1, 2, 3, 4, 5, 6, 7, 8 } },
		.decrypt = { key_b,
			     sizeof(key_b),
			     { 9, 10, 11, 12, 13, 14, 15, 16 } },
	};

	return k;
}

static void test_key_new(void **state)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl = request_socket();
	struct kb_ovpn_key k = two_way_key();
	struct nlmsghdr *nlh;
	struct attrs conf;

	(void)state;
	nlh = kb_ovpn_put_key_new(&nl, buf, FAMILY, IFINDEX, &k);
	parse_request(nlh, OVPN_CMD_KEY_NEW, OVPN_A_KEYCONF, &conf);
	assert_int_equal(count(&conf), 6);
	assert_int_equal(u32_of(&conf, OVPN_A_KEYCONF_PEER_ID), 5);
	assert_int_equal(u32_of(&conf, OVPN_A_KEYCONF_SLOT),
			 OVPN_KEY_SLOT_SECONDARY);
	assert_int_equal(u32_of(&conf, OVPN_A_KEYCONF_KEY_ID), 3);
	assert_int_equal(u32_of(&conf, OVPN_A_KEYCONF_CIPHER_ALG),
			 OVPN_CIPHER_ALG_AES_GCM);
	assert_dir(conf.at[OVPN_A_KEYCONF_ENCRYPT_DIR], key_a, sizeof(key_a),
		   1);
	assert_dir(conf.at[OVPN_A_KEYCONF_DECRYPT_DIR], key_b, sizeof(key_b),
		   9);
}

static void test_key_swap_del(void **state)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl = request_socket();
	struct nlmsghdr *nlh;
	struct attrs conf;

	(void)state;
	nlh = kb_ovpn_put_key(&nl, buf, FAMILY, OVPN_CMD_KEY_SWAP, IFINDEX, 5,
			      -1);
	parse_request(nlh, OVPN_CMD_KEY_SWAP, OVPN_A_KEYCONF, &conf);
	assert_int_equal(count(&conf), 1);
	assert_int_equal(u32_of(&conf, OVPN_A_KEYCONF_PEER_ID), 5);

	nl.seq = 41;
	nlh = kb_ovpn_put_key(&nl, buf, FAMILY, OVPN_CMD_KEY_DEL, IFINDEX, 5,
			      OVPN_KEY_SLOT_PRIMARY);
	parse_request(nlh, OVPN_CMD_KEY_DEL, OVPN_A_KEYCONF, &conf);
	assert_int_equal(count(&conf), 2);
	assert_int_equal(u32_of(&conf, OVPN_A_KEYCONF_PEER_ID), 5);
	assert_int_equal(u32_of(&conf, OVPN_A_KEYCONF_SLOT),
			 OVPN_KEY_SLOT_PRIMARY);
}

static void test_peer_get_del(void **state)
{
	static const uint8_t cmds[] = { OVPN_CMD_PEER_GET, OVPN_CMD_PEER_DEL };
	char buf[KB_OVPN_REQ_SIZE];
	struct nlmsghdr *nlh;
	struct attrs peer;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cmds); i++) {
		struct kb_nl nl = request_socket();

		nlh = kb_ovpn_put_peer(&nl, buf, FAMILY, cmds[i], IFINDEX, 77);
		parse_request(nlh, cmds[i], OVPN_A_PEER, &peer);
		/* PEER_GET refuses anything but the id. */
		assert_int_equal(count(&peer), 1);
		assert_int_equal(u32_of(&peer, OVPN_A_PEER_ID), 77);
	}
}

/* A "uint" as nla_put_uint() sends it: 4 bytes when the value fits. */
static void put_uint(struct nlmsghdr *nlh, uint16_t type, uint64_t v)
{
	if (v <= UINT32_MAX)
		mnl_attr_put_u32(nlh, type, v);
	else
		mnl_attr_put_u64(nlh, type, v);
}

/* PEER_GET's answer, as ovpn_nl_send_peer() lays it out, and more. */
static struct nlmsghdr *put_peer_reply(void *buf, uint32_t seq)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;
	struct nlattr *peer;
	struct in_addr remote;

	nlh->nlmsg_type = FAMILY;
	nlh->nlmsg_seq = seq;
	nlh->nlmsg_pid = PORTID;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = OVPN_CMD_PEER_GET;
	genl->version = OVPN_FAMILY_VERSION;
	peer = mnl_attr_nest_start(nlh, OVPN_A_PEER);
	mnl_attr_put_u32(nlh, OVPN_A_PEER_ID, 77);
	mnl_attr_put_u32(nlh, OVPN_A_PEER_KEEPALIVE_INTERVAL, 0);
	inet_pton(AF_INET, "10.213.0.2", &remote);
	mnl_attr_put_u32(nlh, OVPN_A_PEER_REMOTE_IPV4, remote.s_addr);
	mnl_attr_put_u16(nlh, OVPN_A_PEER_REMOTE_PORT, htons(1194));
	mnl_attr_put_u16(nlh, OVPN_A_PEER_LOCAL_PORT, htons(1195));
	put_uint(nlh, OVPN_A_PEER_VPN_RX_BYTES, 1000);
	put_uint(nlh, OVPN_A_PEER_VPN_RX_PACKETS, 10);
	put_uint(nlh, OVPN_A_PEER_VPN_TX_BYTES, 5000000000ULL);
	put_uint(nlh, OVPN_A_PEER_VPN_TX_PACKETS, 11);
	put_uint(nlh, OVPN_A_PEER_LINK_RX_BYTES, 1400);
	put_uint(nlh, OVPN_A_PEER_LINK_RX_PACKETS, 12);
	/* What a newer kernel might add, between the counters. */
	mnl_attr_put_u32(nlh, 200, 0xdead);
	put_uint(nlh, OVPN_A_PEER_LINK_TX_BYTES, 6000000000ULL);
	put_uint(nlh, OVPN_A_PEER_LINK_TX_PACKETS, 13);
	mnl_attr_nest_end(nlh, peer);
	return nlh;
}

static void test_stats_reply(void **state)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_ovpn_stats st = { 0 };
	struct kb_nl_reply r = { .cb = kb_ovpn_stats_cb, .data = &st };
	struct nlmsghdr *nlh = put_peer_reply(buf, 9);

	(void)state;
	assert_int_equal(kb_nl_run_batch(buf, nlh->nlmsg_len, 9, PORTID, &r,
					 false),
			 MNL_CB_OK);
	assert_false(r.bad_reply);
	assert_int_equal(st.peer_id, 77);
	assert_int_equal(st.vpn_rx_bytes, 1000);
	assert_int_equal(st.vpn_rx_packets, 10);
	assert_true(st.vpn_tx_bytes == 5000000000ULL);
	assert_int_equal(st.vpn_tx_packets, 11);
	assert_int_equal(st.link_rx_bytes, 1400);
	assert_int_equal(st.link_rx_packets, 12);
	assert_true(st.link_tx_bytes == 6000000000ULL);
	assert_int_equal(st.link_tx_packets, 13);
}

/* A counter of 2 bytes is no "uint": the answer is refused, not misread. */
static void test_stats_reply_malformed(void **state)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_ovpn_stats st = { 0 };
	struct kb_nl_reply r = { .cb = kb_ovpn_stats_cb, .data = &st };
	struct nlmsghdr *nlh = put_peer_reply(buf, 9);
	struct nlattr *peer;
	char sentence[160];

	(void)state;
	peer = mnl_nlmsg_get_payload_offset(nlh, sizeof(struct genlmsghdr));
	mnl_attr_put_u16(nlh, OVPN_A_PEER_VPN_RX_PACKETS, 1);
	peer->nla_len = (char *)mnl_nlmsg_get_payload_tail(nlh) - (char *)peer;
	errno = 0;
	assert_int_equal(kb_nl_run_batch(buf, nlh->nlmsg_len, 9, PORTID, &r,
					 false),
			 MNL_CB_ERROR);
	assert_true(r.bad_reply);
	assert_int_equal(errno, EBADMSG);
	assert_int_equal(kb_ovpn_why(&r, -errno, "peer-get", sentence,
				     sizeof(sentence)),
			 -EBADMSG);
	assert_string_equal(
		sentence,
		"ovpn peer-get: the kernel sent a reply this tool cannot parse: Bad message");
}

/*
 * An error ack as netlink_ack() lays it out with NETLINK_CAP_ACK: @msg,
 * the offset of @attr in @req when not NULL, and @max as the policy's
 * bound (an integer range from 0, or a length when @len).
 */
static struct nlmsghdr *put_ack(void *buf, const struct nlmsghdr *req,
				int error, const char *msg,
				const struct nlattr *attr, uint64_t max,
				bool len)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nlattr *policy;
	struct nlmsgerr *err;

	nlh->nlmsg_type = NLMSG_ERROR;
	nlh->nlmsg_flags = NLM_F_CAPPED | NLM_F_ACK_TLVS;
	nlh->nlmsg_seq = req->nlmsg_seq;
	nlh->nlmsg_pid = PORTID;
	err = mnl_nlmsg_put_extra_header(nlh, sizeof(*err));
	err->error = error;
	err->msg = *req;
	mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, msg);
	if (!attr)
		return nlh;
	mnl_attr_put_u32(nlh, NLMSGERR_ATTR_OFFS,
			 (const char *)attr - (const char *)req);
	if (!max)
		return nlh;
	policy = mnl_attr_nest_start(nlh, NLMSGERR_ATTR_POLICY);
	if (len) {
		mnl_attr_put_u32(nlh, NL_POLICY_TYPE_ATTR_MAX_LENGTH, max);
	} else {
		mnl_attr_put_u64(nlh, NL_POLICY_TYPE_ATTR_MIN_VALUE_U, 0);
		mnl_attr_put_u64(nlh, NL_POLICY_TYPE_ATTR_MAX_VALUE_U, max);
	}
	mnl_attr_nest_end(nlh, policy);
	return nlh;
}

/* The sentence kb_ovpn_why() makes of @ack to @req. */
static int why(const struct nlmsghdr *req, struct nlmsghdr *ack,
	       const char *what, char *out, size_t len)
{
	struct kb_nl_reply r = { .req = req };
	int ret;

	assert_int_equal(kb_nl_run_batch(ack, ack->nlmsg_len, req->nlmsg_seq,
					 PORTID, &r, false),
			 MNL_CB_ERROR);
	ret = kb_ovpn_why(&r, 0, what, out, len);
	free(r.msg);
	return ret;
}

static void test_why_nested_range(void **state)
{
	char req[KB_OVPN_REQ_SIZE], ack[MNL_SOCKET_BUFFER_SIZE], out[256];
	struct kb_nl nl = request_socket();
	struct kb_ovpn_key k = two_way_key();
	struct nlmsghdr *nlh;
	struct attrs conf;

	(void)state;
	k.key_id = 9;
	nlh = kb_ovpn_put_key_new(&nl, req, FAMILY, IFINDEX, &k);
	parse_request(nlh, OVPN_CMD_KEY_NEW, OVPN_A_KEYCONF, &conf);
	put_ack(ack, nlh, -ERANGE, "Attribute failed policy validation",
		conf.at[OVPN_A_KEYCONF_KEY_ID], 7, false);
	assert_int_equal(why(nlh, (struct nlmsghdr *)ack, "key-new", out,
			     sizeof(out)),
			 -ERANGE);
	assert_string_equal(
		out,
		"ovpn key-new: Attribute failed policy validation: keyconf.key-id must be 0 to 7 (Numerical result out of range)");
}

static void test_why_two_nests_deep(void **state)
{
	char req[KB_OVPN_REQ_SIZE], ack[MNL_SOCKET_BUFFER_SIZE], out[256];
	struct kb_nl nl = request_socket();
	struct kb_ovpn_key k = two_way_key();
	struct attrs conf, dir;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = kb_ovpn_put_key_new(&nl, req, FAMILY, IFINDEX, &k);
	parse_request(nlh, OVPN_CMD_KEY_NEW, OVPN_A_KEYCONF, &conf);
	parse_nested(conf.at[OVPN_A_KEYCONF_DECRYPT_DIR], &dir);
	put_ack(ack, nlh, -EINVAL, "Attribute failed policy validation",
		dir.at[OVPN_A_KEYDIR_CIPHER_KEY], 256, true);
	assert_int_equal(why(nlh, (struct nlmsghdr *)ack, "key-new", out,
			     sizeof(out)),
			 -EINVAL);
	assert_string_equal(
		out,
		"ovpn key-new: Attribute failed policy validation: keyconf.decrypt-dir.cipher-key must be at most 256 bytes long (Invalid argument)");
}

static void test_why_message_only(void **state)
{
	char req[KB_OVPN_REQ_SIZE], ack[MNL_SOCKET_BUFFER_SIZE], out[256];
	struct kb_nl nl = request_socket();
	struct kb_ovpn_peer p = { .id = 1, .sock_fd = 99 };
	struct nlmsghdr *nlh;

	(void)state;
	nlh = kb_ovpn_put_peer_new(&nl, req, FAMILY, IFINDEX, &p);
	put_ack(ack, nlh, -ENOTSOCK,
		"ovpn: cannot lookup peer socket (fd=99): -9", NULL, 0, false);
	assert_int_equal(why(nlh, (struct nlmsghdr *)ack, "peer-new", out,
			     sizeof(out)),
			 -ENOTSOCK);
	assert_string_equal(
		out,
		"ovpn peer-new: ovpn: cannot lookup peer socket (fd=99): -9 (Socket operation on non-socket)");
}

static void test_why_without_extack(void **state)
{
	struct kb_nl_reply r = { .error = ENOENT };
	char out[64];

	(void)state;
	assert_int_equal(kb_ovpn_why(&r, 0, "peer-del", out, sizeof(out)),
			 -ENOENT);
	assert_string_equal(out, "ovpn peer-del: No such file or directory");
	/* No answer at all: the local errno. */
	r.error = 0;
	assert_int_equal(kb_ovpn_why(&r, -EAGAIN, "peer-get", out, sizeof(out)),
			 -EAGAIN);
	assert_string_equal(out,
			    "ovpn peer-get: Resource temporarily unavailable");
}

static void test_rtnl_ovpn(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = request_socket();
	struct attrs top = { 0 }, info, data;
	const struct ifinfomsg *ifi;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = kb_rtnl_put_ovpn(&nl, buf, "kbovpn0", 1420);
	assert_int_equal(nlh->nlmsg_type, RTM_NEWLINK);
	assert_int_equal(nlh->nlmsg_flags,
			 NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL);
	ifi = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(ifi->ifi_index, 0);
	assert_int_equal(mnl_attr_parse(nlh, sizeof(*ifi), attr_cb, &top),
			 MNL_CB_OK);
	assert_string_equal(mnl_attr_get_str(top.at[IFLA_IFNAME]), "kbovpn0");
	assert_int_equal(mnl_attr_get_u32(top.at[IFLA_MTU]), 1420);
	parse_nested(top.at[IFLA_LINKINFO], &info);
	assert_string_equal(mnl_attr_get_str(info.at[IFLA_INFO_KIND]), "ovpn");
	parse_nested(info.at[IFLA_INFO_DATA], &data);
	assert_int_equal(count(&data), 1);
	/* ovpn's policy: NLA_U8, P2P to MP. */
	assert_int_equal(
		mnl_attr_validate(data.at[IFLA_OVPN_MODE], MNL_TYPE_U8), 0);
	assert_int_equal(mnl_attr_get_u8(data.at[IFLA_OVPN_MODE]),
			 OVPN_MODE_P2P);
}

static void test_rtnl_del_link(void **state)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct kb_nl nl = request_socket();
	const struct ifinfomsg *ifi;
	struct nlmsghdr *nlh;

	(void)state;
	nlh = kb_rtnl_put_del_link(&nl, buf, 12);
	assert_int_equal(nlh->nlmsg_type, RTM_DELLINK);
	assert_int_equal(nlh->nlmsg_flags, NLM_F_REQUEST | NLM_F_ACK);
	ifi = mnl_nlmsg_get_payload(nlh);
	assert_int_equal(ifi->ifi_index, 12);
	assert_int_equal(nlh->nlmsg_len,
			 NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(*ifi)));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_peer_new_udp),
		cmocka_unit_test(test_peer_new_tcp),
		cmocka_unit_test(test_key_new),
		cmocka_unit_test(test_key_swap_del),
		cmocka_unit_test(test_peer_get_del),
		cmocka_unit_test(test_stats_reply),
		cmocka_unit_test(test_stats_reply_malformed),
		cmocka_unit_test(test_why_nested_range),
		cmocka_unit_test(test_why_two_nests_deep),
		cmocka_unit_test(test_why_message_only),
		cmocka_unit_test(test_why_without_extack),
		cmocka_unit_test(test_rtnl_ovpn),
		cmocka_unit_test(test_rtnl_del_link),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
