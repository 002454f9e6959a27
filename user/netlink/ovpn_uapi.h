/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The ovpn driver's constants (drivers/net/ovpn, Linux 6.16 and later):
 * its generic netlink family, as Documentation/netlink/specs/ovpn.yaml
 * defines it, and its link attributes (IFLA_OVPN_*, rtnetlink's
 * rt_link.yaml). The system's <linux/ovpn.h> and <linux/if_link.h> when
 * they have them; else the same names with the same values, written from
 * the spec, so that the tool builds on a system whose headers predate the
 * driver (Debian 12) and speaks to a newer kernel all the same.
 * tests/netlink/check_ovpn_uapi.py compares them with the kernel's.
 *
 * The family's messages, each attribute in its set:
 *
 * OVPN_CMD_PEER_NEW, _PEER_SET, _PEER_DEL, _PEER_GET (do):
 *   OVPN_A_IFINDEX: u32, the ovpn device
 *   OVPN_A_PEER: nest
 *     OVPN_A_PEER_ID: u32, at most 0xFFFFFF
 *     OVPN_A_PEER_SOCKET: u32, a UDP or TCP socket's descriptor in the
 *       sender (PEER_NEW only)
 *     OVPN_A_PEER_REMOTE_IPV4: be32, and OVPN_A_PEER_REMOTE_PORT: be16
 *       (UDP only, both or neither)
 *     OVPN_A_PEER_VPN_IPV4: be32 (multipoint mode only)
 *     OVPN_A_PEER_KEEPALIVE_INTERVAL, _TIMEOUT: u32 seconds, both or
 *       neither
 *   PEER_GET takes OVPN_A_PEER_ID alone and answers with OVPN_A_PEER,
 *   which adds the counters OVPN_A_PEER_{VPN,LINK}_{RX,TX}_{BYTES,PACKETS}:
 *   "uint", 4 bytes or 8 as the value needs.
 *
 * OVPN_CMD_KEY_NEW, _KEY_GET, _KEY_SWAP, _KEY_DEL:
 *   OVPN_A_IFINDEX: u32
 *   OVPN_A_KEYCONF: nest
 *     OVPN_A_KEYCONF_PEER_ID: u32, at most 0xFFFFFF (all four)
 *     OVPN_A_KEYCONF_SLOT: u32, enum ovpn_key_slot (NEW, GET, DEL)
 *     OVPN_A_KEYCONF_KEY_ID: u32, at most 7 (NEW)
 *     OVPN_A_KEYCONF_CIPHER_ALG: u32, enum ovpn_cipher_alg (NEW)
 *     OVPN_A_KEYCONF_ENCRYPT_DIR, _DECRYPT_DIR: nest (NEW)
 *       OVPN_A_KEYDIR_CIPHER_KEY: binary, at most 256 bytes
 *       OVPN_A_KEYDIR_NONCE_TAIL: binary, OVPN_NONCE_TAIL_SIZE bytes
 *
 * RTM_NEWLINK of kind "ovpn": IFLA_INFO_DATA holds IFLA_OVPN_MODE, a u8
 * of enum ovpn_mode (P2P when absent).
 */
#ifndef KAESBENCH_NETLINK_OVPN_UAPI_H
#define KAESBENCH_NETLINK_OVPN_UAPI_H

#include <linux/if_link.h>

#if __has_include(<linux/ovpn.h>)
#include <linux/ovpn.h>
#else

#define OVPN_FAMILY_NAME "ovpn"
#define OVPN_FAMILY_VERSION 1

#define OVPN_NONCE_TAIL_SIZE 8

enum ovpn_cipher_alg {
	OVPN_CIPHER_ALG_NONE,
	OVPN_CIPHER_ALG_AES_GCM,
	OVPN_CIPHER_ALG_CHACHA20_POLY1305,
};

enum ovpn_del_peer_reason {
	OVPN_DEL_PEER_REASON_TEARDOWN,
	OVPN_DEL_PEER_REASON_USERSPACE,
	OVPN_DEL_PEER_REASON_EXPIRED,
	OVPN_DEL_PEER_REASON_TRANSPORT_ERROR,
	OVPN_DEL_PEER_REASON_TRANSPORT_DISCONNECT,
};

enum ovpn_key_slot {
	OVPN_KEY_SLOT_PRIMARY,
	OVPN_KEY_SLOT_SECONDARY,
};

enum {
	OVPN_A_PEER_ID = 1,
	OVPN_A_PEER_REMOTE_IPV4,
	OVPN_A_PEER_REMOTE_IPV6,
	OVPN_A_PEER_REMOTE_IPV6_SCOPE_ID,
	OVPN_A_PEER_REMOTE_PORT,
	OVPN_A_PEER_SOCKET,
	OVPN_A_PEER_SOCKET_NETNSID,
	OVPN_A_PEER_VPN_IPV4,
	OVPN_A_PEER_VPN_IPV6,
	OVPN_A_PEER_LOCAL_IPV4,
	OVPN_A_PEER_LOCAL_IPV6,
	OVPN_A_PEER_LOCAL_PORT,
	OVPN_A_PEER_KEEPALIVE_INTERVAL,
	OVPN_A_PEER_KEEPALIVE_TIMEOUT,
	OVPN_A_PEER_DEL_REASON,
	OVPN_A_PEER_VPN_RX_BYTES,
	OVPN_A_PEER_VPN_TX_BYTES,
	OVPN_A_PEER_VPN_RX_PACKETS,
	OVPN_A_PEER_VPN_TX_PACKETS,
	OVPN_A_PEER_LINK_RX_BYTES,
	OVPN_A_PEER_LINK_TX_BYTES,
	OVPN_A_PEER_LINK_RX_PACKETS,
	OVPN_A_PEER_LINK_TX_PACKETS,
	OVPN_A_PEER_TX_ID,

	__OVPN_A_PEER_MAX,
	OVPN_A_PEER_MAX = (__OVPN_A_PEER_MAX - 1)
};

enum {
	OVPN_A_KEYCONF_PEER_ID = 1,
	OVPN_A_KEYCONF_SLOT,
	OVPN_A_KEYCONF_KEY_ID,
	OVPN_A_KEYCONF_CIPHER_ALG,
	OVPN_A_KEYCONF_ENCRYPT_DIR,
	OVPN_A_KEYCONF_DECRYPT_DIR,

	__OVPN_A_KEYCONF_MAX,
	OVPN_A_KEYCONF_MAX = (__OVPN_A_KEYCONF_MAX - 1)
};

enum {
	OVPN_A_KEYDIR_CIPHER_KEY = 1,
	OVPN_A_KEYDIR_NONCE_TAIL,

	__OVPN_A_KEYDIR_MAX,
	OVPN_A_KEYDIR_MAX = (__OVPN_A_KEYDIR_MAX - 1)
};

enum {
	OVPN_A_IFINDEX = 1,
	OVPN_A_PEER,
	OVPN_A_KEYCONF,

	__OVPN_A_MAX,
	OVPN_A_MAX = (__OVPN_A_MAX - 1)
};

enum {
	OVPN_CMD_PEER_NEW = 1,
	OVPN_CMD_PEER_SET,
	OVPN_CMD_PEER_GET,
	OVPN_CMD_PEER_DEL,
	OVPN_CMD_PEER_DEL_NTF,
	OVPN_CMD_KEY_NEW,
	OVPN_CMD_KEY_GET,
	OVPN_CMD_KEY_SWAP,
	OVPN_CMD_KEY_SWAP_NTF,
	OVPN_CMD_KEY_DEL,
	OVPN_CMD_PEER_FLOAT_NTF,

	__OVPN_CMD_MAX,
	OVPN_CMD_MAX = (__OVPN_CMD_MAX - 1)
};

#define OVPN_MCGRP_PEERS "peers"

#endif /* __has_include(<linux/ovpn.h>) */

/* if_link.h's ovpn section, which came with the driver. */
#ifndef IFLA_OVPN_MAX

enum ovpn_mode {
	OVPN_MODE_P2P,
	OVPN_MODE_MP,
};

enum {
	IFLA_OVPN_UNSPEC,
	IFLA_OVPN_MODE,
	__IFLA_OVPN_MAX,
};

#define IFLA_OVPN_MAX (__IFLA_OVPN_MAX - 1)

#endif /* IFLA_OVPN_MAX */

#endif /* KAESBENCH_NETLINK_OVPN_UAPI_H */
