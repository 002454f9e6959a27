// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The fields are documented in kaesbench(8). Unknown values are JSON null,
 * never 0: a missing cycle count is not zero cycles. ns_per_byte is there
 * on every machine, for the machines without cycle counts (arm64).
 */

#include <errno.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "bench/aggregate.h"
#include "bench/paths.h"
#include "kaesbench_version.h"
#include "kernel/sample.h"
#include "output/json_document.h"
#include "runs/run_json.h"

/**
 * kb_run_state_name() - how a run ended, in the word the JSON uses
 * @run: the run
 *
 * Return: "ended", "refused", "invalid", "interrupted", "lost",
 * "not_started" or "unavailable".
 */
const char *kb_run_state_name(const struct kb_run *run)
{
	if (kb_run_invalid(run))
		return "invalid";
	switch (run->state) {
	case KB_RUN_NOT_STARTED:
		return "not_started";
	case KB_RUN_REFUSED:
		return "refused";
	case KB_RUN_STARTED:
	case KB_RUN_LOST:
		return "lost";
	case KB_RUN_ENDED:
		return "ended";
	case KB_RUN_INTERRUPTED:
		return "interrupted";
	case KB_RUN_UNAVAILABLE:
		return "unavailable";
	}
	return "unknown";
}

static struct json_object *str(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static void add(struct json_object *o, const char *key, struct json_object *v)
{
	json_object_object_add(o, key, v);
}

static struct json_object *u64(uint64_t v)
{
	/* Counters fit an int64 for centuries of nanoseconds. */
	return json_object_new_int64((int64_t)v);
}

/* The fields of group @g, as members of @o; each null without the group. */
static void add_group(struct json_object *o, const struct kb_sample *s,
		      enum kb_sample_group g)
{
	bool has = kb_sample_has(s, g);
	size_t i;

	for (i = 0; i < KB_SF_COUNT; i++)
		if (kb_sample_fields[i].group == g)
			add(o, kb_sample_fields[i].json,
			    has ? u64(kb_sample_get(s, i)) : NULL);
}

/* The fields, group by group, as kb_sample_groups orders them. */
static struct json_object *sample_json(const struct kb_sample *s)
{
	struct json_object *o = json_object_new_object(), *nest;
	unsigned int g;

	if (!o)
		return NULL;
	for (g = 0; g < KB_SG_COUNT; g++) {
		if (!kb_sample_groups[g].json) {
			add_group(o, s, g);
			continue;
		}
		nest = kb_sample_has(s, g) ? json_object_new_object() : NULL;
		if (nest)
			add_group(nest, s, g);
		add(o, kb_sample_groups[g].json, nest);
	}
	return o;
}

static struct json_object *figure_or_null(double v)
{
	return v > 0 ? json_object_new_double(v) : NULL;
}

static struct json_object *summary_json(const struct kb_summary *s)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	add(o, "size", u64(s->size));
	add(o, "samples", u64(s->samples));
	add(o, "mbps_median", json_object_new_double(s->mbps_median));
	add(o, "mbps_min", json_object_new_double(s->mbps_min));
	add(o, "mbps_max", json_object_new_double(s->mbps_max));
	add(o, "ops_per_s_median", json_object_new_double(s->ops_per_s));
	add(o, "cpu_percent", json_object_new_double(s->cpu_percent));
	add(o, "thread_cpu_percent",
	    json_object_new_double(s->thread_cpu_percent));
	add(o, "cycles_per_byte",
	    s->has_cycles ? json_object_new_double(s->cycles_per_byte) : NULL);
	add(o, "ns_per_byte", figure_or_null(s->ns_per_byte));
	add(o, "cpu_cycles_per_byte",
	    s->has_cycles ? json_object_new_double(s->cpu_cycles_per_byte) :
			    NULL);
	add(o, "cpu_ns_per_byte", json_object_new_double(s->cpu_ns_per_byte));
	add(o, "latency_p50_ns",
	    s->has_latency ? json_object_new_double(s->lat_p50_ns) : NULL);
	add(o, "latency_p99_ns",
	    s->has_latency ? json_object_new_double(s->lat_p99_ns) : NULL);
	return o;
}

static int add_samples(struct json_object *o, const struct kb_run *run)
{
	struct json_object *arr = json_object_new_array(), *s;
	size_t i;

	if (!arr)
		return -ENOMEM;
	add(o, "samples", arr);
	for (i = 0; i < run->samples; i++) {
		s = sample_json(&run->sample[i]);
		if (!s || json_object_array_add(arr, s)) {
			json_object_put(s);
			return -ENOMEM;
		}
	}
	return 0;
}

static int add_summary(struct json_object *o, const struct kb_run *run)
{
	struct json_object *arr = json_object_new_array(), *s;
	struct kb_summary sum;
	size_t i;

	if (!arr)
		return -ENOMEM;
	add(o, "summary", arr);
	for (i = 0; i < run->sizes.count; i++) {
		if (kb_summarize(run, run->sizes.size[i], &sum))
			return -ENOMEM;
		if (!sum.samples)
			continue;
		s = summary_json(&sum);
		if (!s || json_object_array_add(arr, s)) {
			json_object_put(s);
			return -ENOMEM;
		}
	}
	return 0;
}

static struct json_object *aggregate_json(const struct kb_scaling *sc)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	add(o, "size", u64(sc->all.size));
	add(o, "samples", u64(sc->all.samples));
	add(o, "mbps_median", json_object_new_double(sc->all.mbps_median));
	add(o, "mbps_min", json_object_new_double(sc->all.mbps_min));
	add(o, "mbps_max", json_object_new_double(sc->all.mbps_max));
	add(o, "cpu_percent", json_object_new_double(sc->all.cpu_percent));
	add(o, "cpu_ns_per_byte",
	    json_object_new_double(sc->all.cpu_ns_per_byte));
	add(o, "one_cpu_mbps_median", figure_or_null(sc->one_mbps));
	add(o, "scaling_percent", figure_or_null(sc->scaling_percent));
	return o;
}

/*
 * --cpus: the whole machine's figures per size, and against @one, the same
 * work on the first CPU alone, the scaling. Null without --cpus.
 */
static int add_aggregate(struct json_object *o, const struct kb_run *run,
			 const struct kb_run *one)
{
	struct json_object *arr, *item;
	struct kb_scaling sc;
	struct kb_run agg;
	size_t i;
	int ret;

	if (!run->ncpus) {
		add(o, "aggregate", NULL);
		return 0;
	}
	arr = json_object_new_array();
	if (!arr)
		return -ENOMEM;
	add(o, "aggregate", arr);
	ret = kb_run_aggregate(run, &agg);
	for (i = 0; !ret && i < run->sizes.count; i++) {
		ret = kb_scaling_at(&agg, one, run->sizes.size[i], &sc);
		if (ret || !sc.all.samples)
			continue;
		item = aggregate_json(&sc);
		if (!item || json_object_array_add(arr, item)) {
			json_object_put(item);
			ret = -ENOMEM;
		}
	}
	kb_run_release(&agg);
	return ret;
}

static const char *op_name(uint32_t op)
{
	static const char *const names[] = {
		[KAESBENCH_CASE_OP_ENCRYPT] = "encryption",
		[KAESBENCH_CASE_OP_DECRYPT] = "decryption",
		[KAESBENCH_CASE_OP_TAG] = "tag check",
		[KAESBENCH_CASE_OP_AAD] = "associated data check",
	};

	return op < sizeof(names) / sizeof(names[0]) ? names[op] : NULL;
}

static struct json_object *segments_json(const struct kb_vcase *c)
{
	struct json_object *arr = json_object_new_array();
	size_t i;

	for (i = 0; arr && i < c->nsegs && i < KB_VCASE_SEGS; i++)
		if (json_object_array_add(arr, u64(c->seg[i]))) {
			json_object_put(arr);
			return NULL;
		}
	return arr;
}

/**
 * kb_vcase_to_json() - a failing verification case as a JSON object
 * @c: the case
 *
 * Return: a new object the caller must json_object_put(), or NULL if out of
 * memory.
 */
struct json_object *kb_vcase_to_json(const struct kb_vcase *c)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	add(o, "index", u64(c->index));
	add(o, "op", str(op_name(c->op)));
	add(o, "len", u64(c->len));
	add(o, "aad_len", u64(c->aad_len));
	add(o, "src_offset", u64(c->src_offset));
	add(o, "dst_offset", u64(c->dst_offset));
	add(o, "in_place", json_object_new_boolean(c->in_place));
	add(o, "segments", segments_json(c));
	add(o, "error", c->has_error ? json_object_new_int(c->error) : NULL);
	add(o, "offset", c->has_offset ? u64(c->offset) : NULL);
	add(o, "cpu", c->has_cpu ? u64(c->cpu) : NULL);
	return o;
}

/* How a run was verified first: null when it was not. */
/**
 * kb_wait_to_json() - what a kernel job waited for before its turn
 * @w: the wait
 *
 * Return: the object ("waited" in results.rst), or NULL (JSON null) when
 * the job did not wait or without memory.
 */
struct json_object *kb_wait_to_json(const struct kb_wait *w)
{
	struct json_object *o, *ahead;

	if (!w->waited)
		return NULL;
	o = json_object_new_object();
	if (!o)
		return NULL;
	add(o, "waited_s",
	    w->has_waited_ms ? json_object_new_double(w->waited_ms / 1e3) :
			       NULL);
	ahead = w->updates ? json_object_new_object() : NULL;
	if (ahead) {
		add(ahead, "id", u64(w->job_id));
		add(ahead, "kind",
		    json_object_new_string(
			    w->cmd == KAESBENCH_CMD_VERIFY ? "verify" : "run"));
		add(ahead, "pid", u64(w->pid));
		add(ahead, "command", json_object_new_string(w->comm));
		add(ahead, "elapsed_s",
		    json_object_new_double(w->elapsed_ms / 1e3));
		add(ahead, "stated_s",
		    w->stated_ms ? json_object_new_double(w->stated_ms / 1e3) :
				   NULL);
		add(ahead, "stopping", json_object_new_boolean(w->stopping));
		add(ahead, "jobs_ahead", u64(w->ahead));
	}
	add(o, "behind", ahead);
	return o;
}

static struct json_object *check_json(const struct kb_check *check)
{
	struct json_object *o;

	if (!check->cases)
		return NULL;
	o = json_object_new_object();
	if (!o)
		return NULL;
	add(o, "reference", str(check->reference));
	add(o, "cases", u64(check->cases));
	add(o, "cases_done", check->has_done ? u64(check->done) : NULL);
	add(o, "case",
	    check->has_case ? kb_vcase_to_json(&check->vcase) : NULL);
	return o;
}

static struct json_object *run_json(const struct kb_run *run,
				    const struct kb_run *one)
{
	struct json_object *o = json_object_new_object();
	const struct kb_impl *impl = &run->impl;

	if (!o)
		return NULL;
	add(o, "path", json_object_new_string(kb_path_name(run->path)));
	add(o, "algorithm", str(impl->alg_name));
	add(o, "driver", str(impl->driver_name));
	add(o, "module", str(impl->module));
	add(o, "priority", u64(impl->priority));
	add(o, "selected",
	    run->selected < 0 ? NULL : json_object_new_boolean(run->selected));
	add(o, "async",
	    json_object_new_boolean(impl->flags & KAESBENCH_IMPL_F_ASYNC));
	/* Called directly, not through the crypto API (lib:NAME). */
	add(o, "library_path",
	    json_object_new_boolean(impl->flags & KAESBENCH_IMPL_F_LIBRARY));
	add(o, "depth", run->depth ? u64(run->depth) : NULL);
	add(o, "key_bits", run->key_bits ? u64(run->key_bits) : NULL);
	add(o, "decrypt", json_object_new_boolean(run->decrypt));
	/* Where the driver was called from: the kernel path's alone. */
	add(o, "context",
	    run->path == KB_PATH_KERNEL ? str(kb_context_name(run->context)) :
					  NULL);
	add(o, "state", json_object_new_string(kb_run_state_name(run)));
	add(o, "status", json_object_new_int(run->status));
	add(o, "message", str(run->message));
	add(o, "wall_s", json_object_new_double(run->wall_s));
	if (run->path == KB_PATH_KERNEL) {
		add(o, "memory_bytes",
		    run->memory_bytes ? u64(run->memory_bytes) : NULL);
		add(o, "notice", str(run->notice));
		add(o, "waited", kb_wait_to_json(&run->wait));
	}
	add(o, "library", str(run->library));
	add(o, "measured", str(run->measured));
	if (run->path == KB_PATH_KERNEL) {
		add(o, "verified", check_json(&run->check));
		add(o, "no_verify",
		    json_object_new_boolean(run->check.skipped));
		add(o, "check_every",
		    run->has_check_every ? u64(run->check_every) : NULL);
		add(o, "measured_checked",
		    run->has_measured ? u64(run->measured_checked) : NULL);
		add(o, "measured_wrong",
		    run->has_measured ? u64(run->measured_wrong) : NULL);
	}
	add(o, "cpus_at_once", run->ncpus ? u64(run->ncpus) : NULL);
	if (add_samples(o, run) || add_summary(o, run) ||
	    add_aggregate(o, run, one)) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

/**
 * kb_run_to_json() - one run as a JSON object
 * @run: the run
 *
 * Return: a new object the caller must json_object_put(), or NULL if out of
 * memory.
 */
struct json_object *kb_run_to_json(const struct kb_run *run)
{
	return run_json(run, NULL);
}

/* kb_scaling_main() measures the first CPU alone just before. */
static const struct kb_run *alone_before(const struct kb_run *runs, size_t i)
{
	const struct kb_run *run = &runs[i], *prev = i ? &runs[i - 1] : NULL;

	if (run->ncpus < 2 || !prev || prev->ncpus != 1 ||
	    prev->path != run->path || !prev->impl.driver_name ||
	    !run->impl.driver_name ||
	    strcmp(prev->impl.driver_name, run->impl.driver_name))
		return NULL;
	return prev;
}

static struct json_object *run_item(const void *runs, size_t i)
{
	return run_json(&((const struct kb_run *)runs)[i],
			alone_before(runs, i));
}

/**
 * kb_print_runs_json() - print runs as one JSON document
 * @f: where to
 * @runs: the runs
 * @count: how many
 * @env: the environment; its reference is taken, whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_runs_json(FILE *f, const struct kb_run *runs, size_t count,
		       struct json_object *env)
{
	return kb_print_json_list(f, "runs", run_item, runs, count, env);
}
