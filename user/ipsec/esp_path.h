/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ESP as a path of the path layer (path/ops.h): its ends are SAs and
 * their policies, made through xfrm; its refusals, xfrm's counters.
 */
#ifndef KAESBENCH_IPSEC_ESP_PATH_H
#define KAESBENCH_IPSEC_ESP_PATH_H

#include <stdbool.h>

#include <linux/cryptouser.h>

#include "ipsec/esp.h"
#include "path/ops.h"

/* What `kaesbench ipsec` was asked for: the path's front end's choice. */
struct kb_esp_setup {
	const struct kb_esp_transform *t;
	bool tunnel;
	char auth[CRYPTO_MAX_NAME]; /* authenc()'s HMAC driver, or "" */
};

extern const struct kb_path_ops kb_esp_path_ops;

#endif /* KAESBENCH_IPSEC_ESP_PATH_H */
