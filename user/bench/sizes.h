/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Numbers and buffer-size lists from the command line, and which sizes an
 * implementation can take.
 */
#ifndef KAESBENCH_BENCH_SIZES_H
#define KAESBENCH_BENCH_SIZES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/impls.h"

struct kb_sizes {
	uint32_t *size;
	size_t count;
};

extern const uint32_t kb_default_sizes[];
extern const size_t kb_default_sizes_count;

int kb_parse_u64(const char *s, uint64_t *v);
int kb_parse_u32(const char *s, uint32_t *v);
int kb_sizes_parse(const char *s, struct kb_sizes *sizes);
int kb_sizes_copy(struct kb_sizes *dst, const uint32_t *size, size_t count);
int kb_sizes_sorted(struct kb_sizes *dst, const struct kb_sizes *src);
void kb_sizes_free(struct kb_sizes *sizes);
bool kb_size_fits(const struct kb_impl *impl, uint32_t size);
int kb_sizes_filter(const struct kb_impl *impl, const struct kb_sizes *in,
		    struct kb_sizes *out);
bool kb_sizes_has(const uint32_t *size, size_t count, uint32_t value);

#endif /* KAESBENCH_BENCH_SIZES_H */
