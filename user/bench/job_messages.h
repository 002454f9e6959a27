/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Parsing of the messages of a job: KAESBENCH_CMD_RUN_WAIT while it waits
 * for its turn, the reply to KAESBENCH_CMD_RUN or KAESBENCH_CMD_VERIFY, the
 * KAESBENCH_CMD_SAMPLE messages of a run and the final
 * KAESBENCH_CMD_RUN_END.
 */
#ifndef KAESBENCH_BENCH_JOB_MESSAGES_H
#define KAESBENCH_BENCH_JOB_MESSAGES_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/impls.h"
#include "bench/result.h"
#include "kernel/failing_case.h"

struct nlmsghdr;

/* Why a softirq run cannot be had from this module. */
#define KB_CONTEXT_UNKNOWN                                                 \
	"this kaesbench module does not know --context (it is older than " \
	"the tool): load the module built with this tool to measure in "   \
	"softirq context"

/* The reply to KAESBENCH_CMD_RUN or KAESBENCH_CMD_VERIFY. */
struct kb_run_reply {
	uint32_t id;
	uint32_t context; /* enum kaesbench_context, if has_context */
	bool has_context; /* modules before --context do not say */
	uint32_t depth; /* runs only */
	uint32_t key_bits;
	struct kb_impl impl;
	uint32_t cases; /* 0 when the run does not verify first */
	char *reference; /* NULL when the run does not verify first */
	uint64_t seed; /* verifications only */
	uint64_t memory; /* bytes the job holds; 0 when not told */
	uint32_t check_every; /* runs: measured requests checked, 1 in N */
	bool has_check_every;
	uint64_t waited_ms; /* for its turn, if has_waited_ms */
	bool has_waited_ms;
	char *notice; /* requests given up, or NULL */
};

struct kb_run_end {
	uint32_t id;
	int32_t status;
	char *message; /* NULL when the kernel sent none */
	uint32_t done; /* verification cases passed, if has_done */
	bool has_done;
	uint64_t requests; /* verification requests checked, if has_requests */
	uint64_t wrong; /* of those, computed wrong, if has_requests */
	uint64_t errors; /* of those, failed with an error */
	uint64_t bytes; /* their data */
	uint64_t slowest_ns; /* submission to completion seen, at most */
	bool has_requests;
	bool has_case;
	struct kb_vcase vcase; /* the case that failed, if has_case */
	bool refused; /* before any work, as an error reply would have */
	uint64_t checked; /* runs: measured requests checked, if has_checked */
	uint64_t measured_wrong; /* of those, wrong */
	bool has_checked;
	uint64_t waited_ms; /* for its turn, if has_waited_ms */
	bool has_waited_ms;
	char *notice; /* requests given up, or NULL */
};

int kb_msg_cmd(const struct nlmsghdr *nlh);
int kb_run_reply_parse(const struct nlmsghdr *nlh, struct kb_run_reply *r);
int kb_verify_reply_parse(const struct nlmsghdr *nlh, struct kb_run_reply *r);
void kb_run_reply_release(struct kb_run_reply *r);
int kb_sample_parse(const struct nlmsghdr *nlh, uint32_t *id,
		    struct kb_sample *s);
int kb_run_end_parse(const struct nlmsghdr *nlh, struct kb_run_end *e);
int kb_run_wait_parse(const struct nlmsghdr *nlh, uint32_t *id,
		      struct kb_wait *w);
int kb_run_msg_cb(const struct nlmsghdr *nlh, void *data);

#endif /* KAESBENCH_BENCH_JOB_MESSAGES_H */
