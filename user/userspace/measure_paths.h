/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Measuring the userspace paths a command's options select.
 */
#ifndef KAESBENCH_USERSPACE_MEASURE_PATHS_H
#define KAESBENCH_USERSPACE_MEASURE_PATHS_H

#include <stdbool.h>
#include <stddef.h>

#include "bench/result.h"
#include "bench/run_options.h"
#include "userspace/afalg.h"

size_t kb_user_paths_samples(const struct kb_run_opts *o, const char *alg,
			     bool afalg, bool openssl);
int kb_measure_user_paths(const struct kb_run_opts *o, const char *alg,
			  const char *driver,
			  const struct kb_afalg_target *target,
			  struct kb_runs *runs);

#endif /* KAESBENCH_USERSPACE_MEASURE_PATHS_H */
