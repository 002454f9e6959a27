// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench verify`: each implementation against the kernel's generic
 * reference, one job after another as the kernel takes them.
 */

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "base/clock.h"
#include "base/signals.h"
#include "bench/duration.h"
#include "bench/cpus.h"
#include "output/environment.h"
#include "bench/measure.h"
#include "bench/sizes.h"
#include "bench/soak.h"
#include "cmd/verify.h"
#include "bench/runner.h"
#include "base/options.h"
#include "output/json_document.h"
#include "base/progress.h"
#include "runs/soak_report.h"
#include "runs/verify_report.h"

struct verify_opts {
	const char *driver;
	const char *alg;
	struct kb_run_req req; /* what every job asks */
	uint32_t param[KB_P_COUNT];
	struct kb_cpus cpus; /* --cpus: on these at once; none without */
	uint64_t soak_ms; /* --time: 0 without */
	bool json;
	bool help;
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: kaesbench verify [-d DRIVER | -a ALGORITHM] [--cases N] [--seed N]\n"
		"                        [--depth N] [--cpus LIST|all] [--time DURATION]\n"
		"                        [-k BITS] [--context thread|softirq] [--json]\n"
		"                        [--wait SECONDS | --no-wait]\n"
		"\n"
		"Check that implementations compute what an independent reference\n"
		"computes (the kernel's generic AES, or kaesbench's own where the kernel\n"
		"has none), on odd lengths and misaligned, scattered buffers. Without -d\n"
		"or -a, every AES implementation.\n"
		"\n"
		"  -d, --driver DRIVER     the implementation, by driver name\n"
		"  -a, --algorithm NAME    the one the crypto API picks for NAME\n"
		"      --cases N           cases per implementation (default 256)\n"
		"      --seed N            draw the cases from N (default: random)\n"
		"      --depth N           cases in flight together, completing in any\n"
		"                          order, 1 to 64 (default 1)\n"
		"      --cpus LIST|all     on these CPUs at once (0-3,8), the same\n"
		"                          cases on each, --depth of them in flight\n"
		"                          per CPU (default: one thread, any CPU)\n"
		"      --time DURATION     soak: verify one implementation round after\n"
		"                          round (of --cases each) until DURATION is up,\n"
		"                          then sum up; 500ms, 60s, 10m, up to 24h\n"
		"  -k, --key-bits BITS     key length (default 128, xts 256)\n"
		"%s"
		"  -j, --json              print JSON\n"
		"%s"
		"  -h, --help              print this help\n",
		kb_context_usage, kb_wait_usage);
}

static int number(int c, struct verify_opts *o)
{
	struct kb_run_req *r = &o->req;
	int ret;

	switch (c) {
	case 'c':
		ret = kb_parse_u32(optarg, &r->cases);
		r->has_cases = !ret;
		return ret;
	case 's':
		ret = kb_parse_u64(optarg, &r->seed);
		r->has_seed = !ret;
		return ret;
	case 'D':
		r->given |= 1U << KB_P_DEPTH;
		return kb_parse_u32(optarg, &o->param[KB_P_DEPTH]);
	default:
		r->given |= 1U << KB_P_KEY_BITS;
		return kb_parse_u32(optarg, &o->param[KB_P_KEY_BITS]);
	}
}

static int parse_time(const char *who, const char *arg, struct verify_opts *o)
{
	int ret = kb_parse_duration(arg, &o->soak_ms);

	if (ret == -ERANGE)
		fprintf(stderr,
			"%s: --time \"%s\" is out of range: more than 0, at most 24h\n",
			who, arg);
	else if (ret)
		fprintf(stderr,
			"%s: --time \"%s\": a whole number and a unit, ms, s, m or h (60s)\n",
			who, arg);
	return ret;
}

static int parse(int argc, char *argv[], struct verify_opts *o)
{
	static const struct option long_opts[] = {
		{ "driver", required_argument, NULL, 'd' },
		{ "algorithm", required_argument, NULL, 'a' },
		{ "cases", required_argument, NULL, 'c' },
		{ "seed", required_argument, NULL, 's' },
		{ "depth", required_argument, NULL, 'D' },
		{ "cpus", required_argument, NULL, 'C' },
		{ "time", required_argument, NULL, 'T' },
		{ "key-bits", required_argument, NULL, 'k' },
		{ "json", no_argument, NULL, 'j' },
		{ "wait", required_argument, NULL, 'W' },
		{ "no-wait", no_argument, NULL, 'N' },
		{ "context", required_argument, NULL, 'X' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const char *who = "kaesbench verify";
	int c, ret;

	memset(o, 0, sizeof(*o));
	o->req.verify = true;
	o->req.param = o->param;
	o->req.attr_name = kb_run_attr_option;
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:d:a:k:jh", long_opts, NULL)) !=
	       -1) {
		if (c == 'd' || c == 'a') {
			*(c == 'd' ? &o->driver : &o->alg) = optarg;
		} else if (c == 'T') {
			if (parse_time(who, optarg, o))
				goto usage;
		} else if (c == 'C') {
			ret = kb_cpus_option(who, optarg, &o->cpus);
			if (ret == KB_EXIT_USAGE)
				goto usage;
			if (ret)
				return ret;
			o->req.cpus = &o->cpus;
		} else if (c == 'W') {
			if (kb_wait_parse(who, optarg, &o->req.wait))
				goto usage;
		} else if (c == 'N') {
			o->req.wait.never = true;
		} else if (c == 'X') {
			if (kb_context_parse(who, optarg, &o->req.context))
				goto usage;
		} else if (c == 'j' || c == 'h') {
			*(c == 'j' ? &o->json : &o->help) = true;
		} else if (c == ':') {
			fprintf(stderr, "%s: %s needs a value\n", who,
				argv[optind - 1]);
			goto usage;
		} else if (c == '?') {
			kb_bad_option(who, argv);
			goto usage;
		} else if (number(c, o)) {
			fprintf(stderr, "%s: \"%s\" is not a number\n", who,
				optarg);
			goto usage;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument \"%s\"\n", who,
			argv[optind]);
		goto usage;
	}
	if (o->soak_ms && !o->driver && !o->alg) {
		fprintf(stderr,
			"%s: --time soaks one implementation: give -d DRIVER or -a ALGORITHM\n",
			who);
		goto usage;
	}
	if (!(o->driver && o->alg))
		return KB_EXIT_OK;
	fprintf(stderr, "%s: give -d DRIVER or -a ALGORITHM, not both\n", who);
usage:
	usage(stderr);
	return KB_EXIT_USAGE;
}

static int one(const struct verify_opts *o, const struct kb_impl *impl,
	       struct kb_run *run)
{
	struct kb_run_req req = o->req;

	if (impl) {
		req.driver = impl->driver_name;
		req.quiet = true;
		if (kb_impl_copy(&run->impl, impl))
			return -ENOMEM;
	} else {
		req.driver = o->driver;
		req.alg = o->alg;
		run->impl.driver_name = strdup(o->driver ? o->driver : "-");
		run->impl.alg_name = strdup(o->alg ? o->alg : "-");
		if (!run->impl.driver_name || !run->impl.alg_name)
			return -ENOMEM;
	}
	/* The runner erases it when the verification ends. */
	kb_progress_show("verifying %s", run->impl.driver_name);
	kb_runner_run(&req, run);
	return 0;
}

static int cmp_impl(const void *a, const void *b)
{
	return kb_impl_cmp_people(a, b);
}

/* Every implementation that is not internal, grouped by algorithm. */
static int all(const struct verify_opts *o, struct kb_runs *runs)
{
	struct kb_impl_list list = { 0 };
	struct kb_run *run;
	size_t i;
	int ret = 0;

	if (kb_bench_list(&list)) {
		kb_impl_list_free(&list);
		return -EIO;
	}
	qsort(list.impl, list.count, sizeof(*list.impl), cmp_impl);
	for (i = 0; !ret && i < list.count && !kb_interrupted(); i++) {
		if (list.impl[i].flags & KAESBENCH_IMPL_F_INTERNAL)
			continue;
		run = kb_runs_add(runs);
		ret = run ? one(o, &list.impl[i], run) : -ENOMEM;
	}
	kb_impl_list_free(&list);
	return ret;
}

static struct json_object *verification_item(const void *runs, size_t i)
{
	return kb_verify_to_json(&((const struct kb_run *)runs)[i]);
}

static int print(const struct verify_opts *o, const struct kb_runs *runs,
		 struct kb_verify_totals *t)
{
	size_t i;

	for (i = 0; i < runs->count; i++)
		t->count[kb_verdict(&runs->run[i])]++;
	if (!o->json) {
		kb_print_verify_table(stdout, runs->run, runs->count,
				      !o->req.has_seed);
		kb_print_verify_totals(stdout, t);
		return 0;
	}
	return kb_print_json_list(stdout, "verifications", verification_item,
				  runs->run, runs->count,
				  kb_env_json_here(NULL));
}

/* A single job's refusal was printed by the runner; a list gets its rows. */
static int finish(const struct verify_opts *o, const struct kb_runs *runs,
		  double start)
{
	struct kb_verify_totals t = { .fixed_seed = o->req.has_seed,
				      .seed = o->req.seed };
	bool single = o->driver || o->alg;
	int ret = KB_EXIT_OK;

	t.seconds = kb_now() - start;
	if (single && runs->count && runs->run[0].state == KB_RUN_REFUSED &&
	    !o->json)
		return kb_interrupted() ? KB_EXIT_INTERRUPTED : KB_EXIT_ERROR;
	if (print(o, runs, &t))
		fprintf(stderr, "kaesbench: out of memory\n");
	if (fflush(stdout) || ferror(stdout))
		perror("kaesbench: writing the results");
	if (t.count[KB_VERDICT_FAIL] || (single && t.count[KB_VERDICT_SKIP]))
		ret = KB_EXIT_ERROR;
	return kb_interrupted() ? KB_EXIT_INTERRUPTED : ret;
}

static struct json_object *soak_item(const void *s, size_t i)
{
	(void)i;
	return kb_soak_to_json(s);
}

/* --time: the soak, its summary even when interrupted. */
static int soak(const struct verify_opts *o)
{
	struct kb_soak s = { .ms = o->soak_ms };
	struct kb_run_req req = o->req;
	int ret;

	req.driver = o->driver;
	req.alg = o->alg;
	if (kb_soak_run(&req, &s)) {
		fprintf(stderr, "kaesbench: out of memory\n");
		kb_soak_release(&s);
		return KB_EXIT_ERROR;
	}
	if (!o->json)
		kb_print_soak(stdout, &s);
	else if (kb_print_json_list(stdout, "verifications", soak_item, &s, 1,
				    kb_env_json_here(NULL)))
		fprintf(stderr, "kaesbench: out of memory\n");
	if (fflush(stdout) || ferror(stdout))
		perror("kaesbench: writing the results");
	ret = kb_soak_failed(&s) ? KB_EXIT_ERROR : KB_EXIT_OK;
	if (s.interrupted)
		ret = KB_EXIT_INTERRUPTED;
	kb_soak_release(&s);
	return ret;
}

/**
 * kb_verify_main() - run `kaesbench verify`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: an exit status: 0 when every implementation passed (those
 * without a reference aside), 1 on a failure or error, 2 on a usage error,
 * 130 when interrupted.
 */
int kb_verify_main(int argc, char *argv[])
{
	struct kb_runs runs = { 0 };
	struct verify_opts o;
	double start = kb_now();
	struct kb_run *run;
	int ret;

	ret = parse(argc, argv, &o);
	if (ret || o.help) {
		if (o.help)
			usage(stdout);
		return ret;
	}
	ret = kb_check_library_name("kaesbench verify", o.driver);
	if (ret)
		return ret;
	if (kb_signals_install())
		return KB_EXIT_ERROR;
	if (o.soak_ms)
		return soak(&o);
	if (o.driver || o.alg) {
		run = kb_runs_add(&runs);
		ret = run ? one(&o, NULL, run) : -ENOMEM;
	} else {
		ret = all(&o, &runs);
	}
	if (ret == -ENOMEM)
		fprintf(stderr, "kaesbench: out of memory\n");
	if (ret)
		ret = kb_interrupted() ? KB_EXIT_INTERRUPTED : KB_EXIT_ERROR;
	else
		ret = finish(&o, &runs, start);
	kb_runs_free(&runs);
	return ret;
}
