// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The ovpn family's requests, written from its spec
 * (Documentation/netlink/specs/ovpn.yaml; ovpn_uapi.h lays out each
 * message) and from what drivers/net/ovpn/netlink.c checks of them:
 *
 * - every request names the device (OVPN_A_IFINDEX) in the namespace of
 *   the socket it goes on; a device of another kind is refused;
 * - PEER_NEW takes a socket descriptor of the sender's, looked up in the
 *   sending process; a UDP socket needs the remote address and port, a
 *   TCP one must not have them; a point-to-point device refuses a VPN
 *   address, a multipoint one needs it;
 * - PEER_GET and KEY_GET refuse any attribute but the ones that find the
 *   peer (and the slot);
 * - the device's kind ("ovpn") has no rtnetlink module alias: the family
 *   lookup (kb_ovpn_open()), which has one, is what loads the module.
 *
 * Every request runs on the caller's socket through the netlink layer's
 * one answer path (sock.c, ack.c); the sentence of a failure names the
 * attribute the kernel refused, nested ones too, by its spec name.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "netlink/genl_family.h"
#include "netlink/ovpn_genl.h"

/* A peer id no reply carries (ids are 24 bits): no peer in the answer. */
#define NO_PEER UINT32_MAX

/* The commands this client sends, by their spec names. */
static const char *const cmd_name[] = {
	[OVPN_CMD_PEER_NEW] = "peer-new", [OVPN_CMD_PEER_GET] = "peer-get",
	[OVPN_CMD_PEER_DEL] = "peer-del", [OVPN_CMD_KEY_NEW] = "key-new",
	[OVPN_CMD_KEY_SWAP] = "key-swap", [OVPN_CMD_KEY_DEL] = "key-del",
};

#define CMDS MNL_ARRAY_SIZE(cmd_name)

static const char *name_of(uint8_t cmd)
{
	return cmd < CMDS && cmd_name[cmd] ? cmd_name[cmd] : "request";
}

/*
 * The caller's socket goes on from one request to the next: its sequence
 * numbers do too, so that a late answer never passes for the current one.
 */
static uint32_t last_seq;

static int fail(char *err, size_t len, int ret, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(char *err, size_t len, int ret, const char *fmt, ...)
{
	va_list ap;

	if (!err || !len)
		return ret;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return ret;
}

static struct nlmsghdr *put_request(struct kb_nl *nl, void *buf,
				    uint16_t family, uint8_t cmd,
				    unsigned int ifindex)
{
	struct nlmsghdr *nlh = kb_nl_genl_request(nl, buf, family, NLM_F_ACK,
						  cmd, OVPN_FAMILY_VERSION);

	mnl_attr_put_u32(nlh, OVPN_A_IFINDEX, ifindex);
	return nlh;
}

/**
 * kb_ovpn_put_peer_new() - build the request that adds a peer
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, KB_OVPN_REQ_SIZE bytes
 * @family: the family's id, as kb_ovpn_open() found it
 * @ifindex: the ovpn device
 * @p: the peer: its id and socket; the remote address and port when
 *     @p->remote.sin_family is AF_INET; the VPN address when not 0.0.0.0;
 *     both keepalive values when either is set
 *
 * OVPN_CMD_PEER_NEW.
 *
 * Return: the request.
 */
struct nlmsghdr *kb_ovpn_put_peer_new(struct kb_nl *nl, void *buf,
				      uint16_t family, unsigned int ifindex,
				      const struct kb_ovpn_peer *p)
{
	struct nlmsghdr *nlh;
	struct nlattr *peer;

	nlh = put_request(nl, buf, family, OVPN_CMD_PEER_NEW, ifindex);
	peer = mnl_attr_nest_start(nlh, OVPN_A_PEER);
	mnl_attr_put_u32(nlh, OVPN_A_PEER_ID, p->id);
	mnl_attr_put_u32(nlh, OVPN_A_PEER_SOCKET, p->sock_fd);
	/* Both in network order, as the struct holds them. */
	if (p->remote.sin_family == AF_INET) {
		mnl_attr_put_u32(nlh, OVPN_A_PEER_REMOTE_IPV4,
				 p->remote.sin_addr.s_addr);
		mnl_attr_put_u16(nlh, OVPN_A_PEER_REMOTE_PORT,
				 p->remote.sin_port);
	}
	if (p->vpn_ipv4.s_addr)
		mnl_attr_put_u32(nlh, OVPN_A_PEER_VPN_IPV4, p->vpn_ipv4.s_addr);
	/* The kernel takes the two together or neither. */
	if (p->keepalive_interval || p->keepalive_timeout) {
		mnl_attr_put_u32(nlh, OVPN_A_PEER_KEEPALIVE_INTERVAL,
				 p->keepalive_interval);
		mnl_attr_put_u32(nlh, OVPN_A_PEER_KEEPALIVE_TIMEOUT,
				 p->keepalive_timeout);
	}
	mnl_attr_nest_end(nlh, peer);
	return nlh;
}

/**
 * kb_ovpn_put_peer() - build a request about one peer by its id
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, KB_OVPN_REQ_SIZE bytes
 * @family: the family's id
 * @cmd: OVPN_CMD_PEER_GET or OVPN_CMD_PEER_DEL
 * @ifindex: the ovpn device
 * @peer_id: the peer
 *
 * The peer's id alone in OVPN_A_PEER: PEER_GET refuses anything more.
 *
 * Return: the request.
 */
struct nlmsghdr *kb_ovpn_put_peer(struct kb_nl *nl, void *buf, uint16_t family,
				  uint8_t cmd, unsigned int ifindex,
				  uint32_t peer_id)
{
	struct nlmsghdr *nlh = put_request(nl, buf, family, cmd, ifindex);
	struct nlattr *peer = mnl_attr_nest_start(nlh, OVPN_A_PEER);

	mnl_attr_put_u32(nlh, OVPN_A_PEER_ID, peer_id);
	mnl_attr_nest_end(nlh, peer);
	return nlh;
}

static void put_dir(struct nlmsghdr *nlh, uint16_t type,
		    const struct kb_ovpn_dir *d)
{
	struct nlattr *dir = mnl_attr_nest_start(nlh, type);

	mnl_attr_put(nlh, OVPN_A_KEYDIR_CIPHER_KEY, d->key_len, d->key);
	mnl_attr_put(nlh, OVPN_A_KEYDIR_NONCE_TAIL, sizeof(d->nonce_tail),
		     d->nonce_tail);
	mnl_attr_nest_end(nlh, dir);
}

/**
 * kb_ovpn_put_key_new() - build the request that installs a key slot
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, KB_OVPN_REQ_SIZE bytes
 * @family: the family's id
 * @ifindex: the ovpn device
 * @k: the slot, its key id and cipher, and a key and nonce tail for each
 *     direction, each key at most KB_OVPN_KEY_MAX bytes
 *
 * OVPN_CMD_KEY_NEW.
 *
 * Return: the request.
 */
struct nlmsghdr *kb_ovpn_put_key_new(struct kb_nl *nl, void *buf,
				     uint16_t family, unsigned int ifindex,
				     const struct kb_ovpn_key *k)
{
	struct nlmsghdr *nlh;
	struct nlattr *conf;

	nlh = put_request(nl, buf, family, OVPN_CMD_KEY_NEW, ifindex);
	conf = mnl_attr_nest_start(nlh, OVPN_A_KEYCONF);
	mnl_attr_put_u32(nlh, OVPN_A_KEYCONF_PEER_ID, k->peer_id);
	mnl_attr_put_u32(nlh, OVPN_A_KEYCONF_SLOT, k->slot);
	mnl_attr_put_u32(nlh, OVPN_A_KEYCONF_KEY_ID, k->key_id);
	mnl_attr_put_u32(nlh, OVPN_A_KEYCONF_CIPHER_ALG, k->cipher);
	put_dir(nlh, OVPN_A_KEYCONF_ENCRYPT_DIR, &k->encrypt);
	put_dir(nlh, OVPN_A_KEYCONF_DECRYPT_DIR, &k->decrypt);
	mnl_attr_nest_end(nlh, conf);
	return nlh;
}

/**
 * kb_ovpn_put_key() - build a request about a peer's key slots
 * @nl: the socket it goes on (for its sequence number)
 * @buf: where to build it, KB_OVPN_REQ_SIZE bytes
 * @family: the family's id
 * @cmd: OVPN_CMD_KEY_SWAP, OVPN_CMD_KEY_DEL (or OVPN_CMD_KEY_GET)
 * @ifindex: the ovpn device
 * @peer_id: the peer
 * @slot: the slot, or -1 for none (KEY_SWAP swaps both)
 *
 * Return: the request.
 */
struct nlmsghdr *kb_ovpn_put_key(struct kb_nl *nl, void *buf, uint16_t family,
				 uint8_t cmd, unsigned int ifindex,
				 uint32_t peer_id, int slot)
{
	struct nlmsghdr *nlh = put_request(nl, buf, family, cmd, ifindex);
	struct nlattr *conf = mnl_attr_nest_start(nlh, OVPN_A_KEYCONF);

	mnl_attr_put_u32(nlh, OVPN_A_KEYCONF_PEER_ID, peer_id);
	if (slot >= 0)
		mnl_attr_put_u32(nlh, OVPN_A_KEYCONF_SLOT, slot);
	mnl_attr_nest_end(nlh, conf);
	return nlh;
}

static uint64_t *counter(struct kb_ovpn_stats *st, uint16_t type)
{
	switch (type) {
	case OVPN_A_PEER_VPN_RX_BYTES:
		return &st->vpn_rx_bytes;
	case OVPN_A_PEER_VPN_TX_BYTES:
		return &st->vpn_tx_bytes;
	case OVPN_A_PEER_VPN_RX_PACKETS:
		return &st->vpn_rx_packets;
	case OVPN_A_PEER_VPN_TX_PACKETS:
		return &st->vpn_tx_packets;
	case OVPN_A_PEER_LINK_RX_BYTES:
		return &st->link_rx_bytes;
	case OVPN_A_PEER_LINK_TX_BYTES:
		return &st->link_tx_bytes;
	case OVPN_A_PEER_LINK_RX_PACKETS:
		return &st->link_rx_packets;
	case OVPN_A_PEER_LINK_TX_PACKETS:
		return &st->link_tx_packets;
	}
	return NULL;
}

/* The spec's "uint": 4 bytes, or 8 for a value past 32 bits. */
static int get_uint(const struct nlattr *attr, uint64_t *v)
{
	switch (mnl_attr_get_payload_len(attr)) {
	case sizeof(uint32_t):
		*v = mnl_attr_get_u32(attr);
		return 0;
	case sizeof(uint64_t):
		*v = mnl_attr_get_u64(attr);
		return 0;
	}
	return -1;
}

static int peer_attr_cb(const struct nlattr *attr, void *data)
{
	struct kb_ovpn_stats *st = data;
	uint16_t type = mnl_attr_get_type(attr);
	uint64_t *c = counter(st, type);

	if (c && get_uint(attr, c) < 0)
		goto bad;
	if (type == OVPN_A_PEER_ID) {
		if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
			goto bad;
		st->peer_id = mnl_attr_get_u32(attr);
	}
	/* Addresses, ports, keepalive, and what newer kernels add: unread. */
	return MNL_CB_OK;
bad:
	errno = EBADMSG;
	return MNL_CB_ERROR;
}

static int reply_attr_cb(const struct nlattr *attr, void *data)
{
	if (mnl_attr_get_type(attr) != OVPN_A_PEER)
		return MNL_CB_OK;
	if (mnl_attr_validate(attr, MNL_TYPE_NESTED) < 0) {
		errno = EBADMSG;
		return MNL_CB_ERROR;
	}
	return mnl_attr_parse_nested(attr, peer_attr_cb, data);
}

/**
 * kb_ovpn_stats_cb() - read a peer's counters of PEER_GET's answer
 * @nlh: an OVPN_CMD_PEER_GET message
 * @stats: the struct kb_ovpn_stats to fill in: its peer id and the
 *	   counters the message carries; the others are left as they are
 *
 * Each attribute read is checked first; the others, and those a newer
 * kernel adds, are skipped.
 *
 * Return: MNL_CB_OK, or MNL_CB_ERROR with errno EBADMSG for an attribute
 * of the wrong size.
 */
int kb_ovpn_stats_cb(const struct nlmsghdr *nlh, void *stats)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(nlh);

	if (mnl_nlmsg_get_payload_len(nlh) < sizeof(*genl) ||
	    genl->cmd != OVPN_CMD_PEER_GET)
		return MNL_CB_OK;
	return mnl_attr_parse(nlh, sizeof(*genl), reply_attr_cb, stats);
}

/* The spec names of the request attributes a refusal may point at. */
static const char *const top_names[] = {
	[OVPN_A_IFINDEX] = "ifindex",
	[OVPN_A_PEER] = "peer",
	[OVPN_A_KEYCONF] = "keyconf",
};

static const char *const peer_names[] = {
	[OVPN_A_PEER_ID] = "id",
	[OVPN_A_PEER_REMOTE_IPV4] = "remote-ipv4",
	[OVPN_A_PEER_REMOTE_PORT] = "remote-port",
	[OVPN_A_PEER_SOCKET] = "socket",
	[OVPN_A_PEER_VPN_IPV4] = "vpn-ipv4",
	[OVPN_A_PEER_KEEPALIVE_INTERVAL] = "keepalive-interval",
	[OVPN_A_PEER_KEEPALIVE_TIMEOUT] = "keepalive-timeout",
};

static const char *const keyconf_names[] = {
	[OVPN_A_KEYCONF_PEER_ID] = "peer-id",
	[OVPN_A_KEYCONF_SLOT] = "slot",
	[OVPN_A_KEYCONF_KEY_ID] = "key-id",
	[OVPN_A_KEYCONF_CIPHER_ALG] = "cipher-alg",
	[OVPN_A_KEYCONF_ENCRYPT_DIR] = "encrypt-dir",
	[OVPN_A_KEYCONF_DECRYPT_DIR] = "decrypt-dir",
};

static const char *const keydir_names[] = {
	[OVPN_A_KEYDIR_CIPHER_KEY] = "cipher-key",
	[OVPN_A_KEYDIR_NONCE_TAIL] = "nonce-tail",
};

/* An attribute set: its names by type. */
struct attr_set {
	const char *const *name;
	size_t count;
};

static const struct attr_set top_set = { top_names, MNL_ARRAY_SIZE(top_names) };
static const struct attr_set peer_set = { peer_names,
					  MNL_ARRAY_SIZE(peer_names) };
static const struct attr_set keyconf_set = { keyconf_names,
					     MNL_ARRAY_SIZE(keyconf_names) };
static const struct attr_set keydir_set = { keydir_names,
					    MNL_ARRAY_SIZE(keydir_names) };

/* The set that a nest of type @type in @set holds, or NULL. */
static const struct attr_set *inner(const struct attr_set *set, uint16_t type)
{
	if (set == &top_set && type == OVPN_A_PEER)
		return &peer_set;
	if (set == &top_set && type == OVPN_A_KEYCONF)
		return &keyconf_set;
	if (set == &keyconf_set && (type == OVPN_A_KEYCONF_ENCRYPT_DIR ||
				    type == OVPN_A_KEYCONF_DECRYPT_DIR))
		return &keydir_set;
	return NULL;
}

/* The attribute between @start and @end that holds byte @at, or NULL. */
static const struct nlattr *holding(const char *start, const char *end,
				    const char *at)
{
	const struct nlattr *attr = (const struct nlattr *)start;

	for (; mnl_attr_ok(attr, end - (const char *)attr);
	     attr = mnl_attr_next(attr))
		if (at >= (const char *)attr &&
		    at < (const char *)attr + attr->nla_len)
			return attr;
	return NULL;
}

/*
 * "keyconf.encrypt-dir.cipher-key": the innermost attribute of @req that
 * holds byte @offs, through the nests the spec defines, into @out.
 */
static void refused_path(const struct nlmsghdr *req, uint32_t offs, char *out,
			 size_t len)
{
	const char *start, *end = mnl_nlmsg_get_payload_tail(req);
	const char *at = (const char *)req + offs;
	const struct attr_set *set = &top_set;
	const struct nlattr *attr;
	const char *name;
	size_t used = 0;
	uint16_t type;

	out[0] = '\0';
	start = mnl_nlmsg_get_payload_offset(req, sizeof(struct genlmsghdr));
	while (set && (attr = holding(start, end, at))) {
		type = mnl_attr_get_type(attr);
		name = type < set->count ? set->name[type] : NULL;
		used += snprintf(out + used, len - used, "%s%s",
				 used ? "." : "", name ? name : "?");
		/* The nest itself refused, or a path too long to follow. */
		if (used >= len ||
		    at < (const char *)mnl_attr_get_payload(attr))
			return;
		set = inner(set, type);
		start = mnl_attr_get_payload(attr);
		end = (const char *)attr + attr->nla_len;
	}
}

/* What the kernel's policy allows of the refused attribute, or "". */
static void bounds(const struct kb_nl_policy *p, char *out, size_t len)
{
	const unsigned int range = (1U << KB_NL_MIN_U) | (1U << KB_NL_MAX_U);
	const uint64_t *b = p->bound;

	if ((p->has & range) == range)
		snprintf(out, len, " must be %" PRIu64 " to %" PRIu64,
			 b[KB_NL_MIN_U], b[KB_NL_MAX_U]);
	else if (p->has & (1U << KB_NL_MAX_LEN))
		snprintf(out, len, " must be at most %" PRIu64 " bytes long",
			 b[KB_NL_MAX_LEN]);
	else
		out[0] = '\0';
}

/**
 * kb_ovpn_why() - the sentence of a failed request
 * @r: what the kernel answered; @r->req the request as sent, to name the
 *     attribute it refused
 * @error: the local failure (sending, receiving, parsing), -errno, or 0
 * @what: the request, "key-new"
 * @err: where the sentence goes: "ovpn key-new: <the kernel's message>:
 *	 keyconf.key-id must be 0 to 7 (Numerical result out of range)",
 *	 with the attribute and its bounds only when the kernel named them
 * @len: its size
 *
 * Return: the request's -errno: the kernel's, else @error, else -EBADMSG
 * for a reply this client refused.
 */
int kb_ovpn_why(const struct kb_nl_reply *r, int error, const char *what,
		char *err, size_t len)
{
	char path[96] = "", allowed[64] = "";
	int ret = r->error ? -r->error : error ? error : -EBADMSG;

	if (r->error && r->has_offs && r->req) {
		refused_path(r->req, r->offs, path, sizeof(path));
		bounds(&r->policy, allowed, sizeof(allowed));
	}
	if (r->error && r->msg)
		return fail(err, len, ret, "ovpn %s: %s%s%s%s (%s)", what,
			    r->msg, path[0] ? ": " : "", path, allowed,
			    strerror(-ret));
	if (r->bad_reply)
		return fail(
			err, len, ret,
			"ovpn %s: the kernel sent a reply this tool cannot parse: %s",
			what, strerror(-ret));
	return fail(err, len, ret, "ovpn %s: %s%s%s", what, strerror(-ret),
		    path[0] ? ": " : "", path);
}

static int borrow(struct kb_nl *nl, struct mnl_socket *sock, char *err,
		  size_t len)
{
	int ret = kb_nl_borrow(nl, sock, 0);

	if (ret) {
		kb_nl_close(nl);
		return fail(err, len, ret, "ovpn: %s", strerror(-ret));
	}
	nl->seq = last_seq ? last_seq : (uint32_t)time(NULL);
	return 0;
}

/* Runs @req, built on @nl (borrowed), and gives the socket back. */
static int ask(struct kb_nl *nl, const struct nlmsghdr *req, mnl_cb_t cb,
	       void *data, char *err, size_t len)
{
	const struct genlmsghdr *genl = mnl_nlmsg_get_payload(req);
	struct kb_nl_reply r = { .cb = cb, .data = data, .req = req };
	int ret = 0;

	last_seq = nl->seq;
	if (kb_nl_transact(nl, req, &r))
		ret = errno ? -errno : -EIO;
	if (ret || r.error || r.bad_reply)
		ret = kb_ovpn_why(&r, ret, name_of(genl->cmd), err, len);
	free(r.msg);
	kb_nl_close(nl);
	return ret;
}

/* Which commands the family must offer, for the message of a missing one. */
static int check_ops(const struct kb_nl_family *f, char *err, size_t len)
{
	size_t cmd;

	for (cmd = 0; cmd < CMDS; cmd++)
		if (cmd_name[cmd] && !(f->ops[cmd / 32] & (1U << (cmd % 32))))
			return fail(
				err, len, -EOPNOTSUPP,
				"the kernel's ovpn family (version %u) has no command %s",
				f->version, cmd_name[cmd]);
	return 0;
}

/**
 * kb_ovpn_open() - find the ovpn family
 * @sock: a NETLINK_GENERIC socket, bound (kb_nl_socket())
 * @family: set to the family's id, for the other requests
 * @err: the sentence of a failure
 * @len: its size
 *
 * The lookup loads the ovpn module where it is built and the caller may
 * load it: do it before the device is made, whose kind loads nothing.
 *
 * Return: 0; -ENOENT when the kernel has no such family (no module, or
 * one not loaded); -EOPNOTSUPP when it lacks a command this client sends;
 * or another -errno.
 */
int kb_ovpn_open(struct mnl_socket *sock, uint16_t *family, char *err,
		 size_t len)
{
	struct kb_nl_family f;
	struct kb_nl_reply r;
	struct kb_nl nl;
	int ret = borrow(&nl, sock, err, len);

	if (ret)
		return ret;
	ret = kb_nl_family_get(&nl, OVPN_FAMILY_NAME, &f, &r);
	last_seq = nl.seq;
	if (ret && r.error == ENOENT)
		ret = fail(
			err, len, -ENOENT,
			"the kernel has no generic netlink family \"" OVPN_FAMILY_NAME
			"\": its ovpn module (CONFIG_OVPN, Linux 6.16 and later) is not built, or could not be loaded (modprobe ovpn)");
	else if (ret)
		ret = kb_ovpn_why(&r, errno ? -errno : -EIO,
				  "looking up the family", err, len);
	free(r.msg);
	kb_nl_close(&nl);
	if (ret)
		return ret;
	if (!f.id)
		return fail(err, len, -EPROTO,
			    "the kernel named no id for the ovpn family");
	*family = f.id;
	return check_ops(&f, err, len);
}

/**
 * kb_ovpn_peer_new() - add a peer to an ovpn device
 * @sock: a NETLINK_GENERIC socket, in the device's namespace
 * @family: the family's id (kb_ovpn_open())
 * @ifindex: as kb_ovpn_put_peer_new() takes them
 * @p: ditto; @p->sock_fd stays the caller's, who closes it when done
 * @err: the sentence of a failure
 * @len: its size
 *
 * Return: 0 or the kernel's -errno: -ENOTSOCK when @p->sock_fd is no
 * socket or the kernel cannot take it over, -EINVAL for a combination
 * the device refuses (see the file's head), -EPERM without CAP_NET_ADMIN.
 */
int kb_ovpn_peer_new(struct mnl_socket *sock, uint16_t family,
		     unsigned int ifindex, const struct kb_ovpn_peer *p,
		     char *err, size_t len)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl;
	int ret = borrow(&nl, sock, err, len);

	if (ret)
		return ret;
	return ask(&nl, kb_ovpn_put_peer_new(&nl, buf, family, ifindex, p),
		   NULL, NULL, err, len);
}

static int check_dir(const struct kb_ovpn_dir *d, const char *name, char *err,
		     size_t len)
{
	if (d->key_len > KB_OVPN_KEY_MAX || (d->key_len && !d->key))
		return fail(
			err, len, -EINVAL,
			"ovpn key-new: a %s key of %zu bytes: the family takes at most %d",
			name, d->key_len, KB_OVPN_KEY_MAX);
	return 0;
}

/**
 * kb_ovpn_key_new() - install a key in one of a peer's slots
 * @sock: a NETLINK_GENERIC socket, in the device's namespace
 * @family: the family's id
 * @ifindex: as kb_ovpn_put_key_new() takes them
 * @k: ditto
 * @err: the sentence of a failure
 * @len: its size
 *
 * The kernel allocates the cipher's transforms here (gcm(aes) for
 * OVPN_CIPHER_ALG_AES_GCM, one per direction) and sets their keys.
 *
 * Return: 0, -EINVAL for a key longer than KB_OVPN_KEY_MAX (not sent), or
 * the kernel's -errno: -ENOENT for no such peer, -EINVAL for a cipher,
 * key length, key id or nonce tail it refuses.
 */
int kb_ovpn_key_new(struct mnl_socket *sock, uint16_t family,
		    unsigned int ifindex, const struct kb_ovpn_key *k,
		    char *err, size_t len)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl;
	int ret;

	ret = check_dir(&k->encrypt, "encrypt", err, len);
	if (!ret)
		ret = check_dir(&k->decrypt, "decrypt", err, len);
	if (!ret)
		ret = borrow(&nl, sock, err, len);
	if (ret)
		return ret;
	return ask(&nl, kb_ovpn_put_key_new(&nl, buf, family, ifindex, k), NULL,
		   NULL, err, len);
}

/**
 * kb_ovpn_key_swap() - swap a peer's primary and secondary key slots
 * @sock: a NETLINK_GENERIC socket, in the device's namespace
 * @family: the family's id
 * @ifindex: the ovpn device
 * @peer_id: the peer
 * @err: the sentence of a failure
 * @len: its size
 *
 * The primary slot's key encrypts; both decrypt, by the key id a packet
 * carries.
 *
 * Return: 0 or the kernel's -errno: -ENOENT for no such peer.
 */
int kb_ovpn_key_swap(struct mnl_socket *sock, uint16_t family,
		     unsigned int ifindex, uint32_t peer_id, char *err,
		     size_t len)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl;
	int ret = borrow(&nl, sock, err, len);

	if (ret)
		return ret;
	return ask(&nl,
		   kb_ovpn_put_key(&nl, buf, family, OVPN_CMD_KEY_SWAP, ifindex,
				   peer_id, -1),
		   NULL, NULL, err, len);
}

/**
 * kb_ovpn_key_del() - empty one of a peer's key slots
 * @sock: a NETLINK_GENERIC socket, in the device's namespace
 * @family: the family's id
 * @ifindex: the ovpn device
 * @peer_id: the peer
 * @slot: OVPN_KEY_SLOT_PRIMARY or _SECONDARY
 * @err: the sentence of a failure
 * @len: its size
 *
 * The slot's transforms are freed once no packet in flight holds them.
 *
 * Return: 0 (an empty slot too) or the kernel's -errno: -ENOENT for no
 * such peer.
 */
int kb_ovpn_key_del(struct mnl_socket *sock, uint16_t family,
		    unsigned int ifindex, uint32_t peer_id, int slot, char *err,
		    size_t len)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl;
	int ret = borrow(&nl, sock, err, len);

	if (ret)
		return ret;
	return ask(&nl,
		   kb_ovpn_put_key(&nl, buf, family, OVPN_CMD_KEY_DEL, ifindex,
				   peer_id, slot),
		   NULL, NULL, err, len);
}

/**
 * kb_ovpn_peer_get() - a peer's counters
 * @sock: a NETLINK_GENERIC socket, in the device's namespace
 * @family: the family's id
 * @ifindex: the ovpn device
 * @peer_id: the peer
 * @st: filled in from the answer (kb_ovpn_stats_cb())
 * @err: the sentence of a failure
 * @len: its size
 *
 * Return: 0, -EBADMSG for an answer without the peer or with a malformed
 * counter, or the kernel's -errno: -ENOENT for no such peer.
 */
int kb_ovpn_peer_get(struct mnl_socket *sock, uint16_t family,
		     unsigned int ifindex, uint32_t peer_id,
		     struct kb_ovpn_stats *st, char *err, size_t len)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl;
	int ret;

	memset(st, 0, sizeof(*st));
	st->peer_id = NO_PEER;
	ret = borrow(&nl, sock, err, len);
	if (!ret)
		ret = ask(&nl,
			  kb_ovpn_put_peer(&nl, buf, family, OVPN_CMD_PEER_GET,
					   ifindex, peer_id),
			  kb_ovpn_stats_cb, st, err, len);
	if (!ret && st->peer_id != peer_id)
		ret = fail(
			err, len, -EBADMSG,
			"ovpn peer-get: the kernel answered without peer %" PRIu32,
			peer_id);
	return ret;
}

/**
 * kb_ovpn_peer_del() - remove a peer, its keys and its hold on its socket
 * @sock: a NETLINK_GENERIC socket, in the device's namespace
 * @family: the family's id
 * @ifindex: the ovpn device
 * @peer_id: the peer
 * @err: the sentence of a failure
 * @len: its size
 *
 * Return: 0 or the kernel's -errno: -ENOENT for no such peer.
 */
int kb_ovpn_peer_del(struct mnl_socket *sock, uint16_t family,
		     unsigned int ifindex, uint32_t peer_id, char *err,
		     size_t len)
{
	char buf[KB_OVPN_REQ_SIZE];
	struct kb_nl nl;
	int ret = borrow(&nl, sock, err, len);

	if (ret)
		return ret;
	return ask(&nl,
		   kb_ovpn_put_peer(&nl, buf, family, OVPN_CMD_PEER_DEL,
				    ifindex, peer_id),
		   NULL, NULL, err, len);
}
