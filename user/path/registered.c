// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Why instances must go: ESP allocates by name, and the crypto API hands
 * out the best *registered* driver of a name, building one from the best
 * parts only when none is registered. An instance a run registered (the
 * reference's chain, an engine's, one over a slower driver) would be what
 * the machine's next SA gets, until a better one of that name happens to
 * be registered. So every template instance of the path's chains' layers
 * registered during the run is unregistered after it (CRYPTO_MSG_DELALG,
 * which only removes instances nothing holds), from the top of the chains
 * down, once the namespaces' SAs have let go of them: the kernel frees
 * those with the namespaces, a little after they close. Instances of
 * other names (another user's, registered meanwhile) are not the run's,
 * and drivers that are not instances are modules the kernel loaded on
 * demand (crypto_null for the IV generators): both stay.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <libmnl/libmnl.h>

#include "base/clock.h"
#include "path/registered.h"

/**
 * kb_registered_before() - what is registered before the run
 * @nl: a crypto_user socket
 * @before: filled in; free with kb_cu_algs_free()
 *
 * Return: 0 or a negative errno.
 */
int kb_registered_before(struct mnl_socket *nl, struct kb_cu_algs *before)
{
	return kb_cu_dump(nl, before);
}

/**
 * kb_registered_undo() - unregister what the run registered
 * @nl: a crypto_user socket
 * @before: kb_registered_before()'s
 * @kind: the run's path, whose chains' instances are undone
 * @wait_ms: how long to wait for the SAs to let go
 * @left: the drivers still registered, with their reference counts and
 *	  why ("" if none)
 * @len: its size
 *
 * Return: how many drivers the run registered are still registered: held
 * by someone else, or not instances (a module the run loaded).
 */
size_t kb_registered_undo(struct mnl_socket *nl,
			  const struct kb_cu_algs *before,
			  const struct kb_path_kind *kind, unsigned int wait_ms,
			  char *left, size_t len)
{
	struct timespec pause = { .tv_nsec = 50 * 1000 * 1000 };
	double end = kb_now() + wait_ms / 1000.0;
	struct kb_cu_algs now;
	size_t i, remaining, used;
	bool busy;

	for (;;) {
		if (kb_cu_dump(nl, &now))
			return 0;
		remaining = 0;
		busy = false;
		used = 0;
		left[0] = '\0';
		for (i = 0; i < now.count; i++) {
			const char *d = now.alg[i].driver;
			int ret;

			if (kb_cu_find(before, d) ||
			    !kind->ops->layer(kind->front, now.alg[i].name))
				continue;
			ret = kb_cu_delete(nl, d);
			/* Gone, or a module's driver, not an instance. */
			if (!ret || ret == -ENOENT || ret == -EINVAL)
				continue;
			remaining++;
			busy |= ret == -EBUSY;
			if (used < len)
				used += snprintf(left + used, len - used,
						 "%s%s (refcnt %u: %s)",
						 used ? ", " : "", d,
						 now.alg[i].refcnt,
						 ret == -EBUSY ?
							 "in use" :
							 strerror(-ret));
		}
		kb_cu_algs_free(&now);
		if (!remaining || !busy || kb_now() > end)
			return remaining;
		nanosleep(&pause, NULL);
	}
}
