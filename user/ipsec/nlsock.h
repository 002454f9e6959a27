/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A libnl socket opened in one side's namespace, which keeps the kernel's
 * own answer to a failed request: its errno, which libnl folds into fewer
 * codes of its own (ENOSYS, which xfrm gives for a missing algorithm,
 * becomes "unspecific failure"), and its extended ack message.
 */
#ifndef KAESBENCH_IPSEC_NLSOCK_H
#define KAESBENCH_IPSEC_NLSOCK_H

#include <stddef.h>

#include <netlink/netlink.h>

#include "ipsec/netns.h"

struct kb_nlsock {
	struct nl_sock *sk;
	int kernel_errno; /* of the last error the kernel sent, or 0 */
	char extack[128]; /* its extended ack message, or "" */
};

int kb_nlsock_open(struct kb_nlsock *s, const struct kb_netns_pair *p, int side,
		   int protocol);
void kb_nlsock_close(struct kb_nlsock *s);
void kb_nlsock_clear(struct kb_nlsock *s);
int kb_nlsock_errno(const struct kb_nlsock *s, int nlerr);
const char *kb_nlsock_reason(const struct kb_nlsock *s, int error);

#endif /* KAESBENCH_IPSEC_NLSOCK_H */
