// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Module storms, through the same system calls as insmod and rmmod:
 *
 * - unload: rmmod at a random moment of a run. A job's thread holds a
 *   reference on the module, so rmmod is refused (EAGAIN) and the run goes
 *   on; once it is stopped (cancelled, or its socket closed), rmmod works
 *   within a bound, unless a list dump is left half read (it holds a
 *   reference too): then once that socket is closed. Then the module is
 *   loaded again.
 * - cycle: load, find the family and list (every other time), unload.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "storm.h"

#define MODULE_NAME "kaesbench"
#define MAX_DELAY_US 100000
#define RETRY_MS 5000

static int load(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	int ret;

	if (fd < 0) {
		perror(path);
		return -1;
	}
	ret = syscall(SYS_finit_module, fd, "", 0);
	close(fd);
	if (ret && errno != EEXIST) {
		fprintf(stderr, "loading %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

/* rmmod: 0, or -errno (-EAGAIN: in use). */
static int unload(void)
{
	return syscall(SYS_delete_module, MODULE_NAME, O_NONBLOCK) ? -errno : 0;
}

/* rmmod until it works, for at most RETRY_MS. */
static int unload_retrying(void)
{
	uint64_t deadline = tnl_now_us() + RETRY_MS * 1000ULL;
	int err;

	while ((err = unload()) == -EAGAIN || err == -EBUSY) {
		if (tnl_now_us() > deadline)
			break;
		tnl_sleep_us(1000);
	}
	if (err)
		fprintf(stderr, "rmmod: %s\n", strerror(-err));
	return err;
}

static bool loaded(void)
{
	return access("/sys/module/" MODULE_NAME, F_OK) == 0;
}

struct unload_stats {
	unsigned long unloaded, refused, failures;
	uint64_t longest_us;
};

static bool in_use(int err)
{
	return err == -EAGAIN || err == -EBUSY;
}

/* Stops @io's run on @t: cancelled, or its socket closed (@t is then). */
static int stop_run(struct tnl *t, struct storm_io *io, bool cancel)
{
	int err;

	if (!cancel) {
		tnl_close(t);
		return 0;
	}
	err = storm_cancel(t, io, io->id, 2);
	if (!err)
		err = storm_await(t, io, &io->ended, RETRY_MS);
	tnl_close(t);
	if (err || io->status != -EINTR) {
		fprintf(stderr, "run %u: cancel %d, %s %d\n", io->id, err,
			io->ended ? "ended with" : "sent no end", io->status);
		return -1;
	}
	return 0;
}

static int unload_during_run(const struct storm_opts *o, unsigned long i,
			     uint64_t *rng, struct unload_stats *s)
{
	const struct storm_spec *spec = &o->spec[i % o->nspecs];
	bool hold = tnl_below(rng, 100) < 30;
	struct tnl t, dump;
	struct storm_io io;
	uint64_t since;
	int err;

	if (load(o->module) || tnl_open(&t))
		return -1;
	err = storm_start(&t, spec, 60000, 1, tnl_below(rng, 2), &io, 1);
	if (err) {
		fprintf(stderr, "%s: run refused: %s (%s)\n", spec->driver,
			strerror(-err), io.msg);
		tnl_close(&t);
		return -1;
	}
	if (hold && (tnl_open(&dump) || storm_send_list(&dump, 1))) {
		tnl_close(&t);
		return -1;
	}
	/*
	 * Half at once: rmmod straight after the start, maybe before the
	 * job's thread first runs, is refused too.
	 */
	tnl_sleep_us(tnl_below(rng, 2) ? tnl_below(rng, MAX_DELAY_US) : 0);
	err = unload();
	if (!err) {
		fprintf(stderr, "%s: rmmod worked during run %u\n",
			spec->driver, io.id);
		tnl_close(&t);
		if (hold)
			tnl_close(&dump);
		return -1;
	}
	if (!in_use(err)) {
		fprintf(stderr, "%s: rmmod during a run: %s\n", spec->driver,
			strerror(-err));
		tnl_close(&t);
		if (hold)
			tnl_close(&dump);
		return -1;
	}
	s->refused++;
	/* Unaffected: nothing ended it. */
	storm_await(&t, &io, &io.ended, 10);
	if (io.ended) {
		fprintf(stderr, "%s: run %u ended (%d) after rmmod was refused\n",
			spec->driver, io.id, io.status);
		tnl_close(&t);
		if (hold)
			tnl_close(&dump);
		return -1;
	}
	err = stop_run(&t, &io, tnl_below(rng, 2));
	if (hold)
		tnl_close(&dump);
	if (err)
		return -1;
	since = tnl_now_us();
	err = unload_retrying();
	if (err)
		return -1;
	storm_note_stop(&s->longest_us, tnl_now_us() - since);
	s->unloaded++;
	if (loaded()) {
		fprintf(stderr,
			"rmmod succeeded, but the module is still there\n");
		return -1;
	}
	return 0;
}

/**
 * storm_unload() - rmmod during @o->count runs, after them, and load again
 * @o: the module's path, implementations, seed
 *
 * Return: 0 when every rmmod during a run was refused as in use, every
 * run went on and stopped as it should, and rmmod worked after; the module
 * is loaded at the end.
 */
int storm_unload(const struct storm_opts *o)
{
	struct unload_stats s = { 0 };
	uint64_t rng = o->seed;
	unsigned long i;

	for (i = 0; i < o->count; i++) {
		if (unload_during_run(o, i, &rng, &s)) {
			fprintf(stderr, "rmmod attempt %lu failed\n", i);
			s.failures++;
			if (loaded() && unload_retrying())
				break;
		}
	}
	if (load(o->module))
		s.failures++;
	printf("unload storm: %lu rmmod during a run: %lu refused as in use, %lu unloaded once the run was stopped, %lu failures; longest rmmod after the stop %.1f ms\n",
	       o->count, s.refused, s.unloaded, s.failures,
	       s.longest_us / 1000.0);
	return s.failures ? 1 : 0;
}

/**
 * storm_cycle() - load and unload @o->count times
 * @o: the module's path
 *
 * Return: 0 when every load, lookup, list and unload worked; the module is
 * loaded at the end.
 */
int storm_cycle(const struct storm_opts *o)
{
	unsigned long i, failures = 0, lists = 0;
	struct tnl t;
	int n;

	if (loaded() && unload_retrying())
		return 1;
	for (i = 0; i < o->count; i++) {
		if (load(o->module)) {
			failures++;
			break;
		}
		if (i % 2 == 0) {
			n = tnl_open(&t) ? -1 : storm_list(&t, 1);
			tnl_close(&t);
			if (n > 0)
				lists++;
			else
				failures++;
		}
		if (unload_retrying()) {
			failures++;
			break;
		}
	}
	if (load(o->module))
		failures++;
	printf("module cycles: %lu insmod/rmmod, %lu lists between, %lu failures\n",
	       i, lists, failures);
	return failures ? 1 : 0;
}
