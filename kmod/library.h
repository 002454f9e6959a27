/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_LIBRARY_H
#define _KAESBENCH_LIBRARY_H

#include <linux/netlink.h>
#include <linux/types.h>

#include "impls.h"

/* Library paths kaesbench knows, present on this kernel or not. */
#define KAESBENCH_LIBRARY_PATHS 10
/* Room for the longest key a library path takes: AES-256-XTS. */
#define KAESBENCH_LIBRARY_KEY_MAX 64

struct kaesbench_tfm;

void kaesbench_library_init(void);
int kaesbench_library_describe(unsigned int i, struct kaesbench_impl *impl);
int kaesbench_lib_open(struct kaesbench_tfm *tfm, const char *name,
		       struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack);

#endif /* _KAESBENCH_LIBRARY_H */
