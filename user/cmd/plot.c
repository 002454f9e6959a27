// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench plot -o FILE RUN.json`: a saved run document drawn by gnuplot.
 */

#include <getopt.h>
#include <stdio.h>

#include "cmd/plot.h"
#include "base/options.h"
#include "documents/kinds.h"
#include "runs/gnuplot.h"

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: kaesbench plot -o FILE.svg|FILE.png RUN.json\n"
		"\n"
		"Draw a saved run (kaesbench run --json, or the sweep's): MB/s against buffer\n"
		"size, one line per implementation and path, through gnuplot.\n"
		"\n"
		"  -o, --output FILE       the image: SVG or PNG, by its name\n"
		"  -h, --help              print this help\n");
}

/**
 * kb_plot_main() - run `kaesbench plot`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: an exit status: 2 for bad usage or a bad document.
 */
int kb_plot_main(int argc, char *argv[])
{
	static const struct option long_opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const char *who = "kaesbench plot", *out = NULL;
	struct kb_saved doc;
	char err[512];
	int c, ret;

	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:o:h", long_opts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return KB_EXIT_OK;
		}
		if (c == 'o') {
			out = optarg;
			continue;
		}
		if (c == ':')
			fprintf(stderr, "%s: %s needs a value\n", who,
				argv[optind - 1]);
		else
			kb_bad_option(who, argv);
		usage(stderr);
		return KB_EXIT_USAGE;
	}
	if (!out || argc - optind != 1) {
		fprintf(stderr, "%s: give -o FILE and one saved run\n", who);
		usage(stderr);
		return KB_EXIT_USAGE;
	}
	if (kb_saved_load(&doc, argv[optind], err, sizeof(err))) {
		fprintf(stderr, "%s: %s\n", who, err);
		kb_saved_free(&doc);
		return KB_EXIT_USAGE;
	}
	ret = kb_plot_check(who, out);
	if (!ret)
		ret = kb_plot_doc(who, &doc, out, NULL);
	kb_saved_free(&doc);
	return ret;
}
