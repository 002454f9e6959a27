// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The guard (path/guard.c) undoes what a killed run changed, but a kill
 * of the whole cgroup (a container stopped, the OOM killer's group kill)
 * takes it too. So each change is first written here, one line each, to
 * a file of the run's own, /run/kaesbench/undo-PID (tmpfs: a reboot,
 * which undoes the changes, clears it):
 *
 *   kaesbench-undo 1 PID          the first line: the format, the run
 *   raised DRIVER FROM TO         before DRIVER's priority is raised
 *   restored DRIVER               once it is set back
 *   instance DRIVER               before a template instance is registered
 *   clean                         the run unregistered its instances
 *
 * Replayed in order, the lines leave what is still to undo: the raises
 * not restored, the instances written since the last "clean". Driver
 * names have no blanks (the crypto API's are printable words).
 *
 * Whether its run is alive is the file's lock: the run holds an flock on
 * it from before the file can be seen, and the guard, forked with the
 * same open file, holds it on; the kernel drops it when both are gone.
 * A record whose lock can be taken is a dead run's.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path/undo_record.h"

#define HEADER "kaesbench-undo 1"
#define LINE_MAX_LEN 256
#define WORDS_MAX 4

/**
 * kb_undo_dir_open() - open the records' directory
 * @create: make it (0700) if it is missing
 *
 * Only a directory of this user's that no one else may write is taken:
 * the records name what root sets back.
 *
 * Return: its descriptor, or a negative errno: -ENOENT when it is missing
 * and @create is false, -EPERM when it is someone else's or open to
 * others.
 */
int kb_undo_dir_open(bool create)
{
	struct stat st;
	int fd;

	if (create && mkdir(KB_UNDO_DIR, 0700) && errno != EEXIST)
		return -errno;
	fd = open(KB_UNDO_DIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || st.st_uid != geteuid() ||
	    (st.st_mode & (S_IWGRP | S_IWOTH))) {
		close(fd);
		return -EPERM;
	}
	return fd;
}

static bool valid_driver(const char *d)
{
	size_t n = strlen(d), i;

	if (!n || n >= CRYPTO_MAX_NAME)
		return false;
	for (i = 0; i < n; i++)
		if (d[i] <= ' ' || d[i] > '~')
			return false;
	return true;
}

/* A priority as the kernel keeps it: an int, never negative here. */
static int parse_priority(const char *s, uint32_t *v)
{
	unsigned long long n = 0;

	if (!*s || strlen(s) > 10)
		return -EINVAL;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -EINVAL;
		n = n * 10 + (unsigned int)(*s - '0');
	}
	if (n > INT_MAX)
		return -EINVAL;
	*v = (uint32_t)n;
	return 0;
}

static ssize_t find_raise(const struct kb_undo_plan *p, const char *driver)
{
	size_t i;

	for (i = 0; i < p->raises; i++)
		if (!strcmp(p->raise[i].driver, driver))
			return (ssize_t)i;
	return -1;
}

static bool has_instance(const struct kb_undo_plan *p, const char *driver)
{
	size_t i;

	for (i = 0; i < p->instances; i++)
		if (!strcmp(p->instance[i], driver))
			return true;
	return false;
}

static int add_raise(struct kb_undo_plan *p, const char *driver, uint32_t from,
		     uint32_t to)
{
	ssize_t i = find_raise(p, driver);

	/* Raised again before it was set back: what it was before stays. */
	if (i >= 0) {
		p->raise[i].to = to;
		return 0;
	}
	if (p->raises == p->alloc_raises) {
		size_t n = p->alloc_raises ? 2 * p->alloc_raises : 8;
		struct kb_undo_raise *grown =
			realloc(p->raise, n * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		p->raise = grown;
		p->alloc_raises = n;
	}
	snprintf(p->raise[p->raises].driver, CRYPTO_MAX_NAME, "%s", driver);
	p->raise[p->raises].from = from;
	p->raise[p->raises].to = to;
	p->raises++;
	return 0;
}

static int add_instance(struct kb_undo_plan *p, const char *driver)
{
	if (has_instance(p, driver))
		return 0;
	if (p->instances == p->alloc_instances) {
		size_t n = p->alloc_instances ? 2 * p->alloc_instances : 16;
		char(*grown)[CRYPTO_MAX_NAME] =
			realloc(p->instance, n * sizeof(*grown));

		if (!grown)
			return -ENOMEM;
		p->instance = grown;
		p->alloc_instances = n;
	}
	snprintf(p->instance[p->instances++], CRYPTO_MAX_NAME, "%s", driver);
	return 0;
}

/* Splits @line at single blanks; more than WORDS_MAX words: -1. */
static int words(char *line, char *w[WORDS_MAX])
{
	int n = 0;
	char *save = NULL, *tok;

	for (tok = strtok_r(line, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		if (n == WORDS_MAX)
			return -1;
		w[n++] = tok;
	}
	return n;
}

/* One line after the header, applied to @p; -EINVAL leaves @p as it was. */
static int apply(struct kb_undo_plan *p, const char *line)
{
	char copy[LINE_MAX_LEN], *w[WORDS_MAX];
	uint32_t from, to;
	ssize_t i;
	int n;

	if (strlen(line) >= sizeof(copy) || strstr(line, "  ") ||
	    line[0] == ' ')
		return -EINVAL;
	strcpy(copy, line);
	n = words(copy, w);
	if (n < 1)
		return -EINVAL;
	if (!strcmp(w[0], "raised") && n == 4 && valid_driver(w[1]) &&
	    !parse_priority(w[2], &from) && !parse_priority(w[3], &to))
		return add_raise(p, w[1], from, to);
	if (!strcmp(w[0], "restored") && n == 2 && valid_driver(w[1])) {
		i = find_raise(p, w[1]);
		if (i >= 0)
			p->raise[i] = p->raise[--p->raises];
		return 0;
	}
	if (!strcmp(w[0], "instance") && n == 2 && valid_driver(w[1]))
		return add_instance(p, w[1]);
	if (!strcmp(w[0], "clean") && n == 1) {
		p->instances = 0;
		return 0;
	}
	return -EINVAL;
}

static int parse_header(const char *line, pid_t *pid)
{
	const char *s = line + strlen(HEADER);
	uint32_t v;

	if (strncmp(line, HEADER " ", strlen(HEADER) + 1) ||
	    parse_priority(s + 1, &v) || !v)
		return -EINVAL;
	*pid = (pid_t)v;
	return 0;
}

/**
 * kb_undo_plan_parse() - what a record says is still to undo
 * @text: the record's contents
 * @len: their length
 * @p: filled in; free with kb_undo_plan_free() whatever the result
 * @bad_line: set to the number (from 1) of the first line refused
 *
 * An empty record (a run killed as it made it) has nothing to undo.
 *
 * Return: 0, or -EINVAL at a malformed line (an unknown word, a driver
 * name that cannot be one, a priority out of range, a line not ended):
 * @p then holds what the lines before it say. -ENOMEM.
 */
int kb_undo_plan_parse(const char *text, size_t len, struct kb_undo_plan *p,
		       size_t *bad_line)
{
	char line[LINE_MAX_LEN];
	size_t at = 0, number = 0;
	int ret;

	memset(p, 0, sizeof(*p));
	*bad_line = 0;
	while (at < len) {
		const char *end = memchr(text + at, '\n', len - at);
		size_t n = end ? (size_t)(end - (text + at)) : len - at;

		number++;
		if (!end || n >= sizeof(line) || memchr(text + at, '\0', n)) {
			*bad_line = number;
			return -EINVAL;
		}
		memcpy(line, text + at, n);
		line[n] = '\0';
		at += n + 1;
		ret = number == 1 ? parse_header(line, &p->pid) :
				    apply(p, line);
		if (ret) {
			if (ret == -EINVAL)
				*bad_line = number;
			return ret;
		}
	}
	return 0;
}

void kb_undo_plan_free(struct kb_undo_plan *p)
{
	free(p->raise);
	free(p->instance);
	memset(p, 0, sizeof(*p));
}

static int write_all(int fd, const char *buf, size_t n)
{
	while (n) {
		ssize_t w = write(fd, buf, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Writes one line, then applies it to the record's plan. */
static int append(struct kb_undo_record *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int append(struct kb_undo_record *r, const char *fmt, ...)
{
	char line[LINE_MAX_LEN];
	va_list ap;
	int n, ret;

	if (r->fd < 0)
		return -EBADF;
	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line) - 1, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof(line) - 1)
		return -EINVAL;
	ret = apply(&r->plan, line);
	if (ret)
		return ret;
	line[n] = '\n';
	return write_all(r->fd, line, (size_t)n + 1);
}

/*
 * Makes the file seen under @name only once it is locked and has its
 * header: an O_TMPFILE linked in. Where the file system has no
 * O_TMPFILE, it is made in place and locked at once; a run that finds it
 * in that instant takes it for a dead run's empty one.
 */
static int make_locked(struct kb_undo_record *r, pid_t pid)
{
	char header[64], proc[64];
	int n = snprintf(header, sizeof(header), HEADER " %d\n", (int)pid);
	unsigned int k;
	int ret;

	r->fd = openat(r->dirfd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (r->fd < 0 && errno != EOPNOTSUPP && errno != EISDIR &&
	    errno != EINVAL)
		return -errno;
	for (k = 0; k < 100; k++) {
		if (k)
			snprintf(r->name, sizeof(r->name),
				 KB_UNDO_PREFIX "%d-%u", (int)pid, k);
		else
			snprintf(r->name, sizeof(r->name), KB_UNDO_PREFIX "%d",
				 (int)pid);
		if (r->fd < 0) {
			int fd = openat(r->dirfd, r->name,
					O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC |
						O_NOFOLLOW,
					0600);

			if (fd < 0 && errno == EEXIST)
				continue;
			if (fd < 0)
				return -errno;
			r->fd = fd;
			if (flock(fd, LOCK_EX))
				return -errno;
			return write_all(fd, header, (size_t)n);
		}
		if (k == 0) {
			if (flock(r->fd, LOCK_EX))
				return -errno;
			ret = write_all(r->fd, header, (size_t)n);
			if (ret)
				return ret;
		}
		/* AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH: /proc does not. */
		if (!linkat(r->fd, "", r->dirfd, r->name, AT_EMPTY_PATH))
			return 0;
		if (errno == ENOENT || errno == EPERM) {
			snprintf(proc, sizeof(proc), "/proc/self/fd/%d", r->fd);
			if (!linkat(AT_FDCWD, proc, r->dirfd, r->name,
				    AT_SYMLINK_FOLLOW))
				return 0;
		}
		if (errno != EEXIST)
			return -errno;
	}
	return -EEXIST;
}

/**
 * kb_undo_record_create() - start a run's record
 * @r: filled in
 * @dirfd: the records' directory (kb_undo_dir_open()); the record keeps
 *	   it, and closes it with the record
 * @pid: the run's
 *
 * The record is locked (flock) on an open file that kb_undo_record_close()
 * closes; a process forked meanwhile holds the lock too.
 *
 * Return: 0 or a negative errno (@dirfd then closed too).
 */
int kb_undo_record_create(struct kb_undo_record *r, int dirfd, pid_t pid)
{
	int ret;

	memset(r, 0, sizeof(*r));
	r->dirfd = dirfd;
	r->fd = -1;
	ret = make_locked(r, pid);
	if (ret) {
		kb_undo_record_close(r);
		return ret;
	}
	r->plan.pid = pid;
	return 0;
}

/**
 * kb_undo_record_raised() - write down a priority about to be raised
 * @r: the record
 * @driver: the driver
 * @from: its priority before the run
 * @to: what it is raised to
 *
 * Return: 0, or a negative errno: then raise nothing.
 */
int kb_undo_record_raised(struct kb_undo_record *r, const char *driver,
			  uint32_t from, uint32_t to)
{
	if (!valid_driver(driver))
		return -EINVAL;
	return append(r, "raised %s %u %u", driver, from, to);
}

/**
 * kb_undo_record_restored() - write down a priority set back
 * @r: the record
 * @driver: the driver
 *
 * Return: 0 or a negative errno.
 */
int kb_undo_record_restored(struct kb_undo_record *r, const char *driver)
{
	if (!valid_driver(driver))
		return -EINVAL;
	return append(r, "restored %s", driver);
}

/**
 * kb_undo_record_instance() - write down an instance about to be registered
 * @r: the record
 * @driver: its driver name
 *
 * Written once until the next kb_undo_record_clean().
 *
 * Return: 0, or a negative errno: then register nothing.
 */
int kb_undo_record_instance(struct kb_undo_record *r, const char *driver)
{
	if (!valid_driver(driver))
		return -EINVAL;
	if (has_instance(&r->plan, driver))
		return 0;
	return append(r, "instance %s", driver);
}

/**
 * kb_undo_record_clean() - write down that the run unregistered its instances
 * @r: the record
 *
 * Return: 0 or a negative errno.
 */
int kb_undo_record_clean(struct kb_undo_record *r)
{
	return append(r, "clean");
}

/**
 * kb_undo_record_done() - whether the record has nothing left to undo
 * @r: the record
 *
 * Return: true when every raise is set back and the instances written are
 * unregistered ("clean" after them).
 */
bool kb_undo_record_done(const struct kb_undo_record *r)
{
	return !r->plan.raises && !r->plan.instances;
}

/**
 * kb_undo_record_remove() - delete the record, then close it
 * @r: the record
 */
void kb_undo_record_remove(struct kb_undo_record *r)
{
	if (r->dirfd >= 0 && r->name[0])
		unlinkat(r->dirfd, r->name, 0);
	kb_undo_record_close(r);
}

/**
 * kb_undo_record_close() - close the record, leaving the file
 * @r: the record
 *
 * Its lock goes once no other process holds the file open.
 */
void kb_undo_record_close(struct kb_undo_record *r)
{
	if (r->fd >= 0)
		close(r->fd);
	if (r->dirfd >= 0)
		close(r->dirfd);
	r->fd = -1;
	r->dirfd = -1;
	kb_undo_plan_free(&r->plan);
}

/* "t(...)": its first parenthesis closed by its last character alone. */
static bool one_chain(const char *s, size_t n)
{
	const char *open = memchr(s, '(', n);
	size_t depth = 0, i;

	if (!open || n >= CRYPTO_MAX_NAME || s[n - 1] != ')')
		return false;
	for (i = (size_t)(open - s); i < n; i++) {
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && (!depth || (!--depth && i != n - 1)))
			return false;
	}
	return !depth;
}

static size_t layers(const char *s, size_t n, char (*layer)[CRYPTO_MAX_NAME],
		     size_t max, size_t count)
{
	const char *open = memchr(s, '(', n);
	size_t depth = 0, i, start, k;

	if (!one_chain(s, n))
		return count;
	for (k = 0; k < count; k++)
		if (strlen(layer[k]) == n && !memcmp(layer[k], s, n))
			break;
	if (k == count && count < max) {
		memcpy(layer[count], s, n);
		layer[count++][n] = '\0';
	}
	start = (size_t)(open - s) + 1;
	for (i = start; i < n - 1; i++) {
		if (s[i] == '(') {
			depth++;
		} else if (s[i] == ')') {
			depth--;
		} else if (s[i] == ',' && !depth) {
			count = layers(s + start, i - start, layer, max, count);
			start = i + 1;
		}
	}
	return layers(s + start, n - 1 - start, layer, max, count);
}

/**
 * kb_undo_chain_layers() - the template instances a driver name spells
 * @driver: a chain's driver name:
 *	    "seqiv(rfc4106(gcm_base(ctr(aes-generic),ghash-generic)))"
 * @layer: filled in, outermost first: the name itself and each
 *	   parenthesised name within it ("ctr(aes-generic)"), once each;
 *	   plain drivers ("aes-generic") are not instances and are left out
 * @max: @layer's size
 *
 * Return: how many were filled in.
 */
size_t kb_undo_chain_layers(const char *driver, char (*layer)[CRYPTO_MAX_NAME],
			    size_t max)
{
	return layers(driver, strlen(driver), layer, max, 0);
}
