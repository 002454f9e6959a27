/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kTLS as a path (path/ops.h): tls/tls_path.c.
 */
#ifndef KAESBENCH_TLS_TLS_PATH_H
#define KAESBENCH_TLS_TLS_PATH_H

#include <stddef.h>

#include "path/ops.h"

extern const struct kb_path_ops kb_tls_path_ops;

int kb_tls_present(char *why, size_t len);

#endif /* KAESBENCH_TLS_TLS_PATH_H */
