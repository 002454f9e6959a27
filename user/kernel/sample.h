/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One sample, as KAESBENCH_CMD_SAMPLE carries it or a userspace path
 * measures it, and its fields stated once: the attribute and type of each
 * on the wire, where it is kept, its JSON member and its CSV column. The
 * message parser, the JSON, CSV and -mr writers all read this one table,
 * as ethtool's netlink/desc-*.c tables serve its parser and printers.
 */
#ifndef KAESBENCH_KERNEL_SAMPLE_H
#define KAESBENCH_KERNEL_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct kb_sample {
	uint32_t size;
	uint32_t index;
	uint64_t ops;
	uint64_t bytes;
	uint64_t wall_ns;
	uint64_t thread_ns;
	uint64_t busy_ns; /* all CPUs: the sum of the four below */
	uint64_t user_ns;
	uint64_t system_ns;
	uint64_t softirq_ns;
	uint64_t irq_ns;
	bool has_busy_kinds; /* the four above were sent */
	uint64_t cycles;
	bool has_cycles;
	uint32_t cpu; /* the CPU it was taken on, if has_cpu */
	bool has_cpu;
	uint64_t lat_count; /* requests timed; the rest if has_latency */
	uint64_t lat_p50_ns;
	uint64_t lat_p99_ns;
	uint64_t lat_max_ns;
	bool has_latency;
	/*
	 * Requests submitted, of those where SIMD was unusable, and of those
	 * not completed at once; if has_calls (modules before --context
	 * send none).
	 */
	uint64_t submitted;
	uint64_t no_simd;
	uint64_t deferred;
	bool has_calls;
};

/*
 * Fields that come together or not at all: a sample holds every field of
 * a group, or none and says so (struct kb_sample's has_* flags).
 */
enum kb_sample_group {
	KB_SG_ALWAYS, /* in every sample */
	KB_SG_BUSY_KINDS, /* busy time by kind: user, system, softirq, irq */
	KB_SG_CYCLES, /* TSC cycles, where the TSC is constant-rate */
	KB_SG_CPU, /* the CPU, for runs on several CPUs at once */
	KB_SG_LATENCY, /* request latencies, for runs that time them */
	KB_SG_CALLS, /* how the requests were submitted and completed */
	KB_SG_COUNT
};

/* The fields, in the order of their attributes and of the CSV columns. */
enum kb_sample_field_id {
	KB_SF_SIZE,
	KB_SF_INDEX,
	KB_SF_OPS,
	KB_SF_BYTES,
	KB_SF_WALL_NS,
	KB_SF_THREAD_NS,
	KB_SF_BUSY_NS,
	KB_SF_CYCLES,
	KB_SF_CPU,
	KB_SF_USER_NS,
	KB_SF_SYSTEM_NS,
	KB_SF_SOFTIRQ_NS,
	KB_SF_IRQ_NS,
	KB_SF_LAT_COUNT,
	KB_SF_LAT_P50_NS,
	KB_SF_LAT_P99_NS,
	KB_SF_LAT_MAX_NS,
	KB_SF_SUBMITTED,
	KB_SF_NO_SIMD,
	KB_SF_DEFERRED,
	KB_SF_COUNT
};

struct kb_sample_field {
	uint16_t attr; /* KAESBENCH_A_SAMPLE_* */
	uint8_t bits; /* 32 or 64: NLA_U32 or NLA_U64, and its C type */
	enum kb_sample_group group;
	size_t offset; /* of the value in struct kb_sample */
	const char *json; /* its member, in its group's JSON object */
	const char *csv; /* its column of --csv=samples */
};

/*
 * A group: whether a sample may lack it, and then the offset of the flag
 * that says it has it; and, if its fields are kept apart in JSON, the
 * member holding them as an object (null when absent), else NULL: they are
 * members of the sample itself, each null when absent.
 */
struct kb_sample_group_desc {
	bool optional;
	size_t has;
	const char *json;
};

extern const struct kb_sample_field kb_sample_fields[KB_SF_COUNT];
extern const struct kb_sample_group_desc kb_sample_groups[KB_SG_COUNT];

const struct kb_sample_field *kb_sample_field_of(unsigned int attr);
uint64_t kb_sample_get(const struct kb_sample *s, enum kb_sample_field_id id);
void kb_sample_set(struct kb_sample *s, const struct kb_sample_field *f,
		   uint64_t v);
bool kb_sample_has(const struct kb_sample *s, enum kb_sample_group g);
void kb_sample_set_has(struct kb_sample *s, enum kb_sample_group g, bool has);

#endif /* KAESBENCH_KERNEL_SAMPLE_H */
