// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench report [-o FILE] [--csv] [--baseline N] RUN.json...`: saved
 * runs of many machines, kernels or dates on one page, and saved documents
 * of other kinds (ipsec ...) in sections of their own, each written by its
 * kind. Every file is read and checked before
 * anything is written, and the page is made in memory first: a bad file
 * leaves no output, and -o FILE is only ever replaced by a whole page.
 */

#define _GNU_SOURCE /* open_memstream() */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd/report.h"
#include "base/options.h"
#include "documents/kinds.h"
#include "runs/report_csv.h"
#include "runs/report_html.h"
#include "runs/report_rows.h"
#include "runs/run_kind.h"

#define WHO "kaesbench report"

struct report_opts {
	const char *out; /* NULL: standard output */
	const char *baseline; /* as given; NULL: the first file */
	bool csv;
	bool help;
	char **file;
	size_t files;
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: kaesbench report [-o FILE] [--csv] [--baseline N] RUN.json...\n"
		"\n"
		"Put saved runs (kaesbench --json, kaesbench run --json) of many machines,\n"
		"kernels or dates side by side: one HTML page, with a column per run, a\n"
		"table and a plot per algorithm, and ratios to a baseline run. A saved\n"
		"kaesbench ipsec, ovpn or tls --json gets a section of its own: per\n"
		"implementation its state, proofs, and a table and a plot of its rate\n"
		"(packets/s; tls: records/s).\n"
		"\n"
		"  -o, --output FILE       write to FILE instead of standard output\n"
		"      --csv               print the tables as CSV instead of HTML\n"
		"      --baseline N        ratios to the Nth file, a run (default: the first run)\n"
		"  -h, --help              print this help\n"
		"\n"
		"Exit status: 0 written, 1 the output could not be written, 2 bad usage or\n"
		"a file that is not a saved run, ipsec, ovpn or tls document of a supported\n"
		"schema (nothing written).\n");
}

enum { OPT_CSV = 256, OPT_BASELINE };

static int option(int c, char *argv[], struct report_opts *o)
{
	switch (c) {
	case 'o':
		o->out = optarg;
		return KB_EXIT_OK;
	case OPT_CSV:
		o->csv = true;
		return KB_EXIT_OK;
	case OPT_BASELINE:
		o->baseline = optarg;
		return KB_EXIT_OK;
	case 'h':
		o->help = true;
		return KB_EXIT_OK;
	case ':':
		fprintf(stderr, WHO ": %s needs a value\n", argv[optind - 1]);
		return KB_EXIT_USAGE;
	default:
		kb_bad_option(WHO, argv);
		return KB_EXIT_USAGE;
	}
}

/* --baseline N: a file's place on the command line, from 1. */
static int baseline(const struct report_opts *o, size_t *index)
{
	unsigned long n;
	char *end;

	*index = 0;
	if (!o->baseline)
		return KB_EXIT_OK;
	n = strtoul(o->baseline, &end, 10);
	if (end == o->baseline || *end || *o->baseline == '-' || n < 1 ||
	    n > o->files) {
		fprintf(stderr,
			WHO
			": --baseline: \"%s\" is not a file's number, 1 to %zu\n",
			o->baseline, o->files);
		return KB_EXIT_USAGE;
	}
	*index = n - 1;
	return KB_EXIT_OK;
}

static int parse(int argc, char *argv[], struct report_opts *o)
{
	static const struct option long_opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "csv", no_argument, NULL, OPT_CSV },
		{ "baseline", required_argument, NULL, OPT_BASELINE },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c, ret = KB_EXIT_OK;

	*o = (struct report_opts){ 0 };
	optind = 0;
	opterr = 0;
	/* Without '+': options may follow the files (report *.json -o x). */
	while (!ret &&
	       (c = getopt_long(argc, argv, ":o:h", long_opts, NULL)) != -1)
		ret = option(c, argv, o);
	if (!ret && !o->help && optind >= argc) {
		fprintf(stderr, WHO ": give one saved run or more\n");
		ret = KB_EXIT_USAGE;
	}
	if (!ret && !o->help) {
		o->file = argv + optind;
		o->files = (size_t)(argc - optind);
	}
	if (ret)
		usage(stderr);
	return ret;
}

/* Every file, or none: the first bad one is named and nothing is written. */
static int load(struct kb_saved *doc, const struct report_opts *o)
{
	char err[512];
	size_t i;

	for (i = 0; i < o->files; i++)
		if (kb_saved_load_as(&doc[i], o->file[i], NULL, err,
				     sizeof(err))) {
			fprintf(stderr, WHO ": %s\n", err);
			return KB_EXIT_USAGE;
		}
	return KB_EXIT_OK;
}

/*
 * Ratios are between runs: --baseline names a run document; without it,
 * the first run document is the baseline.
 */
static int run_baseline(const struct report_opts *o, const struct kb_saved *doc,
			size_t *index)
{
	size_t i;

	if (o->baseline && doc[*index].kind != &kb_run_doc_kind) {
		fprintf(stderr,
			WHO
			": --baseline %s: %s is %s %s document: ratios are to a run document\n",
			o->baseline, doc[*index].name, doc[*index].kind->an,
			doc[*index].kind->name);
		return KB_EXIT_USAGE;
	}
	for (i = 0; !o->baseline && i < o->files; i++)
		if (doc[i].kind == &kb_run_doc_kind) {
			*index = i;
			break;
		}
	return KB_EXIT_OK;
}

/* The page in memory, so that a failure half-way writes nothing. */
static int render(const struct kb_report *r, bool csv, char **text, size_t *len)
{
	FILE *f = open_memstream(text, len);
	int ret;

	if (!f)
		return -1;
	ret = csv ? kb_report_csv(f, r) : kb_report_html(f, r);
	if (fclose(f))
		ret = -1;
	return ret;
}

static int write_out(const char *out, const char *text, size_t len)
{
	int ret = kb_output_to(out, WHO);

	if (ret)
		return ret;
	if (fwrite(text, 1, len, stdout) != len)
		ret = KB_EXIT_ERROR;
	if (out)
		return kb_output_done(ret, WHO);
	if (fflush(stdout) || ret) {
		perror(WHO ": writing the report");
		return KB_EXIT_ERROR;
	}
	return KB_EXIT_OK;
}

static int report(const struct report_opts *o, struct kb_saved *doc)
{
	struct kb_report r;
	char *text = NULL;
	size_t base, len = 0;
	int ret = baseline(o, &base);

	if (ret) {
		usage(stderr);
		return ret;
	}
	ret = load(doc, o);
	if (!ret)
		ret = run_baseline(o, doc, &base);
	if (ret)
		return ret;
	if (kb_report_build(&r, doc, o->files, base) ||
	    render(&r, o->csv, &text, &len)) {
		fprintf(stderr, WHO ": out of memory\n");
		ret = KB_EXIT_ERROR;
	} else {
		ret = write_out(o->out, text, len);
	}
	free(text);
	kb_report_free(&r);
	return ret;
}

/**
 * kb_report_main() - run `kaesbench report`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: 0 when the report was written, 1 when it could not be, 2 for bad
 * usage or a file that is no saved run (nothing written then).
 */
int kb_report_main(int argc, char *argv[])
{
	struct report_opts o;
	struct kb_saved *doc;
	size_t i;
	int ret;

	ret = parse(argc, argv, &o);
	if (ret || o.help) {
		if (o.help)
			usage(stdout);
		return ret;
	}
	doc = calloc(o.files, sizeof(*doc));
	if (!doc) {
		fprintf(stderr, WHO ": out of memory\n");
		return KB_EXIT_ERROR;
	}
	ret = report(&o, doc);
	for (i = 0; i < o.files; i++)
		kb_saved_free(&doc[i]);
	free(doc);
	return ret;
}
