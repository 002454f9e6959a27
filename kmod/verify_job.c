// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A KAESBENCH_CMD_VERIFY job: the verification (verify.c) in a thread of
 * its own or, on CPUs, in a thread bound to each, all at once; the job's
 * thread waits for them within a bound (worker.c).
 */

#include <linux/err.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/netlink.h>
#include <uapi/linux/kaesbench.h>

#include "givenup.h"
#include "verify_job.h"
#include "worker.h"

/* A verifying thread and what it works on: it may outlive the job. */
struct verifier {
	struct kaesbench_worker w;	/* first: freed as the worker */
	struct kaesbench_verify_params params;
	struct kaesbench_impl impl;
	struct kaesbench_verify *verify;
	const char *refusal;		/* why setting up failed */
};

struct kaesbench_verify_job {
	struct kaesbench_verify_params params;
	u32 cpus[KAESBENCH_MAX_CPUS];	/* a thread bound to each */
	u32 nworkers;			/* 1 without CPUs */
	bool bound;
	struct kaesbench_worker *workers[];	/* NULL: not started, or lost */
};

static_assert(offsetof(struct verifier, w) == 0);

static struct verifier *verifier_of(struct kaesbench_worker *w)
{
	return container_of(w, struct verifier, w);
}

static struct kaesbench_verify *verify_of(struct kaesbench_worker *w)
{
	return verifier_of(w)->verify;
}

static struct verifier *first(const struct kaesbench_verify_job *vj)
{
	return verifier_of(vj->workers[0]);
}

static int setup_step(struct kaesbench_worker *w)
{
	struct verifier *vr = verifier_of(w);
	struct netlink_ext_ack ext = {};
	int err;

	err = kaesbench_worker_may_open(w, vr->params.name);
	if (err)
		return err;
	/* A driver with a request given up is refused as it is opened. */
	vr->verify = kaesbench_verify_create(&vr->params, &vr->impl, &ext);
	if (IS_ERR(vr->verify)) {
		vr->refusal = ext._msg;
		return PTR_ERR(vr->verify);
	}
	kaesbench_worker_opened(w, vr->impl.driver_name,
				kaesbench_verify_bytes(vr->verify));
	return 0;
}

static int cases_step(struct kaesbench_worker *w)
{
	return kaesbench_verify_cases(verifier_of(w)->verify, &w->watch);
}

static void teardown(struct kaesbench_worker *w)
{
	struct verifier *vr = verifier_of(w);

	kaesbench_verify_destroy(vr->verify);
	vr->verify = NULL;
}

static int add_verifier(struct kaesbench_job *job,
			struct kaesbench_verify_job *vj, u32 i)
{
	struct verifier *vr;
	int err;

	vr = kzalloc(sizeof(*vr), GFP_KERNEL_ACCOUNT);
	if (!vr) {
		strscpy(job->message, "cannot allocate the verification",
			sizeof(job->message));
		return -ENOMEM;
	}
	vr->w.teardown = teardown;
	vr->params = vj->params;
	/*
	 * The others open what the first was handed, by its driver name:
	 * by algorithm, the crypto API might hand them another.
	 */
	if (i) {
		strscpy(vr->params.name, first(vj)->impl.driver_name,
			sizeof(vr->params.name));
		vr->params.by_alg = false;
	}
	vr->params.cpu = vj->bound ? vj->cpus[i] : -1;
	err = kaesbench_worker_start(&vr->w, job, vr->params.cpu);
	if (err) {
		kfree(vr);
		strscpy(job->message, "cannot start a verifying thread",
			sizeof(job->message));
		return err;
	}
	vj->workers[i] = &vr->w;
	return 0;
}

/* Why setting up failed, from the thread that knows, in the message. */
static int refused(struct kaesbench_job *job,
		   const struct kaesbench_verify_job *vj, int err)
{
	char driver[CRYPTO_MAX_ALG_NAME];
	const struct verifier *vr;
	u32 i;

	if (job->message[0])	/* a thread lost or not started: said */
		return err;
	for (i = 0; i < vj->nworkers && vj->workers[i]; i++) {
		vr = verifier_of(vj->workers[i]);
		if (vr->refusal) {
			strscpy(job->message, vr->refusal,
				sizeof(job->message));
			return err;
		}
	}
	if (err == -EBUSY) {
		kaesbench_worker_driver(&first(vj)->w, driver, sizeof(driver));
		kaesbench_given_up_refusal(job->message, sizeof(job->message),
					   driver);
	} else {
		strscpy(job->message, "cancelled", sizeof(job->message));
	}
	return err;
}

/*
 * The first thread learns the depth the implementation takes and what a
 * verification holds; the others are set up only if all of them fit.
 */
static int setup(struct kaesbench_job *job)
{
	struct kaesbench_verify_job *vj = job->work;
	const struct kaesbench_verify_params *used;
	int err;
	u32 i;

	err = add_verifier(job, vj, 0);
	if (!err)
		err = kaesbench_worker_steps(job, vj->workers, 1, setup_step,
					     KAESBENCH_SETUP_TIMEOUT_MS);
	if (!err) {
		used = kaesbench_verify_params(first(vj)->verify);
		err = kaesbench_workers_fit(job, vj->nworkers, used->depth,
					    first(vj)->w.bytes,
					    "the verification");
	}
	for (i = 1; !err && i < vj->nworkers; i++)
		err = add_verifier(job, vj, i);
	if (!err)
		err = kaesbench_worker_steps(job, vj->workers + 1,
					     vj->nworkers - 1, setup_step,
					     KAESBENCH_SETUP_TIMEOUT_MS);
	return err ? refused(job, vj, err) : 0;
}

static int put_started(struct sk_buff *skb, struct kaesbench_job *job)
{
	struct kaesbench_verify_job *vj = job->work;
	struct verifier *vr = first(vj);
	const struct kaesbench_verify_params *params =
		kaesbench_verify_params(vr->verify);
	u64 bytes = 0;
	u32 i;

	for (i = 0; i < vj->nworkers; i++)
		bytes += vj->workers[i]->bytes;

	if (nla_put_u32(skb, KAESBENCH_A_RUN_CONTEXT, params->context) ||
	    nla_put_u32(skb, KAESBENCH_A_RUN_KEY_BITS, params->key_bits) ||
	    nla_put_u32(skb, KAESBENCH_A_VERIFY_CASES, params->cases) ||
	    nla_put_u32(skb, KAESBENCH_A_RUN_DEPTH, params->depth) ||
	    nla_put_u64_64bit(skb, KAESBENCH_A_VERIFY_SEED, params->seed,
			      KAESBENCH_A_PAD) ||
	    nla_put_string(skb, KAESBENCH_A_VERIFY_REFERENCE,
			   kaesbench_verify_reference(vr->verify)) ||
	    nla_put_u64_64bit(skb, KAESBENCH_A_RUN_MEMORY, bytes,
			      KAESBENCH_A_PAD))
		return -EMSGSIZE;
	return kaesbench_impl_put(skb, &vr->impl);
}

static int run(struct kaesbench_job *job)
{
	struct kaesbench_verify_job *vj = job->work;

	return kaesbench_worker_steps(job, vj->workers, vj->nworkers,
				      cases_step, KAESBENCH_REQUEST_TIMEOUT_MS);
}

static int put_result(struct sk_buff *skb, void *work)
{
	struct kaesbench_verify_job *vj = work;

	return kaesbench_verify_put_results(skb, vj->workers, vj->nworkers,
					    verify_of);
}

static void end(struct kaesbench_job *job, int err)
{
	struct kaesbench_verify_job *vj = job->work;
	const char *message;
	u32 i;

	/* One lost in a driver call: its verification may not be read. */
	for (i = 0; i < vj->nworkers; i++) {
		if (!vj->workers[i]) {
			kaesbench_job_send_end(job, err, job->message, NULL);
			return;
		}
	}
	message = kaesbench_verify_results_message(vj->workers, vj->nworkers,
						   verify_of);
	if (err == -EINTR)
		message = "cancelled";
	kaesbench_job_send_end(job, err, err ? message : NULL, put_result);
}

static void destroy(struct kaesbench_job *job, void *work)
{
	struct kaesbench_verify_job *vj = work;
	u32 i;

	for (i = 0; i < vj->nworkers; i++)
		kaesbench_worker_destroy(job, vj->workers[i]);
	kfree(vj);
}

const struct kaesbench_job_ops kaesbench_verify_job_ops = {
	.cmd = KAESBENCH_CMD_VERIFY,
	.setup = setup,
	.put_started = put_started,
	.run = run,
	.end = end,
	.destroy = destroy,
};

/**
 * kaesbench_verify_job_alloc() - the work of a verification request
 * @params: the request; copied
 * @cpus: the CPUs to verify on at once, or NULL for one thread, not bound
 * @ncpus: how many
 *
 * Nothing is set up yet: that happens in the job's thread.
 *
 * Return: the work, for kaesbench_verify_job_ops, or NULL without memory.
 */
struct kaesbench_verify_job *
kaesbench_verify_job_alloc(const struct kaesbench_verify_params *params,
			   const u32 *cpus, u32 ncpus)
{
	u32 nworkers = cpus ? ncpus : 1;
	struct kaesbench_verify_job *vj;

	if (WARN_ON_ONCE(!nworkers || nworkers > KAESBENCH_MAX_CPUS))
		return NULL;
	vj = kzalloc(struct_size(vj, workers, nworkers), GFP_KERNEL_ACCOUNT);
	if (!vj)
		return NULL;
	vj->params = *params;
	vj->nworkers = nworkers;
	vj->bound = !!cpus;
	if (cpus)
		memcpy(vj->cpus, cpus, ncpus * sizeof(*cpus));
	return vj;
}
