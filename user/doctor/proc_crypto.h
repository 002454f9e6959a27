/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * /proc/crypto, when the kaesbench module is not there to ask.
 */
#ifndef KAESBENCH_DOCTOR_PROC_CRYPTO_H
#define KAESBENCH_DOCTOR_PROC_CRYPTO_H

#include "kernel/impls.h"

int kb_doc_proc_crypto_parse(const char *text, struct kb_impl_list *list);

#endif /* KAESBENCH_DOCTOR_PROC_CRYPTO_H */
