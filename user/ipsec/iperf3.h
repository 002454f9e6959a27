/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * iperf3's UDP rate through the same tunnel, beside the generator's: what
 * shows whether the generator or the tunnel sets the rate.
 */
#ifndef KAESBENCH_IPSEC_IPERF3_H
#define KAESBENCH_IPSEC_IPERF3_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ipsec/netns.h"

struct kb_iperf3_result {
	bool ran;
	double pps; /* datagrams received per second */
	double gbps; /* of their payload */
	uint64_t packets; /* sent */
	uint64_t lost;
	char error[200]; /* why not, if not @ran */
};

int kb_iperf3_udp(const struct kb_netns_pair *p, const struct in_addr *from,
		  const struct in_addr *to, uint16_t port, uint32_t payload,
		  uint32_t ms, struct kb_iperf3_result *r);

#endif /* KAESBENCH_IPSEC_IPERF3_H */
