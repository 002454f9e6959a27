/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved `kaesbench ipsec` document's section of the report's page.
 */
#ifndef KAESBENCH_OUTPUT_REPORT_IPSEC_HTML_H
#define KAESBENCH_OUTPUT_REPORT_IPSEC_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "output/saved_results.h"

void kb_report_ipsec_html(FILE *f, const struct kb_saved *doc, size_t file_no);

#endif /* KAESBENCH_OUTPUT_REPORT_IPSEC_HTML_H */
