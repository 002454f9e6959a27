// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A run: for each size, a warm-up, then samples, each sent to the
 * requesting socket as soon as it is taken.
 */

#include <linux/err.h>
#include <linux/random.h>
#include <linux/slab.h>

#include "netlink.h"
#include "run.h"

static int measure(struct kaesbench_job *job)
{
	struct kaesbench_run *run = job->work;
	const struct kaesbench_params *p = &run->params;
	struct kaesbench_sample sample;
	u32 i, n;
	int err;

	/* A fast wrong answer is worse than none: verify before measuring. */
	if (run->verify) {
		err = kaesbench_verify_cases(run->verify, &job->stop);
		if (err) {
			run->verify_failed = err != -EINTR;
			return err;
		}
	}
	for (i = 0; i < p->nsizes; i++) {
		err = kaesbench_bench_prepare(run->bench, p->sizes[i], &job->stop);
		if (!err && p->warmup_ms)
			err = kaesbench_bench_measure(run->bench, p->sizes[i],
						      p->warmup_ms, &sample,
						      &job->stop);
		for (n = 0; !err && n < p->samples; n++) {
			err = kaesbench_bench_measure(run->bench, p->sizes[i],
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

static int put_verify_result(struct sk_buff *skb, void *work)
{
	struct kaesbench_run *run = work;

	return kaesbench_verify_put_result(skb, run->verify);
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
		message = kaesbench_bench_error(run->bench);
		break;
	}
	kaesbench_genl_send_end(job, err, message, NULL);
}

static void destroy(void *work)
{
	struct kaesbench_run *run = work;

	kaesbench_verify_destroy(run->verify);
	kaesbench_bench_destroy(run->bench);
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

/**
 * kaesbench_run_create() - set up the measurement a run request asks for
 * @params: the request; copied, defaults filled in
 * @impl: set to the implementation to be measured
 * @extack: why it is refused
 *
 * Context: process context, may sleep.
 * Return: the run, to be handed to a job with kaesbench_run_ops, or an
 * ERR_PTR with @extack set.
 */
struct kaesbench_run *kaesbench_run_create(const struct kaesbench_params *params,
					   struct kaesbench_impl *impl,
					   struct netlink_ext_ack *extack)
{
	struct kaesbench_run *run;

	run = kzalloc(sizeof(*run), GFP_KERNEL);
	if (!run)
		return ERR_PTR(-ENOMEM);
	run->params = *params;
	run->bench = kaesbench_bench_create(&run->params, impl, extack);
	if (IS_ERR(run->bench)) {
		struct kaesbench_bench *err = run->bench;

		kfree(run);
		return ERR_CAST(err);
	}
	if (!run->params.no_verify)
		run->verify = quick_verify(&run->params, impl);
	return run;
}
