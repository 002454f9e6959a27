// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Concurrent clients, each a process with its own sockets, that list,
 * start short runs and verifications, cancel their own runs, close their
 * sockets under them and cancel ids near the last one they saw (often
 * another client's run). Only these answers are expected: a run or
 * verification starts, is refused busy, or is refused with -EINTR when
 * another client's cancel lands while it is set up; a cancel succeeds or
 * finds no such run; a run ends with 0, or -EINTR when cancelled; a list
 * is never empty. Anything else, or an answer later than
 * ANSWER_TIMEOUT_MS, fails.
 */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "storm.h"

#define END_TIMEOUT_MS 30000

struct client {
	unsigned int n;
	uint64_t rng;
	struct tnl t;
	bool open;
	uint32_t seq;
	uint32_t last_id;
	unsigned long lists, runs, verifies, busy, closed, cancels, hits;
	unsigned long cancelled_early; /* refused: cancelled while set up */
	unsigned long unexpected;
};

static void unexpected(struct client *c, const char *what, int err,
		       const char *msg)
{
	c->unexpected++;
	fprintf(stderr, "client %u: %s: %s%s%s\n", c->n, what,
		err ? strerror(-err) : "ok", msg && *msg ? ": " : "",
		msg ? msg : "");
}

/* Reads to the end of the socket's job: 0 or -EINTR are expected. */
static void await_end(struct client *c, struct storm_io *io, const char *what)
{
	int err = storm_await(&c->t, io, &io->ended, END_TIMEOUT_MS);

	if (err)
		unexpected(c, what, err, "no end");
	else if (io->status && io->status != -EINTR)
		unexpected(c, what, io->status, "ended");
}

static void run(struct client *c, const struct storm_opts *o)
{
	const struct storm_spec *spec = &o->spec[tnl_below(&c->rng, o->nspecs)];
	struct storm_io io;
	int err;

	err = storm_start(&c->t, spec, 2 + tnl_below(&c->rng, 10),
			  1 + tnl_below(&c->rng, 3), tnl_below(&c->rng, 2), &io,
			  c->seq++);
	if (err == -EBUSY || err == -EINTR) {
		*(err == -EBUSY ? &c->busy : &c->cancelled_early) += 1;
		return;
	}
	if (err) {
		unexpected(c, "run", err, io.msg);
		return;
	}
	c->runs++;
	c->last_id = io.id;
	switch (tnl_below(&c->rng, 3)) {
	case 0:
		await_end(c, &io, "run");
		break;
	case 1:
		tnl_sleep_us(tnl_below(&c->rng, 20000));
		err = storm_cancel(&c->t, &io, io.id, c->seq++);
		if (err && err != -ESRCH)
			unexpected(c, "cancel of its own run", err, io.msg);
		c->cancels++;
		c->hits += !err;
		await_end(c, &io, "cancelled run");
		break;
	default:
		tnl_close(&c->t);
		c->open = false;
		c->closed++;
		break;
	}
}

static void verify(struct client *c, const struct storm_opts *o)
{
	const struct storm_spec *spec = &o->spec[tnl_below(&c->rng, o->nspecs)];
	struct storm_io io;
	int err;

	err = storm_verify(&c->t, spec, 4, &io, c->seq++);
	if (err == -EBUSY || err == -EINTR) {
		*(err == -EBUSY ? &c->busy : &c->cancelled_early) += 1;
		return;
	}
	if (err) {
		unexpected(c, "verify", err, io.msg);
		return;
	}
	c->verifies++;
	c->last_id = io.id;
	await_end(c, &io, "verification");
}

static void cancel_near(struct client *c)
{
	uint32_t id = c->last_id + tnl_below(&c->rng, 5) - 2;
	struct storm_io io;
	int err;

	storm_io_init(&io, 0);
	err = storm_cancel(&c->t, &io, id, c->seq++);
	if (err && err != -ESRCH)
		unexpected(c, "cancel", err, io.msg);
	c->cancels++;
	c->hits += !err;
}

static int client(const struct storm_opts *o, unsigned int n)
{
	uint64_t deadline = tnl_now_us() + o->seconds * 1000000ULL;
	struct client c = { .n = n, .rng = o->seed + n, .seq = 1 };
	uint32_t roll;

	while (tnl_now_us() < deadline && c.unexpected < 10) {
		if (!c.open) {
			if (tnl_open(&c.t))
				return 1;
			c.open = true;
		}
		roll = tnl_below(&c.rng, 100);
		if (roll < 25) {
			if (storm_list(&c.t, c.seq++) > 0)
				c.lists++;
			else
				unexpected(&c, "list", 0, "empty or failed");
		} else if (roll < 60) {
			run(&c, o);
		} else if (roll < 70) {
			verify(&c, o);
		} else {
			cancel_near(&c);
		}
	}
	tnl_close(&c.t);
	printf("client %u: %lu lists, %lu runs and %lu verifications started (%lu refused busy, %lu cancelled while set up, %lu sockets closed under a run), %lu cancels (%lu hit a run), %lu unexpected\n",
	       n, c.lists, c.runs, c.verifies, c.busy, c.cancelled_early,
	       c.closed, c.cancels, c.hits, c.unexpected);
	return c.unexpected ? 1 : 0;
}

/**
 * storm_hammer() - @o->clients clients for @o->seconds
 * @o: clients, duration, implementations, seed
 *
 * Return: 0 when every client saw only expected answers and all exited in
 * time.
 */
int storm_hammer(const struct storm_opts *o)
{
	uint64_t deadline = tnl_now_us() + (o->seconds + END_TIMEOUT_MS / 1000 +
					    10) * 1000000ULL;
	unsigned int i, failed = 0, left = 0;
	pid_t pids[64];
	int status;

	fflush(stdout);
	for (i = 0; i < o->clients && i < 64; i++) {
		pids[i] = fork();
		if (pids[i] == 0)
			_exit(client(o, i));
		if (pids[i] < 0) {
			perror("fork");
			failed++;
			break;
		}
		left++;
	}
	while (left) {
		pid_t pid = waitpid(-1, &status, WNOHANG);

		if (pid > 0) {
			left--;
			failed += !WIFEXITED(status) || WEXITSTATUS(status);
			continue;
		}
		if (tnl_now_us() > deadline) {
			fprintf(stderr, "%u clients still running: killed\n",
				left);
			failed += left;
			while (i--)
				if (pids[i] > 0)
					kill(pids[i], SIGKILL);
			while (waitpid(-1, &status, 0) > 0)
				;
			break;
		}
		tnl_sleep_us(10000);
	}
	printf("hammer: %u clients for %u s, %u failed\n", o->clients,
	       o->seconds, failed);
	return failed ? 1 : 0;
}
