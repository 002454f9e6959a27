/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_JOB_H
#define _KAESBENCH_JOB_H

#include <linux/netlink.h>
#include <net/net_namespace.h>

#include "bench.h"

/* A run: one measurement in its own kernel thread, reporting to a socket. */
struct kaesbench_job {
	u32 id;
	u32 portid;		/* of the requesting socket */
	u32 seq;		/* of the request, echoed in every message */
	struct net *net;
	struct kaesbench_params params;
	struct kaesbench_bench *bench;
	struct task_struct *task;
	bool stop;
	bool started;
	bool ended;		/* measuring is over; the thread may still run */
};

struct kaesbench_job *kaesbench_job_create(const struct kaesbench_params *params,
					   u32 portid, u32 seq, struct net *net,
					   struct kaesbench_impl *impl,
					   struct netlink_ext_ack *extack);
void kaesbench_job_start(struct kaesbench_job *job);
void kaesbench_job_abort(struct kaesbench_job *job);
int kaesbench_job_cancel(u32 id);
int kaesbench_job_init(void);
void kaesbench_job_uninit(void);

#endif /* _KAESBENCH_JOB_H */
