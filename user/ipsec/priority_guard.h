/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A process that puts back a priority kaesbench raised for a moment, and
 * unregisters the template instances it registered, if kaesbench dies
 * before it does so itself (SIGKILL included).
 */
#ifndef KAESBENCH_IPSEC_PRIORITY_GUARD_H
#define KAESBENCH_IPSEC_PRIORITY_GUARD_H

#include <stdint.h>
#include <sys/types.h>

#include "ipsec/esp.h"
#include "kernel/crypto_user.h"

struct kb_priority_guard {
	pid_t pid;
	int fd; /* the pipe it reads; -1 when not started */
};

int kb_priority_guard_start(struct kb_priority_guard *g,
			    const struct kb_cu_algs *before,
			    const struct kb_esp_transform *t);
int kb_priority_guard_raised(struct kb_priority_guard *g, const char *driver,
			     uint32_t old_priority);
int kb_priority_guard_restored(struct kb_priority_guard *g, const char *driver);
int kb_priority_guard_clean(struct kb_priority_guard *g);
void kb_priority_guard_stop(struct kb_priority_guard *g);

#endif /* KAESBENCH_IPSEC_PRIORITY_GUARD_H */
