/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ccm(aes)'s implementations (tls/ccm_impl.c), as gcm(aes)'s are.
 */
#ifndef KAESBENCH_TLS_CCM_IMPL_H
#define KAESBENCH_TLS_CCM_IMPL_H

#include "path/aead_impl.h"

extern const struct kb_aead_family kb_ccm_family;

struct kb_path_impl_ops;

extern const struct kb_path_impl_ops kb_ccm_impl_ops;

#endif /* KAESBENCH_TLS_CCM_IMPL_H */
