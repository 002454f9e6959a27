/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ESP security associations and policies in one of the two namespaces,
 * through xfrm's netlink interface (netlink/xfrm_user.h, where the SA's
 * description is), and the counters by which the kernel says what became
 * of the packets.
 */
#ifndef KAESBENCH_IPSEC_XFRM_H
#define KAESBENCH_IPSEC_XFRM_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "path/netns.h"
#include "netlink/xfrm_user.h"

/* /proc/net/xfrm_stat of one namespace: its counters, as named there. */
#define KB_XFRM_MIB_MAX 48
struct kb_xfrm_mib {
	struct {
		char name[40];
		uint64_t value;
	} counter[KB_XFRM_MIB_MAX];
	size_t count;
};

int kb_xfrm_add_sa(const struct kb_netns_pair *p, int side,
		   const struct kb_xfrm_sa *sa, char *err, size_t len);
int kb_xfrm_del_sa(const struct kb_netns_pair *p, int side,
		   const struct kb_xfrm_sa *sa);
int kb_xfrm_flush(const struct kb_netns_pair *p, int side);
int kb_xfrm_add_policy(const struct kb_netns_pair *p, int side, bool out,
		       const struct kb_xfrm_sa *sa, char *err, size_t len);
int kb_xfrm_sa_stats(const struct kb_netns_pair *p, int side,
		     const struct kb_xfrm_sa *sa, struct kb_xfrm_sa_stats *st);
int kb_xfrm_mib_read(const struct kb_netns_pair *p, int side,
		     struct kb_xfrm_mib *m);
void kb_xfrm_mib_parse(FILE *f, struct kb_xfrm_mib *m);
uint64_t kb_xfrm_mib_get(const struct kb_xfrm_mib *m, const char *name);

#endif /* KAESBENCH_IPSEC_XFRM_H */
