/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ovpn's AES-GCM: its implementations are gcm(aes)'s (path/aead_impl.h).
 */
#ifndef KAESBENCH_OVPN_IMPL_H
#define KAESBENCH_OVPN_IMPL_H

#include "path/aead_impl.h"

/* What ovpn allocates for AES-GCM. */
#define KB_OVPN_ALLOC "gcm(aes)"

#endif /* KAESBENCH_OVPN_IMPL_H */
