/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A process that puts back a priority kaesbench raised for a moment, and
 * unregisters the template instances it registered, if kaesbench dies
 * before it does so itself (SIGKILL included).
 */
#ifndef KAESBENCH_IPSEC_GUARD_H
#define KAESBENCH_IPSEC_GUARD_H

#include <stdint.h>
#include <sys/types.h>

#include "ipsec/esp.h"
#include "ipsec/netns.h"
#include "kernel/crypto_user.h"

struct kb_guard {
	pid_t pid;
	int fd; /* the socket it reads; -1 when not started */
};

int kb_guard_start(struct kb_guard *g, const struct kb_cu_algs *before,
		   const struct kb_esp_transform *t);
int kb_guard_raised(struct kb_guard *g, const char *driver,
		    uint32_t old_priority);
int kb_guard_restored(struct kb_guard *g, const char *driver);
int kb_guard_netns(struct kb_guard *g, const struct kb_netns_pair *p);
int kb_guard_netns_gone(struct kb_guard *g);
int kb_guard_clean(struct kb_guard *g);
void kb_guard_stop(struct kb_guard *g);

#endif /* KAESBENCH_IPSEC_GUARD_H */
