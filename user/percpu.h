/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Runs measured on several CPUs at once (--cpus): each sample comes once
 * per CPU; these make one run of the machine, or of one CPU, out of them.
 */
#ifndef KAESBENCH_PERCPU_H
#define KAESBENCH_PERCPU_H

#include "result.h"

int kb_run_aggregate(const struct kb_run *run, struct kb_run *agg);
int kb_run_one_cpu(const struct kb_run *run, uint32_t cpu, struct kb_run *out);

#endif /* KAESBENCH_PERCPU_H */
