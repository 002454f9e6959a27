/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The kinds of result document, one row each (run, ipsec, ovpn ...), and
 * reading a saved document as the kind its list says it is: `compare`,
 * `report` and `plot` read through here, and dispatch through the kind
 * read (output/doc_kind.h).
 */
#ifndef KAESBENCH_DOCUMENTS_KINDS_H
#define KAESBENCH_DOCUMENTS_KINDS_H

#include <stddef.h>

#include "output/doc_kind.h"
#include "output/saved.h"

/* Every kind, the run documents' first; NULL-terminated. */
extern const struct kb_doc_kind *const kb_doc_kinds[];

const struct kb_doc_kind *kb_doc_kind_named(const char *name);
int kb_saved_parse_as(struct kb_saved *doc, const char *name, const char *text,
		      size_t len, const struct kb_doc_kind *only, char *err,
		      size_t errlen);
int kb_saved_load_as(struct kb_saved *doc, const char *file,
		     const struct kb_doc_kind *only, char *err, size_t errlen);
int kb_saved_parse(struct kb_saved *doc, const char *name, const char *text,
		   size_t len, char *err, size_t errlen);
int kb_saved_load(struct kb_saved *doc, const char *file, char *err,
		  size_t errlen);

#endif /* KAESBENCH_DOCUMENTS_KINDS_H */
