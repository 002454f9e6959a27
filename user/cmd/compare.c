// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench compare OLD.json NEW.json`: for CI gates, the exit status
 * says whether there is a significant regression (1) or not (0); 2 when
 * no comparison could be made (bad input, or no row in both files), so
 * that a broken input never passes as "no regression". Two run documents
 * or two ipsec documents; never one of each, whose rows measure different
 * things.
 */

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/compare.h"
#include "base/options.h"
#include "output/compare_ipsec_report.h"
#include "output/compare_report.h"
#include "output/saved_results.h"

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
	fprintf(f,
		"Usage: kaesbench compare [--threshold PCT] [--alpha A] [--json] OLD.json NEW.json\n"
		"\n"
		"Compare two saved runs (kaesbench run --json, or the sweep's), row by row:\n"
		"implementation, path, key length, direction, depth and buffer size; or two\n"
		"saved kaesbench ipsec --json: transform, key length, mode, implementation\n"
		"and packet size.\n"
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

static int load(struct kb_saved *old, struct kb_saved *new,
		const struct compare_opts *o)
{
	const unsigned int kinds = KB_SAVED_RUNS | KB_SAVED_IPSEC;
	char err[512], a[256], b[256];

	if (kb_saved_load_as(old, o->old, kinds, err, sizeof(err)) ||
	    kb_saved_load_as(new, o->new, kinds, err, sizeof(err))) {
		fprintf(stderr, WHO ": %s\n", err);
		return KB_EXIT_USAGE;
	}
	if (old->kind != new->kind) {
		fprintf(stderr,
			WHO
			": OLD (%s) is %s, NEW (%s) %s: compare takes two of a kind\n",
			old->name, kb_saved_kind_name(old), new->name,
			kb_saved_kind_name(new));
		return KB_EXIT_USAGE;
	}
	if (old->kind == KB_SAVED_IPSEC &&
	    !kb_ipsec_cmp_common_transform(old, new)) {
		fprintf(stderr,
			WHO
			": different transforms: OLD (%s) has %s, NEW (%s) has %s\n",
			old->name, old->ipsec[0].key.transform, new->name,
			new->ipsec[0].key.transform);
		return KB_EXIT_USAGE;
	}
	if (old->kind == KB_SAVED_RUNS && !kb_cmp_common_algorithm(old, new)) {
		fprintf(stderr,
			WHO
			": different algorithms: OLD (%s) has %s, NEW (%s) has %s\n",
			old->name, algorithms(old, a, sizeof(a)), new->name,
			algorithms(new, b, sizeof(b)));
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

static int compare_ipsec(const struct kb_saved *old, const struct kb_saved *new,
			 const struct compare_opts *o)
{
	struct kb_ipsec_cmp c = { 0 };
	int ret;

	if (kb_ipsec_compare(old, new, &o->cmp, &c) ||
	    (o->json ? kb_print_ipsec_compare_json(stdout, old, new, &o->cmp,
						   &c) :
		       kb_print_ipsec_compare(stdout, old, new, &o->cmp, &c))) {
		fprintf(stderr, WHO ": out of memory\n");
		ret = KB_EXIT_USAGE;
	} else {
		ret = written(
			kb_ipsec_cmp_compared(&c), kb_ipsec_cmp_failed(&c),
			"transform, key bits, mode, driver and packet size");
	}
	kb_ipsec_cmp_free(&c);
	return ret;
}

/* The rows that are in both files. */
static size_t compared(const struct kb_cmp *c)
{
	return c->count - c->verdicts[KB_V_ONLY_OLD] -
	       c->verdicts[KB_V_ONLY_NEW];
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
	struct compare_opts o;
	struct kb_cmp c = { 0 };
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
	if (old.kind == KB_SAVED_IPSEC) {
		ret = compare_ipsec(&old, &new, &o);
		goto out;
	}
	if (kb_compare(&old, &new, &o.cmp, &c) ||
	    (o.json ? kb_print_compare_json(stdout, &old, &new, &o.cmp, &c) :
		      kb_print_compare(stdout, &old, &new, &o.cmp, &c))) {
		fprintf(stderr, WHO ": out of memory\n");
		ret = KB_EXIT_USAGE;
	} else {
		ret = written(
			compared(&c), c.verdicts[KB_V_REGRESSION],
			"path, driver, key bits, direction, depth and size");
	}
out:
	kb_cmp_free(&c);
	kb_saved_free(&old);
	kb_saved_free(&new);
	return ret;
}
