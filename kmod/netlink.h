/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_NETLINK_H
#define _KAESBENCH_NETLINK_H

#include <linux/types.h>

struct kaesbench_impl;
struct kaesbench_job;
struct kaesbench_params;
struct kaesbench_sample;
struct sk_buff;

int kaesbench_genl_put_impl(struct sk_buff *skb,
			    const struct kaesbench_impl *impl);
int kaesbench_genl_send_started(struct kaesbench_job *job);
void kaesbench_genl_send_refusal(struct kaesbench_job *job, int err);
int kaesbench_genl_send_sample(struct kaesbench_job *job,
			       const struct kaesbench_params *run,
			       const struct kaesbench_sample *sample);
void kaesbench_genl_send_end(struct kaesbench_job *job, int status,
			     const char *message,
			     int (*put_extra)(struct sk_buff *skb, void *work));
int kaesbench_genl_init(void);
void kaesbench_genl_uninit(void);

#endif /* _KAESBENCH_NETLINK_H */
