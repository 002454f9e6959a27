/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The two network namespaces `kaesbench ipsec` sends packets between.
 *
 * They are made with unshare(CLONE_NEWNET) and held by nothing but file
 * descriptors of this process: never bind-mounted (as `ip netns add`
 * does), so that they, their veth pair, SAs and policies vanish with the
 * process however it ends, SIGKILL included.
 */
#ifndef KAESBENCH_PATH_NETNS_H
#define KAESBENCH_PATH_NETNS_H

#include <stddef.h>

/* Side 0 is where packets leave, side 1 where they arrive. */
#define KB_SIDES 2

struct kb_netns_pair {
	int home; /* the caller's own namespace, to come back to */
	int side[KB_SIDES]; /* -1 when not made */
};

int kb_netns_pair_make(struct kb_netns_pair *p, char *err, size_t len);
void kb_netns_pair_release(struct kb_netns_pair *p);
int kb_netns_enter(const struct kb_netns_pair *p, int side);
int kb_netns_leave(const struct kb_netns_pair *p);
int kb_netns_socket(const struct kb_netns_pair *p, int side, int domain,
		    int type, int protocol);

#endif /* KAESBENCH_PATH_NETNS_H */
