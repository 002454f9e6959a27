/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A kind of result document (run, ipsec, ovpn ...): what `compare`,
 * `report` and the readers need of it, so that they dispatch through
 * the kind a document was read as instead of asking which it is. The
 * kinds are rows of documents/kinds.c's table.
 */
#ifndef KAESBENCH_OUTPUT_DOC_KIND_H
#define KAESBENCH_OUTPUT_DOC_KIND_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "output/field.h"

struct kb_saved;

/* What `kaesbench compare` was asked: its thresholds. */
struct kb_cmp_opts {
	double threshold; /* percent */
	double alpha; /* significance level of each row's test */
};

#define KB_CMP_DEFAULT_THRESHOLD 5.0 /* percent */
#define KB_CMP_DEFAULT_ALPHA 0.05

/* What a comparison came to, for compare's exit status. */
struct kb_cmp_outcome {
	size_t compared; /* rows in both documents */
	bool failed; /* a significant regression, or newly invalid */
};

struct kb_doc_kind {
	const char *name; /* "run", "ipsec": "an ipsec document" */
	const char *an; /* "a" or "an", before @name */
	/* The document's list: "runs", "ipsec"; its presence says the kind. */
	const char *list;
	const char *items; /* what the list holds: "runs", "implementations" */
	/* Its records' fields, as the writer, the reader and the CSV walk them. */
	const struct kb_field *const *fields;
	size_t nfields;
	/* The kind's own words and tables (a path's), for its callbacks. */
	const void *priv;
	/* Reads @list, the document's list (a non-empty array), into @doc. */
	int (*read)(struct kb_saved *doc, struct json_object *list, char *err,
		    size_t errlen);
	void (*free)(struct kb_saved *doc);
	/*
	 * Whether two documents of the kind measured something in common
	 * (an algorithm, a transform); else why not, into @why.
	 */
	bool (*comparable)(const struct kb_saved *old,
			   const struct kb_saved *new, char *why, size_t len);
	/* Compares, prints the rows as a table or JSON; -ENOMEM. */
	int (*compare)(FILE *f, const struct kb_saved *old,
		       const struct kb_saved *new, const struct kb_cmp_opts *o,
		       bool json, struct kb_cmp_outcome *out);
	const char *keyed_by; /* what compare's rows are keyed by, in words */
	/*
	 * A document's section of the report's page, and its rows in the
	 * report's CSV under @csv_header (the same for every document of the
	 * kind). NULL for the run documents, whose tables are the page's.
	 */
	void (*report_html)(FILE *f, const struct kb_saved *doc,
			    size_t file_no);
	void (*report_csv)(FILE *f, const struct kb_saved *doc);
	const char *csv_header;
};

#endif /* KAESBENCH_OUTPUT_DOC_KIND_H */
