// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Every line starts with its verdict, so that `grep ^FAIL` finds the
 * implementations that compute wrong results. A failure gives the case in
 * words and the command that runs exactly the cases up to it again.
 */

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "runs/legend.h"
#include "runs/run_json.h"
#include "runs/verify_report.h"

#define NO_REFERENCE "no reference"

static const char *const verdict_word[] = {
	[KB_VERDICT_PASS] = "PASS",
	[KB_VERDICT_FAIL] = "FAIL",
	[KB_VERDICT_SKIP] = "SKIP",
	[KB_VERDICT_STOP] = "STOP",
};

/**
 * kb_verdict() - what a verification came to
 * @run: the verification
 *
 * The kernel refuses an algorithm it has no reference for ("no independent
 * reference for this algorithm on this kernel: ...", "the reference for
 * this algorithm is not available"): that is no failure of the
 * implementation.
 *
 * Return: the verdict.
 */
enum kb_verdict kb_verdict(const struct kb_run *run)
{
	if (run->state == KB_RUN_INTERRUPTED ||
	    (run->state == KB_RUN_ENDED && run->status == -EINTR))
		return KB_VERDICT_STOP;
	if (run->state == KB_RUN_REFUSED && run->message &&
	    strstr(run->message, "reference for this algorithm"))
		return KB_VERDICT_SKIP;
	if (run->state == KB_RUN_ENDED && !run->status)
		return KB_VERDICT_PASS;
	return KB_VERDICT_FAIL;
}

struct widths {
	int driver, alg, ref, seed;
};

static int wider(int w, const char *s)
{
	int n = s ? (int)strlen(s) : 1;

	return n > w ? n : w;
}

static const char *or_dash(const char *s)
{
	return s ? s : "-";
}

/*
 * The last column: cases done of those asked (on CPUs, on all of them
 * together: the same cases on each), or why there are none.
 */
static const char *cases_cell(const struct kb_run *run, char *buf, size_t len)
{
	const struct kb_check *c = &run->check;
	uint32_t asked = c->cases * (run->ncpus ? run->ncpus : 1);
	char reason[512], on[32] = "";
	int n;

	switch (kb_verdict(run)) {
	case KB_VERDICT_SKIP:
		return NO_REFERENCE;
	case KB_VERDICT_STOP:
		return "interrupted";
	default:
		break;
	}
	if (run->state != KB_RUN_ENDED) {
		snprintf(buf, len, "%s",
			 kb_run_reason(run, reason, sizeof(reason)));
		return buf;
	}
	if (run->ncpus > 1)
		snprintf(on, sizeof(on), " on %" PRIu32 " CPUs", run->ncpus);
	if (run->status && c->has_done)
		n = snprintf(buf, len, "%" PRIu32 " of %" PRIu32, c->done,
			     asked);
	else
		n = snprintf(buf, len, "%" PRIu32,
			     c->has_done ? c->done : asked);
	if (n >= 0 && (size_t)n < len)
		snprintf(buf + n, len - n, "%s", on);
	return buf;
}

/* Under a failure: the kernel's words, the case's layout, the command. */
static void print_failure(FILE *f, const struct kb_run *run)
{
	const struct kb_check *c = &run->check;
	char text[KB_VCASE_TEXT_MAX];
	int err = run->status < 0 ? -run->status : EPROTO;

	if (run->state != KB_RUN_ENDED)
		return;
	if (!c->has_case) {
		fprintf(f, "        %s%s%s\n", or_dash(run->message),
			run->message ? ": " : "", strerror(err));
		return;
	}
	fprintf(f, "        %s\n", run->message ? run->message : strerror(err));
	fprintf(f, "        %s\n",
		kb_vcase_layout(&c->vcase, text, sizeof(text)));
	if (c->has_requests) {
		fprintf(f,
			"        requests: %" PRIu64
			" checked at depth %" PRIu32,
			c->requests, c->depth ? c->depth : 1);
		if (run->cpu_list)
			fprintf(f, " on CPUs %s", run->cpu_list);
		fprintf(f, ", %" PRIu64 " wrong, %" PRIu64 " failed\n",
			c->wrong, c->errors);
	}
	/* At depth, a wrong answer may need the load around it. */
	fprintf(f,
		"        reproduce: kaesbench verify -d %s --seed %" PRIu64
		" --cases %" PRIu32,
		run->impl.driver_name, c->seed, c->vcase.index + 1);
	if (c->depth > 1)
		fprintf(f, " --depth %" PRIu32, c->depth);
	if (run->cpu_list)
		fprintf(f, " --cpus %s", run->cpu_list);
	/* Wrong with bottom halves disabled may be right in a thread. */
	if (run->context != KAESBENCH_CONTEXT_THREAD)
		fprintf(f, " --context %s", kb_context_name(run->context));
	fputc('\n', f);
}

static void print_row(FILE *f, const struct kb_run *run, const struct widths *w)
{
	enum kb_verdict v = kb_verdict(run);
	char cases[512], seed[24] = "-";

	if (run->check.has_seed)
		snprintf(seed, sizeof(seed), "%" PRIu64, run->check.seed);
	fprintf(f, "%-6s  %-*s  %-*s  %-*s  ", verdict_word[v], w->driver,
		or_dash(run->impl.driver_name), w->alg,
		or_dash(run->impl.alg_name), w->ref,
		or_dash(run->check.reference));
	if (w->seed)
		fprintf(f, "%-*s  ", w->seed, seed);
	fprintf(f, "%s\n", cases_cell(run, cases, sizeof(cases)));
	if (v == KB_VERDICT_FAIL)
		print_failure(f, run);
}

/**
 * kb_print_verify_table() - print a line per verification
 * @f: where to
 * @runs: the verifications
 * @count: how many
 * @seed_column: show each job's seed (when the kernel chose them)
 *
 * Return: 0.
 */
int kb_print_verify_table(FILE *f, const struct kb_run *runs, size_t count,
			  bool seed_column)
{
	struct widths w = { strlen("DRIVER"), strlen("ALGORITHM"),
			    strlen("REFERENCE"), 0 };
	size_t i;

	if (seed_column)
		w.seed = 20; /* UINT64_MAX has 20 digits */
	for (i = 0; i < count; i++) {
		w.driver = wider(w.driver, runs[i].impl.driver_name);
		w.alg = wider(w.alg, runs[i].impl.alg_name);
		w.ref = wider(w.ref, runs[i].check.reference);
	}
	fprintf(f, "%-6s  %-*s  %-*s  %-*s  ", "RESULT", w.driver, "DRIVER",
		w.alg, "ALGORITHM", w.ref, "REFERENCE");
	if (w.seed)
		fprintf(f, "%-*s  ", w.seed, "SEED");
	fprintf(f, "CASES\n");
	for (i = 0; i < count; i++)
		print_row(f, &runs[i], &w);
	/* Thread context is the default, said nowhere as before. */
	if (count && runs[0].context != KAESBENCH_CONTEXT_THREAD)
		fprintf(f, "context: each driver called %s\n",
			kb_context_words(runs[0].context));
	return 0;
}

/**
 * kb_print_verify_totals() - print the last line of `kaesbench verify`
 * @f: where to
 * @t: the totals
 */
void kb_print_verify_totals(FILE *f, const struct kb_verify_totals *t)
{
	fprintf(f, "verify: %zu passed, %zu failed, %zu without a reference",
		t->count[KB_VERDICT_PASS], t->count[KB_VERDICT_FAIL],
		t->count[KB_VERDICT_SKIP]);
	if (t->count[KB_VERDICT_STOP])
		fprintf(f, ", %zu interrupted", t->count[KB_VERDICT_STOP]);
	if (t->fixed_seed)
		fprintf(f, "; seed %" PRIu64, t->seed);
	else
		fprintf(f, "; seeds chosen by the kernel");
	fprintf(f, " (%.1f s)\n", t->seconds);
}

static struct json_object *u64(uint64_t v)
{
	return json_object_new_uint64(v);
}

static struct json_object *str(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

/**
 * kb_verify_to_json() - one verification as a JSON object
 * @run: the verification
 *
 * Return: a new object the caller must json_object_put(), or NULL if out of
 * memory.
 */
struct json_object *kb_verify_to_json(const struct kb_run *run)
{
	static const char *const result[] = {
		[KB_VERDICT_PASS] = "pass",
		[KB_VERDICT_FAIL] = "fail",
		[KB_VERDICT_SKIP] = "skip",
		[KB_VERDICT_STOP] = "interrupted",
	};
	const struct kb_check *c = &run->check;
	struct json_object *o = json_object_new_object();

	if (!o)
		return NULL;
	json_object_object_add(o, "result", str(result[kb_verdict(run)]));
	json_object_object_add(o, "driver", str(run->impl.driver_name));
	json_object_object_add(o, "algorithm", str(run->impl.alg_name));
	json_object_object_add(o, "reference", str(c->reference));
	json_object_object_add(o, "seed", c->has_seed ? u64(c->seed) : NULL);
	json_object_object_add(o, "cases", c->cases ? u64(c->cases) : NULL);
	json_object_object_add(o, "cases_done",
			       c->has_done ? u64(c->done) : NULL);
	json_object_object_add(o, "depth", c->depth ? u64(c->depth) : NULL);
	json_object_object_add(o, "context",
			       str(kb_context_name(run->context)));
	json_object_object_add(o, "cpus", str(run->cpu_list));
	json_object_object_add(o, "requests",
			       c->has_requests ? u64(c->requests) : NULL);
	json_object_object_add(o, "requests_wrong",
			       c->has_requests ? u64(c->wrong) : NULL);
	json_object_object_add(o, "requests_failed",
			       c->has_requests ? u64(c->errors) : NULL);
	json_object_object_add(o, "bytes_checked",
			       c->has_requests ? u64(c->bytes) : NULL);
	json_object_object_add(o, "slowest_completion_ns",
			       c->has_requests ? u64(c->slowest_ns) : NULL);
	json_object_object_add(o, "status", json_object_new_int(run->status));
	json_object_object_add(o, "message", str(run->message));
	json_object_object_add(
		o, "case", c->has_case ? kb_vcase_to_json(&c->vcase) : NULL);
	json_object_object_add(o, "wall_s",
			       json_object_new_double(run->wall_s));
	json_object_object_add(o, "waited", kb_wait_to_json(&run->wait));
	return o;
}
