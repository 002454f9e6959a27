// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Loading libcrypto once, for every thread: the first caller dlopen()s it
 * and resolves every symbol, or records why it could not; later callers
 * get the same answer. The library is never unloaded: its pointers are
 * used until the process exits.
 */

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#include "userspace/libcrypto.h"

#define KB_LIBCRYPTO_DEFINE(sym) typeof(sym) *sym_##sym;
KB_LIBCRYPTO_SYMS(KB_LIBCRYPTO_DEFINE)
#undef KB_LIBCRYPTO_DEFINE

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool tried;
static int status;
static char error[512];

/* Every symbol, or none: a library missing one is no libcrypto we know. */
static int resolve(void *dl, const char *soname)
{
	void *p;

#define KB_LIBCRYPTO_RESOLVE(sym)                                              \
	p = dlsym(dl, #sym);                                                   \
	if (!p) {                                                              \
		snprintf(error, sizeof(error),                                 \
			 "%s cannot be loaded: it has no " #sym "()", soname); \
		return -1;                                                     \
	}                                                                      \
	sym_##sym = (typeof(sym) *)p;
	KB_LIBCRYPTO_SYMS(KB_LIBCRYPTO_RESOLVE)
#undef KB_LIBCRYPTO_RESOLVE
	return 0;
}

static void clear(void)
{
#define KB_LIBCRYPTO_CLEAR(sym) sym_##sym = NULL;
	KB_LIBCRYPTO_SYMS(KB_LIBCRYPTO_CLEAR)
#undef KB_LIBCRYPTO_CLEAR
}

/**
 * kb_libcrypto_load_from() - load a libcrypto, the first time only
 * @soname: the library to dlopen(); the tests name one that is missing
 *
 * Only the first call of the process loads anything; later ones, whatever
 * their @soname, return its result.
 *
 * Return: 0 with every sym_ pointer set, or -1 with all of them NULL and
 * kb_libcrypto_error() saying why.
 */
int kb_libcrypto_load_from(const char *soname)
{
	void *dl;
	int ret;

	pthread_mutex_lock(&lock);
	if (!tried) {
		tried = true;
		dl = dlopen(soname, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
		if (!dl) {
			snprintf(error, sizeof(error),
				 "%s cannot be loaded: %s", soname, dlerror());
			status = -1;
		} else if (resolve(dl, soname)) {
			clear();
			dlclose(dl);
			status = -1;
		}
	}
	ret = status;
	pthread_mutex_unlock(&lock);
	return ret;
}

/**
 * kb_libcrypto_load() - load libcrypto.so.3, the first time only
 *
 * Return: 0, or -1 with kb_libcrypto_error() saying why.
 */
int kb_libcrypto_load(void)
{
	return kb_libcrypto_load_from(KB_LIBCRYPTO_SONAME);
}

/**
 * kb_libcrypto_error() - why libcrypto could not be loaded
 *
 * Return: such as "libcrypto.so.3 cannot be loaded: libcrypto.so.3:
 * cannot open shared object file: No such file or directory", or NULL
 * when it was loaded or not yet tried.
 */
const char *kb_libcrypto_error(void)
{
	const char *why;

	pthread_mutex_lock(&lock);
	why = tried && status ? error : NULL;
	pthread_mutex_unlock(&lock);
	return why;
}
