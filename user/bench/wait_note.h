/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What a kernel job waiting for its turn tells the person or the script
 * behind the tool: whose job it waits for, and how far along that is.
 */
#ifndef KAESBENCH_BENCH_WAIT_NOTE_H
#define KAESBENCH_BENCH_WAIT_NOTE_H

#include <stddef.h>

#include "bench/result.h"

int kb_wait_format(char *buf, size_t len, const struct kb_wait *w);
void kb_wait_say(const char *text);
void kb_wait_note(const struct kb_wait *w);

#endif /* KAESBENCH_BENCH_WAIT_NOTE_H */
