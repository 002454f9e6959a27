/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What a path command (`kaesbench ipsec`, ...) found of one
 * implementation: the ends made with it and their proofs, the
 * differential both ways, and per size the tunnel's rate beside
 * plaintext's and the crypto-only ceiling's.
 */
#ifndef KAESBENCH_PATH_RESULT_H
#define KAESBENCH_PATH_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/cryptouser.h>

#include "path/iperf3.h"
#include "path/ops.h"
#include "path/proof.h"
#include "path/traffic.h"

/* The ends of one implementation's namespaces: lanes 0 (both ways), 1, 2. */
#define KB_PATH_ENDS 8

/*
 * An implementation, named by the driver of what the path allocates
 * ("seqiv(rfc4106-gcm-aesni)", "generic-gcm-aesni").
 */
struct kb_path_impl {
	char named[CRYPTO_MAX_NAME]; /* as named (-d), or the chain */
	char driver[CRYPTO_MAX_NAME]; /* what the path allocates */
	char module[CRYPTO_MAX_NAME];
	unsigned int priority;
	bool async; /* CRYPTO_ALG_ASYNC: it completes later (an engine) */
	bool selected; /* what an end made now gets */
	bool reference; /* the generic parts */
};

struct kb_path_impls {
	struct kb_path_impl *impl;
	size_t count;
};

enum kb_path_state {
	KB_PATH_VALID,
	KB_PATH_INVALID, /* a wrong packet, an end not proved */
	KB_PATH_FAILED, /* could not be set up or measured: @message */
	KB_PATH_INTERRUPTED,
};

/* One half of the differential check. */
struct kb_path_half {
	const char *sender; /* the driver encrypting */
	const char *receiver; /* the driver decrypting */
	struct kb_traffic_result traffic;
	/* The path's refusal counters on the receiving side, in its order. */
	uint64_t refused[KB_PATH_MAX_REFUSALS];
	bool ran;
};

/* Several measurements of one thing: the median, and the spread. */
struct kb_path_rate {
	struct kb_traffic_result median; /* the one of the median rate */
	double pps; /* datagrams received right per second */
	double gbps; /* of their payload */
	double cpu_us_per_packet; /* all CPUs' busy time per datagram */
	double spread; /* (max - min) / median of @pps */
	uint64_t wrong; /* over all measurements */
	uint64_t lost;
	size_t count;
};

struct kb_path_point {
	uint32_t packet_size; /* the inner IPv4 packet's bytes; 0: the IMIX */
	uint32_t crypt_len; /* what is encrypted per datagram (mean, IMIX) */
	uint32_t wire_len; /* the packet on the veth (mean, IMIX) */
	struct kb_path_rate tunnel;
	struct kb_path_rate plain;
	double ceiling_mbps; /* the crypto alone, MB/s; valid if has_ceiling */
	double ceiling_pps; /* the same as datagrams per second */
	bool has_ceiling;
	struct kb_iperf3_result iperf3; /* --iperf3, fixed sizes only */
	bool has_iperf3; /* asked for: @iperf3 ran, or says why not */
	/* The path's alongside lane (ops->alongside: userspace OpenSSL). */
	struct kb_path_rate alongside;
	bool has_alongside;
	char alongside_error[256]; /* why it was not measured, if not */
};

/* The tunnel's keys swapped at both ends while datagrams flow. */
struct kb_path_rotation {
	/* Why the path's keys are not rotated here, when they are not. */
	char not_here[256];
	bool ran;
	bool swapped; /* both ends swapped */
	uint32_t packet_size; /* the inner IPv4 packets sent */
	double swap_at_s; /* since the first datagram */
	struct kb_traffic_result traffic;
	char error[256]; /* why not swapped, if not */
};

struct kb_path_result {
	struct kb_path_impl impl;
	struct kb_path_proof proof[KB_PATH_ENDS];
	size_t proofs;
	struct kb_path_half half[2]; /* [0]: it encrypts; [1]: it decrypts */
	struct kb_path_point *point;
	size_t points;
	char ceiling_note[256]; /* why there is no ceiling, if there is none */
	/*
	 * enum kaesbench_context of the ceiling's runs, [0] encrypting and
	 * [1] decrypting: where the path calls each (a receive path decrypts
	 * in NET_RX softirq).
	 */
	uint32_t ceiling_context[2];
	struct kb_path_rotation rotation; /* paths whose keys rotate */
	enum kb_path_state state;
	char message[512];
};

/* A whole path command: what was asked, and each implementation's. */
struct kb_path_run {
	struct kb_path_kind kind;
	unsigned int key_bits;
	uint32_t ms;
	uint32_t repeats;
	uint32_t diff_packets;
	bool iperf3; /* --iperf3 */
	const char *imix_spec; /* NULL without --imix */
	char selected[CRYPTO_MAX_NAME]; /* what an end made now gets */
	/*
	 * The differential's other end and the alongside lane, where the
	 * path has them (ops->reference, ops->alongside), as this machine
	 * has them: "OpenSSL 3.0.19 19 Aug 2025 (libcrypto.so.3)".
	 */
	char reference_version[128];
	char alongside_version[128];
	struct kb_path_impl reference;
	struct kb_path_result *result;
	size_t count;
	/* Registered during the run and still registered after it. */
	char left[512];
	size_t left_count;
};

const char *kb_path_state_name(enum kb_path_state state);
void kb_path_result_release(struct kb_path_result *r);

#endif /* KAESBENCH_PATH_RESULT_H */
