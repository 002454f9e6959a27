/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The table model of `kaesbench report`: saved runs of many machines,
 * kernels or dates side by side. A table per algorithm, key length and
 * direction; in it a series per path (kernel, AF_ALG, OpenSSL), each with
 * the run of every file it stands for and a cell per buffer size and file.
 * Saved documents of other kinds (ipsec ...) among the files are set
 * apart, in the order given, each for a section of its own, which its
 * kind writes (output/doc_kind.h). The HTML, SVG and CSV writers only print
 * this.
 */
#ifndef KAESBENCH_RUNS_REPORT_ROWS_H
#define KAESBENCH_RUNS_REPORT_ROWS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runs/saved_runs.h"

/* Why a file's run stands for a path in a table. */
enum kb_report_why {
	KB_REPORT_NONE, /* the file has no run on this path */
	KB_REPORT_SELECTED, /* what the crypto API hands out */
	KB_REPORT_ONLY, /* the only run on the path */
	KB_REPORT_FASTEST, /* several, none known selected: the fastest */
};

struct kb_report_pick {
	const struct kb_saved_run *run; /* NULL with KB_REPORT_NONE */
	enum kb_report_why why;
	bool valid; /* ended with status 0: its figures stand */
};

struct kb_report_cell {
	size_t samples; /* 0: no figure (no run, invalid, size not measured) */
	double mbps; /* the median of the samples */
	double spread; /* (max - min) / median */
};

struct kb_report_series {
	const char *path;
	struct kb_report_pick *pick; /* one per file */
	uint32_t *size; /* every size any file measured, ascending */
	size_t sizes;
	struct kb_report_cell *cell; /* [size index * files + file] */
};

struct kb_report_table {
	const char *algorithm;
	uint32_t key_bits;
	bool decrypt;
	struct kb_report_series *series; /* kernel first, as in the tables */
	size_t nseries;
};

struct kb_report {
	struct kb_saved *doc; /* the run documents, in command-line order */
	size_t *file_no; /* each one's place on the command line, from 1 */
	size_t docs;
	size_t baseline; /* index into @doc of the run ratios are to */
	/* The documents of other kinds, in command-line order. */
	struct kb_saved *other;
	size_t *other_file_no;
	size_t others;
	struct kb_report_table *table;
	size_t tables;
};

int kb_report_build(struct kb_report *r, const struct kb_saved *doc,
		    size_t docs, size_t baseline);
void kb_report_free(struct kb_report *r);
const struct kb_report_cell *kb_report_cell(const struct kb_report *r,
					    const struct kb_report_series *s,
					    size_t size, size_t file);
double kb_report_ratio(const struct kb_report *r,
		       const struct kb_report_series *s, size_t size,
		       size_t file);
bool kb_report_unsteady(const struct kb_report_cell *c);
const char *kb_report_dir(const struct kb_report_table *t);

#endif /* KAESBENCH_RUNS_REPORT_ROWS_H */
