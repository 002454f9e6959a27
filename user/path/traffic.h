/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * UDP datagrams from one namespace to the other, every one received
 * checked, counted and timed; and the counting and timing every sender
 * of the tool shares (tls/flow.c's and tls/user_tls.c's records too):
 * the receiver's counts, the window's wait on them, the run's result.
 */
#ifndef KAESBENCH_PATH_TRAFFIC_H
#define KAESBENCH_PATH_TRAFFIC_H

#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
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

/*
 * What a run's receiving thread has counted, read by the sender while it
 * sends (its window) and at the end (its result); and when it began. The
 * senders of path/ and tls/ all keep one.
 */
struct kb_traffic_counts {
	atomic_uint_fast64_t received; /* right */
	atomic_uint_fast64_t wrong; /* taken, but not what was sent */
	atomic_uint_fast64_t bytes; /* of those right */
	_Atomic double last; /* kb_now() of the last one taken */
	atomic_bool gone; /* the receiver stopped of itself: wait no more */
	/* One more in flight than were sent: a message of the run's own the
	 * receiver has still to answer (tls/flow.c's key update). */
	atomic_bool extra;
	double start; /* kb_now() when the sending began */
	uint64_t cpu0_ns; /* kb_cpu_busy_ns() then */
};

int kb_traffic_open(struct kb_traffic *t, int tx, int rx,
		    const struct in_addr *from, const struct in_addr *to,
		    uint16_t port);
void kb_traffic_close(struct kb_traffic *t);
int kb_traffic_run(const struct kb_traffic *t, const struct kb_traffic_opts *o,
		   struct kb_traffic_result *r);
void kb_traffic_free_deferred(const struct kb_netns_pair *ns);

int kb_traffic_start(struct kb_traffic_counts *c, pthread_t *thread,
		     void *(*receive)(void *), void *arg);
bool kb_traffic_over(const struct kb_traffic_opts *o, double end,
		     struct kb_traffic_result *r);
uint64_t kb_traffic_done(struct kb_traffic_counts *c);
bool kb_traffic_wait_window(struct kb_traffic_counts *c, uint64_t sent,
			    uint64_t window, uint32_t wait_ms);
void kb_traffic_tally(struct kb_traffic_counts *c, struct kb_traffic_result *r);

#endif /* KAESBENCH_PATH_TRAFFIC_H */
