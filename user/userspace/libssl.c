// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Loading libssl once, for every thread, as libcrypto.c loads libcrypto:
 * the first caller dlopen()s it and resolves every symbol, or records
 * why it could not; later callers get the same answer. Never unloaded.
 */

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>

#include "userspace/libssl.h"

#define KB_LIBSSL_DEFINE(sym) typeof(sym) *sym_##sym;
KB_LIBSSL_SYMS(KB_LIBSSL_DEFINE)
#undef KB_LIBSSL_DEFINE

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool tried;
static int status;
static char error[512];

/* Every symbol, or none: a library missing one is no libssl we know. */
static int resolve(void *dl, const char *soname)
{
	void *p;

#define KB_LIBSSL_RESOLVE(sym)                                                 \
	p = dlsym(dl, #sym);                                                   \
	if (!p) {                                                              \
		snprintf(error, sizeof(error),                                 \
			 "%s cannot be loaded: it has no " #sym "()", soname); \
		return -1;                                                     \
	}                                                                      \
	sym_##sym = (typeof(sym) *)p;
	KB_LIBSSL_SYMS(KB_LIBSSL_RESOLVE)
#undef KB_LIBSSL_RESOLVE
	return 0;
}

static void clear(void)
{
#define KB_LIBSSL_CLEAR(sym) sym_##sym = NULL;
	KB_LIBSSL_SYMS(KB_LIBSSL_CLEAR)
#undef KB_LIBSSL_CLEAR
}

/**
 * kb_libssl_load_from() - load a libssl, the first time only
 * @soname: the library to dlopen(); the tests name one that is missing
 *
 * Only the first call of the process loads anything; later ones, whatever
 * their @soname, return its result.
 *
 * Return: 0 with every sym_ pointer set, or -1 with all of them NULL and
 * kb_libssl_error() saying why.
 */
int kb_libssl_load_from(const char *soname)
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
 * kb_libssl_load() - load libssl.so.3, the first time only
 *
 * Return: 0, or -1 with kb_libssl_error() saying why.
 */
int kb_libssl_load(void)
{
	return kb_libssl_load_from(KB_LIBSSL_SONAME);
}

/**
 * kb_libssl_error() - why libssl could not be loaded
 *
 * Return: such as "libssl.so.3 cannot be loaded: libssl.so.3: cannot
 * open shared object file: No such file or directory", or NULL when it
 * was loaded or not yet tried.
 */
const char *kb_libssl_error(void)
{
	const char *why;

	pthread_mutex_lock(&lock);
	why = tried && status ? error : NULL;
	pthread_mutex_unlock(&lock);
	return why;
}
