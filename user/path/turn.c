// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The turn is an flock() on one file under /run/kaesbench: the kernel
 * lets it go however the holder ends, SIGKILL included, so a killed run
 * never blocks the next. The holder writes who it is into the file, for
 * the others' messages; it removes the file when it is done, while still
 * holding it, and a taker that finds it locked a file no longer at the
 * path (removed as it opened it) tries again, so that two never hold two
 * files at once. A run killed leaves the file, unlocked, for the next to
 * take.
 *
 * The waiting is run's (--wait SECONDS, --no-wait, kb_wait_parse()), and
 * so are its words: "waiting for ... of pid P (COMM): N s in", "another
 * ... is in progress", "waited N s for ..., still in progress", exit 1.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/options.h"
#include "base/signals.h"
#include "bench/wait_note.h"
#include "path/turn.h"

/* How often a waiting command looks again: no measurement runs then. */
#define POLL_MS 100

enum say { SAY_WAITING, SAY_BUSY, SAY_WAITED };

/* CLOCK_BOOTTIME: one clock for every process, suspends counted. */
static uint64_t boot_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/**
 * kb_turn_parse() - read who holds the turn from its lock file
 * @text: the file's text, "PID SINCE_MS COMMAND COMM\n"
 * @h: filled in; all zero on failure
 *
 * Return: 0, or -EINVAL for anything else (an empty file, one being
 * written, a line without its newline).
 */
int kb_turn_parse(const char *text, struct kb_turn_holder *h)
{
	const char *nl = strchr(text, '\n'), *comm;
	unsigned long long since;
	int pid, at = 0;
	size_t n;

	memset(h, 0, sizeof(*h));
	if (!nl ||
	    sscanf(text, "%d %llu %15s%n", &pid, &since, h->command, &at) !=
		    3 ||
	    pid <= 0 || text + at >= nl || text[at] != ' ')
		goto bad;
	comm = text + at + 1;
	n = nl - comm;
	if (!n || n >= sizeof(h->comm))
		goto bad;
	memcpy(h->comm, comm, n);
	h->pid = pid;
	h->since_ms = since;
	return 0;
bad:
	memset(h, 0, sizeof(*h));
	return -EINVAL;
}

/*
 * Run's words for its turns (kmod/job.c, bench/wait_note.c), of a path
 * command: "waiting for ipsec run of pid 345 (kaesbench): 3 s in",
 * "another ipsec run is in progress (pid 345, kaesbench)", "waited 2 s
 * for ipsec run (pid 345, kaesbench), still in progress". A holder not
 * known yet (its file not yet written) is another run of @command.
 */
static int format(char *buf, size_t len, enum say say, const char *command,
		  const struct kb_turn_holder *h, uint64_t now_ms,
		  uint64_t waited_ms)
{
	char who[64] = "";
	const char *kind = h->pid ? h->command : command;

	if (h->pid)
		snprintf(who, sizeof(who), " (pid %d, %s)", (int)h->pid,
			 h->comm);
	switch (say) {
	case SAY_WAITING:
		if (!h->pid)
			return snprintf(buf, len, "waiting for another %s run",
					kind);
		return snprintf(
			buf, len,
			"waiting for %s run of pid %d (%s): %llu s in", kind,
			(int)h->pid, h->comm,
			(unsigned long long)(now_ms > h->since_ms ?
						     now_ms - h->since_ms :
						     0) /
				1000);
	case SAY_BUSY:
		return snprintf(buf, len, "another %s run is in progress%s",
				kind, who);
	case SAY_WAITED:
		break;
	}
	return snprintf(buf, len,
			"waited %llu s for %s run%s, still in progress",
			(unsigned long long)waited_ms / 1000, kind, who);
}

/**
 * kb_turn_describe() - the line that says whose turn a command waits for
 * @buf: where to
 * @len: its size
 * @command: the command that waits ("ipsec"), for a holder not known
 * @h: the holder, as kb_turn_parse() read it (@h->pid 0: not known)
 * @now_ms: CLOCK_BOOTTIME now, for how long it has held the turn
 *
 * Return: what snprintf() returns.
 */
int kb_turn_describe(char *buf, size_t len, const char *command,
		     const struct kb_turn_holder *h, uint64_t now_ms)
{
	return format(buf, len, SAY_WAITING, command, h, now_ms, 0);
}

static void holder(int fd, struct kb_turn_holder *h)
{
	char text[128];
	ssize_t n = pread(fd, text, sizeof(text) - 1, 0);

	text[n > 0 ? n : 0] = '\0';
	kb_turn_parse(text, h);
}

/* @fd is still the file at @path: not removed by a holder meanwhile. */
static int same_file(int fd, const char *path)
{
	struct stat a, b;

	return !fstat(fd, &a) && !stat(path, &b) && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

static int record(int fd, const char *command)
{
	char comm[17] = "", line[128];
	int n;

	if (prctl(PR_GET_NAME, comm) || !comm[0])
		snprintf(comm, sizeof(comm), "kaesbench");
	n = snprintf(line, sizeof(line), "%d %llu %s %s\n", (int)getpid(),
		     (unsigned long long)boot_ms(), command, comm);
	if (ftruncate(fd, 0) || pwrite(fd, line, n, 0) != n)
		return -errno;
	return 0;
}

static int fail(const char *command, const char *what, const char *path,
		int err)
{
	fprintf(stderr, "kaesbench %s: %s %s: %s\n", command, what, path,
		strerror(err));
	return KB_EXIT_ERROR;
}

static int refuse(const char *command, enum say say,
		  const struct kb_turn_holder *h, uint64_t waited_ms)
{
	char text[256];

	format(text, sizeof(text), say, command, h, 0, waited_ms);
	fprintf(stderr, "kaesbench %s: %s: %s\n", command, text,
		strerror(EBUSY));
	return KB_EXIT_ERROR;
}

static int open_dir(const char *dir, const char *command)
{
	struct stat st;

	/* Another kaesbench may make it at the same moment: either is it. */
	if (mkdir(dir, 0700) && errno != EEXIST)
		return fail(command, "making", dir, errno);
	if (lstat(dir, &st))
		return fail(command, "reading", dir, errno);
	if (!S_ISDIR(st.st_mode))
		return fail(command, "taking its turn in", dir, ENOTDIR);
	return KB_EXIT_OK;
}

/**
 * kb_turn_take_in() - wait for the machine's turn, and take it
 * @t: filled in; release it with kb_turn_release() whatever the result
 * @dir: where the lock file is (made 0700 if missing)
 * @command: the path command, for the others' messages ("ipsec")
 * @w: how long to wait behind another (run's --wait, --no-wait); 0 ms
 *     and not @w->never: until the other ends
 *
 * Says whose turn it waits for, on the progress line or standard error,
 * whenever that changes, as a kernel job behind another does.
 *
 * Return: KB_EXIT_OK with the turn held; KB_EXIT_ERROR, said why on
 * standard error (another holds it and @w allows no more waiting, or the
 * file cannot be made); KB_EXIT_INTERRUPTED on a signal while waiting.
 */
int kb_turn_take_in(struct kb_turn *t, const char *dir, const char *command,
		    const struct kb_wait_opt *w)
{
	struct timespec pause = { .tv_nsec = POLL_MS * 1000000L };
	uint64_t start = boot_ms(), now;
	struct kb_turn_holder h;
	pid_t told = -1;
	int fd, ret;

	t->fd = -1;
	snprintf(t->path, sizeof(t->path), "%s/%s", dir, KB_TURN_FILE);
	ret = open_dir(dir, command);
	if (ret)
		return ret;
	for (;;) {
		fd = open(t->path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW,
			  0600);
		if (fd < 0)
			return fail(command, "opening", t->path, errno);
		if (!flock(fd, LOCK_EX | LOCK_NB)) {
			if (!same_file(fd, t->path)) {
				close(fd);
				continue;
			}
			t->fd = fd;
			ret = record(fd, command);
			return ret ? fail(command, "writing", t->path, -ret) :
				     KB_EXIT_OK;
		}
		ret = errno;
		if (ret != EWOULDBLOCK) {
			close(fd);
			return fail(command, "locking", t->path, ret);
		}
		holder(fd, &h);
		close(fd);
		now = boot_ms();
		if (w->never)
			return refuse(command, SAY_BUSY, &h, 0);
		if (w->ms && now - start >= w->ms)
			return refuse(command, SAY_WAITED, &h, now - start);
		if (h.pid != told) {
			char text[256];

			told = h.pid;
			kb_turn_describe(text, sizeof(text), command, &h, now);
			kb_wait_say(text);
		}
		nanosleep(&pause, NULL);
		if (kb_interrupted())
			return KB_EXIT_INTERRUPTED;
	}
}

/**
 * kb_turn_take() - wait for the machine's turn in /run/kaesbench, and take it
 * @t: filled in; release it with kb_turn_release() whatever the result
 * @command: the path command ("ipsec")
 * @w: how long to wait behind another
 *
 * Return: as kb_turn_take_in().
 */
int kb_turn_take(struct kb_turn *t, const char *command,
		 const struct kb_wait_opt *w)
{
	return kb_turn_take_in(t, KB_TURN_DIR, command, w);
}

/**
 * kb_turn_release() - give the turn to the next, removing the lock file
 * @t: as kb_turn_take() left it; safe to call twice
 *
 * The directory stays: other kaesbench files live there too.
 */
void kb_turn_release(struct kb_turn *t)
{
	if (t->fd < 0)
		return;
	if (same_file(t->fd, t->path))
		unlink(t->path);
	close(t->fd);
	t->fd = -1;
}
