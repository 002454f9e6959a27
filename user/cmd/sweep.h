/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench [sweep]`: every implementation of aes, cbc, ctr, xts and gcm.
 */
#ifndef KAESBENCH_CMD_SWEEP_H
#define KAESBENCH_CMD_SWEEP_H

int kb_sweep_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_SWEEP_H */
