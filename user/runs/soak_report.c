// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The soak's verdict leads its line, as verify's rows do: `grep ^FAIL`
 * finds it. Under a failure, the first round that went wrong, as verify
 * prints it, with the seed, depth and CPUs that reproduce it.
 */

#include <inttypes.h>

#include <linux/kaesbench.h>

#include "runs/soak_report.h"
#include "runs/verify_report.h"

static const char *verdict(const struct kb_soak *s)
{
	if (kb_soak_failed(s))
		return "FAIL";
	return s->interrupted ? "STOP" : "PASS";
}

/**
 * kb_print_soak() - print a soak's outcome
 * @f: where to
 * @s: the soak
 */
void kb_print_soak(FILE *f, const struct kb_soak *s)
{
	const struct kb_run *r = &s->shown;

	fprintf(f, "soak: %s (%s) against %s, depth %" PRIu32,
		r->impl.driver_name ? r->impl.driver_name : "-",
		r->impl.alg_name ? r->impl.alg_name : "-",
		r->check.reference ? r->check.reference : "-",
		r->check.depth ? r->check.depth : 1);
	if (r->cpu_list)
		fprintf(f, " on CPUs %s", r->cpu_list);
	/* Thread context, the default, unsaid as before. */
	if (r->context != KAESBENCH_CONTEXT_THREAD)
		fprintf(f, ", in %s context", kb_context_name(r->context));
	fputc('\n', f);
	fprintf(f,
		"%-6s  %.1f s of %.1f, %" PRIu64 " rounds: %" PRIu64
		" requests, %.1f MB of data checked, %" PRIu64
		" wrong, %" PRIu64 " failed; slowest completion %.3f ms\n",
		verdict(s), s->seconds, s->ms / 1000.0, s->rounds, s->requests,
		s->bytes / 1e6, s->wrong, s->errors, s->slowest_ns / 1e6);
	if (s->interrupted)
		fprintf(f, "        interrupted: the counts so far\n");
	if (!kb_soak_failed(s))
		return;
	fprintf(f, "%s:\n",
		s->cut_short ? "the round that could not be had" :
			       "the first round that went wrong");
	kb_print_verify_table(f, r, 1, true);
}

static struct json_object *u64(uint64_t v)
{
	return json_object_new_uint64(v);
}

/**
 * kb_soak_to_json() - a soak as a verification object with a "soak" member
 * @s: the soak
 *
 * The verification is the round shown (the first that went wrong, else
 * the last); "result" is the soak's.
 *
 * Return: a new object the caller must json_object_put(), or NULL if out of
 * memory.
 */
struct json_object *kb_soak_to_json(const struct kb_soak *s)
{
	static const char *const result[] = { "pass", "fail", "interrupted" };
	struct json_object *o = kb_verify_to_json(&s->shown);
	struct json_object *soak = json_object_new_object();
	int i = kb_soak_failed(s) ? 1 : s->interrupted ? 2 : 0;

	if (!o || !soak) {
		json_object_put(o);
		json_object_put(soak);
		return NULL;
	}
	json_object_object_add(o, "result", json_object_new_string(result[i]));
	json_object_object_add(soak, "time_ms", u64(s->ms));
	json_object_object_add(soak, "wall_s",
			       json_object_new_double(s->seconds));
	json_object_object_add(soak, "rounds", u64(s->rounds));
	json_object_object_add(soak, "requests", u64(s->requests));
	json_object_object_add(soak, "bytes_checked", u64(s->bytes));
	json_object_object_add(soak, "requests_wrong", u64(s->wrong));
	json_object_object_add(soak, "requests_failed", u64(s->errors));
	json_object_object_add(soak, "slowest_completion_ns",
			       u64(s->slowest_ns));
	json_object_object_add(soak, "interrupted",
			       json_object_new_boolean(s->interrupted));
	json_object_object_add(soak, "cut_short",
			       json_object_new_boolean(s->cut_short));
	json_object_object_add(o, "soak", soak);
	return o;
}
