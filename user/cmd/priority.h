/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench priority DRIVER N`: an implementation's crypto API priority.
 */
#ifndef KAESBENCH_CMD_PRIORITY_H
#define KAESBENCH_CMD_PRIORITY_H

#include <stdbool.h>
#include <stdint.h>

struct kb_priority_opts {
	const char *driver;
	uint32_t priority;
	bool help;
};

int kb_priority_parse(int argc, char *argv[], struct kb_priority_opts *o);
int kb_priority_main(int argc, char *argv[]);

#endif /* KAESBENCH_CMD_PRIORITY_H */
