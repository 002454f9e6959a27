/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 */

#ifndef _KAESBENCH_WAIT_H
#define _KAESBENCH_WAIT_H

#include <crypto/algapi.h>
#include <linux/lockdep.h>
#include <linux/stddef.h>
#include <linux/string.h>

/*
 * A crypto_wait that may outlive this module. A request given up is left
 * to its driver, which may complete it after kaesbench has unloaded,
 * through crypto_req_done() (in the kernel proper) into this wait. Its
 * lock's lockdep class and name must therefore not live in this module:
 * lockdep drops an unloading module's classes, then takes that late
 * complete() for an unbalanced unlock and prints the name from freed
 * module memory (an oops, seen on the debug kernel). The lock gets the
 * kernel's no-validate class and a name stored beside it instead: a
 * completion's internal lock is nothing lockdep needs to validate here.
 */
struct kaesbench_wait {
	struct crypto_wait base;	/* first: what crypto_req_done() gets */
#ifdef CONFIG_DEBUG_LOCK_ALLOC
	char lock_name[16];
#endif
};

static_assert(offsetof(struct kaesbench_wait, base) == 0);

static inline void kaesbench_init_wait(struct kaesbench_wait *w)
{
	crypto_init_wait(&w->base);
#ifdef CONFIG_DEBUG_LOCK_ALLOC
	strscpy(w->lock_name, "kaesbench_wait", sizeof(w->lock_name));
	lockdep_set_class_and_name(&w->base.completion.wait.lock,
				   &__lockdep_no_validate__, w->lock_name);
#endif
}

#endif /* _KAESBENCH_WAIT_H */
