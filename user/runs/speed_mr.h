/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Runs as the lines `openssl speed -mr` prints, for `--mr`, so that
 * scripts written for openssl speed read kaesbench unchanged.
 */
#ifndef KAESBENCH_RUNS_SPEED_MR_H
#define KAESBENCH_RUNS_SPEED_MR_H

#include <stdio.h>

#include "bench/result.h"
#include "bench/sizes.h"

const char *kb_mr_name(const struct kb_run *run, char *buf, size_t len);
int kb_print_runs_mr(FILE *out, FILE *err, const struct kb_sizes *sizes,
		     const struct kb_run *runs, size_t count);

#endif /* KAESBENCH_RUNS_SPEED_MR_H */
