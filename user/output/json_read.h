/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Reading members of a saved JSON document back, each checked before use:
 * what the readers of saved runs and of saved ipsec results share.
 */
#ifndef KAESBENCH_OUTPUT_JSON_READ_H
#define KAESBENCH_OUTPUT_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

__attribute__((format(printf, 3, 4))) int kb_json_bad(char *err, size_t len,
						      const char *fmt, ...);
struct json_object *kb_json_member(struct json_object *o, const char *key);
const char *kb_json_string_or(struct json_object *o, const char *key,
			      const char *def);
bool kb_json_int(struct json_object *o, const char *key, int64_t min,
		 int64_t max, int64_t *out);
bool kb_json_figure(struct json_object *o, const char *key, double *out);

#endif /* KAESBENCH_OUTPUT_JSON_READ_H */
