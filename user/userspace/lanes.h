/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Lanes: a fixed number of threads, each doing blocking requests one after
 * the other, so that that many requests are in flight at once. The caller
 * asks for a number of completed requests at a time, as the shared
 * measuring loop asks for a batch, while the lanes stay busy across the
 * loop's clock reads.
 */
#ifndef KAESBENCH_USERSPACE_LANES_H
#define KAESBENCH_USERSPACE_LANES_H

#include <stdint.h>

struct kb_lanes;

/*
 * One request on lane @lane (0 .. lanes - 1), called from that lane's
 * thread only: 0 when it completed, or a negative errno.
 */
typedef int (*kb_lane_req_fn)(void *ctx, unsigned int lane);

int kb_lanes_start(struct kb_lanes **lp, unsigned int lanes, kb_lane_req_fn req,
		   void *ctx);
int kb_lanes_run(struct kb_lanes *l, uint64_t n);
int kb_lanes_pause(struct kb_lanes *l);
unsigned int kb_lanes_peak(struct kb_lanes *l);
unsigned int kb_lanes_failed(struct kb_lanes *l);
void kb_lanes_stop(struct kb_lanes *l);

#endif /* KAESBENCH_USERSPACE_LANES_H */
