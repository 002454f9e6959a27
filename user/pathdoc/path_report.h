/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved path document's (`kaesbench ipsec`'s ...) section of the
 * report's page, and its rows in the report's CSV.
 */
#ifndef KAESBENCH_PATHDOC_PATH_REPORT_H
#define KAESBENCH_PATHDOC_PATH_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "output/saved.h"

void kb_report_path_html(FILE *f, const struct kb_saved *doc, size_t file_no);
void kb_report_path_csv(FILE *f, const struct kb_saved *doc);

#endif /* KAESBENCH_PATHDOC_PATH_REPORT_H */
