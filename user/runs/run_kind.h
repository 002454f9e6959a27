/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The run documents' kind (`kaesbench run --json`, the sweep's): a row of
 * documents/kinds.c.
 */
#ifndef KAESBENCH_RUNS_RUN_KIND_H
#define KAESBENCH_RUNS_RUN_KIND_H

#include <stddef.h>

#include "output/doc_kind.h"
#include "output/saved.h"

extern const struct kb_doc_kind kb_run_doc_kind;

int kb_run_doc_parse(struct kb_saved *doc, const char *name, const char *text,
		     size_t len, char *err, size_t errlen);

#endif /* KAESBENCH_RUNS_RUN_KIND_H */
