/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * SIGINT and SIGTERM stop what is measured, at the next check of every
 * loop that waits or measures, rather than the tool.
 */
#ifndef KAESBENCH_BASE_SIGNALS_H
#define KAESBENCH_BASE_SIGNALS_H

#include <stdbool.h>

int kb_signals_install(void);
bool kb_interrupted(void);

#endif /* KAESBENCH_BASE_SIGNALS_H */
