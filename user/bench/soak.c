// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The soak: one implementation verified round after round, each round a
 * verification job of its own (its cases at its depth, bounded and
 * stoppable as any), until the time is up. A round that finds a wrong
 * request does not end the soak: the counts say how many of how many, and
 * the first such round is kept with its case and seed. The soak ends at
 * the first round boundary past its time, on Ctrl-C, or when a round
 * cannot be had (refused, a request given up).
 */

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/signals.h"
#include "bench/soak.h"
#include "base/progress.h"

static int name_round(const struct kb_run_req *req, struct kb_run *run)
{
	run->impl.driver_name = strdup(req->driver ? req->driver : "-");
	run->impl.alg_name = strdup(req->alg ? req->alg : "-");
	return run->impl.driver_name && run->impl.alg_name ? 0 : -ENOMEM;
}

static bool bad_round(const struct kb_run *run)
{
	return run->state == KB_RUN_ENDED && run->status &&
	       run->status != -EINTR;
}

/* @run becomes the round shown; @run is left empty. */
static void show(struct kb_soak *s, struct kb_run *run)
{
	kb_run_release(&s->shown);
	s->shown = *run;
	memset(run, 0, sizeof(*run));
}

static void add_round(struct kb_soak *s, struct kb_run *run)
{
	const struct kb_check *c = &run->check;

	s->rounds++;
	s->requests += c->requests;
	s->bytes += c->bytes;
	s->wrong += c->wrong;
	s->errors += c->errors;
	if (c->slowest_ns > s->slowest_ns)
		s->slowest_ns = c->slowest_ns;
	/* The first bad round stays; else the latest, for its names. */
	if (!bad_round(&s->shown))
		show(s, run);
}

/**
 * kb_soak_run() - verify one implementation until the time is up
 * @req: the verification each round asks for; with @req->has_seed, round
 *	 k uses seed + k, else the kernel draws each round's seed
 * @s: @s->ms set; filled in; release it with kb_soak_release()
 *
 * Return: 0, or -ENOMEM.
 */
int kb_soak_run(const struct kb_run_req *req, struct kb_soak *s)
{
	double start = kb_now(), end = start + s->ms / 1000.0;
	struct kb_run_req round = *req;
	struct kb_run run;

	round.quiet = true;
	while (!kb_interrupted() && kb_now() < end) {
		memset(&run, 0, sizeof(run));
		if (name_round(req, &run)) {
			kb_run_release(&run);
			return -ENOMEM;
		}
		round.seed = req->seed + s->rounds;
		kb_progress_show("soak %s: %.0f of %.0f s, %" PRIu64
				 " requests checked, %" PRIu64 " wrong",
				 run.impl.driver_name, kb_now() - start,
				 s->ms / 1000.0, s->requests, s->wrong);
		kb_runner_run(&round, &run);
		if (run.state == KB_RUN_INTERRUPTED ||
		    (run.state == KB_RUN_ENDED && run.status == -EINTR)) {
			s->interrupted = true;
			/* Its counts once it ended; else its names, if none. */
			if (run.state == KB_RUN_ENDED)
				add_round(s, &run);
			else if (!s->rounds)
				show(s, &run);
			kb_run_release(&run);
			break;
		}
		if (run.state != KB_RUN_ENDED || !run.check.has_requests) {
			/* Refused, lost or given up: this is what is shown. */
			s->cut_short = true;
			show(s, &run);
			break;
		}
		add_round(s, &run);
		kb_run_release(&run);
	}
	s->interrupted |= kb_interrupted();
	s->seconds = kb_now() - start;
	return 0;
}

/**
 * kb_soak_failed() - whether the soak found anything wrong
 * @s: the soak
 *
 * Return: true for a wrong or failed request, or a round that could not be
 * had.
 */
bool kb_soak_failed(const struct kb_soak *s)
{
	return s->wrong || s->errors || s->cut_short;
}

/**
 * kb_soak_release() - free what a soak holds
 * @s: the soak
 */
void kb_soak_release(struct kb_soak *s)
{
	kb_run_release(&s->shown);
}
