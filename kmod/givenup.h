/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_GIVENUP_H
#define _KAESBENCH_GIVENUP_H

#include <linux/types.h>

/* Room for the notice naming the first implementation given up. */
#define KAESBENCH_NOTICE_LEN 224

void kaesbench_give_up(const char *driver, const char *what, u64 bytes);
bool kaesbench_given_up(const char *driver);
bool kaesbench_given_up_full(void);
bool kaesbench_notice(char *buf, size_t size);

#endif /* _KAESBENCH_GIVENUP_H */
