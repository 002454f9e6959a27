// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Choosing the implementation of an SA means raising its priority while
 * the SA is made, then setting it back (path/proof.c). A priority
 * lives in the kernel until its module is reloaded, so a kaesbench killed
 * in between would leave the machine's choice changed for every ESP SA of
 * that transform made later. The guard is a child forked before any
 * change, holding nothing but the read end of a pipe: it is told of each
 * raise and each restore, and when the pipe closes (kaesbench ended, or
 * was killed) it sets back whatever is still raised, then exits.
 *
 * It leaves kaesbench's session and process group at once (setsid()), so
 * that what is sent to the group (Ctrl-C from the terminal, timeout -s
 * KILL, a kill of the group) does not reach it: it outlives kaesbench to
 * do its work. It ignores SIGTERM and SIGHUP too, which a service stop
 * sends to every process of the service.
 *
 * A kaesbench that ends normally unregisters the template instances it
 * registered (path/registered.c) and says so; one that was killed could
 * not, so the guard does it then, from what was registered when it was
 * forked.
 *
 * And it is handed each implementation's two namespaces while they exist
 * (SCM_RIGHTS), so that a killed kaesbench's SAs are deleted before the
 * namespaces go: torn down with SAs in them, namespaces have been seen to
 * keep an SA's transform referenced for good (Linux 7.2), and with it the
 * instance, which could then not be unregistered. The guard holds them
 * only until it has deleted their SAs, then exits: nothing outlives it.
 *
 * What a kill of the whole cgroup (a container stopped, the OOM killer's
 * group kill) takes with kaesbench, the guard included, is still written
 * down: every raise and every instance is first written to the run's
 * record under /run (path/undo_record.c), which the next run undoes
 * (path/leftover.c). The guard holds the record's lock with kaesbench,
 * and deletes the record once it has undone what it says.
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
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libmnl/libmnl.h>

#include "path/guard.h"
#include "path/leftover.h"
#include "path/registered.h"
#include "path/traffic.h"
#include "netlink/crypto_user.h"

/* Less than PIPE_BUF: each is written whole. */
struct guard_msg {
	char driver[CRYPTO_MAX_NAME];
	uint32_t old_priority;
	uint32_t raised_to;
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
 * Lets go of what the ends in the namespaces held hold (the path's SAs,
 * peers and keys), frees the datagrams that hold them still, and lets
 * the namespaces go.
 */
static void empty_namespaces(const struct kb_path_kind *kind,
			     struct kb_netns_pair *p)
{
	if (p->home >= 0)
		kind->ops->empty(p);
	if (p->side[0] >= 0 && p->home >= 0)
		kb_traffic_free_deferred(p);
	forget(p);
}

/* Sets @m's driver back to its priority before the run, if still raised. */
static void set_back(struct mnl_socket *nl, const struct guard_msg *m)
{
	struct kb_cu_alg a;
	int err = kb_cu_get(nl, m->driver, &a);

	if (!err && a.priority != m->raised_to) {
		fprintf(stderr,
			"kaesbench: %s's priority is %u, not the %u kaesbench raised it to: left as it is\n",
			m->driver, a.priority, m->raised_to);
		return;
	}
	if (!err)
		err = kb_cu_set_priority(nl, m->driver, m->old_priority);
	fprintf(stderr,
		"kaesbench: %s's priority set back to %u after kaesbench ended%s%s\n",
		m->driver, m->old_priority, err ? ": " : "",
		err ? strerror(-err) : "");
}

#define GUARD_MAX 16
/*
 * How long a run waits for the guard of one killed just before it: as
 * long as that one may wait for its instances to be let go, and more.
 */
#define GUARD_SETTLE_S 60

static void guard_main(int fd, struct kb_guard *g)
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
		else if (m.op == GUARD_RAISED && i < n)
			pending[i].raised_to = m.raised_to;
		else if (m.op == GUARD_RESTORED && i < n)
			pending[i] = pending[--n];
	}
	/* Killed with namespaces alive: their SAs go first. */
	empty_namespaces(&g->kind, &held);
	if (!n && clean) {
		kb_undo_record_remove(&g->record);
		_exit(0);
	}
	nl = kb_cu_open(&err);
	/* Without crypto_user nothing can be undone: the record stays. */
	if (!nl) {
		fprintf(stderr,
			"kaesbench: its guard cannot reach crypto_user (%s): the next kaesbench run as root puts back what it changed\n",
			strerror(-err));
		_exit(1);
	}
	for (i = 0; i < n; i++)
		set_back(nl, &pending[i]);
	if (!clean) {
		left = kb_registered_undo(nl, &g->before, &g->kind, 20000,
					  names, sizeof(names));
		if (left)
			fprintf(stderr,
				"kaesbench: registered during its run and still registered after it ended: %s\n",
				names);
	}
	mnl_socket_close(nl);
	kb_undo_record_remove(&g->record);
	_exit(0);
}

/* Closes descriptors @lo to @hi; close_range() where the kernel has it. */
static void close_span(unsigned int lo, unsigned int hi)
{
	long max;
	unsigned int fd;

#ifdef SYS_close_range
	if (!syscall(SYS_close_range, lo, hi, 0) || errno != ENOSYS)
		return;
#endif
	max = sysconf(_SC_OPEN_MAX);
	for (fd = lo; fd <= hi && fd < (max > 0 ? (unsigned long)max : 1024);
	     fd++)
		close((int)fd);
}

/* Closes every descriptor above stderr but the @n in @keep. */
static void close_all_but(int *keep, size_t n)
{
	unsigned int lo = 3;
	size_t i, j;
	int t;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && keep[j - 1] > keep[j]; j--) {
			t = keep[j];
			keep[j] = keep[j - 1];
			keep[j - 1] = t;
		}
	for (i = 0; i < n; i++) {
		if (keep[i] < 0 || (unsigned int)keep[i] < lo)
			continue;
		if ((unsigned int)keep[i] > lo)
			close_span(lo, (unsigned int)keep[i] - 1);
		lo = (unsigned int)keep[i] + 1;
	}
	close_span(lo, ~0U);
}

static int copy_algs(struct kb_cu_algs *to, const struct kb_cu_algs *from)
{
	to->count = 0;
	to->alg = malloc((from->count ? from->count : 1) * sizeof(*to->alg));
	if (!to->alg)
		return -ENOMEM;
	if (from->count)
		memcpy(to->alg, from->alg, from->count * sizeof(*to->alg));
	to->count = from->count;
	return 0;
}

static void release(struct kb_guard *g)
{
	kb_cu_algs_free(&g->before);
	free(g->original);
	g->original = NULL;
	g->originals = 0;
}

/**
 * kb_guard_start() - fork the guard, and start the run's record
 * @g: filled in
 * @before: what is registered before the run (kb_registered_before())
 * @kind: the run's path: which instances its chains register, how its
 *        ends in namespaces let go
 *
 * Call it before anything else is open that must close when kaesbench
 * dies (namespaces): the guard closes every descriptor but its socket
 * and the record's.
 *
 * Return: 0 or a negative errno (a record that cannot be made under /run
 * says why on stderr).
 */
int kb_guard_start(struct kb_guard *g, const struct kb_cu_algs *before,
		   const struct kb_path_kind *kind)
{
	int fds[2], ret, dirfd;

	memset(g, 0, sizeof(*g));
	g->fd = -1;
	g->record.fd = g->record.dirfd = -1;
	g->kind = *kind;
	ret = copy_algs(&g->before, before);
	if (ret)
		return ret;
	kb_leftover_settle(GUARD_SETTLE_S);
	dirfd = kb_undo_dir_open(true);
	ret = dirfd < 0 ? dirfd :
			  kb_undo_record_create(&g->record, dirfd, getpid());
	if (ret) {
		fprintf(stderr,
			"kaesbench: cannot keep the record of its changes in %s, from which the next run undoes what a killed one left: %s\n",
			KB_UNDO_DIR,
			ret == -EPERM ? "the directory is not root's alone" :
					strerror(-ret));
		release(g);
		return ret;
	}
	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds)) {
		ret = -errno;
		goto fail;
	}
	g->pid = fork();
	if (g->pid < 0) {
		ret = -errno;
		close(fds[0]);
		close(fds[1]);
		goto fail;
	}
	if (!g->pid) {
		int keep[] = { fds[0], g->record.fd, g->record.dirfd };

		/* Out of kaesbench's process group: a kill of it spares us. */
		setsid();
		close_all_but(keep, sizeof(keep) / sizeof(keep[0]));
		guard_main(fds[0], g);
	}
	close(fds[0]);
	g->fd = fds[1];
	return 0;
fail:
	kb_undo_record_remove(&g->record);
	release(g);
	return ret;
}

static int tell(struct kb_guard *g, const char *driver, uint32_t old_priority,
		uint32_t raised_to, enum guard_op op)
{
	struct guard_msg m;

	memset(&m, 0, sizeof(m));
	snprintf(m.driver, sizeof(m.driver), "%s", driver);
	m.old_priority = old_priority;
	m.raised_to = raised_to;
	m.op = op;
	return send(g->fd, &m, sizeof(m), MSG_NOSIGNAL) == sizeof(m) ? 0 :
								       -EPIPE;
}

/**
 * kb_guard_original() - a driver's priority before the run
 * @g: the guard
 * @driver: the driver
 * @now: its priority now
 *
 * Read once per driver, the first time it is asked for: what a raise
 * that could not be set back left is never taken for it.
 *
 * Return: the priority @driver had when first asked for.
 */
uint32_t kb_guard_original(struct kb_guard *g, const char *driver, uint32_t now)
{
	struct kb_guard_original *grown;
	size_t i;

	for (i = 0; i < g->originals; i++)
		if (!strcmp(g->original[i].driver, driver))
			return g->original[i].priority;
	grown = realloc(g->original, (g->originals + 1) * sizeof(*grown));
	if (!grown)
		return now;
	g->original = grown;
	snprintf(grown[g->originals].driver, CRYPTO_MAX_NAME, "%s", driver);
	grown[g->originals++].priority = now;
	return now;
}

/**
 * kb_guard_raised() - write down and tell the guard before raising a priority
 * @g: the guard
 * @driver: the driver whose priority is about to change
 * @old_priority: what to set back (kb_guard_original())
 * @raised_to: what it is raised to
 *
 * Return: 0, or a negative errno (-EPIPE when the guard is gone): then
 * change nothing.
 */
int kb_guard_raised(struct kb_guard *g, const char *driver,
		    uint32_t old_priority, uint32_t raised_to)
{
	int ret = kb_undo_record_raised(&g->record, driver, old_priority,
					raised_to);

	return ret ? ret :
		     tell(g, driver, old_priority, raised_to, GUARD_RAISED);
}

/**
 * kb_guard_restored() - tell the guard a priority is set back
 * @g: the guard
 * @driver: the driver
 *
 * Return: 0 or a negative errno.
 */
int kb_guard_restored(struct kb_guard *g, const char *driver)
{
	int ret = tell(g, driver, 0, 0, GUARD_RESTORED);
	int r = kb_undo_record_restored(&g->record, driver);

	return ret ? ret : r;
}

/**
 * kb_guard_registering() - write down the instances a chain will register
 * @g: the guard
 * @nl: a crypto_user socket
 * @driver: the chain about to be registered (kb_cu_instantiate())
 *
 * Writes to the record, before they are registered, the layers of
 * @driver's name that are template instances and not registered yet; and
 * any instance of the path's chains' layers registered since the run began
 * (the chains listed before the first SA) not written yet.
 *
 * Return: 0, or a negative errno: then register nothing.
 */
int kb_guard_registering(struct kb_guard *g, struct mnl_socket *nl,
			 const char *driver)
{
	char layer[16][CRYPTO_MAX_NAME];
	size_t n = kb_undo_chain_layers(driver, layer, 16), i;
	struct kb_cu_algs now;
	int ret = kb_cu_dump(nl, &now);

	for (i = 0; !ret && i < n; i++)
		if (!kb_cu_find(&now, layer[i]))
			ret = kb_undo_record_instance(&g->record, layer[i]);
	for (i = 0; !ret && i < now.count; i++) {
		const struct kb_cu_alg *a = &now.alg[i];

		if ((a->flags & CU_ALG_INSTANCE) &&
		    g->kind.ops->layer(g->kind.front, a->name) &&
		    !kb_cu_find(&g->before, a->driver))
			ret = kb_undo_record_instance(&g->record, a->driver);
	}
	kb_cu_algs_free(&now);
	return ret;
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
	return tell(g, "", 0, 0, GUARD_NETNS_GONE);
}

/**
 * kb_guard_clean() - tell the guard the run undid its registrations
 * @g: the guard
 *
 * Return: 0 or a negative errno.
 */
int kb_guard_clean(struct kb_guard *g)
{
	int ret = tell(g, "", 0, 0, GUARD_CLEAN);
	int r = kb_undo_record_clean(&g->record);

	return ret ? ret : r;
}

/**
 * kb_guard_stop() - close the pipe, wait for the guard, end the record
 * @g: the guard (not started: nothing happens)
 *
 * The record is deleted when it has nothing left to undo (the guard
 * deletes it once it has undone the rest); one the guard could not undo
 * (no crypto_user) stays for the next run.
 */
void kb_guard_stop(struct kb_guard *g)
{
	if (g->fd < 0)
		return;
	close(g->fd);
	g->fd = -1;
	while (waitpid(g->pid, NULL, 0) < 0 && errno == EINTR)
		;
	if (kb_undo_record_done(&g->record))
		kb_undo_record_remove(&g->record);
	else
		kb_undo_record_close(&g->record);
	release(g);
}
