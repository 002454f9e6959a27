/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's findings: a stable id, a severity, evidence and a fix each,
 * and the checks that could not run here; recorded, printed for people and
 * as JSON.
 */
#ifndef KAESBENCH_DOCTOR_REPORT_H
#define KAESBENCH_DOCTOR_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <json-c/json.h>

#include "doctor/esp_state.h"
#include "doctor/paths_state.h"

enum kb_doc_severity { KB_DOC_INFO, KB_DOC_WARNING, KB_DOC_ERROR };

/* One finding: a stable id, what was found, why we think so, what to do. */
struct kb_doc_finding {
	const char *id; /* "KB-AESNI-MODULE-NOT-LOADED": never changes */
	enum kb_doc_severity severity;
	char *summary;
	char **evidence;
	size_t evidence_count;
	char *fix; /* NULL when there is nothing to do */
};

/* A check that could not run on this machine, and why. */
struct kb_doc_skip {
	const char *check;
	char *why;
};

struct kb_doc_report {
	struct kb_doc_finding *finding;
	size_t count;
	size_t alloc;
	struct kb_doc_skip *skip;
	size_t skips;
	size_t skips_alloc;
	bool nomem; /* something could not be recorded */
	struct kb_doc_esp_state esp; /* what ESP SAs get, healthy or not */
	struct kb_doc_paths_state paths; /* the paths, ovpn's key */
};

struct kb_doc_finding *kb_doc_add(struct kb_doc_report *r, const char *id,
				  enum kb_doc_severity sev, const char *fmt,
				  ...) __attribute__((format(printf, 4, 5)));
void kb_doc_evidence(struct kb_doc_report *r, struct kb_doc_finding *f,
		     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void kb_doc_fix(struct kb_doc_report *r, struct kb_doc_finding *f,
		const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void kb_doc_skip(struct kb_doc_report *r, const char *check, const char *fmt,
		 ...) __attribute__((format(printf, 3, 4)));
const struct kb_doc_finding *kb_doc_find(const struct kb_doc_report *r,
					 const char *id);
const char *kb_doc_severity_name(enum kb_doc_severity sev);
int kb_doc_exit_status(const struct kb_doc_report *r);
void kb_doc_print(FILE *f, const struct kb_doc_report *r);
struct json_object *kb_doc_to_json(const struct kb_doc_report *r);
void kb_doc_report_free(struct kb_doc_report *r);

#endif /* KAESBENCH_DOCTOR_REPORT_H */
