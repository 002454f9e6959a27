/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_VERIFY_JOB_H
#define _KAESBENCH_VERIFY_JOB_H

#include "job.h"
#include "verify.h"

struct kaesbench_verify_job;

extern const struct kaesbench_job_ops kaesbench_verify_job_ops;

struct kaesbench_verify_job *
kaesbench_verify_job_alloc(const struct kaesbench_verify_params *params,
			   const u32 *cpus, u32 ncpus);

#endif /* _KAESBENCH_VERIFY_JOB_H */
