/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_RUN_H
#define _KAESBENCH_RUN_H

#include "bench.h"
#include "job.h"

struct kaesbench_run;

extern const struct kaesbench_job_ops kaesbench_run_ops;

struct kaesbench_run *kaesbench_run_alloc(const struct kaesbench_params *params);

#endif /* _KAESBENCH_RUN_H */
