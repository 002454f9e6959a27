// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The list is checked against the online CPUs before anything starts, so
 * that a typo is a message rather than a run on the wrong CPUs; the kernel
 * checks again, since CPUs may go offline in between.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/cpus.h"
#include "base/options.h"

/* Highest CPU number a list may name: far above any machine's. */
#define CPU_LIMIT 65535

/* One "N" or "N-M" of a list; *end past it. */
static int range(const char *s, char **end, unsigned long *lo,
		 unsigned long *hi)
{
	if (*s < '0' || *s > '9')
		return -EINVAL;
	*lo = strtoul(s, end, 10);
	*hi = *lo;
	if (**end == '-') {
		s = *end + 1;
		if (*s < '0' || *s > '9')
			return -EINVAL;
		*hi = strtoul(s, end, 10);
	}
	return *lo <= *hi && *hi <= CPU_LIMIT ? 0 : -EINVAL;
}

/* Calls @fn for every CPU of @list. */
static int walk(const char *list, int (*fn)(unsigned long cpu, void *data),
		void *data)
{
	unsigned long lo, hi, cpu;
	const char *s = list;
	char *end;
	int ret;

	for (;;) {
		if (range(s, &end, &lo, &hi))
			return -EINVAL;
		for (cpu = lo; cpu <= hi; cpu++) {
			ret = fn(cpu, data);
			if (ret)
				return ret;
		}
		if (*end == '\n' && !end[1])
			end++;
		if (!*end)
			return 0;
		if (*end != ',')
			return -EINVAL;
		s = end + 1;
	}
}

struct member {
	unsigned long cpu;
	bool found;
};

static int is_cpu(unsigned long cpu, void *data)
{
	struct member *m = data;

	if (cpu == m->cpu)
		m->found = true;
	return 0;
}

struct adding {
	struct kb_cpus *cpus;
	const char *online;
	unsigned long bad;
};

static int add(unsigned long cpu, void *data)
{
	struct adding *a = data;
	struct member m = { .cpu = cpu };
	size_t i;

	a->bad = cpu;
	walk(a->online, is_cpu, &m);
	if (!m.found)
		return -ENOENT;
	for (i = 0; i < a->cpus->count; i++)
		if (a->cpus->cpu[i] == cpu)
			return -EEXIST;
	if (a->cpus->count == KAESBENCH_MAX_CPUS)
		return -E2BIG;
	a->cpus->cpu[a->cpus->count++] = cpu;
	return 0;
}

/**
 * kb_cpus_parse() - read a --cpus argument
 * @arg: "all", or a list such as "0-3,8"
 * @online: the online CPUs, as the kernel lists them
 * @cpus: filled in, in the order given
 * @why: set to what is wrong, on failure
 * @len: size of @why
 *
 * Return: 0, or -EINVAL with @why set.
 */
int kb_cpus_parse(const char *arg, const char *online, struct kb_cpus *cpus,
		  char *why, size_t len)
{
	struct adding a = { .cpus = cpus, .online = online };
	int ret;

	cpus->count = 0;
	if (walk(online, is_cpu, &(struct member){ 0 })) {
		snprintf(why, len, "cannot read the online CPUs (\"%s\")",
			 online);
		return -EINVAL;
	}
	ret = walk(strcmp(arg, "all") ? arg : online, add, &a);
	switch (ret) {
	case 0:
		return 0;
	case -ENOENT:
		snprintf(why, len,
			 "CPU %lu is offline or does not exist (online: %.*s)",
			 a.bad, (int)strcspn(online, "\n"), online);
		break;
	case -EEXIST:
		snprintf(why, len, "CPU %lu is listed twice", a.bad);
		break;
	case -E2BIG:
		snprintf(why, len, "more than %d CPUs", KAESBENCH_MAX_CPUS);
		break;
	default:
		snprintf(why, len,
			 "\"%s\" is not a CPU list such as 0-3,8 or all", arg);
		break;
	}
	cpus->count = 0;
	return -EINVAL;
}

/**
 * kb_cpus_read_online() - the online CPUs, as the kernel lists them
 * @path: KB_CPUS_ONLINE, or a file like it
 * @buf: filled with the list
 * @len: size of @buf
 *
 * Return: 0, or a negative errno.
 */
int kb_cpus_read_online(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int ret = 0;

	if (!f)
		return -errno;
	if (!fgets(buf, len, f))
		ret = -EIO;
	fclose(f);
	return ret;
}

/**
 * kb_cpus_option() - read a --cpus argument against this machine's CPUs
 * @who: the command, for messages ("kaesbench run")
 * @arg: the argument
 * @cpus: filled in
 *
 * Return: KB_EXIT_OK; KB_EXIT_USAGE for a bad list (said on stderr,
 * naming the option); KB_EXIT_ERROR when the online CPUs cannot be read.
 */
int kb_cpus_option(const char *who, const char *arg, struct kb_cpus *cpus)
{
	char online[4096], why[256];
	int err;

	err = kb_cpus_read_online(KB_CPUS_ONLINE, online, sizeof(online));
	if (err) {
		fprintf(stderr, "%s: --cpus: cannot read %s: %s\n", who,
			KB_CPUS_ONLINE, strerror(-err));
		return KB_EXIT_ERROR;
	}
	if (kb_cpus_parse(arg, online, cpus, why, sizeof(why))) {
		fprintf(stderr, "%s: --cpus: %s\n", who, why);
		return KB_EXIT_USAGE;
	}
	return KB_EXIT_OK;
}

/**
 * kb_cpus_format() - a CPU list as Linux writes it
 * @cpus: the list, in any order
 * @buf: where to write
 * @len: size of @buf
 *
 * Consecutive CPUs, in the order given, become a range: {0, 1, 2, 8} is
 * "0-2,8". A list that does not fit ends with "...".
 *
 * Return: @buf.
 */
char *kb_cpus_format(const struct kb_cpus *cpus, char *buf, size_t len)
{
	size_t i = 0, j, n = 0;

	if (len)
		buf[0] = '\0';
	while (i < cpus->count && n < len) {
		for (j = i; j + 1 < cpus->count &&
			    cpus->cpu[j + 1] == cpus->cpu[j] + 1;
		     j++)
			;
		n += snprintf(buf + n, len - n, "%s%" PRIu32, i ? "," : "",
			      cpus->cpu[i]);
		if (j > i && n < len)
			n += snprintf(buf + n, len - n, "-%" PRIu32,
				      cpus->cpu[j]);
		i = j + 1;
	}
	if (n >= len && len > 4)
		strcpy(buf + len - 4, "...");
	return buf;
}
