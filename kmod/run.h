/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_RUN_H
#define _KAESBENCH_RUN_H

#include "bench.h"
#include "job.h"
#include "verify.h"

/* The work of a KAESBENCH_CMD_RUN job. */
struct kaesbench_run {
	struct kaesbench_params params;	/* with the defaults used */
	struct kaesbench_bench *bench;
	struct kaesbench_verify *verify; /* NULL: measured unverified */
	bool verify_failed;
};

extern const struct kaesbench_job_ops kaesbench_run_ops;

struct kaesbench_run *kaesbench_run_create(const struct kaesbench_params *params,
					   struct kaesbench_impl *impl,
					   struct netlink_ext_ack *extack);

#endif /* _KAESBENCH_RUN_H */
