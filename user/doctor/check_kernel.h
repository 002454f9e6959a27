/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The static kernel checks: does the crypto API hand out what the CPU can
 * do, and if not, why not.
 */
#ifndef KAESBENCH_DOCTOR_CHECK_KERNEL_H
#define KAESBENCH_DOCTOR_CHECK_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doctor/engine.h"
#include "doctor/modules.h"
#include "doctor/report.h"
#include "kernel/impls.h"

/* The algorithms whose selected implementation the doctor judges. */
#define KB_DOC_ALGS 5
extern const char *const kb_doc_algs[KB_DOC_ALGS];
/* The request size it judges them at: an IPsec packet of a 1500 B MTU. */
#define KB_DOC_TYPICAL_SIZE 1420
uint32_t kb_doc_typical_size(const char *alg);

/* The kernel side as the checks see it. */
struct kb_doc_kernel {
	const struct kb_impl_list *impls; /* NULL when not known */
	bool inferred; /* from /proc/crypto: selection by priority */
	/* The modules bringing the AES instructions, or NULL when unknown. */
	const struct kb_doc_modstate *mod;
	size_t mods;
	/* KB_AF_ALG_RESTRICT's value (Linux 7.3 on); 0 also when absent */
	int afalg_restriction;
};

void kb_doc_check_kernel(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			 const struct kb_doc_kernel *k);

#endif /* KAESBENCH_DOCTOR_CHECK_KERNEL_H */
