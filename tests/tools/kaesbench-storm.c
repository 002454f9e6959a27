// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test tool: storms of stops, unloads and concurrent clients against the
 * kaesbench module, each with its own bound on every wait.
 *
 * usage: kaesbench-storm stop   -n COUNT -d SPECS [-m METHODS] [-b MS]
 *                               [-T TOOL] [-s SEED]
 *        kaesbench-storm unload -n COUNT -d SPECS -k MODULE [-s SEED]
 *        kaesbench-storm cycle  -n COUNT -k MODULE
 *        kaesbench-storm hammer -c CLIENTS -t SECONDS -d SPECS [-s SEED]
 *
 *   SPECS    DRIVER[:DEPTH],...  implementations, taken in turn or at random
 *   METHODS  of c (cancel), x (close the socket), i (SIGINT to the tool),
 *            k (SIGKILL to the tool); default cxik
 *   -b MS    the longest a stop may take until the next run can start
 *            (default 1000)
 *   -T TOOL  the kaesbench tool (default: kaesbench on PATH)
 *   -k MODULE  path of kaesbench.ko
 *
 * See storm-stop.c, storm-module.c and storm-hammer.c for what each mode
 * does. Prints one summary line per mode (and per method or client);
 * exit 0 when everything behaved, 1 otherwise, 2 on usage errors.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "storm.h"

static int usage(void)
{
	fprintf(stderr,
		"usage: kaesbench-storm stop -n COUNT -d SPECS [-m METHODS] [-b MS] [-T TOOL] [-s SEED]\n"
		"       kaesbench-storm unload -n COUNT -d SPECS -k MODULE [-s SEED]\n"
		"       kaesbench-storm cycle -n COUNT -k MODULE\n"
		"       kaesbench-storm hammer -c CLIENTS -t SECONDS -d SPECS [-s SEED]\n");
	return 2;
}

static int parse_specs(struct storm_opts *o, char *list)
{
	char *spec, *colon, *end;

	for (spec = strtok(list, ","); spec; spec = strtok(NULL, ",")) {
		if (o->nspecs == STORM_MAX_SPECS)
			return -1;
		o->spec[o->nspecs].depth = 1;
		colon = strchr(spec, ':');
		if (colon) {
			*colon = 0;
			o->spec[o->nspecs].depth = strtoul(colon + 1, &end, 10);
			if (*end || !o->spec[o->nspecs].depth)
				return -1;
		}
		o->spec[o->nspecs++].driver = spec;
	}
	return o->nspecs ? 0 : -1;
}

static unsigned long number(const char *s, bool *bad)
{
	char *end;
	unsigned long n = strtoul(s, &end, 0);

	if (*end || end == s)
		*bad = true;
	return n;
}

int main(int argc, char *argv[])
{
	struct storm_opts o = { .seed = time(NULL),
				.methods = "cxik",
				.tool = "kaesbench",
				.bound_ms = 1000,
				.clients = 8,
				.seconds = 10 };
	const char *mode;
	bool bad = false;
	int opt;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 2)
		return usage();
	mode = argv[1];
	optind = 2;
	while ((opt = getopt(argc, argv, "n:d:m:b:T:k:c:t:s:")) != -1) {
		switch (opt) {
		case 'n':
			o.count = number(optarg, &bad);
			break;
		case 'd':
			bad |= parse_specs(&o, optarg) != 0;
			break;
		case 'm':
			o.methods = optarg;
			bad |= !*optarg ||
			       strspn(optarg, "cxik") != strlen(optarg);
			break;
		case 'b':
			o.bound_ms = number(optarg, &bad);
			break;
		case 'T':
			o.tool = optarg;
			break;
		case 'k':
			o.module = optarg;
			break;
		case 'c':
			o.clients = number(optarg, &bad);
			break;
		case 't':
			o.seconds = number(optarg, &bad);
			break;
		case 's':
			o.seed = number(optarg, &bad);
			break;
		default:
			return usage();
		}
	}
	if (bad || optind != argc)
		return usage();
	printf("kaesbench-storm %s: seed %llu\n", mode,
	       (unsigned long long)o.seed);
	if (!strcmp(mode, "stop") && o.count && o.nspecs)
		return storm_stop(&o);
	if (!strcmp(mode, "unload") && o.count && o.nspecs && o.module)
		return storm_unload(&o);
	if (!strcmp(mode, "cycle") && o.count && o.module)
		return storm_cycle(&o);
	if (!strcmp(mode, "hammer") && o.clients && o.seconds && o.nspecs)
		return storm_hammer(&o);
	return usage();
}
