/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench report` as a self-contained HTML page.
 */
#ifndef KAESBENCH_RUNS_REPORT_HTML_H
#define KAESBENCH_RUNS_REPORT_HTML_H

#include <stdio.h>

#include "runs/report_rows.h"

int kb_report_html(FILE *f, const struct kb_report *r);

#endif /* KAESBENCH_RUNS_REPORT_HTML_H */
