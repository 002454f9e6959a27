// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The CPUs of one sample start together, and the sample lasts until the
 * last of them is done: the machine's rate is all their bytes over the
 * longest of their wall times. Busy time is the whole machine's in every
 * CPU's sample, so it is taken once, not added up.
 */

#include <errno.h>
#include <string.h>

#include "bench/aggregate.h"

#define MAX(a, b) ((a) > (b) ? (a) : (b))

static void combine(struct kb_sample *acc, const struct kb_sample *s)
{
	acc->ops += s->ops;
	acc->bytes += s->bytes;
	acc->thread_ns += s->thread_ns;
	acc->wall_ns = MAX(acc->wall_ns, s->wall_ns);
	acc->cycles = MAX(acc->cycles, s->cycles);
	acc->has_cycles = acc->has_cycles && s->has_cycles;
	if (s->busy_ns > acc->busy_ns) {
		acc->busy_ns = s->busy_ns;
		acc->user_ns = s->user_ns;
		acc->system_ns = s->system_ns;
		acc->softirq_ns = s->softirq_ns;
		acc->irq_ns = s->irq_ns;
	}
	/* Percentiles do not add up: the slowest CPU's, and say so. */
	acc->lat_count += s->lat_count;
	acc->lat_p50_ns = MAX(acc->lat_p50_ns, s->lat_p50_ns);
	acc->lat_p99_ns = MAX(acc->lat_p99_ns, s->lat_p99_ns);
	acc->lat_max_ns = MAX(acc->lat_max_ns, s->lat_max_ns);
	/* Counts add up, as ops do. */
	acc->submitted += s->submitted;
	acc->no_simd += s->no_simd;
	acc->deferred += s->deferred;
	acc->has_calls = acc->has_calls && s->has_calls;
}

static struct kb_sample *find(struct kb_run *run, uint32_t size, uint32_t index)
{
	size_t i;

	for (i = 0; i < run->samples; i++)
		if (run->sample[i].size == size &&
		    run->sample[i].index == index)
			return &run->sample[i];
	return NULL;
}

/* A run like @run, without samples yet. */
static int shell(const struct kb_run *run, struct kb_run *out)
{
	memset(out, 0, sizeof(*out));
	out->path = run->path;
	out->selected = run->selected;
	out->state = run->state;
	out->id = run->id;
	out->depth = run->depth;
	out->ncpus = run->ncpus;
	out->key_bits = run->key_bits;
	out->decrypt = run->decrypt;
	out->context = run->context;
	out->status = run->status;
	out->wall_s = run->wall_s;
	if (kb_impl_copy(&out->impl, &run->impl) ||
	    kb_sizes_copy(&out->sizes, run->sizes.size, run->sizes.count))
		return -ENOMEM;
	return 0;
}

/**
 * kb_run_aggregate() - the whole machine's figures of a per-CPU run
 * @run: samples from several CPUs
 * @agg: filled in, one sample per size and index; release it with
 *	 kb_run_release() whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_run_aggregate(const struct kb_run *run, struct kb_run *agg)
{
	struct kb_sample *acc, s;
	size_t i;

	if (shell(run, agg))
		return -ENOMEM;
	for (i = 0; i < run->samples; i++) {
		acc = find(agg, run->sample[i].size, run->sample[i].index);
		if (acc) {
			combine(acc, &run->sample[i]);
			continue;
		}
		s = run->sample[i];
		s.has_cpu = false;
		if (kb_run_add_sample(agg, &s))
			return -ENOMEM;
	}
	return 0;
}

/**
 * kb_run_one_cpu() - the samples one CPU of a per-CPU run took
 * @run: samples from several CPUs
 * @cpu: the CPU
 * @out: filled in; release it with kb_run_release() whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_run_one_cpu(const struct kb_run *run, uint32_t cpu, struct kb_run *out)
{
	size_t i;

	if (shell(run, out))
		return -ENOMEM;
	for (i = 0; i < run->samples; i++)
		if (run->sample[i].has_cpu && run->sample[i].cpu == cpu &&
		    kb_run_add_sample(out, &run->sample[i]))
			return -ENOMEM;
	return 0;
}

/**
 * kb_scaling_at() - the aggregate and the scaling of a --cpus run
 * @agg: the run at once, made one with kb_run_aggregate()
 * @one: the same work on the first CPU alone, or NULL
 * @size: the size
 * @sc: filled in; @sc->all.samples is 0 if @agg has none at @size
 *
 * Scaling is 100 % when every CPU adds what one CPU alone does.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_scaling_at(const struct kb_run *agg, const struct kb_run *one,
		  uint32_t size, struct kb_scaling *sc)
{
	struct kb_summary s1 = { 0 };

	memset(sc, 0, sizeof(*sc));
	if (kb_summarize(agg, size, &sc->all) ||
	    (one && kb_summarize(one, size, &s1)))
		return -ENOMEM;
	if (!s1.samples)
		return 0;
	sc->one_mbps = s1.mbps_median;
	if (s1.mbps_median > 0 && agg->ncpus)
		sc->scaling_percent = 100 * sc->all.mbps_median /
				      (agg->ncpus * s1.mbps_median);
	return 0;
}
