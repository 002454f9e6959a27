/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench report`'s plots: inline SVG, drawn without gnuplot.
 */
#ifndef KAESBENCH_OUTPUT_REPORT_SVG_H
#define KAESBENCH_OUTPUT_REPORT_SVG_H

#include <stdio.h>

#include "output/report_rows.h"

void kb_report_svg(FILE *f, const struct kb_report *r,
		   const struct kb_report_table *t);

#endif /* KAESBENCH_OUTPUT_REPORT_SVG_H */
