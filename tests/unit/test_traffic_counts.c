// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What path/traffic.c gives every sender (its own, tls/flow.c's and
 * tls/user_tls.c's): the receiver started and the clocks with it, when
 * sending is over, the window's wait on the receiver's counts, and the
 * result made from them. No sockets: the
 * counts are set by hand, or by a thread standing in for a receiver.
 */

#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <cmocka.h>

#include "base/clock.h"
#include "path/traffic.h"

#define WAIT_MS 20

static void test_over(void **state)
{
	const uint32_t size = 64;
	struct kb_traffic_opts o = { .payload_sizes = &size,
				     .npayload_sizes = 1,
				     .packets = 2 };
	struct kb_traffic_result r = { .sent = 1 };

	(void)state;
	assert_false(kb_traffic_over(&o, 0, &r));
	r.sent = 2;
	assert_true(kb_traffic_over(&o, 0, &r));
	o.ms = 10; /* by time now: the count no longer ends it */
	assert_false(kb_traffic_over(&o, kb_now() + 60, &r));
	assert_true(kb_traffic_over(&o, kb_now() - 1, &r));
	assert_false(r.interrupted);
}

static void test_window_room(void **state)
{
	struct kb_traffic_counts c = { 0 };

	(void)state;
	atomic_store(&c.received, 2);
	atomic_store(&c.wrong, 1);
	assert_true(kb_traffic_wait_window(&c, 6, 4, WAIT_MS));
	assert_true(kb_traffic_wait_window(&c, 3, 1, WAIT_MS));
	/* More taken than sent (a stray one counted wrong): none in flight. */
	atomic_store(&c.wrong, 5);
	assert_true(kb_traffic_wait_window(&c, 3, 1, WAIT_MS));
}

static void test_window_stalls(void **state)
{
	struct kb_traffic_counts c = { 0 };
	double t0 = kb_now();

	(void)state;
	assert_false(kb_traffic_wait_window(&c, 4, 4, WAIT_MS));
	assert_true(kb_now() - t0 >= WAIT_MS / 1000.0);
	/* A message besides those sent fills a window of one. */
	atomic_store(&c.extra, true);
	assert_false(kb_traffic_wait_window(&c, 0, 1, WAIT_MS));
	/* A receiver gone: no wait at all, however long it may be. */
	atomic_store(&c.gone, true);
	t0 = kb_now();
	assert_false(kb_traffic_wait_window(&c, 4, 1, 60000));
	assert_true(kb_now() - t0 < 1);
}

/* Takes one every 10 ms: each restarts the wait's clock. */
static void *receiver(void *arg)
{
	struct timespec tick = { .tv_nsec = 10000000 };
	struct kb_traffic_counts *c = arg;
	int i;

	for (i = 0; i < 10; i++) {
		nanosleep(&tick, NULL);
		atomic_fetch_add(&c->received, 1);
	}
	return NULL;
}

static void test_window_drains(void **state)
{
	struct kb_traffic_counts c = { 0 };
	pthread_t t;

	(void)state;
	assert_int_equal(pthread_create(&t, NULL, receiver, &c), 0);
	/* 100 ms in all, longer than the wait, but never idle that long. */
	assert_true(kb_traffic_wait_window(&c, 10, 1, 60));
	assert_int_equal(kb_traffic_done(&c), 10);
	pthread_join(t, NULL);
}

static void *idle(void *arg)
{
	return arg;
}

static void test_tally(void **state)
{
	struct kb_traffic_counts c = { 0 };
	struct kb_traffic_result r = { .sent = 10, .send_errors = 1 };
	double t0 = kb_now();
	pthread_t t;
	void *ret;

	(void)state;
	atomic_store(&c.last, 7.0);
	assert_int_equal(kb_traffic_start(&c, &t, idle, &c), 0);
	assert_int_equal(pthread_join(t, &ret), 0);
	assert_ptr_equal(ret, &c);
	assert_true(c.start >= t0 && c.start <= kb_now());
	assert_true(atomic_load(&c.last) == 0.0);
	c.start -= 2;
	atomic_store(&c.received, 6);
	atomic_store(&c.wrong, 1);
	atomic_store(&c.bytes, 600);
	atomic_store(&c.last, c.start + 0.5);
	kb_traffic_tally(&c, &r);
	assert_int_equal(r.sent, 10);
	assert_int_equal(r.send_errors, 1);
	assert_int_equal(r.received, 6);
	assert_int_equal(r.wrong, 1);
	assert_int_equal(r.payload_bytes, 600);
	assert_int_equal(r.lost, 3);
	assert_true(r.wall_s > 0.49 && r.wall_s < 0.51);
	/* Nothing taken: the wall time runs to now; more taken, none lost. */
	atomic_store(&c.last, 0.0);
	atomic_store(&c.wrong, 9);
	kb_traffic_tally(&c, &r);
	assert_int_equal(r.lost, 0);
	assert_true(r.wall_s >= 2 && r.wall_s < 10);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_over),
		cmocka_unit_test(test_window_room),
		cmocka_unit_test(test_window_stalls),
		cmocka_unit_test(test_window_drains),
		cmocka_unit_test(test_tally),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
