/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The module's notice that a request was given up, said once per run of
 * the tool.
 */
#ifndef KAESBENCH_KERNEL_NOTICE_H
#define KAESBENCH_KERNEL_NOTICE_H

struct nlmsghdr;

void kb_notice_say(const char *notice);
void kb_notice_from_msg(const struct nlmsghdr *nlh);

#endif /* KAESBENCH_KERNEL_NOTICE_H */
