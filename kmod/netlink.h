/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_NETLINK_H
#define _KAESBENCH_NETLINK_H

int kaesbench_genl_init(void);
void kaesbench_genl_uninit(void);

#endif /* _KAESBENCH_NETLINK_H */
