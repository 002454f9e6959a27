/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A CSV field, quoted as RFC 4180 says.
 */
#ifndef KAESBENCH_OUTPUT_CSV_H
#define KAESBENCH_OUTPUT_CSV_H

#include <stdio.h>

void kb_csv_prefixed_field(FILE *f, const char *prefix, const char *s);
void kb_csv_field(FILE *f, const char *s);

#endif /* KAESBENCH_OUTPUT_CSV_H */
