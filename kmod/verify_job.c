// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A KAESBENCH_CMD_VERIFY job: the verification (verify.c) in a thread of
 * its own, which the job's thread waits for within a bound (worker.c).
 */

#include <linux/err.h>
#include <linux/slab.h>
#include <net/netlink.h>
#include <uapi/linux/kaesbench.h>

#include "givenup.h"
#include "verify_job.h"
#include "worker.h"

/* The verifying thread and what it works on: it may outlive the job. */
struct verifier {
	struct kaesbench_worker w;	/* first: freed as the worker */
	struct kaesbench_verify_params params;
	struct kaesbench_impl impl;
	struct kaesbench_verify *verify;
	const char *refusal;		/* why setting up failed */
};

struct kaesbench_verify_job {
	struct kaesbench_verify_params params;
	struct kaesbench_worker *worker;	/* NULL: none, or lost */
};

static_assert(offsetof(struct verifier, w) == 0);

static struct verifier *verifier_of(struct kaesbench_worker *w)
{
	return container_of(w, struct verifier, w);
}

static int setup_step(struct kaesbench_worker *w)
{
	struct verifier *vr = verifier_of(w);
	struct netlink_ext_ack ext = {};
	int err;

	err = kaesbench_worker_may_open(w, vr->params.name, vr->params.by_alg);
	if (err)
		return err;
	vr->verify = kaesbench_verify_create(&vr->params, &vr->impl, &ext);
	if (IS_ERR(vr->verify)) {
		vr->refusal = ext._msg;
		return PTR_ERR(vr->verify);
	}
	kaesbench_worker_opened(w, vr->impl.driver_name,
				kaesbench_verify_bytes(vr->verify));
	if (kaesbench_given_up(vr->impl.driver_name))
		return -EBUSY;
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

static int setup(struct kaesbench_job *job)
{
	struct kaesbench_verify_job *vj = job->work;
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
	err = kaesbench_worker_start(&vr->w, job, -1);
	if (err) {
		kfree(vr);
		strscpy(job->message, "cannot start the verifying thread",
			sizeof(job->message));
		return err;
	}
	vj->worker = &vr->w;
	err = kaesbench_worker_steps(job, &vj->worker, 1, setup_step,
				     KAESBENCH_SETUP_TIMEOUT_MS);
	if (!err || job->message[0])
		return err;
	if (vr->refusal)
		strscpy(job->message, vr->refusal, sizeof(job->message));
	else if (err == -EBUSY)
		kaesbench_given_up_refusal(job->message, sizeof(job->message),
					   vr->w.driver);
	else
		strscpy(job->message, "cancelled", sizeof(job->message));
	return err;
}

static int put_started(struct sk_buff *skb, struct kaesbench_job *job)
{
	struct kaesbench_verify_job *vj = job->work;
	struct verifier *vr = verifier_of(vj->worker);
	const struct kaesbench_verify_params *params =
		kaesbench_verify_params(vr->verify);

	if (nla_put_u32(skb, KAESBENCH_A_RUN_KEY_BITS, params->key_bits) ||
	    nla_put_u32(skb, KAESBENCH_A_VERIFY_CASES, params->cases) ||
	    nla_put_u32(skb, KAESBENCH_A_RUN_DEPTH, params->depth) ||
	    nla_put_u64_64bit(skb, KAESBENCH_A_VERIFY_SEED, params->seed,
			      KAESBENCH_A_PAD) ||
	    nla_put_string(skb, KAESBENCH_A_VERIFY_REFERENCE,
			   kaesbench_verify_reference(vr->verify)) ||
	    nla_put_u64_64bit(skb, KAESBENCH_A_RUN_MEMORY, vr->w.bytes,
			      KAESBENCH_A_PAD))
		return -EMSGSIZE;
	return kaesbench_impl_put(skb, &vr->impl);
}

static int run(struct kaesbench_job *job)
{
	struct kaesbench_verify_job *vj = job->work;

	return kaesbench_worker_steps(job, &vj->worker, 1, cases_step,
				      KAESBENCH_REQUEST_TIMEOUT_MS);
}

static int put_result(struct sk_buff *skb, void *work)
{
	struct kaesbench_verify_job *vj = work;

	return kaesbench_verify_put_result(skb,
					   verifier_of(vj->worker)->verify);
}

static void end(struct kaesbench_job *job, int err)
{
	struct kaesbench_verify_job *vj = job->work;
	const char *message;

	/* Lost in a driver call: nothing of it may be read any more. */
	if (!vj->worker) {
		kaesbench_job_send_end(job, err, job->message, NULL);
		return;
	}
	message = kaesbench_verify_message(verifier_of(vj->worker)->verify);
	if (err == -EINTR)
		message = "cancelled";
	kaesbench_job_send_end(job, err, err ? message : NULL, put_result);
}

static void destroy(struct kaesbench_job *job, void *work)
{
	struct kaesbench_verify_job *vj = work;

	kaesbench_worker_destroy(job, vj->worker);
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
 *
 * Nothing is set up yet: that happens in the job's thread.
 *
 * Return: the work, for kaesbench_verify_job_ops, or NULL without memory.
 */
struct kaesbench_verify_job *
kaesbench_verify_job_alloc(const struct kaesbench_verify_params *params)
{
	struct kaesbench_verify_job *vj;

	vj = kzalloc(sizeof(*vj), GFP_KERNEL_ACCOUNT);
	if (vj)
		vj->params = *params;
	return vj;
}
