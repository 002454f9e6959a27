// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ESP allocates its algorithm by name when an SA is made, and gets the
 * driver of the highest priority then (path/proof.c): while kaesbench
 * has a driver raised for its own SA, an SA made anywhere else on the
 * machine gets that driver too, for its lifetime. The moment is short,
 * but an IKE daemon rekeys when it must, not when kaesbench is done. So
 * before an implementation that needs a raise, kaesbench looks for
 * another user of ESP's algorithm: a driver of that name whose reference
 * count is beyond its registration's one. Every transform holds one
 * (crypto_mod_get() in crypto_alloc_tfm()), and nothing is built on an IV
 * generator's instance, so a count of 1 + N is N transforms. kaesbench's
 * own hold none then: the implementation before waited for its SAs' to be
 * freed (kb_proof_wait_released()), and this one has made none yet.
 *
 * A count beyond it may be one going (a namespace being torn down): the
 * check looks again for a few seconds before it refuses.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "base/clock.h"
#include "base/signals.h"
#include "path/raise_check.h"

#define RECHECK_PAUSE_MS 200

/* Entries that are not a registered driver: their counts mean nothing. */
static bool counted(const struct kb_cu_alg *a, const char *esp_name)
{
	return !strcmp(a->name, esp_name) &&
	       !(a->flags & (CU_ALG_LARVAL | CU_ALG_DEAD));
}

/**
 * kb_raise_needed() - whether making an SA with @driver needs a raise
 * @algs: a crypto_user dump
 * @esp_name: what ESP allocates ("seqiv(rfc4106(gcm(aes)))")
 * @driver: the driver of @esp_name the SA must get
 *
 * As kb_proof_make() decides it: unless @driver is above every other driver
 * of the name (a tie goes to the one registered last), it must be raised.
 * A driver not registered yet is registered by kb_proof_make() at a priority
 * not known here: raised, if any other of the name is registered.
 *
 * Return: true when a raise is needed.
 */
bool kb_raise_needed(const struct kb_cu_algs *algs, const char *esp_name,
		     const char *driver)
{
	const struct kb_cu_alg *self = NULL;
	bool others = false;
	uint32_t top = 0;
	size_t i;

	for (i = 0; i < algs->count; i++) {
		const struct kb_cu_alg *a = &algs->alg[i];

		if (!counted(a, esp_name))
			continue;
		if (!strcmp(a->driver, driver)) {
			self = a;
		} else if (!others || a->priority > top) {
			top = a->priority;
			others = true;
		}
	}
	return others && (!self || self->priority <= top);
}

/**
 * kb_raise_held() - the transforms of ESP's algorithm others hold now
 * @algs: a crypto_user dump, taken while kaesbench holds none
 * @esp_name: what ESP allocates
 * @held: filled in: how many, and the driver that has most of them
 */
void kb_raise_held(const struct kb_cu_algs *algs, const char *esp_name,
		   struct kb_raise_held *held)
{
	uint32_t most = 0;
	size_t i;

	memset(held, 0, sizeof(*held));
	for (i = 0; i < algs->count; i++) {
		const struct kb_cu_alg *a = &algs->alg[i];
		uint32_t extra;

		if (!counted(a, esp_name) || a->refcnt <= 1)
			continue;
		extra = a->refcnt - 1;
		held->transforms += extra;
		if (extra > most) {
			most = extra;
			snprintf(held->driver, sizeof(held->driver), "%s",
				 a->driver);
		}
	}
}

/**
 * kb_raise_reason() - say why @driver is not raised, or that it is anyway
 * @buf: where to
 * @len: its size
 * @ops: the path, whose words it uses
 * @esp_name: what the path allocates
 * @held: kb_raise_held()'s
 * @driver: the driver that would be raised
 * @forced: --force-raise: it is raised all the same
 *
 * Return: what snprintf() returns.
 */
int kb_raise_reason(char *buf, size_t len, const struct kb_path_ops *ops,
		    const char *esp_name, const struct kb_raise_held *held,
		    const char *driver, bool forced)
{
	return snprintf(
		buf, len,
		"another user holds %u transform%s of %s (of %s; %s of the machine's?): raising %s's priority %s%s%s%s",
		held->transforms, held->transforms == 1 ? "" : "s", esp_name,
		held->driver, ops->others, driver,
		forced ? "all the same (--force-raise): " :
			 "would hand it to any ",
		forced ? ops->an_end : ops->end, " made meanwhile",
		forced ? " gets it" :
			 "; not measured; --force-raise to accept that");
}

/**
 * kb_raise_check() - may @driver be raised for kaesbench's SAs now
 * @nl: a crypto_user socket
 * @ops: the path
 * @esp_name: what the path allocates
 * @driver: the driver of @esp_name kaesbench's ends must get
 * @forced: --force-raise: look once, and word @why as a raise accepted
 * @why: on -EBUSY, kb_raise_reason()'s sentence
 * @len: its size
 *
 * Call it while kaesbench holds no transform of @esp_name. Another user's
 * transform may be one going (its namespace being torn down): unless
 * @forced, it is looked for again for up to KB_RAISE_RECHECK_MS.
 *
 * Return: 0 when no raise is needed or nobody else holds a transform of
 * @esp_name; -EBUSY when another user held one throughout; -EINTR on a
 * signal meanwhile; or the error reading the drivers.
 */
int kb_raise_check(struct mnl_socket *nl, const struct kb_path_ops *ops,
		   const char *esp_name, const char *driver, bool forced,
		   char *why, size_t len)
{
	struct timespec pause = { .tv_nsec = RECHECK_PAUSE_MS * 1000000L };
	double end = kb_now() + (forced ? 0 : KB_RAISE_RECHECK_MS / 1000.0);
	struct kb_raise_held held;
	struct kb_cu_algs algs;
	bool needed;
	int ret;

	for (;;) {
		ret = kb_cu_dump(nl, &algs);
		if (ret)
			return ret;
		needed = kb_raise_needed(&algs, esp_name, driver);
		kb_raise_held(&algs, esp_name, &held);
		kb_cu_algs_free(&algs);
		if (!needed || !held.transforms)
			return 0;
		if (kb_now() >= end)
			break;
		nanosleep(&pause, NULL);
		if (kb_interrupted())
			return -EINTR;
	}
	kb_raise_reason(why, len, ops, esp_name, &held, driver, forced);
	return -EBUSY;
}
