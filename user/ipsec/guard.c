// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Choosing the implementation of an SA means raising its priority while
 * the SA is made, then setting it back (ipsec/sa_proof.c). A priority
 * lives in the kernel until its module is reloaded, so a kaesbench killed
 * in between would leave the machine's choice changed for every ESP SA of
 * that transform made later. The guard is a child forked before any
 * change, holding nothing but the read end of a pipe: it is told of each
 * raise and each restore, and when the pipe closes (kaesbench ended, or
 * was killed) it sets back whatever is still raised, then exits. It
 * ignores the terminal's signals, which reach the whole process group, so
 * that Ctrl-C lets it finish.
 *
 * A kaesbench that ends normally unregisters the template instances it
 * registered (ipsec/registered.c) and says so; one that was killed could
 * not, so the guard does it then, from what was registered when it was
 * forked.
 *
 * And it is handed each implementation's two namespaces while they exist
 * (SCM_RIGHTS), so that a killed kaesbench's SAs are deleted before the
 * namespaces go: torn down with SAs in them, namespaces have been seen to
 * keep an SA's transform referenced for good (Linux 7.2), and with it the
 * instance, which could then not be unregistered. The guard holds them
 * only until it has deleted their SAs, then exits: nothing outlives it.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libmnl/libmnl.h>

#include "ipsec/guard.h"
#include "ipsec/registered.h"
#include "ipsec/traffic.h"
#include "ipsec/xfrm.h"
#include "kernel/crypto_user.h"

/* Less than PIPE_BUF: each is written whole. */
struct guard_msg {
	char driver[CRYPTO_MAX_NAME];
	uint32_t old_priority;
	uint8_t op; /* enum guard_op */
};

enum guard_op {
	GUARD_RESTORED, /* @driver's priority is set back */
	GUARD_RAISED, /* @driver's priority was raised from @old_priority */
	GUARD_CLEAN, /* kaesbench unregistered what it registered */
	GUARD_NETNS, /* these namespaces (two descriptors) exist now */
	GUARD_NETNS_GONE, /* kaesbench emptied and closed them */
};

/* One message, and the namespaces' descriptors it may carry. */
static ssize_t receive(int fd, struct guard_msg *m, int ns[KB_SIDES])
{
	char control[CMSG_SPACE(KB_SIDES * sizeof(int))];
	struct iovec iov = { .iov_base = m, .iov_len = sizeof(*m) };
	struct msghdr msg = { .msg_iov = &iov,
			      .msg_iovlen = 1,
			      .msg_control = control,
			      .msg_controllen = sizeof(control) };
	struct cmsghdr *c;
	ssize_t n;

	do
		n = recvmsg(fd, &msg, MSG_CMSG_CLOEXEC);
	while (n < 0 && errno == EINTR);
	for (c = CMSG_FIRSTHDR(&msg); n > 0 && c; c = CMSG_NXTHDR(&msg, c))
		if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS &&
		    c->cmsg_len == CMSG_LEN(KB_SIDES * sizeof(int)))
			memcpy(ns, CMSG_DATA(c), KB_SIDES * sizeof(int));
	return n;
}

static void forget(struct kb_netns_pair *p)
{
	int side;

	for (side = 0; side < KB_SIDES; side++) {
		if (p->side[side] >= 0)
			close(p->side[side]);
		p->side[side] = -1;
	}
}

/*
 * Deletes the SAs and policies of the namespaces held, frees the
 * datagrams that hold them still, and lets the namespaces go.
 */
static void empty_namespaces(struct kb_netns_pair *p)
{
	int side;

	for (side = 0; side < KB_SIDES; side++)
		if (p->side[side] >= 0 && p->home >= 0)
			kb_xfrm_flush(p, side);
	if (p->side[0] >= 0 && p->home >= 0)
		kb_traffic_free_deferred(p);
	forget(p);
}

#define GUARD_MAX 16

static void guard_main(int fd, const struct kb_cu_algs *before,
		       const struct kb_esp_transform *t)
{
	struct guard_msg pending[GUARD_MAX], m;
	struct kb_netns_pair held = { .side = { -1, -1 } };
	size_t n = 0, i, left;
	struct mnl_socket *nl;
	bool clean = false;
	int ns[KB_SIDES];
	char names[512];
	int err;

	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	held.home = open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
	for (;;) {
		ns[0] = ns[1] = -1;
		if (receive(fd, &m, ns) != sizeof(m))
			break;
		m.driver[CRYPTO_MAX_NAME - 1] = '\0';
		/* Newer ones, or kaesbench emptied them: close them. */
		if (m.op == GUARD_NETNS || m.op == GUARD_NETNS_GONE)
			forget(&held);
		if (m.op == GUARD_NETNS) {
			held.side[0] = ns[0];
			held.side[1] = ns[1];
		}
		clean |= m.op == GUARD_CLEAN;
		for (i = 0; i < n && strcmp(pending[i].driver, m.driver); i++)
			;
		if (m.op == GUARD_RAISED && i == n && n < GUARD_MAX)
			pending[n++] = m;
		else if (m.op == GUARD_RESTORED && i < n)
			pending[i] = pending[--n];
	}
	/* Killed with namespaces alive: their SAs go first. */
	empty_namespaces(&held);
	if (!n && clean)
		_exit(0);
	nl = kb_cu_open(&err);
	for (i = 0; nl && i < n; i++) {
		err = kb_cu_set_priority(nl, pending[i].driver,
					 pending[i].old_priority);
		fprintf(stderr,
			"kaesbench: %s's priority set back to %u after kaesbench ended%s%s\n",
			pending[i].driver, pending[i].old_priority,
			err ? ": " : "", err ? strerror(-err) : "");
	}
	if (nl && !clean) {
		left = kb_registered_undo(nl, before, t, 20000, names,
					  sizeof(names));
		if (left)
			fprintf(stderr,
				"kaesbench: registered during its run and still registered after it ended: %s\n",
				names);
	}
	if (nl)
		mnl_socket_close(nl);
	_exit(nl ? 0 : 1);
}

/**
 * kb_guard_start() - fork the guard
 * @g: filled in
 * @before: what is registered before the run (kb_registered_before())
 * @t: the run's transform
 *
 * Call it before anything else is open that must close when kaesbench
 * dies (namespaces): the guard closes every descriptor but its socket.
 *
 * Return: 0 or a negative errno.
 */
int kb_guard_start(struct kb_guard *g, const struct kb_cu_algs *before,
		   const struct kb_esp_transform *t)
{
	int fds[2];

	g->fd = -1;
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds))
		return -errno;
	g->pid = fork();
	if (g->pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return -errno;
	}
	if (!g->pid) {
		int fd, max = (int)sysconf(_SC_OPEN_MAX);

		for (fd = 3; fd < (max > 0 ? max : 1024); fd++)
			if (fd != fds[0])
				close(fd);
		guard_main(fds[0], before, t);
	}
	close(fds[0]);
	g->fd = fds[1];
	return 0;
}

static int tell(struct kb_guard *g, const char *driver, uint32_t old_priority,
		enum guard_op op)
{
	struct guard_msg m;

	memset(&m, 0, sizeof(m));
	snprintf(m.driver, sizeof(m.driver), "%s", driver);
	m.old_priority = old_priority;
	m.op = op;
	return send(g->fd, &m, sizeof(m), MSG_NOSIGNAL) == sizeof(m) ? 0 :
								       -EPIPE;
}

/**
 * kb_guard_raised() - tell the guard before raising a priority
 * @g: the guard
 * @driver: the driver whose priority is about to change
 * @old_priority: what to set back
 *
 * Return: 0, or -EPIPE when the guard is gone: then change nothing.
 */
int kb_guard_raised(struct kb_guard *g, const char *driver,
		    uint32_t old_priority)
{
	return tell(g, driver, old_priority, GUARD_RAISED);
}

/**
 * kb_guard_restored() - tell the guard a priority is set back
 * @g: the guard
 * @driver: the driver
 *
 * Return: 0 or -EPIPE.
 */
int kb_guard_restored(struct kb_guard *g, const char *driver)
{
	return tell(g, driver, 0, GUARD_RESTORED);
}

/**
 * kb_guard_netns() - hand the guard an implementation's namespaces
 * @g: the guard
 * @p: the namespaces, just made
 *
 * It holds them until told they are gone (kb_guard_netns_gone()) or
 * handed the next, and deletes their SAs if kaesbench dies meanwhile.
 *
 * Return: 0 or -EPIPE.
 */
int kb_guard_netns(struct kb_guard *g, const struct kb_netns_pair *p)
{
	char control[CMSG_SPACE(KB_SIDES * sizeof(int))] = { 0 };
	struct guard_msg m = { .op = GUARD_NETNS };
	struct iovec iov = { .iov_base = &m, .iov_len = sizeof(m) };
	struct msghdr msg = { .msg_iov = &iov,
			      .msg_iovlen = 1,
			      .msg_control = control,
			      .msg_controllen = sizeof(control) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&msg);

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(KB_SIDES * sizeof(int));
	memcpy(CMSG_DATA(c), p->side, KB_SIDES * sizeof(int));
	return sendmsg(g->fd, &msg, MSG_NOSIGNAL) == sizeof(m) ? 0 : -EPIPE;
}

/**
 * kb_guard_netns_gone() - tell the guard the namespaces are emptied
 * @g: the guard
 *
 * Return: 0 or -EPIPE.
 */
int kb_guard_netns_gone(struct kb_guard *g)
{
	return tell(g, "", 0, GUARD_NETNS_GONE);
}

/**
 * kb_guard_clean() - tell the guard the run undid its registrations
 * @g: the guard
 *
 * Return: 0 or -EPIPE.
 */
int kb_guard_clean(struct kb_guard *g)
{
	return tell(g, "", 0, GUARD_CLEAN);
}

/**
 * kb_guard_stop() - close the pipe and wait for the guard
 * @g: the guard (not started: nothing happens)
 */
void kb_guard_stop(struct kb_guard *g)
{
	if (g->fd < 0)
		return;
	close(g->fd);
	g->fd = -1;
	while (waitpid(g->pid, NULL, 0) < 0 && errno == EINTR)
		;
}
