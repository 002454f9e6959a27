/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The one clock the tool times itself with: a run's wall time, a
 * command's total, the progress line's pace.
 */
#ifndef KAESBENCH_BASE_CLOCK_H
#define KAESBENCH_BASE_CLOCK_H

double kb_now(void);

#endif /* KAESBENCH_BASE_CLOCK_H */
