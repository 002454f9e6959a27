/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * An ESP SA made with the implementation asked for, and the proof that it
 * got it.
 */
#ifndef KAESBENCH_IPSEC_SA_PROOF_H
#define KAESBENCH_IPSEC_SA_PROOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/cryptouser.h>

#include "ipsec/netns.h"
#include "ipsec/guard.h"
#include "ipsec/xfrm.h"
#include "netlink/crypto_user.h"

struct mnl_socket;

struct kb_sa_proof {
	char driver[CRYPTO_MAX_NAME]; /* asked for */
	bool proved; /* its reference count, and no other's, rose by one */
	int delta; /* of @driver's reference count */
	char other[CRYPTO_MAX_NAME]; /* a driver of the name that changed */
	bool raised; /* its priority was raised while the SA was made */
	uint32_t old_priority;
	uint32_t raised_to;
	int side; /* where the SA is: 0 sends, 1 receives (on lane 0, both) */
	unsigned int lane;
};

int kb_sa_make(struct mnl_socket *nl, struct kb_guard *g,
	       const struct kb_netns_pair *p, int side,
	       const struct kb_xfrm_sa *sa, const char *esp_name,
	       const char *driver, struct kb_sa_proof *proof, char *err,
	       size_t len);

void kb_sa_wait_released(struct mnl_socket *nl, const char *esp_name,
			 const struct kb_cu_algs *base);

#endif /* KAESBENCH_IPSEC_SA_PROOF_H */
