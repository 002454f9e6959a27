// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The failing case of a verification: parsed from its nest with the same
 * rules as every message (validate before reading, skip the unknown,
 * require what the protocol promises), and put in words.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/kaesbench.h>

#include "kernel/failing_case.h"

struct case_parse {
	struct kb_vcase *c;
	uint32_t seen; /* bit n: attribute n was received */
};

static int get_u32(const struct nlattr *attr, uint32_t *v)
{
	if (mnl_attr_validate(attr, MNL_TYPE_U32) < 0)
		return MNL_CB_ERROR;
	*v = mnl_attr_get_u32(attr);
	return MNL_CB_OK;
}

static int get_segments(const struct nlattr *attr, struct kb_vcase *c)
{
	uint16_t len = mnl_attr_get_payload_len(attr);
	const uint32_t *seg = mnl_attr_get_payload(attr);
	size_t i;

	if (len % sizeof(uint32_t))
		return MNL_CB_ERROR;
	c->nsegs = len / sizeof(uint32_t);
	for (i = 0; i < c->nsegs && i < KB_VCASE_SEGS; i++)
		memcpy(&c->seg[i], &seg[i], sizeof(*seg));
	return MNL_CB_OK;
}

static int case_attr(const struct nlattr *attr, void *data)
{
	struct case_parse *p = data;
	struct kb_vcase *c = p->c;
	unsigned int type = mnl_attr_get_type(attr);
	uint32_t v = 0;
	int ret;

	switch (type) {
	case KAESBENCH_CASE_A_INDEX:
		ret = get_u32(attr, &c->index);
		break;
	case KAESBENCH_CASE_A_OP:
		ret = get_u32(attr, &c->op);
		break;
	case KAESBENCH_CASE_A_LEN:
		ret = get_u32(attr, &c->len);
		break;
	case KAESBENCH_CASE_A_AAD_LEN:
		ret = get_u32(attr, &c->aad_len);
		break;
	case KAESBENCH_CASE_A_SRC_OFFSET:
		ret = get_u32(attr, &c->src_offset);
		break;
	case KAESBENCH_CASE_A_DST_OFFSET:
		ret = get_u32(attr, &c->dst_offset);
		break;
	case KAESBENCH_CASE_A_IN_PLACE:
		ret = mnl_attr_validate(attr, MNL_TYPE_FLAG) < 0 ?
			      MNL_CB_ERROR :
			      MNL_CB_OK;
		c->in_place = ret == MNL_CB_OK;
		break;
	case KAESBENCH_CASE_A_SEGMENTS:
		ret = get_segments(attr, c);
		break;
	case KAESBENCH_CASE_A_ERROR:
		ret = get_u32(attr, &v);
		c->error = (int32_t)v;
		c->has_error = ret == MNL_CB_OK;
		break;
	case KAESBENCH_CASE_A_OFFSET:
		ret = get_u32(attr, &c->offset);
		c->has_offset = ret == MNL_CB_OK;
		break;
	case KAESBENCH_CASE_A_CPU:
		ret = get_u32(attr, &c->cpu);
		c->has_cpu = ret == MNL_CB_OK;
		break;
	default:
		return MNL_CB_OK;
	}
	if (ret == MNL_CB_OK)
		p->seen |= 1U << type;
	return ret;
}

/**
 * kb_vcase_parse() - parse a KAESBENCH_A_VERIFY_CASE nest
 * @nest: the attribute
 * @c: filled in
 *
 * Return: 0, or -1 if malformed or lacking the index, operation, length,
 * associated data length or either offset.
 */
int kb_vcase_parse(const struct nlattr *nest, struct kb_vcase *c)
{
	const uint32_t required =
		1U << KAESBENCH_CASE_A_INDEX | 1U << KAESBENCH_CASE_A_OP |
		1U << KAESBENCH_CASE_A_LEN | 1U << KAESBENCH_CASE_A_AAD_LEN |
		1U << KAESBENCH_CASE_A_SRC_OFFSET |
		1U << KAESBENCH_CASE_A_DST_OFFSET;
	struct case_parse p = { .c = c };

	memset(c, 0, sizeof(*c));
	if (mnl_attr_validate(nest, MNL_TYPE_NESTED) < 0 ||
	    mnl_attr_parse_nested(nest, case_attr, &p) != MNL_CB_OK)
		return -1;
	return (p.seen & required) == required ? 0 : -1;
}

static size_t put_segments(const struct kb_vcase *c, char *buf, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < c->nsegs && i < KB_VCASE_SEGS && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%u", i ? "+" : "",
			      c->seg[i]);
	if (c->nsegs > KB_VCASE_SEGS && n < len)
		n += snprintf(buf + n, len - n, "+...");
	return n;
}

/**
 * kb_vcase_layout() - a failing case's data and buffers, in words
 * @c: the case
 * @buf: where to write
 * @len: size of @buf, KB_VCASE_TEXT_MAX to be sure of all of it
 *
 * Return: @buf, such as "length 56368, associated data 0, source offset 3
 * in 2 segments (40000+16368), destination offset 9, out of place".
 */
const char *kb_vcase_layout(const struct kb_vcase *c, char *buf, size_t len)
{
	char segs[KB_VCASE_TEXT_MAX / 2] = "";
	size_t n;

	put_segments(c, segs, sizeof(segs));
	n = snprintf(buf, len,
		     "length %u, associated data %u, source offset %u", c->len,
		     c->aad_len, c->src_offset);
	if (n < len && c->nsegs)
		n += snprintf(buf + n, len - n, " in %zu segment%s (%s)",
			      c->nsegs, c->nsegs == 1 ? "" : "s", segs);
	if (n < len && c->in_place)
		snprintf(buf + n, len - n, ", in place");
	else if (n < len)
		snprintf(buf + n, len - n,
			 ", destination offset %u, out of place",
			 c->dst_offset);
	return buf;
}

/**
 * kb_check_release() - free what a verification's outcome holds
 * @check: the outcome; zeroed
 */
void kb_check_release(struct kb_check *check)
{
	free(check->reference);
	memset(check, 0, sizeof(*check));
}
