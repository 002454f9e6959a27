// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The allocations listings' resolver threads (impls.c) are inside. A
 * driver's init_tfm may never return: the thread stays in it, holding a
 * reference on this module, for as long as the driver likes. Were that not
 * remembered, every later privileged listing would start another thread
 * that walks into the same driver, until KAESBENCH_MAX_RESOLVERS are stuck
 * there, every selection is unknown and rmmod says "in use" with no word
 * of why. So each thread says which name it is allocating; a name whose
 * allocation a listing already gave up waiting for is left unknown by the
 * listings after it, which say why, and the kernel log says it once.
 */

#include <linux/crypto.h>
#include <linux/printk.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

#include "resolving.h"

/* One a resolver thread: each is inside one allocation at most. */
struct inside {
	char alg_name[CRYPTO_MAX_ALG_NAME];	/* "": the slot is free */
	u32 frontend;
	u64 since_ns;
	/* Its listing went on without it; the thread's own, valid while set. */
	const bool *abandoned;
	bool logged;
};

static DEFINE_SPINLOCK(inside_lock);
/* Under inside_lock. */
static struct inside inside[KAESBENCH_MAX_RESOLVERS];

/**
 * kaesbench_resolving_enter() - note an allocation a resolver starts
 * @alg_name: the algorithm name it allocates
 * @frontend: the API it allocates through (enum kaesbench_impl_type)
 * @abandoned: set (READ_ONCE()) once its listing stopped waiting; must
 *	       stay valid until kaesbench_resolving_leave()
 *
 * Context: process context, a resolver thread; never called twice without
 * kaesbench_resolving_leave() between.
 * Return: the slot to leave, or -1 if none was free (more threads than
 * KAESBENCH_MAX_RESOLVERS: not to happen; the allocation goes unnoted).
 */
int kaesbench_resolving_enter(const char *alg_name, u32 frontend,
			      const bool *abandoned)
{
	int i;

	spin_lock(&inside_lock);
	for (i = 0; i < ARRAY_SIZE(inside); i++) {
		if (inside[i].alg_name[0])
			continue;
		strscpy(inside[i].alg_name, alg_name,
			sizeof(inside[i].alg_name));
		inside[i].frontend = frontend;
		inside[i].since_ns = ktime_get_ns();
		inside[i].abandoned = abandoned;
		inside[i].logged = false;
		break;
	}
	spin_unlock(&inside_lock);
	return i < ARRAY_SIZE(inside) ? i : -1;
}

/**
 * kaesbench_resolving_leave() - the allocation returned
 * @slot: kaesbench_resolving_enter()'s
 */
void kaesbench_resolving_leave(int slot)
{
	if (slot < 0)
		return;
	spin_lock(&inside_lock);
	if (inside[slot].logged)
		pr_info("the listing's allocation of %s returned after %llu ms\n",
			inside[slot].alg_name,
			div_u64(ktime_get_ns() - inside[slot].since_ns,
				NSEC_PER_MSEC));
	inside[slot].alg_name[0] = '\0';
	inside[slot].abandoned = NULL;
	spin_unlock(&inside_lock);
}

/* Under inside_lock: a listing stopped waiting while it was inside. */
static bool stuck(const struct inside *in)
{
	return in->alg_name[0] && READ_ONCE(*in->abandoned);
}

/**
 * kaesbench_resolving_stuck() - whether to leave a name unknown
 * @alg_name: the algorithm name
 * @frontend: the API it is allocated through
 *
 * Return: true if a resolver is inside an allocation of @alg_name that a
 * listing already gave up waiting for: another would walk into the same
 * driver.
 */
bool kaesbench_resolving_stuck(const char *alg_name, u32 frontend)
{
	bool ret = false;
	int i;

	spin_lock(&inside_lock);
	for (i = 0; i < ARRAY_SIZE(inside) && !ret; i++)
		ret = stuck(&inside[i]) && inside[i].frontend == frontend &&
		      !strcmp(inside[i].alg_name, alg_name);
	spin_unlock(&inside_lock);
	return ret;
}

/**
 * kaesbench_resolving_notice() - what a listing says of stuck allocations
 * @buf: filled in with a sentence, or "" if none is stuck
 * @size: of @buf
 *
 * The kernel log says it once for each such allocation.
 *
 * Return: true if an allocation is stuck.
 */
bool kaesbench_resolving_notice(char *buf, size_t size)
{
	unsigned int count = 0;
	u64 ms = 0;
	int i;

	buf[0] = '\0';
	spin_lock(&inside_lock);
	for (i = 0; i < ARRAY_SIZE(inside); i++) {
		if (!stuck(&inside[i]))
			continue;
		ms = div_u64(ktime_get_ns() - inside[i].since_ns,
			     NSEC_PER_MSEC);
		if (!count++)
			snprintf(buf, size,
				 "the allocation of %s has not returned from its driver (in it for %llu ms): its selection is unknown, and kaesbench stays loaded until it returns",
				 inside[i].alg_name, ms);
		if (inside[i].logged)
			continue;
		inside[i].logged = true;
		pr_warn("a listing's allocation of %s has not returned from its driver after %llu ms: later listings leave its selection unknown, and kaesbench stays loaded until it returns\n",
			inside[i].alg_name, ms);
	}
	spin_unlock(&inside_lock);
	return count;
}
