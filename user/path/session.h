/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One implementation of an ESP transform put through real SAs between two
 * namespaces: set up, proved, checked against the reference both ways,
 * measured beside plaintext and the crypto-only ceiling, taken down.
 */
#ifndef KAESBENCH_IPSEC_SESSION_H
#define KAESBENCH_IPSEC_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ipsec/esp.h"
#include "ipsec/impl.h"
#include "ipsec/guard.h"
#include "ipsec/result.h"

struct mnl_socket;

/* The smallest packet: IPv4 and UDP headers, and traffic.h's header. */
#define KB_IPSEC_MIN_PACKET (28 + KB_TRAFFIC_MIN_PAYLOAD)
/* The largest: it and its ESP overhead fit the veth's MTU. */
#define KB_IPSEC_MAX_PACKET 8900
#define KB_IPSEC_MTU 9000

struct kb_ipsec_opts {
	const struct kb_esp_transform *t;
	unsigned int key_bits;
	bool tunnel;
	const uint32_t
		*packet_sizes; /* inner IPv4 packets' bytes, as IMIX counts */
	size_t npacket_sizes;
	const uint32_t *imix_packet_sizes; /* an IMIX's cycle, or NULL */
	size_t nimix_packet_sizes;
	uint32_t ms; /* each measurement's length */
	uint32_t repeats; /* measurements per size */
	uint32_t diff_packets; /* datagrams each way of the differential */
	bool ceiling; /* measure the crypto alone with kaesbench.ko */
	bool iperf3; /* iperf3 through the measured tunnel too */
	const char *iperf3_program; /* kb_iperf3_find()'s, or NULL */
	bool force_raise; /* raise priorities while others hold ESP's name */
	const char *auth; /* kb_esp_auth_driver()'s */
};

int kb_ipsec_test(const struct kb_ipsec_opts *o, struct mnl_socket *nl,
		  struct kb_guard *g, const struct kb_esp_impl *impl,
		  const struct kb_esp_impl *ref, struct kb_ipsec_result *r);

#endif /* KAESBENCH_IPSEC_SESSION_H */
