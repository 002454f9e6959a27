// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * libFuzzer harness: the option parsers on whatever a command line could
 * hold. The first byte picks the parser, the rest is its arguments, each
 * ended by a NUL byte: `run` and the sweep (numbers, sizes, CPU lists,
 * packet mixes, paths, output formats), `list`, `doctor` and `priority`.
 */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench/run_options.h"
#include "cmd/doctor.h"
#include "cmd/list.h"
#include "cmd/priority.h"

#define MAX_ARGS 64

static void parse(unsigned int which, int argc, char *argv[])
{
	struct kb_priority_opts prio;
	struct kb_run_opts run;
	struct kb_list_opts list;
	struct kb_doc_opts doc;

	switch (which % 5) {
	case 0:
	case 1:
		kb_run_parse(argc, argv, &run, which % 5);
		kb_run_opts_free(&run);
		break;
	case 2:
		kb_list_parse(argc, argv, &list);
		break;
	case 3:
		kb_doctor_parse(argc, argv, &doc);
		break;
	case 4:
		kb_priority_parse(argc, argv, &prio);
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "run", "sweep", "list", "doctor",
					     "priority" };
	char *argv[MAX_ARGS + 2], *text;
	size_t i, start;
	int argc = 1;

	if (!size)
		return 0;
	text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	argv[0] = (char *)names[data[0] % 5];
	/* The arguments between NULs; the last one ends at the input's end. */
	for (i = start = 0; i < size - 1 && argc <= MAX_ARGS; i++)
		if (!text[i]) {
			argv[argc++] = text + start;
			start = i + 1;
		}
	if (start < size - 1 && argc <= MAX_ARGS)
		argv[argc++] = text + start;
	argv[argc] = NULL;
	parse(data[0], argc, argv);
	free(text);
	return 0;
}
