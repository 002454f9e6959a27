/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench ipsec`'s results as a table, CSV or JSON.
 */
#ifndef KAESBENCH_OUTPUT_IPSEC_REPORT_H
#define KAESBENCH_OUTPUT_IPSEC_REPORT_H

#include <stdio.h>

#include "path/result.h"

int kb_ipsec_print_table(FILE *f, const struct kb_path_run *run);
int kb_ipsec_print_csv(FILE *f, const struct kb_path_run *run);
int kb_ipsec_print_json(FILE *f, const struct kb_path_run *run);

#endif /* KAESBENCH_OUTPUT_IPSEC_REPORT_H */
