// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Jobs (runs and verifications): one at a time, each in a kernel thread of
 * its own, so that no netlink request waits for one. A job stops when asked
 * to, when the socket that started it closes, and when the module unloads.
 *
 * A thread destroys its work and then returns; the job itself, and the
 * reference to its task, are reaped by whoever comes next (the next job,
 * or module unload) with kthread_stop(), which returns only once the
 * thread has left this module's code. A job counts as in progress until
 * its work is over, not until its thread is gone.
 *
 * Results go to the requesting socket by its port id. Once that socket is
 * closed, the port is free for any other socket, of any user: from then
 * on the job sends nothing (see kaesbench_job_unicast()).
 */

#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/netlink.h>
#include <linux/notifier.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <net/genetlink.h>

#include "job.h"

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
	if (job->task) {
		kthread_stop(job->task);
		put_task_struct(job->task);
	}
	/*
	 * A thread that ran destroyed its work itself. One stopped before it
	 * was first scheduled never runs at all (module unload right after a
	 * start): its job ends here, as cancelled.
	 */
	if (job->work) {
		if (job->started)
			job->ops->end(job, -EINTR);
		job->ops->destroy(job->work);
	}
	put_net(job->net);
	mutex_destroy(&job->send_lock);
	kfree(job);
	current_job = NULL;
}

static int job_thread(void *data)
{
	struct kaesbench_job *job = data;
	int err;

	err = job->ops->run(job);
	/*
	 * Once its end message is out, the tool may start the next job: it is
	 * no longer refused as busy, and waits in reap() for what is left.
	 */
	smp_store_release(&job->ended, true);
	/* A closed socket cannot take the end message; anything else can. */
	if (err != -ECONNREFUSED)
		job->ops->end(job, err);
	job->ops->destroy(job->work);
	job->work = NULL;
	return err;
}

/**
 * kaesbench_job_reserve() - claim the machine for a job
 * @portid: the requesting socket, which gets the results
 * @seq: the request's sequence number, echoed in every result
 * @net: the requesting socket's namespace
 * @extack: why it is refused
 *
 * The caller sets the work up, hands it over with kaesbench_job_prepare(),
 * replies to the request and starts the job with kaesbench_job_start(); or
 * gives up with kaesbench_job_abort().
 *
 * Context: process context, may sleep.
 * Return: the job, or an ERR_PTR: -EBUSY while another job is in progress,
 * -ENOMEM.
 */
struct kaesbench_job *kaesbench_job_reserve(u32 portid, u32 seq,
					    struct net *net,
					    struct netlink_ext_ack *extack)
{
	struct kaesbench_job *job;

	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job)
		return ERR_PTR(-ENOMEM);
	job->portid = portid;
	job->seq = seq;
	mutex_init(&job->send_lock);

	mutex_lock(&job_mutex);
	if (is_running(current_job)) {
		mutex_unlock(&job_mutex);
		mutex_destroy(&job->send_lock);
		kfree(job);
		NL_SET_ERR_MSG(extack, "another run is in progress");
		return ERR_PTR(-EBUSY);
	}
	reap();
	job->id = ++last_id ?: ++last_id;
	job->net = get_net(net);
	current_job = job;
	mutex_unlock(&job_mutex);
	return job;
}

/**
 * kaesbench_job_prepare() - give a reserved job its work and its thread
 * @job: from kaesbench_job_reserve()
 * @ops: what the work is
 * @work: owned by the job from now on, whatever the result
 * @extack: why it failed
 *
 * Return: 0, or the error creating the thread.
 */
int kaesbench_job_prepare(struct kaesbench_job *job,
			  const struct kaesbench_job_ops *ops, void *work,
			  struct netlink_ext_ack *extack)
{
	struct task_struct *task;

	job->ops = ops;
	job->work = work;
	task = kthread_create(job_thread, job, "kaesbench/%u", job->id);
	if (IS_ERR(task)) {
		NL_SET_ERR_MSG(extack, "cannot create the job's thread");
		return PTR_ERR(task);
	}
	get_task_struct(task);
	job->task = task;
	return 0;
}

/**
 * kaesbench_job_start() - start a job from kaesbench_job_prepare()
 * @job: the job
 */
void kaesbench_job_start(struct kaesbench_job *job)
{
	job->started = true;
	wake_up_process(job->task);
}

/**
 * kaesbench_job_abort() - drop a reserved job without starting it
 * @job: the job; its work, if it was given one, is destroyed
 */
void kaesbench_job_abort(struct kaesbench_job *job)
{
	mutex_lock(&job_mutex);
	if (current_job == job)
		reap();
	mutex_unlock(&job_mutex);
}

/**
 * kaesbench_job_cancel() - tell the job in progress to stop
 * @id: its id
 *
 * Return: 0, or -ESRCH if no job @id is in progress.
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

/**
 * kaesbench_job_unicast() - send a message to the job's socket
 * @job: the job
 * @skb: the message; consumed
 *
 * Nothing is sent once the socket is closed: its port may belong to
 * another socket by then. The release notifier marks the job orphaned
 * under the same lock, before the close returns, so a message reaches the
 * port while the requesting socket holds it, or not at all. (A message
 * sent in the instant between the socket leaving its port and the
 * notifier finds no socket there, unless another one binds that port in
 * the same instant.)
 *
 * Context: process context, may sleep.
 * Return: 0; -ECONNREFUSED when the socket is gone; -EAGAIN when its
 * receive buffer is full.
 */
int kaesbench_job_unicast(struct kaesbench_job *job, struct sk_buff *skb)
{
	int err;

	mutex_lock(&job->send_lock);
	if (job->orphaned) {
		nlmsg_free(skb);
		err = -ECONNREFUSED;
	} else {
		err = genlmsg_unicast(job->net, skb, job->portid);
	}
	mutex_unlock(&job->send_lock);
	return err;
}

/*
 * A job whose socket closes (Ctrl-C, kill -9) has nobody to report to: it
 * stops, and sends nothing more, not even its end, which may still be on
 * its way after the work is over.
 */
static int release_notify(struct notifier_block *nb, unsigned long event,
			  void *ptr)
{
	struct netlink_notify *n = ptr;
	struct kaesbench_job *job;

	if (event != NETLINK_URELEASE || n->protocol != NETLINK_GENERIC)
		return NOTIFY_DONE;
	mutex_lock(&job_mutex);
	job = current_job;
	if (job && job->portid == n->portid && net_eq(job->net, n->net)) {
		mutex_lock(&job->send_lock);
		job->orphaned = true;
		mutex_unlock(&job->send_lock);
		stop(job);
	}
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
 * kaesbench_job_uninit() - stop any job and wait for its thread to exit
 *
 * Called after the family is unregistered, so no job can start meanwhile.
 */
void kaesbench_job_uninit(void)
{
	netlink_unregister_notifier(&release_nb);
	mutex_lock(&job_mutex);
	reap();
	mutex_unlock(&job_mutex);
}
