// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * /proc/net/tls_stat, as net/tls/tls_proc.c writes it: one counter a
 * line, its name, white space and its value in decimal. Names come and
 * go between kernels (TlsDecryptRetry and TlsRxNoPadViolation from 6.0,
 * the rekey counters from 6.14), so none is assumed: every line that
 * reads as a name and a number is kept, any other passed over, as /proc
 * may change under a reader. Another namespace's file is opened from
 * inside it: /proc/thread-self/net follows the calling thread's network
 * namespace, /proc/self/net the main thread's.
 */

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "path/netns.h"
#include "tls/tls_stat.h"

#define TLS_STAT "/proc/thread-self/net/tls_stat"
#define THREAD_NETNS "/proc/thread-self/ns/net"

/* "Name<white space>value<white space>": false for anything else. */
static bool parse_line(const char *line, struct kb_tls_stat_entry *e)
{
	size_t len = strcspn(line, " \t\r\n");
	const char *num = line + len + strspn(line + len, " \t");
	unsigned long long v;
	char *end;

	if (!len || len >= sizeof(e->name) || !isdigit((unsigned char)*num))
		return false;
	errno = 0;
	v = strtoull(num, &end, 10);
	if (errno || end[strspn(end, " \t\r\n")])
		return false;
	memcpy(e->name, line, len);
	e->name[len] = '\0';
	e->value = v;
	return true;
}

/* The rest of a line longer than the buffer, which is then passed over. */
static bool skip_long(FILE *f, const char *buf)
{
	int c;

	if (strchr(buf, '\n') || feof(f))
		return false;
	do
		c = getc(f);
	while (c != '\n' && c != EOF);
	return true;
}

/**
 * kb_tls_stat_parse() - read the counters of a tls_stat file
 * @f: open on it (or on a copy, for the tests)
 * @st: filled in: each name's first value, in the file's order, up to
 *	KB_TLS_STAT_MAX of them
 *
 * Return: 0 (an empty file, or one of no counters, gives none), or -EIO
 * when reading @f failed.
 */
int kb_tls_stat_parse(FILE *f, struct kb_tls_stat *st)
{
	struct kb_tls_stat_entry e;
	char buf[256];
	uint64_t seen;

	st->n = 0;
	while (fgets(buf, sizeof(buf), f)) {
		if (skip_long(f, buf) || !parse_line(buf, &e))
			continue;
		if (st->n == KB_TLS_STAT_MAX ||
		    kb_tls_stat_get(st, e.name, &seen))
			continue;
		st->e[st->n++] = e;
	}
	return ferror(f) ? -EIO : 0;
}

/* The file, opened in namespace @netns_fd (-1: the calling thread's). */
static int open_in(int netns_fd)
{
	struct kb_netns_pair ns = { .side = { netns_fd, -1 } };
	int fd, ret, left;

	if (netns_fd < 0) {
		fd = open(TLS_STAT, O_RDONLY | O_CLOEXEC);
		return fd < 0 ? -errno : fd;
	}
	ns.home = open(THREAD_NETNS, O_RDONLY | O_CLOEXEC);
	if (ns.home < 0)
		return -errno;
	ret = kb_netns_enter(&ns, 0);
	if (!ret) {
		fd = open(TLS_STAT, O_RDONLY | O_CLOEXEC);
		ret = fd < 0 ? -errno : fd;
		left = kb_netns_leave(&ns);
		if (left && fd >= 0)
			close(fd);
		if (left)
			ret = left;
	}
	close(ns.home);
	return ret;
}

/**
 * kb_tls_stat_read() - a namespace's kTLS counters, as they are now
 * @netns_fd: the namespace, -1 for the calling thread's own; entering
 *	      another for a moment (the calling thread alone) needs
 *	      CAP_SYS_ADMIN
 * @st: filled in as kb_tls_stat_parse() does; empty on failure
 *
 * Return: 0, or -errno: -ENOENT when the file is missing (the tls module
 * not loaded, or a kernel without CONFIG_TLS), what setns() failed with,
 * -EIO for a read that failed.
 */
int kb_tls_stat_read(int netns_fd, struct kb_tls_stat *st)
{
	FILE *f;
	int fd, ret;

	st->n = 0;
	fd = open_in(netns_fd);
	if (fd < 0)
		return fd;
	f = fdopen(fd, "r");
	if (!f) {
		ret = -errno;
		close(fd);
		return ret;
	}
	ret = kb_tls_stat_parse(f, st);
	fclose(f);
	return ret;
}

/**
 * kb_tls_stat_get() - one counter, by its name in the file
 * @st: as read
 * @name: "TlsTxSw", ...
 * @v: set to its value when there is one
 *
 * Return: whether this kernel has the counter.
 */
bool kb_tls_stat_get(const struct kb_tls_stat *st, const char *name,
		     uint64_t *v)
{
	size_t i;

	for (i = 0; i < st->n; i++) {
		if (!strcmp(st->e[i].name, name)) {
			*v = st->e[i].value;
			return true;
		}
	}
	return false;
}
