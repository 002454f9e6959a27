// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench doctor [--json] [--quick]`: examines this machine and prints
 * the findings, for people or as JSON.
 */

#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "base/signals.h"
#include "output/environment.h"
#include "cmd/doctor.h"
#include "doctor/examine.h"
#include "doctor/report.h"
#include "bench/runner.h"
#include "base/options.h"
#include "output/json_document.h"

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: kaesbench doctor [--json] [--quick]\n"
		"\n"
		"Explain which AES implementation this machine really uses, and why\n"
		"not a faster one: findings with a stable id, a severity, evidence\n"
		"and a fix; and what an ESP SA made now gets, transform by transform\n"
		"(through crypto_user: a chain none is registered of is built, then\n"
		"removed). Exit status: 0 when nothing above \"info\" was found,\n"
		"1 otherwise, 2 on a usage error.\n"
		"\n"
		"As root, like every command, it first undoes what a kaesbench ipsec\n"
		"killed with its guard left changed (a priority raised, template\n"
		"instances registered: its record in /run/kaesbench), saying so.\n"
		"\n"
		"  -j, --json    print JSON\n"
		"  -q, --quick   static checks only: measure nothing\n"
		"  -h, --help    print this help\n");
}

/**
 * kb_doctor_parse() - parse the arguments of `kaesbench doctor`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 * @o: filled in
 *
 * Prints the usage to stderr on a usage error.
 *
 * Return: KB_EXIT_OK to go on, or KB_EXIT_USAGE.
 */
int kb_doctor_parse(int argc, char *argv[], struct kb_doc_opts *o)
{
	static const struct option long_opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "quick", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	int c;

	memset(o, 0, sizeof(*o));
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+jqh", long_opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			o->json = true;
			break;
		case 'q':
			o->quick = true;
			break;
		case 'h':
			o->help = true;
			return KB_EXIT_OK;
		default:
			kb_bad_option("kaesbench doctor", argv);
			usage(stderr);
			return KB_EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr,
			"kaesbench doctor: unexpected argument \"%s\"\n",
			argv[optind]);
		usage(stderr);
		return KB_EXIT_USAGE;
	}
	return KB_EXIT_OK;
}

static int print(const struct kb_doc_opts *o, const struct kb_doc_report *r)
{
	struct json_object *root, *doc;

	if (!o->json) {
		kb_doc_print(stdout, r);
		return 0;
	}
	root = kb_json_document_new(kb_env_json_here(NULL));
	doc = kb_doc_to_json(r);
	if (!root || !doc) {
		json_object_put(root);
		json_object_put(doc);
		return -1;
	}
	json_object_object_foreach(doc, key, val)
		json_object_object_add(root, key, json_object_get(val));
	json_object_put(doc);
	return kb_json_document_print(stdout, root);
}

/**
 * kb_doctor_main() - run `kaesbench doctor`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: 0 when nothing above "info" was found, 1 otherwise or on an
 * error, 2 on a usage error, 130 when interrupted.
 */
int kb_doctor_main(int argc, char *argv[])
{
	struct kb_doc_report r = { 0 };
	struct kb_doc_opts o;
	int ret;

	ret = kb_doctor_parse(argc, argv, &o);
	if (ret || o.help) {
		if (o.help)
			usage(stdout);
		return ret;
	}
	kb_doc_examine(&r, o.quick);
	if (!kb_interrupted() && print(&o, &r))
		fprintf(stderr, "kaesbench: out of memory\n");
	ret = kb_interrupted() ? KB_EXIT_INTERRUPTED : kb_doc_exit_status(&r);
	if (fflush(stdout) || ferror(stdout)) {
		perror("kaesbench: writing the findings");
		ret = KB_EXIT_ERROR;
	}
	kb_doc_report_free(&r);
	return ret;
}
