/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Reading this machine's facts for the doctor's checks.
 */
#ifndef KAESBENCH_DOCTOR_FACTS_H
#define KAESBENCH_DOCTOR_FACTS_H

#include <stddef.h>

#include "doctor/check_env.h"
#include "doctor/engine.h"
#include "doctor/modules.h"
#include "kernel/impls.h"

char *kb_doc_read(const char *path, size_t max);
int kb_doc_cpu_facts(struct kb_doc_cpu *cpu);
void kb_doc_env_facts(struct kb_doc_env *env);
void kb_doc_module_state(struct kb_doc_modstate *m, size_t n);
size_t kb_doc_module_facts(enum kb_doc_arch arch, struct kb_doc_modstate *m,
			   size_t max);
int kb_doc_impl_facts(struct kb_impl_list *list, char *why, size_t len);

#endif /* KAESBENCH_DOCTOR_FACTS_H */
