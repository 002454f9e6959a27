/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What a run killed together with its guard left changed in the crypto
 * API, found in its record (path/undo_record.h) and undone by the next
 * run.
 */
#ifndef KAESBENCH_PATH_LEFTOVER_H
#define KAESBENCH_PATH_LEFTOVER_H

void kb_leftover_undo(void);
void kb_leftover_settle(unsigned int wait_s);

#endif /* KAESBENCH_PATH_LEFTOVER_H */
