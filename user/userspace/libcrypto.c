// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Loading libcrypto once, for every thread, with the loader of dl.h: the
 * first caller dlopen()s it and resolves every symbol, or records why it
 * could not; later callers get the same answer. The library is never
 * unloaded: its pointers are used until the process exits.
 */

#include "userspace/dl.h"
#include "userspace/libcrypto.h"

KB_LIBCRYPTO_SYMS(KB_DL_DEFINE)

static const struct kb_dl_sym syms[] = { KB_LIBCRYPTO_SYMS(KB_DL_SYM) };
static struct kb_dl dl = KB_DL_INIT(syms);

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
	return kb_dl_load(&dl, soname);
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
	return kb_dl_error(&dl);
}
