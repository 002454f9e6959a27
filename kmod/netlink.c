// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The kaesbench generic netlink family; the protocol is documented in
 * include/uapi/linux/kaesbench.h.
 */

#include <linux/build_bug.h>
#include <linux/capability.h>
#include <linux/cpumask.h>
#include <linux/random.h>
#include <linux/stringify.h>
#include <net/genetlink.h>
#include <net/sock.h>
#include <uapi/linux/kaesbench.h>

#include "givenup.h"
#include "impls.h"
#include "job.h"
#include "library.h"
#include "netlink.h"
#include "run.h"
#include "verify_job.h"

static struct genl_family genl_family;

static const struct nla_policy get_impls_policy[KAESBENCH_A_MAX + 1] = {
	[KAESBENCH_A_IMPL] = { .type = NLA_REJECT,
			       .reject_message = "listing takes no implementation" },
};

static int validate_sizes(const struct nlattr *attr,
			  struct netlink_ext_ack *extack)
{
	const u32 *sizes = nla_data(attr);
	int len = nla_len(attr);
	int i;

	if (!len || len % sizeof(u32)) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "sizes are an array of __u32");
		return -EINVAL;
	}
	if (len > KAESBENCH_MAX_SIZES * sizeof(u32)) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "too many sizes");
		return -EINVAL;
	}
	for (i = 0; i < len / sizeof(u32); i++) {
		if (!sizes[i] || sizes[i] > KAESBENCH_MAX_SIZE) {
			NL_SET_ERR_MSG_ATTR(extack, attr, "sizes must be 1 to "
					    __stringify(KAESBENCH_MAX_SIZE) " bytes");
			return -EINVAL;
		}
	}
	return 0;
}

/* Offline CPUs are refused when the run is set up; hotplug may race. */
static int validate_cpus(const struct nlattr *attr,
			 struct netlink_ext_ack *extack)
{
	const u32 *cpus = nla_data(attr);
	int len = nla_len(attr);
	int i, j;

	if (!len || len % sizeof(u32)) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "CPUs are an array of __u32");
		return -EINVAL;
	}
	if (len > KAESBENCH_MAX_CPUS * sizeof(u32)) {
		NL_SET_ERR_MSG_ATTR(extack, attr, "too many CPUs");
		return -EINVAL;
	}
	for (i = 0; i < len / sizeof(u32); i++) {
		if (cpus[i] >= nr_cpu_ids || !cpu_online(cpus[i])) {
			NL_SET_ERR_MSG_ATTR(extack, attr,
					    "a CPU does not exist or is offline");
			return -EINVAL;
		}
		for (j = 0; j < i; j++) {
			if (cpus[j] == cpus[i]) {
				NL_SET_ERR_MSG_ATTR(extack, attr,
						    "a CPU is listed twice");
				return -EINVAL;
			}
		}
	}
	return 0;
}

/* Bounds past the s16 that NLA_POLICY_RANGE() holds. */
static struct netlink_range_validation sample_ms_range = {
	.min = 1,
	.max = KAESBENCH_MAX_SAMPLE_MS,
};

static struct netlink_range_validation warmup_ms_range = {
	.max = KAESBENCH_MAX_SAMPLE_MS,
};

static struct netlink_range_validation check_every_range = {
	.min = 0,
	.max = KAESBENCH_MAX_CHECK_EVERY,
};

static const struct nla_policy run_policy[KAESBENCH_A_MAX + 1] = {
	[KAESBENCH_A_RUN_DRIVER] = { .type = NLA_NUL_STRING,
				     .len = CRYPTO_MAX_ALG_NAME - 1 },
	[KAESBENCH_A_RUN_ALG] = { .type = NLA_NUL_STRING,
				  .len = CRYPTO_MAX_ALG_NAME - 1 },
	[KAESBENCH_A_RUN_KEY_BITS] = NLA_POLICY_RANGE(NLA_U32, 8, 512),
	[KAESBENCH_A_RUN_DECRYPT] = { .type = NLA_FLAG },
	[KAESBENCH_A_RUN_SIZES] = NLA_POLICY_VALIDATE_FN(NLA_BINARY,
							 validate_sizes),
	[KAESBENCH_A_RUN_SAMPLE_MS] = NLA_POLICY_FULL_RANGE(NLA_U32,
							    &sample_ms_range),
	[KAESBENCH_A_RUN_SAMPLES] = NLA_POLICY_RANGE(NLA_U32, 1,
						     KAESBENCH_MAX_SAMPLES),
	[KAESBENCH_A_RUN_WARMUP_MS] = NLA_POLICY_FULL_RANGE(NLA_U32,
							    &warmup_ms_range),
	[KAESBENCH_A_RUN_DEPTH] = NLA_POLICY_RANGE(NLA_U32, 1,
						   KAESBENCH_MAX_DEPTH),
	[KAESBENCH_A_RUN_AAD_LEN] = NLA_POLICY_MAX(NLA_U32, KAESBENCH_MAX_AAD),
	[KAESBENCH_A_RUN_TAG_LEN] = NLA_POLICY_RANGE(NLA_U32, 1, 64),
	[KAESBENCH_A_RUN_NO_VERIFY] = { .type = NLA_FLAG },
	[KAESBENCH_A_RUN_CPUS] = NLA_POLICY_VALIDATE_FN(NLA_BINARY,
							validate_cpus),
	[KAESBENCH_A_RUN_LATENCY] = { .type = NLA_FLAG },
	[KAESBENCH_A_RUN_CHECK_EVERY] = NLA_POLICY_FULL_RANGE(NLA_U32,
							      &check_every_range),
	/*
	 * Checked by parse_wait(), not by a validation function: the policy
	 * of a refused attribute goes back in the ack, and before 7.x
	 * nla_get_range_unsigned() WARNs on a u32 validated by a function.
	 */
	[KAESBENCH_A_RUN_WAIT_MS] = { .type = NLA_U32 },
	[KAESBENCH_A_RUN_CONTEXT] = NLA_POLICY_MAX(NLA_U32,
						   KAESBENCH_CONTEXT_MAX),
};

static struct netlink_range_validation cases_range = {
	.min = 1,
	.max = KAESBENCH_MAX_CASES,
};

static const struct nla_policy verify_policy[KAESBENCH_A_MAX + 1] = {
	[KAESBENCH_A_RUN_DRIVER] = { .type = NLA_NUL_STRING,
				     .len = CRYPTO_MAX_ALG_NAME - 1 },
	[KAESBENCH_A_RUN_ALG] = { .type = NLA_NUL_STRING,
				  .len = CRYPTO_MAX_ALG_NAME - 1 },
	[KAESBENCH_A_RUN_KEY_BITS] = NLA_POLICY_RANGE(NLA_U32, 8, 512),
	[KAESBENCH_A_VERIFY_CASES] = NLA_POLICY_FULL_RANGE(NLA_U32,
							   &cases_range),
	[KAESBENCH_A_VERIFY_SEED] = { .type = NLA_U64 },
	[KAESBENCH_A_RUN_DEPTH] = NLA_POLICY_RANGE(NLA_U32, 1,
						   KAESBENCH_MAX_DEPTH),
	[KAESBENCH_A_RUN_CPUS] = NLA_POLICY_VALIDATE_FN(NLA_BINARY,
							validate_cpus),
	[KAESBENCH_A_RUN_WAIT_MS] = { .type = NLA_U32 },
	[KAESBENCH_A_RUN_CONTEXT] = NLA_POLICY_MAX(NLA_U32,
						   KAESBENCH_CONTEXT_MAX),
};

static const struct nla_policy cancel_policy[KAESBENCH_A_MAX + 1] = {
	[KAESBENCH_A_RUN_ID] = { .type = NLA_U32 },
};

struct impls_dump {
	struct kaesbench_impls *impls;
	unsigned int next;
};

static_assert(sizeof(struct impls_dump) <=
	      sizeof_field(struct netlink_callback, ctx));

/*
 * Crypto runs are for the initial network namespace's CAP_SYS_ADMIN: they
 * pin CPUs, hold memory, load modules and instantiate templates by names
 * the caller picks. That is not network administration, and a container
 * with a network namespace of its own must not reach the host's drivers.
 */
static bool privileged(const struct sk_buff *skb)
{
	return net_eq(sock_net(skb->sk), &init_net) &&
	       netlink_capable(skb, CAP_SYS_ADMIN);
}

static int check_privileged(const struct sk_buff *skb,
			    struct netlink_ext_ack *extack)
{
	if (!net_eq(sock_net(skb->sk), &init_net)) {
		NL_SET_ERR_MSG(extack,
			       "kaesbench serves the initial network namespace only");
		return -EPERM;
	}
	if (!netlink_capable(skb, CAP_SYS_ADMIN)) {
		NL_SET_ERR_MSG(extack, "needs CAP_SYS_ADMIN");
		return -EPERM;
	}
	if (kaesbench_given_up_full()) {
		NL_SET_ERR_MSG(extack, KAESBENCH_GIVEN_UP_FULL);
		return -EBUSY;
	}
	return 0;
}

static int get_impls_start(struct netlink_callback *cb)
{
	struct impls_dump *dump = (struct impls_dump *)cb->ctx;

	/* Only the privileged may make the crypto API instantiate. */
	dump->impls = kaesbench_impls_get(privileged(cb->skb));
	if (PTR_ERR(dump->impls) == -EBUSY) {
		NL_SET_ERR_MSG_MOD(cb->extack,
				   "too many listings in progress: at most "
				   __stringify(KAESBENCH_MAX_LISTINGS)
				   " unread ones at once");
		return -EBUSY;
	}
	if (IS_ERR(dump->impls)) {
		NL_SET_ERR_MSG_MOD(cb->extack,
				   "cannot read the crypto API's algorithm list");
		return PTR_ERR(dump->impls);
	}
	dump->next = 0;
	return 0;
}

static int get_impls_dump(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct impls_dump *dump = (struct impls_dump *)cb->ctx;
	unsigned int first = dump->next;
	void *hdr;

	/* The registry's, then the library paths, which nothing selects. */
	unsigned int total = dump->impls->count + KAESBENCH_LIBRARY_PATHS;
	struct kaesbench_impl lib;
	const struct kaesbench_impl *impl;

	for (; dump->next < total; dump->next++) {
		if (dump->next < dump->impls->count) {
			impl = &dump->impls->impl[dump->next];
		} else {
			kaesbench_library_describe(dump->next -
						   dump->impls->count, &lib);
			impl = &lib;
		}
		hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid,
				  cb->nlh->nlmsg_seq, &genl_family,
				  NLM_F_MULTI, KAESBENCH_CMD_GET_IMPLS);
		if (!hdr)
			break;
		/*
		 * Once a request was given up, every reply says so, and so
		 * does every reply of a listing that found an allocation stuck.
		 */
		if (kaesbench_impl_put(skb, impl) ||
		    kaesbench_impls_notice_put(skb, dump->impls)) {
			genlmsg_cancel(skb, hdr);
			break;
		}
		genlmsg_end(skb, hdr);
	}
	/* Returning 0 with nothing written would end the dump early. */
	if (dump->next == first && dump->next < total)
		return -EMSGSIZE;
	return skb->len;
}

static int get_impls_done(struct netlink_callback *cb)
{
	struct impls_dump *dump = (struct impls_dump *)cb->ctx;

	kaesbench_impls_put(dump->impls);
	return 0;
}

static u32 get_u32(struct genl_info *info, int attr, u32 fallback)
{
	return info->attrs[attr] ? nla_get_u32(info->attrs[attr]) : fallback;
}

/* What a run or verification is of: exactly one of a driver, an algorithm. */
static int parse_name(struct genl_info *info, char name[CRYPTO_MAX_ALG_NAME],
		      bool *by_alg)
{
	struct nlattr *driver = info->attrs[KAESBENCH_A_RUN_DRIVER];
	struct nlattr *alg = info->attrs[KAESBENCH_A_RUN_ALG];

	if (!driver == !alg) {
		NL_SET_ERR_MSG(info->extack,
			       "name either a driver or an algorithm");
		return -EINVAL;
	}
	*by_alg = alg;
	nla_strscpy(name, driver ?: alg, CRYPTO_MAX_ALG_NAME);
	return 0;
}

static int parse_run(struct genl_info *info, struct kaesbench_params *params)
{
	struct nlattr *sizes = info->attrs[KAESBENCH_A_RUN_SIZES];
	struct nlattr *cpus = info->attrs[KAESBENCH_A_RUN_CPUS];
	int err;

	memset(params, 0, sizeof(*params));
	err = parse_name(info, params->name, &params->by_alg);
	if (err)
		return err;
	if (!sizes) {
		NL_SET_ERR_MSG(info->extack, "a run needs sizes");
		return -EINVAL;
	}
	params->decrypt = nla_get_flag(info->attrs[KAESBENCH_A_RUN_DECRYPT]);
	params->no_verify =
		nla_get_flag(info->attrs[KAESBENCH_A_RUN_NO_VERIFY]);
	params->key_bits = get_u32(info, KAESBENCH_A_RUN_KEY_BITS, 0);
	params->sample_ms = get_u32(info, KAESBENCH_A_RUN_SAMPLE_MS,
				    KAESBENCH_DEFAULT_SAMPLE_MS);
	params->samples = get_u32(info, KAESBENCH_A_RUN_SAMPLES,
				  KAESBENCH_DEFAULT_SAMPLES);
	params->warmup_ms = get_u32(info, KAESBENCH_A_RUN_WARMUP_MS,
				    KAESBENCH_DEFAULT_WARMUP_MS);
	params->depth = get_u32(info, KAESBENCH_A_RUN_DEPTH,
				KAESBENCH_DEFAULT_DEPTH);
	params->aad_len = get_u32(info, KAESBENCH_A_RUN_AAD_LEN, U32_MAX);
	params->tag_len = get_u32(info, KAESBENCH_A_RUN_TAG_LEN, 0);
	params->latency = nla_get_flag(info->attrs[KAESBENCH_A_RUN_LATENCY]);
	params->context = get_u32(info, KAESBENCH_A_RUN_CONTEXT,
				  KAESBENCH_CONTEXT_THREAD);
	/* --no-verify turns both off. */
	params->check_every = params->no_verify ? 0 :
			      get_u32(info, KAESBENCH_A_RUN_CHECK_EVERY,
				      KAESBENCH_CHECK_EVERY);
	params->nsizes = nla_len(sizes) / sizeof(u32);
	memcpy(params->sizes, nla_data(sizes), nla_len(sizes));
	if (cpus) {
		params->ncpus = nla_len(cpus) / sizeof(u32);
		memcpy(params->cpus, nla_data(cpus), nla_len(cpus));
	}
	return 0;
}

/* How long a job may wait for its turn: 0 to a day, or as long as needed. */
static int parse_wait(struct genl_info *info, struct kaesbench_job_turn *turn)
{
	struct nlattr *attr = info->attrs[KAESBENCH_A_RUN_WAIT_MS];

	turn->wait_ms = attr ? nla_get_u32(attr) : 0;
	if (turn->wait_ms > KAESBENCH_MAX_WAIT_MS &&
	    turn->wait_ms != KAESBENCH_WAIT_AS_NEEDED) {
		NL_SET_ERR_MSG_ATTR(info->extack, attr,
				    "a wait is 0 to " __stringify(KAESBENCH_MAX_WAIT_MS)
				    " ms, or as long as needed");
		return -EINVAL;
	}
	return 0;
}

/* The whole run, in ms, as asked: what the duration cap bounds. */
static u64 run_ms(const struct kaesbench_params *params)
{
	return (u64)params->nsizes *
	       (params->warmup_ms + (u64)params->samples * params->sample_ms);
}

/*
 * Only checks the request and claims the machine: transforms, buffers and
 * threads are set up by the job's thread, which answers with
 * KAESBENCH_CMD_RUN once they are (or with KAESBENCH_CMD_RUN_END if not),
 * so that no netlink lock is held while a driver or the crypto API works.
 */
static int run_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct kaesbench_job_turn turn = { };
	struct kaesbench_params params;
	struct kaesbench_run *run;
	int err;

	err = check_privileged(skb, info->extack) ?:
	      parse_run(info, &params) ?: parse_wait(info, &turn);
	if (err)
		return err;
	if (run_ms(&params) > KAESBENCH_MAX_RUN_MS) {
		NL_SET_ERR_MSG(info->extack,
			       "the run would take longer than an hour: sizes x (warm-up + samples x sample time)");
		return -EINVAL;
	}
	turn.stated_ms = run_ms(&params);
	run = kaesbench_run_alloc(&params);
	if (!run)
		return -ENOMEM;
	return kaesbench_job_start(&genl_family, info, &kaesbench_run_ops, run,
				   &turn);
}

static int parse_verify(struct genl_info *info,
			struct kaesbench_verify_params *params)
{
	struct nlattr *seed = info->attrs[KAESBENCH_A_VERIFY_SEED];
	int err;

	memset(params, 0, sizeof(*params));
	err = parse_name(info, params->name, &params->by_alg);
	if (err)
		return err;
	params->key_bits = get_u32(info, KAESBENCH_A_RUN_KEY_BITS, 0);
	params->cases = get_u32(info, KAESBENCH_A_VERIFY_CASES,
				KAESBENCH_DEFAULT_CASES);
	params->depth = get_u32(info, KAESBENCH_A_RUN_DEPTH,
				KAESBENCH_DEFAULT_DEPTH);
	params->context = get_u32(info, KAESBENCH_A_RUN_CONTEXT,
				  KAESBENCH_CONTEXT_THREAD);
	params->seed = seed ? nla_get_u64(seed) : get_random_u64();
	params->cpu = -1;
	return 0;
}

/* As run_doit(): the job's thread answers with KAESBENCH_CMD_VERIFY. */
static int verify_doit(struct sk_buff *skb, struct genl_info *info)
{
	/* A verification states no duration: its cases stop after an hour. */
	struct kaesbench_job_turn turn = { };
	struct nlattr *cpus = info->attrs[KAESBENCH_A_RUN_CPUS];
	struct kaesbench_verify_params params;
	struct kaesbench_verify_job *vj;
	int err;

	err = check_privileged(skb, info->extack) ?:
	      parse_verify(info, &params) ?: parse_wait(info, &turn);
	if (err)
		return err;
	/* validate_cpus() has checked the list: 1 to KAESBENCH_MAX_CPUS. */
	vj = kaesbench_verify_job_alloc(&params, cpus ? nla_data(cpus) : NULL,
					cpus ? nla_len(cpus) / sizeof(u32) : 0);
	if (!vj)
		return -ENOMEM;
	return kaesbench_job_start(&genl_family, info, &kaesbench_verify_job_ops,
				   vj, &turn);
}

/* A socket may stop its own job; another's, only the privileged. */
static int cancel_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *id = info->attrs[KAESBENCH_A_RUN_ID];
	int err;

	if (!net_eq(genl_info_net(info), &init_net)) {
		NL_SET_ERR_MSG(info->extack,
			       "kaesbench serves the initial network namespace only");
		return -EPERM;
	}
	if (!id) {
		NL_SET_ERR_MSG(info->extack, "cancel needs a run id");
		return -EINVAL;
	}
	err = kaesbench_job_cancel(nla_get_u32(id), info->snd_portid,
				   netlink_capable(skb, CAP_SYS_ADMIN));
	if (err == -EPERM)
		NL_SET_ERR_MSG(info->extack,
			       "cancelling another socket's run needs CAP_SYS_ADMIN");
	else if (err)
		NL_SET_ERR_MSG_ATTR(info->extack, id, "no such run in progress");
	return err;
}

static const struct genl_ops genl_ops[] = {
	{
		.cmd = KAESBENCH_CMD_GET_IMPLS,
		.start = get_impls_start,
		.dumpit = get_impls_dump,
		.done = get_impls_done,
		.policy = get_impls_policy,
		.maxattr = ARRAY_SIZE(get_impls_policy) - 1,
	},
	{
		.cmd = KAESBENCH_CMD_RUN,
		.doit = run_doit,
		.policy = run_policy,
		.maxattr = ARRAY_SIZE(run_policy) - 1,
	},
	{
		.cmd = KAESBENCH_CMD_VERIFY,
		.doit = verify_doit,
		.policy = verify_policy,
		.maxattr = ARRAY_SIZE(verify_policy) - 1,
	},
	{
		.cmd = KAESBENCH_CMD_CANCEL,
		.doit = cancel_doit,
		.policy = cancel_policy,
		.maxattr = ARRAY_SIZE(cancel_policy) - 1,
	},
};

static struct genl_family genl_family __ro_after_init = {
	.ops = genl_ops,
	.n_ops = ARRAY_SIZE(genl_ops),
	.name = KAESBENCH_GENL_NAME,
	.version = KAESBENCH_GENL_VERSION,
	.maxattr = KAESBENCH_A_MAX,
	.module = THIS_MODULE,
	.netnsok = true,
	.parallel_ops = true,
};

/**
 * kaesbench_genl_init() - register the kaesbench generic netlink family
 *
 * Return: 0, or the error genl_register_family() gave.
 */
int __init kaesbench_genl_init(void)
{
	return genl_register_family(&genl_family);
}

/**
 * kaesbench_genl_uninit() - unregister the family
 *
 * Returns once no request is running any of the family's handlers.
 */
void kaesbench_genl_uninit(void)
{
	genl_unregister_family(&genl_family);
}
