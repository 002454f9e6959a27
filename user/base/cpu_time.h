/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The machine's busy CPU time, all CPUs together, from /proc/stat.
 */
#ifndef KAESBENCH_BASE_CPU_TIME_H
#define KAESBENCH_BASE_CPU_TIME_H

#include <stdint.h>

int kb_cpu_busy_ns(uint64_t *busy_ns);

#endif /* KAESBENCH_BASE_CPU_TIME_H */
