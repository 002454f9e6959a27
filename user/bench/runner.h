/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Running one job in the kernel, a measurement or a verification, and
 * collecting what it sends.
 */
#ifndef KAESBENCH_BENCH_RUNNER_H
#define KAESBENCH_BENCH_RUNNER_H

#include <stdbool.h>
#include <stdint.h>

#include "bench/cpus.h"
#include "bench/result.h"

/* The numeric parameters of a run, each sent only when given. */
enum kb_param {
	KB_P_KEY_BITS,
	KB_P_SAMPLE_MS,
	KB_P_SAMPLES,
	KB_P_WARMUP_MS,
	KB_P_DEPTH,
	KB_P_AAD,
	KB_P_TAG,
	KB_P_CHECK_EVERY,
	KB_P_COUNT
};

extern const uint16_t kb_param_attr[KB_P_COUNT];

/* How long a job may wait for its turn behind others (--wait, --no-wait). */
struct kb_wait_opt {
	bool never; /* --no-wait: refused at once while another job runs */
	uint32_t ms; /* --wait: at most this long; 0: as long as needed */
};

struct kb_run_req {
	const char *driver; /* exactly one of @driver and @alg */
	const char *alg;
	const uint32_t *param; /* indexed by enum kb_param */
	unsigned int given; /* bit n: send param[n] */
	bool quiet; /* leave reporting a refusal to the caller */
	bool no_verify; /* a run: measure without verifying first */
	const struct kb_cpus *cpus; /* a run: the CPUs to measure on at once */
	bool latency; /* a run: time every request */
	uint32_t context; /* enum kaesbench_context; sent unless thread */
	bool verify; /* KAESBENCH_CMD_VERIFY rather than a run */
	uint32_t cases; /* a verification: cases, if has_cases */
	bool has_cases;
	uint64_t seed; /* a verification: the seed, if has_seed */
	bool has_seed;
	struct kb_wait_opt wait; /* behind another job */
	/* What the user called a request attribute the kernel refuses. */
	const char *(*attr_name)(uint16_t attr);
};

int kb_runner_run(const struct kb_run_req *req, struct kb_run *run);

#endif /* KAESBENCH_BENCH_RUNNER_H */
