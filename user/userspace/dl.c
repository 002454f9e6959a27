// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Loading a library once, for every thread (dl.h): under the loader's
 * lock, the first caller dlopen()s it and sets every sym_ pointer of its
 * table, or none; later callers read the answer it left.
 */

#include <dlfcn.h>
#include <stdio.h>

#include "userspace/dl.h"

/* Every symbol, or none: a library missing one is not the one we know. */
static int resolve(struct kb_dl *d, void *dl, const char *soname)
{
	size_t i;
	void *p;

	for (i = 0; i < d->nsyms; i++) {
		p = dlsym(dl, d->syms[i].name);
		if (!p) {
			snprintf(d->error, sizeof(d->error),
				 "%s cannot be loaded: it has no %s()", soname,
				 d->syms[i].name);
			return -1;
		}
		*d->syms[i].slot = p;
	}
	return 0;
}

static void clear(struct kb_dl *d)
{
	size_t i;

	for (i = 0; i < d->nsyms; i++)
		*d->syms[i].slot = NULL;
}

/**
 * kb_dl_load() - load a library, the first time only
 * @d: its loader
 * @soname: the library to dlopen(); the tests name one that is missing
 *
 * Only the first call of the process for @d loads anything; later ones,
 * whatever their @soname, return its result.
 *
 * Return: 0 with every pointer of @d's table set, or -1 with all of them
 * NULL and kb_dl_error() saying why.
 */
int kb_dl_load(struct kb_dl *d, const char *soname)
{
	void *dl;
	int ret;

	pthread_mutex_lock(&d->lock);
	if (!d->tried) {
		d->tried = true;
		dl = dlopen(soname, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE);
		if (!dl) {
			snprintf(d->error, sizeof(d->error),
				 "%s cannot be loaded: %s", soname, dlerror());
			d->status = -1;
		} else if (resolve(d, dl, soname)) {
			clear(d);
			dlclose(dl);
			d->status = -1;
		}
	}
	ret = d->status;
	pthread_mutex_unlock(&d->lock);
	return ret;
}

/**
 * kb_dl_error() - why a library could not be loaded
 * @d: its loader
 *
 * Return: such as "libssl.so.3 cannot be loaded: libssl.so.3: cannot
 * open shared object file: No such file or directory", or "libc.so.6
 * cannot be loaded: it has no SSL_new()"; NULL when it was loaded or not
 * yet tried.
 */
const char *kb_dl_error(struct kb_dl *d)
{
	const char *why;

	pthread_mutex_lock(&d->lock);
	why = d->tried && d->status ? d->error : NULL;
	pthread_mutex_unlock(&d->lock);
	return why;
}
