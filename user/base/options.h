/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What every subcommand's option parsing shares: the exit statuses, the
 * message for an option getopt_long() refused, and -o FILE.
 */
#ifndef KAESBENCH_BASE_OPTIONS_H
#define KAESBENCH_BASE_OPTIONS_H

/*
 * What each subcommand returns: 0, 1 for a runtime or kernel error, 2 for
 * a usage error, 130 when interrupted.
 */
enum {
	KB_EXIT_OK = 0,
	KB_EXIT_ERROR = 1,
	KB_EXIT_USAGE = 2,
	KB_EXIT_INTERRUPTED = 130,
};

void kb_bad_option(const char *who, char *argv[]);
int kb_output_to(const char *path, const char *who);
int kb_output_done(int ret, const char *who);

#endif /* KAESBENCH_BASE_OPTIONS_H */
