// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A run: for each size, a warm-up, then samples, each sent to the
 * requesting socket as soon as it is taken.
 *
 * Without a CPU list the job's own thread measures. With one, a thread
 * bound to each CPU does, each with a transform and requests of its own;
 * the job's thread hands them every step at once and waits until all have
 * done it, so that their samples cover the same time.
 */

#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/random.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/stringify.h>

#include "netlink.h"
#include "run.h"
#include "wait.h"

static int do_step(struct kaesbench_worker *w, const struct kaesbench_step *step)
{
	if (step->prepare)
		return kaesbench_bench_prepare(w->bench, step->size,
					       w->run->stop);
	return kaesbench_bench_measure(w->bench, step->size, step->ms,
				       &w->sample, w->run->stop);
}

/*
 * A CPU taken offline takes a bound thread's binding with it: the thread
 * goes on elsewhere, and its figures would be another CPU's.
 */
static int check_bound(struct kaesbench_worker *w)
{
	if (cpumask_equal(current->cpus_ptr, cpumask_of(w->cpu)))
		return 0;
	snprintf(w->error, sizeof(w->error),
		 "CPU %u went offline during the run", w->cpu);
	return -ENODEV;
}

/*
 * Idle between steps in an interruptible sleep, which kthread_stop()
 * interrupts at once: a run's threads all stop without a wait each.
 */
static int worker_thread(void *data)
{
	struct kaesbench_worker *w = data;
	unsigned long slice = msecs_to_jiffies(KAESBENCH_WAIT_SLICE_MS);

	while (!kthread_should_stop()) {
		if (wait_for_completion_interruptible_timeout(&w->go, slice) <= 0)
			continue;
		w->err = check_bound(w) ?: do_step(w, &w->run->step);
		if (!w->err)
			w->err = check_bound(w);
		complete(&w->done);
	}
	return 0;
}

/*
 * Every step of a worker ends within its duration plus the bounded waits
 * for requests in flight, so the wait for it is bounded as well.
 */
static int step_all(struct kaesbench_run *run, const struct kaesbench_step *step)
{
	struct kaesbench_worker *w;
	int err = 0;
	u32 i;

	if (!run->workers[0].task)
		return do_step(&run->workers[0], step);
	run->step = *step;
	for (i = 0; i < run->nworkers; i++) {
		w = &run->workers[i];
		reinit_completion(&w->done);
		complete(&w->go);
	}
	for (i = 0; i < run->nworkers; i++) {
		w = &run->workers[i];
		while (!kaesbench_wait_slice(&w->done))
			;
		if (w->err && !err)
			err = w->err;
	}
	return err;
}

static int send_samples(struct kaesbench_job *job, struct kaesbench_run *run,
			u32 index)
{
	struct kaesbench_worker *w;
	int err;
	u32 i;

	for (i = 0; i < run->nworkers; i++) {
		w = &run->workers[i];
		w->sample.index = index;
		if (run->params.ncpus)
			w->sample.cpu = run->params.cpus[i];
		err = kaesbench_genl_send_sample(job, &run->params, &w->sample);
		if (err)
			return err;
	}
	return 0;
}

static int measure(struct kaesbench_job *job)
{
	struct kaesbench_run *run = job->work;
	const struct kaesbench_params *p = &run->params;
	struct kaesbench_step step = { };
	u32 i, n;
	int err;

	run->stop = &job->stop;
	/* A fast wrong answer is worse than none: verify before measuring. */
	if (run->verify) {
		err = kaesbench_verify_cases(run->verify, &job->stop);
		if (err) {
			run->verify_failed = err != -EINTR;
			return err;
		}
	}
	for (i = 0; i < p->nsizes; i++) {
		step.size = p->sizes[i];
		step.prepare = true;
		err = step_all(run, &step);
		step.prepare = false;
		step.ms = p->warmup_ms;
		if (!err && p->warmup_ms)
			err = step_all(run, &step);
		step.ms = p->sample_ms;
		for (n = 0; !err && n < p->samples; n++) {
			err = step_all(run, &step);
			if (!err)
				err = send_samples(job, run, n);
		}
		if (err)
			return err;
	}
	return 0;
}

static int put_verify_result(struct sk_buff *skb, void *work)
{
	struct kaesbench_run *run = work;

	return kaesbench_verify_put_result(skb, run->verify);
}

/* The first worker's failure, for the end message. */
static const char *bench_error(const struct kaesbench_run *run)
{
	const char *error;
	u32 i;

	for (i = 0; i < run->nworkers; i++) {
		if (run->workers[i].error[0])
			return run->workers[i].error;
		error = kaesbench_bench_error(run->workers[i].bench);
		if (error[0])
			return error;
	}
	return NULL;
}

static void end(struct kaesbench_job *job, int err)
{
	struct kaesbench_run *run = job->work;
	const char *message;

	if (run->verify_failed) {
		kaesbench_genl_send_end(job, err,
					kaesbench_verify_message(run->verify),
					put_verify_result);
		return;
	}
	switch (err) {
	case 0:
		message = NULL;
		break;
	case -EINTR:
		message = "cancelled";
		break;
	case -EAGAIN:
		message = "the requesting socket stopped reading results";
		break;
	default:
		message = bench_error(run);
		break;
	}
	kaesbench_genl_send_end(job, err, message, NULL);
}

static void destroy(void *work)
{
	struct kaesbench_run *run = work;
	struct kaesbench_worker *w;
	u32 i;

	for (i = 0; i < run->nworkers; i++) {
		w = &run->workers[i];
		if (w->task) {
			kthread_stop(w->task);
			put_task_struct(w->task);
		}
		if (!IS_ERR_OR_NULL(w->bench))
			kaesbench_bench_destroy(w->bench);
	}
	kaesbench_verify_destroy(run->verify);
	kfree(run);
}

const struct kaesbench_job_ops kaesbench_run_ops = {
	.run = measure,
	.end = end,
	.destroy = destroy,
};

/*
 * The exact driver being measured, with the same key length. Without a
 * generic reference (or memory for one) the run goes on unverified, and
 * its reply says so by naming no reference.
 */
static struct kaesbench_verify *
quick_verify(const struct kaesbench_params *params,
	     const struct kaesbench_impl *impl)
{
	struct kaesbench_verify_params vp = {
		.key_bits = params->key_bits,
		.cases = KAESBENCH_QUICK_CASES,
		.seed = get_random_u64(),
	};
	struct kaesbench_impl same;
	struct kaesbench_verify *v;

	strscpy(vp.name, impl->driver_name, sizeof(vp.name));
	v = kaesbench_verify_create(&vp, &same, NULL);
	return IS_ERR(v) ? NULL : v;
}

/* A thread bound to @cpu, waiting for its first step. */
static int start_worker(struct kaesbench_worker *w, unsigned int cpu,
			struct netlink_ext_ack *extack)
{
	struct task_struct *task;

	task = kthread_create_on_node(worker_thread, w, cpu_to_node(cpu),
				      "kaesbench/cpu%u", cpu);
	if (IS_ERR(task)) {
		NL_SET_ERR_MSG(extack, "cannot create a measuring thread");
		return PTR_ERR(task);
	}
	kthread_bind(task, cpu);
	get_task_struct(task);
	w->task = task;
	w->cpu = cpu;
	wake_up_process(task);
	return 0;
}

/* What creating a measurement fills in: each starts from the request. */
struct asked {
	u32 key_bits;
	u32 depth;
	u32 aad_len;
	u32 tag_len;
};

static int create_worker(struct kaesbench_run *run, u32 i,
			 const struct asked *asked, struct kaesbench_impl *impl,
			 struct netlink_ext_ack *extack)
{
	struct kaesbench_worker *w = &run->workers[i];

	w->run = run;
	init_completion(&w->go);
	init_completion(&w->done);
	run->params.key_bits = asked->key_bits;
	run->params.depth = asked->depth;
	run->params.aad_len = asked->aad_len;
	run->params.tag_len = asked->tag_len;
	w->bench = kaesbench_bench_create(&run->params, impl, extack);
	if (IS_ERR(w->bench))
		return PTR_ERR(w->bench);
	if (!run->params.ncpus)
		return 0;
	return start_worker(w, run->params.cpus[i], extack);
}

/**
 * kaesbench_run_create() - set up the measurement a run request asks for
 * @params: the request; copied, defaults filled in
 * @impl: set to the implementation to be measured
 * @extack: why it is refused
 *
 * With a CPU list, starts a thread on each CPU, which waits for the job.
 *
 * Context: process context, may sleep.
 * Return: the run, to be handed to a job with kaesbench_run_ops, or an
 * ERR_PTR with @extack set.
 */
struct kaesbench_run *kaesbench_run_create(const struct kaesbench_params *params,
					   struct kaesbench_impl *impl,
					   struct netlink_ext_ack *extack)
{
	const struct asked asked = {
		.key_bits = params->key_bits,
		.depth = params->depth,
		.aad_len = params->aad_len,
		.tag_len = params->tag_len,
	};
	u32 nworkers = max(params->ncpus, 1U);
	struct kaesbench_run *run;
	int err = 0;
	u32 i;

	run = kzalloc(struct_size(run, workers, nworkers), GFP_KERNEL);
	if (!run)
		return ERR_PTR(-ENOMEM);
	run->params = *params;
	for (i = 0; i < nworkers && !err; i++) {
		run->nworkers = i + 1;
		err = create_worker(run, i, &asked, impl, extack);
		/*
		 * Bounded by the depth the implementation takes, known from
		 * the first: a synchronous one takes a single request.
		 */
		if (!err && !i &&
		    nworkers * run->params.depth > KAESBENCH_MAX_INFLIGHT) {
			NL_SET_ERR_MSG(extack, "CPUs x depth exceeds "
				       __stringify(KAESBENCH_MAX_INFLIGHT)
				       " for this implementation");
			err = -EINVAL;
		}
	}
	if (err) {
		destroy(run);
		return ERR_PTR(err);
	}
	if (!run->params.no_verify)
		run->verify = quick_verify(&run->params, impl);
	return run;
}
