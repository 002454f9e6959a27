// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ovpn on the path layer. Each tunnel lane is a pair of ovpn interfaces
 * ("ovpnL", mode P2P), one in each namespace, each with one peer: the
 * other end's UDP socket on the veth's lane addresses, our own socket
 * handed to the kernel with PEER_NEW. Inside, the lane's datagrams go
 * between 10.214.L.1 and 10.214.L.2. An end is the key slot of one
 * interface (KEY_NEW): ovpn allocates "gcm(aes)" twice for it, for
 * encryption and for decryption (drivers/net/ovpn/crypto_aead.c), so the
 * driver it got is proved by its reference count rising by two. A key's
 * encrypting direction at one end is the other end's decrypting one:
 * the same key and nonce tail.
 *
 * ovpn counts a datagram as received on the link before it decrypts it
 * and as received in the VPN after (drivers/net/ovpn/io.c): the
 * difference is what the receiving end refused.
 */

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include <libmnl/libmnl.h>

#include "netlink/ovpn_genl.h"
#include "netlink/rtnl.h"
#include "ovpn/impl.h"
#include "ovpn/ovpn_path.h"
#include "path/gcm_on_ctr.h"
#include "path/link.h"
#include "path/session.h"

#define PORT 1194
#define PEER_ID 1
#define VPN_PREFIX 24
#define KEY_BYTES_MAX 32

/* One ovpn interface, its peer's socket and its key. */
struct ovpn_end {
	unsigned int ifindex; /* 0: not made */
	int sock;
};

/* Each side's netlink sockets, opened in its namespace. */
struct ovpn_side {
	struct kb_nl rtnl;
	struct mnl_socket *genl;
	uint16_t family;
};

struct ovpn_state {
	struct ovpn_side side[KB_SIDES];
	struct ovpn_end end[KB_LANES][KB_SIDES];
};

static const struct kb_path_refusal refusals[] = {
	{ "not_decrypted", "not decrypted" },
};

static struct ovpn_state *state(const struct kb_path *p)
{
	return p->priv;
}

static const struct kb_ovpn_setup *setup(const struct kb_path *p)
{
	return p->kind.front;
}

static void vpn_addr(unsigned int lane, int side, struct in_addr *addr)
{
	addr->s_addr = htonl(10u << 24 | 214u << 16 | lane << 8 | (side + 1));
}

static void ifname(unsigned int lane, char *buf, size_t len)
{
	snprintf(buf, len, "ovpn%u", lane);
}

static int open_side(struct kb_path *p, int s, char *err, size_t len)
{
	struct ovpn_side *side = &state(p)->side[s];
	int fd, ret;

	fd = kb_netns_socket(&p->ns, s, AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC,
			     NETLINK_ROUTE);
	ret = fd < 0 ? fd : kb_nl_adopt(&side->rtnl, fd);
	if (ret) {
		snprintf(err, len, "a routing socket in namespace %d: %s", s,
			 strerror(-ret));
		return ret;
	}
	fd = kb_netns_socket(&p->ns, s, AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC,
			     NETLINK_GENERIC);
	if (fd >= 0) {
		side->genl = mnl_socket_fdopen(fd);
		if (!side->genl)
			close(fd);
	}
	if (!side->genl) {
		ret = fd < 0 ? fd : -ENOMEM;
		snprintf(err, len,
			 "a generic netlink socket in namespace %d: %s", s,
			 strerror(-ret));
		return ret;
	}
	return kb_ovpn_open(side->genl, &side->family, err, len);
}

static void close_state(struct kb_path *p)
{
	struct ovpn_state *st = state(p);
	unsigned int lane;
	int s;

	if (!st)
		return;
	for (lane = 0; lane < KB_LANES; lane++)
		for (s = 0; s < KB_SIDES; s++)
			if (st->end[lane][s].sock >= 0)
				close(st->end[lane][s].sock);
	for (s = 0; s < KB_SIDES; s++) {
		if (st->side[s].genl)
			mnl_socket_close(st->side[s].genl);
		if (st->side[s].rtnl.sock)
			kb_nl_close(&st->side[s].rtnl);
	}
	free(st);
	p->priv = NULL;
}

static int open_state(struct kb_path *p)
{
	struct ovpn_state *st = calloc(1, sizeof(*st));
	unsigned int lane;
	char err[256];
	int s, ret = 0;

	if (!st)
		return -ENOMEM;
	for (lane = 0; lane < KB_LANES; lane++)
		for (s = 0; s < KB_SIDES; s++)
			st->end[lane][s].sock = -1;
	p->priv = st;
	for (s = 0; s < KB_SIDES && !ret; s++)
		ret = open_side(p, s, err, sizeof(err));
	if (ret) {
		kb_path_fail(p, "reaching ovpn", err);
		close_state(p);
	}
	/* Told already: a second message would hide the first. */
	return ret ? -ECANCELED : 0;
}

/* The lane's interface in side @s: made, addressed, up, with its socket. */
static int interface(struct kb_path *p, unsigned int lane, int s, char *err,
		     size_t len)
{
	struct ovpn_side *side = &state(p)->side[s];
	struct ovpn_end *end = &state(p)->end[lane][s];
	struct in_addr vpn;
	char name[16];
	int ret;

	ifname(lane, name, sizeof(name));
	ret = kb_rtnl_ovpn_link_new(side->rtnl.sock, name, KB_OVPN_MTU,
				    &end->ifindex, err, len);
	if (ret)
		return ret;
	vpn_addr(lane, s, &vpn);
	ret = kb_rtnl_add_addr4(&side->rtnl, end->ifindex, vpn, VPN_PREFIX);
	if (!ret)
		ret = kb_rtnl_set_up(&side->rtnl, end->ifindex);
	if (ret) {
		snprintf(err, len, "cannot address and bring up %s: %s", name,
			 kb_nl_reason(&side->rtnl, ret));
		return ret;
	}
	return 0;
}

/* A socket of side @s bound to the lane's veth address and ovpn's port. */
static int bound(struct kb_path *p, unsigned int lane, int s, int type,
		 char *err, size_t len)
{
	struct sockaddr_in at = { .sin_family = AF_INET,
				  .sin_port = htons(PORT + lane) };
	int fd, ret;

	fd = kb_netns_socket(&p->ns, s, AF_INET, type | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(err, len, "a socket in namespace %d: %s", s,
			 strerror(-fd));
		return fd;
	}
	kb_link_lane_addr(lane, s, &at.sin_addr);
	if (bind(fd, (struct sockaddr *)&at, sizeof(at))) {
		ret = -errno;
		snprintf(err, len, "binding the peer's socket: %s",
			 strerror(errno));
		close(fd);
		return ret;
	}
	return fd;
}

/*
 * The lane's link sockets: over UDP one bound at each end; over TCP a
 * connection from side 0 to side 1, made before the kernel takes both
 * ends (ovpn takes a TCP socket connected, and frames each packet with
 * its length).
 */
static int link_sockets(struct kb_path *p, unsigned int lane, char *err,
			size_t len)
{
	struct ovpn_end *end = state(p)->end[lane];
	struct sockaddr_in to = { .sin_family = AF_INET,
				  .sin_port = htons(PORT + lane) };
	int listener, ret = 0;

	if (!setup(p)->tcp) {
		end[0].sock = bound(p, lane, 0, SOCK_DGRAM, err, len);
		end[1].sock = bound(p, lane, 1, SOCK_DGRAM, err, len);
		return end[0].sock < 0 ? end[0].sock :
		       end[1].sock < 0 ? end[1].sock :
					 0;
	}
	listener = bound(p, lane, 1, SOCK_STREAM, err, len);
	if (listener < 0)
		return listener;
	end[0].sock = bound(p, lane, 0, SOCK_STREAM, err, len);
	kb_link_lane_addr(lane, 1, &to.sin_addr);
	if (end[0].sock < 0)
		ret = end[0].sock;
	else if (listen(listener, 1) ||
		 connect(end[0].sock, (struct sockaddr *)&to, sizeof(to)))
		ret = -errno;
	if (!ret) {
		end[1].sock = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
		if (end[1].sock < 0)
			ret = -errno;
	}
	if (ret && end[0].sock >= 0)
		snprintf(err, len, "connecting the lane's TCP link: %s",
			 strerror(-ret));
	close(listener);
	return ret;
}

/* The peer of side @s's interface: the other side, over our socket. */
static int peer(struct kb_path *p, unsigned int lane, int s, char *err,
		size_t len)
{
	struct ovpn_side *side = &state(p)->side[s];
	struct ovpn_end *end = &state(p)->end[lane][s];
	struct kb_ovpn_peer pr = {
		.id = PEER_ID,
		.sock_fd = end->sock,
	};

	/*
	 * A P2P interface's one peer takes everything: no VPN address. A
	 * connected TCP socket says where it goes; a UDP one is told.
	 */
	if (!setup(p)->tcp) {
		pr.remote.sin_family = AF_INET;
		pr.remote.sin_port = htons(PORT + lane);
		kb_link_lane_addr(lane, !s, &pr.remote.sin_addr);
	}
	return kb_ovpn_peer_new(side->genl, side->family, end->ifindex, &pr,
				err, len);
}

/* What KEY_NEW is given for one end, for kb_path_prove()'s call. */
struct key_end {
	struct ovpn_side *side;
	unsigned int ifindex;
	struct kb_ovpn_key key;
};

static int make_key(void *arg, char *err, size_t len)
{
	struct key_end *k = arg;

	return kb_ovpn_key_new(k->side->genl, k->side->family, k->ifindex,
			       &k->key, err, len);
}

/*
 * A key slot at each end of @lane, fresh keys: side 0 encrypts with what
 * side 1 decrypts with, and the other way round.
 */
static int keys(struct kb_path *p, unsigned int lane,
		const char *const driver[KB_SIDES], int slot, uint32_t key_id)
{
	uint8_t key[KB_SIDES][KEY_BYTES_MAX], tail[KB_SIDES][8];
	size_t key_len = p->o->key_bits / 8;
	int s, ret = 0;

	if (getrandom(key, sizeof(key), 0) != sizeof(key) ||
	    getrandom(tail, sizeof(tail), 0) != sizeof(tail)) {
		kb_path_fail(p, "drawing keys", strerror(errno));
		return -EIO;
	}
	for (s = 0; s < KB_SIDES && !ret; s++) {
		struct key_end k = {
			.side = &state(p)->side[s],
			.ifindex = state(p)->end[lane][s].ifindex,
			.key = {
				.peer_id = PEER_ID,
				.slot = slot,
				.key_id = key_id,
				.cipher = OVPN_CIPHER_ALG_AES_GCM,
				.encrypt = { .key = key[s], .key_len = key_len },
				.decrypt = { .key = key[!s], .key_len = key_len },
			},
		};

		memcpy(k.key.encrypt.nonce_tail, tail[s], sizeof(tail[s]));
		memcpy(k.key.decrypt.nonce_tail, tail[!s], sizeof(tail[!s]));
		ret = kb_path_prove(p, s, lane, driver[s], make_key, &k);
	}
	return ret;
}

static int ends(struct kb_path *p, unsigned int lane,
		const char *const driver[KB_SIDES], bool both_ways)
{
	char err[256], what[64];
	int s, ret = 0;

	/* Every key slot carries traffic both ways: so do ovpn's. */
	(void)both_ways;
	for (s = 0; s < KB_SIDES && !ret; s++) {
		ret = interface(p, lane, s, err, sizeof(err));
		snprintf(what, sizeof(what), "making ovpn%u in namespace %d",
			 lane, s);
	}
	if (!ret) {
		ret = link_sockets(p, lane, err, sizeof(err));
		snprintf(what, sizeof(what), "making ovpn%u's link", lane);
	}
	for (s = 0; s < KB_SIDES && !ret; s++) {
		ret = peer(p, lane, s, err, sizeof(err));
		snprintf(what, sizeof(what), "making ovpn%u's peer", lane);
	}
	if (ret) {
		kb_path_fail(p, what, err);
		return ret;
	}
	return keys(p, lane, driver, OVPN_KEY_SLOT_PRIMARY, 0);
}

/* The next keys, in the secondary slots, as OpenVPN installs a rekey's. */
static int rekey(struct kb_path *p, unsigned int lane, const char *driver)
{
	const char *const both[KB_SIDES] = { driver, driver };

	return keys(p, lane, both, OVPN_KEY_SLOT_SECONDARY, 1);
}

/*
 * The secondary slot becomes the primary, one end after the other: in
 * between, the end not swapped yet decrypts the new key's datagrams
 * with its secondary slot, which ovpn finds by the key id each carries.
 */
static int swap(struct kb_path *p, unsigned int lane, char *err, size_t len)
{
	int s, ret = 0;

	for (s = 0; s < KB_SIDES && !ret; s++)
		ret = kb_ovpn_key_swap(state(p)->side[s].genl,
				       state(p)->side[s].family,
				       state(p)->end[lane][s].ifindex, PEER_ID,
				       err, len);
	return ret;
}

static void lane_addr(const struct kb_path *p, unsigned int lane, int side,
		      struct in_addr *addr)
{
	(void)p;
	if (lane == KB_LANE_PLAIN)
		kb_link_lane_addr(lane, side, addr);
	else
		vpn_addr(lane, side, addr);
}

/* ovpn encrypts the inner IPv4 packet whole: its UDP header and ours. */
static uint32_t crypt_len(const struct kb_path *p, uint32_t payload)
{
	(void)p;
	return payload + 28;
}

/* Over TCP: the length before each packet, and a TCP header's share. */
static uint32_t wire_len(const struct kb_path *p, uint32_t payload)
{
	return crypt_len(p, payload) +
	       (setup(p)->tcp ? KB_OVPN_TCP_OVERHEAD : KB_OVPN_OVERHEAD);
}

static void refused(struct kb_path *p, unsigned int lane,
		    uint64_t count[KB_PATH_MAX_REFUSALS])
{
	struct ovpn_side *side = &state(p)->side[1];
	struct kb_ovpn_stats st;
	char err[256];

	if (!state(p)->end[lane][1].ifindex ||
	    kb_ovpn_peer_get(side->genl, side->family,
			     state(p)->end[lane][1].ifindex, PEER_ID, &st, err,
			     sizeof(err)))
		return;
	count[0] = st.link_rx_packets > st.vpn_rx_packets ?
			   st.link_rx_packets - st.vpn_rx_packets :
			   0;
}

/*
 * The interfaces go, and their peers and keys with them: as OpenVPN
 * deletes them, before the namespaces. By name, as the guard knows them.
 */
static void empty(const struct kb_netns_pair *ns)
{
	unsigned int lane;
	struct kb_nl nl;
	char name[16];
	int s, fd, ifindex;

	for (s = 0; s < KB_SIDES; s++) {
		if (ns->side[s] < 0)
			continue;
		fd = kb_netns_socket(ns, s, AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC,
				     NETLINK_ROUTE);
		if (fd < 0 || kb_nl_adopt(&nl, fd))
			continue;
		for (lane = 0; lane < KB_LANE_PLAIN; lane++) {
			ifname(lane, name, sizeof(name));
			if (!kb_rtnl_ifindex(&nl, name, &ifindex))
				kb_rtnl_del_link(&nl, ifindex);
		}
		kb_nl_close(&nl);
	}
}

static int alloc_name(const void *front, char *buf, size_t len)
{
	(void)front;
	return snprintf(buf, len, "%s", KB_OVPN_ALLOC) >= (int)len ?
		       -ENAMETOOLONG :
		       0;
}

/* gcm's template registers "gcm(aes)", ctr's "ctr(aes)" beneath it. */
static bool layer(const void *front, const char *name)
{
	(void)front;
	return !strcmp(name, KB_OVPN_ALLOC) || !strcmp(name, KB_GCM_BENEATH);
}

/**
 * kb_ovpn_present() - whether this kernel has ovpn
 * @why: why not, or what stopped the question
 * @len: its size
 *
 * Its generic netlink family, asked from a namespace of our own that goes
 * at once (the lookup loads the module, as for any first user; the
 * machine's own namespace is not touched).
 *
 * Return: 0, -ENOENT when the kernel has no ovpn, -EPERM when the
 * namespace cannot be made (CAP_SYS_ADMIN), or another negative errno.
 */
int kb_ovpn_present(char *why, size_t len)
{
	struct mnl_socket *genl = NULL;
	struct kb_netns_pair p;
	uint16_t family;
	int fd, ret;

	ret = kb_netns_pair_make(&p, why, len);
	if (!ret) {
		fd = kb_netns_socket(&p, 0, AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC,
				     NETLINK_GENERIC);
		genl = fd < 0 ? NULL : mnl_socket_fdopen(fd);
		if (genl) {
			ret = kb_ovpn_open(genl, &family, why, len);
			mnl_socket_close(genl);
		} else {
			ret = fd < 0 ? fd : -ENOMEM;
			if (fd >= 0)
				close(fd);
			snprintf(why, len, "a generic netlink socket: %s",
				 strerror(-ret));
		}
	}
	kb_netns_pair_release(&p);
	return ret;
}

const struct kb_path_ops kb_ovpn_path_ops = {
	.command = "ovpn",
	.end = "key slot",
	.an_end = "a key slot",
	.others = "an OpenVPN tunnel",
	.transforms_per_end = 2,
	.aad_bytes = 8,
	.alloc_name = alloc_name,
	.ends = ends,
	.lane_addr = lane_addr,
	.crypt_len = crypt_len,
	.wire_len = wire_len,
	.refusals = refusals,
	.nrefusals = sizeof(refusals) / sizeof(refusals[0]),
	.refused = refused,
	.empty = empty,
	.layer = layer,
	.rekey = rekey,
	.swap = swap,
	.open = open_state,
	.close = close_state,
};
