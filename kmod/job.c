// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Runs: one at a time, each in a kernel thread of its own, so that no
 * netlink request waits for a measurement. A run stops when asked to, when
 * the socket that started it closes, and when the module unloads.
 *
 * A thread frees what it measured with and then returns; the job itself,
 * and the reference to its task, are reaped by whoever comes next (the next
 * run, or module unload) with kthread_stop(), which returns only once the
 * thread has left this module's code. A run counts as in progress until its
 * measurements are over, not until its thread is gone.
 */

#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/netlink.h>
#include <linux/notifier.h>
#include <linux/sched/task.h>
#include <linux/slab.h>

#include "job.h"
#include "netlink.h"

static DEFINE_MUTEX(job_mutex);
static struct kaesbench_job *current_job;	/* under job_mutex */
static u32 last_id;				/* under job_mutex */

static void stop(struct kaesbench_job *job)
{
	WRITE_ONCE(job->stop, true);
}

static bool is_running(const struct kaesbench_job *job)
{
	/* Pairs with the release in job_thread(). */
	return job && !smp_load_acquire(&job->ended);
}

/* Frees the job; must hold job_mutex. Waits for its thread to exit. */
static void reap(void)
{
	struct kaesbench_job *job = current_job;

	if (!job)
		return;
	stop(job);
	kthread_stop(job->task);
	put_task_struct(job->task);
	if (!job->started)
		kaesbench_bench_destroy(job->bench);
	put_net(job->net);
	kfree(job);
	current_job = NULL;
}

static const char *end_message(struct kaesbench_job *job, int err)
{
	switch (err) {
	case 0:
		return NULL;
	case -EINTR:
		return "cancelled";
	case -EAGAIN:
		return "the requesting socket stopped reading results";
	}
	return kaesbench_bench_error(job->bench);
}

static int measure(struct kaesbench_job *job)
{
	const struct kaesbench_params *p = &job->params;
	struct kaesbench_sample sample;
	u32 i, n;
	int err;

	for (i = 0; i < p->nsizes; i++) {
		err = kaesbench_bench_prepare(job->bench, p->sizes[i], &job->stop);
		if (!err && p->warmup_ms)
			err = kaesbench_bench_measure(job->bench, p->sizes[i],
						      p->warmup_ms, &sample,
						      &job->stop);
		for (n = 0; !err && n < p->samples; n++) {
			err = kaesbench_bench_measure(job->bench, p->sizes[i],
						      p->sample_ms, &sample,
						      &job->stop);
			sample.index = n;
			if (!err)
				err = kaesbench_genl_send_sample(job, &sample);
		}
		if (err)
			return err;
	}
	return 0;
}

static int job_thread(void *data)
{
	struct kaesbench_job *job = data;
	int err;

	err = measure(job);
	/*
	 * Once its end message is out, the tool may start the next run: it is
	 * no longer refused as busy, and waits in reap() for what is left.
	 */
	smp_store_release(&job->ended, true);
	/* A closed socket cannot take the end message; anything else can. */
	if (err != -ECONNREFUSED)
		kaesbench_genl_send_end(job, err, end_message(job, err));
	kaesbench_bench_destroy(job->bench);
	job->bench = NULL;
	return err;
}

/**
 * kaesbench_job_create() - set up a run, without starting it
 * @params: what to measure; copied
 * @portid: the requesting socket, which gets the results
 * @seq: the request's sequence number, echoed in every result
 * @net: the requesting socket's namespace
 * @impl: set to the implementation to be measured
 * @extack: why the run is refused
 *
 * The caller replies to the request, then starts the run with
 * kaesbench_job_start(), or drops it with kaesbench_job_abort().
 *
 * Context: process context, may sleep.
 * Return: the job, or an ERR_PTR: -EBUSY while another run is in progress,
 * or why kaesbench_bench_create() refused.
 */
struct kaesbench_job *kaesbench_job_create(const struct kaesbench_params *params,
					   u32 portid, u32 seq, struct net *net,
					   struct kaesbench_impl *impl,
					   struct netlink_ext_ack *extack)
{
	struct kaesbench_job *job;
	int err;

	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job)
		return ERR_PTR(-ENOMEM);
	job->params = *params;
	job->portid = portid;
	job->seq = seq;

	mutex_lock(&job_mutex);
	if (is_running(current_job)) {
		NL_SET_ERR_MSG(extack, "another run is in progress");
		err = -EBUSY;
		goto err_unlock;
	}
	reap();

	job->bench = kaesbench_bench_create(&job->params, impl, extack);
	if (IS_ERR(job->bench)) {
		err = PTR_ERR(job->bench);
		goto err_unlock;
	}
	job->id = ++last_id ?: ++last_id;
	job->task = kthread_create(job_thread, job, "kaesbench/%u", job->id);
	if (IS_ERR(job->task)) {
		NL_SET_ERR_MSG(extack, "cannot create the run's thread");
		err = PTR_ERR(job->task);
		kaesbench_bench_destroy(job->bench);
		goto err_unlock;
	}
	get_task_struct(job->task);
	job->net = get_net(net);
	current_job = job;
	mutex_unlock(&job_mutex);
	return job;

err_unlock:
	mutex_unlock(&job_mutex);
	kfree(job);
	return ERR_PTR(err);
}

/**
 * kaesbench_job_start() - start a run from kaesbench_job_create()
 * @job: the run
 */
void kaesbench_job_start(struct kaesbench_job *job)
{
	job->started = true;
	wake_up_process(job->task);
}

/**
 * kaesbench_job_abort() - drop a run from kaesbench_job_create() unstarted
 * @job: the run
 */
void kaesbench_job_abort(struct kaesbench_job *job)
{
	mutex_lock(&job_mutex);
	if (current_job == job)
		reap();
	mutex_unlock(&job_mutex);
}

/**
 * kaesbench_job_cancel() - tell the run in progress to stop
 * @id: its id
 *
 * Return: 0, or -ESRCH if no run @id is in progress.
 */
int kaesbench_job_cancel(u32 id)
{
	int err = -ESRCH;

	mutex_lock(&job_mutex);
	if (is_running(current_job) && current_job->id == id) {
		stop(current_job);
		err = 0;
	}
	mutex_unlock(&job_mutex);
	return err;
}

/* A run whose socket closes (Ctrl-C, kill -9) has nobody to report to. */
static int release_notify(struct notifier_block *nb, unsigned long event,
			  void *ptr)
{
	struct netlink_notify *n = ptr;

	if (event != NETLINK_URELEASE || n->protocol != NETLINK_GENERIC)
		return NOTIFY_DONE;
	mutex_lock(&job_mutex);
	if (is_running(current_job) && current_job->portid == n->portid &&
	    net_eq(current_job->net, n->net))
		stop(current_job);
	mutex_unlock(&job_mutex);
	return NOTIFY_DONE;
}

static struct notifier_block release_nb = {
	.notifier_call = release_notify,
};

/**
 * kaesbench_job_init() - watch for closing sockets
 *
 * Return: 0, or the error netlink_register_notifier() gave.
 */
int kaesbench_job_init(void)
{
	return netlink_register_notifier(&release_nb);
}

/**
 * kaesbench_job_uninit() - stop any run and wait for its thread to exit
 *
 * Called after the family is unregistered, so no run can start meanwhile.
 */
void kaesbench_job_uninit(void)
{
	netlink_unregister_notifier(&release_nb);
	mutex_lock(&job_mutex);
	reap();
	mutex_unlock(&job_mutex);
}
