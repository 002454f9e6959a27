/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The ESP check: for each ESP transform, is the chain an SA made now
 * gets built on the best registered driver, and if not, why not.
 */
#ifndef KAESBENCH_DOCTOR_CHECK_ESP_H
#define KAESBENCH_DOCTOR_CHECK_ESP_H

#include <stdbool.h>
#include <stddef.h>

#include <linux/cryptouser.h>

#include "doctor/engine.h"
#include "doctor/esp_state.h"
#include "doctor/report.h"
#include "ipsec/esp.h"
#include "netlink/crypto_user.h"

/* One transform, as crypto_user told. */
struct kb_doc_esp_tf {
	const struct kb_esp_transform *t;
	char selected[CRYPTO_MAX_NAME]; /* what an SA made now gets, or "" */
	bool before; /* registered before the doctor looked */
	char na[192]; /* why @selected is not known */
};

/* What the ESP check judges. */
struct kb_doc_esp_facts {
	char na[192]; /* why crypto_user cannot be asked, or "" */
	/* Every registered driver, the selected chains among them. */
	struct kb_cu_algs algs;
	struct kb_doc_esp_tf tf[KB_DOC_ESP_MAX];
	size_t count;
	char left[256]; /* instances the doctor made, still registered */
};

void kb_doc_check_esp(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
		      const struct kb_doc_esp_facts *x);

#endif /* KAESBENCH_DOCTOR_CHECK_ESP_H */
