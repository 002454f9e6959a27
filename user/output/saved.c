// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Reading a saved document back: one whole JSON value, its header and the
 * machine it came from, which every kind's has, and its one list, named
 * after its kind, which the kind's reader reads (output/doc_kind.h). Everything is
 * checked before use: these files travel between machines, get truncated
 * by a full disk or cut-and-pasted from a mailing list, and a wrong
 * verdict from a damaged file is worse than a refusal. Every refusal
 * names the file and what is wrong with it.
 *
 * A document without "schema_version" is read as schema 1: such documents
 * come from kaesbench 0.1.0 before the schema was versioned, whose runs
 * have exactly the fields read here (schema 1 only added others). A
 * "schema_version" other than 1 is refused: its fields may mean something
 * else.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/json_document.h"
#include "output/json_read.h"
#include "output/saved.h"

/* Far above any real document: a sweep of 1000 samples is a few MB. */
#define DOC_MAX_BYTES (256u << 20)

static unsigned int line_of(const char *text, size_t offset)
{
	unsigned int line = 1;
	size_t i;

	for (i = 0; i < offset; i++)
		line += text[i] == '\n';
	return line;
}

static bool blank(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!strchr(" \t\r\n", s[i]))
			return false;
	return true;
}

/* The whole text must be one JSON value, and a complete one. */
static int tokenize(struct kb_saved *doc, const char *text, size_t len,
		    char *err, size_t errlen)
{
	struct json_tokener *tok = json_tokener_new();
	enum json_tokener_error jerr;
	size_t end;

	if (!tok)
		return -ENOMEM;
	if (blank(text, len)) {
		json_tokener_free(tok);
		return kb_json_bad(err, errlen,
				   "%s: empty, not a kaesbench run document",
				   doc->name);
	}
	doc->root = json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (jerr == json_tokener_continue)
		return kb_json_bad(
			err, errlen,
			"%s: truncated JSON: the document stops after %zu bytes, before its end",
			doc->name, len);
	if (jerr != json_tokener_success)
		return kb_json_bad(err, errlen,
				   "%s: not valid JSON: %s at line %u",
				   doc->name, json_tokener_error_desc(jerr),
				   line_of(text, end));
	if (!blank(text + end, len - end))
		return kb_json_bad(
			err, errlen,
			"%s: not one JSON document: more data at line %u",
			doc->name, line_of(text, end));
	return 0;
}

/* A member that is an object, else NULL: the environment is read leniently. */
static struct json_object *object_member(struct json_object *o, const char *key)
{
	struct json_object *v = o ? kb_json_member(o, key) : NULL;

	return v && json_object_is_type(v, json_type_object) ? v : NULL;
}

static const char *env_string(struct json_object *o, const char *key)
{
	return o ? kb_json_string_or(o, key, NULL) : NULL;
}

/*
 * The machine the runs were made on, from "environment". Nothing in it
 * decides a figure, so a member of the wrong type reads as not recorded
 * rather than refusing the document.
 */
static void environment(struct kb_saved *doc)
{
	struct json_object *env = object_member(doc->root, "environment");
	struct json_object *kernel = object_member(env, "kernel");
	struct json_object *cpu = object_member(env, "cpu");
	int64_t cpus;

	doc->kernel_release = env_string(kernel, "release");
	doc->env.time = env_string(env, "time");
	doc->env.machine = env_string(kernel, "machine");
	doc->env.cpu_model = env_string(cpu, "model");
	if (cpu && kb_json_int(cpu, "cpus", 1, INT32_MAX, &cpus))
		doc->env.cpus = cpus;
	doc->env.virtualization =
		env_string(object_member(env, "virtualization"), "detected");
}

/* The header every kind's document has: its schema, the machine. */
static int version(struct kb_saved *doc, char *err, size_t errlen)
{
	struct json_object *root = doc->root, *v;
	bool versioned;
	int64_t schema;

	/* Present but null is not "before versioning": refuse it. */
	versioned = json_object_object_get_ex(root, "schema_version", &v);
	doc->kaesbench_version =
		kb_json_string_or(root, "kaesbench_version", NULL);
	if (!versioned && !doc->kaesbench_version)
		return kb_json_bad(
			err, errlen,
			"%s: not a kaesbench run document: no \"schema_version\" or \"kaesbench_version\"",
			doc->name);
	if (versioned && !json_object_is_type(v, json_type_int))
		return kb_json_bad(
			err, errlen,
			"%s: \"schema_version\" is not a whole number",
			doc->name);
	schema = versioned ? json_object_get_int64(v) : 0;
	if (versioned && schema != KB_RESULTS_SCHEMA_VERSION)
		return kb_json_bad(
			err, errlen,
			"%s: schema_version %lld is not supported: this kaesbench reads schema %d",
			doc->name, (long long)schema,
			KB_RESULTS_SCHEMA_VERSION);
	doc->schema_version = (int)schema;
	environment(doc);
	return 0;
}

/* The kind whose list @root holds; without another's, a run document. */
static const struct kb_doc_kind *kind_of(struct json_object *root,
					 const struct kb_doc_kind *const *kinds)
{
	size_t i;

	if (kb_json_member(root, kinds[0]->list))
		return kinds[0];
	for (i = 1; kinds[i]; i++)
		if (json_object_object_get_ex(root, kinds[i]->list, NULL))
			return kinds[i];
	return kinds[0];
}

/* A document of kaesbench's that this reader does not take. */
static const char *other_document(struct json_object *root,
				  const struct kb_doc_kind *kind,
				  const struct kb_doc_kind *only, char *buf,
				  size_t len)
{
	if (kb_json_member(root, "verifications"))
		return "a kaesbench verify document";
	if (kb_json_member(root, "implementations"))
		return "a kaesbench list document";
	if (only && kind != only) {
		snprintf(buf, len, "a kaesbench %s document", kind->name);
		return buf;
	}
	return NULL;
}

static int header(struct kb_saved *doc, const struct kb_doc_kind *const *kinds,
		  const struct kb_doc_kind *only, char *err, size_t errlen)
{
	const struct kb_doc_kind *want = only ? only : kinds[0];
	struct json_object *root = doc->root;
	const char *other;
	char buf[64];
	int ret;

	if (!json_object_is_type(root, json_type_object))
		return kb_json_bad(
			err, errlen,
			"%s: not a kaesbench run document: the JSON is not an object",
			doc->name);
	doc->kind = kind_of(root, kinds);
	other = other_document(root, doc->kind, only, buf, sizeof(buf));
	if (other)
		return kb_json_bad(err, errlen, "%s: %s, not %s %s document",
				   doc->name, other, want->an, want->name);
	ret = version(doc, err, errlen);
	if (ret)
		return ret;
	if (!json_object_object_get_ex(root, doc->kind->list, NULL) ||
	    !kb_json_member(root, doc->kind->list))
		return kb_json_bad(
			err, errlen,
			"%s: not a kaesbench %s document: no \"%s\" array",
			doc->name, doc->kind->name, doc->kind->list);
	if (!json_object_is_type(kb_json_member(root, doc->kind->list),
				 json_type_array))
		return kb_json_bad(
			err, errlen,
			"%s: not a kaesbench %s document: \"%s\" is not an array",
			doc->name, doc->kind->name, doc->kind->list);
	if (!json_object_array_length(kb_json_member(root, doc->kind->list)))
		return kb_json_bad(err, errlen, "%s: no %s in \"%s\"",
				   doc->name, doc->kind->items,
				   doc->kind->list);
	return 0;
}

/**
 * kb_saved_parse_kinds() - read a document as the kind its list says
 * @doc: filled in, its kind said by @doc->kind; kb_saved_free() it
 *	 whatever the result
 * @name: the document's name in messages, kept: a file name
 * @text: the document
 * @len: its length
 * @kinds: the kinds known, NULL-terminated; the first is a document's
 *	   without another's list
 * @only: the kind taken, or NULL: any of @kinds
 * @err: set to what is wrong, naming @name, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for anything but a well-formed document of a kind
 * taken and a supported schema (another kind is named), or -ENOMEM.
 */
int kb_saved_parse_kinds(struct kb_saved *doc, const char *name,
			 const char *text, size_t len,
			 const struct kb_doc_kind *const *kinds,
			 const struct kb_doc_kind *only, char *err,
			 size_t errlen)
{
	int ret;

	memset(doc, 0, sizeof(*doc));
	doc->name = name;
	ret = tokenize(doc, text, len, err, errlen);
	if (!ret)
		ret = header(doc, kinds, only, err, errlen);
	if (!ret)
		ret = doc->kind->read(
			doc, kb_json_member(doc->root, doc->kind->list), err,
			errlen);
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", name);
	return ret;
}

/**
 * kb_saved_slurp() - a document's file, whole, in memory
 * @file: the file
 * @text: set to its text, NUL-terminated; free() it
 * @len: set to its length
 * @err: set to what is wrong, naming @file, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for a file too large to be a document, or a
 * negative errno from reading it.
 */
int kb_saved_slurp(const char *file, char **text, size_t *len, char *err,
		   size_t errlen)
{
	FILE *f = fopen(file, "rb");
	size_t alloc = 1 << 16, n;
	char *buf = NULL, *p;
	int ret = 0;

	if (!f) {
		ret = -errno;
		snprintf(err, errlen, "cannot read %s: %s", file,
			 strerror(-ret));
		return ret;
	}
	*len = 0;
	for (;;) {
		p = realloc(buf, alloc + 1);
		if (!p) {
			ret = -ENOMEM;
			break;
		}
		buf = p;
		n = fread(buf + *len, 1, alloc - *len, f);
		*len += n;
		if (*len < alloc)
			break;
		if (alloc >= DOC_MAX_BYTES) {
			ret = -EFBIG;
			break;
		}
		alloc *= 2;
	}
	if (!ret && ferror(f))
		ret = -EIO;
	fclose(f);
	if (ret)
		free(buf);
	if (ret == -EFBIG) {
		snprintf(err, errlen,
			 "%s: larger than %u MiB, not a run document", file,
			 DOC_MAX_BYTES >> 20);
		return -EINVAL;
	}
	if (ret) {
		snprintf(err, errlen, "cannot read %s: %s", file,
			 strerror(-ret));
		return ret;
	}
	buf[*len] = '\0';
	*text = buf;
	return 0;
}

/**
 * kb_saved_free() - free a document, by its kind's free for its records
 * @doc: the document
 */
void kb_saved_free(struct kb_saved *doc)
{
	if (doc->kind && doc->kind->free)
		doc->kind->free(doc);
	json_object_put(doc->root);
	memset(doc, 0, sizeof(*doc));
}
