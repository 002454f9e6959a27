/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What an ovpn key made now would get, asked of crypto_user, the machine
 * left as it was found.
 */
#ifndef KAESBENCH_DOCTOR_OVPN_FACTS_H
#define KAESBENCH_DOCTOR_OVPN_FACTS_H

#include "doctor/check_paths.h"

void kb_doc_ovpn_key_facts(struct kb_doc_paths_facts *x);

#endif /* KAESBENCH_DOCTOR_OVPN_FACTS_H */
