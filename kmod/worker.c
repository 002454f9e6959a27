// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The threads that call into crypto drivers for a job. A driver may block
 * in a call (a synchronous encryption, a setkey that waits for a device)
 * and never return: the job's thread, which never calls a driver itself,
 * waits for each step within a bound and, past it, goes on without the
 * thread. The bound counts only time the thread is stuck: silent, and not
 * merely waiting for a CPU that a real-time task or stop_machine holds.
 * What that thread works on is then its own, and stays allocated while it
 * is stuck; the module stays loaded (see givenup.c), so that the call can
 * return into it at any time, and the thread then frees what it had and
 * exits.
 */

#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sched.h>
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
	WORKER_LOST,		/* the job went on without it: stuck */
	WORKER_LEFT,		/* ... starved; it holds a module reference */
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
	int state;

	while (!kthread_should_stop()) {
		if (wait_for_completion_interruptible_timeout(&w->go, slice) <= 0)
			continue;
		old = set_active_memcg(w->memcg);
		w->err = w->step(w);
		set_active_memcg(old);
		state = atomic_cmpxchg(&w->state, WORKER_BUSY, WORKER_IDLE);
		/* Nobody waits for this thread any more. */
		if (state == WORKER_LOST) {
			free_worker(w);
			return 0;
		}
		if (state == WORKER_LEFT) {
			free_worker(w);
			module_put_and_kthread_exit(0);
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
	spin_lock_init(&w->lock);
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

static void set_driver(struct kaesbench_worker *w, const char *name)
{
	spin_lock(&w->lock);
	strscpy(w->driver, name, sizeof(w->driver));
	spin_unlock(&w->lock);
}

/**
 * kaesbench_worker_driver() - what the thread calls, or was asked to open
 * @w: the thread
 * @buf: filled in
 * @size: of @buf
 */
void kaesbench_worker_driver(struct kaesbench_worker *w, char *buf,
			     size_t size)
{
	spin_lock(&w->lock);
	strscpy(buf, w->driver, size);
	spin_unlock(&w->lock);
}

/**
 * kaesbench_worker_may_open() - before a step opens an implementation
 * @w: the thread
 * @name: the driver, or algorithm, asked for
 *
 * A call that never returns before the crypto API hands a driver out
 * (allocating may instantiate a template, load a module, wait for one
 * being registered) is recorded under @name: an algorithm name too, so
 * that the same request is refused afterwards.
 *
 * Return: 0, or -EBUSY if a request to @name was given up: no job may
 * call it again.
 */
int kaesbench_worker_may_open(struct kaesbench_worker *w, const char *name)
{
	set_driver(w, name);
	return kaesbench_given_up(name) ? -EBUSY : 0;
}

/**
 * kaesbench_worker_resolved() - the driver a transform was allocated from
 * @driver: its driver name
 *
 * Called once the crypto API handed a transform out, before a key is set
 * or a request made: in a worker (elsewhere it does nothing), a call that
 * never returns is recorded under @driver from then on, whatever name was
 * asked for, and a driver with a request given up is refused there, on
 * every worker. By algorithm, the driver is known only then: its transform
 * init has run, nothing more.
 *
 * Return: 0, or -EBUSY if a request to @driver was given up.
 */
int kaesbench_worker_resolved(const char *driver)
{
	if (!(current->flags & PF_KTHREAD) ||
	    kthread_func(current) != (void *)worker_thread)
		return 0;
	set_driver(kthread_data(current), driver);
	return kaesbench_given_up(driver) ? -EBUSY : 0;
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
	set_driver(w, driver);
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

	kaesbench_worker_driver(w, driver, sizeof(driver));
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

/*
 * Goes on without a thread that has waited KAESBENCH_STARVED_MAX_MS for
 * its CPU, unless it just finished. Nothing is given up: the thread keeps
 * what it works on and a reference on the module, and frees both once it
 * runs (the job told it to stop).
 */
static bool leave(struct kaesbench_job *job, struct kaesbench_worker *w)
{
	struct task_struct *task = w->task;
	int cpu = task_cpu(task);

	WRITE_ONCE(w->watch.stop, true);
	__module_get(THIS_MODULE);
	if (atomic_cmpxchg(&w->state, WORKER_BUSY, WORKER_LEFT) != WORKER_BUSY) {
		module_put(THIS_MODULE);
		return false;
	}
	job->keep_memcg = true;
	pr_warn("a job's thread on CPU %d has waited %u ms for its CPU (a real-time task, or an isolated CPU, holds it): the job goes on without it, and kaesbench stays loaded until it runs\n",
		cpu, KAESBENCH_STARVED_MAX_MS);
	snprintf(job->message, sizeof(job->message),
		 "its thread on CPU %d did not get its CPU within %u ms (a real-time task, or an isolated CPU, holds it)",
		 cpu, KAESBENCH_STARVED_MAX_MS);
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

/*
 * The longest a slice of the job's thread may take and still count. One
 * that took longer means that the job's thread did not get to run either
 * (real-time tasks on every CPU, stop_machine, a paused VM): whatever the
 * worker did meanwhile says nothing about its driver.
 */
#define ON_TIME_NS (5ULL * KAESBENCH_WAIT_SLICE_MS * NSEC_PER_MSEC)

/*
 * Whether the worker waits for a CPU: runnable, not running. The
 * scheduler's own account says it exactly (sched_info.last_queued is set
 * while a task is queued and cleared when it gets a CPU). Its CPU time
 * not advancing says it only roughly: on a CPU whose tick is off
 * (nohz_full) a task spinning in a driver call has its CPU time brought
 * up to date once a second, and looks starved in between.
 */
static bool waiting_to_run(struct kaesbench_worker *w, u64 runtime)
{
	if (!task_is_running(w->task))
		return false;
#ifdef CONFIG_SCHED_INFO
	return READ_ONCE(w->task->sched_info.last_queued);
#else
	return runtime == w->seen_runtime;
#endif
}

/*
 * Counts @elapsed_ns of silence for a busy worker, unless it showed a
 * sign of life (which starts the count again), or it was waiting to run.
 * A worker starved of its CPU (a real-time task hogging it, stop_machine)
 * is late, not stuck; one stuck in a driver call sleeps there, or spins
 * and runs. How long it waited is counted apart.
 */
static void count_silence(struct kaesbench_worker *w, u64 elapsed_ns)
{
	u64 alive = READ_ONCE(w->watch.alive_ns);
	u64 runtime = READ_ONCE(w->task->se.sum_exec_runtime);
	bool waiting = waiting_to_run(w, runtime);
	bool lived = alive != w->seen_alive;

	if (lived) {
		w->seen_alive = alive;
		w->silent_ns = 0;
	} else if (elapsed_ns <= ON_TIME_NS && !waiting) {
		w->silent_ns += elapsed_ns;
	}
	/* Only a wait that nothing interrupted: a busy CPU shares itself. */
	if (waiting && !lived)
		w->starved_ns += elapsed_ns;
	else
		w->starved_ns = 0;
	w->seen_runtime = runtime;
}

/*
 * After a slice of @elapsed_ns: every worker still busy with its step that
 * has been silent for @limit_ms is lost, and set to NULL.
 * Return: -ETIMEDOUT if one was, else 0.
 */
static int watch(struct kaesbench_job *job, struct kaesbench_worker **workers,
		 unsigned int n, u64 elapsed_ns, u32 limit_ms)
{
	struct kaesbench_worker *w;
	unsigned int i;
	int lost = 0;

	for (i = 0; i < n; i++) {
		w = workers[i];
		if (!w || completion_done(&w->done))
			continue;
		count_silence(w, elapsed_ns);
		if ((w->silent_ns >= (u64)limit_ms * NSEC_PER_MSEC &&
		     lose(job, w, limit_ms)) ||
		    (w->starved_ns >= KAESBENCH_STARVED_MAX_MS * NSEC_PER_MSEC &&
		     leave(job, w))) {
			workers[i] = NULL;
			lost = -ETIMEDOUT;
		}
	}
	return lost;
}

/**
 * kaesbench_worker_steps() - have threads take a step together
 * @job: the job; its stop flag is passed on to the threads
 * @workers: the threads; one lost is set to NULL, and NULL ones are skipped
 * @n: how many
 * @step: what each does
 * @limit_ms: how long a thread may be stuck in a driver call: silent
 *	      (no kaesbench_alive()) while not waiting to run, counted in
 *	      the job's thread's slices that came on time
 *
 * A thread that waits KAESBENCH_STARVED_MAX_MS for its CPU is left behind
 * as well, its driver not blamed.
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
	u64 seen, now;

	for (i = 0; i < n; i++) {
		w = workers[i];
		if (!w)
			continue;
		w->step = step;
		WRITE_ONCE(w->watch.stop, READ_ONCE(job->stop));
		kaesbench_alive(&w->watch);
		w->seen_alive = READ_ONCE(w->watch.alive_ns);
		w->seen_runtime = READ_ONCE(w->task->se.sum_exec_runtime);
		w->silent_ns = 0;
		w->starved_ns = 0;
		reinit_completion(&w->done);
		atomic_set(&w->state, WORKER_BUSY);
		complete(&w->go);
	}
	seen = ktime_get_ns();
	for (i = 0; i < n; i++) {
		while (workers[i] && !kaesbench_wait_slice(&workers[i]->done)) {
			now = ktime_get_ns();
			pass_stop(job, workers, n);
			lost = watch(job, workers, n, now - seen, limit_ms) ?: lost;
			seen = now;
		}
		w = workers[i];
		if (w && w->err && !err)
			err = w->err;
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
