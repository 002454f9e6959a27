// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Jobs (runs and verifications): one at a time, each in a kernel thread of
 * its own, so that no netlink request waits for one. The request only
 * reserves the machine, or a place in the queue behind the job in
 * progress, and creates the thread; the thread waits for its turn if it
 * must, sets the work up (transforms, buffers, measuring threads), says
 * that it started or why it was refused, works, reports how it ended and
 * frees what it had.
 *
 * The thread holds a reference to this module from the request on, put
 * by module_put_and_kthread_exit() once it has left the module's code: the
 * module cannot be unloaded while a job's thread may still return into
 * it (a driver call can take as long as the driver likes). rmmod during a
 * job therefore fails as "in use"; stopping the tool stops the job.
 *
 * No lock here is held across anything that waits for a driver or a
 * thread: jobs_lock guards a pointer and two lists, and the send lock only
 * a non-blocking unicast. A job waiting for its turn sleeps in its own
 * thread, never in the request, which runs under generic netlink's
 * cb_lock.
 *
 * Results go to the requesting socket by its port id, and only the job
 * sends them. Once that socket is closed, the port is free for any other
 * socket, of any user: from then on the job sends nothing (see unicast()).
 */

#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/math64.h>
#include <linux/memcontrol.h>
#include <linux/module.h>
#include <linux/netlink.h>
#include <linux/notifier.h>
#include <linux/sched/mm.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stringify.h>
#include <linux/wait.h>
#include <net/genetlink.h>

#include "givenup.h"
#include "job.h"

/* How long a job waits for its socket to take a message, at most. */
#define SEND_PATIENCE_MS 10000
#define SEND_RETRY_MS 10

static DEFINE_SPINLOCK(jobs_lock);
/* Under jobs_lock: every job whose thread has not ended, */
static LIST_HEAD(jobs);
/* the one whose work is in progress, if any, */
static struct kaesbench_job *busy;
/* those waiting for their turn, first come first, and how many, */
static LIST_HEAD(queue);
static unsigned int nqueued;
/* how often any of that changed, for the waiting (turn_wq), */
static unsigned long turn_changes;
/* and the last id given. */
static u32 last_id;

static DECLARE_WAIT_QUEUE_HEAD(turn_wq);

/* Under jobs_lock: tells the waiting jobs to look again. */
static void turn_changed(void)
{
	WRITE_ONCE(turn_changes, turn_changes + 1);
	wake_up_all(&turn_wq);
}

/* Under jobs_lock: the job no longer waits, whether its turn came or not. */
static void dequeue(struct kaesbench_job *job)
{
	if (list_empty(&job->queued))
		return;
	list_del_init(&job->queued);
	nqueued--;
	turn_changed();
}

/* Under jobs_lock: the job's work is over, or it never began. */
static void unbusy(struct kaesbench_job *job)
{
	if (busy != job)
		return;
	busy = NULL;
	turn_changed();
}

static void release(struct kref *ref)
{
	struct kaesbench_job *job = container_of(ref, struct kaesbench_job,
						 ref);

	mutex_destroy(&job->send_lock);
	kfree(job);
}

/* The work is over: the next job may start while this one tidies up. */
static void work_over(struct kaesbench_job *job)
{
	spin_lock(&jobs_lock);
	unbusy(job);
	spin_unlock(&jobs_lock);
}

static void unlist(struct kaesbench_job *job)
{
	spin_lock(&jobs_lock);
	list_del(&job->node);
	dequeue(job);
	unbusy(job);
	spin_unlock(&jobs_lock);
}

/*
 * Sends a message to the job's socket.
 * @job: the job
 * @skb: the message; consumed
 *
 * Nothing is sent once the socket is closed: its port may belong to
 * another socket by then. The release notifier marks the job orphaned and
 * then waits for a send in progress, before the close returns, so a
 * message reaches the port while the requesting socket holds it, or not at
 * all. (A message sent in the instant between the socket leaving its port
 * and the notifier finds no socket there, unless another one binds that
 * port in the same instant.)
 * Returns 0; -ECONNREFUSED when the socket is gone; -EAGAIN when its
 * receive buffer is full.
 */
static int unicast(struct kaesbench_job *job, struct sk_buff *skb)
{
	int err;

	mutex_lock(&job->send_lock);
	if (READ_ONCE(job->orphaned)) {
		nlmsg_free(skb);
		err = -ECONNREFUSED;
	} else {
		err = genlmsg_unicast(&init_net, skb, job->portid);
	}
	mutex_unlock(&job->send_lock);
	return err;
}

static struct sk_buff *new_message(const struct kaesbench_job *job, u8 cmd,
				   void **hdr)
{
	struct sk_buff *skb = genlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);

	if (!skb)
		return NULL;
	*hdr = genlmsg_put(skb, job->portid, job->seq, job->family, 0, cmd);
	if (!*hdr || nla_put_u32(skb, KAESBENCH_A_RUN_ID, job->id)) {
		nlmsg_free(skb);
		return NULL;
	}
	return skb;
}

static int put_u64(struct sk_buff *skb, int attr, u64 value)
{
	return nla_put_u64_64bit(skb, attr, value, KAESBENCH_A_PAD);
}

static u64 ms_since(u64 ns)
{
	return div_u64(ktime_get_ns() - ns, NSEC_PER_MSEC);
}

/* How long a job that was queued waited for its turn. */
static int put_waited(struct sk_buff *skb, const struct kaesbench_job *job)
{
	if (!job->turn.wait_ms || job->began_ns == job->queued_ns)
		return 0;
	return put_u64(skb, KAESBENCH_A_RUN_WAITED_MS,
		       div_u64((job->began_ns ?: ktime_get_ns()) -
			       job->queued_ns, NSEC_PER_MSEC));
}

/*
 * The job started: in place of the reply its request got an ack for,
 * what the job's put_started() says of it.
 */
static int send_started(struct kaesbench_job *job)
{
	struct sk_buff *skb;
	void *hdr;

	skb = new_message(job, job->ops->cmd, &hdr);
	if (!skb)
		return -ENOMEM;
	if (job->ops->put_started(skb, job) || put_waited(skb, job) ||
	    kaesbench_notice_put(skb)) {
		nlmsg_free(skb);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	return unicast(job, skb);
}

/*
 * The job could not be set up: a KAESBENCH_CMD_RUN_END with
 * KAESBENCH_A_RUN_REFUSED, saying what a request refused at once would
 * have had as its error and extack message.
 */
static void send_refusal(struct kaesbench_job *job, int err)
{
	struct sk_buff *skb;
	void *hdr;

	skb = new_message(job, KAESBENCH_CMD_RUN_END, &hdr);
	if (!skb)
		return;
	if (nla_put_s32(skb, KAESBENCH_A_RUN_STATUS, err) ||
	    (job->message[0] &&
	     nla_put_string(skb, KAESBENCH_A_RUN_MESSAGE, job->message)) ||
	    nla_put_flag(skb, KAESBENCH_A_RUN_REFUSED) ||
	    put_waited(skb, job) || kaesbench_notice_put(skb)) {
		nlmsg_free(skb);
		return;
	}
	genlmsg_end(skb, hdr);
	unicast(job, skb);
}

/*
 * Sends a message built by @put, waiting while the socket is full: up to
 * SEND_PATIENCE_MS and, with @heed_stop, only as long as the job is not
 * stopped. The tool asks for NETLINK_NO_ENOBUFS, so that a full socket is
 * not an error to it.
 */
static int send_waiting(struct kaesbench_job *job, u8 cmd,
			int (*put)(struct sk_buff *skb, const void *arg),
			const void *arg, bool heed_stop)
{
	unsigned int waited_ms = 0;
	struct sk_buff *skb;
	void *hdr;
	int err;

	for (;;) {
		skb = new_message(job, cmd, &hdr);
		if (!skb)
			return -ENOMEM;
		if (put(skb, arg)) {
			nlmsg_free(skb);
			return -EMSGSIZE;
		}
		genlmsg_end(skb, hdr);
		err = unicast(job, skb);
		if (err != -EAGAIN || waited_ms >= SEND_PATIENCE_MS ||
		    (heed_stop && READ_ONCE(job->stop)))
			return err;
		msleep(SEND_RETRY_MS);
		waited_ms += SEND_RETRY_MS;
	}
}

/**
 * kaesbench_job_send_patiently() - send a message, waiting for room
 * @job: the job
 * @cmd: the message's command
 * @put: adds its attributes to a message holding the job's id
 * @arg: for @put
 *
 * A socket that is full (a run on many CPUs sends a sample per CPU at
 * once) is waited for, up to SEND_PATIENCE_MS and as long as the job is
 * not stopped.
 *
 * Context: process context, may sleep.
 * Return: 0; -ECONNREFUSED when the socket is gone; -EAGAIN when it
 * took nothing for SEND_PATIENCE_MS (the tool stopped reading); -ENOMEM;
 * -EMSGSIZE.
 */
int kaesbench_job_send_patiently(struct kaesbench_job *job, u8 cmd,
				 int (*put)(struct sk_buff *skb, const void *arg),
				 const void *arg)
{
	return send_waiting(job, cmd, put, arg, true);
}

/* What an end message says. */
struct end {
	const struct kaesbench_job *job;
	int status;
	const char *message;
	int (*put_extra)(struct sk_buff *skb, void *work);
};

static int put_end(struct sk_buff *skb, const void *arg)
{
	const struct end *e = arg;

	return nla_put_s32(skb, KAESBENCH_A_RUN_STATUS, e->status) ||
	       (e->message && e->message[0] &&
		nla_put_string(skb, KAESBENCH_A_RUN_MESSAGE, e->message)) ||
	       (e->put_extra && e->put_extra(skb, e->job->work)) ||
	       kaesbench_notice_put(skb);
}

/**
 * kaesbench_job_send_end() - tell a job's socket that the job is over
 * @job: the job
 * @status: 0, or the negative errno that ended it
 * @message: what went wrong, or NULL
 * @put_extra: adds what the kind of job reports at its end, or NULL
 *
 * After the last samples the socket may still be full: the end waits for
 * room like them, stopped or not.
 */
void kaesbench_job_send_end(struct kaesbench_job *job, int status,
			    const char *message,
			    int (*put_extra)(struct sk_buff *skb, void *work))
{
	const struct end e = {
		.job = job,
		.status = status,
		.message = message,
		.put_extra = put_extra,
	};

	send_waiting(job, KAESBENCH_CMD_RUN_END, put_end, &e, false);
}

/* What a waiting job tells its socket of the job ahead of it. */
struct ahead {
	u32 id;			/* 0: none in progress, the next one taking over */
	u8 cmd;
	pid_t pid;
	char comm[TASK_COMM_LEN];
	u64 elapsed_ms;
	u64 stated_ms;
	bool stopping;
	u32 count;		/* jobs ahead of the waiting one, it included */
};

/*
 * Under jobs_lock: gives @job its turn if it has come (nothing in progress
 * and @job first in the queue); if not, says in @a who is ahead.
 */
static bool take_turn(struct kaesbench_job *job, struct ahead *a)
{
	struct kaesbench_job *j;

	if (!busy && list_first_entry(&queue, struct kaesbench_job,
				      queued) == job) {
		dequeue(job);
		busy = job;
		job->began_ns = ktime_get_ns();
		return true;
	}
	memset(a, 0, sizeof(*a));
	a->count = !!busy;
	list_for_each_entry(j, &queue, queued) {
		if (j == job)
			break;
		a->count++;
	}
	if (busy) {
		a->id = busy->id;
		a->cmd = busy->ops->cmd;
		a->pid = busy->pid;
		memcpy(a->comm, busy->comm, sizeof(a->comm));
		a->elapsed_ms = ms_since(busy->began_ns);
		a->stated_ms = busy->turn.stated_ms;
		a->stopping = READ_ONCE(busy->stop);
	}
	return false;
}

/* Whether @job has waited as long as it may, with @a ahead of it. */
static bool waited_enough(const struct kaesbench_job *job,
			  const struct ahead *a)
{
	u64 waited_ms = ms_since(job->queued_ns);

	if (job->turn.wait_ms != KAESBENCH_WAIT_AS_NEEDED)
		return waited_ms >= job->turn.wait_ms;
	if (waited_ms >= KAESBENCH_MAX_WAIT_MS)
		return true;
	/* A verification states no duration: it stops after an hour. */
	return a->id && a->elapsed_ms > (a->stated_ms ?: KAESBENCH_MAX_RUN_MS) +
					KAESBENCH_WAIT_MARGIN_MS;
}

static const char *job_kind(u8 cmd)
{
	return cmd == KAESBENCH_CMD_VERIFY ? "verification" : "run";
}

/* Why @job stopped waiting without its turn, in its message. */
static int not_waiting(struct kaesbench_job *job, const struct ahead *a)
{
	if (READ_ONCE(job->stop)) {
		strscpy(job->message, "cancelled while waiting for its turn",
			sizeof(job->message));
		return -EINTR;
	}
	if (!a->id)
		snprintf(job->message, sizeof(job->message),
			 "waited %llu s for its turn", ms_since(job->queued_ns) /
			 MSEC_PER_SEC);
	else if (job->turn.wait_ms == KAESBENCH_WAIT_AS_NEEDED)
		snprintf(job->message, sizeof(job->message),
			 "%s %u (pid %d, %s) has been in progress for %llu s, more than its stated %llu s and %u s to spare",
			 job_kind(a->cmd), a->id, a->pid, a->comm,
			 a->elapsed_ms / MSEC_PER_SEC,
			 (a->stated_ms ?: KAESBENCH_MAX_RUN_MS) / MSEC_PER_SEC,
			 (u32)(KAESBENCH_WAIT_MARGIN_MS / MSEC_PER_SEC));
	else
		snprintf(job->message, sizeof(job->message),
			 "waited %llu s for %s %u (pid %d, %s), still %s",
			 ms_since(job->queued_ns) / MSEC_PER_SEC,
			 job_kind(a->cmd), a->id, a->pid, a->comm,
			 a->stopping ? "stopping" : "in progress");
	return -EBUSY;
}

static int put_ahead(struct sk_buff *skb, const void *arg)
{
	const struct ahead *a = arg;
	struct nlattr *nest;

	nest = nla_nest_start(skb, KAESBENCH_A_WAIT);
	if (!nest ||
	    nla_put_u32(skb, KAESBENCH_WAIT_A_JOB_ID, a->id) ||
	    nla_put_u32(skb, KAESBENCH_WAIT_A_CMD, a->cmd) ||
	    nla_put_u32(skb, KAESBENCH_WAIT_A_PID, a->pid) ||
	    nla_put_string(skb, KAESBENCH_WAIT_A_COMM, a->comm) ||
	    nla_put_u64_64bit(skb, KAESBENCH_WAIT_A_ELAPSED_MS, a->elapsed_ms,
			      KAESBENCH_WAIT_A_PAD) ||
	    (a->stated_ms &&
	     nla_put_u64_64bit(skb, KAESBENCH_WAIT_A_STATED_MS, a->stated_ms,
			       KAESBENCH_WAIT_A_PAD)) ||
	    (a->stopping && nla_put_flag(skb, KAESBENCH_WAIT_A_STOPPING)) ||
	    nla_put_u32(skb, KAESBENCH_WAIT_A_AHEAD, a->count))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* Sleeps up to a slice, or until the queue changes or @job is stopped. */
static void wait_change(struct kaesbench_job *job, unsigned long seen)
{
	unsigned long slice = msecs_to_jiffies(KAESBENCH_TURN_SLICE_MS);
	long ret;

	/* Interruptible, so that a long wait counts as no load. */
	ret = wait_event_interruptible_timeout(turn_wq,
					       READ_ONCE(turn_changes) != seen ||
					       READ_ONCE(job->stop), slice);
	if (ret == -ERESTARTSYS)
		wait_event_timeout(turn_wq, READ_ONCE(turn_changes) != seen ||
				   READ_ONCE(job->stop), slice);
}

/*
 * A job queued behind another waits here, in its own thread, for its
 * turn: until nothing is in progress and it is first in the queue, it is
 * stopped (its socket closed, a cancel), or it has waited as long as it
 * may. Its socket hears who it waits for whenever that changes.
 * Return: 0 once its turn came (it is busy), else why not, said in its
 * message.
 */
static int wait_turn(struct kaesbench_job *job)
{
	struct ahead a, told = {};
	unsigned long seen;
	bool enough;

	for (;;) {
		spin_lock(&jobs_lock);
		if (list_empty(&job->queued)) {	/* never queued */
			spin_unlock(&jobs_lock);
			return 0;
		}
		seen = turn_changes;
		if (take_turn(job, &a)) {
			spin_unlock(&jobs_lock);
			return 0;
		}
		enough = READ_ONCE(job->stop) || waited_enough(job, &a);
		if (enough)
			dequeue(job);
		spin_unlock(&jobs_lock);
		if (enough)
			return not_waiting(job, &a);
		if (a.id && (a.id != told.id || a.stopping != told.stopping ||
			     a.count != told.count)) {
			/* Nobody to tell once the socket is gone: it stops. */
			send_waiting(job, KAESBENCH_CMD_RUN_WAIT, put_ahead, &a,
				     true);
			told = a;
		}
		wait_change(job, seen);
	}
}

/* What a job that waited its turn finds may have changed meanwhile. */
static int still_allowed(struct kaesbench_job *job)
{
	if (!kaesbench_given_up_full())
		return 0;
	strscpy(job->message, KAESBENCH_GIVEN_UP_FULL, sizeof(job->message));
	return -EBUSY;
}

static int job_thread(void *data)
{
	struct kaesbench_job *job = data;
	struct mem_cgroup *old;
	int err;

	old = set_active_memcg(job->memcg);
	err = wait_turn(job) ?: still_allowed(job) ?: job->ops->setup(job);
	if (err) {
		work_over(job);
		send_refusal(job, err);
	} else {
		err = send_started(job);
		if (!err)
			err = job->ops->run(job);
		work_over(job);
		/* A closed socket cannot take the end message. */
		if (err != -ECONNREFUSED)
			job->ops->end(job, err);
	}
	job->ops->destroy(job, job->work);
	set_active_memcg(old);
	if (!job->keep_memcg)
		mem_cgroup_put(job->memcg);
	unlist(job);
	kref_put(&job->ref, release);
	module_put_and_kthread_exit(0);
}

/* A job for the requester, not yet listed: NULL without memory. */
static struct kaesbench_job *new_job(const struct genl_family *family,
				     const struct genl_info *info,
				     const struct kaesbench_job_ops *ops,
				     void *work,
				     const struct kaesbench_job_turn *turn)
{
	struct kaesbench_job *job;

	job = kzalloc(sizeof(*job), GFP_KERNEL_ACCOUNT);
	if (!job)
		return NULL;
	kref_init(&job->ref);
	mutex_init(&job->send_lock);
	INIT_LIST_HEAD(&job->queued);
	job->family = family;
	job->portid = info->snd_portid;
	job->seq = info->snd_seq;
	job->ops = ops;
	job->work = work;
	job->pid = task_tgid_nr(current);
	get_task_comm(job->comm, current);
	job->turn = *turn;
	job->queued_ns = ktime_get_ns();
	return job;
}

/*
 * The machine claimed for @job, or its place in the queue when @turn lets
 * it wait; then it is listed, with its id. Return: 0, or -EBUSY.
 */
static int enlist(struct kaesbench_job *job,
		  const struct kaesbench_job_turn *turn,
		  struct netlink_ext_ack *extack)
{
	bool idle;

	spin_lock(&jobs_lock);
	idle = !busy && list_empty(&queue);
	if (!idle && (!turn->wait_ms || nqueued >= KAESBENCH_MAX_WAITING)) {
		spin_unlock(&jobs_lock);
		if (turn->wait_ms)
			NL_SET_ERR_MSG(extack,
				       "another run is in progress and "
				       __stringify(KAESBENCH_MAX_WAITING)
				       " more wait for their turn");
		else
			NL_SET_ERR_MSG(extack, "another run is in progress");
		return -EBUSY;
	}
	if (idle) {
		busy = job;
		job->began_ns = job->queued_ns;
	} else {
		list_add_tail(&job->queued, &queue);
		nqueued++;
	}
	job->id = ++last_id ?: ++last_id;
	list_add_tail(&job->node, &jobs);
	spin_unlock(&jobs_lock);
	return 0;
}

/**
 * kaesbench_job_start() - claim the machine and start a job's thread
 * @family: of the job's messages
 * @info: the request; its socket gets the results, with its sequence
 *	  number, and its extack says why it is refused
 * @ops: what the work is
 * @work: the request, owned by the job from now on whatever the result
 * @turn: how long it may wait for its turn, and how long it says it takes
 *
 * Called from the request, in the requester's context: the job's memory
 * is charged to the requester's memory cgroup. While another job is in
 * progress, or others wait, the job joins the queue if @turn lets it
 * wait, and its thread waits for its turn (wait_turn()). The thread's
 * first message says whether the work could be set up.
 *
 * Context: process context, may sleep (briefly: it creates a thread).
 * Return: 0, or -EBUSY while another job is in progress and this one may
 * not wait or KAESBENCH_MAX_WAITING wait already, -ENODEV while the
 * module unloads, -ENOMEM, or the error creating the thread.
 */
int kaesbench_job_start(const struct genl_family *family,
			const struct genl_info *info,
			const struct kaesbench_job_ops *ops, void *work,
			const struct kaesbench_job_turn *turn)
{
	struct netlink_ext_ack *extack = info->extack;
	struct task_struct *task;
	struct kaesbench_job *job;
	int err;

	if (!try_module_get(THIS_MODULE)) {
		NL_SET_ERR_MSG(extack, "kaesbench is being unloaded");
		err = -ENODEV;
		goto err_work;
	}
	job = new_job(family, info, ops, work, turn);
	if (!job) {
		err = -ENOMEM;
		goto err_module;
	}
	err = enlist(job, turn, extack);
	if (err)
		goto err_job;

	job->memcg = get_mem_cgroup_from_mm(current->mm);
	task = kthread_create(job_thread, job, "kaesbench/%u", job->id);
	if (IS_ERR(task)) {
		NL_SET_ERR_MSG(extack, "cannot create the job's thread");
		err = PTR_ERR(task);
		unlist(job);
		mem_cgroup_put(job->memcg);
		goto err_job;
	}
	wake_up_process(task);
	return 0;

err_job:
	kref_put(&job->ref, release);
err_module:
	module_put(THIS_MODULE);
err_work:
	ops->destroy(NULL, work);
	return err;
}

/* Under jobs_lock: job @id if it is in progress or waits for its turn. */
static struct kaesbench_job *find_job(u32 id)
{
	struct kaesbench_job *job;

	list_for_each_entry(job, &jobs, node) {
		if (job->id == id)
			return job == busy || !list_empty(&job->queued) ?
			       job : NULL;
	}
	return NULL;
}

/**
 * kaesbench_job_cancel() - tell a job in progress, or waiting, to stop
 * @id: its id
 * @portid: the socket asking
 * @privileged: whether the asker may stop another socket's job
 *
 * Return: 0; -EPERM if the asker may not stop job @id (told before
 * whether it exists); -ESRCH if no job @id is in progress or waiting.
 */
int kaesbench_job_cancel(u32 id, u32 portid, bool privileged)
{
	struct kaesbench_job *job;
	int err = 0;

	spin_lock(&jobs_lock);
	job = find_job(id);
	if (!privileged && (!job || job->portid != portid)) {
		err = -EPERM;
	} else if (!job) {
		err = -ESRCH;
	} else {
		WRITE_ONCE(job->stop, true);
		turn_changed();
	}
	spin_unlock(&jobs_lock);
	return err;
}

/* The next live job of @portid not yet orphaned, with a reference. */
static struct kaesbench_job *orphan_next(u32 portid)
{
	struct kaesbench_job *job;

	spin_lock(&jobs_lock);
	list_for_each_entry(job, &jobs, node) {
		if (job->portid == portid && !job->orphaned) {
			WRITE_ONCE(job->orphaned, true);
			WRITE_ONCE(job->stop, true);
			turn_changed();
			kref_get(&job->ref);
			spin_unlock(&jobs_lock);
			return job;
		}
	}
	spin_unlock(&jobs_lock);
	return NULL;
}

/*
 * A job whose socket closes (Ctrl-C, kill -9) has nobody to report to: it
 * stops, and sends nothing more, not even its end, which may still be on
 * its way after the work is over. Called on every generic netlink socket
 * release of the machine: it waits for nothing but a send in progress.
 */
static int release_notify(struct notifier_block *nb, unsigned long event,
			  void *ptr)
{
	struct netlink_notify *n = ptr;
	struct kaesbench_job *job;

	if (event != NETLINK_URELEASE || n->protocol != NETLINK_GENERIC ||
	    !net_eq(n->net, &init_net))
		return NOTIFY_DONE;
	while ((job = orphan_next(n->portid))) {
		mutex_lock(&job->send_lock);
		mutex_unlock(&job->send_lock);
		kref_put(&job->ref, release);
	}
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
 * kaesbench_job_uninit() - stop watching
 *
 * Called after the family is unregistered. No job is left: each job's
 * thread holds a reference to the module until it has ended.
 */
void kaesbench_job_uninit(void)
{
	netlink_unregister_notifier(&release_nb);
	WARN_ON(!list_empty(&jobs));
}
