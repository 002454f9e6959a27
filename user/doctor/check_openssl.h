/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Does userspace OpenSSL use the CPU's AES instructions, and what does a
 * mask in OPENSSL_ia32cap (x86) or OPENSSL_armcap (arm64) cost?
 */
#ifndef KAESBENCH_DOCTOR_CHECK_OPENSSL_H
#define KAESBENCH_DOCTOR_CHECK_OPENSSL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doctor/check_measured.h"
#include "doctor/engine.h"
#include "doctor/report.h"
#include "userspace/openssl_caps.h"

/* OpenSSL as the checks see it. */
struct kb_doc_ossl {
	const char *version;
	struct kb_ossl_caps caps;
	/* The variable OpenSSL reads, OPENSSL_ia32cap or OPENSSL_armcap. */
	const char *capvar; /* its value, or NULL when unset */
	/* The cost of what is masked: a cipher at sizes, with and without. */
	const char *cipher; /* "AES-128-GCM", or NULL when not measured */
	size_t count;
	const uint32_t *size;
	const struct kb_doc_rate *masked; /* one per size, no driver */
	const struct kb_doc_rate *unmasked;
	const char *not_measured; /* why there is no cost, or NULL */
};

int kb_doc_ia32cap_cleared(const char *env, uint64_t *w0, uint64_t *w1);
const char *kb_doc_ia32cap_words(const char *env, char *buf, size_t len);
const char *kb_doc_armcap_words(const char *env, char *buf, size_t len);
bool kb_doc_ossl_masks(const struct kb_doc_cpu *cpu,
		       const struct kb_doc_ossl *o);
void kb_doc_check_openssl(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			  const struct kb_doc_ossl *o);

#endif /* KAESBENCH_DOCTOR_CHECK_OPENSSL_H */
