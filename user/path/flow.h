/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A lane's traffic as a path carries it, when it is not the layer's own
 * datagrams (path/traffic.c): kTLS's records go over a TCP stream. The
 * session opens a lane's flow, runs it as it runs datagrams (the same
 * options, the same result: records counted as datagrams are) and
 * closes it; what a lane carries, and what checks it, is the path's.
 */
#ifndef KAESBENCH_PATH_FLOW_H
#define KAESBENCH_PATH_FLOW_H

#include "path/traffic.h"

struct kb_path;

/*
 * Beside the lanes of path/session.h: a path's own way of doing what
 * its tunnel does outside the kernel (userspace OpenSSL for kTLS),
 * measured with the tunnel and plaintext in turn.
 */
#define KB_LANE_ALONGSIDE 16

struct kb_path_flow_ops {
	/*
	 * Opens @lane's flow (its ends already made, if it has ends), or
	 * KB_LANE_ALONGSIDE's; failures go to kb_path_fail().
	 */
	int (*open)(struct kb_path *p, unsigned int lane, void **flow);
	/*
	 * Sends for @o->ms (or @o->packets units) and checks every unit
	 * received: a unit is what @o->payload_sizes count (a record).
	 * Return: 0 or a negative errno; what was seen is in @r.
	 */
	int (*run)(void *flow, const struct kb_traffic_opts *o,
		   struct kb_traffic_result *r);
	void (*close)(void *flow);
};

#endif /* KAESBENCH_PATH_FLOW_H */
