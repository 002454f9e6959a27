// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Without the kaesbench module, /proc/crypto still lists the AES
 * implementations, but not which one a user gets: the doctor infers it as
 * the crypto API's lookup does, the highest priority among the tested,
 * non-internal implementations of the name, the most recently registered
 * (listed first) on a tie. The module's answer is exact; this one misses
 * what only allocating shows (a SIMD wrapper falling back, for instance).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "doctor/engine.h"
#include "doctor/proc_crypto.h"

/* The value of a "key : value" line, trimmed, into @buf. */
static bool value(const char *line, size_t len, const char *key, char *buf,
		  size_t size)
{
	size_t kl = strlen(key), n;
	const char *colon = memchr(line, ':', len), *v;

	if (!colon || strncmp(line, key, kl) ||
	    strspn(line + kl, " \t") != (size_t)(colon - line) - kl)
		return false;
	v = colon + 1 + strspn(colon + 1, " \t");
	n = line + len - v;
	while (n && (v[n - 1] == ' ' || v[n - 1] == '\t'))
		n--;
	if (n >= size)
		n = size - 1;
	memcpy(buf, v, n);
	buf[n] = '\0';
	return true;
}

static int type_of(const char *s, uint32_t *type)
{
	static const struct {
		const char *word;
		uint32_t type;
	} types[] = {
		{ "cipher", KAESBENCH_IMPL_TYPE_CIPHER },
		{ "skcipher", KAESBENCH_IMPL_TYPE_SKCIPHER },
		{ "lskcipher", KAESBENCH_IMPL_TYPE_LSKCIPHER },
		{ "aead", KAESBENCH_IMPL_TYPE_AEAD },
	};
	size_t i;

	for (i = 0; i < sizeof(types) / sizeof(*types); i++)
		if (!strcmp(s, types[i].word)) {
			*type = types[i].type;
			return 0;
		}
	return -1;
}

/* One entry's fields, as far as the doctor needs them. */
struct entry {
	char name[128];
	char driver[128];
	char module[64];
	char type[16];
	uint32_t priority;
	uint32_t flags;
};

static void entry_line(struct entry *e, const char *line, size_t len)
{
	char v[16];

	if (value(line, len, "name", e->name, sizeof(e->name)) ||
	    value(line, len, "driver", e->driver, sizeof(e->driver)) ||
	    value(line, len, "module", e->module, sizeof(e->module)) ||
	    value(line, len, "type", e->type, sizeof(e->type)))
		return;
	if (value(line, len, "priority", v, sizeof(v)))
		e->priority = strtoul(v, NULL, 10);
	else if (value(line, len, "selftest", v, sizeof(v)) &&
		 !strcmp(v, "passed"))
		e->flags |= KAESBENCH_IMPL_F_TESTED;
	else if (value(line, len, "internal", v, sizeof(v)) &&
		 !strcmp(v, "yes"))
		e->flags |= KAESBENCH_IMPL_F_INTERNAL;
	else if (value(line, len, "async", v, sizeof(v)) && !strcmp(v, "yes"))
		e->flags |= KAESBENCH_IMPL_F_ASYNC;
}

static int append(struct kb_impl_list *list, const struct entry *e)
{
	struct kb_impl *impl;
	uint32_t type;

	if (!e->name[0] || !e->driver[0] || !kb_doc_aes_name(e->name) ||
	    type_of(e->type, &type))
		return 0;
	if (list->count == list->alloc) {
		size_t alloc = list->alloc ? 2 * list->alloc : 32;

		impl = reallocarray(list->impl, alloc, sizeof(*impl));
		if (!impl)
			return -ENOMEM;
		list->impl = impl;
		list->alloc = alloc;
	}
	impl = &list->impl[list->count];
	memset(impl, 0, sizeof(*impl));
	impl->alg_name = strdup(e->name);
	impl->driver_name = strdup(e->driver);
	impl->module = e->module[0] ? strdup(e->module) : NULL;
	list->count++;
	if (!impl->alg_name || !impl->driver_name ||
	    (e->module[0] && !impl->module))
		return -ENOMEM;
	impl->priority = e->priority;
	impl->type = type;
	impl->flags = e->flags;
	impl->present = 1U << KAESBENCH_IMPL_A_ALG_NAME |
			1U << KAESBENCH_IMPL_A_DRIVER_NAME |
			1U << KAESBENCH_IMPL_A_PRIORITY |
			1U << KAESBENCH_IMPL_A_TYPE |
			1U << KAESBENCH_IMPL_A_FLAGS;
	return 0;
}

/* What a lookup of each name would return, flagged selected. */
static void select_by_priority(struct kb_impl_list *list)
{
	struct kb_impl *a, *best;
	size_t i, j;

	for (i = 0; i < list->count; i++) {
		best = NULL;
		for (j = 0; j < list->count; j++) {
			a = &list->impl[j];
			if (strcmp(a->alg_name, list->impl[i].alg_name) ||
			    (a->flags & KAESBENCH_IMPL_F_INTERNAL) ||
			    !(a->flags & KAESBENCH_IMPL_F_TESTED))
				continue;
			if (!best || a->priority > best->priority)
				best = a;
		}
		if (best)
			best->flags |= KAESBENCH_IMPL_F_SELECTED;
	}
}

/**
 * kb_doc_proc_crypto_parse() - the AES implementations in /proc/crypto
 * @text: the file's text
 * @list: appended to, with the selection flag inferred (see above);
 *	  free it with kb_impl_list_free() whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_doc_proc_crypto_parse(const char *text, struct kb_impl_list *list)
{
	struct entry e = { 0 };
	size_t len;

	for (;;) {
		len = strcspn(text, "\n");
		if (!len) {
			if (append(list, &e))
				return -ENOMEM;
			memset(&e, 0, sizeof(e));
		} else {
			entry_line(&e, text, len);
		}
		if (!text[len])
			break;
		text += len + 1;
	}
	if (append(list, &e))
		return -ENOMEM;
	select_by_priority(list);
	return 0;
}
