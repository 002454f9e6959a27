// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * xfrm_user's requests. The kernel has no family spec (YAML) for
 * NETLINK_XFRM: these are written from include/uapi/linux/xfrm.h, which
 * lays out each message's fixed part and its XFRMA_* attributes, and from
 * what net/xfrm/xfrm_user.c checks of them.
 *
 * What the kernel does with what it is sent, which these requests allow
 * for:
 * - an SA's or a policy's lifetime limits are taken as given, and a limit
 *   of 0 bytes or packets expires the SA on its first packet: every limit
 *   is XFRM_INF, as `ip xfrm` sends them;
 * - an ESP SA matches a policy's template only where the template's
 *   algorithm masks allow its algorithms: all are allowed (~0);
 * - a template's addresses are read in either mode: in transport mode
 *   they are 0.0.0.0, any;
 * - an SA is found by its destination, SPI and protocol: SPI 0 names
 *   none, and is refused before.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <libmnl/libmnl.h>
#include <linux/ipsec.h>
#include <linux/netlink.h>
#include <linux/xfrm.h>

#include "netlink/xfrm_user.h"

/* The legacy replay state's bitmap; a wider window takes the ESN form. */
#define LEGACY_REPLAY_MAX 32

/* Room for an algorithm's name, as struct xfrm_algo holds it. */
#define ALG_NAME_MAX sizeof(((struct xfrm_algo *)0)->alg_name)

static unsigned int mode_of(const struct kb_xfrm_sa *sa)
{
	return sa->mode == KB_XFRM_TUNNEL ? XFRM_MODE_TUNNEL :
					    XFRM_MODE_TRANSPORT;
}

/* @src/32 to @dst/32, any protocol and port: the lane's traffic. */
static void put_selector(struct xfrm_selector *sel, const struct kb_xfrm_sa *sa)
{
	sel->saddr.a4 = sa->src.s_addr;
	sel->daddr.a4 = sa->dst.s_addr;
	sel->prefixlen_s = 32;
	sel->prefixlen_d = 32;
	sel->family = AF_INET;
}

static void forever(struct xfrm_lifetime_cfg *lft)
{
	lft->soft_byte_limit = XFRM_INF;
	lft->hard_byte_limit = XFRM_INF;
	lft->soft_packet_limit = XFRM_INF;
	lft->hard_packet_limit = XFRM_INF;
}

/* An XFRMA_ALG_* attribute: the algorithm's struct, then its key. */
static int put_key(struct nlmsghdr *nlh, uint16_t type, const void *head,
		   size_t head_len, const uint8_t *key, unsigned int bits)
{
	size_t key_len = (bits + 7) / 8;
	char *attr = malloc(head_len + key_len);

	if (!attr)
		return -ENOMEM;
	memcpy(attr, head, head_len);
	memcpy(attr + head_len, key, key_len);
	mnl_attr_put(nlh, type, head_len + key_len, attr);
	free(attr);
	return 0;
}

static int put_algorithms(struct nlmsghdr *nlh, const struct kb_xfrm_sa *sa)
{
	struct xfrm_algo_aead aead = { 0 };
	struct xfrm_algo_auth auth = { 0 };
	struct xfrm_algo crypt = { 0 }, plain_auth = { 0 };
	int ret;

	if (sa->aead) {
		strcpy(aead.alg_name, sa->aead);
		aead.alg_key_len = sa->key_bits;
		aead.alg_icv_len = sa->icv_bits;
		return put_key(nlh, XFRMA_ALG_AEAD, &aead, sizeof(aead),
			       sa->key, sa->key_bits);
	}
	strcpy(crypt.alg_name, sa->cipher);
	crypt.alg_key_len = sa->key_bits;
	ret = put_key(nlh, XFRMA_ALG_CRYPT, &crypt, sizeof(crypt), sa->key,
		      sa->key_bits);
	if (ret)
		return ret;
	/*
	 * With a truncation length XFRMA_ALG_AUTH_TRUNC, as `ip xfrm state
	 * ... auth-trunc` sends; without one XFRMA_ALG_AUTH, which takes
	 * xfrm's default length (96 bits for hmac(sha256)).
	 */
	if (sa->auth_trunc_bits) {
		strcpy(auth.alg_name, sa->auth);
		auth.alg_key_len = sa->auth_key_bits;
		auth.alg_trunc_len = sa->auth_trunc_bits;
		return put_key(nlh, XFRMA_ALG_AUTH_TRUNC, &auth, sizeof(auth),
			       sa->auth_key, sa->auth_key_bits);
	}
	strcpy(plain_auth.alg_name, sa->auth);
	plain_auth.alg_key_len = sa->auth_key_bits;
	return put_key(nlh, XFRMA_ALG_AUTH, &plain_auth, sizeof(plain_auth),
		       sa->auth_key, sa->auth_key_bits);
}

/*
 * A window wider than the legacy bitmap goes as an ESN replay state
 * without the ESN flag, as `ip xfrm state ... replay-window N` sends it;
 * the legacy field is then 0.
 */
static void put_replay(struct nlmsghdr *nlh, struct xfrm_usersa_info *info,
		       uint32_t window)
{
	uint32_t esn_buf[(sizeof(struct xfrm_replay_state_esn) +
			  KB_XFRM_REPLAY_MAX / 8) /
			 sizeof(uint32_t)] = { 0 };
	struct xfrm_replay_state_esn *esn = (void *)esn_buf;
	unsigned int bmp_len = (window + 31) / 32;

	if (window <= LEGACY_REPLAY_MAX) {
		info->replay_window = window;
		return;
	}
	esn->bmp_len = bmp_len;
	esn->replay_window = window;
	mnl_attr_put(nlh, XFRMA_REPLAY_ESN_VAL,
		     sizeof(*esn) + bmp_len * sizeof(esn->bmp[0]), esn);
}

/* What xfrm can hold: names of 63 bytes, a window of up to 4096. */
static bool fits(const struct kb_xfrm_sa *sa)
{
	const char *name[] = { sa->aead, sa->cipher, sa->auth };
	size_t i;

	for (i = 0; i < sizeof(name) / sizeof(name[0]); i++)
		if (name[i] && strlen(name[i]) >= ALG_NAME_MAX)
			return false;
	return sa->replay_window <= KB_XFRM_REPLAY_MAX;
}

/**
 * kb_xfrm_user_put_sa() - build the request that adds an ESP SA
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes
 * @sa: the SA: an SPI, an AEAD or a cipher and an authenticator, their
 *	keys, a replay window of at most KB_XFRM_REPLAY_MAX
 *
 * XFRM_MSG_NEWSA: IPv4, the selector @sa->src/32 to @sa->dst/32 with any
 * protocol, no lifetime limit, the algorithms as XFRMA_ALG_* attributes.
 *
 * Return: the request, or NULL for an algorithm name or a window xfrm
 * cannot hold, or out of memory.
 */
struct nlmsghdr *kb_xfrm_user_put_sa(struct kb_nl *nl, void *buf,
				     const struct kb_xfrm_sa *sa)
{
	struct xfrm_usersa_info *info;
	struct nlmsghdr *nlh;

	if (!fits(sa))
		return NULL;
	nlh = kb_nl_put_request(nl, buf, XFRM_MSG_NEWSA, NLM_F_ACK);
	info = mnl_nlmsg_put_extra_header(nlh, sizeof(*info));
	put_selector(&info->sel, sa);
	info->id.daddr.a4 = sa->dst.s_addr;
	info->id.spi = htonl(sa->spi);
	info->id.proto = IPPROTO_ESP;
	info->saddr.a4 = sa->src.s_addr;
	forever(&info->lft);
	info->reqid = sa->reqid;
	info->family = AF_INET;
	info->mode = mode_of(sa);
	put_replay(nlh, info, sa->replay_window);
	return put_algorithms(nlh, sa) ? NULL : nlh;
}

/**
 * kb_xfrm_user_add_sa() - add an ESP SA
 * @nl: a NETLINK_XFRM socket, in the SA's namespace
 * @sa: as kb_xfrm_user_put_sa() takes it
 *
 * Return: 0, -ENOMEM when kb_xfrm_user_put_sa() refuses @sa, or the
 * kernel's -errno: -ENOSYS (xfrm does not know the algorithm, or the
 * crypto API cannot provide it), -ENOENT (esp4 could not allocate it),
 * -EPROTONOSUPPORT (no esp4), -EEXIST (the SPI is taken), -EINVAL.
 */
int kb_xfrm_user_add_sa(struct kb_nl *nl, const struct kb_xfrm_sa *sa)
{
	struct nlmsghdr *nlh = kb_xfrm_user_put_sa(nl, nl->buf, sa);

	return nlh ? kb_nl_ask(nl, nlh, NULL, NULL) : -ENOMEM;
}

/* An SA's identity: its destination, SPI and protocol. */
static struct nlmsghdr *put_sa_id(struct kb_nl *nl, uint16_t type,
				  const struct kb_xfrm_sa *sa)
{
	struct nlmsghdr *nlh = kb_nl_put_request(nl, nl->buf, type, NLM_F_ACK);
	struct xfrm_usersa_id *id;

	id = mnl_nlmsg_put_extra_header(nlh, sizeof(*id));
	id->daddr.a4 = sa->dst.s_addr;
	id->spi = htonl(sa->spi);
	id->family = AF_INET;
	id->proto = IPPROTO_ESP;
	return nlh;
}

/**
 * kb_xfrm_user_del_sa() - delete an ESP SA
 * @nl: a NETLINK_XFRM socket, in the SA's namespace
 * @sa: the SA, found by its destination and SPI (not 0)
 *
 * Return: 0 or the kernel's -errno: -ESRCH when there is no such SA.
 */
int kb_xfrm_user_del_sa(struct kb_nl *nl, const struct kb_xfrm_sa *sa)
{
	return kb_nl_ask(nl, put_sa_id(nl, XFRM_MSG_DELSA, sa), NULL, NULL);
}

struct sa_stats {
	struct kb_xfrm_sa_stats *st;
	bool found;
};

static int sa_cb(const struct nlmsghdr *nlh, void *data)
{
	const struct xfrm_usersa_info *info = mnl_nlmsg_get_payload(nlh);
	struct sa_stats *s = data;

	if (nlh->nlmsg_type != XFRM_MSG_NEWSA ||
	    mnl_nlmsg_get_payload_len(nlh) < sizeof(*info))
		return MNL_CB_OK;
	s->st->bytes = info->curlft.bytes;
	s->st->packets = info->curlft.packets;
	s->st->replay_window = info->stats.replay_window;
	s->st->replay = info->stats.replay;
	s->st->integrity_failed = info->stats.integrity_failed;
	s->found = true;
	return MNL_CB_OK;
}

/**
 * kb_xfrm_user_get_sa() - what the kernel counted on an ESP SA
 * @nl: a NETLINK_XFRM socket, in the SA's namespace
 * @sa: the SA, found by its destination and SPI (not 0)
 * @st: filled in from XFRM_MSG_GETSA's answer: its current lifetime's
 *	packets and bytes, and its drops
 *
 * Return: 0 or the kernel's -errno: -ESRCH when there is no such SA.
 */
int kb_xfrm_user_get_sa(struct kb_nl *nl, const struct kb_xfrm_sa *sa,
			struct kb_xfrm_sa_stats *st)
{
	struct sa_stats s = { .st = st };
	int ret;

	memset(st, 0, sizeof(*st));
	ret = kb_nl_ask(nl, put_sa_id(nl, XFRM_MSG_GETSA, sa), sa_cb, &s);
	return ret ? ret : s.found ? 0 : -ESRCH;
}

/* Its template: ESP, the SA's mode and reqid, any SPI, any algorithm. */
static void put_template(struct nlmsghdr *nlh, const struct kb_xfrm_sa *sa)
{
	struct xfrm_user_tmpl t = { 0 };

	/* In transport mode the packet's own addresses: 0.0.0.0, any. */
	if (sa->mode == KB_XFRM_TUNNEL) {
		t.id.daddr.a4 = sa->dst.s_addr;
		t.saddr.a4 = sa->src.s_addr;
	}
	t.id.proto = IPPROTO_ESP;
	t.family = AF_INET;
	t.reqid = sa->reqid;
	t.mode = mode_of(sa);
	t.aalgos = ~0u;
	t.ealgos = ~0u;
	t.calgos = ~0u;
	mnl_attr_put(nlh, XFRMA_TMPL, sizeof(t), &t);
}

/**
 * kb_xfrm_user_put_policy() - build the request that adds a policy
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes
 * @out: XFRM_POLICY_OUT, else XFRM_POLICY_IN
 * @sa: the SA: its addresses make the selector (@sa->src/32 to
 *	@sa->dst/32, any protocol), its mode and reqid the one template
 *
 * XFRM_MSG_NEWPOLICY, allow, no lifetime limit.
 *
 * Return: the request.
 */
struct nlmsghdr *kb_xfrm_user_put_policy(struct kb_nl *nl, void *buf, bool out,
					 const struct kb_xfrm_sa *sa)
{
	struct xfrm_userpolicy_info *pol;
	struct nlmsghdr *nlh;

	nlh = kb_nl_put_request(nl, buf, XFRM_MSG_NEWPOLICY, NLM_F_ACK);
	pol = mnl_nlmsg_put_extra_header(nlh, sizeof(*pol));
	put_selector(&pol->sel, sa);
	forever(&pol->lft);
	pol->dir = out ? XFRM_POLICY_OUT : XFRM_POLICY_IN;
	pol->action = XFRM_POLICY_ALLOW;
	put_template(nlh, sa);
	return nlh;
}

/**
 * kb_xfrm_user_add_policy() - add the policy that sends a lane's traffic
 *			       through an SA, or requires it to have come so
 * @nl: a NETLINK_XFRM socket, in the policy's namespace
 * @out: as kb_xfrm_user_put_policy() takes them
 * @sa: ditto
 *
 * Return: 0 or the kernel's -errno: -EEXIST when the namespace has a
 * policy for this selector and direction.
 */
int kb_xfrm_user_add_policy(struct kb_nl *nl, bool out,
			    const struct kb_xfrm_sa *sa)
{
	return kb_nl_ask(nl, kb_xfrm_user_put_policy(nl, nl->buf, out, sa),
			 NULL, NULL);
}

/**
 * kb_xfrm_user_flush() - delete every policy, then every SA
 * @nl: a NETLINK_XFRM socket, in the namespace to empty
 *
 * Both requests are sent whatever the first answers.
 *
 * Return: 0, or the first -errno.
 */
int kb_xfrm_user_flush(struct kb_nl *nl)
{
	struct xfrm_usersa_flush *flush;
	struct nlmsghdr *nlh;
	int ret, ret2;

	nlh = kb_nl_put_request(nl, nl->buf, XFRM_MSG_FLUSHPOLICY, NLM_F_ACK);
	ret = kb_nl_ask(nl, nlh, NULL, NULL);
	nlh = kb_nl_put_request(nl, nl->buf, XFRM_MSG_FLUSHSA, NLM_F_ACK);
	flush = mnl_nlmsg_put_extra_header(nlh, sizeof(*flush));
	flush->proto = IPSEC_PROTO_ANY;
	ret2 = kb_nl_ask(nl, nlh, NULL, NULL);
	return ret ? ret : ret2;
}
