/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A process that puts back a priority kaesbench raised for a moment, and
 * unregisters the template instances it registered, if kaesbench dies
 * before it does so itself (SIGKILL of kaesbench or of its process group
 * included); and the run's record of those changes, for the next run
 * should the guard be killed too.
 */
#ifndef KAESBENCH_PATH_GUARD_H
#define KAESBENCH_PATH_GUARD_H

#include <stdint.h>
#include <sys/types.h>

#include "path/netns.h"
#include "path/ops.h"
#include "path/undo_record.h"
#include "netlink/crypto_user.h"

struct mnl_socket;

struct kb_guard_original {
	char driver[CRYPTO_MAX_NAME];
	uint32_t priority;
};

struct kb_guard {
	pid_t pid;
	int fd; /* the socket it reads; -1 when not started */
	struct kb_undo_record record;
	struct kb_cu_algs before; /* what was registered before the run */
	struct kb_path_kind kind; /* whose chains and namespaces */
	struct kb_guard_original *original; /* priorities before the run */
	size_t originals;
};

int kb_guard_start(struct kb_guard *g, const struct kb_cu_algs *before,
		   const struct kb_path_kind *kind);
uint32_t kb_guard_original(struct kb_guard *g, const char *driver,
			   uint32_t now);
int kb_guard_raised(struct kb_guard *g, const char *driver,
		    uint32_t old_priority, uint32_t raised_to);
int kb_guard_restored(struct kb_guard *g, const char *driver);
int kb_guard_registering(struct kb_guard *g, struct mnl_socket *nl,
			 const char *driver);
int kb_guard_netns(struct kb_guard *g, const struct kb_netns_pair *p);
int kb_guard_netns_gone(struct kb_guard *g);
int kb_guard_clean(struct kb_guard *g);
void kb_guard_stop(struct kb_guard *g);

#endif /* KAESBENCH_PATH_GUARD_H */
