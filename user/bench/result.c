// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Turning raw samples into the figures of a table row. Each figure is the
 * median over samples of a per-sample rate, so that one sample disturbed
 * by another task does not move it.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "bench/result.h"
#include "bench/stats.h"

/**
 * kb_run_add_sample() - append a sample to a run
 * @run: the run
 * @s: the sample, copied
 *
 * Return: 0, or -ENOMEM.
 */
int kb_run_add_sample(struct kb_run *run, const struct kb_sample *s)
{
	if (run->samples == run->samples_alloc) {
		size_t n = run->samples_alloc ? 2 * run->samples_alloc : 64;
		struct kb_sample *grown;

		grown = reallocarray(run->sample, n, sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		run->sample = grown;
		run->samples_alloc = n;
	}
	run->sample[run->samples++] = *s;
	return 0;
}

/**
 * kb_run_release() - free what a run holds
 * @run: the run; its struct itself is not freed
 */
void kb_run_release(struct kb_run *run)
{
	kb_impl_release(&run->impl);
	free(run->message);
	free(run->cpu_list);
	free(run->notice);
	kb_sizes_free(&run->sizes);
	free(run->sample);
	free(run->library);
	free(run->measured);
	kb_check_release(&run->check);
	memset(run, 0, sizeof(*run));
}

/**
 * kb_run_failed() - whether a run ended in an error
 * @run: the run
 *
 * Return: true if it was refused, ended with a non-zero status or was
 * lost; an interrupted run is not a failure of the implementation.
 */
bool kb_run_failed(const struct kb_run *run)
{
	return run->state == KB_RUN_REFUSED || run->state == KB_RUN_LOST ||
	       (run->state == KB_RUN_ENDED && run->status);
}

/**
 * kb_run_invalid() - whether a run's implementation computed a wrong result
 * @run: the run
 *
 * Its verification first caught it, and it measured nothing, or a request
 * it measured came back wrong: an implementation that computes wrong
 * results has no throughput worth showing, not even of the sizes before.
 *
 * Return: true if the kernel sent the case that failed, or counted a wrong
 * measured request.
 */
bool kb_run_invalid(const struct kb_run *run)
{
	return run->state == KB_RUN_ENDED && run->status &&
	       (run->check.has_case || run->measured_wrong);
}

/**
 * kb_runs_add() - append an empty run
 * @runs: the array
 *
 * Return: the new run, zeroed but for @selected (-1, unknown), or NULL if
 * out of memory. Pointers to earlier runs may move.
 */
struct kb_run *kb_runs_add(struct kb_runs *runs)
{
	struct kb_run *run;

	if (runs->count == runs->alloc) {
		size_t n = runs->alloc ? 2 * runs->alloc : 16;
		struct kb_run *grown;

		grown = reallocarray(runs->run, n, sizeof(*grown));
		if (!grown)
			return NULL;
		runs->run = grown;
		runs->alloc = n;
	}
	run = &runs->run[runs->count++];
	memset(run, 0, sizeof(*run));
	run->selected = -1;
	return run;
}

/**
 * kb_runs_free() - free an array of runs and what they hold
 * @runs: the array; left empty
 */
void kb_runs_free(struct kb_runs *runs)
{
	size_t i;

	for (i = 0; i < runs->count; i++)
		kb_run_release(&runs->run[i]);
	free(runs->run);
	memset(runs, 0, sizeof(*runs));
}

/* Collects one per-sample figure of the samples of one size. */
static size_t collect(const struct kb_run *run, uint32_t size, double *out,
		      double (*fig)(const struct kb_sample *))
{
	size_t i, n = 0;

	for (i = 0; i < run->samples; i++)
		if (run->sample[i].size == size)
			out[n++] = fig(&run->sample[i]);
	return n;
}

static double fig_mbps(const struct kb_sample *s)
{
	return kb_mbps(s->bytes, s->wall_ns);
}

static double fig_ops(const struct kb_sample *s)
{
	return s->wall_ns ? (double)s->ops * 1e9 / (double)s->wall_ns : 0;
}

static double fig_cpb(const struct kb_sample *s)
{
	return s->bytes ? (double)s->cycles / (double)s->bytes : 0;
}

/* All CPUs' busy time, in cycles at the TSC's rate, per byte. */
static double fig_cpu_cpb(const struct kb_sample *s)
{
	return (double)s->busy_ns * (double)s->cycles / (double)s->wall_ns /
	       (double)s->bytes;
}

static void cycles_median(const struct kb_run *run, uint32_t size, double *buf,
			  struct kb_summary *sum)
{
	size_t i, n = 0;

	/* Only samples that carry a cycle count, and that did some work. */
	for (i = 0; i < run->samples; i++) {
		const struct kb_sample *s = &run->sample[i];

		if (s->size == size && s->has_cycles && s->bytes && s->wall_ns)
			buf[n++] = fig_cpb(s);
	}
	sum->has_cycles = n > 0;
	sum->cycles_per_byte = kb_median(buf, n);
	for (i = n = 0; i < run->samples; i++) {
		const struct kb_sample *s = &run->sample[i];

		if (s->size == size && s->has_cycles && s->bytes && s->wall_ns)
			buf[n++] = fig_cpu_cpb(s);
	}
	sum->cpu_cycles_per_byte = kb_median(buf, n);
}

/*
 * Per byte in nanoseconds, wall and busy: what the cycle counts say where
 * the kernel sends none (arm64's generic timer counts no CPU cycles).
 */
static void ns_median(const struct kb_run *run, uint32_t size, double *buf,
		      struct kb_summary *sum)
{
	size_t i, n = 0;

	for (i = 0; i < run->samples; i++) {
		const struct kb_sample *s = &run->sample[i];

		if (s->size == size && s->bytes)
			buf[n++] = (double)s->wall_ns / (double)s->bytes;
	}
	sum->ns_per_byte = kb_median(buf, n);
	for (i = n = 0; i < run->samples; i++) {
		const struct kb_sample *s = &run->sample[i];

		if (s->size == size && s->bytes)
			buf[n++] = (double)s->busy_ns / (double)s->bytes;
	}
	sum->cpu_ns_per_byte = kb_median(buf, n);
}

static double fig_p50(const struct kb_sample *s)
{
	return s->lat_p50_ns;
}

static double fig_p99(const struct kb_sample *s)
{
	return s->lat_p99_ns;
}

/* Medians over the samples that timed some request. */
static void latency_median(const struct kb_run *run, uint32_t size, double *buf,
			   struct kb_summary *sum)
{
	double (*const fig[2])(const struct kb_sample *) = { fig_p50, fig_p99 };
	double *out[2] = { &sum->lat_p50_ns, &sum->lat_p99_ns };
	size_t i, k, n;

	for (k = 0; k < 2; k++) {
		for (i = n = 0; i < run->samples; i++) {
			const struct kb_sample *s = &run->sample[i];

			if (s->size == size && s->has_latency && s->lat_count)
				buf[n++] = fig[k](s);
		}
		*out[k] = kb_median(buf, n);
	}
	sum->has_latency = n > 0;
}

/*
 * How the requests went, summed: counts, not rates, so that a share
 * (SIMD unusable for 3 % of the calls) weighs each call once.
 */
static void calls_sum(const struct kb_run *run, uint32_t size,
		      struct kb_summary *sum)
{
	size_t i, n = 0, with = 0;

	for (i = 0; i < run->samples; i++) {
		const struct kb_sample *s = &run->sample[i];

		if (s->size != size)
			continue;
		n++;
		if (!s->has_calls)
			continue;
		with++;
		sum->submitted += s->submitted;
		sum->no_simd += s->no_simd;
		sum->deferred += s->deferred;
	}
	/* A share of some samples only would read as the whole size's. */
	sum->has_calls = n && with == n;
}

/**
 * kb_summarize() - the figures of one size of a run
 * @run: the run
 * @size: the buffer size
 * @sum: filled in; @sum->samples is 0 when no sample of @size arrived
 *
 * Return: 0, or -ENOMEM.
 */
int kb_summarize(const struct kb_run *run, uint32_t size,
		 struct kb_summary *sum)
{
	uint64_t wall = 0, busy = 0, thread = 0;
	double *v;
	size_t i, n;

	memset(sum, 0, sizeof(*sum));
	sum->size = size;
	v = calloc(run->samples ? run->samples : 1, sizeof(*v));
	if (!v)
		return -ENOMEM;
	n = collect(run, size, v, fig_mbps);
	sum->samples = n;
	sum->mbps_median = kb_median(v, n);
	sum->mbps_min = kb_min(v, n);
	sum->mbps_max = kb_max(v, n);
	sum->spread = kb_spread(v, n);
	n = collect(run, size, v, fig_ops);
	sum->ops_per_s = kb_median(v, n);
	cycles_median(run, size, v, sum);
	ns_median(run, size, v, sum);
	latency_median(run, size, v, sum);
	calls_sum(run, size, sum);
	free(v);
	for (i = 0; i < run->samples; i++) {
		if (run->sample[i].size != size)
			continue;
		wall += run->sample[i].wall_ns;
		busy += run->sample[i].busy_ns;
		thread += run->sample[i].thread_ns;
	}
	sum->cpu_percent = kb_percent(busy, wall);
	sum->thread_cpu_percent = kb_percent(thread, wall);
	return 0;
}

/**
 * kb_context_name() - where a kernel job submitted its requests, in a word
 * @context: an enum kaesbench_context value
 *
 * Return: "thread" or "softirq", the words of --context and of the JSON;
 * "unknown" for a value this tool does not know.
 */
const char *kb_context_name(uint32_t context)
{
	switch (context) {
	case KAESBENCH_CONTEXT_THREAD:
		return "thread";
	case KAESBENCH_CONTEXT_SOFTIRQ:
		return "softirq";
	}
	return "unknown";
}

/**
 * kb_run_has_latency() - whether a run timed its requests
 * @run: the run
 *
 * Return: true if a sample carries latencies.
 */
bool kb_run_has_latency(const struct kb_run *run)
{
	size_t i;

	for (i = 0; i < run->samples; i++)
		if (run->sample[i].has_latency)
			return true;
	return false;
}

/**
 * kb_run_cpu_percent() - CPU use over all samples of a run
 * @run: the run
 * @any: set to whether there was any sample
 *
 * Summed before dividing, so long samples weigh as much as they lasted.
 *
 * Return: all CPUs' busy time over wall time, in percent of one CPU.
 */
double kb_run_cpu_percent(const struct kb_run *run, bool *any)
{
	uint64_t wall = 0, busy = 0;
	size_t i;

	for (i = 0; i < run->samples; i++) {
		wall += run->sample[i].wall_ns;
		busy += run->sample[i].busy_ns;
	}
	*any = run->samples > 0;
	return kb_percent(busy, wall);
}

/* The figures of the largest size measured; false without a sample. */
static bool largest(const struct kb_run *run, struct kb_summary *sum)
{
	uint32_t size = 0;
	size_t i;

	for (i = 0; i < run->samples; i++)
		if (run->sample[i].size > size)
			size = run->sample[i].size;
	return run->samples && !kb_summarize(run, size, sum);
}

/**
 * kb_run_cycles_per_byte() - cycles per byte at the largest size measured
 * @run: the run
 * @cpb: set to the median over that size's samples
 *
 * The largest buffer shows the steady state, with the per-request cost
 * spread thinnest.
 *
 * Return: true if the kernel sent cycle counts for that size.
 */
bool kb_run_cycles_per_byte(const struct kb_run *run, double *cpb)
{
	struct kb_summary sum;

	if (!largest(run, &sum))
		return false;
	*cpb = sum.cycles_per_byte;
	return sum.has_cycles;
}

/**
 * kb_run_ns_per_byte() - wall nanoseconds per byte at the largest size
 * measured
 * @run: the run
 * @nspb: set to the median over that size's samples
 *
 * The figure kb_run_cycles_per_byte() gives, in time rather than cycles:
 * it needs no cycle counter.
 *
 * Return: true if a sample of that size processed some bytes.
 */
bool kb_run_ns_per_byte(const struct kb_run *run, double *nspb)
{
	struct kb_summary sum;

	if (!largest(run, &sum) || !(sum.ns_per_byte > 0))
		return false;
	*nspb = sum.ns_per_byte;
	return true;
}

/**
 * kb_runs_without_cycles() - whether runs have figures but no cycle count
 * @runs: the runs, of one table
 * @count: how many
 *
 * The kernel sends cycles only on x86 with a constant-rate TSC; a table
 * of runs without them shows nanoseconds per byte instead.
 *
 * Return: true if some run has a sample and no sample a cycle count;
 * false for runs with no sample at all (nothing to say either way).
 */
bool kb_runs_without_cycles(const struct kb_run *runs, size_t count)
{
	bool any = false;
	size_t r, i;

	for (r = 0; r < count; r++)
		for (i = 0; i < runs[r].samples; i++) {
			if (runs[r].sample[i].has_cycles)
				return false;
			any = true;
		}
	return any;
}

/**
 * kb_run_eperm() - why the module refused a run with -EPERM, in words
 * @message: the kernel's message, or NULL
 *
 * Return: a sentence saying what is missing: the initial network
 * namespace, or CAP_SYS_ADMIN.
 */
const char *kb_run_eperm(const char *message)
{
	if (message && strstr(message, "network namespace"))
		return "the kaesbench module serves the initial network namespace only: run kaesbench there, not in a container's own network namespace";
	return "starting a run needs CAP_SYS_ADMIN (run kaesbench as root)";
}

/**
 * kb_run_reason() - why a run failed, in words
 * @run: the run
 * @buf: where to write
 * @len: size of @buf
 *
 * Return: @buf, such as "kernel: no such driver: No such file or
 * directory", or what kb_run_eperm() says for -EPERM.
 */
const char *kb_run_reason(const struct kb_run *run, char *buf, size_t len)
{
	int err = run->status < 0 ? -run->status : EPROTO;

	if (run->state == KB_RUN_REFUSED && err == EPERM)
		snprintf(buf, len, "%s", kb_run_eperm(run->message));
	else if (kb_run_invalid(run))
		snprintf(buf, len, "%s: %s",
			 run->check.has_case ? "verification failed" :
					       "a measured request was wrong",
			 run->message ? run->message : strerror(err));
	else if (run->state == KB_RUN_LOST || run->state == KB_RUN_UNAVAILABLE)
		snprintf(buf, len, "%s", run->message ? run->message : "lost");
	else if (run->message)
		snprintf(buf, len, "%s%s: %s",
			 run->state == KB_RUN_REFUSED ? "kernel: " : "",
			 run->message, strerror(err));
	else
		snprintf(buf, len, "%s", strerror(err));
	return buf;
}
