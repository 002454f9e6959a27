// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The kaesbench generic netlink family; the protocol is documented in
 * include/uapi/linux/kaesbench.h.
 */

#include <linux/build_bug.h>
#include <net/genetlink.h>
#include <uapi/linux/kaesbench.h>

#include "impls.h"
#include "netlink.h"

static struct genl_family genl_family;

static const struct nla_policy get_impls_policy[KAESBENCH_A_MAX + 1] = {
	[KAESBENCH_A_IMPL] = { .type = NLA_REJECT,
			       .reject_message = "listing takes no implementation" },
};

struct impls_dump {
	struct kaesbench_impls *impls;
	unsigned int next;
};

static_assert(sizeof(struct impls_dump) <=
	      sizeof_field(struct netlink_callback, ctx));

static int put_u32_nonzero(struct sk_buff *skb, int attr, u32 value)
{
	return value ? nla_put_u32(skb, attr, value) : 0;
}

static int put_impl(struct sk_buff *skb, const struct kaesbench_impl *impl)
{
	struct nlattr *nest = nla_nest_start(skb, KAESBENCH_A_IMPL);

	if (!nest)
		return -EMSGSIZE;
	if (nla_put_string(skb, KAESBENCH_IMPL_A_ALG_NAME, impl->alg_name) ||
	    nla_put_string(skb, KAESBENCH_IMPL_A_DRIVER_NAME,
			   impl->driver_name) ||
	    nla_put_string(skb, KAESBENCH_IMPL_A_MODULE, impl->module_name) ||
	    nla_put_u32(skb, KAESBENCH_IMPL_A_PRIORITY, impl->priority) ||
	    nla_put_u32(skb, KAESBENCH_IMPL_A_TYPE, impl->type) ||
	    nla_put_u32(skb, KAESBENCH_IMPL_A_FLAGS, impl->flags) ||
	    nla_put_u32(skb, KAESBENCH_IMPL_A_BLOCK_SIZE, impl->block_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_MIN_KEY_SIZE,
			    impl->min_key_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_MAX_KEY_SIZE,
			    impl->max_key_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_IV_SIZE, impl->iv_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_CHUNK_SIZE,
			    impl->chunk_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_MAX_AUTH_SIZE,
			    impl->max_auth_size)) {
		nla_nest_cancel(skb, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	return 0;
}

static int get_impls_start(struct netlink_callback *cb)
{
	struct impls_dump *dump = (struct impls_dump *)cb->ctx;

	dump->impls = kaesbench_impls_get();
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

	for (; dump->next < dump->impls->count; dump->next++) {
		hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid,
				  cb->nlh->nlmsg_seq, &genl_family,
				  NLM_F_MULTI, KAESBENCH_CMD_GET_IMPLS);
		if (!hdr)
			break;
		if (put_impl(skb, &dump->impls->impl[dump->next])) {
			genlmsg_cancel(skb, hdr);
			break;
		}
		genlmsg_end(skb, hdr);
	}
	/* Returning 0 with nothing written would end the dump early. */
	if (dump->next == first && dump->next < dump->impls->count)
		return -EMSGSIZE;
	return skb->len;
}

static int get_impls_done(struct netlink_callback *cb)
{
	struct impls_dump *dump = (struct impls_dump *)cb->ctx;

	kaesbench_impls_put(dump->impls);
	return 0;
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
