/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What the doctor registered to look, unregistered again.
 */
#ifndef KAESBENCH_DOCTOR_UNDO_H
#define KAESBENCH_DOCTOR_UNDO_H

#include <stddef.h>

#include "netlink/crypto_user.h"
#include "path/ops.h"

struct mnl_socket;

void kb_doc_undo(struct mnl_socket *nl, const struct kb_cu_algs *before,
		 const struct kb_path_kind *kinds, size_t n, char *left,
		 size_t len);

#endif /* KAESBENCH_DOCTOR_UNDO_H */
