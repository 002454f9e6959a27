/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A library loaded when first needed rather than linked (libcrypto.h,
 * libssl.h): its functions are sym_ pointers typed from the library's
 * own headers, listed once in an X-macro that declares them, defines
 * them and names them in a symbol table. The first load of the process
 * dlopen()s the library and resolves every symbol, or records why it
 * could not; later loads, from any thread, get the same answer. The
 * library is never unloaded: its pointers are used until the process
 * exits.
 */
#ifndef KAESBENCH_USERSPACE_DL_H
#define KAESBENCH_USERSPACE_DL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

/* One function of the library: its name, and the sym_ pointer to set. */
struct kb_dl_sym {
	const char *name;
	void **slot;
};

/* A library's loader: its symbols, and the first load's answer. */
struct kb_dl {
	const struct kb_dl_sym *syms;
	size_t nsyms;
	pthread_mutex_t lock;
	bool tried;
	int status; /* 0 loaded, -1 not (@error says why) */
	char error[512];
};

/* For an X-macro of the library's functions: their sym_ pointers. */
#define KB_DL_DECLARE(sym) extern typeof(sym) *sym_##sym;
#define KB_DL_DEFINE(sym) typeof(sym) *sym_##sym;
/*
 * A row of the symbol table: the pointer is set through a void * as
 * POSIX's dlsym() shows, since ISO C converts no object pointer to a
 * function pointer.
 */
#define KB_DL_SYM(sym) { #sym, (void **)&sym_##sym },

/* A loader of the symbol table @table (an array), not yet tried. */
#define KB_DL_INIT(table)                                                     \
	{                                                                     \
		.syms = (table), .nsyms = sizeof(table) / sizeof((table)[0]), \
		.lock = PTHREAD_MUTEX_INITIALIZER                             \
	}

int kb_dl_load(struct kb_dl *d, const char *soname);
const char *kb_dl_error(struct kb_dl *d);

#endif /* KAESBENCH_USERSPACE_DL_H */
