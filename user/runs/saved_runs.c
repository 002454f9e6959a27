// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Reading a saved run document's runs back. Everything is checked before use:
 * these files travel between machines, get truncated by a full disk or
 * cut-and-pasted from a mailing list, and a wrong verdict from a damaged
 * file is worse than a refusal. Every refusal names the file and what is
 * wrong with it.
 *
 * output/saved.c reads the header every kind's document shares; this
 * file the run kind's "runs".
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/json_read.h"
#include "runs/saved_runs.h"
#include "bench/stats.h"

/* Far above any real document: a sweep of 1000 samples is a few MB. */
#define DOC_MAX_BYTES (256u << 20)

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

/**
 * kb_saved_runs_read() - read a run document's "runs", the run kind's reader
 * @doc: the document, its header read
 * @list: its "runs", an array of one run or more
 * @err: set to what is wrong, naming the document, on failure
 * @errlen: size of @err
 *
 * Return: 0, -EINVAL for a list that is not one of runs as `kaesbench
 * run --json` writes them, or -ENOMEM.
 */
int kb_saved_runs_read(struct kb_saved *doc, struct json_object *list,
		       char *err, size_t errlen)
{
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
 * kb_saved_runs_free() - free what kb_saved_runs_read() allocated
 * @doc: the document
 */
void kb_saved_runs_free(struct kb_saved *doc)
{
	size_t i;

	for (i = 0; i < doc->runs; i++)
		free(doc->run[i].sample);
	free(doc->run);
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
