// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A request that blocks its caller (an AF_ALG read(), say) can only be in
 * flight with others from other threads. Lanes keep that many threads
 * working, and count completions the way the kernel's measuring loop
 * does: a batch returns once that many more requests have completed; the
 * lanes meanwhile go on (up to one request each past the batch), so that
 * none sits idle while the loop reads its clock, and what completes then
 * counts in the next batch. A pause stops them and drops those uncounted
 * completions, as the kernel drops what completes after a size's last
 * sample. A failed request is never counted: it stops the lanes, and every
 * later call returns its error.
 */

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>

#include "userspace/lanes.h"

struct lane {
	struct kb_lanes *l;
	unsigned int index;
	pthread_t thread;
};

struct kb_lanes {
	pthread_mutex_t lock;
	pthread_cond_t work; /* lanes wait for requests granted */
	pthread_cond_t done; /* the caller waits for completions */
	kb_lane_req_fn req;
	void *ctx;
	unsigned int lanes;
	unsigned int running; /* threads created */
	uint64_t granted; /* requests the lanes may start, in all */
	uint64_t started;
	uint64_t completed;
	uint64_t counted; /* completions handed to the caller, or dropped */
	uint64_t want; /* completions the caller waits for */
	unsigned int busy; /* lanes inside a request */
	unsigned int peak;
	int err; /* the first failure */
	unsigned int failed; /* its lane */
	bool quit;
	struct lane lane[];
};

static void *lane_main(void *arg)
{
	struct lane *me = arg;
	struct kb_lanes *l = me->l;
	int err;

	pthread_mutex_lock(&l->lock);
	for (;;) {
		while (!l->quit && l->started == l->granted)
			pthread_cond_wait(&l->work, &l->lock);
		if (l->quit)
			break;
		l->started++;
		if (++l->busy > l->peak)
			l->peak = l->busy;
		pthread_mutex_unlock(&l->lock);
		err = l->req(l->ctx, me->index);
		pthread_mutex_lock(&l->lock);
		l->busy--;
		if (err) {
			if (!l->err) {
				l->err = err;
				l->failed = me->index;
			}
			l->granted = l->started;
		} else {
			l->completed++;
		}
		if (err || !l->busy || l->completed >= l->want)
			pthread_cond_signal(&l->done);
	}
	pthread_mutex_unlock(&l->lock);
	return NULL;
}

/**
 * kb_lanes_start() - start the lanes, idle until asked for requests
 * @lp: set to the lanes
 * @lanes: how many threads, each with one request in flight at most
 * @req: does one request on a lane
 * @ctx: passed to @req
 *
 * The threads block every signal: a signal meant for the program reaches
 * its main thread, never interrupts a request.
 *
 * Return: 0, or a negative errno.
 */
int kb_lanes_start(struct kb_lanes **lp, unsigned int lanes, kb_lane_req_fn req,
		   void *ctx)
{
	struct kb_lanes *l;
	sigset_t all, old;
	int err = 0;

	if (!lanes)
		return -EINVAL;
	l = calloc(1, sizeof(*l) + lanes * sizeof(l->lane[0]));
	if (!l)
		return -ENOMEM;
	pthread_mutex_init(&l->lock, NULL);
	pthread_cond_init(&l->work, NULL);
	pthread_cond_init(&l->done, NULL);
	l->req = req;
	l->ctx = ctx;
	l->lanes = lanes;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (; l->running < lanes; l->running++) {
		l->lane[l->running] =
			(struct lane){ .l = l, .index = l->running };
		err = pthread_create(&l->lane[l->running].thread, NULL,
				     lane_main, &l->lane[l->running]);
		if (err)
			break;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		kb_lanes_stop(l);
		return -err;
	}
	*lp = l;
	return 0;
}

/**
 * kb_lanes_run() - have @n more requests complete
 * @l: the lanes
 * @n: how many
 *
 * Return: 0 once @n more have completed (others may still be in flight),
 * or the negative errno of the first request that failed.
 */
int kb_lanes_run(struct kb_lanes *l, uint64_t n)
{
	uint64_t target;
	int err;

	pthread_mutex_lock(&l->lock);
	target = l->counted + n;
	if (!l->err) {
		/* One more per lane: none idles until the next batch. */
		l->granted = target + l->lanes;
		l->want = target;
		pthread_cond_broadcast(&l->work);
	}
	while (!l->err && l->completed < target)
		pthread_cond_wait(&l->done, &l->lock);
	err = l->err;
	if (!err)
		l->counted = target;
	pthread_mutex_unlock(&l->lock);
	return err;
}

/**
 * kb_lanes_pause() - start no request, and wait for those in flight
 * @l: the lanes
 *
 * What completes meanwhile is not counted. kb_lanes_run() starts them
 * again.
 *
 * Return: 0, or the negative errno of the first request that failed.
 */
int kb_lanes_pause(struct kb_lanes *l)
{
	int err;

	pthread_mutex_lock(&l->lock);
	l->granted = l->started;
	l->want = UINT64_MAX;
	while (l->busy)
		pthread_cond_wait(&l->done, &l->lock);
	l->counted = l->completed;
	err = l->err;
	pthread_mutex_unlock(&l->lock);
	return err;
}

/**
 * kb_lanes_peak() - the most requests that were in flight at once
 * @l: the lanes
 *
 * Return: from 0 (none started yet) to the number of lanes.
 */
unsigned int kb_lanes_peak(struct kb_lanes *l)
{
	unsigned int peak;

	pthread_mutex_lock(&l->lock);
	peak = l->peak;
	pthread_mutex_unlock(&l->lock);
	return peak;
}

/**
 * kb_lanes_failed() - the lane whose request failed first
 * @l: the lanes, after kb_lanes_run() or kb_lanes_pause() returned an error
 *
 * Return: its index.
 */
unsigned int kb_lanes_failed(struct kb_lanes *l)
{
	unsigned int failed;

	pthread_mutex_lock(&l->lock);
	failed = l->failed;
	pthread_mutex_unlock(&l->lock);
	return failed;
}

/**
 * kb_lanes_stop() - end the lanes and free them
 * @l: the lanes, or NULL
 *
 * Requests in flight complete first: a request cannot be abandoned.
 */
void kb_lanes_stop(struct kb_lanes *l)
{
	unsigned int i;

	if (!l)
		return;
	pthread_mutex_lock(&l->lock);
	l->quit = true;
	pthread_cond_broadcast(&l->work);
	pthread_mutex_unlock(&l->lock);
	for (i = 0; i < l->running; i++)
		pthread_join(l->lane[i].thread, NULL);
	pthread_cond_destroy(&l->done);
	pthread_cond_destroy(&l->work);
	pthread_mutex_destroy(&l->lock);
	free(l);
}
