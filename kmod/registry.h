/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_REGISTRY_H
#define _KAESBENCH_REGISTRY_H

#include <linux/list.h>
#include <linux/rwsem.h>

/*
 * The crypto API's algorithm registry. Both are EXPORT_SYMBOL_GPL (for
 * crypto_user) but declared only in crypto/internal.h, which the kernel
 * headers an out-of-tree module builds against do not ship.
 */
extern struct list_head crypto_alg_list;
extern struct rw_semaphore crypto_alg_sem;

#endif /* _KAESBENCH_REGISTRY_H */
