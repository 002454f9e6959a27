/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_GIVENUP_H
#define _KAESBENCH_GIVENUP_H

#include <linux/stringify.h>
#include <linux/types.h>
#include <uapi/linux/kaesbench.h>

void kaesbench_give_up(const char *driver, const char *what, u64 bytes);
bool kaesbench_given_up(const char *driver);
bool kaesbench_given_up_full(void);
void kaesbench_given_up_refusal(char *buf, size_t size, const char *driver);
struct sk_buff;

/* Room for a notice: that of the first implementation given up, and more. */
#define KAESBENCH_NOTICE_LEN 512

bool kaesbench_notice(char *buf, size_t size);
int kaesbench_notice_put(struct sk_buff *skb);

/* Why every job is refused once that many have requests given up. */
#define KAESBENCH_GIVEN_UP_FULL \
	"requests to " __stringify(KAESBENCH_MAX_GIVEN_UP) \
	" implementations never completed: no more runs until reboot"

#endif /* _KAESBENCH_GIVENUP_H */
