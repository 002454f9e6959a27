/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * An end of a path (an ESP SA, an ovpn key slot) made with the
 * implementation asked for, and the proof that it got it.
 */
#ifndef KAESBENCH_PATH_PROOF_H
#define KAESBENCH_PATH_PROOF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/cryptouser.h>

#include "path/guard.h"
#include "netlink/crypto_user.h"

struct mnl_socket;

struct kb_path_proof {
	char driver[CRYPTO_MAX_NAME]; /* asked for */
	/* Its reference count rose by the end's transforms, exactly. */
	bool proved;
	int delta; /* of @driver's reference count */
	char other[CRYPTO_MAX_NAME]; /* a driver of the name that changed */
	bool raised; /* its priority was raised while the end was made */
	uint32_t old_priority;
	uint32_t raised_to;
	int side; /* where the end is: 0 sends, 1 receives (on lane 0, both) */
	unsigned int lane;
	/*
	 * What else the path read back of the end, when it can: kTLS's
	 * "TLS_TX sw, TlsTxSw +1" (the socket's ULP info and the
	 * namespace's counters). Empty when the path has nothing more.
	 */
	char also[128];
	bool also_bad; /* that read-back contradicts the driver (a NIC's) */
};

/* Makes the end, with what kb_proof_end's @arg is: the path's own call. */
typedef int (*kb_proof_maker)(void *arg, char *err, size_t len);

/* What an end is made with, and how many transforms of it it holds. */
struct kb_proof_end {
	const char *alloc_name; /* what the path allocates ("gcm(aes)") */
	const char *driver; /* the registered driver of it the end must get */
	unsigned int transforms; /* its reference count rises by this */
	kb_proof_maker make;
	void *arg;
};

int kb_proof_make(struct mnl_socket *nl, struct kb_guard *g,
		  const struct kb_proof_end *end, struct kb_path_proof *proof,
		  char *err, size_t len);

void kb_proof_wait_released(struct mnl_socket *nl, const char *alloc_name,
			    const struct kb_cu_algs *base);

#endif /* KAESBENCH_PATH_PROOF_H */
