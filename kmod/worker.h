/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_WORKER_H
#define _KAESBENCH_WORKER_H

#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/crypto.h>
#include <linux/spinlock.h>

#include "wait.h"

struct kaesbench_job;
struct mem_cgroup;

/*
 * A thread that makes a job's calls into crypto drivers, one step at a
 * time, while the job's thread waits for it within a bound. The structure
 * starts what its steps work on, allocated with kmalloc(); if the job has
 * to go on without the thread (a driver call that does not return), all of
 * it becomes the thread's, which frees it if the call ever returns.
 */
struct kaesbench_worker {
	struct task_struct *task;
	struct completion go;
	struct completion done;
	atomic_t state;
	int (*step)(struct kaesbench_worker *w);
	int err;			/* of the last step */
	struct kaesbench_watch watch;
	struct mem_cgroup *memcg;	/* charged for its allocations */
	/*
	 * Frees what the steps allocated, driver calls included, in the
	 * thread; harmless when called again. The rest is kfree()d.
	 */
	void (*teardown)(struct kaesbench_worker *w);
	/*
	 * Named when a call never returns: what it calls (the driver the
	 * crypto API handed out, or before it did the name asked for), under
	 * @lock, and what it holds.
	 */
	spinlock_t lock;
	char driver[CRYPTO_MAX_ALG_NAME];
	u64 bytes;
	/* The job's thread's own, in kaesbench_worker_steps(). */
	u64 seen_alive;			/* the last sign of life seen */
	u64 seen_runtime;		/* its CPU time then, in ns */
	u64 silent_ns;			/* counted since */
	/* Waiting for its CPU since, without a sign of life between. */
	u64 starved_ns;
};

/*
 * How long a busy thread may wait for its CPU (a real-time task hogging
 * it, an isolated CPU nothing schedules on) before the job goes on without
 * it. Waiting is not being stuck: its driver is not blamed, and the module
 * stays loaded only until the thread gets its CPU and exits.
 */
#define KAESBENCH_STARVED_MAX_MS 60000

int kaesbench_worker_start(struct kaesbench_worker *w,
			   struct kaesbench_job *job, int cpu);
int kaesbench_worker_may_open(struct kaesbench_worker *w, const char *name);
int kaesbench_worker_resolved(const char *driver);
void kaesbench_worker_opened(struct kaesbench_worker *w, const char *driver,
			     u64 bytes);
void kaesbench_worker_driver(struct kaesbench_worker *w, char *buf,
			     size_t size);
int kaesbench_worker_steps(struct kaesbench_job *job,
			   struct kaesbench_worker **workers, unsigned int n,
			   int (*step)(struct kaesbench_worker *w),
			   u32 limit_ms);
int kaesbench_workers_fit(struct kaesbench_job *job, u32 n, u32 depth,
			  u64 bytes, const char *what);
void kaesbench_worker_destroy(struct kaesbench_job *job,
			      struct kaesbench_worker *w);

#endif /* _KAESBENCH_WORKER_H */
