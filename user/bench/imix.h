/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A packet-size mix ("7x64,4x576,1x1500", the simple IMIX): its parsing,
 * the buffer sizes to measure for it, and its rate from the per-size
 * medians.
 */
#ifndef KAESBENCH_BENCH_IMIX_H
#define KAESBENCH_BENCH_IMIX_H

#include <stddef.h>
#include <stdint.h>

#include "bench/result.h"
#include "bench/sizes.h"

/* The classic simple IMIX. */
#define KB_IMIX_DEFAULT "7x64,4x576,1x1500"

struct kb_imix_part {
	uint32_t count;
	uint32_t size; /* a packet's bytes, as given */
	uint32_t measured; /* as measured: rounded up to a whole block */
};

struct kb_imix {
	struct kb_imix_part *part;
	size_t count;
	char *spec; /* as given */
};

struct kb_imix_rate {
	double packets_per_s;
	double gbit_per_s;
};

int kb_imix_parse(const char *spec, struct kb_imix *mix);
void kb_imix_free(struct kb_imix *mix);
uint64_t kb_imix_packets(const struct kb_imix *mix);
double kb_imix_mean_size(const struct kb_imix *mix);
void kb_imix_round(struct kb_imix *mix, uint32_t block);
int kb_imix_sizes(const struct kb_imix *mix, struct kb_sizes *sizes);
int kb_imix_rate(const struct kb_imix *mix, const double *ops_per_s,
		 struct kb_imix_rate *rate);
int kb_imix_of_run(const struct kb_imix *mix, const struct kb_run *run,
		   double *ops_per_s, struct kb_imix_rate *rate);

#endif /* KAESBENCH_BENCH_IMIX_H */
