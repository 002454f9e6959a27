/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench run`: one implementation, or every one of an algorithm.
 */
#ifndef KAESBENCH_CMD_RUN_H
#define KAESBENCH_CMD_RUN_H

int kb_run_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_RUN_H */
