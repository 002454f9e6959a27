// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * libFuzzer harness: the saved results reader on whatever a file could
 * hold, and what reads its documents: compare's rows, verdicts, table and
 * JSON, and the gnuplot script. A NUL byte splits the input into the old
 * document and the new one; without one, a document is compared with
 * itself.
 */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/compare_report.h"
#include "output/compare_rows.h"
#include "output/plot_script.h"
#include "output/saved_results.h"

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	devnull = fopen("/dev/null", "w");
	return devnull ? 0 : -1;
}

static void read_back(const struct kb_saved *old, const struct kb_saved *new)
{
	const struct kb_cmp_opts o = { .threshold = KB_CMP_DEFAULT_THRESHOLD,
				       .alpha = KB_CMP_DEFAULT_ALPHA };
	struct kb_cmp c = { 0 };
	char *script = NULL;

	/* compare refuses documents of different algorithms first. */
	if (kb_cmp_common_algorithm(old, new) &&
	    !kb_compare(old, new, &o, &c)) {
		kb_print_compare(devnull, old, new, &o, &c);
		kb_print_compare_json(devnull, old, new, &o, &c);
	}
	kb_cmp_free(&c);
	kb_plot_script(new, "fuzz.svg", KB_PLOT_SVG, "6.12.0", &script);
	free(script);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data, *nul = memchr(data, 0, size);
	size_t old_len = nul ? (size_t)(nul - text) : size;
	struct kb_saved old, new;
	char err[512];
	int bad_old, bad_new = 0;

	bad_old = kb_saved_parse(&old, "old.json", text, old_len, err,
				 sizeof(err));
	if (nul)
		bad_new = kb_saved_parse(&new, "new.json", nul + 1,
					 size - old_len - 1, err, sizeof(err));
	if (!bad_old && !bad_new)
		read_back(&old, nul ? &new : &old);
	kb_saved_free(&old);
	if (nul)
		kb_saved_free(&new);
	return 0;
}
