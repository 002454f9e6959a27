// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The stop storm: runs stopped at random moments, each by one of
 *
 *   c  an explicit KAESBENCH_CMD_CANCEL (its end must say -EINTR),
 *   x  closing the requesting socket,
 *   i  SIGINT to the kaesbench tool running it (Ctrl-C; exit 130),
 *   k  SIGKILL to the tool (exit by the signal),
 *
 * and, for each, how long after the stop the next run could start (see
 * storm_wait_idle()). Runs are of 60 s samples, verified first half of
 * the time, so that the stop lands in the verification, the set-up of a
 * size or a sample. A quarter of the stops come at once, the rest after
 * up to 100 ms.
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "storm.h"

#define MAX_DELAY_US 100000
#define START_TIMEOUT_MS 20000
#define EXIT_TIMEOUT_MS 10000
#define TOOL_ERR "/tmp/kaesbench-storm.err"

struct method_stats {
	unsigned long stopped;
	uint64_t longest_us, total_us;
};

static const char *method_name(char method)
{
	switch (method) {
	case 'c':
		return "cancel";
	case 'x':
		return "socket closed";
	case 'i':
		return "SIGINT to the tool";
	default:
		return "SIGKILL to the tool";
	}
}

/* Whether a job's kernel thread ("kaesbench/ID") is alive. */
static bool job_thread_alive(void)
{
	struct dirent *d;
	char path[300], comm[32];
	bool found = false;
	DIR *proc;
	FILE *f;

	proc = opendir("/proc");
	if (!proc)
		return false;
	while (!found && (d = readdir(proc))) {
		if (d->d_name[0] < '0' || d->d_name[0] > '9')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/comm", d->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		found = fgets(comm, sizeof(comm), f) &&
			!strncmp(comm, "kaesbench/", 10);
		fclose(f);
	}
	closedir(proc);
	return found;
}

/* A run on our own socket, stopped by a cancel or by closing it. */
static int64_t stop_netlink(const struct storm_spec *spec, char method,
			    uint64_t delay_us, bool verify, struct tnl *probe,
			    uint32_t *seq)
{
	struct storm_io io;
	struct tnl t;
	uint64_t since;
	int err;

	if (tnl_open(&t))
		return -1;
	err = storm_start(&t, spec, 60000, 1, verify, &io, (*seq)++);
	if (err) {
		fprintf(stderr, "%s: run refused: %s (%s)\n", spec->driver,
			strerror(-err), io.msg);
		tnl_close(&t);
		return -1;
	}
	tnl_sleep_us(delay_us);
	since = tnl_now_us();
	if (method == 'x') {
		tnl_close(&t);
		return storm_wait_idle(probe, since, EXIT_TIMEOUT_MS);
	}
	err = storm_cancel(&t, &io, io.id, (*seq)++);
	if (!err)
		err = storm_await(&t, &io, &io.ended, EXIT_TIMEOUT_MS);
	tnl_close(&t);
	if (err) {
		fprintf(stderr, "%s: cancel of run %u: %s (%s)%s\n",
			spec->driver, io.id, strerror(-err), io.msg,
			io.ended ? ", it had ended by itself" : "");
		return -1;
	}
	if (io.status != -EINTR) {
		fprintf(stderr,
			"%s: cancelled run %u ended with %d, not -EINTR\n",
			spec->driver, io.id, io.status);
		return -1;
	}
	return storm_wait_idle(probe, since, EXIT_TIMEOUT_MS);
}

static pid_t spawn_tool(const char *tool, const struct storm_spec *spec,
			bool verify)
{
	char depth[16];
	const char *argv[] = {
		tool,	      "run",   "-d",
		spec->driver, "-b",    "4096",
		"-t",	      "60000", "-r",
		"1",	      "-w",    "0",
		"--depth",    depth,   verify ? NULL : "--no-verify",
		NULL
	};
	pid_t pid;
	int fd;

	snprintf(depth, sizeof(depth), "%u", spec->depth);
	pid = fork();
	if (pid)
		return pid;
	/*
	 * As a terminal's foreground job gets them: a test harness's
	 * background job starts with SIGINT ignored, so a SIGINT landing
	 * before the tool installs its handler would be lost without a trace.
	 */
	signal(SIGINT, SIG_DFL);
	signal(SIGQUIT, SIG_DFL);
	fd = open(TOOL_ERR, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0) {
		dup2(fd, STDERR_FILENO);
		dup2(fd, STDOUT_FILENO);
	}
	execvp(tool, (char *const *)argv);
	perror(tool);
	_exit(127);
}

static void show_tool_output(void)
{
	char line[256];
	FILE *f = fopen(TOOL_ERR, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		fprintf(stderr, "  tool: %s", line);
	fclose(f);
}

/* Prints a /proc file of the tool's, line by line, for a diagnosis. */
static void show_proc(pid_t pid, const char *file)
{
	char path[64], line[256];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, file);
	f = fopen(path, "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f))
		fprintf(stderr, "  %s: %s%s", file, line,
			strchr(line, '\n') ? "" : "\n");
	fclose(f);
}

/* Waits for the tool to exit: its wait status, or -1 when it would not. */
static int reap_tool(pid_t pid)
{
	uint64_t deadline = tnl_now_us() + EXIT_TIMEOUT_MS * 1000ULL;
	int status;

	while (waitpid(pid, &status, WNOHANG) == 0) {
		if (tnl_now_us() > deadline) {
			/* Where it is stuck, and what it said. */
			show_proc(pid, "wchan");
			show_proc(pid, "stack");
			show_proc(pid, "status");
			show_tool_output();
			kill(pid, SIGKILL);
			waitpid(pid, &status, 0);
			fprintf(stderr, "the tool did not exit within %d ms\n",
				EXIT_TIMEOUT_MS);
			return -1;
		}
		tnl_sleep_us(1000);
	}
	return status;
}

/* The tool's run, stopped by a signal once its kernel thread is up. */
static int64_t stop_tool(const char *tool, const struct storm_spec *spec,
			 char method, uint64_t delay_us, bool verify,
			 struct tnl *probe)
{
	int sig = method == 'i' ? SIGINT : SIGKILL;
	uint64_t deadline = tnl_now_us() + START_TIMEOUT_MS * 1000ULL;
	uint64_t since;
	int64_t took;
	int status;
	pid_t pid;

	/*
	 * The last run's thread may still be tearing its work down after its
	 * end: the thread looked for below must be this run's.
	 */
	while (job_thread_alive()) {
		if (tnl_now_us() > deadline) {
			fprintf(stderr,
				"%s: the last run's thread is still there after %d ms\n",
				spec->driver, START_TIMEOUT_MS);
			return -1;
		}
		tnl_sleep_us(2000);
	}
	deadline = tnl_now_us() + START_TIMEOUT_MS * 1000ULL;
	pid = spawn_tool(tool, spec, verify);

	if (pid < 0) {
		perror("fork");
		return -1;
	}
	while (!job_thread_alive()) {
		if (waitpid(pid, &status, WNOHANG) == pid) {
			fprintf(stderr,
				"%s: the tool exited (status %#x) before its run started\n",
				spec->driver, status);
			show_tool_output();
			return -1;
		}
		if (tnl_now_us() > deadline) {
			fprintf(stderr, "%s: no run started within %d ms\n",
				spec->driver, START_TIMEOUT_MS);
			kill(pid, SIGKILL);
			reap_tool(pid);
			return -1;
		}
		tnl_sleep_us(2000);
	}
	tnl_sleep_us(delay_us);
	since = tnl_now_us();
	kill(pid, sig);
	took = storm_wait_idle(probe, since, EXIT_TIMEOUT_MS);
	status = reap_tool(pid);
	if (status == -1)
		return -1;
	if (sig == SIGINT &&
	    !(WIFEXITED(status) && WEXITSTATUS(status) == 130)) {
		fprintf(stderr,
			"%s: after SIGINT the tool's wait status is %#x, not exit 130\n",
			spec->driver, status);
		show_tool_output();
		return -1;
	}
	if (sig == SIGKILL &&
	    !(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)) {
		fprintf(stderr,
			"%s: after SIGKILL the tool's wait status is %#x\n",
			spec->driver, status);
		return -1;
	}
	return took;
}

/**
 * storm_stop() - stop @o->count runs at random moments
 * @o: implementations (taken in turn), methods (picked at random), seed,
 *     bound, the tool
 *
 * Return: 0 when every run stopped as it should within @o->bound_ms.
 */
int storm_stop(const struct storm_opts *o)
{
	struct method_stats stats[4] = { 0 };
	static const char all[] = "cxik";
	uint64_t rng = o->seed, longest_us = 0, delay_us;
	unsigned long i, failures = 0;
	const struct storm_spec *spec;
	struct tnl probe;
	uint32_t seq = 1;
	int64_t took;
	bool verify;
	char method;
	int m;

	if (tnl_open(&probe))
		return 1;
	if (storm_wait_idle(&probe, tnl_now_us(), EXIT_TIMEOUT_MS) < 0)
		return 1;
	for (i = 0; i < o->count; i++) {
		spec = &o->spec[i % o->nspecs];
		method = o->methods[tnl_below(&rng, strlen(o->methods))];
		delay_us = tnl_below(&rng, 4) ? tnl_below(&rng, MAX_DELAY_US) :
						0;
		verify = tnl_below(&rng, 2);
		if (method == 'c' || method == 'x')
			took = stop_netlink(spec, method, delay_us, verify,
					    &probe, &seq);
		else
			took = stop_tool(o->tool, spec, method, delay_us,
					 verify, &probe);
		m = strchr(all, method) - all;
		if (took < 0) {
			fprintf(stderr,
				"run %lu (%s, %s, after %llu us) failed\n", i,
				spec->driver, method_name(method),
				(unsigned long long)delay_us);
			failures++;
			continue;
		}
		if (took > o->bound_ms * 1000LL) {
			fprintf(stderr,
				"run %lu (%s, %s): the next run could start only %.1f ms after the stop\n",
				i, spec->driver, method_name(method),
				took / 1000.0);
			failures++;
		}
		stats[m].stopped++;
		stats[m].total_us += took;
		storm_note_stop(&stats[m].longest_us, took);
		storm_note_stop(&longest_us, took);
	}
	tnl_close(&probe);
	for (m = 0; m < 4; m++) {
		if (!stats[m].stopped)
			continue;
		printf("%s: %lu runs stopped, the next could start after %.1f ms on average, %.1f ms at most\n",
		       method_name(all[m]), stats[m].stopped,
		       stats[m].total_us / 1000.0 / stats[m].stopped,
		       stats[m].longest_us / 1000.0);
	}
	printf("stop storm: %lu runs, %lu failures, longest stop %.1f ms (bound %u ms)\n",
	       o->count, failures, longest_us / 1000.0, o->bound_ms);
	return failures ? 1 : 0;
}
