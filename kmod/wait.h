/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_WAIT_H
#define _KAESBENCH_WAIT_H

#include <crypto/algapi.h>
#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/lockdep.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

/* How often a waiting thread looks whether it is to stop. */
#define KAESBENCH_WAIT_SLICE_MS 20

/*
 * What a thread doing a job's crypto work shares with the job's thread,
 * which watches it: whether to stop, and when it last showed that it is
 * not stuck in a driver's call. Both live with the working thread, which
 * may outlive the job (see worker.c).
 */
struct kaesbench_watch {
	bool stop;		/* read with READ_ONCE() */
	u64 alive_ns;		/* written with WRITE_ONCE() */
};

static inline bool kaesbench_stopping(const struct kaesbench_watch *watch)
{
	return READ_ONCE(watch->stop);
}

/* Between two driver calls: the thread is not stuck in one. */
static inline void kaesbench_alive(struct kaesbench_watch *watch)
{
	WRITE_ONCE(watch->alive_ns, ktime_get_ns());
}

/*
 * Waits up to KAESBENCH_WAIT_SLICE_MS for @done; true if it came. The
 * waiters are kernel threads, which take no signals: the sleep is
 * interruptible so that a thread waiting for a driver neither counts as
 * load nor looks hung. kthread_stop() interrupts such sleeps for good,
 * though (TIF_NOTIFY_SIGNAL stays set): a thread being stopped sleeps out
 * its remaining bounded waits uninterruptibly instead of spinning.
 */
static inline bool kaesbench_wait_slice(struct completion *done)
{
	unsigned long slice = msecs_to_jiffies(KAESBENCH_WAIT_SLICE_MS);
	long ret;

	ret = wait_for_completion_interruptible_timeout(done, slice);
	if (ret == -ERESTARTSYS)
		ret = wait_for_completion_timeout(done, slice);
	return ret > 0;
}

/*
 * How long a stopped job has waited for its requests since it saw the
 * stop, counted in slices waited in vain, as the request timeout is: a
 * slice the thread slept through (starved by a real-time task, the VM
 * paused) counts as one. Counted in wall time, a thread that did not get
 * its CPU for a second after Ctrl-C would take a healthy driver for a
 * stuck one, give its requests up and pin the module until reboot. The
 * slice in which the stop is first seen began before it: not counted.
 */
struct kaesbench_grace {
	bool stopped;		/* the stop was seen */
	unsigned int waited_ms;	/* in slices waited in vain since */
};

/* After a slice waited for in vain. */
static inline void kaesbench_grace_slice(struct kaesbench_grace *grace,
					 const struct kaesbench_watch *watch)
{
	if (grace->stopped)
		grace->waited_ms += KAESBENCH_WAIT_SLICE_MS;
	else
		grace->stopped = kaesbench_stopping(watch);
}

/* Whether what is still in flight is to be given up, the job stopped. */
static inline bool kaesbench_grace_spent(const struct kaesbench_grace *grace)
{
	return grace->waited_ms >= KAESBENCH_STOP_GRACE_MS;
}

/*
 * The lockdep class of a job's crypto_waits, in memory the job owns.
 *
 * A request given up is left to its driver, which may complete it at any
 * time, through crypto_req_done() (in the kernel proper) into its
 * crypto_wait. The module stays loaded from then on (givenup.c), but
 * nothing a driver may still touch is to depend on module memory:
 * crypto_init_wait() would give that wait's lock a class key and name
 * inside this module, which lockdep drops when the module unloads (a late
 * complete() then reads the name from freed module memory: an oops, seen
 * on the debug kernel before requests pinned the module). A key registered
 * in the job's memory stays valid as long as that memory, which a
 * given-up request keeps forever.
 * (The kernel's no-validate class is no way out: it belongs to sleeping
 * locks, and a completion's raw spinlock taken in a driver's interrupt
 * then is an invalid wait context.)
 *
 * Without lockdep, what is left is crypto_init_wait() and an unused name.
 */
struct kaesbench_wait_class {
	struct lock_class_key key;
	char name[16];
};

/* Before the first kaesbench_init_wait() of the job. */
static inline void kaesbench_wait_class_init(struct kaesbench_wait_class *c)
{
	lockdep_register_key(&c->key);
	strscpy(c->name, "kaesbench_wait", sizeof(c->name));
}

/*
 * Before the memory is freed, once no wait of that class is in use; never
 * when a request was given up. Waits for an RCU grace period with lockdep.
 */
static inline void
kaesbench_wait_class_release(struct kaesbench_wait_class *c)
{
	lockdep_unregister_key(&c->key);
}

static inline void kaesbench_init_wait(struct crypto_wait *wait,
				       struct kaesbench_wait_class *c)
{
	crypto_init_wait(wait);
	lockdep_set_class_and_name(&wait->completion.wait.lock, &c->key,
				   c->name);
}

#endif /* _KAESBENCH_WAIT_H */
