/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench report`'s plots: inline SVG, drawn without gnuplot; a table's
 * MB/s, or an ipsec implementation's packets/s.
 */
#ifndef KAESBENCH_RUNS_REPORT_SVG_H
#define KAESBENCH_RUNS_REPORT_SVG_H

#include <stdbool.h>
#include <stdio.h>

#include "runs/report_rows.h"

void kb_report_svg(FILE *f, const struct kb_report *r,
		   const struct kb_report_table *t);

#endif /* KAESBENCH_RUNS_REPORT_SVG_H */
