// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Lanes: requests really in flight together, batches counting exactly the
 * completions they ask for, a failure that stops everything and is never
 * counted, and nothing started while paused.
 */

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "userspace/lanes.h"

/* A fake request: counts itself, fails at call fail_at, can wait. */
struct fake {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned int calls;
	unsigned int done;
	unsigned int inside;
	unsigned int together; /* wait until this many are inside at once */
	unsigned int fail_at; /* 1-based; 0: never */
	unsigned int failed_lane;
	bool signals_blocked;
};

static struct fake fake = { .lock = PTHREAD_MUTEX_INITIALIZER,
			    .cond = PTHREAD_COND_INITIALIZER };

static void fake_reset(unsigned int together, unsigned int fail_at)
{
	fake.calls = fake.done = fake.inside = 0;
	fake.together = together;
	fake.fail_at = fail_at;
	fake.failed_lane = ~0U;
	fake.signals_blocked = true;
}

static int fake_req(void *ctx, unsigned int lane)
{
	struct timespec until;
	sigset_t mask;
	int err = 0;

	(void)ctx;
	pthread_sigmask(SIG_BLOCK, NULL, &mask);
	clock_gettime(CLOCK_REALTIME, &until);
	until.tv_sec += 5;
	pthread_mutex_lock(&fake.lock);
	if (!sigismember(&mask, SIGINT) || !sigismember(&mask, SIGTERM))
		fake.signals_blocked = false;
	if (++fake.calls == fake.fail_at) {
		fake.failed_lane = lane;
		pthread_mutex_unlock(&fake.lock);
		return -EIO;
	}
	fake.inside++;
	pthread_cond_broadcast(&fake.cond);
	/* Only requests in flight together get past this. */
	while (fake.together && fake.inside < fake.together && !err)
		err = pthread_cond_timedwait(&fake.cond, &fake.lock, &until);
	fake.together = 0;
	fake.inside--;
	fake.done++;
	pthread_mutex_unlock(&fake.lock);
	return err ? -ETIMEDOUT : 0;
}

static unsigned int calls(void)
{
	unsigned int n;

	pthread_mutex_lock(&fake.lock);
	n = fake.calls;
	pthread_mutex_unlock(&fake.lock);
	return n;
}

static void test_in_flight_together(void **state)
{
	struct kb_lanes *l;

	(void)state;
	fake_reset(8, 0);
	assert_int_equal(kb_lanes_start(&l, 8, fake_req, NULL), 0);
	assert_int_equal(kb_lanes_peak(l), 0);
	assert_int_equal(kb_lanes_run(l, 8), 0);
	assert_int_equal(kb_lanes_peak(l), 8);
	assert_int_equal(kb_lanes_pause(l), 0);
	assert_true(fake.signals_blocked);
	kb_lanes_stop(l);
}

/* Each batch returns once its requests completed; a pause drains. */
static void test_counts(void **state)
{
	struct kb_lanes *l;
	unsigned int n;

	(void)state;
	fake_reset(0, 0);
	assert_int_equal(kb_lanes_start(&l, 4, fake_req, NULL), 0);
	assert_int_equal(kb_lanes_run(l, 1000), 0);
	n = calls();
	assert_true(n >= 1000 && n <= 1000 + 4);
	assert_int_equal(kb_lanes_run(l, 1), 0);
	assert_int_equal(kb_lanes_run(l, 499), 0);
	assert_int_equal(kb_lanes_pause(l), 0);
	n = calls();
	assert_true(n >= 1500 && n <= 1500 + 4);
	assert_int_equal(fake.done, n);
	/* Paused: nothing starts. */
	usleep(20000);
	assert_int_equal(calls(), n);
	/* Counting starts again from the pause. */
	assert_int_equal(kb_lanes_run(l, 10), 0);
	assert_true(calls() >= n + 10 && calls() <= n + 10 + 4);
	kb_lanes_stop(l);
}

static void test_idle_until_asked(void **state)
{
	struct kb_lanes *l;

	(void)state;
	fake_reset(0, 0);
	assert_int_equal(kb_lanes_start(&l, 3, fake_req, NULL), 0);
	usleep(20000);
	assert_int_equal(calls(), 0);
	assert_int_equal(kb_lanes_pause(l), 0);
	kb_lanes_stop(l);
	assert_int_equal(calls(), 0);
	assert_int_equal(kb_lanes_start(&l, 0, fake_req, NULL), -EINVAL);
}

/* A failure is returned, its lane named, and nothing starts after it. */
static void test_failure_stops(void **state)
{
	struct kb_lanes *l;

	(void)state;
	fake_reset(0, 10);
	assert_int_equal(kb_lanes_start(&l, 4, fake_req, NULL), 0);
	assert_int_equal(kb_lanes_run(l, 1000), -EIO);
	assert_int_equal(kb_lanes_failed(l), fake.failed_lane);
	assert_int_equal(kb_lanes_pause(l), -EIO);
	/* Those already started when it failed, no more. */
	assert_true(calls() <= 10 + 3);
	assert_int_equal(kb_lanes_run(l, 1), -EIO);
	assert_true(calls() <= 10 + 3);
	kb_lanes_stop(l);
}

static void test_one_lane(void **state)
{
	struct kb_lanes *l;

	(void)state;
	fake_reset(0, 0);
	assert_int_equal(kb_lanes_start(&l, 1, fake_req, NULL), 0);
	assert_int_equal(kb_lanes_run(l, 100), 0);
	assert_int_equal(kb_lanes_pause(l), 0);
	assert_true(calls() >= 100 && calls() <= 101);
	assert_int_equal(kb_lanes_peak(l), 1);
	kb_lanes_stop(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_in_flight_together),
		cmocka_unit_test(test_counts),
		cmocka_unit_test(test_idle_until_asked),
		cmocka_unit_test(test_failure_stops),
		cmocka_unit_test(test_one_lane),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
