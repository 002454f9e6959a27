/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What `kaesbench compare` says of each compared document, whatever its
 * kind.
 */
#ifndef KAESBENCH_OUTPUT_COMPARE_DOC_H
#define KAESBENCH_OUTPUT_COMPARE_DOC_H

#include <stdio.h>

#include <json-c/json.h>

#include "output/saved.h"

void kb_print_compare_doc(FILE *f, const char *which,
			  const struct kb_saved *doc);
struct json_object *kb_compare_doc_json(const struct kb_saved *doc);

#endif /* KAESBENCH_OUTPUT_COMPARE_DOC_H */
