// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Helpers shared by the subcommands' option parsing.
 */

#define _GNU_SOURCE /* asprintf(), mkostemp() */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/options.h"

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

/*
 * -o FILE: standard output goes to a temporary file in FILE's directory,
 * renamed over FILE at the end, so that a run that fails leaves FILE as
 * it was and FILE is only ever replaced by a whole document.
 */
static struct {
	char *path; /* what the temporary file becomes; NULL: no -o */
	char *tmp; /* NULL: writing to @path itself (not a regular file) */
	mode_t mode; /* for @path: its own if it exists, else 0666 - umask */
} output;

static void output_forget(void)
{
	free(output.path);
	free(output.tmp);
	output.path = NULL;
	output.tmp = NULL;
}

/* Return: the fd of the temporary file, or -errno. */
static int output_open(const char *path)
{
	struct stat st;
	const char *slash;
	mode_t mask;
	int fd;

	if (stat(path, &st)) {
		if (errno != ENOENT)
			return -errno;
		mask = umask(0);
		umask(mask);
		output.mode = 0666 & ~mask;
		output.path = strdup(path);
	} else if (!S_ISREG(st.st_mode)) {
		/* A device or a pipe (-o /dev/stdout): written in place. */
		fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
		return fd < 0 ? -errno : fd;
	} else {
		/* Without truncating it: refused, as before, if read-only. */
		fd = open(path, O_WRONLY | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		close(fd);
		output.mode = st.st_mode & 07777;
		/* Through a symbolic link, replace what it points to. */
		output.path = realpath(path, NULL);
	}
	if (!output.path)
		return -errno;
	slash = strrchr(output.path, '/');
	if ((slash ? asprintf(&output.tmp, "%.*s/.%s.XXXXXX",
			      (int)(slash - output.path), output.path,
			      slash + 1) :
		     asprintf(&output.tmp, ".%s.XXXXXX", output.path)) < 0) {
		output.tmp = NULL;
		output_forget();
		return -ENOMEM;
	}
	fd = mkostemp(output.tmp, O_CLOEXEC);
	if (fd < 0) {
		fd = -errno;
		output_forget();
	}
	return fd;
}

/**
 * kb_output_to() - send standard output to a file, before measuring
 * @path: the file, created or replaced; NULL leaves standard output as it
 *	  is
 * @who: "kaesbench" or "kaesbench <command>"
 *
 * Called before anything is measured, so that a file that cannot be
 * written costs no measurement. @path is not touched until
 * kb_output_done().
 *
 * Return: KB_EXIT_OK, or KB_EXIT_USAGE after saying why @path cannot be
 * written.
 */
int kb_output_to(const char *path, const char *who)
{
	int fd;

	if (!path)
		return KB_EXIT_OK;
	fd = output_open(path);
	if (fd < 0) {
		fprintf(stderr, "%s: -o %s: cannot write there: %s\n", who,
			path, strerror(-fd));
		return KB_EXIT_USAGE;
	}
	fflush(stdout);
	if (dup2(fd, STDOUT_FILENO) < 0) {
		fprintf(stderr, "%s: -o %s: %s\n", who, path, strerror(errno));
		close(fd);
		kb_output_done(KB_EXIT_ERROR, who);
		return KB_EXIT_ERROR;
	}
	close(fd);
	return KB_EXIT_OK;
}

/**
 * kb_output_done() - put what the command printed in the -o file
 * @ret: the command's exit status so far
 * @who: "kaesbench" or "kaesbench <command>"
 *
 * The file is replaced when the command succeeded or printed something
 * (a failed run prints the results collected before the failure); a
 * command that failed before printing anything leaves it as it was.
 * Nothing to do without -o.
 *
 * Return: @ret, or KB_EXIT_ERROR when the file could not be written.
 */
int kb_output_done(int ret, const char *who)
{
	bool failed = fflush(stdout) || ferror(stdout);
	struct stat st;

	if (!output.tmp) {
		output_forget();
		return ret;
	}
	if (!failed && (ret == KB_EXIT_OK ||
			(!fstat(STDOUT_FILENO, &st) && st.st_size > 0))) {
		if (fsync(STDOUT_FILENO) ||
		    fchmod(STDOUT_FILENO, output.mode) ||
		    rename(output.tmp, output.path))
			failed = true;
		else
			goto out;
	}
	if (failed) {
		fprintf(stderr, "%s: -o %s: %s\n", who, output.path,
			strerror(errno));
		ret = KB_EXIT_ERROR;
	}
	unlink(output.tmp);
out:
	output_forget();
	return ret;
}
