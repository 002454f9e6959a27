// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench list`: the AES implementations the crypto API has registered.
 */

#include <getopt.h>
#include <stdio.h>

#include "output/environment.h"
#include "cmd/list.h"
#include "doctor/paths_facts.h"
#include "netlink/kaesbench_genl.h"
#include "kernel/impls.h"
#include "base/options.h"
#include "output/impl_list.h"

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: kaesbench list [--json | --dump]\n"
		"\n"
		"List the AES implementations registered with the kernel crypto API.\n"
		"\n"
		"  -j, --json    print JSON\n"
		"  -d, --dump    print tab-separated lines for scripts\n"
		"  -h, --help    print this help\n");
}

/**
 * kb_list_parse() - parse the arguments of `kaesbench list`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 * @opts: filled in
 *
 * Prints the usage to stderr on a usage error. With --help, sets
 * @opts->help and leaves printing to the caller.
 *
 * Return: KB_EXIT_OK to go on, or KB_EXIT_USAGE.
 */
int kb_list_parse(int argc, char *argv[], struct kb_list_opts *opts)
{
	static const struct option long_opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "dump", no_argument, NULL, 'd' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	bool json = false, dump = false;
	int c;

	*opts = (struct kb_list_opts){ .format = KB_LIST_PEOPLE };
	/* 0, not 1: fully resets getopt, which may have run before. */
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+jdh", long_opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = true;
			break;
		case 'd':
			dump = true;
			break;
		case 'h':
			opts->help = true;
			return KB_EXIT_OK;
		default:
			kb_bad_option("kaesbench list", argv);
			usage(stderr);
			return KB_EXIT_USAGE;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "kaesbench list: unexpected argument \"%s\"\n",
			argv[optind]);
		usage(stderr);
		return KB_EXIT_USAGE;
	}
	if (json && dump) {
		fprintf(stderr,
			"kaesbench list: --json and --dump exclude each other\n");
		usage(stderr);
		return KB_EXIT_USAGE;
	}
	opts->format = json ? KB_LIST_JSON :
		       dump ? KB_LIST_DUMP :
			      KB_LIST_PEOPLE;
	return KB_EXIT_OK;
}

/**
 * kb_list_main() - run `kaesbench list`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: an exit status.
 */
int kb_list_main(int argc, char *argv[])
{
	struct kb_impl_list list = { 0 };
	struct kb_doc_paths_state paths;
	struct kb_list_opts opts;
	struct kb_genl g;
	int ret;

	ret = kb_list_parse(argc, argv, &opts);
	if (ret)
		return ret;
	if (opts.help) {
		usage(stdout);
		return KB_EXIT_OK;
	}
	ret = kb_genl_open(&g) || kb_get_impls(&g, &list);
	kb_genl_close(&g);
	if (!ret) {
		switch (opts.format) {
		case KB_LIST_PEOPLE:
			ret = kb_print_people(stdout, &list);
			if (!ret) {
				kb_doc_paths_here(&paths);
				kb_doc_paths_print(stdout, &paths);
			}
			break;
		case KB_LIST_DUMP:
			kb_print_dump(stdout, &list);
			break;
		case KB_LIST_JSON:
			kb_doc_paths_here(&paths);
			ret = kb_print_json(stdout, &list,
					    kb_env_json_here(&list),
					    kb_doc_paths_json(&paths));
			break;
		}
		if (ret)
			perror("kaesbench");
	}
	kb_impl_list_free(&list);
	if (!ret && (fflush(stdout) || ferror(stdout))) {
		perror("kaesbench: writing the list");
		ret = 1;
	}
	return ret ? KB_EXIT_ERROR : KB_EXIT_OK;
}
