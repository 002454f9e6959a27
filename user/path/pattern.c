// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The units' stamp and bytes (path/pattern.h). The body is xorshift's
 * from the run's tag: not to be guessed by a wrong implementation that
 * outputs zeros or its input, and the same at both ends without being
 * sent.
 */

#include <string.h>

#include "path/pattern.h"

#define MAGIC 0x6b616573u /* "kaes" */

static uint32_t check_of(const struct kb_pattern_header *h)
{
	uint64_t x = (h->seq ^ ((uint64_t)h->len << 32) ^ h->tag) *
		     0x9e3779b97f4a7c15ull;

	return (uint32_t)(x >> 32);
}

void kb_pattern_body(uint8_t *body, size_t len, uint32_t tag)
{
	uint64_t x = tag | 1;
	size_t i;

	for (i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		body[i] = (uint8_t)x;
	}
}

void kb_pattern_stamp(struct kb_pattern_header *h, uint32_t tag, uint64_t seq,
		      uint32_t len)
{
	h->magic = MAGIC;
	h->tag = tag;
	h->seq = seq;
	h->len = len;
	h->check = check_of(h);
}

bool kb_pattern_right(const uint8_t *buf, size_t len, uint32_t tag,
		      const uint8_t *body, uint64_t *seq)
{
	struct kb_pattern_header h;

	if (len < sizeof(h))
		return false;
	memcpy(&h, buf, sizeof(h));
	if (h.magic != MAGIC || h.tag != tag || h.len != len ||
	    h.check != check_of(&h) ||
	    memcmp(buf + sizeof(h), body + sizeof(h), len - sizeof(h)))
		return false;
	if (seq)
		*seq = h.seq;
	return true;
}
