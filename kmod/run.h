/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_RUN_H
#define _KAESBENCH_RUN_H

#include <linux/completion.h>

#include "bench.h"
#include "job.h"
#include "verify.h"

/* What every measuring thread does next. */
struct kaesbench_step {
	bool prepare;		/* else measure for @ms */
	u32 size;
	u32 ms;
};

/* A measuring thread, and its own transform and requests. */
struct kaesbench_worker {
	struct kaesbench_run *run;
	struct kaesbench_bench *bench;
	struct task_struct *task;	/* NULL: the job's thread measures */
	struct completion go;
	struct completion done;
	struct kaesbench_sample sample;
	unsigned int cpu;		/* bound to, with a task */
	int err;
	char error[48];			/* why it failed, if not its bench */
};

/* The work of a KAESBENCH_CMD_RUN job. */
struct kaesbench_run {
	struct kaesbench_params params;	/* with the defaults used */
	struct kaesbench_verify *verify; /* NULL: measured unverified */
	bool verify_failed;
	const bool *stop;		/* the job's */
	struct kaesbench_step step;
	u32 nworkers;
	struct kaesbench_worker workers[];
};

extern const struct kaesbench_job_ops kaesbench_run_ops;

struct kaesbench_run *kaesbench_run_create(const struct kaesbench_params *params,
					   struct kaesbench_impl *impl,
					   struct netlink_ext_ack *extack);

#endif /* _KAESBENCH_RUN_H */
