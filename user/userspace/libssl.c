// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Loading libssl once, for every thread, with the loader of dl.h as
 * libcrypto.c loads libcrypto: the first caller dlopen()s it and
 * resolves every symbol, or records why it could not; later callers get
 * the same answer. Never unloaded.
 */

#include "userspace/dl.h"
#include "userspace/libssl.h"

KB_LIBSSL_SYMS(KB_DL_DEFINE)

static const struct kb_dl_sym syms[] = { KB_LIBSSL_SYMS(KB_DL_SYM) };
static struct kb_dl dl = KB_DL_INIT(syms);

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
	return kb_dl_load(&dl, soname);
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
	return kb_dl_error(&dl);
}
