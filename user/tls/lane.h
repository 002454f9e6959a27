/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One lane of `kaesbench tls`: a TCP connection over the loopback of
 * the session's first namespace, its sending socket and its receiving
 * one, and who seals and opens its records:
 *   tunnel     the kernel both ways (TLS_TX on one, TLS_RX on the other);
 *   encrypts   the kernel seals (TLS_TX), libcrypto opens what a socket
 *              without TLS_RX reads raw;
 *   decrypts   libcrypto seals and writes raw, the kernel opens (TLS_RX);
 *   plain      no TLS at all: the same bytes over plain TCP.
 * tls/tls_path.c makes the ends (and proves them), tls/flow.c carries
 * records over them.
 */
#ifndef KAESBENCH_TLS_LANE_H
#define KAESBENCH_TLS_LANE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "tls/tls.h"

/* The keys of one direction, as TLS_TX/TLS_RX and libcrypto take them. */
struct kb_tls_keys {
	uint8_t key[32];
	uint8_t salt[4];
	uint8_t iv[8]; /* 1.2: the first explicit nonce; 1.3: the IV's tail */
	uint8_t rec_seq[8]; /* the first record's sequence number */
};

struct kb_tls_lane {
	const struct kb_tls_front *front;
	int tx; /* the sending socket, -1 when not made */
	int rx; /* the receiving one */
	bool kernel_tx; /* TLS_TX set on @tx: else libcrypto seals, or plain */
	bool kernel_rx; /* TLS_RX set on @rx: else libcrypto opens, or plain */
	bool plain; /* no TLS on either socket */
	struct kb_tls_keys keys; /* the records' keys now */
	struct kb_tls_keys next; /* after a key update (TLS 1.3) */
	/* The next record's sequence number, for libcrypto's side. */
	uint64_t tx_seq;
	uint64_t rx_seq;
	/* Since the lane was made: records refused (tls/lane_counters). */
	atomic_uint_fast64_t kernel_refused; /* EBADMSG on @rx */
	atomic_uint_fast64_t openssl_refused; /* libcrypto's tag check */
	/*
	 * A key update asked for (kb_tls_lane_update()): the sender sends
	 * a KeyUpdate record after the record it is sending and takes
	 * @next; the receiver takes @next after that record reaches it.
	 */
	atomic_bool update_asked;
	atomic_int update_done; /* 0 pending, 1 done, < 0 a negative errno */
	uint32_t tag; /* in every record's header, tells runs apart */
};

#endif /* KAESBENCH_TLS_LANE_H */
