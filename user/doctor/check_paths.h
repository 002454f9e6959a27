/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The paths check: which network paths this kernel has, from their
 * modules and, for ovpn, its generic netlink family; what gcm(aes) an
 * ovpn key made now gets and why not a faster one; kTLS: whether the
 * kernel has it, what gcm(aes) and ccm(aes) a socket made now gets and
 * why not a faster one, and which interfaces offer its offload.
 */
#ifndef KAESBENCH_DOCTOR_CHECK_PATHS_H
#define KAESBENCH_DOCTOR_CHECK_PATHS_H

#include <stdbool.h>

#include <linux/cryptouser.h>

#include "doctor/engine.h"
#include "doctor/modules.h"
#include "doctor/paths_state.h"
#include "doctor/report.h"
#include "doctor/tls_facts.h"
#include "netlink/crypto_user.h"

/* The family was not asked: @family_why says why. */
#define KB_DOC_NOT_ASKED 1

/* What the paths check judges. */
struct kb_doc_paths_facts {
	struct kb_doc_modstate esp4, xfrm_user, ovpn, wireguard;
	/* ovpn's family: 0 found, -ENOENT none, another -errno, NOT_ASKED */
	int family;
	char family_why[400];
	/* What an ovpn key made now gets, when asked (@key_asked). */
	bool key_asked;
	char key_na[192]; /* why it is not known, or "" */
	struct kb_cu_algs algs; /* every registered driver */
	char selected[CRYPTO_MAX_NAME];
	bool before; /* @selected was registered before the doctor looked */
	char left[256]; /* instances the doctor made, still registered */
	struct kb_doc_tls_facts tls; /* kTLS's */
};

void kb_doc_paths_judge(const struct kb_doc_paths_facts *x,
			struct kb_doc_paths_state *s);
void kb_doc_check_paths(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			const struct kb_doc_paths_facts *x);

#endif /* KAESBENCH_DOCTOR_CHECK_PATHS_H */
