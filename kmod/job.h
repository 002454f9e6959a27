/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_JOB_H
#define _KAESBENCH_JOB_H

#include <linux/mutex.h>
#include <linux/netlink.h>
#include <net/net_namespace.h>

/*
 * How long a stopped job still waits for a request in flight before it
 * gives the request up, leaving its memory to the driver: long enough for
 * a working engine or cryptd queue on a loaded machine (a request given up
 * costs its memory until reboot), short next to the request timeout.
 */
#define KAESBENCH_STOP_GRACE_MS 1000

struct kaesbench_job;
struct sk_buff;

/* What a job does, in its own thread. */
struct kaesbench_job_ops {
	/* The work; returns 0, -EINTR when stopped, or why it failed. */
	int (*run)(struct kaesbench_job *job);
	/* Tells the requesting socket how it ended. */
	void (*end)(struct kaesbench_job *job, int err);
	void (*destroy)(void *work);
};

/* One run or verification in its own kernel thread, reporting to a socket. */
struct kaesbench_job {
	u32 id;
	u32 portid;		/* of the requesting socket */
	u32 seq;		/* of the request, echoed in every message */
	struct net *net;
	const struct kaesbench_job_ops *ops;
	void *work;
	struct task_struct *task;
	bool stop;		/* read with READ_ONCE() while working */
	bool started;
	bool ended;		/* the work is over; the thread may still run */
	struct mutex send_lock;	/* orders sends with the socket's release */
	bool orphaned;		/* the socket is closed: send it nothing */
};

struct kaesbench_job *kaesbench_job_reserve(u32 portid, u32 seq,
					    struct net *net,
					    struct netlink_ext_ack *extack);
int kaesbench_job_prepare(struct kaesbench_job *job,
			  const struct kaesbench_job_ops *ops, void *work,
			  struct netlink_ext_ack *extack);
void kaesbench_job_start(struct kaesbench_job *job);
void kaesbench_job_abort(struct kaesbench_job *job);
int kaesbench_job_cancel(u32 id);
int kaesbench_job_unicast(struct kaesbench_job *job, struct sk_buff *skb);
int kaesbench_job_init(void);
void kaesbench_job_uninit(void);

#endif /* _KAESBENCH_JOB_H */
