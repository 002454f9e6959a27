// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Option parsing of `kaesbench run` and of the sweep. Numbers are checked
 * for form only; their ranges are the kernel's to enforce, so that its
 * message names the limit.
 */

#include <getopt.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "bench/duration.h"
#include "bench/paths.h"
#include "bench/run_options.h"
#include "base/options.h"

enum {
	OPT_DECRYPT = 256,
	OPT_ALL_IMPLS,
	OPT_DEPTH,
	OPT_AAD,
	OPT_TAG,
	OPT_CHECK_EVERY,
	OPT_PATHS,
	OPT_NO_VERIFY,
	OPT_IMIX,
	OPT_CPUS,
	OPT_LATENCY,
	OPT_DEPTH_SWEEP,
	OPT_CROSSOVER,
	OPT_PLOT,
	OPT_CSV,
	OPT_MR,
	OPT_WAIT,
	OPT_NO_WAIT,
	OPT_CONTEXT,
};

static const struct {
	int opt;
	enum kb_param param;
	const char *name;
} numeric[] = {
	{ 'k', KB_P_KEY_BITS, "-k" },
	{ 't', KB_P_SAMPLE_MS, "-t" },
	{ 'r', KB_P_SAMPLES, "-r" },
	{ 'w', KB_P_WARMUP_MS, "-w" },
	{ OPT_DEPTH, KB_P_DEPTH, "--depth" },
	{ OPT_AAD, KB_P_AAD, "--aad" },
	{ OPT_TAG, KB_P_TAG, "--tag" },
	{ OPT_CHECK_EVERY, KB_P_CHECK_EVERY, "--check-every" },
};

/* The options that fill a request attribute but are no numeric parameter. */
static const struct {
	uint16_t attr;
	const char *name;
} attr_option[] = {
	{ KAESBENCH_A_RUN_DRIVER, "-d" },
	{ KAESBENCH_A_RUN_ALG, "-a" },
	{ KAESBENCH_A_RUN_SIZES, "-b" },
	{ KAESBENCH_A_RUN_DECRYPT, "--decrypt" },
	{ KAESBENCH_A_RUN_NO_VERIFY, "--no-verify" },
	{ KAESBENCH_A_VERIFY_CASES, "--cases" },
	{ KAESBENCH_A_VERIFY_SEED, "--seed" },
	{ KAESBENCH_A_RUN_CPUS, "--cpus" },
	{ KAESBENCH_A_RUN_LATENCY, "--latency" },
	{ KAESBENCH_A_RUN_WAIT_MS, "--wait" },
	{ KAESBENCH_A_RUN_CONTEXT, "--context" },
};

/**
 * kb_run_attr_option() - the option that sets a run request attribute
 * @attr: an enum kaesbench_attr value
 *
 * For the kernel's refusal of an attribute to name what the user typed.
 *
 * Return: the option, such as "--depth", or NULL for an attribute no
 * option sets.
 */
const char *kb_run_attr_option(uint16_t attr)
{
	size_t i;

	for (i = 0; i < sizeof(numeric) / sizeof(numeric[0]); i++)
		if (kb_param_attr[numeric[i].param] == attr)
			return numeric[i].name;
	for (i = 0; i < sizeof(attr_option) / sizeof(attr_option[0]); i++)
		if (attr_option[i].attr == attr)
			return attr_option[i].name;
	return NULL;
}

/* What --wait and --no-wait do, in every command that starts kernel jobs. */
const char kb_wait_usage[] =
	"      --wait SECONDS      behind another user's run or verification,\n"
	"                          wait at most this long for its end (default:\n"
	"                          as long as it states it takes, and 2 min more)\n"
	"      --no-wait           behind another run, fail at once\n";

/**
 * kb_wait_parse() - parse --wait SECONDS
 * @who: the command, for the message
 * @arg: the seconds: a whole number, or a duration with its unit (10m)
 * @w: set; 0 seconds is --no-wait
 *
 * Return: KB_EXIT_OK, or KB_EXIT_USAGE (printed).
 */
int kb_wait_parse(const char *who, const char *arg, struct kb_wait_opt *w)
{
	uint64_t ms;

	if (kb_parse_seconds(arg, &ms)) {
		fprintf(stderr,
			"%s: --wait: \"%s\" is not a number of seconds from 0 to 86400\n",
			who, arg);
		return KB_EXIT_USAGE;
	}
	w->never = !ms;
	w->ms = ms;
	return KB_EXIT_OK;
}

/* What --context does, in `run` and `verify`. */
const char kb_context_usage[] =
	"      --context WHERE     thread (default): call the driver from a\n"
	"                          kernel thread; softirq: with bottom halves\n"
	"                          disabled, as ESP's receive path calls it\n";

/**
 * kb_context_parse() - parse --context thread|softirq
 * @who: the command, for the message
 * @arg: the word
 * @context: set to the enum kaesbench_context value
 *
 * Return: KB_EXIT_OK, or KB_EXIT_USAGE (printed).
 */
int kb_context_parse(const char *who, const char *arg, uint32_t *context)
{
	if (!strcmp(arg, "thread")) {
		*context = KAESBENCH_CONTEXT_THREAD;
		return KB_EXIT_OK;
	}
	if (!strcmp(arg, "softirq")) {
		*context = KAESBENCH_CONTEXT_SOFTIRQ;
		return KB_EXIT_OK;
	}
	fprintf(stderr, "%s: --context: \"%s\" is neither thread nor softirq\n",
		who, arg);
	return KB_EXIT_USAGE;
}

/**
 * kb_run_usage() - print the usage of `kaesbench run` or of the sweep
 * @f: where to
 * @sweep: the sweep's, which has no implementation options
 */
void kb_run_usage(FILE *f, bool sweep)
{
	if (sweep)
		fprintf(f,
			"Usage: kaesbench [sweep] [--paths LIST] [-k BITS] [-b SIZES] [-t MS]\n"
			"                 [-r SAMPLES] [-w MS] [--decrypt] [--depth N] [--aad N]\n"
			"                 [--tag N] [--no-verify] [--check-every N] [--quiet]\n"
			"                 [--verbose] [--wait SECONDS | --no-wait]\n"
			"                 [--json | --csv[=samples] | --mr] [-o FILE] [--plot FILE]\n"
			"\n"
			"Measure every implementation of aes, cbc(aes), ctr(aes), xts(aes) and gcm(aes),\n"
			"and the same work from userspace through AF_ALG and OpenSSL.\n"
			"\n"
			"      --paths LIST        kernel, afalg, openssl, comma-separated\n"
			"                          (default: all three)\n");
	else
		fprintf(f,
			"Usage: kaesbench run (-d DRIVER | -a ALGORITHM [--all-impls]) [--paths LIST]\n"
			"                     [-k BITS]\n"
			"                     [-b SIZES | --imix [SPEC]] [-t MS] [-r SAMPLES] [-w MS]\n"
			"                     [--decrypt] [--depth N] [--aad N] [--tag N]\n"
			"                     [--no-verify] [--check-every N] [--latency]\n"
			"                     [--context thread|softirq]\n"
			"                     [--quiet] [--verbose] [--wait SECONDS | --no-wait]\n"
			"                     [--json | --csv[=samples] | --mr] [-o FILE] [--plot FILE]\n"
			"                     [--cpus LIST | --depth-sweep | --crossover]\n"
			"\n"
			"Measure one implementation, or all of one algorithm name.\n"
			"\n"
			"  -d, --driver DRIVER     the implementation, by driver name\n"
			"  -a, --algorithm NAME    the one the crypto API picks for NAME\n"
			"      --all-impls         with -a: every implementation of NAME\n"
			"      --paths LIST        kernel, afalg, openssl, comma-separated: the\n"
			"                          same work from userspace, AF_ALG bound to\n"
			"                          the same driver (default: kernel)\n"
			"      --imix [SPEC]       the rate of a packet-size mix COUNTxSIZE,...\n"
			"                          (default " KB_IMIX_DEFAULT
			")\n"
			"      --cpus LIST|all     on these CPUs at once (0-3,8): per-CPU and\n"
			"                          aggregate figures, scaling against one CPU\n"
			"      --latency           time every request: median and p99 latency\n"
			"%s"
			"      --depth-sweep       asynchronous implementations at depth 1, 2,\n"
			"                          4 ... 64, with latencies\n"
			"      --crossover         with -a: every implementation, then which is\n"
			"                          fastest and cheapest per size, and where each\n"
			"                          offload engine overtakes the CPU\n",
			kb_context_usage);
	fprintf(f,
		"  -k, --key-bits BITS     key length (default 128, xts 256)\n"
		"  -b, --sizes LIST        buffer sizes in bytes, comma-separated\n"
		"                          (default 16,64,256,1024,1420,4096,8192,16384)\n"
		"  -t, --time MS           duration of one sample (default 100)\n"
		"  -r, --samples N         samples per size (default 5)\n"
		"  -w, --warmup MS         untimed work before each size (default 20)\n"
		"      --decrypt           decrypt instead of encrypt\n"
		"      --depth N           requests in flight (default 1; sweep: 8 for\n"
		"                          asynchronous implementations)\n"
		"      --aad N             associated data bytes per aead request\n"
		"      --tag N             aead tag length\n"
		"      --no-verify         measure without verifying the implementation\n"
		"                          against the reference first, or checking\n"
		"                          measured requests\n"
		"      --check-every N     check one measured request in every N against\n"
		"                          the reference (default 32; 0: none)\n"
		"  -j, --json              print JSON, every sample and the environment\n"
		"      --csv[=samples]     print CSV: a row per size, or per sample\n"
		"      --mr                print the lines of openssl speed -mr\n"
		"  -o, --output FILE       write the results to FILE\n"
		"  -q, --quiet             no progress line on a terminal's standard error\n"
		"  -v, --verbose           the notes under every table, not once at the end\n"
		"      --plot FILE         draw MB/s against size into FILE, .svg or\n"
		"                          .png, with gnuplot (package gnuplot-nox)\n"
		"%s"
		"  -h, --help              print this help\n",
		kb_wait_usage);
}

static int numeric_opt(struct kb_run_opts *o, int c, const char *who,
		       char *argv[])
{
	size_t i;

	for (i = 0; i < sizeof(numeric) / sizeof(numeric[0]); i++) {
		if (numeric[i].opt != c)
			continue;
		if (kb_parse_u32(optarg, &o->param[numeric[i].param])) {
			fprintf(stderr, "%s: %s: \"%s\" is not a number\n", who,
				numeric[i].name, optarg);
			return KB_EXIT_USAGE;
		}
		o->given |= 1U << numeric[i].param;
		return KB_EXIT_OK;
	}
	kb_bad_option(who, argv);
	return KB_EXIT_USAGE;
}

/* --imix takes its SPEC as the next word too, unless that is an option. */
static int imix_opt(struct kb_run_opts *o, const char *who, char *argv[])
{
	const char *spec = optarg;

	if (!spec && argv[optind] && argv[optind][0] != '-')
		spec = argv[optind++];
	if (!spec)
		spec = KB_IMIX_DEFAULT;
	kb_imix_free(&o->imix);
	if (kb_imix_parse(spec, &o->imix)) {
		fprintf(stderr,
			"%s: --imix: \"%s\" is not a packet-size mix COUNTxSIZE,... of counts and sizes from 1 up\n",
			who, spec);
		return KB_EXIT_USAGE;
	}
	return KB_EXIT_OK;
}

static int output_opt(struct kb_run_opts *o, enum kb_output output)
{
	o->output = output;
	o->outputs_given |= 1U << output;
	return KB_EXIT_OK;
}

static int one_opt(struct kb_run_opts *o, int c, const char *who, char *argv[])
{
	switch (c) {
	case 'd':
		o->driver = optarg;
		return KB_EXIT_OK;
	case 'a':
		o->alg = optarg;
		return KB_EXIT_OK;
	case 'b':
		kb_sizes_free(&o->sizes);
		if (kb_sizes_parse(optarg, &o->sizes)) {
			fprintf(stderr,
				"%s: -b: \"%s\" is not a comma-separated list of sizes in bytes\n",
				who, optarg);
			return KB_EXIT_USAGE;
		}
		o->sizes_chosen = true;
		return KB_EXIT_OK;
	case OPT_DECRYPT:
		o->decrypt = true;
		return KB_EXIT_OK;
	case OPT_ALL_IMPLS:
		o->all_impls = true;
		return KB_EXIT_OK;
	case OPT_NO_VERIFY:
		o->no_verify = true;
		return KB_EXIT_OK;
	case OPT_IMIX:
		return imix_opt(o, who, argv);
	case OPT_CPUS:
		return kb_cpus_option(who, optarg, &o->cpus);
	case OPT_LATENCY:
		o->latency = true;
		return KB_EXIT_OK;
	case OPT_CONTEXT:
		return kb_context_parse(who, optarg, &o->context);
	case OPT_DEPTH_SWEEP:
		o->depth_sweep = true;
		return KB_EXIT_OK;
	case OPT_CROSSOVER:
		o->crossover = true;
		return KB_EXIT_OK;
	case OPT_PATHS:
		if (kb_paths_parse(optarg, &o->paths)) {
			fprintf(stderr,
				"%s: --paths: \"%s\" is not a comma-separated list of kernel, afalg and openssl\n",
				who, optarg);
			return KB_EXIT_USAGE;
		}
		return KB_EXIT_OK;
	case 'j':
		return output_opt(o, KB_OUT_JSON);
	case OPT_CSV:
		if (!optarg || !strcmp(optarg, "summary"))
			return output_opt(o, KB_OUT_CSV);
		if (!strcmp(optarg, "samples"))
			return output_opt(o, KB_OUT_CSV_SAMPLES);
		fprintf(stderr,
			"%s: --csv: \"%s\" is neither summary nor samples\n",
			who, optarg);
		return KB_EXIT_USAGE;
	case OPT_MR:
		return output_opt(o, KB_OUT_MR);
	case OPT_WAIT:
		return kb_wait_parse(who, optarg, &o->wait);
	case OPT_NO_WAIT:
		o->wait.never = true;
		return KB_EXIT_OK;
	case 'o':
		o->output_file = optarg;
		return KB_EXIT_OK;
	case OPT_PLOT:
		o->plot = optarg;
		return KB_EXIT_OK;
	case 'q':
		o->quiet = true;
		return KB_EXIT_OK;
	case 'v':
		o->verbose = true;
		return KB_EXIT_OK;
	case 'h':
		o->help = true;
		return KB_EXIT_OK;
	case ':':
		fprintf(stderr, "%s: %s needs a value\n", who,
			argv[optind - 1]);
		return KB_EXIT_USAGE;
	case '?':
		kb_bad_option(who, argv);
		return KB_EXIT_USAGE;
	default:
		return numeric_opt(o, c, who, argv);
	}
}

/* The options that shape kernel runs: one at a time, kernel path only. */
static int check_kernel_only(struct kb_run_opts *o, const char *who)
{
	bool any = o->cpus.count || o->depth_sweep || o->crossover;

	if (o->cpus.count && (o->depth_sweep || o->crossover)) {
		fprintf(stderr,
			"%s: --cpus goes with neither --depth-sweep nor --crossover\n",
			who);
		return KB_EXIT_USAGE;
	}
	if (any && (o->paths != KB_PATHS_KERNEL || o->imix.count)) {
		fprintf(stderr,
			"%s: --cpus, --depth-sweep and --crossover measure the kernel path: not with --paths or --imix\n",
			who);
		return KB_EXIT_USAGE;
	}
	if (o->cpus.count && o->all_impls) {
		fprintf(stderr,
			"%s: --cpus measures one implementation: not with --all-impls\n",
			who);
		return KB_EXIT_USAGE;
	}
	if (o->depth_sweep && kb_param_given(o, KB_P_DEPTH)) {
		fprintf(stderr, "%s: give --depth or --depth-sweep, not both\n",
			who);
		return KB_EXIT_USAGE;
	}
	if (o->crossover && !o->alg) {
		fprintf(stderr, "%s: --crossover needs -a ALGORITHM\n", who);
		return KB_EXIT_USAGE;
	}
	if (o->crossover)
		o->all_impls = true;
	if (o->depth_sweep)
		o->latency = true;
	return KB_EXIT_OK;
}

static int check(struct kb_run_opts *o, const char *who, bool sweep)
{
	if (!o->sizes.count && kb_sizes_copy(&o->sizes, kb_default_sizes,
					     kb_default_sizes_count)) {
		fprintf(stderr, "%s: out of memory\n", who);
		return KB_EXIT_ERROR;
	}
	/* More than one bit: two formats. */
	if (o->outputs_given & (o->outputs_given - 1)) {
		fprintf(stderr,
			"%s: --json, --csv and --mr exclude each other\n", who);
		return KB_EXIT_USAGE;
	}
	if (o->output_file && !o->output_file[0]) {
		fprintf(stderr, "%s: -o: the file name is empty\n", who);
		return KB_EXIT_USAGE;
	}
	if (sweep)
		return KB_EXIT_OK;
	if (!!o->driver == !!o->alg) {
		fprintf(stderr, "%s: give one of -d DRIVER and -a ALGORITHM\n",
			who);
		return KB_EXIT_USAGE;
	}
	/* Before kb_imix_prepare(), only -b has chosen sizes. */
	if (o->imix.count && o->sizes_chosen) {
		fprintf(stderr, "%s: give -b SIZES or --imix, not both\n", who);
		return KB_EXIT_USAGE;
	}
	if (o->all_impls && !o->alg) {
		fprintf(stderr, "%s: --all-impls needs -a ALGORITHM\n", who);
		return KB_EXIT_USAGE;
	}
	if (o->paths != KB_PATHS_KERNEL && (o->all_impls || o->imix.count)) {
		fprintf(stderr,
			"%s: --paths measures one implementation: not with --all-impls or --imix\n",
			who);
		return KB_EXIT_USAGE;
	}
	return check_kernel_only(o, who);
}

/**
 * kb_run_parse() - parse the arguments of `kaesbench run` or of the sweep
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 * @o: filled in; free it with kb_run_opts_free() whatever the result
 * @sweep: parse the sweep's options, which lack -d, -a and --all-impls
 *
 * Prints the usage to stderr on a usage error. With --help, sets @o->help
 * and leaves printing to the caller. Without -b, @o->sizes is the sweep's
 * default list.
 *
 * Return: KB_EXIT_OK to go on, KB_EXIT_USAGE, or KB_EXIT_ERROR.
 */
int kb_run_parse(int argc, char *argv[], struct kb_run_opts *o, bool sweep)
{
	static const struct option long_opts[] = {
		{ "driver", required_argument, NULL, 'd' },
		{ "algorithm", required_argument, NULL, 'a' },
		{ "all-impls", no_argument, NULL, OPT_ALL_IMPLS },
		{ "paths", required_argument, NULL, OPT_PATHS },
		{ "key-bits", required_argument, NULL, 'k' },
		{ "sizes", required_argument, NULL, 'b' },
		{ "time", required_argument, NULL, 't' },
		{ "samples", required_argument, NULL, 'r' },
		{ "warmup", required_argument, NULL, 'w' },
		{ "decrypt", no_argument, NULL, OPT_DECRYPT },
		{ "depth", required_argument, NULL, OPT_DEPTH },
		{ "aad", required_argument, NULL, OPT_AAD },
		{ "tag", required_argument, NULL, OPT_TAG },
		{ "check-every", required_argument, NULL, OPT_CHECK_EVERY },
		{ "no-verify", no_argument, NULL, OPT_NO_VERIFY },
		{ "imix", optional_argument, NULL, OPT_IMIX },
		{ "cpus", required_argument, NULL, OPT_CPUS },
		{ "latency", no_argument, NULL, OPT_LATENCY },
		{ "context", required_argument, NULL, OPT_CONTEXT },
		{ "depth-sweep", no_argument, NULL, OPT_DEPTH_SWEEP },
		{ "crossover", no_argument, NULL, OPT_CROSSOVER },
		{ "json", no_argument, NULL, 'j' },
		{ "plot", required_argument, NULL, OPT_PLOT },
		{ "csv", optional_argument, NULL, OPT_CSV },
		{ "mr", no_argument, NULL, OPT_MR },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "wait", required_argument, NULL, OPT_WAIT },
		{ "no-wait", no_argument, NULL, OPT_NO_WAIT },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const char *who = sweep ? "kaesbench" : "kaesbench run";
	int c, ret;

	memset(o, 0, sizeof(*o));
	/* The sweep takes every path, `kaesbench run` the kernel's. */
	o->paths = sweep ? KB_PATHS_ALL : KB_PATHS_KERNEL;
	/* 0, not 1: fully resets getopt, which may have run before. */
	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+:d:a:k:b:t:r:w:jhqvo:", long_opts,
				NULL)) != -1) {
		if (sweep && (c == 'd' || c == 'a' || c == OPT_ALL_IMPLS ||
			      c == OPT_IMIX || c == OPT_CPUS ||
			      c == OPT_LATENCY || c == OPT_CONTEXT ||
			      c == OPT_DEPTH_SWEEP || c == OPT_CROSSOVER)) {
			fprintf(stderr,
				"%s: -d, -a, --all-impls, --imix, --cpus, --latency, --context, --depth-sweep and --crossover are options of \"kaesbench run\"\n",
				who);
			ret = KB_EXIT_USAGE;
			goto usage;
		}
		ret = one_opt(o, c, who, argv);
		if (ret)
			goto usage;
		if (o->help)
			return KB_EXIT_OK;
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument \"%s\"\n", who,
			argv[optind]);
		ret = KB_EXIT_USAGE;
		goto usage;
	}
	ret = check(o, who, sweep);
	if (ret != KB_EXIT_USAGE)
		return ret;
usage:
	kb_run_usage(stderr, sweep);
	return ret;
}

/**
 * kb_run_opts_free() - free what kb_run_parse() allocated
 * @o: the options
 */
void kb_run_opts_free(struct kb_run_opts *o)
{
	kb_sizes_free(&o->sizes);
	kb_imix_free(&o->imix);
}

/**
 * kb_param_given() - whether a parameter was given on the command line
 * @o: the options
 * @p: the parameter
 *
 * Return: true if given.
 */
bool kb_param_given(const struct kb_run_opts *o, enum kb_param p)
{
	return o->given & (1U << p);
}

/**
 * kb_tables() - whether the results are tables for people
 * @o: the options
 *
 * Return: true unless --json, --csv or --mr was given, or the runs are
 * for the doctor to judge.
 */
bool kb_tables(const struct kb_run_opts *o)
{
	return o->output == KB_OUT_TABLES && !o->print_nothing;
}

/**
 * kb_param_or() - a parameter, or a default when not given
 * @o: the options
 * @p: the parameter
 * @def: the default
 *
 * Return: the value.
 */
uint32_t kb_param_or(const struct kb_run_opts *o, enum kb_param p, uint32_t def)
{
	return kb_param_given(o, p) ? o->param[p] : def;
}

/**
 * kb_run_target() - what -d or -a names, among the registered
 * @o: the options
 * @list: the implementations registered
 *
 * Return: the -d driver, or what the crypto API hands out for -a; NULL
 * when not registered (yet: a template instance is made on first use).
 */
const struct kb_impl *kb_run_target(const struct kb_run_opts *o,
				    const struct kb_impl_list *list)
{
	const struct kb_impl *impl;

	/* kb_run_parse() lets through one of -d and -a, never both. */
	if (o->alg)
		return kb_impl_handed_out(list, o->alg);
	for (impl = list->impl; impl < list->impl + list->count; impl++)
		if (o->driver && !strcmp(impl->driver_name, o->driver))
			return impl;
	return NULL;
}

/* The block size of what -d or -a names, or 0 when not registered yet. */
static uint32_t block_of(const struct kb_run_opts *o,
			 const struct kb_impl_list *list)
{
	const struct kb_impl *impl = kb_run_target(o, list);

	if (!impl || kb_size_fits(impl, impl->block_size + 1))
		return 0;
	return impl->block_size;
}

/**
 * kb_imix_prepare() - make a run's sizes those of its mix
 * @o: the options, with @o->imix parsed; its sizes are replaced
 * @list: the implementations registered
 *
 * A block mode without ciphertext stealing takes whole blocks only: its
 * sizes are rounded up to the block, as ESP pads its payload.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_imix_prepare(struct kb_run_opts *o, const struct kb_impl_list *list)
{
	kb_imix_round(&o->imix, block_of(o, list));
	kb_sizes_free(&o->sizes);
	o->sizes_chosen = true;
	return kb_imix_sizes(&o->imix, &o->sizes);
}
