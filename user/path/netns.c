// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The two network namespaces, made by the calling thread alone: unshare()
 * and setns() of CLONE_NEWNET change only the thread that calls them, so
 * every other thread of the tool stays in the namespace it started in,
 * and this one always comes back to it before returning.
 *
 * Why no bind mount (`ip netns add` mounts each namespace on
 * /run/netns/NAME to keep it alive without a process): a mount outlives
 * the process, so a tool killed with SIGKILL, which runs no cleanup, would
 * leave its namespaces, veth pair, SAs and policies on the machine for
 * good. Held only by file descriptors, the namespaces go when the last
 * descriptor closes, which the kernel does however the process ends.
 */

#define _GNU_SOURCE /* unshare(), setns() */

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "path/netns.h"

/* The calling thread's namespace; /proc/self would be the main thread's. */
#define THREAD_NETNS "/proc/thread-self/ns/net"

static int why(char *err, size_t len, const char *what, int ret)
{
	if (ret == -EPERM)
		snprintf(
			err, len,
			"making a network namespace needs CAP_SYS_ADMIN (run as root)");
	else if (!strcmp(what, "unshare") && ret == -EINVAL)
		snprintf(
			err, len,
			"the kernel has no network namespaces (CONFIG_NET_NS)");
	else if (!strcmp(what, "unshare") && ret == -ENOSPC)
		snprintf(
			err, len,
			"no more network namespaces may be made (/proc/sys/user/max_net_namespaces)");
	else if (ret == -ENOENT)
		snprintf(err, len,
			 "cannot open " THREAD_NETNS
			 ": is /proc mounted (Linux 3.17 or later)?");
	else
		snprintf(err, len, "%s: %s", what, strerror(-ret));
	return ret;
}

static bool side_ok(const struct kb_netns_pair *p, int side)
{
	return p && side >= 0 && side < KB_SIDES && p->side[side] >= 0;
}

/**
 * kb_netns_pair_make() - make the two namespaces
 * @p: filled in; release it with kb_netns_pair_release() whatever the
 *     result
 * @err: on failure, a sentence saying what failed
 * @len: its size
 *
 * Each side is a new, empty network namespace (only a loopback device,
 * down), held by @p->side[i]; @p->home holds the caller's. The calling
 * thread is back in its own namespace on return, whatever the result.
 *
 * Return: 0, or -errno: -EPERM without CAP_SYS_ADMIN, -EINVAL when the
 * kernel has no network namespaces, -ENOSPC at their limit, or what
 * open(), unshare() or setns() failed with.
 */
int kb_netns_pair_make(struct kb_netns_pair *p, char *err, size_t len)
{
	int i, ret;

	p->home = -1;
	for (i = 0; i < KB_SIDES; i++)
		p->side[i] = -1;

	p->home = open(THREAD_NETNS, O_RDONLY | O_CLOEXEC);
	if (p->home < 0)
		return why(err, len, "open " THREAD_NETNS, -errno);
	for (i = 0; i < KB_SIDES; i++) {
		if (unshare(CLONE_NEWNET))
			return why(err, len, "unshare", -errno);
		p->side[i] = open(THREAD_NETNS, O_RDONLY | O_CLOEXEC);
		ret = p->side[i] < 0 ? -errno : 0;
		/* Back home first: nothing else may run in a side by mistake. */
		if (setns(p->home, CLONE_NEWNET))
			return why(err, len,
				   "setns back to the tool's own namespace",
				   -errno);
		if (ret)
			return why(err, len, "open " THREAD_NETNS, ret);
	}
	return 0;
}

/**
 * kb_netns_pair_release() - close the namespaces' descriptors
 * @p: as kb_netns_pair_make() left it, even after a failure
 *
 * A namespace goes once nothing holds it: this closes what the tool holds;
 * sockets made in a side (kb_netns_socket()) hold it too, until closed.
 * Safe to call twice.
 */
void kb_netns_pair_release(struct kb_netns_pair *p)
{
	int i;

	for (i = 0; i < KB_SIDES; i++) {
		if (p->side[i] >= 0)
			close(p->side[i]);
		p->side[i] = -1;
	}
	if (p->home >= 0)
		close(p->home);
	p->home = -1;
}

/**
 * kb_netns_enter() - move the calling thread into one side
 * @p: the pair
 * @side: 0 or 1
 *
 * Only the calling thread moves. Pair it with kb_netns_leave() before
 * returning to code that expects the tool's own namespace.
 *
 * Return: 0, -EINVAL for a side not made, or what setns() failed with.
 */
int kb_netns_enter(const struct kb_netns_pair *p, int side)
{
	if (!side_ok(p, side))
		return -EINVAL;
	return setns(p->side[side], CLONE_NEWNET) ? -errno : 0;
}

/**
 * kb_netns_leave() - move the calling thread back into its own namespace
 * @p: the pair
 *
 * Return: 0, -EINVAL when @p has no home, or what setns() failed with.
 */
int kb_netns_leave(const struct kb_netns_pair *p)
{
	if (!p || p->home < 0)
		return -EINVAL;
	return setns(p->home, CLONE_NEWNET) ? -errno : 0;
}

/**
 * kb_netns_socket() - a socket in one side
 * @p: the pair
 * @side: 0 or 1
 * @domain: as socket() takes it
 * @type: as socket() takes it (SOCK_CLOEXEC is added)
 * @protocol: as socket() takes it
 *
 * A socket belongs to the namespace it was made in for its whole life,
 * wherever the thread using it goes afterwards: the caller may bind,
 * send and receive on it from its own namespace.
 *
 * Return: the descriptor, or -errno (-EINVAL for a side not made).
 */
int kb_netns_socket(const struct kb_netns_pair *p, int side, int domain,
		    int type, int protocol)
{
	int fd, ret, left;

	ret = kb_netns_enter(p, side);
	if (ret)
		return ret;
	fd = socket(domain, type | SOCK_CLOEXEC, protocol);
	ret = fd < 0 ? -errno : fd;
	left = kb_netns_leave(p);
	if (left) {
		if (fd >= 0)
			close(fd);
		return left;
	}
	return ret;
}
