/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_RESOLVING_H
#define _KAESBENCH_RESOLVING_H

#include <linux/types.h>

/* Resolver threads alive at once; past that, selections are unknown. */
#define KAESBENCH_MAX_RESOLVERS 4

int kaesbench_resolving_enter(const char *alg_name, u32 frontend,
			      const bool *abandoned);
void kaesbench_resolving_leave(int slot);
bool kaesbench_resolving_stuck(const char *alg_name, u32 frontend);
bool kaesbench_resolving_notice(char *buf, size_t size);

#endif /* _KAESBENCH_RESOLVING_H */
