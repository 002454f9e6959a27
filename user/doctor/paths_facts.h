/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Which network paths this kernel has: their modules, ovpn's family asked
 * from a network namespace of the doctor's own, kTLS's module and
 * configuration, what an ovpn key and a kTLS socket made now get, and the
 * interfaces' kTLS offload; the machine left as it was found.
 */
#ifndef KAESBENCH_DOCTOR_PATHS_FACTS_H
#define KAESBENCH_DOCTOR_PATHS_FACTS_H

#include <stdbool.h>

#include "doctor/check_paths.h"
#include "doctor/paths_state.h"

void kb_doc_paths_facts(struct kb_doc_paths_facts *x, bool ask);
void kb_doc_paths_facts_free(struct kb_doc_paths_facts *x);
void kb_doc_paths_here(struct kb_doc_paths_state *s);

#endif /* KAESBENCH_DOCTOR_PATHS_FACTS_H */
