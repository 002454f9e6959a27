// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The sample's fields, in one table: a field added to the protocol is a
 * line here (and in struct kb_sample), and the parser, JSON and CSV have
 * it. Its JSON member and CSV column names are those of
 * Documentation/results.rst, which scripts read: they do not change.
 */

#include <stddef.h>

#include <linux/kaesbench.h>

#include "kernel/sample.h"

#define FIELD(id, a, b, g, member, j, c)                               \
	[KB_SF_##id] = { .attr = KAESBENCH_A_SAMPLE_##a,               \
			 .bits = b,                                    \
			 .group = KB_SG_##g,                           \
			 .offset = offsetof(struct kb_sample, member), \
			 .json = j,                                    \
			 .csv = c }

const struct kb_sample_field kb_sample_fields[KB_SF_COUNT] = {
	FIELD(SIZE, SIZE, 32, ALWAYS, size, "size", "size"),
	FIELD(INDEX, INDEX, 32, ALWAYS, index, "index", "index"),
	FIELD(OPS, OPS, 64, ALWAYS, ops, "ops", "ops"),
	FIELD(BYTES, BYTES, 64, ALWAYS, bytes, "bytes", "bytes"),
	FIELD(WALL_NS, WALL_NS, 64, ALWAYS, wall_ns, "wall_ns", "wall_ns"),
	FIELD(THREAD_NS, THREAD_NS, 64, ALWAYS, thread_ns, "thread_ns",
	      "thread_ns"),
	FIELD(BUSY_NS, BUSY_NS, 64, ALWAYS, busy_ns, "busy_ns", "busy_ns"),
	FIELD(CYCLES, CYCLES, 64, CYCLES, cycles, "cycles", "cycles"),
	FIELD(CPU, CPU, 32, CPU, cpu, "cpu", "cpu"),
	FIELD(USER_NS, USER_NS, 64, BUSY_KINDS, user_ns, "user_ns", "user_ns"),
	FIELD(SYSTEM_NS, SYSTEM_NS, 64, BUSY_KINDS, system_ns, "system_ns",
	      "system_ns"),
	FIELD(SOFTIRQ_NS, SOFTIRQ_NS, 64, BUSY_KINDS, softirq_ns, "softirq_ns",
	      "softirq_ns"),
	FIELD(IRQ_NS, IRQ_NS, 64, BUSY_KINDS, irq_ns, "irq_ns", "irq_ns"),
	FIELD(LAT_COUNT, LAT_COUNT, 64, LATENCY, lat_count, "count",
	      "latency_count"),
	FIELD(LAT_P50_NS, LAT_P50_NS, 64, LATENCY, lat_p50_ns, "p50_ns",
	      "latency_p50_ns"),
	FIELD(LAT_P99_NS, LAT_P99_NS, 64, LATENCY, lat_p99_ns, "p99_ns",
	      "latency_p99_ns"),
	FIELD(LAT_MAX_NS, LAT_MAX_NS, 64, LATENCY, lat_max_ns, "max_ns",
	      "latency_max_ns"),
	FIELD(SUBMITTED, SUBMITTED, 64, CALLS, submitted, "submitted",
	      "submitted"),
	FIELD(NO_SIMD, NO_SIMD, 64, CALLS, no_simd, "no_simd", "no_simd"),
	FIELD(DEFERRED, DEFERRED, 64, CALLS, deferred, "deferred", "deferred"),
};

#define GROUP(g, flag, j)                                        \
	[KB_SG_##g] = { .optional = true,                        \
			.has = offsetof(struct kb_sample, flag), \
			.json = j }

/* In this order in JSON; each field in its group in the table's order. */
const struct kb_sample_group_desc kb_sample_groups[KB_SG_COUNT] = {
	[KB_SG_ALWAYS] = { .optional = false },
	GROUP(BUSY_KINDS, has_busy_kinds, NULL),
	GROUP(CYCLES, has_cycles, NULL),
	GROUP(CPU, has_cpu, NULL),
	GROUP(LATENCY, has_latency, "latency"),
	GROUP(CALLS, has_calls, NULL),
};

/**
 * kb_sample_field_of() - the field a KAESBENCH_CMD_SAMPLE attribute carries
 * @attr: an attribute type
 *
 * Return: the field, or NULL for an attribute that is no sample field.
 */
const struct kb_sample_field *kb_sample_field_of(unsigned int attr)
{
	size_t i;

	for (i = 0; i < KB_SF_COUNT; i++)
		if (kb_sample_fields[i].attr == attr)
			return &kb_sample_fields[i];
	return NULL;
}

/**
 * kb_sample_get() - a field of a sample
 * @s: the sample
 * @id: the field
 *
 * Return: its value, whether or not the sample has its group.
 */
uint64_t kb_sample_get(const struct kb_sample *s, enum kb_sample_field_id id)
{
	const struct kb_sample_field *f = &kb_sample_fields[id];
	const char *p = (const char *)s + f->offset;

	return f->bits == 32 ? *(const uint32_t *)p : *(const uint64_t *)p;
}

/**
 * kb_sample_set() - set a field of a sample
 * @s: the sample
 * @f: the field, from kb_sample_fields
 * @v: its value; a 32-bit field keeps the low 32 bits
 */
void kb_sample_set(struct kb_sample *s, const struct kb_sample_field *f,
		   uint64_t v)
{
	char *p = (char *)s + f->offset;

	if (f->bits == 32)
		*(uint32_t *)p = (uint32_t)v;
	else
		*(uint64_t *)p = v;
}

/**
 * kb_sample_has() - whether a sample holds a group of fields
 * @s: the sample
 * @g: the group
 *
 * Return: true for KB_SG_ALWAYS, else the group's flag.
 */
bool kb_sample_has(const struct kb_sample *s, enum kb_sample_group g)
{
	const struct kb_sample_group_desc *d = &kb_sample_groups[g];

	return !d->optional || *(const bool *)((const char *)s + d->has);
}

/**
 * kb_sample_set_has() - say whether a sample holds an optional group
 * @s: the sample
 * @g: the group; KB_SG_ALWAYS is left as it is
 * @has: whether it does
 */
void kb_sample_set_has(struct kb_sample *s, enum kb_sample_group g, bool has)
{
	const struct kb_sample_group_desc *d = &kb_sample_groups[g];

	if (d->optional)
		*(bool *)((char *)s + d->has) = has;
}
