/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved result document of any kind, read back: what every kind's
 * document shares (its header, the machine it was made on), and the
 * records its kind's reader filled in. Which kind a document is, its
 * list says; documents/kinds.c's table names the lists.
 */
#ifndef KAESBENCH_OUTPUT_SAVED_H
#define KAESBENCH_OUTPUT_SAVED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "output/doc_kind.h"

struct kb_saved_run; /* runs/saved_runs.h */
struct kb_saved_path; /* pathdoc/saved_path.h */

/* The machine a document was made on; each NULL (0) when not recorded. */
struct kb_saved_env {
	const char *time; /* ISO 8601, UTC */
	const char *machine; /* uname -m */
	const char *cpu_model;
	int64_t cpus;
	const char *virtualization; /* "none", "kvm", "tcg" ... */
};

struct kb_saved {
	const char *name; /* the file, as named on the command line */
	const struct kb_doc_kind *kind;
	struct json_object *root; /* owns every string above */
	int schema_version; /* 0: written before the schema had a version */
	const char *kaesbench_version;
	const char *kernel_release; /* NULL when not recorded */
	struct kb_saved_env env; /* the machine, for report's run headers */
	struct kb_saved_run *run; /* a run document's */
	size_t runs;
	struct kb_saved_path *path; /* a path's (ipsec, ovpn ...) */
	size_t paths;
};

int kb_saved_parse_kinds(struct kb_saved *doc, const char *name,
			 const char *text, size_t len,
			 const struct kb_doc_kind *const *kinds,
			 const struct kb_doc_kind *only, char *err,
			 size_t errlen);
int kb_saved_slurp(const char *file, char **text, size_t *len, char *err,
		   size_t errlen);
void kb_saved_free(struct kb_saved *doc);

#endif /* KAESBENCH_OUTPUT_SAVED_H */
