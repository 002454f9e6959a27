/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The modules that bring the AES instructions to the crypto API: their
 * state, and the parsers of the module indexes, modprobe's configuration
 * and the kernel command line that decide it.
 */
#ifndef KAESBENCH_DOCTOR_MODULES_H
#define KAESBENCH_DOCTOR_MODULES_H

#include <stdbool.h>
#include <stddef.h>

/* A module that brings the AES instructions to the crypto API. */
struct kb_doc_modstate {
	const char *name; /* aesni_intel, aes_ce_blk, aes_ce_cipher */
	const char *config; /* the kernel option building it */
	char release[65]; /* uname -r */
	int loaded; /* listed in /proc/modules: 1, 0, or -1 unknown */
	bool can_load; /* the kernel loads modules */
	bool builtin; /* modules.builtin lists it */
	bool index; /* modules.dep could be read */
	bool available; /* modules.dep lists it: there is a .ko to load */
	char blacklist[256]; /* where it is blacklisted, or "" */
};

/* How blacklist starts where the kernel command line blacklists it. */
#define KB_DOC_CMDLINE_BLACKLIST "kernel command line: "

bool kb_doc_modname_eq(const char *a, size_t alen, const char *b);
bool kb_doc_modlist_has(const char *text, const char *module);
int kb_doc_conf_blacklists(const char *text, const char *module, char *what,
			   size_t len);
bool kb_doc_cmdline_blacklists(const char *cmdline, const char *module,
			       char *what, size_t len);

#endif /* KAESBENCH_DOCTOR_MODULES_H */
