/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */
#ifndef KAESBENCH_BENCH_DURATION_H
#define KAESBENCH_BENCH_DURATION_H

#include <stdint.h>

/* The longest soak: a day. */
#define KB_DURATION_MAX_MS (24ULL * 3600 * 1000)

int kb_parse_duration(const char *s, uint64_t *ms);
int kb_parse_seconds(const char *s, uint64_t *ms);

#endif /* KAESBENCH_BENCH_DURATION_H */
