/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The arithmetic behind every figure kaesbench prints. Nothing here divides
 * by zero: an empty set or a zero time gives 0.
 */
#ifndef KAESBENCH_BENCH_STATS_H
#define KAESBENCH_BENCH_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Room for any kb_fmt3() result, "-1.23e+300" style values included. */
#define KB_FMT3_MAX 48

double kb_median(const double *v, size_t n);
double kb_min(const double *v, size_t n);
double kb_max(const double *v, size_t n);
double kb_spread(const double *v, size_t n);
double kb_mbps(uint64_t bytes, uint64_t ns);
double kb_percent(uint64_t part_ns, uint64_t whole_ns);
const char *kb_fmt3(double v, char *buf, size_t len);

#endif /* KAESBENCH_BENCH_STATS_H */
