/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ovpn, OpenVPN's data channel in the kernel (drivers/net/ovpn, Linux
 * 6.16 on), as a path of the path layer (path/ops.h): its ends are ovpn
 * interfaces with one peer each, over a UDP socket of kaesbench's, and
 * a key slot of AES-GCM; its refusals, the peer's counters.
 */
#ifndef KAESBENCH_OVPN_OVPN_PATH_H
#define KAESBENCH_OVPN_OVPN_PATH_H

#include <stdbool.h>
#include <stddef.h>

#include "path/ops.h"

/* What `kaesbench ovpn` was asked for: the path's front end's choice. */
struct kb_ovpn_setup {
	const char *transport; /* "udp" or "tcp", as OpenVPN's proto says */
	bool tcp;
};

/* A datagram's overhead on the wire: ovpn's 8 bytes and tag, and UDP's. */
#define KB_OVPN_OVERHEAD (4 + 4 + 16 + 8 + 20)
/*
 * Over TCP: the same, a 2-byte length instead of UDP's header, and a TCP
 * header (timestamps on: 32 bytes) for each packet, at most: a segment
 * may carry several.
 */
#define KB_OVPN_TCP_OVERHEAD (4 + 4 + 16 + 2 + 32 + 20)
/* The ovpn interfaces' MTU: the largest inner packet and its overhead fit. */
#define KB_OVPN_MTU 8920

extern const struct kb_path_ops kb_ovpn_path_ops;

int kb_ovpn_present(char *why, size_t len);

#endif /* KAESBENCH_OVPN_OVPN_PATH_H */
