// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench compare OLD.json NEW.json`: for CI gates, the exit status
 * says whether there is a significant regression (1) or not (0); 2 when
 * no comparison could be made (bad input, or no row in both files), so
 * that a broken input never passes as "no regression". Two documents of
 * one kind (run, ipsec ...), compared by their kind's rule
 * (documents/kinds.c); never of two kinds, whose rows measure different
 * things.
 */

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/compare.h"
#include "base/options.h"
#include "documents/kinds.h"

#define WHO "kaesbench compare"

struct compare_opts {
	struct kb_cmp_opts cmp;
	bool json;
	bool help;
	const char *old;
	const char *new;
};

static void usage(FILE *f)
{
	size_t i;

	fprintf(f,
		"Usage: kaesbench compare [--threshold PCT] [--alpha A] [--json] OLD.json NEW.json\n"
		"\n"
		"Compare two saved runs (kaesbench run --json, or the sweep's), row by row:\n"
		"implementation, path, key length, direction, depth and buffer size; or two\n"
		"saved documents of another kind, by:\n");
	/* The kinds' own words (documents/kinds.c), the run's said above. */
	for (i = 0; kb_doc_kinds[i]; i++)
		if (strcmp(kb_doc_kinds[i]->name, "run"))
			fprintf(f, "  kaesbench %s --json: %s\n",
				kb_doc_kinds[i]->name,
				kb_doc_kinds[i]->keyed_by);
	fprintf(f,
		"\n"
		"      --threshold PCT     smallest change flagged, in percent (default %g)\n"
		"      --alpha A           significance level of each row's test (default %g;\n"
		"                          runs only)\n"
		"  -j, --json              print JSON\n"
		"  -h, --help              print this help\n"
		"\n"
		"Exit status: 0 no significant regression, 1 a significant regression (or an\n"
		"implementation valid in OLD and invalid in NEW), 2 no comparison (bad input\n"
		"or usage, documents of two kinds, or no row in both files).\n",
		KB_CMP_DEFAULT_THRESHOLD, KB_CMP_DEFAULT_ALPHA);
}

static int number(const char *opt, const char *arg, double min, double max,
		  bool min_open, double *v)
{
	char *end;

	*v = strtod(arg, &end);
	if (end == arg || *end || !isfinite(*v) || *v > max ||
	    (min_open ? *v <= min : *v < min)) {
		fprintf(stderr,
			WHO ": %s: \"%s\" is not a number in %s%g, %g]\n", opt,
			arg, min_open ? "(" : "[", min, max);
		return KB_EXIT_USAGE;
	}
	return KB_EXIT_OK;
}

enum { OPT_THRESHOLD = 256, OPT_ALPHA };

static int parse(int argc, char *argv[], struct compare_opts *o)
{
	static const struct option long_opts[] = {
		{ "threshold", required_argument, NULL, OPT_THRESHOLD },
		{ "alpha", required_argument, NULL, OPT_ALPHA },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c, ret = KB_EXIT_OK;

	*o = (struct compare_opts){
		.cmp = { KB_CMP_DEFAULT_THRESHOLD, KB_CMP_DEFAULT_ALPHA },
	};
	optind = 0;
	opterr = 0;
	while (!ret &&
	       (c = getopt_long(argc, argv, "+:jh", long_opts, NULL)) != -1) {
		if (c == OPT_THRESHOLD)
			ret = number("--threshold", optarg, 0, 1000, false,
				     &o->cmp.threshold);
		else if (c == OPT_ALPHA)
			ret = number("--alpha", optarg, 0, 1, true,
				     &o->cmp.alpha);
		else if (c == 'j')
			o->json = true;
		else if (c == 'h')
			o->help = true;
		else if (c == ':')
			fprintf(stderr, WHO ": %s needs a value\n",
				argv[optind - 1]);
		else
			kb_bad_option(WHO, argv);
		if (c == ':' || c == '?')
			ret = KB_EXIT_USAGE;
	}
	if (!ret && !o->help && argc - optind != 2) {
		fprintf(stderr,
			WHO ": give two files, OLD.json and NEW.json\n");
		ret = KB_EXIT_USAGE;
	}
	if (ret) {
		usage(stderr);
		return ret;
	}
	if (!o->help) {
		o->old = argv[optind];
		o->new = argv[optind + 1];
	}
	return KB_EXIT_OK;
}

static int load(struct kb_saved *old, struct kb_saved *new,
		const struct compare_opts *o)
{
	char err[512];

	if (kb_saved_load_as(old, o->old, NULL, err, sizeof(err)) ||
	    kb_saved_load_as(new, o->new, NULL, err, sizeof(err))) {
		fprintf(stderr, WHO ": %s\n", err);
		return KB_EXIT_USAGE;
	}
	if (old->kind != new->kind) {
		fprintf(stderr,
			WHO
			": OLD (%s) is %s %s document, NEW (%s) %s %s document: compare takes two of a kind\n",
			old->name, old->kind->an, old->kind->name, new->name,
			new->kind->an, new->kind->name);
		return KB_EXIT_USAGE;
	}
	if (!old->kind->comparable(old, new, err, sizeof(err))) {
		fprintf(stderr, WHO ": %s\n", err);
		return KB_EXIT_USAGE;
	}
	return KB_EXIT_OK;
}

/* After the listing: the exit status, and why when it is not 0 or 1. */
static int written(size_t compared, bool failed, const char *keyed_by)
{
	if (fflush(stdout) || ferror(stdout)) {
		perror(WHO ": writing the comparison");
		return KB_EXIT_USAGE;
	}
	if (!compared) {
		/* Else a CI gate would pass on files that measured other things. */
		fprintf(stderr,
			WHO
			": nothing compared: no row is in both files (rows are keyed by %s)\n",
			keyed_by);
		return KB_EXIT_USAGE;
	}
	return failed ? KB_EXIT_ERROR : KB_EXIT_OK;
}

/**
 * kb_compare_main() - run `kaesbench compare`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: 0 without a significant regression, 1 with one, 2 when no
 * comparison could be made.
 */
int kb_compare_main(int argc, char *argv[])
{
	struct kb_saved old = { 0 }, new = { 0 };
	struct kb_cmp_outcome out = { 0 };
	struct compare_opts o;
	int ret;

	ret = parse(argc, argv, &o);
	if (ret || o.help) {
		if (o.help)
			usage(stdout);
		return ret;
	}
	ret = load(&old, &new, &o);
	if (ret)
		goto out;
	/* The kind's rule: its rows, their verdicts, its table or JSON. */
	if (old.kind->compare(stdout, &old, &new, &o.cmp, o.json, &out)) {
		fprintf(stderr, WHO ": out of memory\n");
		ret = KB_EXIT_USAGE;
	} else {
		ret = written(out.compared, out.failed, old.kind->keyed_by);
	}
out:
	kb_saved_free(&old);
	kb_saved_free(&new);
	return ret;
}
