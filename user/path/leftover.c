// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A run killed with its guard (a cgroup's kill, the OOM killer taking
 * the group) leaves its record under /run/kaesbench unlocked
 * (path/undo_record.c). Every kaesbench run as root looks for such
 * records first, and undoes what they say, one line on standard error
 * for each thing undone:
 *
 * - a priority still raised is set back, only if it still is what the
 *   run raised it to (someone may have set it since: that stays);
 * - the template instances the run registered are unregistered
 *   (CRYPTO_MSG_DELALG, which removes only what nothing holds), the
 *   outermost first: an instance built on another holds it. The SAs of
 *   the killed run's namespaces hold theirs until the kernel has torn
 *   the namespaces down, a moment after the kill, so an instance still
 *   in use is retried for a while (LEFTOVER_WAIT_S) before it is named
 *   as left;
 *
 * then the record is deleted. Without root nothing can be undone, and
 * nothing is said. A record whose lock is held is a live run's (or its
 * guard's, which undoes it): it is left alone, or, before a run that
 * changes things itself, waited for (kb_leftover_settle()).
 */

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libmnl/libmnl.h>

#include "base/clock.h"
#include "base/signals.h"
#include "path/leftover.h"
#include "path/undo_record.h"
#include "netlink/crypto_user.h"

#define LEFTOVER_WAIT_S 20
/* A record has a few lines an SA: far less than this. */
#define RECORD_MAX (1024 * 1024)

#define KILLED "kaesbench: a run killed earlier (pid %d) left "

static char *read_record(int fd, size_t *len)
{
	size_t alloc = 4096;
	char *buf = malloc(alloc), *grown;
	ssize_t n;

	*len = 0;
	while (buf) {
		n = read(fd, buf + *len, alloc - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			free(buf);
			return NULL;
		}
		if (!n)
			return buf;
		*len += (size_t)n;
		if (*len == alloc) {
			if (alloc >= RECORD_MAX)
				return buf; /* the rest is refused as a torn line */
			grown = realloc(buf, 2 * alloc);
			if (!grown)
				free(buf);
			buf = grown;
			alloc *= 2;
		}
	}
	return NULL;
}

/* Return: 0, or -EPERM and the like when nothing can be changed. */
static int undo_raises(struct mnl_socket *nl, const struct kb_undo_plan *p)
{
	struct kb_cu_alg a;
	size_t i;
	int ret;

	for (i = 0; i < p->raises; i++) {
		const struct kb_undo_raise *r = &p->raise[i];

		ret = kb_cu_get(nl, r->driver, &a);
		if (ret == -ENOENT) {
			fprintf(stderr,
				KILLED
				"%s's priority raised to %u: it is no longer registered\n",
				(int)p->pid, r->driver, r->to);
			continue;
		}
		if (ret)
			return ret;
		if (a.priority != r->to) {
			fprintf(stderr,
				KILLED
				"%s's priority raised to %u: it is %u now, set since: left as it is\n",
				(int)p->pid, r->driver, r->to, a.priority);
			continue;
		}
		ret = kb_cu_set_priority(nl, r->driver, r->from);
		if (ret == -EPERM)
			return ret;
		fprintf(stderr, KILLED "%s's priority raised to %u: %s%u%s%s\n",
			(int)p->pid, r->driver, r->to,
			ret ? "setting it back to " : "set back to ", r->from,
			ret ? ": " : "", ret ? strerror(-ret) : "");
	}
	return 0;
}

/* Each instance's fate: 1 still to try, 0 settled, or its last errno. */
static void undo_instances(struct mnl_socket *nl, const struct kb_undo_plan *p)
{
	struct timespec pause = { .tv_nsec = 100 * 1000 * 1000 };
	double end = kb_now() + LEFTOVER_WAIT_S;
	int *state = calloc(p->instances ? p->instances : 1, sizeof(*state));
	bool progress, busy;
	size_t i;
	int ret;

	if (!state)
		return;
	for (i = 0; i < p->instances; i++)
		state[i] = 1;
	do {
		/* Outermost first; an inner one freed by it is taken next pass. */
		do {
			progress = false;
			busy = false;
			for (i = 0; i < p->instances; i++) {
				if (state[i] != 1 && state[i] != -EBUSY)
					continue;
				ret = kb_cu_delete(nl, p->instance[i]);
				if (ret == -EBUSY) {
					state[i] = -EBUSY;
					busy = true;
					continue;
				}
				progress = true;
				state[i] = ret;
				/* Gone already, or not an instance: nothing to say. */
				if (!ret)
					fprintf(stderr,
						KILLED
						"instance %s registered: unregistered\n",
						(int)p->pid, p->instance[i]);
				if (ret == -ENOENT || ret == -EINVAL)
					state[i] = 0;
			}
		} while (progress && busy);
		if (busy)
			nanosleep(&pause, NULL);
	} while (busy && kb_now() < end);
	for (i = 0; i < p->instances; i++)
		if (state[i] < 0)
			fprintf(stderr,
				KILLED
				"instance %s registered: %s, left registered\n",
				(int)p->pid, p->instance[i],
				state[i] == -EBUSY ? "in use" :
						     strerror(-state[i]));
	free(state);
}

/*
 * One dead run's record, locked: undone, then deleted. Return: 0, or a
 * negative errno when nothing could be changed (the record then stays).
 */
static int undo_record(int dirfd, const char *name, int fd,
		       struct mnl_socket **nl)
{
	struct kb_undo_plan p;
	size_t len, bad;
	char *text = read_record(fd, &len);
	int ret;

	if (!text)
		return -errno;
	ret = kb_undo_plan_parse(text, len, &p, &bad);
	free(text);
	if (ret == -ENOMEM) {
		kb_undo_plan_free(&p);
		return ret;
	}
	if (ret)
		fprintf(stderr,
			"kaesbench: a run killed earlier (pid %d) left a record with a line that cannot be read (%s/%s, line %zu): undoing what the lines before it say\n",
			(int)p.pid, KB_UNDO_DIR, name, bad);
	ret = 0;
	if ((p.raises || p.instances) && !*nl)
		*nl = kb_cu_open(&ret);
	if (*nl)
		ret = undo_raises(*nl, &p);
	if (!ret && *nl)
		undo_instances(*nl, &p);
	if (!ret)
		unlinkat(dirfd, name, 0);
	kb_undo_plan_free(&p);
	return ret;
}

/* Its lock taken, waiting up to @wait_s for a guard still at work. */
static int take(int fd, const char *name, unsigned int wait_s)
{
	struct timespec pause = { .tv_nsec = 100 * 1000 * 1000 };
	double end = kb_now() + wait_s;
	bool said = false;

	while (flock(fd, LOCK_EX | LOCK_NB)) {
		if (errno != EWOULDBLOCK || kb_now() > end || kb_interrupted())
			return -1;
		if (!said)
			fprintf(stderr,
				"kaesbench: waiting for the guard of a run that ended (%s/%s) to put back what it changed\n",
				KB_UNDO_DIR, name);
		said = true;
		nanosleep(&pause, NULL);
	}
	return 0;
}

/* A record no process holds: its lock taken, and it is still there. */
static int open_dead(int dirfd, const char *name, unsigned int wait_s)
{
	struct stat st;
	int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    take(fd, name, wait_s) || fstat(fd, &st) || !st.st_nlink) {
		close(fd);
		return -1;
	}
	return fd;
}

static void scan(unsigned int wait_s)
{
	struct mnl_socket *nl = NULL;
	struct dirent *e;
	int dirfd, fd;
	DIR *dir;

	if (geteuid())
		return;
	dirfd = kb_undo_dir_open(false);
	if (dirfd < 0)
		return;
	fd = dup(dirfd);
	dir = fd >= 0 ? fdopendir(fd) : NULL;
	if (!dir) {
		if (fd >= 0)
			close(fd);
		close(dirfd);
		return;
	}
	while ((e = readdir(dir))) {
		if (strncmp(e->d_name, KB_UNDO_PREFIX, strlen(KB_UNDO_PREFIX)))
			continue;
		fd = open_dead(dirfd, e->d_name, wait_s);
		if (fd < 0)
			continue;
		/* Cannot act (no crypto_user, no CAP_NET_ADMIN): later. */
		if (undo_record(dirfd, e->d_name, fd, &nl)) {
			close(fd);
			break;
		}
		close(fd);
	}
	closedir(dir);
	close(dirfd);
	if (nl)
		mnl_socket_close(nl);
}

/**
 * kb_leftover_undo() - undo what runs killed with their guard left
 *
 * Only as root, where the records are; says on standard error what it
 * undid. Quick when there is nothing: one directory looked up.
 */
void kb_leftover_undo(void)
{
	scan(0);
}

/**
 * kb_leftover_settle() - wait for guards still at work, then undo the rest
 * @wait_s: how long to wait for a record's lock
 *
 * For a run about to change the crypto API itself: a run killed just
 * before it may have left its guard setting its changes back, which must
 * not meet this run's (a priority it raises set back under it). Taken
 * once only one such run is under way at a time (path/turn.c), a held
 * record is a guard's. Interrupted by a signal, it waits no more.
 */
void kb_leftover_settle(unsigned int wait_s)
{
	scan(wait_s);
}
