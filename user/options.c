// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Helpers shared by the subcommands' option parsing.
 */

#include <getopt.h>
#include <stdio.h>

#include "subcommands.h"

/**
 * kb_bad_option() - say which option getopt_long() refused
 * @who: "kaesbench" or "kaesbench <command>"
 * @argv: the argv getopt_long() ran on
 *
 * getopt_long()'s own message would name argv[0], which for a subcommand
 * is only the command's name; call with opterr set to 0.
 */
void kb_bad_option(const char *who, char *argv[])
{
	if (optopt)
		fprintf(stderr, "%s: unknown option -%c\n", who, optopt);
	else
		fprintf(stderr, "%s: unknown option %s\n", who,
			argv[optind - 1]);
}
