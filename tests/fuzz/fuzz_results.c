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

#include "output/compare_ipsec_report.h"
#include "output/compare_report.h"
#include "output/compare_rows.h"
#include "output/plot_script.h"
#include "output/report_csv.h"
#include "output/report_html.h"
#include "output/report_rows.h"
#include "output/saved_results.h"

#define KINDS (KB_SAVED_RUNS | KB_SAVED_IPSEC)

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
	struct kb_ipsec_cmp c = { 0 };

	if (kb_ipsec_cmp_common_transform(old, new) &&
	    !kb_ipsec_compare(old, new, &opts, &c)) {
		kb_print_ipsec_compare(devnull, old, new, &opts, &c);
		kb_print_ipsec_compare_json(devnull, old, new, &opts, &c);
	}
	kb_ipsec_cmp_free(&c);
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
	if (old->kind == KB_SAVED_RUNS && new->kind == KB_SAVED_RUNS)
		compare_runs(old, new);
	if (old->kind == KB_SAVED_IPSEC && new->kind == KB_SAVED_IPSEC)
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
