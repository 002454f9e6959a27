// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The rate of a packet-size mix per implementation, for people and as
 * JSON. Each distinct size of the mix is measured as any run measures a
 * size; the mix's rate is then computed from the medians, never measured
 * as a blend, so that it can be checked by hand from the figures printed.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bench/stats.h"
#include "runs/imix_report.h"
#include "output/json_document.h"
#include "runs/run_json.h"

static void print_head(FILE *f, const struct kb_imix *mix,
		       const struct kb_run *run, int name_w)
{
	size_t i;

	fprintf(f,
		"IMIX %s: %" PRIu64 " packets, mean %.1f B; %s %s, %" PRIu32
		"-bit key\n",
		mix->spec, kb_imix_packets(mix), kb_imix_mean_size(mix),
		run->impl.alg_name, run->decrypt ? "decrypt" : "encrypt",
		run->key_bits);
	fprintf(f, "  %-*s", name_w, "implementation");
	for (i = 0; i < mix->count; i++)
		fprintf(f, " %8" PRIu32 " B", mix->part[i].measured);
	fprintf(f, " %10s %8s\n", "packets/s", "Gbit/s");
}

static int print_row(FILE *f, const struct kb_imix *mix,
		     const struct kb_run *run, int name_w, double *ops)
{
	char num[KB_FMT3_MAX], reason[512];
	struct kb_imix_rate rate;
	size_t i;
	int ret;

	fprintf(f, "%c %-*s", run->selected == 1 ? '*' : ' ', name_w,
		run->impl.driver_name);
	if (kb_run_failed(run)) {
		fprintf(f, "  %s: %s\n",
			kb_run_invalid(run) ? "invalid" : "failed",
			kb_run_reason(run, reason, sizeof(reason)));
		return 0;
	}
	ret = kb_imix_of_run(mix, run, ops, &rate);
	if (ret == -ENOMEM)
		return ret;
	for (i = 0; i < mix->count; i++)
		fprintf(f, " %10s",
			ops[i] > 0 ? kb_fmt3(ops[i], num, sizeof(num)) : "-");
	if (ret) {
		fprintf(f, " %10s %8s\n", "-", "-");
		return 0;
	}
	fprintf(f, " %10s", kb_fmt3(rate.packets_per_s, num, sizeof(num)));
	fprintf(f, " %8s\n", kb_fmt3(rate.gbit_per_s, num, sizeof(num)));
	return 0;
}

static void print_notes(FILE *f, const struct kb_imix *mix)
{
	size_t i;
	bool rounded = false;

	fprintf(f,
		"columns: ops/s at each packet size (median); packets/s = 1 / sum(count / %" PRIu64
		" / ops/s); Gbit/s = packets/s x %.1f B x 8 / 10^9\n",
		kb_imix_packets(mix), kb_imix_mean_size(mix));
	for (i = 0; i < mix->count; i++) {
		if (mix->part[i].measured == mix->part[i].size)
			continue;
		fprintf(f, "%s%" PRIu32 " -> %" PRIu32,
			rounded ? ", " :
				  "rounded up to whole blocks, as ESP pads: ",
			mix->part[i].size, mix->part[i].measured);
		rounded = true;
	}
	if (rounded)
		fputc('\n', f);
}

/**
 * kb_print_imix() - print a mix's rate for each run
 * @f: where to
 * @mix: the mix
 * @runs: the runs, one per implementation, of the same algorithm
 * @count: how many
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_imix(FILE *f, const struct kb_imix *mix, const struct kb_run *runs,
		  size_t count)
{
	int name_w = strlen("implementation");
	double *ops;
	size_t i;
	int ret = 0;

	if (!count)
		return 0;
	ops = calloc(mix->count, sizeof(*ops));
	if (!ops)
		return -ENOMEM;
	for (i = 0; i < count; i++)
		if ((int)strlen(runs[i].impl.driver_name) > name_w)
			name_w = strlen(runs[i].impl.driver_name);
	print_head(f, mix, &runs[0], name_w);
	for (i = 0; !ret && i < count; i++)
		ret = print_row(f, mix, &runs[i], name_w, ops);
	print_notes(f, mix);
	free(ops);
	return ret;
}

static struct json_object *parts_json(const struct kb_imix *mix,
				      const double *ops)
{
	struct json_object *arr = json_object_new_array(), *p;
	size_t i;

	for (i = 0; arr && i < mix->count; i++) {
		p = json_object_new_object();
		if (!p || json_object_array_add(arr, p)) {
			json_object_put(p);
			json_object_put(arr);
			return NULL;
		}
		json_object_object_add(
			p, "count", json_object_new_int64(mix->part[i].count));
		json_object_object_add(
			p, "size", json_object_new_int64(mix->part[i].size));
		json_object_object_add(
			p, "measured_size",
			json_object_new_int64(mix->part[i].measured));
		json_object_object_add(
			p, "ops_per_s_median",
			ops[i] > 0 ? json_object_new_double(ops[i]) : NULL);
	}
	return arr;
}

static struct json_object *imix_json(const struct kb_imix *mix,
				     const struct kb_run *run, double *ops)
{
	struct json_object *o = json_object_new_object();
	struct kb_imix_rate rate;
	int ret;

	if (!o)
		return NULL;
	ret = kb_imix_of_run(mix, run, ops, &rate);
	json_object_object_add(o, "spec", json_object_new_string(mix->spec));
	json_object_object_add(o, "mean_size",
			       json_object_new_double(kb_imix_mean_size(mix)));
	json_object_object_add(o, "sizes", parts_json(mix, ops));
	json_object_object_add(
		o, "packets_per_s",
		ret ? NULL : json_object_new_double(rate.packets_per_s));
	json_object_object_add(o, "gbit_per_s",
			       ret ? NULL :
				     json_object_new_double(rate.gbit_per_s));
	return o;
}

/* What imix_item() makes each run's JSON from. */
struct imix_ctx {
	const struct kb_imix *mix;
	const struct kb_run *runs;
	double *ops;
};

static struct json_object *imix_item(const void *ctx, size_t i)
{
	const struct imix_ctx *c = ctx;
	struct json_object *o = kb_run_to_json(&c->runs[i]);

	if (o)
		json_object_object_add(o, "imix",
				       imix_json(c->mix, &c->runs[i], c->ops));
	return o;
}

/**
 * kb_print_imix_json() - print runs as one JSON document, each with its
 * rate on a mix
 * @f: where to
 * @mix: the mix
 * @runs: the runs
 * @count: how many
 * @env: the environment; its reference is taken, whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_imix_json(FILE *f, const struct kb_imix *mix,
		       const struct kb_run *runs, size_t count,
		       struct json_object *env)
{
	struct imix_ctx ctx = {
		.mix = mix,
		.runs = runs,
		.ops = calloc(mix->count + 1, sizeof(*ctx.ops)),
	};
	int ret;

	if (!ctx.ops) {
		json_object_put(env);
		return -ENOMEM;
	}
	ret = kb_print_json_list(f, "runs", imix_item, &ctx, count, env);
	free(ctx.ops);
	return ret;
}
