/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Hand-built KAESBENCH_CMD_GET_IMPLS replies for the unit tests, made with
 * libmnl the way the kernel lays them out.
 */
#ifndef KAESBENCH_TEST_MSG_H
#define KAESBENCH_TEST_MSG_H

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>

#define MSG_BUF_SIZE 4096

static inline struct nlmsghdr *msg_start(void *buf)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;

	nlh->nlmsg_type = 0x20;
	nlh->nlmsg_flags = NLM_F_MULTI;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = KAESBENCH_CMD_GET_IMPLS;
	genl->version = KAESBENCH_GENL_VERSION;
	return nlh;
}

/* What the module sends for a "cbc(aes)" skcipher. */
static inline void msg_put_skcipher(struct nlmsghdr *nlh, const char *alg,
				    const char *driver, uint32_t prio,
				    uint32_t flags)
{
	struct nlattr *nest = mnl_attr_nest_start(nlh, KAESBENCH_A_IMPL);

	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_ALG_NAME, alg);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_DRIVER_NAME, driver);
	mnl_attr_put_strz(nlh, KAESBENCH_IMPL_A_MODULE, "aesni_intel");
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_PRIORITY, prio);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_TYPE,
			 KAESBENCH_IMPL_TYPE_SKCIPHER);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_FLAGS, flags);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_BLOCK_SIZE, 16);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_MIN_KEY_SIZE, 16);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_MAX_KEY_SIZE, 32);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_IV_SIZE, 16);
	mnl_attr_put_u32(nlh, KAESBENCH_IMPL_A_CHUNK_SIZE, 16);
	mnl_attr_nest_end(nlh, nest);
}

#endif /* KAESBENCH_TEST_MSG_H */
