// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * An end of a path cannot name a driver: an ESP SA's algorithm is xfrm's
 * canonical name, and ESP allocates it once, when the SA is made
 * (net/xfrm/xfrm_user.c attach_aead(), net/ipv4/esp4.c esp_init_aead());
 * ovpn allocates "gcm(aes)" for each key slot it is given
 * (drivers/net/ovpn/crypto_aead.c). Each gets the registered driver of
 * the highest priority. So to give an end the implementation asked for,
 * that driver must be the highest of its name while the end is made: if it is not, its priority is raised above the
 * others' through crypto_user, under the guard's watch (and written to
 * the run's record first: path/undo_record.c), and set back as
 * soon as the end exists. The driver is the outermost instance (ESP's IV
 * generator's, a gcm_base() of ovpn's), which nothing is built on, so the
 * change unregisters no other instance.
 *
 * Which driver the end really got is read back, not assumed: every
 * transform holds a reference on its algorithm, so making the end raises
 * the reference count of the driver it got by its transforms (an SA: one;
 * an ovpn key slot: two) (crypto_user reports cru_refcnt, as /proc/crypto
 * prints it).
 */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <libmnl/libmnl.h>

#include "base/clock.h"
#include "path/proof.h"
#include "netlink/crypto_user.h"

#define TESTED_WAIT_S 30
#define RELEASE_WAIT_S 20

/*
 * Until @driver's self-test ends. From 6.12 the crypto manager tests a new
 * driver in the background, and lookups pass over an untested one: an end
 * made meanwhile would get another implementation of the name, which the
 * proof would then show.
 */
static int wait_tested(struct mnl_socket *nl, const char *driver)
{
	struct timespec pause = { .tv_nsec = 20 * 1000 * 1000 };
	double end = kb_now() + TESTED_WAIT_S;
	struct kb_cu_alg a;
	int ret;

	while (!(ret = kb_cu_get(nl, driver, &a))) {
		if (a.flags & CU_ALG_TESTED)
			return 0;
		if (kb_now() > end)
			return -ETIMEDOUT;
		nanosleep(&pause, NULL);
	}
	return ret;
}

/* The reference counts of the drivers of @name, in @algs' order. */
static void counts(const struct kb_cu_algs *algs,
		   const struct kb_cu_algs *before,
		   const struct kb_proof_end *end, struct kb_path_proof *proof)
{
	size_t i;

	proof->proved = false;
	proof->delta = 0;
	for (i = 0; i < algs->count; i++) {
		const struct kb_cu_alg *a = &algs->alg[i];
		const struct kb_cu_alg *was;
		int delta;

		if (strcmp(a->name, end->alloc_name))
			continue;
		was = kb_cu_find(before, a->driver);
		delta = (int)a->refcnt - (was ? (int)was->refcnt : 0);
		if (!strcmp(a->driver, end->driver))
			proof->delta = delta;
		else if (delta && !proof->other[0])
			snprintf(proof->other, sizeof(proof->other), "%s",
				 a->driver);
	}
	/*
	 * Another driver of the name may rise too without the end having
	 * got it: a driver that allocates a software fallback of its own
	 * name (an engine's, kaesbench_faulty's) raises that one's count
	 * from its own init. The end got @driver when @driver rose by
	 * exactly its transforms; the other is kept, and said.
	 */
	proof->proved = proof->delta == (int)end->transforms;
}

/**
 * kb_proof_make() - make an end with a given implementation, and prove it
 * @nl: a crypto_user socket
 * @g: the priority guard, told of any raise before it happens; the
 *     raise and the instances registered are written to the run's record
 *     first
 * @end: what the end allocates, the driver it must get, and the path's
 *       call that makes it
 * @proof: filled in: proved or not, and what was changed for it
 * @err: a sentence on failure
 * @len: its size
 *
 * The priority raised is set back before returning, whatever happened.
 *
 * Return: 0 when the end was made (proved or not: see @proof), or a
 * negative errno.
 */
int kb_proof_make(struct mnl_socket *nl, struct kb_guard *g,
		  const struct kb_proof_end *end, struct kb_path_proof *proof,
		  char *err, size_t len)
{
	const char *driver = end->driver;
	struct kb_cu_algs before, after = { 0 };
	const struct kb_cu_alg *self = NULL;
	uint32_t top = 0;
	size_t i;
	int ret, restore = 0;

	memset(proof, 0, sizeof(*proof));
	snprintf(proof->driver, sizeof(proof->driver), "%s", driver);
	/*
	 * Registered now, whatever happened since it was resolved: the
	 * registration of a better driver of a name unregisters the
	 * instances built on the worse ones (crypto_alg_finish_registration()
	 * removes their spawns), so a chain can be gone by the time its end
	 * is made.
	 */
	ret = kb_guard_registering(g, nl, driver);
	if (ret) {
		snprintf(err, len, "writing down the instances of %s: %s",
			 driver, strerror(-ret));
		return ret;
	}
	ret = kb_cu_instantiate(nl, driver);
	if (!ret)
		ret = wait_tested(nl, driver);
	if (ret) {
		snprintf(err, len, "registering %s: %s", driver,
			 ret == -ETIMEDOUT ? "its self-test did not end" :
					     strerror(-ret));
		return ret;
	}
	ret = kb_cu_dump(nl, &before);
	if (ret) {
		snprintf(err, len, "reading the crypto API's drivers: %s",
			 strerror(-ret));
		goto out;
	}
	for (i = 0; i < before.count; i++) {
		const struct kb_cu_alg *a = &before.alg[i];

		/*
		 * Neither is handed out: a larval (its priority -1, read as
		 * 0xffffffff) stands for a driver being made or tested, a
		 * dead one is being unregistered.
		 */
		if (a->flags & (CU_ALG_LARVAL | CU_ALG_DEAD))
			continue;
		if (!strcmp(a->driver, driver))
			self = a;
		else if (!strcmp(a->name, end->alloc_name) &&
			 a->priority >= top)
			top = a->priority;
	}
	if (!self) {
		snprintf(err, len, "%s is not registered", driver);
		ret = -ENOENT;
		goto out;
	}
	/* Ties go to the most recent driver: raise above them too. */
	if (top && self->priority <= top) {
		if (top >= INT_MAX) {
			snprintf(
				err, len,
				"%s cannot be raised above a driver at the highest priority",
				driver);
			ret = -ERANGE;
			goto out;
		}
		proof->raised = true;
		proof->old_priority =
			kb_guard_original(g, driver, self->priority);
		proof->raised_to = top + 1;
		/* Written down and told to the guard before it is made. */
		ret = kb_guard_raised(g, driver, proof->old_priority,
				      proof->raised_to);
		if (!ret)
			ret = kb_cu_set_priority(nl, driver, top + 1);
		if (ret) {
			snprintf(err, len, "raising %s's priority: %s", driver,
				 strerror(-ret));
			goto out;
		}
		restore = 1;
	}
	ret = end->make(end->arg, err, len);
	if (!ret) {
		ret = kb_cu_dump(nl, &after);
		if (ret)
			snprintf(err, len,
				 "reading the crypto API's drivers: %s",
				 strerror(-ret));
	}
	if (restore) {
		int r = kb_cu_set_priority(nl, driver, proof->old_priority);

		if (!r)
			kb_guard_restored(g, driver);
		else if (!ret) {
			snprintf(err, len, "setting %s's priority back: %s",
				 driver, strerror(-r));
			ret = r;
		}
	}
	if (!ret)
		counts(&after, &before, end, proof);
out:
	kb_cu_algs_free(&before);
	kb_cu_algs_free(&after);
	return ret;
}

/**
 * kb_proof_wait_released() - wait until ends deleted have let go
 * @nl: a crypto_user socket
 * @alloc_name: what the path allocates ("seqiv(rfc4106(gcm(aes)))")
 * @base: a dump from before those ends (and other users) were made
 *
 * Until every transform the ends (and a ceiling's run) held is freed: the
 * kernel frees them after they are deleted, in its own time (an SA's in
 * xfrm_state_gc_task(), after an RCU grace period; a key slot's after its
 * peer's last reference), and a count falling while the next
 * implementation's ends are made would spoil their proof.
 * A driver of @alloc_name holds no more references than it did before
 * (one, its registration's, if it was not registered then). At most
 * RELEASE_WAIT_S: after that, a proof may fail, and says so.
 */
void kb_proof_wait_released(struct mnl_socket *nl, const char *alloc_name,
			    const struct kb_cu_algs *base)
{
	struct timespec pause = { .tv_nsec = 50 * 1000 * 1000 };
	double end = kb_now() + RELEASE_WAIT_S;
	struct kb_cu_algs now;
	bool held;
	size_t i;

	do {
		if (kb_cu_dump(nl, &now))
			return;
		held = false;
		for (i = 0; i < now.count && !held; i++) {
			const struct kb_cu_alg *a = &now.alg[i], *was;

			if (strcmp(a->name, alloc_name))
				continue;
			was = kb_cu_find(base, a->driver);
			held = a->refcnt > (was ? was->refcnt : 1);
		}
		kb_cu_algs_free(&now);
		if (held)
			nanosleep(&pause, NULL);
	} while (held && kb_now() < end);
}
