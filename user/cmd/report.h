/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench report`: saved runs side by side, as HTML or CSV.
 */
#ifndef KAESBENCH_CMD_REPORT_H
#define KAESBENCH_CMD_REPORT_H

int kb_report_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_REPORT_H */
