/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One implementation put through a path between two namespaces: its ends
 * made and proved, checked against the reference both ways, measured
 * beside plaintext and the crypto-only ceiling, taken down.
 */
#ifndef KAESBENCH_PATH_SESSION_H
#define KAESBENCH_PATH_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/cryptouser.h>

#include "path/guard.h"
#include "path/ops.h"
#include "path/proof.h"
#include "path/result.h"
#include "path/traffic.h"

struct mnl_socket;

/* The smallest packet: IPv4 and UDP headers, and traffic.h's header. */
#define KB_PATH_MIN_PACKET (28 + KB_TRAFFIC_MIN_PAYLOAD)
/* The largest: it and a path's overhead fit the veth's MTU. */
#define KB_PATH_MAX_PACKET 8900
#define KB_PATH_MTU 9000

/* The lanes of one implementation's namespaces (path/session.c). */
enum kb_path_lane {
	KB_LANE_TUNNEL,
	KB_LANE_ENCRYPTS,
	KB_LANE_DECRYPTS,
	KB_LANE_PLAIN,
	KB_LANES
};

struct kb_path_opts {
	unsigned int key_bits;
	/* Inner IPv4 packets' bytes, as IMIX counts. */
	const uint32_t *packet_sizes;
	size_t npacket_sizes;
	const uint32_t *imix_packet_sizes; /* an IMIX's cycle, or NULL */
	size_t nimix_packet_sizes;
	uint32_t ms; /* each measurement's length */
	uint32_t repeats; /* measurements per size */
	uint32_t diff_packets; /* datagrams each way of the differential */
	bool ceiling; /* measure the crypto alone with kaesbench.ko */
	bool iperf3; /* iperf3 through the measured tunnel too */
	const char *iperf3_program; /* kb_iperf3_find()'s, or NULL */
	bool force_raise; /* raise priorities while others hold the name */
};

/* One implementation's session, as a path's operations see it. */
struct kb_path {
	struct kb_path_kind kind;
	const struct kb_path_opts *o;
	struct mnl_socket *nl; /* crypto_user */
	struct kb_guard *g;
	struct kb_netns_pair ns;
	struct kb_path_result *r;
	char alloc_name[CRYPTO_MAX_NAME]; /* what the path allocates */
	uint32_t tag; /* in every datagram of this session */
	void *priv; /* the path's, from its open() to its close() */
	/* Why the alongside lane could not be opened, if it could not. */
	char alongside_error[256];
};

void kb_path_fail(struct kb_path *p, const char *what, const char *why);
int kb_path_prove(struct kb_path *p, int side, unsigned int lane,
		  const char *driver, kb_proof_maker make, void *arg);
int kb_path_test(const struct kb_path_kind *kind, const struct kb_path_opts *o,
		 struct mnl_socket *nl, struct kb_guard *g,
		 const struct kb_path_impl *impl,
		 const struct kb_path_impl *ref, struct kb_path_result *r);

#endif /* KAESBENCH_PATH_SESSION_H */
