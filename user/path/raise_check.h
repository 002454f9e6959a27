/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Whether kaesbench may raise a driver's priority to give its SA that
 * implementation (path/proof.c): not while another user of ESP's
 * algorithm is on the machine, whose next SA (an IKE rekey) would get
 * kaesbench's chain for its lifetime, unless told to (--force-raise).
 */
#ifndef KAESBENCH_PATH_RAISE_CHECK_H
#define KAESBENCH_PATH_RAISE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "netlink/crypto_user.h"
#include "path/ops.h"

struct mnl_socket;

/* How long a transform held by another user may take to go. */
#define KB_RAISE_RECHECK_MS 3000

/* The transforms of ESP's algorithm that others hold, and whose. */
struct kb_raise_held {
	uint32_t transforms; /* beyond each driver's registration */
	char driver[CRYPTO_MAX_NAME]; /* the driver most of them are of */
};

bool kb_raise_needed(const struct kb_cu_algs *algs, const char *esp_name,
		     const char *driver);
void kb_raise_held(const struct kb_cu_algs *algs, const char *esp_name,
		   struct kb_raise_held *held);
int kb_raise_reason(char *buf, size_t len, const struct kb_path_ops *ops,
		    const char *esp_name, const struct kb_raise_held *held,
		    const char *driver, bool forced);
int kb_raise_check(struct mnl_socket *nl, const struct kb_path_ops *ops,
		   const char *esp_name, const char *driver, bool forced,
		   char *why, size_t len);

#endif /* KAESBENCH_PATH_RAISE_CHECK_H */
