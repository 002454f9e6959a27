/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_GIVENUP_H
#define _KAESBENCH_GIVENUP_H

#include <linux/types.h>

void kaesbench_give_up(const char *driver, const char *what, u64 bytes);
bool kaesbench_given_up(const char *driver);
bool kaesbench_given_up_full(void);
void kaesbench_given_up_refusal(char *buf, size_t size, const char *driver);
struct sk_buff;

int kaesbench_notice_put(struct sk_buff *skb);

#endif /* _KAESBENCH_GIVENUP_H */
