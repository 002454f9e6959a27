// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The server runs in the receiving namespace, the client in the sending
 * one, each entered by its child before exec, bound to the lane's
 * addresses so that the lane's policies apply to both the data and
 * iperf3's TCP control connection (the measured lane has SAs both ways).
 * Each child dies with kaesbench (PR_SET_PDEATHSIG): a process left in a
 * namespace would keep it, and its SAs, alive.
 *
 * kaesbench runs as root: iperf3 is the system's, found once in its fixed
 * directories (kb_iperf3_find()) and run by that path, never looked up in
 * the PATH kaesbench inherited, where a user's directory could stand first.
 */

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "path/iperf3.h"

/**
 * kb_iperf3_find_in() - the first iperf3 in a list of directories
 * @dirs: the directories, absolute, in order
 * @ndirs: how many
 * @path: filled in with DIR/iperf3
 * @len: its size
 *
 * Return: 0, or -ENOENT when none of them has an executable regular file
 * by that name.
 */
int kb_iperf3_find_in(const char *const *dirs, size_t ndirs, char *path,
		      size_t len)
{
	struct stat st;
	size_t i;

	for (i = 0; i < ndirs; i++) {
		if ((size_t)snprintf(path, len, "%s/iperf3", dirs[i]) >= len)
			continue;
		if (!stat(path, &st) && S_ISREG(st.st_mode) &&
		    !access(path, X_OK))
			return 0;
	}
	if (len)
		path[0] = '\0';
	return -ENOENT;
}

/**
 * kb_iperf3_find() - the system's iperf3, from KB_IPERF3_DIRS
 * @path: filled in
 * @len: its size
 *
 * Return: 0, or -ENOENT when it is not installed there.
 */
int kb_iperf3_find(char *path, size_t len)
{
	static const char *const dirs[] = { KB_IPERF3_DIRS };

	return kb_iperf3_find_in(dirs, sizeof(dirs) / sizeof(dirs[0]), path,
				 len);
}

/* The child's side of a fork: into @side's namespace, then iperf3. */
static void exec_in(const char *program, const struct kb_netns_pair *p,
		    int side, int out, char *const argv[])
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() == 1 || kb_netns_enter(p, side))
		_exit(126);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(out >= 0 ? out : null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
	}
	execv(program, argv);
	_exit(127);
}

static pid_t spawn(const char *program, const struct kb_netns_pair *p, int side,
		   int out, char *const argv[])
{
	pid_t pid = fork();

	if (!pid)
		exec_in(program, p, side, out, argv);
	return pid;
}

static int reap(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static char *read_all(int fd)
{
	size_t len = 0, alloc = 0;
	char *buf = NULL, *grown;
	ssize_t n;

	for (;;) {
		if (len + 4096 + 1 > alloc) {
			alloc = alloc ? 2 * alloc : 65536;
			grown = realloc(buf, alloc);
			if (!grown) {
				free(buf);
				return NULL;
			}
			buf = grown;
		}
		n = read(fd, buf + len, alloc - len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	if (buf)
		buf[len] = '\0';
	return buf;
}

static double number(struct json_object *o, const char *key, bool *ok)
{
	struct json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !(json_object_is_type(v, json_type_int) ||
	      json_object_is_type(v, json_type_double))) {
		*ok = false;
		return 0;
	}
	return json_object_get_double(v);
}

/* iperf3 -J's end: the receiver's count where it has one (3.13 on). */
static void parse(const char *text, uint32_t payload,
		  struct kb_iperf3_result *r)
{
	struct json_object *root = json_tokener_parse(text), *end, *sum;
	double packets, lost, seconds;
	bool ok = true;

	if (!root || !json_object_object_get_ex(root, "end", &end)) {
		snprintf(r->error, sizeof(r->error),
			 "iperf3 printed no result");
		json_object_put(root);
		return;
	}
	if (json_object_object_get_ex(end, "sum_received", &sum)) {
		packets = number(sum, "packets", &ok);
		lost = number(sum, "lost_packets", &ok);
	} else {
		json_object_object_get_ex(end, "sum", &sum);
		packets = number(sum, "packets", &ok);
		lost = number(sum, "lost_packets", &ok);
	}
	seconds = number(sum, "seconds", &ok);
	if (!ok || seconds <= 0 || lost > packets) {
		snprintf(r->error, sizeof(r->error),
			 "iperf3's result has no packet counts");
	} else {
		r->ran = true;
		r->packets = packets;
		r->lost = lost;
		r->pps = (packets - lost) / seconds;
		r->gbps = r->pps * payload * 8 / 1e9;
	}
	json_object_put(root);
}

/**
 * kb_iperf3_udp() - iperf3's UDP rate from one side to the other
 * @program: kb_iperf3_find()'s path, or NULL when it found none
 * @p: the namespaces
 * @from: the sender's address (side 0)
 * @to: the receiver's (side 1)
 * @port: the server's port
 * @payload: each datagram's payload (iperf3 -l)
 * @ms: how long to send (whole seconds, one at least)
 * @r: filled in; @r->program is @program, and @r->error says why when it
 *     did not run
 *
 * Return: 0, or a negative errno when iperf3 could not be started.
 */
int kb_iperf3_udp(const char *program, const struct kb_netns_pair *p,
		  const struct in_addr *from, const struct in_addr *to,
		  uint16_t port, uint32_t payload, uint32_t ms,
		  struct kb_iperf3_result *r)
{
	char src[INET_ADDRSTRLEN], dst[INET_ADDRSTRLEN], sport[8], len[12],
		secs[12];
	char *server[] = { "iperf3", "-s", "-1", "-B", dst, "-p", sport, NULL };
	char *client[] = { "iperf3", "-c", dst,	 "-B", src,  "-p", sport, "-u",
			   "-b",     "0",  "-l", len,  "-t", secs, "-J",  NULL };
	struct timespec pause = { .tv_nsec = 300 * 1000 * 1000 };
	pid_t spid, cpid;
	int fds[2], tries, rc = -1;
	char *out = NULL;

	memset(r, 0, sizeof(r[0]));
	if (!program) {
		snprintf(r->error, sizeof(r->error),
			 "iperf3 is not installed (in " KB_IPERF3_DIRS_TEXT
			 ")");
		return 0;
	}
	snprintf(r->program, sizeof(r->program), "%s", program);
	inet_ntop(AF_INET, from, src, sizeof(src));
	inet_ntop(AF_INET, to, dst, sizeof(dst));
	snprintf(sport, sizeof(sport), "%u", port);
	snprintf(len, sizeof(len), "%u", payload);
	snprintf(secs, sizeof(secs), "%u", ms < 1000 ? 1 : (ms + 999) / 1000);
	spid = spawn(program, p, 1, -1, server);
	if (spid < 0)
		return -errno;
	/* Until the server listens: the client fails at once before. */
	for (tries = 0; tries < 10 && rc; tries++) {
		double start;

		nanosleep(&pause, NULL);
		start = kb_now();
		free(out);
		out = NULL;
		if (pipe2(fds, O_CLOEXEC)) {
			rc = -errno;
			break;
		}
		cpid = spawn(program, p, 0, fds[1], client);
		close(fds[1]);
		if (cpid < 0) {
			close(fds[0]);
			rc = -errno;
			break;
		}
		out = read_all(fds[0]);
		close(fds[0]);
		rc = reap(cpid);
		if (rc == 127) {
			snprintf(r->error, sizeof(r->error),
				 "%s could not be run", program);
			break;
		}
		/* Only a client refused at once is tried again. */
		if (rc && kb_now() - start > 1)
			break;
	}
	kill(spid, SIGTERM);
	reap(spid);
	if (!rc && out)
		parse(out, payload, r);
	else if (!r->error[0])
		snprintf(r->error, sizeof(r->error),
			 "iperf3's client failed (exit %d)", rc);
	free(out);
	return rc < 0 ? rc : 0;
}
