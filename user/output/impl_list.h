/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The three ways `kaesbench list` prints implementations.
 */
#ifndef KAESBENCH_OUTPUT_IMPL_LIST_H
#define KAESBENCH_OUTPUT_IMPL_LIST_H

#include <stdio.h>

#include <json-c/json.h>

#include "kernel/impls.h"

int kb_print_people(FILE *f, const struct kb_impl_list *list);
void kb_print_dump_line(FILE *f, const struct kb_impl *impl);
void kb_print_dump(FILE *f, const struct kb_impl_list *list);
struct json_object *kb_impl_to_json(const struct kb_impl *impl);
int kb_print_json(FILE *f, const struct kb_impl_list *list,
		  struct json_object *env, struct json_object *paths);

#endif /* KAESBENCH_OUTPUT_IMPL_LIST_H */
