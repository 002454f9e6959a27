/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's measurements on this machine: short kernel runs of every
 * implementation, the userspace paths, and OpenSSL with and without its
 * capability mask, in a process of its own (the hidden `__openssl-rate`
 * command).
 */
#ifndef KAESBENCH_DOCTOR_MEASUREMENTS_H
#define KAESBENCH_DOCTOR_MEASUREMENTS_H

#include <stddef.h>
#include <stdint.h>

#include "doctor/check_measured.h"
#include "doctor/report.h"
#include "kernel/impls.h"

int kb_doc_measure_kernel(struct kb_doc_report *r,
			  const struct kb_impl_list *list);
int kb_doc_measure_afalg(struct kb_doc_report *r);
int kb_doc_ossl_cost(const char *var, const char *alg, const uint32_t *size,
		     size_t n, struct kb_doc_rate *masked,
		     struct kb_doc_rate *unmasked, char *why, size_t len);
int kb_doctor_ossl_child_main(int argc, char *argv[]);

#endif /* KAESBENCH_DOCTOR_MEASUREMENTS_H */
