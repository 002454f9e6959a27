// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Reading a saved run document back. Everything is checked before use:
 * these files travel between machines, get truncated by a full disk or
 * cut-and-pasted from a mailing list, and a wrong verdict from a damaged
 * file is worse than a refusal. Every refusal names the file and what is
 * wrong with it.
 *
 * A document without "schema_version" is read as schema 1: such documents
 * come from kaesbench 0.1.0 before the schema was versioned, whose runs
 * have exactly the fields read here (schema 1 only added others). A
 * "schema_version" other than 1 is refused: its fields may mean something
 * else.
 *
 * A saved `kaesbench ipsec --json` has the same header and an "ipsec" list
 * instead of "runs"; where the reader takes it, saved_ipsec.c reads the
 * list, and where it does not, it is refused by name, not as "no runs".
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/json_document.h"
#include "output/json_read.h"
#include "output/saved_results.h"
#include "bench/stats.h"

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

/* A saved `kaesbench ipsec --json`: its list, and no runs. */
static bool ipsec_document(struct json_object *root)
{
	return !kb_json_member(root, "runs") &&
	       json_object_object_get_ex(root, "ipsec", NULL);
}

/* A document of kaesbench's that this reader does not take. */
static const char *other_document(struct json_object *root, unsigned int kinds)
{
	if (kb_json_member(root, "verifications"))
		return "a kaesbench verify document";
	if (kb_json_member(root, "implementations"))
		return "a kaesbench list document";
	if (!(kinds & KB_SAVED_IPSEC) && ipsec_document(root))
		return "a kaesbench ipsec document";
	if (!(kinds & KB_SAVED_RUNS) && !ipsec_document(root))
		return "a kaesbench run document";
	return NULL;
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

/* The list of a document that is no run document: "ipsec". */
static int ipsec_list(struct kb_saved *doc, char *err, size_t errlen)
{
	struct json_object *v = kb_json_member(doc->root, "ipsec");

	doc->kind = KB_SAVED_IPSEC;
	if (!v || !json_object_is_type(v, json_type_array))
		return kb_json_bad(
			err, errlen,
			"%s: not a kaesbench ipsec document: \"ipsec\" is not an array",
			doc->name);
	if (!json_object_array_length(v))
		return kb_json_bad(err, errlen,
				   "%s: no implementations in \"ipsec\"",
				   doc->name);
	return 0;
}

static int header(struct kb_saved *doc, unsigned int kinds, char *err,
		  size_t errlen)
{
	struct json_object *root = doc->root, *v;
	const char *other;
	bool versioned;
	int64_t schema;

	if (!json_object_is_type(root, json_type_object))
		return kb_json_bad(
			err, errlen,
			"%s: not a kaesbench run document: the JSON is not an object",
			doc->name);
	other = other_document(root, kinds);
	if (other)
		return kb_json_bad(err, errlen, "%s: %s, not %s", doc->name,
				   other,
				   kinds & KB_SAVED_RUNS ? "a run document" :
							   "an ipsec document");
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
	if (ipsec_document(root))
		return ipsec_list(doc, err, errlen);
	doc->kind = KB_SAVED_RUNS;
	v = kb_json_member(root, "runs");
	if (!v || !json_object_is_type(v, json_type_array))
		return kb_json_bad(
			err, errlen,
			"%s: not a kaesbench run document: no \"runs\" array",
			doc->name);
	if (!json_object_array_length(v))
		return kb_json_bad(err, errlen, "%s: no runs in \"runs\"",
				   doc->name);
	return 0;
}

static int sample(const struct kb_saved *doc, size_t r, size_t i,
		  struct json_object *o, struct kb_saved_sample *s, char *err,
		  size_t errlen)
{
	int64_t size, bytes, wall_ns;

	if (!json_object_is_type(o, json_type_object))
		return kb_json_bad(err, errlen,
				   "%s: runs[%zu].samples[%zu]: not an object",
				   doc->name, r, i);
	if (!kb_json_int(o, "size", 1, UINT32_MAX, &size) || !size)
		return kb_json_bad(
			err, errlen,
			"%s: runs[%zu].samples[%zu]: \"size\" is not a size in bytes",
			doc->name, r, i);
	if (!kb_json_int(o, "bytes", 0, INT64_MAX, &bytes) ||
	    !kb_json_member(o, "bytes"))
		return kb_json_bad(
			err, errlen,
			"%s: runs[%zu].samples[%zu]: \"bytes\" is not a count of bytes",
			doc->name, r, i);
	if (!kb_json_int(o, "wall_ns", 1, INT64_MAX, &wall_ns) || !wall_ns)
		return kb_json_bad(
			err, errlen,
			"%s: runs[%zu].samples[%zu]: \"wall_ns\" is not a positive number of nanoseconds",
			doc->name, r, i);
	s->size = (uint32_t)size;
	s->mbps = kb_mbps((uint64_t)bytes, (uint64_t)wall_ns);
	return 0;
}

/*
 * How the run went, beside "state": a status that is not a number would
 * let a failed run pass for a good one, so it refuses the document.
 */
static int outcome(const struct kb_saved *doc, size_t r, struct json_object *o,
		   struct kb_saved_run *run, char *err, size_t errlen)
{
	struct json_object *v;

	run->module = kb_json_string_or(o, "module", NULL);
	run->message = kb_json_string_or(o, "message", NULL);
	if (!kb_json_int(o, "status", INT32_MIN, INT32_MAX, &run->status))
		return kb_json_bad(
			err, errlen,
			"%s: runs[%zu]: \"status\" is not a whole number",
			doc->name, r);
	v = kb_json_member(o, "no_verify");
	run->no_verify = v && json_object_is_type(v, json_type_boolean) &&
			 json_object_get_boolean(v);
	return 0;
}

static int key(const struct kb_saved *doc, size_t r, struct json_object *o,
	       struct kb_saved_run *run, char *err, size_t errlen)
{
	const char *context;
	struct json_object *v;
	int64_t n;

	run->key.path = kb_json_string_or(o, "path", NULL);
	if (!run->key.path)
		return kb_json_bad(
			err, errlen,
			"%s: runs[%zu]: \"path\" is missing or not a string",
			doc->name, r);
	run->key.algorithm = kb_json_string_or(o, "algorithm", "-");
	run->key.driver = kb_json_string_or(o, "driver", "-");
	run->state = kb_json_string_or(o, "state", "-");
	/* Documents from before --context were all made in a thread. */
	context = kb_json_string_or(o, "context", "thread");
	if (!run->key.algorithm || !run->key.driver || !run->state || !context)
		return kb_json_bad(
			err, errlen,
			"%s: runs[%zu]: \"algorithm\", \"driver\", \"state\" or \"context\" is not a string",
			doc->name, r);
	if (!strcmp(run->key.path, "kernel") && !strcmp(context, "softirq"))
		run->key.path = KB_SAVED_PATH_KERNEL_SOFTIRQ;
	if (!kb_json_int(o, "key_bits", 0, UINT32_MAX, &n))
		return kb_json_bad(
			err, errlen,
			"%s: runs[%zu]: \"key_bits\" is not a key length",
			doc->name, r);
	run->key.key_bits = (uint32_t)n;
	if (!kb_json_int(o, "depth", 0, UINT32_MAX, &n))
		return kb_json_bad(err, errlen,
				   "%s: runs[%zu]: \"depth\" is not a depth",
				   doc->name, r);
	run->key.depth = (uint32_t)n;
	v = kb_json_member(o, "decrypt");
	if (v && !json_object_is_type(v, json_type_boolean))
		return kb_json_bad(
			err, errlen,
			"%s: runs[%zu]: \"decrypt\" is not true or false",
			doc->name, r);
	run->key.decrypt = v && json_object_get_boolean(v);
	v = kb_json_member(o, "selected");
	run->selected = v && json_object_is_type(v, json_type_boolean) ?
				json_object_get_boolean(v) :
				-1;
	return outcome(doc, r, o, run, err, errlen);
}

static int one_run(const struct kb_saved *doc, size_t r, struct json_object *o,
		   struct kb_saved_run *run, char *err, size_t errlen)
{
	struct json_object *arr;
	size_t i, n;
	int ret;

	if (!json_object_is_type(o, json_type_object))
		return kb_json_bad(err, errlen, "%s: runs[%zu]: not an object",
				   doc->name, r);
	ret = key(doc, r, o, run, err, errlen);
	if (ret)
		return ret;
	arr = kb_json_member(o, "samples");
	if (!arr || !json_object_is_type(arr, json_type_array))
		return kb_json_bad(err, errlen,
				   "%s: runs[%zu]: no \"samples\" array",
				   doc->name, r);
	n = json_object_array_length(arr);
	run->sample = calloc(n + 1, sizeof(*run->sample));
	if (!run->sample)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		ret = sample(doc, r, i, json_object_array_get_idx(arr, i),
			     &run->sample[i], err, errlen);
		if (ret)
			return ret;
	}
	run->samples = n;
	if (n &&
	    (!strcmp(run->key.algorithm, "-") || !strcmp(run->key.driver, "-")))
		return kb_json_bad(
			err, errlen,
			"%s: runs[%zu]: samples of no named algorithm and driver",
			doc->name, r);
	return 0;
}

static int runs(struct kb_saved *doc, char *err, size_t errlen)
{
	struct json_object *list = kb_json_member(doc->root, "runs");
	size_t i, n = json_object_array_length(list);
	int ret = 0;

	doc->run = calloc(n, sizeof(*doc->run));
	if (!doc->run)
		return -ENOMEM;
	for (i = 0; !ret && i < n; i++) {
		ret = one_run(doc, i, json_object_array_get_idx(list, i),
			      &doc->run[i], err, errlen);
		doc->runs = i + 1;
	}
	return ret;
}

/**
 * kb_saved_parse_as() - read a document of the kinds a reader takes
 * @doc: filled in, its kind said by @doc->kind; kb_saved_free() it
 *	 whatever the result
 * @name: the document's name in messages, kept: a file name
 * @text: the document
 * @len: its length
 * @kinds: the kinds taken: KB_SAVED_RUNS, KB_SAVED_IPSEC, or both
 * @err: set to what is wrong, naming @name, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for anything but a well-formed document of a kind
 * in @kinds and a supported schema (another kind is named), or -ENOMEM.
 */
int kb_saved_parse_as(struct kb_saved *doc, const char *name, const char *text,
		      size_t len, unsigned int kinds, char *err, size_t errlen)
{
	int ret;

	memset(doc, 0, sizeof(*doc));
	doc->name = name;
	ret = tokenize(doc, text, len, err, errlen);
	if (!ret)
		ret = header(doc, kinds, err, errlen);
	if (!ret && doc->kind == KB_SAVED_IPSEC)
		ret = kb_saved_ipsec_parse(name,
					   kb_json_member(doc->root, "ipsec"),
					   &doc->ipsec, &doc->ipsecs, err,
					   errlen);
	else if (!ret)
		ret = runs(doc, err, errlen);
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", name);
	return ret;
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
	return kb_saved_parse_as(doc, name, text, len, KB_SAVED_RUNS, err,
				 errlen);
}

static int slurp(const char *file, char **text, size_t *len)
{
	FILE *f = fopen(file, "rb");
	size_t alloc = 1 << 16, n;
	char *buf = NULL, *p;
	int ret = 0;

	if (!f)
		return -errno;
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
	if (ret) {
		free(buf);
		return ret;
	}
	buf[*len] = '\0';
	*text = buf;
	return 0;
}

/**
 * kb_saved_load_as() - read a document of the kinds a reader takes
 * @doc: filled in; kb_saved_free() it whatever the result
 * @file: the file, kept as the document's name
 * @kinds: the kinds taken: KB_SAVED_RUNS, KB_SAVED_IPSEC, or both
 * @err: set to what is wrong, naming @file, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for a file that is no document of a kind in @kinds
 * and a supported schema, or a negative errno from reading it.
 */
int kb_saved_load_as(struct kb_saved *doc, const char *file, unsigned int kinds,
		     char *err, size_t errlen)
{
	char *text = NULL;
	size_t len = 0;
	int ret;

	memset(doc, 0, sizeof(*doc));
	doc->name = file;
	ret = slurp(file, &text, &len);
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
	ret = kb_saved_parse_as(doc, file, text, len, kinds, err, errlen);
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
	return kb_saved_load_as(doc, file, KB_SAVED_RUNS, err, errlen);
}

/**
 * kb_saved_kind_name() - what a document is, for messages
 * @doc: a document read
 *
 * Return: "an ipsec document" or "a run document".
 */
const char *kb_saved_kind_name(const struct kb_saved *doc)
{
	return doc->kind == KB_SAVED_IPSEC ? "an ipsec document" :
					     "a run document";
}

/**
 * kb_saved_free() - free a document
 * @doc: the document
 */
void kb_saved_free(struct kb_saved *doc)
{
	size_t i;

	for (i = 0; i < doc->runs; i++)
		free(doc->run[i].sample);
	free(doc->run);
	kb_saved_ipsec_free(doc->ipsec, doc->ipsecs);
	json_object_put(doc->root);
	memset(doc, 0, sizeof(*doc));
}

static int path_rank(const char *path)
{
	static const char *const order[] = { "kernel",
					     KB_SAVED_PATH_KERNEL_SOFTIRQ,
					     "afalg-sendmsg", "afalg-vmsplice",
					     "openssl" };
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (!strcmp(path, order[i]))
			return (int)i;
	return (int)i;
}

/**
 * kb_saved_key_cmp() - order of run keys, by what a reader groups by
 * @a: a key
 * @b: another
 *
 * Algorithm, key length, direction, then path (the kernel's first, as in
 * the tables), driver and depth.
 *
 * Return: <0, 0 or >0 as for qsort(); 0 for the same measurement.
 */
int kb_saved_key_cmp(const struct kb_saved_key *a, const struct kb_saved_key *b)
{
	int ret = strcmp(a->algorithm, b->algorithm);

	if (ret)
		return ret;
	if (a->key_bits != b->key_bits)
		return a->key_bits < b->key_bits ? -1 : 1;
	if (a->decrypt != b->decrypt)
		return a->decrypt - b->decrypt;
	ret = path_rank(a->path) - path_rank(b->path);
	if (!ret)
		ret = strcmp(a->path, b->path);
	if (ret)
		return ret;
	ret = strcmp(a->driver, b->driver);
	if (ret)
		return ret;
	if (a->depth != b->depth)
		return a->depth < b->depth ? -1 : 1;
	return 0;
}

/**
 * kb_saved_mbps_at() - the MB/s of a run's samples of one size
 * @run: the run
 * @size: bytes per request
 * @v: where to put them, room for all @run's samples
 *
 * Return: how many samples @run has of @size.
 */
size_t kb_saved_mbps_at(const struct kb_saved_run *run, uint32_t size,
			double *v)
{
	size_t i, n = 0;

	for (i = 0; i < run->samples; i++)
		if (run->sample[i].size == size)
			v[n++] = run->sample[i].mbps;
	return n;
}
