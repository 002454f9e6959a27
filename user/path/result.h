/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench ipsec` found of one implementation: the SAs made with it
 * and their proofs, the differential check both ways, and per size the
 * tunnel's rate beside plaintext's and the crypto-only ceiling's.
 */
#ifndef KAESBENCH_IPSEC_RESULT_H
#define KAESBENCH_IPSEC_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ipsec/impl.h"
#include "ipsec/iperf3.h"
#include "ipsec/sa_proof.h"
#include "ipsec/traffic.h"

/* The SAs of one implementation's namespaces: lanes 0 (both ways), 1, 2. */
#define KB_IPSEC_SAS 8

enum kb_ipsec_state {
	KB_IPSEC_VALID,
	KB_IPSEC_INVALID, /* a wrong packet, an SA not proved */
	KB_IPSEC_FAILED, /* could not be set up or measured: @message */
	KB_IPSEC_INTERRUPTED,
};

/* One half of the differential check. */
struct kb_ipsec_half {
	const char *sender; /* the driver encrypting */
	const char *receiver; /* the driver decrypting */
	struct kb_traffic_result traffic;
	uint32_t integrity_failed; /* the receiving SA's count */
	uint64_t proto_errors; /* XfrmInStateProtoError, receiving side */
	uint64_t in_errors; /* every other XfrmIn* error counter, summed */
	bool ran;
};

/* Several measurements of one thing: the median, and the spread. */
struct kb_ipsec_rate {
	struct kb_traffic_result median; /* the one of the median rate */
	double pps; /* datagrams received right per second */
	double gbps; /* of their payload */
	double cpu_us_per_packet; /* all CPUs' busy time per datagram */
	double spread; /* (max - min) / median of @pps */
	uint64_t wrong; /* over all measurements */
	uint64_t lost;
	size_t count;
};

struct kb_ipsec_point {
	uint32_t packet_size; /* the inner IPv4 packet's bytes; 0: the IMIX */
	uint32_t crypt_len; /* what ESP encrypts per datagram (mean, IMIX) */
	uint32_t wire_len; /* the ESP packet (mean, IMIX) */
	struct kb_ipsec_rate tunnel;
	struct kb_ipsec_rate plain;
	double ceiling_mbps; /* the crypto alone, MB/s; valid if has_ceiling */
	double ceiling_pps; /* the same as datagrams per second */
	bool has_ceiling;
	struct kb_iperf3_result iperf3; /* --iperf3, fixed sizes only */
	bool has_iperf3; /* asked for: @iperf3 ran, or says why not */
};

struct kb_ipsec_result {
	struct kb_esp_impl impl;
	struct kb_sa_proof proof[KB_IPSEC_SAS];
	size_t proofs;
	struct kb_ipsec_half half[2]; /* [0]: it encrypts; [1]: it decrypts */
	struct kb_ipsec_point *point;
	size_t points;
	char ceiling_note[256]; /* why there is no ceiling, if there is none */
	/*
	 * enum kaesbench_context of the ceiling's runs, [0] encrypting and
	 * [1] decrypting: where ESP calls each (its receive path decrypts
	 * in NET_RX softirq).
	 */
	uint32_t ceiling_context[2];
	enum kb_ipsec_state state;
	char message[512];
};

/* A whole `kaesbench ipsec`: what was asked, and each implementation's. */
struct kb_ipsec_run {
	const struct kb_esp_transform *t;
	unsigned int key_bits;
	bool tunnel;
	uint32_t ms;
	uint32_t repeats;
	uint32_t diff_packets;
	bool iperf3; /* --iperf3 */
	const char *imix_spec; /* NULL without --imix */
	char auth[CRYPTO_MAX_NAME]; /* authenc()'s HMAC driver, or "" */
	char selected[CRYPTO_MAX_NAME]; /* what an SA made now gets */
	struct kb_esp_impl reference;
	struct kb_ipsec_result *result;
	size_t count;
	/* Registered during the run and still registered after it. */
	char left[512];
	size_t left_count;
};

const char *kb_ipsec_state_name(enum kb_ipsec_state state);
void kb_ipsec_result_release(struct kb_ipsec_result *r);

#endif /* KAESBENCH_IPSEC_RESULT_H */
