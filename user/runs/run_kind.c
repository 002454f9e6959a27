// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The run documents' kind: their reader, and compare's rule for them (two
 * documents of a common algorithm, rows keyed by path, driver, key
 * length, direction, depth and size, a significance test per row). Their
 * tables are the report's page itself (runs/report_html.c), not a
 * section of it.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "runs/compare_report.h"
#include "runs/run_kind.h"
#include "runs/saved_runs.h"

/* The algorithms of @doc, comma-separated, into @buf. */
static const char *algorithms(const struct kb_saved *doc, char *buf, size_t len)
{
	size_t i, j, used = 0;
	const char *alg;

	buf[0] = '\0';
	for (i = 0; i < doc->runs; i++) {
		alg = doc->run[i].key.algorithm;
		for (j = 0; j < i; j++)
			if (!strcmp(doc->run[j].key.algorithm, alg))
				break;
		if (j < i || !strcmp(alg, "-"))
			continue;
		used += snprintf(buf + used, len - used, "%s%s",
				 used ? ", " : "", alg);
		if (used >= len)
			break;
	}
	return buf[0] ? buf : "none";
}

static bool comparable(const struct kb_saved *old, const struct kb_saved *new,
		       char *why, size_t len)
{
	char a[256], b[256];

	if (kb_cmp_common_algorithm(old, new))
		return true;
	snprintf(why, len,
		 "different algorithms: OLD (%s) has %s, NEW (%s) has %s",
		 old->name, algorithms(old, a, sizeof(a)), new->name,
		 algorithms(new, b, sizeof(b)));
	return false;
}

static int compare(FILE *f, const struct kb_saved *old,
		   const struct kb_saved *new, const struct kb_cmp_opts *o,
		   bool json, struct kb_cmp_outcome *out)
{
	struct kb_cmp c = { 0 };
	int ret = kb_compare(old, new, o, &c);

	if (!ret)
		ret = json ? kb_print_compare_json(f, old, new, o, &c) :
			     kb_print_compare(f, old, new, o, &c);
	out->compared =
		c.count - c.verdicts[KB_V_ONLY_OLD] - c.verdicts[KB_V_ONLY_NEW];
	out->failed = c.verdicts[KB_V_REGRESSION];
	kb_cmp_free(&c);
	return ret;
}

const struct kb_doc_kind kb_run_doc_kind = {
	.name = "run",
	.an = "a",
	.list = "runs",
	.items = "runs",
	.read = kb_saved_runs_read,
	.free = kb_saved_runs_free,
	.comparable = comparable,
	.compare = compare,
	.keyed_by = "path, driver, key bits, direction, depth and size",
};

/**
 * kb_run_doc_parse() - read a run document, knowing no other kind
 * @doc: filled in; kb_saved_free() it whatever the result
 * @name: the document's name in messages, kept
 * @text: the document
 * @len: its length
 * @err: set to what is wrong, naming @name, on failure
 * @errlen: size of @err
 *
 * For a run document a command has just written (plot's); a file a
 * person names is read through documents/kinds.h, which names any other
 * kind it is.
 *
 * Return: 0, -EINVAL for anything but a well-formed run document, or
 * -ENOMEM.
 */
int kb_run_doc_parse(struct kb_saved *doc, const char *name, const char *text,
		     size_t len, char *err, size_t errlen)
{
	static const struct kb_doc_kind *const runs[] = { &kb_run_doc_kind,
							  NULL };

	return kb_saved_parse_kinds(doc, name, text, len, runs, NULL, err,
				    errlen);
}
