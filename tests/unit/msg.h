/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Hand-built kaesbench messages for the unit tests, made with libmnl the
 * way the kernel lays them out.
 */
#ifndef KAESBENCH_TEST_MSG_H
#define KAESBENCH_TEST_MSG_H

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>

#define MSG_BUF_SIZE 4096

static inline struct nlmsghdr *msg_start_cmd(void *buf, uint8_t cmd)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct genlmsghdr *genl;

	nlh->nlmsg_type = 0x20;
	genl = mnl_nlmsg_put_extra_header(nlh, sizeof(*genl));
	genl->cmd = cmd;
	genl->version = KAESBENCH_GENL_VERSION;
	return nlh;
}

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

/*
 * A 64-bit attribute as nla_put_u64_64bit() lays it out: a KAESBENCH_A_PAD
 * first when the value would not be 8-byte aligned.
 */
static inline void msg_put_u64(struct nlmsghdr *nlh, uint16_t type, uint64_t v)
{
	if ((nlh->nlmsg_len + MNL_ATTR_HDRLEN) % 8)
		mnl_attr_put(nlh, KAESBENCH_A_PAD, 0, NULL);
	mnl_attr_put_u64(nlh, type, v);
}

/* A KAESBENCH_CMD_SAMPLE message; @cycles 0 leaves the cycle count out. */
static inline struct nlmsghdr *msg_sample(void *buf, uint32_t id, uint32_t size,
					  uint32_t index, uint64_t ops,
					  uint64_t wall_ns, uint64_t busy_ns,
					  uint64_t cycles)
{
	struct nlmsghdr *nlh = msg_start_cmd(buf, KAESBENCH_CMD_SAMPLE);

	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, id);
	mnl_attr_put_u32(nlh, KAESBENCH_A_SAMPLE_SIZE, size);
	mnl_attr_put_u32(nlh, KAESBENCH_A_SAMPLE_INDEX, index);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_OPS, ops);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_BYTES, ops * size);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_WALL_NS, wall_ns);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_THREAD_NS, wall_ns);
	msg_put_u64(nlh, KAESBENCH_A_SAMPLE_BUSY_NS, busy_ns);
	if (cycles)
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_CYCLES, cycles);
	return nlh;
}

/* The reply to KAESBENCH_CMD_RUN for "cbc-aes-aesni". */
static inline struct nlmsghdr *msg_run_reply(void *buf, uint32_t id)
{
	struct nlmsghdr *nlh = msg_start_cmd(buf, KAESBENCH_CMD_RUN);

	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, id);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_DEPTH, 1);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_KEY_BITS, 128);
	msg_put_skcipher(nlh, "cbc(aes)", "cbc-aes-aesni", 400, 0);
	return nlh;
}

/* A KAESBENCH_CMD_RUN_END message; @message NULL leaves it out. */
static inline struct nlmsghdr *msg_run_end(void *buf, uint32_t id,
					   int32_t status, const char *message)
{
	struct nlmsghdr *nlh = msg_start_cmd(buf, KAESBENCH_CMD_RUN_END);

	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, id);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_STATUS, (uint32_t)status);
	if (message)
		mnl_attr_put_strz(nlh, KAESBENCH_A_RUN_MESSAGE, message);
	return nlh;
}

#endif /* KAESBENCH_TEST_MSG_H */
