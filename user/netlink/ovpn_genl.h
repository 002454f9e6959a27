/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The ovpn driver's generic netlink family (OpenVPN's data channel in the
 * kernel): its peers, each with the UDP or TCP socket of ours it sends
 * through, their key slots, their counters. Each request is built apart
 * (the kb_ovpn_put_*() functions, for the tests) and run on the caller's
 * socket, in the network namespace it was made in; a failure is a
 * negative errno and a sentence in the caller's buffer, the kernel's
 * extack message in it when it sent one.
 */
#ifndef KAESBENCH_NETLINK_OVPN_GENL_H
#define KAESBENCH_NETLINK_OVPN_GENL_H

#include <netinet/in.h>
#include <stddef.h>
#include <stdint.h>

#include <libmnl/libmnl.h>

#include "netlink/ack.h"
#include "netlink/ovpn_uapi.h"
#include "netlink/sock.h"

/*
 * Room for any request here: the largest, KEY_NEW, holds two keys of at
 * most KB_OVPN_KEY_MAX bytes and their nonce tails, under 700 bytes.
 */
#define KB_OVPN_REQ_SIZE 2048

/* The longest key a direction takes (keydir's cipher-key, max-len). */
#define KB_OVPN_KEY_MAX 256

/* One direction of a key slot: the cipher's key and the nonce's tail. */
struct kb_ovpn_dir {
	const uint8_t *key;
	size_t key_len;
	uint8_t nonce_tail[OVPN_NONCE_TAIL_SIZE];
};

/*
 * A key for one slot of a peer. The other end's is the mirror image: its
 * @decrypt is this one's @encrypt, and the other way round.
 */
struct kb_ovpn_key {
	uint32_t peer_id;
	int slot; /* OVPN_KEY_SLOT_PRIMARY or _SECONDARY */
	uint32_t key_id; /* 0 to 7, carried in each packet */
	int cipher; /* OVPN_CIPHER_ALG_AES_GCM, ... */
	struct kb_ovpn_dir encrypt, decrypt;
};

/*
 * A peer and the socket it goes through. @remote (AF_INET) is where a UDP
 * socket sends; a TCP socket is connected already and takes none
 * (sin_family AF_UNSPEC). @vpn_ipv4 is for a multipoint device only: a
 * point-to-point one refuses it (0.0.0.0: none). Keepalive: both 0 for
 * none.
 */
struct kb_ovpn_peer {
	uint32_t id; /* at most 0xFFFFFF */
	int sock_fd; /* the caller's, in this process */
	struct sockaddr_in remote;
	struct in_addr vpn_ipv4;
	uint32_t keepalive_interval, keepalive_timeout; /* seconds */
};

/*
 * What PEER_GET counts of a peer: inside the tunnel (VPN: the plaintext
 * packets through the device) and on its socket (link: the encrypted
 * ones). The family has no error or drop counter; the device's own
 * statistics (rtnetlink) hold those.
 */
struct kb_ovpn_stats {
	uint32_t peer_id;
	uint64_t vpn_rx_bytes, vpn_tx_bytes, vpn_rx_packets, vpn_tx_packets;
	uint64_t link_rx_bytes, link_tx_bytes, link_rx_packets, link_tx_packets;
};

struct nlmsghdr *kb_ovpn_put_peer_new(struct kb_nl *nl, void *buf,
				      uint16_t family, unsigned int ifindex,
				      const struct kb_ovpn_peer *p);
struct nlmsghdr *kb_ovpn_put_peer(struct kb_nl *nl, void *buf, uint16_t family,
				  uint8_t cmd, unsigned int ifindex,
				  uint32_t peer_id);
struct nlmsghdr *kb_ovpn_put_key_new(struct kb_nl *nl, void *buf,
				     uint16_t family, unsigned int ifindex,
				     const struct kb_ovpn_key *k);
struct nlmsghdr *kb_ovpn_put_key(struct kb_nl *nl, void *buf, uint16_t family,
				 uint8_t cmd, unsigned int ifindex,
				 uint32_t peer_id, int slot);
int kb_ovpn_stats_cb(const struct nlmsghdr *nlh, void *stats);
int kb_ovpn_why(const struct kb_nl_reply *r, int error, const char *what,
		char *err, size_t len);

int kb_ovpn_open(struct mnl_socket *nl, uint16_t *family, char *err,
		 size_t len);
int kb_ovpn_peer_new(struct mnl_socket *nl, uint16_t family,
		     unsigned int ifindex, const struct kb_ovpn_peer *p,
		     char *err, size_t len);
int kb_ovpn_key_new(struct mnl_socket *nl, uint16_t family,
		    unsigned int ifindex, const struct kb_ovpn_key *k,
		    char *err, size_t len);
int kb_ovpn_key_swap(struct mnl_socket *nl, uint16_t family,
		     unsigned int ifindex, uint32_t peer_id, char *err,
		     size_t len);
int kb_ovpn_key_del(struct mnl_socket *nl, uint16_t family,
		    unsigned int ifindex, uint32_t peer_id, int slot, char *err,
		    size_t len);
int kb_ovpn_peer_get(struct mnl_socket *nl, uint16_t family,
		     unsigned int ifindex, uint32_t peer_id,
		     struct kb_ovpn_stats *st, char *err, size_t len);
int kb_ovpn_peer_del(struct mnl_socket *nl, uint16_t family,
		     unsigned int ifindex, uint32_t peer_id, char *err,
		     size_t len);

#endif /* KAESBENCH_NETLINK_OVPN_GENL_H */
