/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench compare OLD.json NEW.json`: a CI gate on two saved runs.
 */
#ifndef KAESBENCH_CMD_COMPARE_H
#define KAESBENCH_CMD_COMPARE_H

int kb_compare_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_COMPARE_H */
