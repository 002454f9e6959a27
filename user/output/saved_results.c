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
 */

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/json_document.h"
#include "output/saved_results.h"
#include "bench/stats.h"

/* Far above any real document: a sweep of 1000 samples is a few MB. */
#define DOC_MAX_BYTES (256u << 20)

__attribute__((format(printf, 3, 4))) static int bad(char *err, size_t len,
						     const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

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
		return bad(err, errlen,
			   "%s: empty, not a kaesbench run document",
			   doc->name);
	}
	doc->root = json_tokener_parse_ex(tok, text, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	json_tokener_free(tok);
	if (jerr == json_tokener_continue)
		return bad(
			err, errlen,
			"%s: truncated JSON: the document stops after %zu bytes, before its end",
			doc->name, len);
	if (jerr != json_tokener_success)
		return bad(err, errlen, "%s: not valid JSON: %s at line %u",
			   doc->name, json_tokener_error_desc(jerr),
			   line_of(text, end));
	if (!blank(text + end, len - end))
		return bad(err, errlen,
			   "%s: not one JSON document: more data at line %u",
			   doc->name, line_of(text, end));
	return 0;
}

static struct json_object *member(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return v;
}

/* A string member; @def when missing or null; NULL when of another type. */
static const char *string_or(struct json_object *o, const char *key,
			     const char *def)
{
	struct json_object *v = member(o, key);

	if (!v)
		return def;
	return json_object_is_type(v, json_type_string) ?
		       json_object_get_string(v) :
		       NULL;
}

/* A whole number member in [@min, @max] into @out; 0 if null or missing. */
static bool number(struct json_object *o, const char *key, int64_t min,
		   int64_t max, int64_t *out)
{
	struct json_object *v = member(o, key);

	*out = 0;
	if (!v)
		return true;
	if (!json_object_is_type(v, json_type_int))
		return false;
	*out = json_object_get_int64(v);
	return *out >= min && *out <= max;
}

static const char *other_document(struct json_object *root)
{
	if (member(root, "verifications"))
		return "a kaesbench verify document";
	if (member(root, "implementations"))
		return "a kaesbench list document";
	return NULL;
}

/* A member that is an object, else NULL: the environment is read leniently. */
static struct json_object *object_member(struct json_object *o, const char *key)
{
	struct json_object *v = o ? member(o, key) : NULL;

	return v && json_object_is_type(v, json_type_object) ? v : NULL;
}

static const char *env_string(struct json_object *o, const char *key)
{
	return o ? string_or(o, key, NULL) : NULL;
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
	if (cpu && number(cpu, "cpus", 1, INT32_MAX, &cpus))
		doc->env.cpus = cpus;
	doc->env.virtualization =
		env_string(object_member(env, "virtualization"), "detected");
}

static int header(struct kb_saved *doc, char *err, size_t errlen)
{
	struct json_object *root = doc->root, *v;
	const char *other;
	bool versioned;
	int64_t schema;

	if (!json_object_is_type(root, json_type_object))
		return bad(
			err, errlen,
			"%s: not a kaesbench run document: the JSON is not an object",
			doc->name);
	other = other_document(root);
	if (other)
		return bad(err, errlen, "%s: %s, not a run document", doc->name,
			   other);
	/* Present but null is not "before versioning": refuse it. */
	versioned = json_object_object_get_ex(root, "schema_version", &v);
	doc->kaesbench_version = string_or(root, "kaesbench_version", NULL);
	if (!versioned && !doc->kaesbench_version)
		return bad(
			err, errlen,
			"%s: not a kaesbench run document: no \"schema_version\" or \"kaesbench_version\"",
			doc->name);
	if (versioned && !json_object_is_type(v, json_type_int))
		return bad(err, errlen,
			   "%s: \"schema_version\" is not a whole number",
			   doc->name);
	schema = versioned ? json_object_get_int64(v) : 0;
	if (versioned && schema != KB_RESULTS_SCHEMA_VERSION)
		return bad(
			err, errlen,
			"%s: schema_version %lld is not supported: this kaesbench reads schema %d",
			doc->name, (long long)schema,
			KB_RESULTS_SCHEMA_VERSION);
	doc->schema_version = (int)schema;
	environment(doc);
	v = member(root, "runs");
	if (!v || !json_object_is_type(v, json_type_array))
		return bad(
			err, errlen,
			"%s: not a kaesbench run document: no \"runs\" array",
			doc->name);
	if (!json_object_array_length(v))
		return bad(err, errlen, "%s: no runs in \"runs\"", doc->name);
	return 0;
}

static int sample(const struct kb_saved *doc, size_t r, size_t i,
		  struct json_object *o, struct kb_saved_sample *s, char *err,
		  size_t errlen)
{
	int64_t size, bytes, wall_ns;

	if (!json_object_is_type(o, json_type_object))
		return bad(err, errlen,
			   "%s: runs[%zu].samples[%zu]: not an object",
			   doc->name, r, i);
	if (!number(o, "size", 1, UINT32_MAX, &size) || !size)
		return bad(
			err, errlen,
			"%s: runs[%zu].samples[%zu]: \"size\" is not a size in bytes",
			doc->name, r, i);
	if (!number(o, "bytes", 0, INT64_MAX, &bytes) || !member(o, "bytes"))
		return bad(
			err, errlen,
			"%s: runs[%zu].samples[%zu]: \"bytes\" is not a count of bytes",
			doc->name, r, i);
	if (!number(o, "wall_ns", 1, INT64_MAX, &wall_ns) || !wall_ns)
		return bad(
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

	run->module = string_or(o, "module", NULL);
	run->message = string_or(o, "message", NULL);
	if (!number(o, "status", INT32_MIN, INT32_MAX, &run->status))
		return bad(err, errlen,
			   "%s: runs[%zu]: \"status\" is not a whole number",
			   doc->name, r);
	v = member(o, "no_verify");
	run->no_verify = v && json_object_is_type(v, json_type_boolean) &&
			 json_object_get_boolean(v);
	return 0;
}

static int key(const struct kb_saved *doc, size_t r, struct json_object *o,
	       struct kb_saved_run *run, char *err, size_t errlen)
{
	struct json_object *v;
	int64_t n;

	run->key.path = string_or(o, "path", NULL);
	if (!run->key.path)
		return bad(err, errlen,
			   "%s: runs[%zu]: \"path\" is missing or not a string",
			   doc->name, r);
	run->key.algorithm = string_or(o, "algorithm", "-");
	run->key.driver = string_or(o, "driver", "-");
	run->state = string_or(o, "state", "-");
	if (!run->key.algorithm || !run->key.driver || !run->state)
		return bad(
			err, errlen,
			"%s: runs[%zu]: \"algorithm\", \"driver\" or \"state\" is not a string",
			doc->name, r);
	if (!number(o, "key_bits", 0, UINT32_MAX, &n))
		return bad(err, errlen,
			   "%s: runs[%zu]: \"key_bits\" is not a key length",
			   doc->name, r);
	run->key.key_bits = (uint32_t)n;
	if (!number(o, "depth", 0, UINT32_MAX, &n))
		return bad(err, errlen,
			   "%s: runs[%zu]: \"depth\" is not a depth", doc->name,
			   r);
	run->key.depth = (uint32_t)n;
	v = member(o, "decrypt");
	if (v && !json_object_is_type(v, json_type_boolean))
		return bad(err, errlen,
			   "%s: runs[%zu]: \"decrypt\" is not true or false",
			   doc->name, r);
	run->key.decrypt = v && json_object_get_boolean(v);
	v = member(o, "selected");
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
		return bad(err, errlen, "%s: runs[%zu]: not an object",
			   doc->name, r);
	ret = key(doc, r, o, run, err, errlen);
	if (ret)
		return ret;
	arr = member(o, "samples");
	if (!arr || !json_object_is_type(arr, json_type_array))
		return bad(err, errlen, "%s: runs[%zu]: no \"samples\" array",
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
		return bad(
			err, errlen,
			"%s: runs[%zu]: samples of no named algorithm and driver",
			doc->name, r);
	return 0;
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
	struct json_object *runs;
	size_t i, n;
	int ret;

	memset(doc, 0, sizeof(*doc));
	doc->name = name;
	ret = tokenize(doc, text, len, err, errlen);
	if (!ret)
		ret = header(doc, err, errlen);
	if (ret)
		goto out;
	runs = member(doc->root, "runs");
	n = json_object_array_length(runs);
	doc->run = calloc(n, sizeof(*doc->run));
	if (!doc->run) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; !ret && i < n; i++) {
		ret = one_run(doc, i, json_object_array_get_idx(runs, i),
			      &doc->run[i], err, errlen);
		doc->runs = i + 1;
	}
out:
	if (ret == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", name);
	return ret;
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
	ret = kb_saved_parse(doc, file, text, len, err, errlen);
	free(text);
	return ret;
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
	json_object_put(doc->root);
	memset(doc, 0, sizeof(*doc));
}

static int path_rank(const char *path)
{
	static const char *const order[] = { "kernel", "afalg-sendmsg",
					     "afalg-vmsplice", "openssl" };
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
