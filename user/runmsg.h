/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Parsing of the messages of a run: the reply to KAESBENCH_CMD_RUN, the
 * KAESBENCH_CMD_SAMPLE messages and the final KAESBENCH_CMD_RUN_END.
 */
#ifndef KAESBENCH_RUNMSG_H
#define KAESBENCH_RUNMSG_H

#include <stdint.h>

#include "impl.h"
#include "result.h"

struct nlmsghdr;

struct kb_run_reply {
	uint32_t id;
	uint32_t depth;
	uint32_t key_bits;
	struct kb_impl impl;
};

struct kb_run_end {
	uint32_t id;
	int32_t status;
	char *message; /* NULL when the kernel sent none */
};

int kb_msg_cmd(const struct nlmsghdr *nlh);
int kb_run_reply_parse(const struct nlmsghdr *nlh, struct kb_run_reply *r);
int kb_sample_parse(const struct nlmsghdr *nlh, uint32_t *id,
		    struct kb_sample *s);
int kb_run_end_parse(const struct nlmsghdr *nlh, struct kb_run_end *e);
int kb_run_msg_cb(const struct nlmsghdr *nlh, void *data);

#endif /* KAESBENCH_RUNMSG_H */
