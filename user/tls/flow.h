/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Records over a lane of `kaesbench tls` (tls/lane.h), as the path
 * layer's flows go (path/flow.h): the sender writes records of the
 * sizes asked in turn, each stamped (run, number, length) and filled
 * with bytes drawn from them; the receiver takes each record whole and
 * compares every byte. Through the kernel (send(), or sendfile() with
 * --sendfile, one record per call), through libcrypto (sealed and
 * written raw, or read raw and opened), or plain TCP.
 */
#ifndef KAESBENCH_TLS_FLOW_H
#define KAESBENCH_TLS_FLOW_H

#include "path/traffic.h"
#include "tls/lane.h"

int kb_tls_flow_run(struct kb_tls_lane *l, const struct kb_traffic_opts *o,
		    struct kb_traffic_result *r);
/*
 * TLS 1.3's key update under traffic, from another thread while
 * kb_tls_flow_run() sends on @l: new keys both ways after the record
 * being sent (a KeyUpdate record, TLS_TX and TLS_RX set again). Waits at
 * most @ms for it; 0, or a negative errno with a sentence in @err.
 */
int kb_tls_lane_update(struct kb_tls_lane *l, unsigned int ms, char *err,
		       size_t len);

#endif /* KAESBENCH_TLS_FLOW_H */
