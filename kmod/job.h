/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_JOB_H
#define _KAESBENCH_JOB_H

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/netlink.h>
#include <linux/sched.h>
#include <uapi/linux/kaesbench.h>

/*
 * KAESBENCH_STOP_GRACE_MS, how long a stopped job still waits for a
 * request in flight before it gives the request up, is long enough for a
 * working engine or cryptd queue on a loaded machine (a request given up
 * pins the module until reboot), short next to the request timeout.
 */
/*
 * How long setting a job up may take: allocating a transform may wait for
 * an algorithm being registered and self-tested (the crypto API waits up
 * to 60 s for one), or load a module.
 */
#define KAESBENCH_SETUP_TIMEOUT_MS 90000
/* What a job's end or refusal says, at most, its NUL included. */
#define KAESBENCH_MESSAGE_LEN 256

/* How long a waiting job sleeps at most before it looks at its bound. */
#define KAESBENCH_TURN_SLICE_MS 500

struct genl_family;
struct genl_info;
struct kaesbench_job;
struct mem_cgroup;
struct sk_buff;

/* What a job does, in its own thread. */
struct kaesbench_job_ops {
	/* The command of the message that says the job started. */
	u8 cmd;
	/*
	 * Sets the work up; on failure the request was refused, for the
	 * reason in the job's message.
	 */
	int (*setup)(struct kaesbench_job *job);
	/* Adds what the start message says of the work. */
	int (*put_started)(struct sk_buff *skb, struct kaesbench_job *job);
	/* The work; returns 0, -EINTR when stopped, or why it failed. */
	int (*run)(struct kaesbench_job *job);
	/* Tells the requesting socket how it ended. */
	void (*end)(struct kaesbench_job *job, int err);
	/* Frees the work (@job is NULL if the job never started). */
	void (*destroy)(struct kaesbench_job *job, void *work);
};

/* How a job request waits for its turn (kaesbench_job_start()). */
struct kaesbench_job_turn {
	/* KAESBENCH_A_RUN_WAIT_MS: 0 refuses at once while one is busy */
	u32 wait_ms;
	/* how long the work says it takes; 0 if it does not say */
	u64 stated_ms;
};

/*
 * One run or verification in its own kernel thread, reporting to a socket
 * of the initial network namespace. The thread owns the job: it frees it,
 * or the last of the release notifiers looking at it does.
 */
struct kaesbench_job {
	struct kref ref;
	struct list_head node;	/* in the list of live jobs, until it ends */
	struct list_head queued;	/* in the queue, while it waits its turn */
	u32 id;
	u32 portid;		/* of the requesting socket */
	u32 seq;		/* of the request, echoed in every message */
	const struct kaesbench_job_ops *ops;
	void *work;
	bool stop;		/* read with READ_ONCE() while working */
	/*
	 * The requester's memory cgroup, charged for the job's memory; kept
	 * for good if a thread of the job is left to a driver.
	 */
	struct mem_cgroup *memcg;
	bool keep_memcg;
	const struct genl_family *family;	/* of its messages */
	struct mutex send_lock;	/* orders sends with the socket's release */
	bool orphaned;		/* the socket is closed: send it nothing */
	/* Whose job it is and how long it takes, for those waiting behind. */
	pid_t pid;
	char comm[TASK_COMM_LEN];
	struct kaesbench_job_turn turn;
	u64 queued_ns;		/* when it was asked for */
	u64 began_ns;		/* when its turn came */
	char message[KAESBENCH_MESSAGE_LEN];	/* why it was refused */
};

int kaesbench_job_start(const struct genl_family *family,
			const struct genl_info *info,
			const struct kaesbench_job_ops *ops, void *work,
			const struct kaesbench_job_turn *turn);
int kaesbench_job_cancel(u32 id, u32 portid, bool privileged);
int kaesbench_job_send_patiently(struct kaesbench_job *job, u8 cmd,
				 int (*put)(struct sk_buff *skb, const void *arg),
				 const void *arg);
void kaesbench_job_send_end(struct kaesbench_job *job, int status,
			    const char *message,
			    int (*put_extra)(struct sk_buff *skb, void *work));
int kaesbench_job_init(void);
void kaesbench_job_uninit(void);

#endif /* _KAESBENCH_JOB_H */
