// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Helpers shared by the subcommands' option parsing.
 */

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

/**
 * kb_output_to() - send standard output to a file, before measuring
 * @path: the file, created or truncated; NULL leaves standard output as it
 *	  is
 * @who: "kaesbench" or "kaesbench <command>"
 *
 * Called before anything is measured, so that a file that cannot be
 * written costs no measurement.
 *
 * Return: KB_EXIT_OK, or KB_EXIT_USAGE after saying why @path cannot be
 * written.
 */
int kb_output_to(const char *path, const char *who)
{
	int fd;

	if (!path)
		return KB_EXIT_OK;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (fd < 0) {
		fprintf(stderr, "%s: -o %s: cannot write there: %s\n", who,
			path, strerror(errno));
		return KB_EXIT_USAGE;
	}
	fflush(stdout);
	if (dup2(fd, STDOUT_FILENO) < 0) {
		fprintf(stderr, "%s: -o %s: %s\n", who, path, strerror(errno));
		close(fd);
		return KB_EXIT_ERROR;
	}
	close(fd);
	return KB_EXIT_OK;
}
