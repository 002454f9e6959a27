/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench verify`: implementations against an independent reference.
 */
#ifndef KAESBENCH_CMD_VERIFY_H
#define KAESBENCH_CMD_VERIFY_H

int kb_verify_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_VERIFY_H */
