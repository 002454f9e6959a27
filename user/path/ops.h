/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A network path kaesbench puts an implementation through (ESP, ovpn),
 * as the path layer sees it: a table of what differs from one path to
 * the next. The layer (this folder) makes the two namespaces and the
 * veth pair between them, keeps the guard, sends and checks the traffic,
 * proves the implementation each end got, runs the differential both
 * ways, measures beside plaintext and the crypto alone; a path makes its
 * ends on that, says what its packets cost, and which of its counters
 * say a packet was refused.
 */
#ifndef KAESBENCH_PATH_OPS_H
#define KAESBENCH_PATH_OPS_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "path/flow.h"
#include "path/netns.h"

struct kb_path;

/* At most this many refusal counters a path reads. */
#define KB_PATH_MAX_REFUSALS 4

/* A counter of the receiving side by which a path says it refused packets. */
struct kb_path_refusal {
	const char *key; /* in the results: "integrity_failed" */
	const char *text; /* in a sentence: "failed authentication" */
};

struct kb_path_ops {
	const char *command; /* "ipsec": the command, and its document kind */
	const char *end; /* what holds an implementation: "SA" */
	const char *an_end; /* the same in a sentence: "an SA" */
	/* Whose transforms others of the machine may be: "an IPsec SA". */
	const char *others;
	/* Transforms of the driver one end allocates (an SA: one). */
	unsigned int transforms_per_end;
	/* Associated data per packet, for the ceiling (0: the driver's own). */
	unsigned int aad_bytes;
	/*
	 * What the path allocates, as the crypto API names it
	 * ("seqiv(rfc4106(gcm(aes)))"): the name whose drivers' reference
	 * counts prove an end's implementation.
	 */
	int (*alloc_name)(const void *front, char *buf, size_t len);
	/*
	 * The ends of @lane: side 0 with @driver[0], side 1 with
	 * @driver[1], each proved with kb_path_prove(); @both_ways when
	 * datagrams go both ways on it (the measured tunnel), else from
	 * side 0 to side 1 only. Failures go to kb_path_fail().
	 */
	int (*ends)(struct kb_path *p, unsigned int lane,
		    const char *const driver[KB_SIDES], bool both_ways);
	/* The addresses a lane's datagrams go from (side 0) and to. */
	void (*lane_addr)(const struct kb_path *p, unsigned int lane, int side,
			  struct in_addr *addr);
	/* The bytes encrypted for a datagram of @payload; its packet's. */
	uint32_t (*crypt_len)(const struct kb_path *p, uint32_t payload);
	uint32_t (*wire_len)(const struct kb_path *p, uint32_t payload);
	/*
	 * The counters of @lane's receiving side (side 1), as they are now;
	 * the first is the path's own word for a packet that failed
	 * authentication, the one a table shows.
	 */
	const struct kb_path_refusal *refusals;
	size_t nrefusals;
	void (*refused)(struct kb_path *p, unsigned int lane,
			uint64_t count[KB_PATH_MAX_REFUSALS]);
	/*
	 * Lets go of every transform the ends in @ns hold, before the
	 * namespaces go: by kaesbench between implementations, and by the
	 * guard if kaesbench dies (then a side may be -1: not made).
	 */
	void (*empty)(const struct kb_netns_pair *ns);
	/* Whether @name is an instance a chain of @front's can register. */
	bool (*layer)(const void *front, const char *name);
	/*
	 * Optional, a path whose keys are rotated under traffic: new keys
	 * at both ends of @lane beside the ones in use, each proved with
	 * kb_path_prove(); then, from another thread while datagrams flow,
	 * the swap to them at both ends.
	 */
	int (*rekey)(struct kb_path *p, unsigned int lane, const char *driver);
	int (*swap)(struct kb_path *p, unsigned int lane, char *err,
		    size_t len);
	/* Optional: the front end's state for one implementation's ends. */
	int (*open)(struct kb_path *p);
	void (*close)(struct kb_path *p);

	/*
	 * What differs for a path that is not datagrams through two
	 * namespaces (kTLS: records over a TCP stream on a loopback).
	 * Every one optional; left out, a path is ESP's and ovpn's kind.
	 */
	/* Its lanes' traffic, when not the layer's datagrams. */
	const struct kb_path_flow_ops *flow;
	/*
	 * The differential's other end when it is not a kernel driver
	 * ("OpenSSL's libcrypto"): then the halves' ends are given NULL
	 * for it, and only the implementation's priority is raised.
	 */
	const char *reference;
	/* Measured beside the tunnel and plaintext (KB_LANE_ALONGSIDE). */
	const char *alongside;
	/* The versions of @reference and @alongside this machine has. */
	void (*versions)(char *reference, char *alongside, size_t len);
	/* Associated data per unit, when the front end decides it. */
	unsigned int (*aad)(const void *front);
	/* The bytes a size (-b) carries, when -b does not count packets. */
	uint32_t (*payload)(uint32_t size);
	/* Its lanes are one namespace's loopback: no veth pair is made. */
	bool loopback;
	/* It decrypts in the receiving thread, not in NET_RX softirq. */
	bool decrypts_in_thread;
	/* What its traffic's units are, in sentences: "records". */
	const char *units;
};

/* A path as one command runs it: its table, and the front end's choice. */
struct kb_path_kind {
	const struct kb_path_ops *ops;
	const void *front; /* ESP's transform and mode, ... */
};

#endif /* KAESBENCH_PATH_OPS_H */
