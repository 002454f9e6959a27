// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * openssl speed -mr prints, as apps/speed.c has it since OpenSSL 0.9.7:
 *
 *   on standard output          +H:16:64:256           the sizes, once
 *                               +F:25:AES-128-CBC:v1:v2:v3
 *                                                      bytes/s per size,
 *                                                      "%.2f"
 *   on standard error, per size +DT:AES-128-CBC:3:16   name, seconds, size
 *                               +R:1751507:AES-128-CBC:3.000000
 *                                                      operations, name,
 *                                                      seconds
 *
 * kaesbench prints a +F line per run, the median of its samples as in its
 * tables, and the +DT and +R lines of each size measured, after the runs.
 */

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "bench/paths.h"
#include "kernel/sample.h"
#include "runs/speed_mr.h"

/**
 * kb_mr_name() - the name of a run on its +F, +DT and +R lines
 * @run: the run
 * @buf: where to write
 * @len: size of @buf
 *
 * Return: @buf: the driver name for the kernel path, such as
 * "cbc-aes-aesni"; for a userspace path its name, a space and the driver
 * or cipher, such as "afalg-sendmsg cbc-aes-aesni" or "openssl
 * AES-128-CBC"; the algorithm name where the driver is unknown. A ':',
 * the fields' separator, becomes '_'.
 */
const char *kb_mr_name(const struct kb_run *run, char *buf, size_t len)
{
	const char *what = run->impl.driver_name && run->impl.driver_name[0] &&
					   strcmp(run->impl.driver_name, "-") ?
				   run->impl.driver_name :
			   run->impl.alg_name ? run->impl.alg_name :
						"-";
	char *c;

	if (run->path == KB_PATH_KERNEL)
		snprintf(buf, len, "%s", what);
	else
		snprintf(buf, len, "%s %s", kb_path_name(run->path), what);
	for (c = buf; *c; c++)
		if (*c == ':' || *c == '\n' || *c == '\r')
			*c = '_';
	return buf;
}

/* The +DT and +R lines of each size @run measured. */
static void print_timings(FILE *err, const struct kb_run *run, const char *name)
{
	uint64_t ops, wall_ns;
	size_t i, j;

	for (i = 0; i < run->sizes.count; i++) {
		ops = 0;
		wall_ns = 0;
		for (j = 0; j < run->samples; j++) {
			if (kb_sample_get(&run->sample[j], KB_SF_SIZE) !=
			    run->sizes.size[i])
				continue;
			ops += kb_sample_get(&run->sample[j], KB_SF_OPS);
			wall_ns +=
				kb_sample_get(&run->sample[j], KB_SF_WALL_NS);
		}
		if (!wall_ns)
			continue;
		/* openssl's seconds here are whole: the time asked for. */
		fprintf(err, "+DT:%s:%" PRIu64 ":%" PRIu32 "\n", name,
			(wall_ns + 500000000) / 1000000000, run->sizes.size[i]);
		fprintf(err, "+R:%" PRIu64 ":%s:%f\n", ops, name,
			wall_ns / 1e9);
	}
}

static const char *why_none(const struct kb_run *run, char *buf, size_t len)
{
	if (run->state == KB_RUN_NOT_STARTED)
		return "no size fits";
	if (run->state == KB_RUN_INTERRUPTED)
		return "interrupted";
	if (run->state == KB_RUN_ENDED && !run->status)
		return "no samples";
	return kb_run_reason(run, buf, len);
}

/* The median bytes/s of @run at @size, or 0 (openssl's "not measured"). */
static int bytes_per_s(const struct kb_run *run, uint32_t size, double *v)
{
	struct kb_summary sum;

	*v = 0;
	if (kb_summarize(run, size, &sum))
		return -ENOMEM;
	if (sum.samples)
		*v = sum.mbps_median * 1e6;
	return 0;
}

/**
 * kb_print_runs_mr() - print runs as openssl speed -mr does
 * @out: where the +H and +F lines go: standard output
 * @err: where the +DT and +R lines go, and why a run has no figures:
 *	 standard error, as openssl prints them
 * @sizes: the sizes asked for: the +H line, and the fields of every +F
 * @runs: the runs, a +F line each, numbered from 0 in this order
 * @count: how many
 *
 * A size a run did not measure (the mode cannot take it, or the run
 * failed) reads 0.00, as in openssl's own output.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_runs_mr(FILE *out, FILE *err, const struct kb_sizes *sizes,
		     const struct kb_run *runs, size_t count)
{
	char name[256], reason[512];
	size_t i, j;
	double v;

	for (i = 0; i < count; i++) {
		kb_mr_name(&runs[i], name, sizeof(name));
		print_timings(err, &runs[i], name);
		if (!runs[i].samples)
			fprintf(err, "kaesbench: %s: no figures: %s\n", name,
				why_none(&runs[i], reason, sizeof(reason)));
	}
	fflush(err);
	fputs("+H", out);
	for (j = 0; j < sizes->count; j++)
		fprintf(out, ":%" PRIu32, sizes->size[j]);
	fputc('\n', out);
	for (i = 0; i < count; i++) {
		fprintf(out, "+F:%zu:%s", i,
			kb_mr_name(&runs[i], name, sizeof(name)));
		for (j = 0; j < sizes->count; j++) {
			if (bytes_per_s(&runs[i], sizes->size[j], &v))
				return -ENOMEM;
			fprintf(out, ":%.2f", v);
		}
		fputc('\n', out);
	}
	return 0;
}
