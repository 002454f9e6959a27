// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The threads that call into crypto drivers for a job. A driver may block
 * in a call (a synchronous encryption, a setkey that waits for a device)
 * and never return: the job's thread, which never calls a driver itself,
 * waits for each step within a bound and, past it, goes on without the
 * thread. What that thread works on is then its own, and stays allocated
 * while it is stuck; the module stays loaded (see givenup.c), so that the
 * call can return into it at any time, and the thread then frees what it
 * had and exits.
 */

#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/sched/mm.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stringify.h>
#include <linux/topology.h>

#include "givenup.h"
#include "job.h"
#include "worker.h"

enum worker_state {
	WORKER_IDLE,
	WORKER_BUSY,
	WORKER_LOST,		/* the job went on without it */
};

/* What the thread worked on, and the structure it starts. */
static void free_worker(struct kaesbench_worker *w)
{
	w->teardown(w);
	kfree(w);
}

/*
 * Idle between steps in an interruptible sleep, which kthread_stop()
 * interrupts at once: a job's threads all stop without a wait each.
 */
static int worker_thread(void *data)
{
	unsigned long slice = msecs_to_jiffies(KAESBENCH_WAIT_SLICE_MS);
	struct kaesbench_worker *w = data;
	struct mem_cgroup *old;

	while (!kthread_should_stop()) {
		if (wait_for_completion_interruptible_timeout(&w->go, slice) <= 0)
			continue;
		old = set_active_memcg(w->memcg);
		w->err = w->step(w);
		set_active_memcg(old);
		if (atomic_cmpxchg(&w->state, WORKER_BUSY, WORKER_IDLE) ==
		    WORKER_LOST) {
			/* Nobody waits for this thread any more. */
			free_worker(w);
			return 0;
		}
		complete(&w->done);
	}
	return 0;
}

/**
 * kaesbench_worker_start() - start a job's thread for driver calls
 * @w: embedded in what its steps work on, @release set
 * @job: the job; its memory cgroup is charged for the thread's allocations
 * @cpu: the CPU to bind it to, or -1 for none
 *
 * Return: 0, or the error creating the thread.
 */
int kaesbench_worker_start(struct kaesbench_worker *w,
			   struct kaesbench_job *job, int cpu)
{
	struct task_struct *task;

	init_completion(&w->go);
	init_completion(&w->done);
	atomic_set(&w->state, WORKER_IDLE);
	w->memcg = job->memcg;
	if (cpu < 0)
		task = kthread_create(worker_thread, w, "kaesbench/w%u",
				      job->id);
	else
		task = kthread_create_on_node(worker_thread, w,
					      cpu_to_node(cpu),
					      "kaesbench/cpu%d", cpu);
	if (IS_ERR(task))
		return PTR_ERR(task);
	if (cpu >= 0)
		kthread_bind(task, cpu);
	get_task_struct(task);
	w->task = task;
	wake_up_process(task);
	return 0;
}

/**
 * kaesbench_worker_may_open() - before a step opens an implementation
 * @w: the thread
 * @name: the driver, or with @by_alg the algorithm, asked for
 * @by_alg: whether @name is an algorithm name
 *
 * Return: 0, or -EBUSY if a request to that driver was given up: no job
 * may call it again.
 */
int kaesbench_worker_may_open(struct kaesbench_worker *w, const char *name,
			      bool by_alg)
{
	strscpy(w->driver, name, sizeof(w->driver));
	return !by_alg && kaesbench_given_up(name) ? -EBUSY : 0;
}

/**
 * kaesbench_worker_opened() - what a step opened and holds
 * @w: the thread
 * @driver: the implementation it calls from now on
 * @bytes: the memory it allocated for it
 */
void kaesbench_worker_opened(struct kaesbench_worker *w, const char *driver,
			     u64 bytes)
{
	strscpy(w->driver, driver, sizeof(w->driver));
	w->bytes = bytes;
	kaesbench_alive(&w->watch);
}

/*
 * Goes on without a thread stuck in a driver call, unless it just
 * finished. Once lost, @w belongs to the thread and may be freed at any
 * moment: nothing of it is read after the exchange.
 */
static bool lose(struct kaesbench_job *job, struct kaesbench_worker *w,
		 u32 limit_ms)
{
	struct task_struct *task = w->task;
	char driver[CRYPTO_MAX_ALG_NAME];
	u64 bytes = w->bytes;

	strscpy(driver, w->driver, sizeof(driver));
	WRITE_ONCE(w->watch.stop, true);
	if (atomic_cmpxchg(&w->state, WORKER_BUSY, WORKER_LOST) != WORKER_BUSY)
		return false;
	/* Its allocations may still be charged to the cgroup. */
	job->keep_memcg = true;
	kaesbench_give_up(driver, "a synchronous call", bytes);
	snprintf(job->message, sizeof(job->message),
		 "a synchronous call to %s did not return within %u ms",
		 driver, limit_ms);
	put_task_struct(task);
	return true;
}

static void pass_stop(struct kaesbench_job *job,
		      struct kaesbench_worker **workers, unsigned int n)
{
	unsigned int i;

	if (!READ_ONCE(job->stop))
		return;
	for (i = 0; i < n; i++) {
		if (workers[i])
			WRITE_ONCE(workers[i]->watch.stop, true);
	}
}

/* Waits for @w's step; false if it had to be lost. */
static bool wait_step(struct kaesbench_job *job,
		      struct kaesbench_worker **workers, unsigned int n,
		      struct kaesbench_worker *w, u32 limit_ms)
{
	u64 limit_ns = (u64)limit_ms * NSEC_PER_MSEC;
	u64 alive;

	while (!kaesbench_wait_slice(&w->done)) {
		pass_stop(job, workers, n);
		/*
		 * The sign of life first, the clock after: a thread that
		 * shows one in between must not look 584 years late.
		 */
		alive = READ_ONCE(w->watch.alive_ns);
		if (ktime_get_ns() > alive + limit_ns && lose(job, w, limit_ms))
			return false;
	}
	return true;
}

/**
 * kaesbench_worker_steps() - have threads take a step together
 * @job: the job; its stop flag is passed on to the threads
 * @workers: the threads; one lost is set to NULL, and NULL ones are skipped
 * @n: how many
 * @step: what each does
 * @limit_ms: how long a thread may go without showing that it is not stuck
 *	      in a driver call (kaesbench_alive())
 *
 * Return: 0, the first thread's error, or -ETIMEDOUT if one was lost (the
 * job's message says so).
 */
int kaesbench_worker_steps(struct kaesbench_job *job,
			   struct kaesbench_worker **workers, unsigned int n,
			   int (*step)(struct kaesbench_worker *w),
			   u32 limit_ms)
{
	struct kaesbench_worker *w;
	int err = 0, lost = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		w = workers[i];
		if (!w)
			continue;
		w->step = step;
		WRITE_ONCE(w->watch.stop, READ_ONCE(job->stop));
		kaesbench_alive(&w->watch);
		reinit_completion(&w->done);
		atomic_set(&w->state, WORKER_BUSY);
		complete(&w->go);
	}
	for (i = 0; i < n; i++) {
		w = workers[i];
		if (!w)
			continue;
		if (!wait_step(job, workers, n, w, limit_ms)) {
			workers[i] = NULL;
			lost = -ETIMEDOUT;
		} else if (w->err && !err) {
			err = w->err;
		}
	}
	return lost ?: err;
}

/**
 * kaesbench_workers_fit() - whether a job's threads, each like its first, fit
 * @job: the job; its message says why not
 * @n: threads
 * @depth: requests each keeps in flight, as the first took it (1 for a
 *	   synchronous implementation)
 * @bytes: what the first holds
 * @what: the job in words, for the message ("the run")
 *
 * Return: 0; -EINVAL when @n x @depth exceeds KAESBENCH_MAX_INFLIGHT;
 * -ENOMEM when @n x @bytes exceeds a quarter of the machine's memory.
 */
int kaesbench_workers_fit(struct kaesbench_job *job, u32 n, u32 depth,
			  u64 bytes, const char *what)
{
	u64 room = ((u64)totalram_pages() << PAGE_SHIFT) / 4;

	if ((u64)n * depth > KAESBENCH_MAX_INFLIGHT) {
		strscpy(job->message, "CPUs x depth exceeds "
			__stringify(KAESBENCH_MAX_INFLIGHT)
			" for this implementation", sizeof(job->message));
		return -EINVAL;
	}
	if (n * bytes > room) {
		snprintf(job->message, sizeof(job->message),
			 "%s would hold %llu MiB, more than a quarter of this machine's memory",
			 what, (n * bytes) >> 20);
		return -ENOMEM;
	}
	return 0;
}

static int teardown_step(struct kaesbench_worker *w)
{
	w->teardown(w);
	return 0;
}

/**
 * kaesbench_worker_destroy() - free what a thread had, and stop it
 * @job: the job
 * @w: started or not, idle, not lost; NULL is ignored
 *
 * Freeing calls drivers too (a transform's exit): the thread does it, as
 * a step like any other, and is lost if it does not return.
 */
void kaesbench_worker_destroy(struct kaesbench_job *job,
			      struct kaesbench_worker *w)
{
	if (!w)
		return;
	if (w->task) {
		kaesbench_worker_steps(job, &w, 1, teardown_step,
				       KAESBENCH_REQUEST_TIMEOUT_MS);
		if (!w)
			return;
		kthread_stop(w->task);
		put_task_struct(w->task);
	}
	free_worker(w);
}
