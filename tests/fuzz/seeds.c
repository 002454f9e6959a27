// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Seeds for the fuzz harnesses, so that a bounded run starts from what the
 * module and a user really send rather than from nothing: a run (reply,
 * samples with every optional group, its end), a failed verification with
 * its case, error acks with extack and policy bounds, a GET_IMPLS dump and
 * the family's description; and a few command lines.
 *
 * usage: seeds NETLINK_DIR OPTIONS_DIR
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>

#include "../unit/msg.h"

#define STREAM 16384

struct stream {
	char buf[STREAM];
	size_t len;
};

static char *dir;

static void save(const char *name, unsigned char mode, const void *data,
		 size_t len)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fputc(mode, f) == EOF || fwrite(data, 1, len, f) != len ||
	    fclose(f)) {
		perror(path);
		exit(1);
	}
}

/* Room for the next message of @s, aligned as one recvfrom() returns. */
static void *next(struct stream *s)
{
	return s->buf + s->len;
}

static void add(struct stream *s, const struct nlmsghdr *nlh)
{
	s->len += MNL_ALIGN(nlh->nlmsg_len);
}

static void sample(struct stream *s, uint32_t size, uint32_t index,
		   bool optional)
{
	struct nlmsghdr *nlh = msg_sample(next(s), 7, size, index, 1000,
					  100000000, 50000000,
					  optional ? 123456 : 0);

	if (optional) {
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_USER_NS, 1);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_SYSTEM_NS, 49999997);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_SOFTIRQ_NS, 1);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_IRQ_NS, 1);
		mnl_attr_put_u32(nlh, KAESBENCH_A_SAMPLE_CPU, index % 2);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_LAT_COUNT, 1000);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_LAT_P50_NS, 900);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_LAT_P99_NS, 1500);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_LAT_MAX_NS, 9000);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_SUBMITTED, 1000);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_NO_SIMD, 10);
		msg_put_u64(nlh, KAESBENCH_A_SAMPLE_DEFERRED, 1);
	}
	add(s, nlh);
}

static void run_seed(void)
{
	struct stream s = { 0 };
	struct nlmsghdr *nlh;
	uint32_t i;

	nlh = msg_run_reply(next(&s), 7);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_CONTEXT,
			 KAESBENCH_CONTEXT_THREAD);
	msg_put_u64(nlh, KAESBENCH_A_RUN_MEMORY, 1 << 20);
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, 64);
	mnl_attr_put_strz(nlh, KAESBENCH_A_VERIFY_REFERENCE,
			  "cbc(aes-generic)");
	add(&s, nlh);
	for (i = 0; i < 6; i++)
		sample(&s, i < 3 ? 16 : 1420, i % 3, i % 2);
	nlh = msg_run_end(next(&s), 7, 0, NULL);
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, 64);
	add(&s, nlh);
	save("run", 0, s.buf, s.len);
}

static void verify_seed(void)
{
	static const uint32_t segs[] = { 7, 9 };
	struct stream s = { 0 };
	struct nlmsghdr *nlh;
	struct nlattr *nest;

	nlh = msg_start_cmd(next(&s), KAESBENCH_CMD_VERIFY);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_ID, 3);
	mnl_attr_put_u32(nlh, KAESBENCH_A_RUN_KEY_BITS, 128);
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, 256);
	msg_put_u64(nlh, KAESBENCH_A_VERIFY_SEED, 0x1234);
	mnl_attr_put_strz(nlh, KAESBENCH_A_VERIFY_REFERENCE,
			  "cbc(aes-generic)");
	msg_put_skcipher(nlh, "cbc(aes)", "cbc-aes-wrong", 300, 0);
	add(&s, nlh);
	nlh = msg_run_end(next(&s), 3, -EBADMSG, "case 17 differs");
	mnl_attr_put_u32(nlh, KAESBENCH_A_VERIFY_CASES, 18);
	nest = mnl_attr_nest_start(nlh, KAESBENCH_A_VERIFY_CASE);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_INDEX, 17);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_OP, KAESBENCH_CASE_OP_DECRYPT);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_LEN, 16);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_AAD_LEN, 0);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_SRC_OFFSET, 3);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_DST_OFFSET, 0);
	mnl_attr_put(nlh, KAESBENCH_CASE_A_SEGMENTS, sizeof(segs), segs);
	mnl_attr_put_u32(nlh, KAESBENCH_CASE_A_OFFSET, 5);
	mnl_attr_nest_end(nlh, nest);
	add(&s, nlh);
	save("verify", 0, s.buf, s.len);
}

/* The refusal of a run request's KAESBENCH_A_RUN_DEPTH, as netlink_ack(). */
static void refusal_seed(void)
{
	struct stream s = { 0 };
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(next(&s));
	struct nlmsgerr *err;
	struct nlattr *nest;

	nlh->nlmsg_type = NLMSG_ERROR;
	nlh->nlmsg_flags = NLM_F_CAPPED | NLM_F_ACK_TLVS;
	err = mnl_nlmsg_put_extra_header(nlh, sizeof(*err));
	err->error = -ERANGE;
	err->msg.nlmsg_len = 64;
	mnl_attr_put_strz(nlh, NLMSGERR_ATTR_MSG, "depth out of range");
	mnl_attr_put_u32(nlh, NLMSGERR_ATTR_OFFS, 48);
	nest = mnl_attr_nest_start(nlh, NLMSGERR_ATTR_POLICY);
	mnl_attr_put(nlh, NL_POLICY_TYPE_ATTR_PAD, 0, NULL);
	mnl_attr_put_u64(nlh, NL_POLICY_TYPE_ATTR_MIN_VALUE_U, 1);
	mnl_attr_put_u64(nlh, NL_POLICY_TYPE_ATTR_MAX_VALUE_U, 64);
	mnl_attr_put_u32(nlh, NL_POLICY_TYPE_ATTR_TYPE, NL_ATTR_TYPE_U32);
	mnl_attr_nest_end(nlh, nest);
	add(&s, nlh);
	save("refusal", 0, s.buf, s.len);
}

static void impls_seed(void)
{
	struct stream s = { 0 };
	struct nlmsghdr *nlh;
	int *error;

	nlh = msg_start(next(&s));
	msg_put_skcipher(nlh, "cbc(aes)", "cbc-aes-aesni", 400,
			 KAESBENCH_IMPL_F_SELECTED);
	add(&s, nlh);
	nlh = msg_start(next(&s));
	msg_put_skcipher(nlh, "cbc(aes)", "cbc(aes-generic)", 100, 0);
	add(&s, nlh);
	nlh = mnl_nlmsg_put_header(next(&s));
	nlh->nlmsg_type = NLMSG_DONE;
	nlh->nlmsg_flags = NLM_F_MULTI;
	error = mnl_nlmsg_put_extra_header(nlh, sizeof(*error));
	*error = 0;
	add(&s, nlh);
	save("impls", 1, s.buf, s.len);
}

static void family_seed(void)
{
	struct stream s = { 0 };
	struct nlmsghdr *nlh = msg_start_cmd(next(&s), CTRL_CMD_NEWFAMILY);
	struct nlattr *ops, *op;

	nlh->nlmsg_type = GENL_ID_CTRL;
	mnl_attr_put_strz(nlh, CTRL_ATTR_FAMILY_NAME, "kaesbench");
	mnl_attr_put_u16(nlh, CTRL_ATTR_FAMILY_ID, 0x1c);
	mnl_attr_put_u32(nlh, CTRL_ATTR_VERSION, 1);
	ops = mnl_attr_nest_start(nlh, CTRL_ATTR_OPS);
	op = mnl_attr_nest_start(nlh, 1);
	mnl_attr_put_u32(nlh, CTRL_ATTR_OP_ID, KAESBENCH_CMD_GET_IMPLS);
	mnl_attr_put_u32(nlh, CTRL_ATTR_OP_FLAGS, GENL_CMD_CAP_DUMP);
	mnl_attr_nest_end(nlh, op);
	mnl_attr_nest_end(nlh, ops);
	add(&s, nlh);
	save("family", 2, s.buf, s.len);
}

/* A command line: the parser, then its arguments, each ended by a NUL. */
#define ARGS(s) s, sizeof(s) - 1

int main(int argc, char *argv[])
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s NETLINK_DIR OPTIONS_DIR\n", argv[0]);
		return 2;
	}
	dir = argv[1];
	run_seed();
	verify_seed();
	refusal_seed();
	impls_seed();
	family_seed();
	dir = argv[2];
	/* Split where a digit follows a NUL: "\0" "16", not "\016". */
	save("run", 0,
	     ARGS("-d\0cbc-aes-aesni\0-b\0"
		  "16,1420,65536\0--depth\0"
		  "8\0--latency\0--context\0softirq\0--json\0"));
	save("run-imix", 0,
	     ARGS("-a\0rfc4106(gcm(aes))\0--all-impls\0--imix\0"
		  "7x64,4x576,1x1500\0--paths\0kernel,afalg\0"));
	save("run-cpus", 0,
	     ARGS("-d\0cbc-aes-aesni\0--cpus\0"
		  "0-1,3\0--csv=samples\0-o\0out.csv\0"));
	save("sweep", 1,
	     ARGS("--paths\0openssl\0-k\0"
		  "256\0-t\0"
		  "50\0-r\0"
		  "3\0--mr\0--plot\0x.svg\0"));
	save("list", 2, ARGS("--json\0"));
	save("doctor", 3, ARGS("--quick\0--json\0"));
	save("priority", 4,
	     ARGS("cbc-aes-aesni\0"
		  "10000\0"));
	return 0;
}
