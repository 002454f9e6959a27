/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What an ESP SA made now would get, asked of crypto_user, the machine
 * left as it was found.
 */
#ifndef KAESBENCH_DOCTOR_ESP_FACTS_H
#define KAESBENCH_DOCTOR_ESP_FACTS_H

#include "doctor/check_esp.h"

void kb_doc_esp_facts(struct kb_doc_esp_facts *x);
void kb_doc_esp_facts_free(struct kb_doc_esp_facts *x);

#endif /* KAESBENCH_DOCTOR_ESP_FACTS_H */
