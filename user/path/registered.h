/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The template instances a run registered, unregistered after it.
 */
#ifndef KAESBENCH_PATH_REGISTERED_H
#define KAESBENCH_PATH_REGISTERED_H

#include <stddef.h>

#include "path/ops.h"
#include "netlink/crypto_user.h"

struct mnl_socket;

int kb_registered_before(struct mnl_socket *nl, struct kb_cu_algs *before);
size_t kb_registered_undo(struct mnl_socket *nl,
			  const struct kb_cu_algs *before,
			  const struct kb_path_kind *kind, unsigned int wait_ms,
			  char *left, size_t len);

#endif /* KAESBENCH_PATH_REGISTERED_H */
