// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A run: for each size, a warm-up, then samples, each sent to the
 * requesting socket as soon as it is taken.
 *
 * Measuring threads make every driver call (worker.c): one, unbound,
 * without a CPU list; with one, a thread bound to each CPU, each with a
 * transform and requests of its own. The job's thread hands them every
 * step at once and waits, within a bound, until all have done it, so that
 * their samples cover the same time. Each thread sets its own measurement
 * up, so that its memory is allocated where it runs.
 */

#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/mm.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/stringify.h>
#include <net/netlink.h>

#include "givenup.h"
#include "run.h"
#include "verify.h"
#include "worker.h"

/* What every measuring thread does next. */
struct step {
	bool prepare;		/* else measure for @ms */
	u32 size;
	u32 ms;
};

/*
 * A measuring thread and what it works on, all its own: if it is stuck in
 * a driver call, it outlives the run.
 */
struct measurer {
	struct kaesbench_worker w;	/* first: freed as the worker */
	struct kaesbench_params params;	/* with the defaults its setup used */
	struct kaesbench_impl impl;
	struct kaesbench_bench *bench;
	/* Its own, on its CPU, when the run verifies first. */
	struct kaesbench_verify *verify;
	bool verifies;
	bool must_verify;		/* the first does: so must this one */
	const char *refusal;		/* why setting up failed */
	int cpu;			/* bound to, or -1 */
	struct step step;
	struct kaesbench_sample sample;
	char error[48];			/* why it failed, if not its bench */
};

/* The work of a KAESBENCH_CMD_RUN job. */
struct kaesbench_run {
	struct kaesbench_params params;	/* then with the defaults used */
	struct kaesbench_impl impl;
	bool verify_failed;
	u64 bytes;			/* all its threads hold */
	u32 nworkers;
	struct kaesbench_worker *workers[];	/* NULL: not started, or lost */
};

static_assert(offsetof(struct measurer, w) == 0);

static struct measurer *measurer_of(struct kaesbench_worker *w)
{
	return container_of(w, struct measurer, w);
}

static struct measurer *first(const struct kaesbench_run *run)
{
	return run->workers[0] ? measurer_of(run->workers[0]) : NULL;
}

/*
 * The exact driver being measured, with the same key length. Without a
 * reference (or memory for one) the run goes on unverified, and
 * its start message says so by naming no reference.
 */
static struct kaesbench_verify *quick_verify(const struct measurer *m)
{
	struct kaesbench_verify_params vp = {
		.key_bits = m->params.key_bits,
		.cases = KAESBENCH_QUICK_CASES,
		.depth = m->params.depth,
		.context = m->params.context,
		.seed = get_random_u64(),
		.cpu = m->cpu,
	};
	struct kaesbench_impl same;
	struct kaesbench_verify *v;

	strscpy(vp.name, m->impl.driver_name, sizeof(vp.name));
	v = kaesbench_verify_create(&vp, &same, NULL);
	return IS_ERR(v) ? NULL : v;
}

static int setup_step(struct kaesbench_worker *w)
{
	struct measurer *m = measurer_of(w);
	struct netlink_ext_ack ext = {};
	int err;

	err = kaesbench_worker_may_open(w, m->params.name);
	if (err)
		return err;
	m->bench = kaesbench_bench_create(&m->params, &m->impl, &ext);
	if (IS_ERR(m->bench)) {
		m->refusal = ext._msg;
		return PTR_ERR(m->bench);
	}
	/* Stopped, or lost and back: no more calls to that driver. */
	if (kaesbench_stopping(&w->watch))
		return -EINTR;
	kaesbench_worker_opened(w, m->impl.driver_name,
				kaesbench_bench_bytes(m->bench));
	if (m->verifies) {
		m->verify = quick_verify(m);
		if (m->verify) {
			w->bytes += kaesbench_verify_bytes(m->verify);
		} else if (m->must_verify) {
			m->refusal = "cannot set up the verification on every CPU";
			return -ENOMEM;
		}
	}
	return 0;
}

static int verify_step(struct kaesbench_worker *w)
{
	return kaesbench_verify_cases(measurer_of(w)->verify, &w->watch);
}

/*
 * A CPU taken offline takes a bound thread's binding with it: the thread
 * goes on elsewhere, and its figures would be another CPU's.
 */
static int check_bound(struct measurer *m)
{
	if (m->cpu < 0 || cpumask_equal(current->cpus_ptr, cpumask_of(m->cpu)))
		return 0;
	snprintf(m->error, sizeof(m->error), "CPU %d went offline during the run",
		 m->cpu);
	return -ENODEV;
}

static int measure_step(struct kaesbench_worker *w)
{
	struct measurer *m = measurer_of(w);
	int err;

	err = check_bound(m);
	if (err)
		return err;
	if (m->step.prepare)
		err = kaesbench_bench_prepare(m->bench, m->step.size, &w->watch);
	else
		err = kaesbench_bench_measure(m->bench, m->step.size, m->step.ms,
					      &m->sample, &w->watch);
	return err ?: check_bound(m);
}

static void teardown(struct kaesbench_worker *w)
{
	struct measurer *m = measurer_of(w);

	if (!IS_ERR_OR_NULL(m->bench))
		kaesbench_bench_destroy(m->bench);
	m->bench = NULL;
	kaesbench_verify_destroy(m->verify);
	m->verify = NULL;
}

static int add_measurer(struct kaesbench_job *job, struct kaesbench_run *run,
			u32 i)
{
	struct measurer *m;
	int err;

	m = kzalloc(sizeof(*m), GFP_KERNEL_ACCOUNT);
	if (!m)
		return -ENOMEM;
	m->w.teardown = teardown;
	m->params = run->params;
	/*
	 * The others open what the first was handed, by its driver name:
	 * by algorithm, the crypto API might hand them another.
	 */
	if (i) {
		strscpy(m->params.name, first(run)->impl.driver_name,
			sizeof(m->params.name));
		m->params.by_alg = false;
	}
	/* The first without a reference: the run goes on unverified. */
	m->verifies = !run->params.no_verify && (!i || first(run)->verify);
	m->must_verify = i && m->verifies;
	m->cpu = run->params.ncpus ? run->params.cpus[i] : -1;
	err = kaesbench_worker_start(&m->w, job, m->cpu);
	if (err) {
		kfree(m);
		return err;
	}
	run->workers[i] = &m->w;
	return 0;
}

/* Why setting up thread @m (NULL: none started) failed, in the message. */
static int refused(struct kaesbench_job *job, struct measurer *m, int err)
{
	char driver[CRYPTO_MAX_ALG_NAME];

	if (job->message[0])		/* a thread lost: said already */
		return err;
	if (m && m->refusal) {
		strscpy(job->message, m->refusal, sizeof(job->message));
	} else if (m && err == -EBUSY) {
		kaesbench_worker_driver(&m->w, driver, sizeof(driver));
		kaesbench_given_up_refusal(job->message, sizeof(job->message),
					   driver);
	} else if (err == -EINTR) {
		strscpy(job->message, "cancelled", sizeof(job->message));
	} else {
		strscpy(job->message, "cannot start a measuring thread",
			sizeof(job->message));
	}
	return err;
}

/* The thread whose setup failed with a reason, else the first. */
static struct measurer *refusing(const struct kaesbench_run *run)
{
	u32 i;

	for (i = 0; i < run->nworkers; i++) {
		if (run->workers[i] && measurer_of(run->workers[i])->refusal)
			return measurer_of(run->workers[i]);
	}
	return first(run);
}

/*
 * What the first thread found, checked before the others are set up: the
 * depth it takes (1 if synchronous) and what it holds, verification
 * included, are every thread's. (Each thread refuses a driver with a
 * request given up as it opens it: kaesbench_worker_resolved().)
 */
static int check_first(struct kaesbench_job *job, struct kaesbench_run *run)
{
	struct measurer *m = first(run);

	return kaesbench_workers_fit(job, run->nworkers, m->params.depth,
				     m->w.bytes, "the run");
}

/*
 * Sets up the first thread, which learns the depth the implementation
 * takes, and then the others together.
 */
static int setup(struct kaesbench_job *job)
{
	struct kaesbench_run *run = job->work;
	int err;
	u32 i;

	err = add_measurer(job, run, 0);
	if (!err)
		err = kaesbench_worker_steps(job, run->workers, 1, setup_step,
					     KAESBENCH_SETUP_TIMEOUT_MS);
	if (!err)
		err = check_first(job, run);
	for (i = 1; !err && i < run->nworkers; i++)
		err = add_measurer(job, run, i);
	if (!err)
		err = kaesbench_worker_steps(job, run->workers + 1,
					     run->nworkers - 1, setup_step,
					     KAESBENCH_SETUP_TIMEOUT_MS);
	if (err)
		return refused(job, refusing(run), err);
	for (i = 0; i < run->nworkers; i++)
		run->bytes += run->workers[i]->bytes;
	run->params = first(run)->params;
	run->impl = first(run)->impl;
	return 0;
}

static int put_u64(struct sk_buff *skb, int attr, u64 value)
{
	return nla_put_u64_64bit(skb, attr, value, KAESBENCH_A_PAD);
}

static int put_started(struct sk_buff *skb, struct kaesbench_job *job)
{
	struct kaesbench_run *run = job->work;
	struct kaesbench_verify *v = first(run)->verify;

	if (nla_put_u32(skb, KAESBENCH_A_RUN_CONTEXT, run->params.context) ||
	    nla_put_u32(skb, KAESBENCH_A_RUN_DEPTH, run->params.depth) ||
	    nla_put_u32(skb, KAESBENCH_A_RUN_KEY_BITS, run->params.key_bits) ||
	    nla_put_u32(skb, KAESBENCH_A_RUN_CHECK_EVERY,
			run->params.check_every) ||
	    put_u64(skb, KAESBENCH_A_RUN_MEMORY, run->bytes))
		return -EMSGSIZE;
	if (v && (nla_put_u32(skb, KAESBENCH_A_VERIFY_CASES,
			      kaesbench_verify_params(v)->cases) ||
		  nla_put_string(skb, KAESBENCH_A_VERIFY_REFERENCE,
				 kaesbench_verify_reference(v))))
		return -EMSGSIZE;
	return kaesbench_impl_put(skb, &run->impl);
}

static int step_all(struct kaesbench_job *job, struct kaesbench_run *run,
		    const struct step *step)
{
	u32 i;

	for (i = 0; i < run->nworkers; i++) {
		if (run->workers[i])
			measurer_of(run->workers[i])->step = *step;
	}
	return kaesbench_worker_steps(job, run->workers, run->nworkers,
				      measure_step, KAESBENCH_REQUEST_TIMEOUT_MS);
}

static int put_busy(struct sk_buff *skb, const struct kaesbench_busy *busy)
{
	return put_u64(skb, KAESBENCH_A_SAMPLE_USER_NS, busy->user) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_SYSTEM_NS, busy->system) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_SOFTIRQ_NS, busy->softirq) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_IRQ_NS, busy->irq);
}

static int put_latency(struct sk_buff *skb,
		       const struct kaesbench_sample *sample)
{
	return put_u64(skb, KAESBENCH_A_SAMPLE_LAT_COUNT, sample->lat_count) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_LAT_P50_NS, sample->lat_p50_ns) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_LAT_P99_NS, sample->lat_p99_ns) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_LAT_MAX_NS, sample->lat_max_ns);
}

/* What a sample message says: the attributes the run asked for decide. */
struct sample_of {
	const struct kaesbench_params *run;
	const struct kaesbench_sample *sample;
};

static int put_sample(struct sk_buff *skb, const void *arg)
{
	const struct kaesbench_params *run = ((const struct sample_of *)arg)->run;
	const struct kaesbench_sample *sample =
		((const struct sample_of *)arg)->sample;

	return nla_put_u32(skb, KAESBENCH_A_SAMPLE_SIZE, sample->size) ||
	       nla_put_u32(skb, KAESBENCH_A_SAMPLE_INDEX, sample->index) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_OPS, sample->ops) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_BYTES, sample->bytes) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_WALL_NS, sample->wall_ns) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_THREAD_NS, sample->thread_ns) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_BUSY_NS, sample->busy_ns) ||
	       put_busy(skb, &sample->busy) ||
	       (sample->has_cycles &&
		put_u64(skb, KAESBENCH_A_SAMPLE_CYCLES, sample->cycles)) ||
	       (run->ncpus &&
		nla_put_u32(skb, KAESBENCH_A_SAMPLE_CPU, sample->cpu)) ||
	       (run->latency && put_latency(skb, sample)) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_SUBMITTED, sample->submitted) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_NO_SIMD, sample->no_simd) ||
	       put_u64(skb, KAESBENCH_A_SAMPLE_DEFERRED, sample->deferred);
}

static int send_samples(struct kaesbench_job *job, struct kaesbench_run *run,
			u32 index)
{
	struct sample_of of = { .run = &run->params };
	struct measurer *m;
	int err;
	u32 i;

	for (i = 0; i < run->nworkers; i++) {
		if (!run->workers[i])
			continue;
		m = measurer_of(run->workers[i]);
		m->sample.index = index;
		if (run->params.ncpus)
			m->sample.cpu = m->cpu;
		of.sample = &m->sample;
		err = kaesbench_job_send_patiently(job, KAESBENCH_CMD_SAMPLE,
						   put_sample, &of);
		if (err)
			return err;
	}
	return 0;
}

static int measure(struct kaesbench_job *job)
{
	struct kaesbench_run *run = job->work;
	const struct kaesbench_params *p = &run->params;
	struct step step = { };
	u32 i, n;
	int err;

	/*
	 * A fast wrong answer is worse than none: verify before measuring,
	 * on every CPU at once, as the run will load them.
	 */
	if (first(run)->verify) {
		err = kaesbench_worker_steps(job, run->workers, run->nworkers,
					     verify_step,
					     KAESBENCH_REQUEST_TIMEOUT_MS);
		if (err) {
			run->verify_failed = err != -EINTR && !job->message[0];
			return err;
		}
	}
	for (i = 0; i < p->nsizes; i++) {
		step.size = p->sizes[i];
		step.prepare = true;
		err = step_all(job, run, &step);
		step.prepare = false;
		step.ms = p->warmup_ms;
		if (!err && p->warmup_ms)
			err = step_all(job, run, &step);
		step.ms = p->sample_ms;
		for (n = 0; !err && n < p->samples; n++) {
			err = step_all(job, run, &step);
			if (!err)
				err = send_samples(job, run, n);
		}
		if (err)
			return err;
	}
	return 0;
}

static struct kaesbench_verify *verify_of(struct kaesbench_worker *w)
{
	return measurer_of(w)->verify;
}

static int put_verify_result(struct sk_buff *skb, void *work)
{
	struct kaesbench_run *run = work;

	return kaesbench_verify_put_results(skb, run->workers, run->nworkers,
					    verify_of);
}

/* What checking the measured requests found, on every thread. */
static int put_checked(struct sk_buff *skb, void *work)
{
	struct kaesbench_run *run = work;
	u64 checked = 0, wrong = 0;
	struct measurer *m;
	u32 i;

	if (!run->params.check_every)
		return 0;
	for (i = 0; i < run->nworkers; i++) {
		if (!run->workers[i])
			continue;
		m = measurer_of(run->workers[i]);
		if (!IS_ERR_OR_NULL(m->bench))
			kaesbench_bench_checked(m->bench, &checked, &wrong);
	}
	return put_u64(skb, KAESBENCH_A_RUN_CHECKED, checked) ||
	       put_u64(skb, KAESBENCH_A_RUN_WRONG, wrong);
}

/* The first failure a thread had, for the end message. */
static const char *bench_error(const struct kaesbench_run *run)
{
	const char *error;
	struct measurer *m;
	u32 i;

	for (i = 0; i < run->nworkers; i++) {
		if (!run->workers[i])
			continue;
		m = measurer_of(run->workers[i]);
		if (m->error[0])
			return m->error;
		error = kaesbench_bench_error(m->bench);
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
		message = kaesbench_verify_results_message(run->workers,
							   run->nworkers,
							   verify_of);
		kaesbench_job_send_end(job, err, message, put_verify_result);
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
		/* A thread lost in a driver call says so first. */
		message = job->message[0] ? job->message : bench_error(run);
		break;
	}
	kaesbench_job_send_end(job, err, message, put_checked);
}

static void destroy(struct kaesbench_job *job, void *work)
{
	struct kaesbench_run *run = work;
	u32 i;

	for (i = 0; i < run->nworkers; i++)
		kaesbench_worker_destroy(job, run->workers[i]);
	kfree(run);
}

const struct kaesbench_job_ops kaesbench_run_ops = {
	.cmd = KAESBENCH_CMD_RUN,
	.setup = setup,
	.put_started = put_started,
	.run = measure,
	.end = end,
	.destroy = destroy,
};

/**
 * kaesbench_run_alloc() - the work of a run request, for kaesbench_run_ops
 * @params: the request; copied
 *
 * Nothing is set up yet: that happens in the job's thread.
 *
 * Return: the run, or NULL without memory.
 */
struct kaesbench_run *kaesbench_run_alloc(const struct kaesbench_params *params)
{
	u32 nworkers = max(params->ncpus, 1U);
	struct kaesbench_run *run;

	run = kzalloc(struct_size(run, workers, nworkers), GFP_KERNEL_ACCOUNT);
	if (!run)
		return NULL;
	run->params = *params;
	run->nworkers = nworkers;
	return run;
}
