// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's findings: recording them, and printing them for people and
 * as JSON. A finding that cannot be recorded for want of memory marks the
 * report, so that the exit status says the report is incomplete.
 */

#define _GNU_SOURCE /* vasprintf() */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/report.h"
#include "base/options.h"

static char *vformat(const char *fmt, va_list ap)
{
	char *s;

	return vasprintf(&s, fmt, ap) < 0 ? NULL : s;
}

/**
 * kb_doc_add() - record a finding
 * @r: the report
 * @id: its stable identifier, a string that outlives the report
 * @sev: its severity
 * @fmt: what was found, in one sentence, printf-style
 *
 * Return: the finding, to add evidence and a fix to, or NULL when out of
 * memory (@r->nomem set; the evidence and fix calls then do nothing).
 */
struct kb_doc_finding *kb_doc_add(struct kb_doc_report *r, const char *id,
				  enum kb_doc_severity sev, const char *fmt,
				  ...)
{
	struct kb_doc_finding *f;
	va_list ap;

	if (r->count == r->alloc) {
		size_t alloc = r->alloc ? 2 * r->alloc : 8;

		f = reallocarray(r->finding, alloc, sizeof(*f));
		if (!f) {
			r->nomem = true;
			return NULL;
		}
		r->finding = f;
		r->alloc = alloc;
	}
	f = &r->finding[r->count];
	memset(f, 0, sizeof(*f));
	va_start(ap, fmt);
	f->summary = vformat(fmt, ap);
	va_end(ap);
	if (!f->summary) {
		r->nomem = true;
		return NULL;
	}
	f->id = id;
	f->severity = sev;
	r->count++;
	return f;
}

/**
 * kb_doc_evidence() - add a line of evidence to a finding
 * @r: the report
 * @f: the finding, or NULL
 * @fmt: what was seen, printf-style
 */
void kb_doc_evidence(struct kb_doc_report *r, struct kb_doc_finding *f,
		     const char *fmt, ...)
{
	char **grown, *line;
	va_list ap;

	if (!f)
		return;
	va_start(ap, fmt);
	line = vformat(fmt, ap);
	va_end(ap);
	grown = line ? reallocarray(f->evidence, f->evidence_count + 1,
				    sizeof(*grown)) :
		       NULL;
	if (!grown) {
		free(line);
		r->nomem = true;
		return;
	}
	f->evidence = grown;
	f->evidence[f->evidence_count++] = line;
}

/**
 * kb_doc_fix() - say what to do about a finding
 * @r: the report
 * @f: the finding, or NULL
 * @fmt: the fix, printf-style; replaces an earlier one
 */
void kb_doc_fix(struct kb_doc_report *r, struct kb_doc_finding *f,
		const char *fmt, ...)
{
	va_list ap;

	if (!f)
		return;
	free(f->fix);
	va_start(ap, fmt);
	f->fix = vformat(fmt, ap);
	va_end(ap);
	if (!f->fix)
		r->nomem = true;
}

/**
 * kb_doc_skip() - record a check that could not run
 * @r: the report
 * @check: which, in words; a string that outlives the report
 * @fmt: why, printf-style
 */
void kb_doc_skip(struct kb_doc_report *r, const char *check, const char *fmt,
		 ...)
{
	struct kb_doc_skip *s;
	va_list ap;

	if (r->skips == r->skips_alloc) {
		size_t alloc = r->skips_alloc ? 2 * r->skips_alloc : 8;

		s = reallocarray(r->skip, alloc, sizeof(*s));
		if (!s) {
			r->nomem = true;
			return;
		}
		r->skip = s;
		r->skips_alloc = alloc;
	}
	s = &r->skip[r->skips];
	s->check = check;
	va_start(ap, fmt);
	s->why = vformat(fmt, ap);
	va_end(ap);
	if (!s->why) {
		r->nomem = true;
		return;
	}
	r->skips++;
}

/**
 * kb_doc_find() - the first finding with an identifier
 * @r: the report
 * @id: the identifier
 *
 * Return: the finding, or NULL.
 */
const struct kb_doc_finding *kb_doc_find(const struct kb_doc_report *r,
					 const char *id)
{
	size_t i;

	for (i = 0; i < r->count; i++)
		if (!strcmp(r->finding[i].id, id))
			return &r->finding[i];
	return NULL;
}

/**
 * kb_doc_severity_name() - a severity in words
 * @sev: the severity
 *
 * Return: "info", "warning" or "error".
 */
const char *kb_doc_severity_name(enum kb_doc_severity sev)
{
	switch (sev) {
	case KB_DOC_INFO:
		return "info";
	case KB_DOC_WARNING:
		return "warning";
	default:
		return "error";
	}
}

/**
 * kb_doc_exit_status() - what a fleet gates on
 * @r: the report
 *
 * Return: KB_EXIT_OK when nothing above "info" was found, else
 * KB_EXIT_ERROR; also KB_EXIT_ERROR when the report is incomplete.
 */
int kb_doc_exit_status(const struct kb_doc_report *r)
{
	size_t i;

	if (r->nomem)
		return KB_EXIT_ERROR;
	for (i = 0; i < r->count; i++)
		if (r->finding[i].severity > KB_DOC_INFO)
			return KB_EXIT_ERROR;
	return KB_EXIT_OK;
}

/* Errors first, then warnings, then information; stable otherwise. */
static const struct kb_doc_finding **by_severity(const struct kb_doc_report *r)
{
	const struct kb_doc_finding **order;
	size_t i, n = 0;
	int sev;

	order = calloc(r->count + 1, sizeof(*order));
	if (!order)
		return NULL;
	for (sev = KB_DOC_ERROR; sev >= KB_DOC_INFO; sev--)
		for (i = 0; i < r->count; i++)
			if ((int)r->finding[i].severity == sev)
				order[n++] = &r->finding[i];
	return order;
}

/**
 * kb_doc_print() - print the findings for people
 * @f: where to
 * @r: the report
 *
 * One block per finding, the most severe first: "[warning] ID", the
 * summary, "evidence:" lines, a "fix:" line; then the ESP section and
 * the paths section, if the doctor looked (kb_doc_esp_print(),
 * kb_doc_paths_print()); then a "not checked:" line per check
 * that could not run.
 */
void kb_doc_print(FILE *f, const struct kb_doc_report *r)
{
	const struct kb_doc_finding **order = by_severity(r);
	const struct kb_doc_finding *d;
	size_t i, j, n[3] = { 0 };

	for (i = 0; i < r->count; i++)
		n[r->finding[i].severity]++;
	fprintf(f, "doctor: %zu error%s, %zu warning%s, %zu note%s\n", n[2],
		n[2] == 1 ? "" : "s", n[1], n[1] == 1 ? "" : "s", n[0],
		n[0] == 1 ? "" : "s");
	for (i = 0; i < r->count; i++) {
		d = order ? order[i] : &r->finding[i];
		fprintf(f, "\n[%s] %s\n  %s\n",
			kb_doc_severity_name(d->severity), d->id, d->summary);
		for (j = 0; j < d->evidence_count; j++)
			fprintf(f, "  evidence: %s\n", d->evidence[j]);
		if (d->fix)
			fprintf(f, "  fix: %s\n", d->fix);
	}
	kb_doc_esp_print(f, &r->esp);
	kb_doc_paths_print(f, &r->paths);
	if (r->skips)
		fputc('\n', f);
	for (i = 0; i < r->skips; i++)
		fprintf(f, "not checked: %s: %s\n", r->skip[i].check,
			r->skip[i].why);
	if (r->nomem)
		fprintf(f,
			"\ndoctor: out of memory: some findings are missing\n");
	free(order);
}

static struct json_object *finding_json(const struct kb_doc_finding *d)
{
	struct json_object *o = json_object_new_object();
	struct json_object *ev = json_object_new_array();
	size_t i;

	if (!o || !ev) {
		json_object_put(o);
		json_object_put(ev);
		return NULL;
	}
	json_object_object_add(o, "id", json_object_new_string(d->id));
	json_object_object_add(
		o, "severity",
		json_object_new_string(kb_doc_severity_name(d->severity)));
	json_object_object_add(o, "summary",
			       json_object_new_string(d->summary));
	for (i = 0; i < d->evidence_count; i++)
		json_object_array_add(ev,
				      json_object_new_string(d->evidence[i]));
	json_object_object_add(o, "evidence", ev);
	json_object_object_add(o, "fix",
			       d->fix ? json_object_new_string(d->fix) : NULL);
	return o;
}

static struct json_object *skip_json(const struct kb_doc_skip *s)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "check", json_object_new_string(s->check));
	json_object_object_add(o, "reason", json_object_new_string(s->why));
	return o;
}

/* Appends @o to @arr; NULL @o, or a failed append, poisons @arr. */
static struct json_object *append(struct json_object *arr,
				  struct json_object *o)
{
	if (arr && o && !json_object_array_add(arr, o))
		return arr;
	json_object_put(o);
	json_object_put(arr);
	return NULL;
}

/**
 * kb_doc_to_json() - the findings as JSON members
 * @r: the report
 *
 * Return: a new object with "findings" (id, severity, summary, evidence,
 * fix), "esp" and "paths" when the doctor looked (kb_doc_esp_json(),
 * kb_doc_paths_json()), "not_checked"
 * (check, reason) and "exit_status", in the order kb_doc_print() prints
 * them; NULL when out of memory.
 */
struct json_object *kb_doc_to_json(const struct kb_doc_report *r)
{
	const struct kb_doc_finding **order = by_severity(r);
	struct json_object *o = json_object_new_object();
	struct json_object *findings = json_object_new_array();
	struct json_object *skips = json_object_new_array();
	struct json_object *esp = NULL, *paths = NULL;
	size_t i;

	if (!order)
		findings = append(findings, NULL);
	for (i = 0; findings && i < r->count; i++)
		findings = append(findings, finding_json(order[i]));
	for (i = 0; i < r->skips; i++)
		skips = append(skips, skip_json(&r->skip[i]));
	free(order);
	if (r->esp.examined)
		esp = kb_doc_esp_json(&r->esp);
	if (r->paths.examined)
		paths = kb_doc_paths_json(&r->paths);
	if (!o || !findings || !skips || (r->esp.examined && !esp) ||
	    (r->paths.examined && !paths)) {
		json_object_put(o);
		json_object_put(findings);
		json_object_put(skips);
		json_object_put(esp);
		json_object_put(paths);
		return NULL;
	}
	json_object_object_add(o, "findings", findings);
	if (esp)
		json_object_object_add(o, "esp", esp);
	if (paths)
		json_object_object_add(o, "paths", paths);
	json_object_object_add(o, "not_checked", skips);
	json_object_object_add(o, "exit_status",
			       json_object_new_int(kb_doc_exit_status(r)));
	return o;
}

/**
 * kb_doc_report_free() - free the findings
 * @r: the report; left empty and reusable
 */
void kb_doc_report_free(struct kb_doc_report *r)
{
	size_t i, j;

	for (i = 0; i < r->count; i++) {
		for (j = 0; j < r->finding[i].evidence_count; j++)
			free(r->finding[i].evidence[j]);
		free(r->finding[i].evidence);
		free(r->finding[i].summary);
		free(r->finding[i].fix);
	}
	for (i = 0; i < r->skips; i++)
		free(r->skip[i].why);
	free(r->finding);
	free(r->skip);
	memset(r, 0, sizeof(*r));
}
