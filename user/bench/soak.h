/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */
#ifndef KAESBENCH_BENCH_SOAK_H
#define KAESBENCH_BENCH_SOAK_H

#include <stdbool.h>
#include <stdint.h>

#include "bench/result.h"
#include "bench/runner.h"

/* What a soak (`kaesbench verify --time`) came to. */
struct kb_soak {
	uint64_t ms; /* asked for */
	double seconds; /* took */
	uint64_t rounds; /* verifications ended */
	uint64_t requests; /* checked */
	uint64_t bytes; /* their data */
	uint64_t wrong; /* computed wrong */
	uint64_t errors; /* failed with an error */
	uint64_t slowest_ns; /* submission to completion seen, at most */
	/* The first round with a wrong or failed request, else the last. */
	struct kb_run shown;
	bool interrupted; /* Ctrl-C */
	bool cut_short; /* a round was refused or lost: no going on */
};

int kb_soak_run(const struct kb_run_req *req, struct kb_soak *s);
void kb_soak_release(struct kb_soak *s);
bool kb_soak_failed(const struct kb_soak *s);

#endif /* KAESBENCH_BENCH_SOAK_H */
