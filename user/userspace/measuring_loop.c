// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The loop that measures a userspace path the way the module measures the
 * kernel's: one request, an untimed warm-up, then samples of a fixed
 * duration, each with its wall time, the measuring thread's CPU time, the
 * process's CPU time as its busy time, and TSC cycles where the TSC is
 * constant-rate.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "base/clock.h"
#include "base/signals.h"
#include "bench/paths.h"
#include "bench/runner.h"
#include "base/progress.h"
#include "userspace/measuring_loop.h"

static uint64_t clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Whether the TSC counts at a constant rate, as the kernel requires. */
static bool tsc_usable(void)
{
	static int usable = -1;
	char line[4096];
	FILE *f;

	if (usable >= 0)
		return usable;
	usable = 0;
#if defined(__x86_64__) || defined(__i386__)
	f = fopen("/proc/cpuinfo", "r");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "flags", 5)) {
			usable = strstr(line, " constant_tsc") != NULL;
			break;
		}
	if (f)
		fclose(f);
#else
	(void)line;
	(void)f;
#endif
	return usable;
}

static uint64_t cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __rdtsc();
#else
	return 0;
#endif
}

/* @n requests: the path's own loop where it has one. */
static int batch(struct kb_upath *p, uint64_t n)
{
	uint64_t i;
	int ret;

	if (p->ops)
		return p->ops(p, n);
	for (i = 0; i < n; i++) {
		ret = p->op(p);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Requests until @ns have passed, in batches between clock reads, as the
 * kernel does: a batch doubles until it takes BATCH_NS, so that reading
 * the clock costs little, and stays under 1/64 of @ns, so that the end
 * overshoots by little. Return: 0, -EINTR, or the request's error.
 */
#define BATCH_NS 500000ULL

static int loop(struct kb_upath *p, uint64_t ns, uint64_t *ops)
{
	uint64_t start = clock_ns(CLOCK_MONOTONIC), last = start, now, n = 1;
	int ret;

	*ops = 0;
	for (;;) {
		ret = batch(p, n);
		if (ret)
			return ret;
		*ops += n;
		now = clock_ns(CLOCK_MONOTONIC);
		if (now - start >= ns)
			return 0;
		if (kb_interrupted())
			return -EINTR;
		if (now - last < BATCH_NS && (now - last) * 64 < ns)
			n *= 2;
		last = now;
	}
}

/* A sample taken: on the progress line, after its path's name. */
static void progress(const struct kb_umeasure *m, const struct kb_run *run,
		     const struct kb_sample *s)
{
	char who[128];
	struct kb_progress_step step = {
		.alg = run->impl.alg_name,
		.who = who,
		.size = s->size,
		.sample = s->index + 1,
		.samples = m->samples,
	};

	snprintf(who, sizeof(who), "%s %s", kb_path_label(run->path),
		 run->impl.driver_name);
	kb_progress_sample(&step);
}

static int sample(struct kb_upath *p, const struct kb_umeasure *m,
		  uint32_t size, uint32_t index, struct kb_run *run)
{
	struct kb_sample s = { .size = size, .index = index };
	uint64_t wall, thread, proc, tsc;
	int ret;

	s.has_cycles = tsc_usable();
	wall = clock_ns(CLOCK_MONOTONIC);
	thread = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	proc = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
	tsc = cycles();
	ret = loop(p, (uint64_t)m->sample_ms * 1000000, &s.ops);
	s.cycles = cycles() - tsc;
	s.busy_ns = clock_ns(CLOCK_PROCESS_CPUTIME_ID) - proc;
	s.thread_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID) - thread;
	s.wall_ns = clock_ns(CLOCK_MONOTONIC) - wall;
	s.bytes = s.ops * size;
	if (ret)
		return ret;
	ret = kb_run_add_sample(run, &s);
	if (!ret)
		progress(m, run, &s);
	return ret;
}

static int one_size(struct kb_upath *p, const struct kb_umeasure *m,
		    uint32_t size, struct kb_run *run)
{
	uint64_t ops;
	uint32_t i;
	int ret;

	ret = p->size(p, size);
	/* One request before timing anything, as the kernel does. */
	if (!ret)
		ret = p->op(p);
	if (!ret && m->warmup_ms)
		ret = loop(p, (uint64_t)m->warmup_ms * 1000000, &ops);
	for (i = 0; !ret && i < m->samples; i++)
		ret = sample(p, m, size, i, run);
	return ret;
}

/**
 * kb_upath_measure() - measure a userspace path at every size of a run
 * @p: the path, set up for the run's algorithm
 * @m: sample duration and count, warm-up
 * @run: its sizes say what to measure; gets the samples, and its state:
 *	 KB_RUN_ENDED (@run->status 0, or the error with @p->why as its
 *	 message) or KB_RUN_INTERRUPTED
 *
 * Return: 0, or -ENOMEM.
 */
int kb_upath_measure(struct kb_upath *p, const struct kb_umeasure *m,
		     struct kb_run *run)
{
	double start = kb_now();
	size_t i;
	int ret = 0;

	for (i = 0; !ret && i < run->sizes.count; i++)
		ret = one_size(p, m, run->sizes.size[i], run);
	kb_progress_erase();
	run->wall_s = kb_now() - start;
	run->state = ret == -EINTR ? KB_RUN_INTERRUPTED : KB_RUN_ENDED;
	run->status = ret;
	if (ret && ret != -EINTR && ret != -ENOMEM) {
		free(run->message);
		run->message = strdup(p->why);
	}
	return ret == -ENOMEM ? -ENOMEM : 0;
}
