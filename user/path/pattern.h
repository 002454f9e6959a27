/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What every unit a path sends carries (a datagram, a TLS record's
 * plaintext), so that the receiver can tell it whole and right: a
 * header (which run, which unit, how long, a check of those) and a body
 * of bytes drawn from the run, one body for all units, so that stamping
 * one costs next to nothing and the path, not the sender, is measured.
 */
#ifndef KAESBENCH_PATH_PATTERN_H
#define KAESBENCH_PATH_PATTERN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The header: the smallest unit. */
#define KB_PATTERN_HEADER 24

struct kb_pattern_header {
	uint32_t magic;
	uint32_t tag;
	uint64_t seq;
	uint32_t len;
	uint32_t check;
};

_Static_assert(sizeof(struct kb_pattern_header) == KB_PATTERN_HEADER,
	       "the header is the smallest unit");

void kb_pattern_body(uint8_t *body, size_t len, uint32_t tag);
void kb_pattern_stamp(struct kb_pattern_header *h, uint32_t tag, uint64_t seq,
		      uint32_t len);
/*
 * Whether @buf (@len bytes) is a unit of run @tag whose bytes past the
 * header are @body's; its number in @seq if so (@seq may be NULL).
 */
bool kb_pattern_right(const uint8_t *buf, size_t len, uint32_t tag,
		      const uint8_t *body, uint64_t *seq);

#endif /* KAESBENCH_PATH_PATTERN_H */
