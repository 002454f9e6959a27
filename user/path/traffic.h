/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * UDP datagrams from one namespace to the other, every one received
 * checked, counted and timed.
 */
#ifndef KAESBENCH_PATH_TRAFFIC_H
#define KAESBENCH_PATH_TRAFFIC_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "path/netns.h"
#include "path/pattern.h"

/* The largest datagram payload sent: the veth's 9000-byte MTU's, less room. */
#define KB_TRAFFIC_MAX_PAYLOAD 9000
/* The smallest: the header every datagram carries. */
#define KB_TRAFFIC_MIN_PAYLOAD KB_PATTERN_HEADER

struct kb_traffic {
	int tx; /* a UDP socket in side 0, bound to the lane's address */
	int rx; /* a UDP socket in side 1, bound to the lane's address */
	struct sockaddr_in to; /* @rx's address */
};

struct kb_traffic_opts {
	const uint32_t *payload_sizes; /* sent in turn (an IMIX's cycle) */
	size_t npayload_sizes;
	uint32_t ms; /* how long to send; 0: until @packets are sent */
	uint64_t packets; /* with @ms 0: how many */
	/* At most this many sent and not yet received (0: as fast as it
	 * goes); a datagram not received within @wait_ms is counted lost. */
	uint32_t window;
	uint32_t wait_ms;
	uint32_t tag; /* in every datagram, to tell runs apart */
};

struct kb_traffic_result {
	uint64_t sent;
	uint64_t send_errors; /* sends the kernel refused (ENOBUFS, ...) */
	uint64_t received; /* right, of those sent */
	uint64_t wrong; /* received, but not what was sent */
	uint64_t lost; /* sent, never received (dropped or failed) */
	uint64_t payload_bytes; /* of those received right */
	double wall_s; /* from the first send to the last receipt */
	uint64_t cpu_busy_ns; /* all CPUs' busy time meanwhile */
	bool interrupted; /* SIGINT or SIGTERM stopped the sending */
};

int kb_traffic_open(struct kb_traffic *t, int tx, int rx,
		    const struct in_addr *from, const struct in_addr *to,
		    uint16_t port);
void kb_traffic_close(struct kb_traffic *t);
int kb_traffic_run(const struct kb_traffic *t, const struct kb_traffic_opts *o,
		   struct kb_traffic_result *r);
void kb_traffic_free_deferred(const struct kb_netns_pair *ns);

#endif /* KAESBENCH_PATH_TRAFFIC_H */
