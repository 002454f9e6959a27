/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The table of `kaesbench run --cpus`: one CPU against all of them at once.
 */
#ifndef KAESBENCH_RUNS_SCALING_TABLE_H
#define KAESBENCH_RUNS_SCALING_TABLE_H

#include <stdio.h>

#include "bench/cpus.h"
#include "bench/result.h"

int kb_print_scaling(FILE *f, const struct kb_run *one,
		     const struct kb_run *all, const struct kb_cpus *cpus);

#endif /* KAESBENCH_RUNS_SCALING_TABLE_H */
