/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_TFM_H
#define _KAESBENCH_TFM_H

#include <linux/netlink.h>
#include <uapi/linux/kaesbench.h>

#include "front.h"
#include "impls.h"

int kaesbench_tfm_open(struct kaesbench_tfm *tfm, const char *name,
		       bool by_alg, struct kaesbench_impl *impl,
		       struct netlink_ext_ack *extack);
int kaesbench_tfm_alloc(struct kaesbench_tfm *tfm, u32 type, const char *name,
			u32 mask);
void kaesbench_tfm_close(struct kaesbench_tfm *tfm);
u32 kaesbench_request_flags(u32 context);
void kaesbench_context_enter(u32 context);
void kaesbench_context_leave(u32 context);

#endif /* _KAESBENCH_TFM_H */
