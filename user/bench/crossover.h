/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Which implementation of an algorithm wins at which size, and from which
 * size an offload engine overtakes the CPU.
 */
#ifndef KAESBENCH_BENCH_CROSSOVER_H
#define KAESBENCH_BENCH_CROSSOVER_H

#include "bench/result.h"

/* What is compared: the rate, or what a byte costs all CPUs. */
enum kb_metric {
	KB_BY_WALL, /* MB/s, higher is better */
	KB_BY_CPU, /* busy ns per byte, lower is better */
};

int kb_best_run(const struct kb_run *runs, size_t count, uint32_t size,
		enum kb_metric m, bool cpu_only, double *value);
int kb_overtakes(const struct kb_run *runs, size_t count, size_t engine,
		 const struct kb_sizes *sizes, enum kb_metric m,
		 uint32_t *from);

#endif /* KAESBENCH_BENCH_CROSSOVER_H */
