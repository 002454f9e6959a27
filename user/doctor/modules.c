// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Reading what decides whether the AES-instruction modules are there: the
 * module indexes (modules.builtin, modules.dep), modprobe's configuration
 * and the kernel command line. Parsers only: facts.c reads the files.
 */

#define _GNU_SOURCE /* memmem() */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "doctor/modules.h"

/**
 * kb_doc_modname_eq() - compare module names as modprobe does
 * @a: a name, not necessarily terminated
 * @alen: its length
 * @b: a terminated name
 *
 * Return: true if equal with '-' and '_' taken as the same.
 */
bool kb_doc_modname_eq(const char *a, size_t alen, const char *b)
{
	size_t i;

	if (strlen(b) != alen)
		return false;
	for (i = 0; i < alen; i++)
		if (a[i] != b[i] && !(strchr("-_", a[i]) && strchr("-_", b[i])))
			return false;
	return true;
}

/**
 * kb_doc_modlist_has() - whether a module index lists a module
 * @text: modules.builtin ("kernel/arch/x86/crypto/aesni-intel.ko") or
 *	  modules.dep ("kernel/.../aesni-intel.ko.xz: deps...")
 * @module: the module name
 *
 * Return: true if a line's path names @module, compressed or not.
 */
bool kb_doc_modlist_has(const char *text, const char *module)
{
	const char *line = text, *base, *ko;
	size_t len;

	while (line && *line) {
		len = strcspn(line, ":\n");
		base = line;
		for (ko = line; ko < line + len; ko++)
			if (*ko == '/')
				base = ko + 1;
		ko = memmem(base, line + len - base, ".ko", 3);
		if (ko && kb_doc_modname_eq(base, ko - base, module))
			return true;
		line += strcspn(line, "\n");
		line += !!*line;
	}
	return false;
}

/* The next word of @s at or after *@pos, as a pointer and a length. */
static const char *word(const char *s, size_t end, size_t *pos, size_t *len)
{
	while (*pos < end && isspace((unsigned char)s[*pos]))
		(*pos)++;
	*len = 0;
	while (*pos + *len < end && !isspace((unsigned char)s[*pos + *len]))
		(*len)++;
	s += *pos;
	*pos += *len;
	return *len ? s : NULL;
}

/* "install M /bin/false" and its kin make loading M do nothing. */
static bool install_disables(const char *line, size_t end, size_t pos)
{
	static const char *const no_ops[] = { "/bin/false",    "/usr/bin/false",
					      "false",	       "/bin/true",
					      "/usr/bin/true", "true" };
	const char *w;
	size_t len, i;

	w = word(line, end, &pos, &len);
	for (i = 0; w && i < sizeof(no_ops) / sizeof(*no_ops); i++)
		if (len == strlen(no_ops[i]) && !strncmp(w, no_ops[i], len))
			return true;
	return false;
}

/**
 * kb_doc_conf_blacklists() - whether a modprobe.d file keeps a module out
 * @text: the file's text
 * @module: the module name
 * @what: set to the directive, such as "blacklist aesni_intel"
 * @len: size of @what
 *
 * "blacklist M" keeps M from being loaded by its aliases (the CPU feature
 * alias udev loads aesni_intel by at boot); "install M /bin/false" from
 * being loaded at all.
 *
 * Return: the line number of the first such directive, or 0.
 */
int kb_doc_conf_blacklists(const char *text, const char *module, char *what,
			   size_t len)
{
	const char *line = text, *w, *m;
	size_t end, pos, wl, ml;
	int n = 0;

	while (line && *line) {
		end = strcspn(line, "\n");
		n++;
		pos = 0;
		w = word(line, end, &pos, &wl);
		m = w ? word(line, end, &pos, &ml) : NULL;
		if (m && kb_doc_modname_eq(m, ml, module) &&
		    ((wl == 9 && !strncmp(w, "blacklist", 9)) ||
		     (wl == 7 && !strncmp(w, "install", 7) &&
		      install_disables(line, end, pos)))) {
			snprintf(what, len, "%.*s", (int)end, line);
			return n;
		}
		line += end + !!line[end];
	}
	return 0;
}

/**
 * kb_doc_cmdline_blacklists() - whether the kernel command line does
 * @cmdline: /proc/cmdline
 * @module: the module name
 * @what: set to the parameter, such as "module_blacklist=aesni_intel"
 * @len: size of @what
 *
 * module_blacklist= is the kernel's own (it refuses the module outright);
 * modprobe.blacklist= is modprobe's, as a blacklist directive.
 *
 * Return: true if either lists @module.
 */
bool kb_doc_cmdline_blacklists(const char *cmdline, const char *module,
			       char *what, size_t len)
{
	static const char *const params[] = { "module_blacklist=",
					      "modprobe.blacklist=" };
	size_t end = strlen(cmdline), pos = 0, wl, pl, i, n;
	const char *w, *list;

	while ((w = word(cmdline, end, &pos, &wl))) {
		if (wl == 2 && !strncmp(w, "--", 2))
			break; /* the rest is init's */
		for (i = 0; i < sizeof(params) / sizeof(*params); i++) {
			pl = strlen(params[i]);
			if (wl < pl || strncmp(w, params[i], pl))
				continue;
			for (list = w + pl; list < w + wl; list += n + 1) {
				n = strcspn(list, ", \t\n");
				if (list + n > w + wl)
					n = w + wl - list;
				if (kb_doc_modname_eq(list, n, module)) {
					snprintf(what, len, "%.*s", (int)wl, w);
					return true;
				}
			}
		}
	}
	return false;
}
