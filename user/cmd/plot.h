/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench plot`: a saved run document drawn by gnuplot.
 */
#ifndef KAESBENCH_CMD_PLOT_H
#define KAESBENCH_CMD_PLOT_H

int kb_plot_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_PLOT_H */
