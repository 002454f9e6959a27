/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The progress line: while measuring, one line on standard error when it
 * is a terminal, rewritten in place as samples arrive
 * ("cbc(aes) cbc-aes-aesni 4096 B, sample 3/5, about 40 s left") and
 * erased when the run ends, before anything else is printed. Nothing
 * when standard error is no terminal, or after kb_progress_to(NULL, 0)
 * (--quiet). One line per process: its state is this file's.
 */
#ifndef KAESBENCH_BASE_PROGRESS_H
#define KAESBENCH_BASE_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Where a run is: one sample of one size of one implementation. */
struct kb_progress_step {
	const char *alg;
	const char *who; /* the implementation, after its path if userspace */
	uint32_t size;
	uint32_t sample; /* from 1 */
	uint32_t samples; /* per size */
};

int kb_progress_format(char *buf, size_t len,
		       const struct kb_progress_step *step, double left_s);
void kb_progress_to(FILE *f, unsigned int columns);
void kb_progress_plan(size_t samples);
void kb_progress_sample(const struct kb_progress_step *step);
bool kb_progress_shown(void);
void kb_progress_show(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
void kb_progress_erase(void);

#endif /* KAESBENCH_BASE_PROGRESS_H */
