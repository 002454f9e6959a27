// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Anything the doctor has the kernel register, to see what a path's
 * allocation gets, changes what later allocations of that name get: so
 * it is unregistered before the doctor goes on, as a path command's run
 * unregisters its own (path/registered.c), the chains of each path kind
 * it looked at. Nothing holds those instances: the doctor made no
 * transform of them.
 */

#include <stdio.h>

#include <libmnl/libmnl.h>

#include "doctor/undo.h"
#include "path/registered.h"

/* Nothing holds what the doctor built: this is for a self-test's end. */
#define UNDO_WAIT_MS 3000

/* The instances registered now that were not before: held by someone. */
static void left_over(struct mnl_socket *nl, const struct kb_cu_algs *before,
		      char *buf, size_t len)
{
	struct kb_cu_algs now;
	size_t i, used = 0;

	buf[0] = '\0';
	if (kb_cu_dump(nl, &now)) {
		kb_cu_algs_free(&now);
		return;
	}
	for (i = 0; i < now.count && used < len; i++)
		if ((now.alg[i].flags & CU_ALG_INSTANCE) &&
		    !kb_cu_find(before, now.alg[i].driver))
			used += snprintf(buf + used, len - used, "%s%s",
					 used ? " " : "", now.alg[i].driver);
	kb_cu_algs_free(&now);
}

/**
 * kb_doc_undo() - unregister the instances the doctor had registered
 * @nl: a crypto_user socket
 * @before: what was registered before (kb_registered_before())
 * @kinds: the paths whose chains' instances go
 * @n: how many
 * @left: the instances still registered that were not before, held by
 *	  another user meanwhile ("" if none)
 * @len: its size
 */
void kb_doc_undo(struct mnl_socket *nl, const struct kb_cu_algs *before,
		 const struct kb_path_kind *kinds, size_t n, char *left,
		 size_t len)
{
	char ignored[256];
	size_t i;

	for (i = 0; i < n; i++)
		kb_registered_undo(nl, before, &kinds[i], UNDO_WAIT_MS, ignored,
				   sizeof(ignored));
	left_over(nl, before, left, len);
}
