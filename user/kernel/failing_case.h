/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A verification's outcome: the reference it was checked against, how many
 * cases it asked for and did, and the case that failed, from the
 * KAESBENCH_A_VERIFY_CASE nest.
 */
#ifndef KAESBENCH_KERNEL_FAILING_CASE_H
#define KAESBENCH_KERNEL_FAILING_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct nlattr;

/* Segment lengths kept of a case; the kernel splits into at most 8. */
#define KB_VCASE_SEGS 16

struct kb_vcase {
	uint32_t index;
	uint32_t op; /* enum kaesbench_case_op */
	uint32_t len;
	uint32_t aad_len;
	uint32_t src_offset;
	uint32_t dst_offset;
	bool in_place;
	uint32_t seg[KB_VCASE_SEGS];
	size_t nsegs; /* as sent; only the first KB_VCASE_SEGS are kept */
	int32_t error; /* valid if has_error */
	bool has_error;
	uint32_t offset; /* first byte that differs; valid if has_offset */
	bool has_offset;
	uint32_t cpu; /* the CPU it ran on; valid if has_cpu (--cpus) */
	bool has_cpu;
};

/* What a verification, or the one a run does first, came to. */
struct kb_check {
	bool skipped; /* not asked for: --no-verify */
	uint32_t cases; /* asked for; 0 when the kernel did not verify */
	uint32_t done; /* cases passed, from the end; valid if has_done */
	bool has_done;
	uint32_t depth; /* cases in progress together (KAESBENCH_CMD_VERIFY) */
	uint64_t requests; /* checked, from the end; valid if has_requests */
	uint64_t wrong; /* of those, computed wrong */
	uint64_t errors; /* of those, failed with an error */
	uint64_t bytes; /* their data */
	uint64_t slowest_ns; /* submission to completion seen, at most */
	bool has_requests;
	uint64_t seed; /* valid if has_seed (KAESBENCH_CMD_VERIFY only) */
	bool has_seed;
	char *reference; /* the reference's driver name, or NULL */
	bool has_case;
	struct kb_vcase vcase; /* the case that failed, if has_case */
};

/* Room for kb_vcase_layout()'s words. */
#define KB_VCASE_TEXT_MAX 256

int kb_vcase_parse(const struct nlattr *nest, struct kb_vcase *c);
const char *kb_vcase_layout(const struct kb_vcase *c, char *buf, size_t len);
void kb_check_release(struct kb_check *check);

#endif /* KAESBENCH_KERNEL_FAILING_CASE_H */
