// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Drawing a run document through gnuplot. Whatever can stop the plot is
 * checked before a measurement starts: a benchmark of minutes must not end
 * in "gnuplot: not found". The script goes to gnuplot's standard input;
 * gnuplot's own messages go to the user's terminal.
 */

#define _GNU_SOURCE /* O_CLOEXEC with pipe2() */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runs/gnuplot.h"
#include "runs/run_kind.h"
#include "base/options.h"
#include "runs/plot_script.h"

extern char **environ;

/* Whether @prog is an executable file in a directory of $PATH. */
static bool on_path(const char *prog)
{
	const char *path = getenv("PATH"), *p, *end;
	char file[4096];
	struct stat st;

	for (p = path ? path : ""; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ':');
		snprintf(file, sizeof(file), "%.*s/%s",
			 end == p ? 1 : (int)(end - p), end == p ? "." : p,
			 prog);
		if (!stat(file, &st) && S_ISREG(st.st_mode) &&
		    !access(file, X_OK))
			return true;
	}
	return false;
}

/*
 * Whether @file can be written: by opening it, as access() would let
 * root through a read-only file system. A file made for the test is
 * removed again: a run that fails later leaves nothing behind.
 */
static int writable(const char *file)
{
	int fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	bool made = fd >= 0;

	if (fd < 0 && errno == EEXIST)
		fd = open(file, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	close(fd);
	if (made)
		unlink(file);
	return 0;
}

/**
 * kb_plot_check() - whether a plot to @file can be made here
 * @who: the command, for messages
 * @file: the image to write, .svg or .png
 *
 * Prints what is wrong.
 *
 * Return: KB_EXIT_OK, KB_EXIT_USAGE (bad input, as for -o) for a name of
 * another format or a @file that cannot be written, or KB_EXIT_ERROR
 * without gnuplot.
 */
int kb_plot_check(const char *who, const char *file)
{
	enum kb_plot_format fmt;
	int err;

	if (kb_plot_format(file, &fmt)) {
		fprintf(stderr,
			"%s: --plot %s: give a file name ending in .svg or .png\n",
			who, file);
		return KB_EXIT_USAGE;
	}
	/* Bad input first: the same answer whether gnuplot is here or not. */
	err = writable(file);
	if (err) {
		fprintf(stderr, "%s: cannot write the plot to %s: %s\n", who,
			file, strerror(-err));
		return KB_EXIT_USAGE;
	}
	if (!on_path(KB_GNUPLOT)) {
		fprintf(stderr,
			"%s: plotting needs gnuplot, which is not installed: install the Debian package %s (apt-get install %s)\n",
			who, KB_GNUPLOT_PACKAGE, KB_GNUPLOT_PACKAGE);
		return KB_EXIT_ERROR;
	}
	return KB_EXIT_OK;
}

/* Feeds @script to gnuplot. Return: 0, or -1 after saying why. */
static int gnuplot(const char *who, const char *script)
{
	char *argv[] = { KB_GNUPLOT, NULL };
	posix_spawn_file_actions_t fa;
	size_t len = strlen(script);
	int fd[2], status, ret;
	ssize_t n;
	pid_t pid;

	if (pipe2(fd, O_CLOEXEC)) {
		perror("kaesbench: pipe");
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fd[0], STDIN_FILENO);
	/* gnuplot's own messages belong on stderr, not in --json output. */
	posix_spawn_file_actions_adddup2(&fa, STDERR_FILENO, STDOUT_FILENO);
	ret = posix_spawnp(&pid, KB_GNUPLOT, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[0]);
	if (ret) {
		close(fd[1]);
		fprintf(stderr, "%s: cannot run %s: %s\n", who, KB_GNUPLOT,
			strerror(ret));
		return -1;
	}
	/* gnuplot quitting early must give a message, not a SIGPIPE. */
	signal(SIGPIPE, SIG_IGN);
	for (n = 0; len && n >= 0; script += n, len -= n) {
		n = write(fd[1], script, len);
		if (n < 0 && errno == EINTR)
			n = 0;
	}
	close(fd[1]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(status) && !WEXITSTATUS(status) && !len)
		return 0;
	fprintf(stderr,
		"%s: %s failed drawing the plot (see its messages above)\n",
		who, KB_GNUPLOT);
	return -1;
}

/**
 * kb_plot_doc() - draw a run document into an image
 * @who: the command, for messages
 * @doc: the document
 * @file: the image, .svg or .png
 * @kernel: the kernel release for the title when the document has none,
 *	    or NULL
 *
 * Return: KB_EXIT_OK, KB_EXIT_USAGE when there is nothing to plot, or
 * KB_EXIT_ERROR (said why).
 */
int kb_plot_doc(const char *who, const struct kb_saved *doc, const char *file,
		const char *kernel)
{
	enum kb_plot_format fmt;
	char *script = NULL;
	int ret;

	if (kb_plot_format(file, &fmt))
		return kb_plot_check(who, file);
	ret = kb_plot_script(doc, file, fmt, kernel, &script);
	if (ret == -ENODATA) {
		fprintf(stderr,
			"%s: nothing to plot: no run in %s has samples\n", who,
			doc->name);
		return KB_EXIT_USAGE;
	}
	if (ret) {
		fprintf(stderr, "%s: out of memory\n", who);
		return KB_EXIT_ERROR;
	}
	ret = gnuplot(who, script) ? KB_EXIT_ERROR : KB_EXIT_OK;
	free(script);
	if (!ret)
		fprintf(stderr, "%s: plot written to %s\n", who, file);
	return ret;
}

/**
 * kb_plot_json() - draw the runs a command just measured
 * @who: the command, for messages
 * @json: the document --json prints, whether printed or not
 * @len: its length
 * @file: the image, .svg or .png
 *
 * The plot is drawn from the same document --json prints, so that it
 * shows what a saved document would; the kernel release is this
 * machine's when the document does not name it.
 *
 * Return: an exit status, as kb_plot_doc().
 */
int kb_plot_json(const char *who, const char *json, size_t len,
		 const char *file)
{
	struct utsname u;
	struct kb_saved doc;
	char err[512];
	int ret;

	if (kb_run_doc_parse(&doc, "this run", json, len, err, sizeof(err))) {
		fprintf(stderr, "%s: cannot plot: %s\n", who, err);
		ret = KB_EXIT_ERROR;
	} else {
		ret = kb_plot_doc(who, &doc, file,
				  uname(&u) ? NULL : u.release);
	}
	kb_saved_free(&doc);
	return ret;
}
