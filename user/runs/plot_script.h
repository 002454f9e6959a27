/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The gnuplot script that draws a run document: MB/s against buffer size,
 * one line per implementation and path. Kept apart from running gnuplot
 * so that its text can be tested without it.
 */
#ifndef KAESBENCH_RUNS_PLOT_SCRIPT_H
#define KAESBENCH_RUNS_PLOT_SCRIPT_H

#include "output/svg.h"
#include "runs/saved_runs.h"

enum kb_plot_format { KB_PLOT_SVG, KB_PLOT_PNG };

/* Above this ratio of the highest to the lowest median, a log MB/s axis. */
#define KB_PLOT_LOG_Y_RATIO KB_SVG_LOG_Y_RATIO

int kb_plot_format(const char *file, enum kb_plot_format *fmt);
int kb_plot_script(const struct kb_saved *doc, const char *output,
		   enum kb_plot_format fmt, const char *kernel, char **text);

#endif /* KAESBENCH_RUNS_PLOT_SCRIPT_H */
