// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The table of document kinds, and reading a document as the kind of the
 * table its list says (output/saved.c): the run documents' first, so that
 * a document without another kind's list is read as a run document.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "documents/kinds.h"
#include "ipsec/esp_doc.h"
#include "ovpn/ovpn_doc.h"
#include "runs/run_kind.h"
#include "tls/tls_doc.h"

const struct kb_doc_kind *const kb_doc_kinds[] = {
	&kb_run_doc_kind,
	&kb_esp_doc_kind,
	&kb_ovpn_doc_kind,
	&kb_tls_doc_kind,
	NULL,
};

/**
 * kb_doc_kind_named() - a kind by its name
 * @name: "run", "ipsec" ...
 *
 * Return: the kind, or NULL.
 */
const struct kb_doc_kind *kb_doc_kind_named(const char *name)
{
	size_t i;

	for (i = 0; kb_doc_kinds[i]; i++)
		if (!strcmp(kb_doc_kinds[i]->name, name))
			return kb_doc_kinds[i];
	return NULL;
}

/**
 * kb_saved_parse_as() - read a document of the kinds a reader takes
 * @doc: filled in, its kind said by @doc->kind; kb_saved_free() it
 *	 whatever the result
 * @name: the document's name in messages, kept: a file name
 * @text: the document
 * @len: its length
 * @only: the kind taken, or NULL: any kind of the table
 * @err: set to what is wrong, naming @name, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for anything but a well-formed document of a kind
 * taken and a supported schema (another kind is named), or -ENOMEM.
 */
int kb_saved_parse_as(struct kb_saved *doc, const char *name, const char *text,
		      size_t len, const struct kb_doc_kind *only, char *err,
		      size_t errlen)
{
	return kb_saved_parse_kinds(doc, name, text, len, kb_doc_kinds, only,
				    err, errlen);
}

/**
 * kb_saved_parse() - read a run document from memory
 * @doc: filled in; kb_saved_free() it whatever the result
 * @name: the document's name in messages, kept: a file name
 * @text: the document
 * @len: its length
 * @err: set to what is wrong, naming @name, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for anything but a well-formed run document of a
 * supported schema, or -ENOMEM.
 */
int kb_saved_parse(struct kb_saved *doc, const char *name, const char *text,
		   size_t len, char *err, size_t errlen)
{
	return kb_saved_parse_as(doc, name, text, len, &kb_run_doc_kind, err,
				 errlen);
}

/**
 * kb_saved_load_as() - read a document of the kinds a reader takes
 * @doc: filled in; kb_saved_free() it whatever the result
 * @file: the file, kept as the document's name
 * @only: the kind taken, or NULL: any kind of the table
 * @err: set to what is wrong, naming @file, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for a file that is no document of a kind taken and
 * a supported schema, or a negative errno from reading it.
 */
int kb_saved_load_as(struct kb_saved *doc, const char *file,
		     const struct kb_doc_kind *only, char *err, size_t errlen)
{
	char *text = NULL;
	size_t len = 0;
	int ret;

	memset(doc, 0, sizeof(*doc));
	doc->name = file;
	ret = kb_saved_slurp(file, &text, &len, err, errlen);
	if (ret)
		return ret;
	ret = kb_saved_parse_as(doc, file, text, len, only, err, errlen);
	free(text);
	return ret;
}

/**
 * kb_saved_load() - read a run document from a file
 * @doc: filled in; kb_saved_free() it whatever the result
 * @file: the file, kept as the document's name
 * @err: set to what is wrong, naming @file, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for a file that is no run document of a supported
 * schema, or a negative errno from reading it.
 */
int kb_saved_load(struct kb_saved *doc, const char *file, char *err,
		  size_t errlen)
{
	return kb_saved_load_as(doc, file, &kb_run_doc_kind, err, errlen);
}
