// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * libFuzzer harness: the saved results reader on whatever a file could
 * hold, run and ipsec documents, and what reads its documents: compare's
 * rows, verdicts, table and JSON, the gnuplot script, and report's page
 * and CSV. A NUL byte splits the input into the old document and the new
 * one; without one, a document is compared with itself.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "documents/kinds.h"
#include "ipsec/esp_doc.h"
#include "pathdoc/path_compare_report.h"
#include "runs/compare_report.h"
#include "runs/compare_rows.h"
#include "runs/plot_script.h"
#include "runs/report_csv.h"
#include "runs/report_html.h"
#include "runs/report_rows.h"
#include "runs/run_kind.h"

#define KINDS NULL /* every kind of documents/kinds.c */

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	devnull = fopen("/dev/null", "w");
	return devnull ? 0 : -1;
}

static const struct kb_cmp_opts opts = {
	.threshold = KB_CMP_DEFAULT_THRESHOLD,
	.alpha = KB_CMP_DEFAULT_ALPHA,
};

static void compare_runs(const struct kb_saved *old, const struct kb_saved *new)
{
	struct kb_cmp c = { 0 };
	char *script = NULL;

	/* compare refuses documents of different algorithms first. */
	if (kb_cmp_common_algorithm(old, new) &&
	    !kb_compare(old, new, &opts, &c)) {
		kb_print_compare(devnull, old, new, &opts, &c);
		kb_print_compare_json(devnull, old, new, &opts, &c);
	}
	kb_cmp_free(&c);
	kb_plot_script(new, "fuzz.svg", KB_PLOT_SVG, "6.12.0", &script);
	free(script);
}

static void compare_ipsec(const struct kb_saved *old,
			  const struct kb_saved *new)
{
	struct kb_path_cmp c = { 0 };

	if (kb_path_cmp_common_suite(old, new) &&
	    !kb_path_compare(old, new, &opts, &c)) {
		kb_print_path_compare(devnull, old, new, &opts, &c);
		kb_print_path_compare_json(devnull, old, new, &opts, &c);
	}
	kb_path_cmp_free(&c);
}

/* Both documents on one page, whatever their kinds. */
static void report(const struct kb_saved *old, const struct kb_saved *new)
{
	struct kb_saved doc[2] = { *old, *new };
	struct kb_report r;

	if (!kb_report_build(&r, doc, 2, 0)) {
		kb_report_html(devnull, &r);
		kb_report_csv(devnull, &r);
	}
	kb_report_free(&r);
}

static void read_back(const struct kb_saved *old, const struct kb_saved *new)
{
	if (old->kind == &kb_run_doc_kind && new->kind == &kb_run_doc_kind)
		compare_runs(old, new);
	if (old->kind == &kb_esp_doc_kind && new->kind == &kb_esp_doc_kind)
		compare_ipsec(old, new);
	report(old, new);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data, *nul = memchr(data, 0, size);
	size_t old_len = nul ? (size_t)(nul - text) : size;
	struct kb_saved old, new;
	char err[512];
	int bad_old, bad_new = 0;

	bad_old = kb_saved_parse_as(&old, "old.json", text, old_len, KINDS, err,
				    sizeof(err));
	if (nul)
		bad_new = kb_saved_parse_as(&new, "new.json", nul + 1,
					    size - old_len - 1, KINDS, err,
					    sizeof(err));
	if (!bad_old && !bad_new)
		read_back(&old, nul ? &new : &old);
	kb_saved_free(&old);
	if (nul)
		kb_saved_free(&new);
	return 0;
}
