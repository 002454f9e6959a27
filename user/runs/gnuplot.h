/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * --plot and `kaesbench plot`: a run document drawn by gnuplot, which is
 * needed for nothing else (Debian package gnuplot-nox).
 */
#ifndef KAESBENCH_RUNS_GNUPLOT_H
#define KAESBENCH_RUNS_GNUPLOT_H

#include <stddef.h>

#include "runs/saved_runs.h"

#define KB_GNUPLOT "gnuplot"
#define KB_GNUPLOT_PACKAGE "gnuplot-nox"

int kb_plot_check(const char *who, const char *file);
int kb_plot_doc(const char *who, const struct kb_saved *doc, const char *file,
		const char *kernel);
int kb_plot_json(const char *who, const char *json, size_t len,
		 const char *file);

#endif /* KAESBENCH_RUNS_GNUPLOT_H */
