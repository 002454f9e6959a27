// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The paths' names, --paths, and the sizes a userspace path takes.
 */

#define _GNU_SOURCE /* asprintf() */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/paths.h"

static const struct {
	const char *name; /* in --json */
	const char *label; /* in tables */
} paths[KB_PATH_COUNT] = {
	[KB_PATH_KERNEL] = { "kernel", "kernel" },
	[KB_PATH_AFALG_SENDMSG] = { "afalg-sendmsg", "AF_ALG copy" },
	[KB_PATH_AFALG_VMSPLICE] = { "afalg-vmsplice", "AF_ALG 0-copy" },
	[KB_PATH_OPENSSL] = { "openssl", "OpenSSL" },
};

/**
 * kb_path_name() - a path's name in the JSON output
 * @path: the path
 *
 * Return: "kernel", "afalg-sendmsg", "afalg-vmsplice" or "openssl".
 */
const char *kb_path_name(enum kb_call_path path)
{
	return path < KB_PATH_COUNT ? paths[path].name : "unknown";
}

/**
 * kb_path_label() - a path's column heading
 * @path: the path
 *
 * Return: such as "AF_ALG copy".
 */
const char *kb_path_label(enum kb_call_path path)
{
	return path < KB_PATH_COUNT ? paths[path].label : "unknown";
}

/**
 * kb_paths_parse() - parse the argument of --paths
 * @s: comma-separated words among kernel, afalg and openssl
 * @paths: set to the bits of the paths named (afalg names both AF_ALG
 *	   paths), only on success
 *
 * Return: 0, or -EINVAL for an empty list, an empty or unknown word.
 */
int kb_paths_parse(const char *s, unsigned int *paths)
{
	static const struct {
		const char *word;
		unsigned int bits;
	} words[] = {
		{ "kernel", KB_PATHS_KERNEL },
		{ "afalg", KB_PATHS_AFALG },
		{ "openssl", KB_PATHS_OPENSSL },
	};
	unsigned int bits = 0;
	size_t i, len;

	for (;;) {
		len = strcspn(s, ",");
		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (len == strlen(words[i].word) &&
			    !strncmp(s, words[i].word, len))
				break;
		if (i == sizeof(words) / sizeof(words[0]))
			return -EINVAL;
		bits |= words[i].bits;
		if (!s[len])
			break;
		s += len + 1;
	}
	*paths = bits;
	return 0;
}

/**
 * kb_path_size_fits() - whether a userspace path takes a size for @alg
 * @alg: the kernel algorithm name
 * @size: bytes per request
 *
 * The kernel's rule for the modes measured: ECB (the single-block aes
 * row) and CBC need whole blocks; XTS at least one block; CTR and GCM
 * take any size.
 *
 * Return: true if @size can be measured.
 */
bool kb_path_size_fits(const char *alg, uint32_t size)
{
	if (!strcmp(alg, "aes") || !strncmp(alg, "cbc(", 4) ||
	    !strncmp(alg, "ecb(", 4))
		return size && size % 16 == 0;
	if (!strncmp(alg, "xts(", 4))
		return size >= 16;
	return size > 0;
}

/**
 * kb_run_unavailable() - mark a run as not possible on this machine
 * @run: the run
 * @err: the positive errno behind it, or 0
 * @fmt: why, printf-style
 */
void kb_run_unavailable(struct kb_run *run, int err, const char *fmt, ...)
{
	va_list ap;

	run->state = KB_RUN_UNAVAILABLE;
	run->status = -err;
	free(run->message);
	va_start(ap, fmt);
	if (vasprintf(&run->message, fmt, ap) < 0)
		run->message = NULL;
	va_end(ap);
}
