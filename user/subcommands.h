/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The subcommands. Each returns an exit status: 0, 1 for a runtime or
 * kernel error, 2 for a usage error.
 */
#ifndef KAESBENCH_SUBCOMMANDS_H
#define KAESBENCH_SUBCOMMANDS_H

#include <stdbool.h>
#include <stdint.h>

enum {
	KB_EXIT_OK = 0,
	KB_EXIT_ERROR = 1,
	KB_EXIT_USAGE = 2,
	KB_EXIT_INTERRUPTED = 130,
};

enum kb_list_format { KB_LIST_PEOPLE, KB_LIST_DUMP, KB_LIST_JSON };

struct kb_list_opts {
	enum kb_list_format format;
	bool help;
};

struct kb_priority_opts {
	const char *driver;
	uint32_t priority;
	bool help;
};

void kb_bad_option(const char *who, char *argv[]);
int kb_output_to(const char *path, const char *who);
int kb_output_done(int ret, const char *who);
int kb_list_parse(int argc, char *argv[], struct kb_list_opts *opts);
int kb_list_main(int argc, char *argv[]);
int kb_priority_parse(int argc, char *argv[], struct kb_priority_opts *o);
int kb_priority_main(int argc, char *argv[]);
int kb_run_main(int argc, char *argv[]);
int kb_sweep_main(int argc, char *argv[]);
int kb_verify_main(int argc, char *argv[]);
int kb_compare_main(int argc, char *argv[]);
int kb_plot_main(int argc, char *argv[]);

#endif /* KAESBENCH_SUBCOMMANDS_H */
