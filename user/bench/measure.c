// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The sweep: what a bare `kaesbench` does. Runs are sequential, since the
 * kernel takes one at a time and parallel runs would measure each other.
 * A run that fails gives a row saying why, and the sweep goes on.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/kaesbench.h>

#include "userspace/afalg.h"
#include "output/csv.h"
#include "bench/environment.h"
#include "doctor/examine.h"
#include "output/impl_list.h"
#include "kernel/genl.h"
#include "output/imix_report.h"
#include "userspace/libcrypto.h"
#include "output/speed_mr.h"
#include "userspace/openssl.h"
#include "bench/paths.h"
#include "output/gnuplot.h"
#include "output/run_json.h"
#include "kernel/runner.h"
#include "subcommands.h"
#include "bench/measure.h"
#include "output/table.h"

static const char *const sweep_algs[] = {
	"aes", "cbc(aes)", "ctr(aes)", "xts(aes)", "gcm(aes)",
};

/**
 * kb_default_key_bits() - the key length the kernel uses by default
 * @alg: an algorithm name
 *
 * Return: 256 for xts, whose key is two AES keys, else 128.
 */
uint32_t kb_default_key_bits(const char *alg)
{
	return strstr(alg, "xts(") ? 256 : 128;
}

static int cmp_impl(const void *a, const void *b)
{
	return kb_impl_cmp_people(*(const struct kb_impl *const *)a,
				  *(const struct kb_impl *const *)b);
}

/**
 * kb_pick_impls() - the implementations of an algorithm name people use
 * @list: the implementations registered
 * @alg: the algorithm name
 * @count: set to how many
 *
 * Return: the non-internal implementations of @alg in table order, an
 * array to free(), or NULL if out of memory.
 */
const struct kb_impl **kb_pick_impls(const struct kb_impl_list *list,
				     const char *alg, size_t *count)
{
	const struct kb_impl **sel = calloc(list->count + 1, sizeof(*sel));
	size_t i;

	*count = 0;
	if (!sel)
		return NULL;
	for (i = 0; i < list->count; i++)
		if (!strcmp(list->impl[i].alg_name, alg) &&
		    !(list->impl[i].flags & KAESBENCH_IMPL_F_INTERNAL))
			sel[(*count)++] = &list->impl[i];
	qsort(sel, *count, sizeof(*sel), cmp_impl);
	return sel;
}

static void request(const struct kb_run_opts *o, const struct kb_impl *impl,
		    uint32_t depth, struct kb_run_req *req, uint32_t *param)
{
	memcpy(param, o->param, KB_P_COUNT * sizeof(*param));
	*req = (struct kb_run_req){
		.driver = impl->driver_name,
		.param = param,
		.given = o->given,
		.quiet = true,
		.progress = isatty(STDERR_FILENO),
		.no_verify = o->no_verify,
		.latency = o->latency,
		.cpus = o->cpus.count ? &o->cpus : NULL,
	};
	/* An offload engine needs requests queued to show its rate. */
	if (!depth && !kb_param_given(o, KB_P_DEPTH) &&
	    (impl->flags & KAESBENCH_IMPL_F_ASYNC))
		depth = KB_SWEEP_ASYNC_DEPTH;
	if (depth) {
		param[KB_P_DEPTH] = depth;
		req->given |= 1U << KB_P_DEPTH;
	}
}

/**
 * kb_bench_impl() - run one implementation as the sweep does
 * @o: the options
 * @impl: the implementation
 * @alg: its algorithm name
 * @depth: requests in flight; 0: --depth, else the sweep's default
 * @run: filled in; a run with no size the implementation takes is left
 *	 unsent
 *
 * Return: 0, or -ENOMEM; the run's own failure is in @run.
 */
int kb_bench_impl(const struct kb_run_opts *o, const struct kb_impl *impl,
		  const char *alg, uint32_t depth, struct kb_run *run)
{
	uint32_t param[KB_P_COUNT];
	struct kb_run_req req;

	if (kb_impl_copy(&run->impl, impl) ||
	    kb_sizes_filter(impl, &o->sizes, &run->sizes))
		return -ENOMEM;
	run->selected = !!(impl->flags & KAESBENCH_IMPL_F_SELECTED);
	run->ncpus = o->cpus.count;
	run->decrypt = o->decrypt;
	run->key_bits = kb_param_or(o, KB_P_KEY_BITS, kb_default_key_bits(alg));
	if (!run->sizes.count)
		return 0; /* every size n/a: nothing to ask */
	request(o, impl, depth, &req, param);
	kb_runner_run(&req, run);
	return 0;
}

/**
 * kb_print_alg_table() - print the sweep's table of some runs of @alg
 * @o: the options
 * @alg: the algorithm name
 * @runs: the runs
 * @first: the first of @runs to print
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_alg_table(const struct kb_run_opts *o, const char *alg,
		       const struct kb_runs *runs, size_t first)
{
	struct kb_table t = {
		.alg = alg,
		.key_bits =
			kb_param_or(o, KB_P_KEY_BITS, kb_default_key_bits(alg)),
		.decrypt = o->decrypt,
		.sample_ms =
			kb_param_or(o, KB_P_SAMPLE_MS, KB_DEFAULT_SAMPLE_MS),
		.samples = kb_param_or(o, KB_P_SAMPLES, KB_DEFAULT_SAMPLES),
		.sizes = &o->sizes,
		.runs = runs->run + first,
		.count = runs->count - first,
	};
	size_t i;

	for (i = first; i < runs->count; i++) {
		t.wall_s += runs->run[i].wall_s;
		/* The kernel says which key length it used. */
		if (runs->run[i].state >= KB_RUN_STARTED &&
		    runs->run[i].key_bits)
			t.key_bits = runs->run[i].key_bits;
	}
	if (kb_print_sweep_table(stdout, &t))
		return -ENOMEM;
	putchar('\n');
	fflush(stdout);
	return 0;
}

/**
 * kb_bench_alg() - run every implementation of an algorithm name
 * @o: the options
 * @list: the implementations registered
 * @alg: the algorithm name
 * @runs: appended to, one run per implementation, in table order
 *
 * Stops early once interrupted. Prints the algorithm's table when the
 * results are tables (not for @o->quiet).
 *
 * Return: 0, or -ENOMEM (printed).
 */
int kb_bench_alg(const struct kb_run_opts *o, const struct kb_impl_list *list,
		 const char *alg, struct kb_runs *runs)
{
	const struct kb_impl **sel;
	size_t i, count, first = runs->count;
	struct kb_run *run;
	int ret = 0;

	sel = kb_pick_impls(list, alg, &count);
	if (!sel)
		ret = -ENOMEM;
	for (i = 0; !ret && i < count && !kb_interrupted(); i++) {
		run = kb_runs_add(runs);
		ret = run ? kb_bench_impl(o, sel[i], alg, 0, run) : -ENOMEM;
	}
	free(sel);
	if (!ret && kb_tables(o))
		ret = kb_print_alg_table(o, alg, runs, first);
	if (ret)
		fprintf(stderr, "kaesbench: out of memory\n");
	return ret;
}

/**
 * kb_bench_list() - get the implementations to run
 * @list: filled in
 *
 * Return: 0, or -1 after printing why.
 */
int kb_bench_list(struct kb_impl_list *list)
{
	struct kb_genl g;
	int ret;

	ret = kb_genl_open(&g) || kb_get_impls(&g, list);
	kb_genl_close(&g);
	return ret ? -1 : 0;
}

/**
 * kb_find_target() - the registered implementation -d or -a names
 * @o: the options
 * @impl: filled in; release it with kb_impl_release() whatever the result
 *
 * Return: 0, or -1 after printing why.
 */
int kb_find_target(const struct kb_run_opts *o, struct kb_impl *impl)
{
	struct kb_impl_list list = { 0 };
	const struct kb_impl *target;
	int ret = -1;

	if (kb_bench_list(&list))
		goto out;
	target = kb_run_target(o, &list);
	if (!target)
		fprintf(stderr,
			"kaesbench run: no implementation %s is registered (a template instance is, after one plain run of it)\n",
			o->driver ? o->driver : o->alg);
	else if (kb_impl_copy(impl, target))
		fprintf(stderr, "kaesbench: out of memory\n");
	else
		ret = 0;
out:
	kb_impl_list_free(&list);
	return ret;
}

/* As kb_bench_list(), but a missing module is -ENOENT, and not printed. */
static int try_list(struct kb_impl_list *list)
{
	struct kb_genl g;
	int ret;

	ret = kb_genl_try_open(&g);
	if (!ret && kb_get_impls(&g, list))
		ret = -1;
	kb_genl_close(&g);
	return ret;
}

/* The JSON document of @runs, for --json and --plot. */
static int print_document(FILE *f, const struct kb_run_opts *o,
			  const struct kb_runs *runs)
{
	return o->imix.count ?
		       kb_print_imix_json(f, &o->imix, runs->run, runs->count,
					  kb_env_json_here(NULL)) :
		       kb_print_runs_json(f, runs->run, runs->count,
					  kb_env_json_here(NULL));
}

/* --plot: drawn from the document --json prints, printed or not. */
static int plot(const struct kb_run_opts *o, const struct kb_runs *runs)
{
	char *doc = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&doc, &len);
	int ret;

	if (!f || print_document(f, o, runs) || fclose(f)) {
		fprintf(stderr, "kaesbench: out of memory\n");
		free(doc);
		return KB_EXIT_ERROR;
	}
	ret = kb_plot_json("kaesbench", doc, len, o->plot);
	free(doc);
	return ret;
}

/* The results in the format asked for; tables were printed as they came. */
static int print_results(const struct kb_run_opts *o,
			 const struct kb_runs *runs, double start)
{
	switch (o->output) {
	case KB_OUT_TABLES:
		kb_print_total(stdout, kb_now() - start);
		return 0;
	case KB_OUT_JSON:
		return print_document(stdout, o, runs);
	case KB_OUT_CSV:
		return kb_print_runs_csv(stdout, runs->run, runs->count,
					 KB_CSV_SUMMARY);
	case KB_OUT_CSV_SAMPLES:
		return kb_print_runs_csv(stdout, runs->run, runs->count,
					 KB_CSV_SAMPLES);
	case KB_OUT_MR:
		return kb_print_runs_mr(stdout, stderr, &o->sizes, runs->run,
					runs->count);
	}
	return 0;
}

/**
 * kb_bench_finish() - print what is left to print, and pick the exit status
 * @o: the options
 * @runs: every run made
 * @start: kb_now() when the command started
 *
 * Return: 130 if interrupted, 1 if a run failed, the output or the plot
 * could not be written, or OpenSSL alone was asked for and libcrypto
 * cannot be loaded, else 0.
 */
int kb_bench_finish(const struct kb_run_opts *o, const struct kb_runs *runs,
		    double start)
{
	int status = KB_EXIT_OK;
	size_t i;

	for (i = 0; i < runs->count; i++)
		if (kb_run_failed(&runs->run[i]))
			status = KB_EXIT_ERROR;
	/* OpenSSL was all that was asked for, and there is none: an error. */
	if (o->paths == KB_PATHS_OPENSSL && kb_libcrypto_load()) {
		fprintf(stderr, "kaesbench: OpenSSL: n/a: %s\n",
			kb_libcrypto_error());
		status = KB_EXIT_ERROR;
	}
	if (print_results(o, runs, start)) {
		fprintf(stderr, "kaesbench: out of memory\n");
		status = KB_EXIT_ERROR;
	}
	if (fflush(stdout) || ferror(stdout)) {
		perror("kaesbench: writing the results");
		status = KB_EXIT_ERROR;
	}
	if (o->plot && runs->count && plot(o, runs))
		status = KB_EXIT_ERROR;
	return kb_interrupted() ? KB_EXIT_INTERRUPTED : status;
}

/**
 * kb_bench_done() - finish a command that made some runs, and free them
 * @o: the options
 * @runs: every run made; left empty
 * @err: 0, or -ENOMEM from making them (said here)
 * @start: kb_now() when the command started
 *
 * Return: the exit status, as kb_bench_finish() gives it.
 */
int kb_bench_done(const struct kb_run_opts *o, struct kb_runs *runs, int err,
		  double start)
{
	int ret;

	if (err)
		fprintf(stderr, "kaesbench: out of memory\n");
	ret = err ? KB_EXIT_ERROR : kb_bench_finish(o, runs, start);
	kb_runs_free(runs);
	return ret;
}

/* What the sweep knows before it starts: which paths it can take. */
struct sweep {
	const struct kb_run_opts *o;
	struct kb_impl_list list;
	struct kb_runs runs;
	const char *no_kernel; /* why the kernel path is missing, or NULL */
	char no_afalg[256]; /* why AF_ALG is missing, or "" */
};

#define NO_MODULE "the kaesbench module is not loaded"

/*
 * With only the kernel path, a missing module is an error as it always
 * was; with a userspace path too, the sweep goes on without the kernel.
 */
static int find_paths(struct sweep *sw)
{
	unsigned int paths = sw->o->paths;
	const char *no_openssl = NULL;
	int ret;

	if (paths == KB_PATHS_KERNEL)
		return kb_bench_list(&sw->list);
	if (paths & KB_PATHS_KERNEL) {
		ret = try_list(&sw->list);
		if (ret == -ENOENT)
			sw->no_kernel = NO_MODULE;
		else if (ret)
			return -1;
	}
	if (paths & KB_PATHS_AFALG)
		kb_afalg_available(sw->no_afalg, sizeof(sw->no_afalg));
	if ((paths & KB_PATHS_OPENSSL) && kb_libcrypto_load())
		no_openssl = kb_libcrypto_error();
	if (!kb_tables(sw->o))
		return 0;
	/* Said once here; the tables then leave those columns out. */
	if (sw->no_kernel)
		printf("kernel: n/a: %s (load it with \"modprobe kaesbench\")\n",
		       sw->no_kernel);
	if (sw->no_afalg[0])
		printf("AF_ALG: n/a: %s\n", sw->no_afalg);
	if (no_openssl)
		printf("OpenSSL: n/a: %s\n", no_openssl);
	if (sw->no_kernel || sw->no_afalg[0] || no_openssl)
		putchar('\n');
	return 0;
}

static void umeasure(const struct kb_run_opts *o, struct kb_umeasure *m)
{
	m->sample_ms = kb_param_or(o, KB_P_SAMPLE_MS, KB_DEFAULT_SAMPLE_MS);
	m->samples = kb_param_or(o, KB_P_SAMPLES, KB_DEFAULT_SAMPLES);
	m->warmup_ms = kb_param_or(o, KB_P_WARMUP_MS, KB_DEFAULT_WARMUP_MS);
}

/* A userspace run of @alg: its sizes, less those the mode cannot take. */
static struct kb_run *add_user_run(const struct kb_run_opts *o,
				   struct kb_runs *runs, const char *alg)
{
	struct kb_run *run = kb_runs_add(runs);
	size_t i;

	if (!run)
		return NULL;
	run->sizes.size = calloc(o->sizes.count + 1, sizeof(uint32_t));
	if (!run->sizes.size)
		return NULL;
	for (i = 0; i < o->sizes.count; i++)
		if (kb_path_size_fits(alg, o->sizes.size[i]))
			run->sizes.size[run->sizes.count++] = o->sizes.size[i];
	return run;
}

static int run_afalg(const struct kb_run_opts *o, struct kb_runs *runs,
		     const char *alg, const char *driver,
		     const struct kb_afalg_target *target, bool vmsplice)
{
	struct kb_afalg_req req = {
		.alg = alg,
		.driver = driver,
		.vmsplice = vmsplice,
		.depth = target->depth,
		.offload = target->offload,
		.key_bits =
			kb_param_or(o, KB_P_KEY_BITS, kb_default_key_bits(alg)),
		.decrypt = o->decrypt,
		.aad_len = kb_param_or(o, KB_P_AAD, 0),
		.tag_len = kb_param_or(o, KB_P_TAG, 0),
	};
	struct kb_umeasure m;
	struct kb_run *run = add_user_run(o, runs, alg);

	if (!run)
		return -ENOMEM;
	umeasure(o, &m);
	return kb_afalg_run(&req, &m, run);
}

static int run_openssl(const struct kb_run_opts *o, struct kb_runs *runs,
		       const char *alg)
{
	struct kb_ossl_req req = {
		.alg = alg,
		.key_bits =
			kb_param_or(o, KB_P_KEY_BITS, kb_default_key_bits(alg)),
		.decrypt = o->decrypt,
		.aad_len = kb_param_or(o, KB_P_AAD, 0),
		.tag_len = kb_param_or(o, KB_P_TAG, 0),
	};
	struct kb_umeasure m;
	struct kb_run *run = add_user_run(o, runs, alg);

	if (!run)
		return -ENOMEM;
	umeasure(o, &m);
	return kb_ossl_run(&req, &m, run);
}

/**
 * kb_bench_user_paths() - measure the userspace paths @o->paths selects
 * @o: the options
 * @alg: the algorithm name
 * @driver: the driver AF_ALG binds, or NULL to bind @alg; not in @runs,
 *	    whose runs may move
 * @target: how AF_ALG drives the implementation (kb_afalg_target());
 *	    when that is not known, one request at a time, not offload
 * @runs: appended to: AF_ALG copy, AF_ALG zero-copy, OpenSSL, as selected
 *
 * Stops early once interrupted. A path that cannot run gives a run that
 * says why (KB_RUN_UNAVAILABLE).
 *
 * Return: 0, or -ENOMEM.
 */
int kb_bench_user_paths(const struct kb_run_opts *o, const char *alg,
			const char *driver,
			const struct kb_afalg_target *target,
			struct kb_runs *runs)
{
	int ret = 0;

	if ((o->paths & KB_PATHS_AFALG) && !kb_interrupted())
		ret = run_afalg(o, runs, alg, driver, target, false);
	if (!ret && (o->paths & KB_PATHS_AFALG) && !kb_interrupted())
		ret = run_afalg(o, runs, alg, driver, target, true);
	if (!ret && (o->paths & KB_PATHS_OPENSSL) && !kb_interrupted())
		ret = run_openssl(o, runs, alg);
	return ret;
}

/**
 * kb_path_table_init() - a side-by-side table with no column yet
 * @t: set up
 * @o: the options: key length, direction, sample time and count, sizes
 * @alg: the algorithm name
 */
void kb_path_table_init(struct kb_path_table *t, const struct kb_run_opts *o,
			const char *alg)
{
	*t = (struct kb_path_table){
		.alg = alg,
		.key_bits =
			kb_param_or(o, KB_P_KEY_BITS, kb_default_key_bits(alg)),
		.decrypt = o->decrypt,
		.sample_ms =
			kb_param_or(o, KB_P_SAMPLE_MS, KB_DEFAULT_SAMPLE_MS),
		.samples = kb_param_or(o, KB_P_SAMPLES, KB_DEFAULT_SAMPLES),
		.sizes = &o->sizes,
	};
}

/**
 * kb_path_table_user_cols() - put userspace runs in a table's columns
 * @t: the table
 * @runs: the runs
 * @count: how many, each of a userspace path
 * @afalg: whether to show the AF_ALG runs
 */
void kb_path_table_user_cols(struct kb_path_table *t, const struct kb_run *runs,
			     size_t count, bool afalg)
{
	size_t i;

	for (i = 0; i < count; i++)
		if (runs[i].path == KB_PATH_OPENSSL)
			t->col[KB_COL_OPENSSL] = &runs[i];
		else if (afalg)
			t->col[runs[i].path == KB_PATH_AFALG_SENDMSG ?
				       KB_COL_AFALG_COPY :
				       KB_COL_AFALG_ZC] = &runs[i];
}

/* The kernel's runs of @alg, or one that says why there are none. */
static int run_kernel(struct sweep *sw, const char *alg)
{
	struct kb_run *run;

	if (!sw->no_kernel)
		return kb_bench_alg(sw->o, &sw->list, alg, &sw->runs);
	run = kb_runs_add(&sw->runs);
	if (!run)
		return -ENOMEM;
	run->impl.alg_name = strdup(alg);
	if (!run->impl.alg_name)
		return -ENOMEM;
	kb_run_unavailable(run, ENOENT, "%s", sw->no_kernel);
	return 0;
}

static const struct kb_run *selected(const struct kb_runs *runs, size_t first,
				     size_t end)
{
	size_t i;

	for (i = first; i < end; i++)
		if (runs->run[i].path == KB_PATH_KERNEL &&
		    runs->run[i].selected == 1)
			return &runs->run[i];
	return NULL;
}

static void print_paths(const struct sweep *sw, const char *alg, size_t first,
			size_t kernel_end)
{
	const struct kb_run *best;
	struct kb_path_table t;
	uint32_t at;

	kb_path_table_init(&t, sw->o, alg);
	if (!sw->no_kernel && kernel_end > first) {
		t.col[KB_COL_KERNEL] = selected(&sw->runs, first, kernel_end);
		best = kb_best_kernel_run(sw->runs.run + first,
					  kernel_end - first, &at);
		if (best != t.col[KB_COL_KERNEL])
			t.col[KB_COL_BEST] = best;
	}
	kb_path_table_user_cols(&t, sw->runs.run + kernel_end,
				sw->runs.count - kernel_end, !sw->no_afalg[0]);
	kb_print_path_table(stdout, &t);
	putchar('\n');
	fflush(stdout);
}

/* Every selected path of one algorithm, the kernel's first. */
static int sweep_alg(struct sweep *sw, const char *alg)
{
	unsigned int paths = sw->o->paths;
	const struct kb_run *sel;
	size_t first = sw->runs.count, kernel_end;
	struct kb_afalg_target target = { .depth = 1 };
	char *driver = NULL;
	int ret = 0;

	if (paths & KB_PATHS_KERNEL)
		ret = run_kernel(sw, alg);
	kernel_end = sw->runs.count;
	sel = selected(&sw->runs, first, kernel_end);
	/* A copy: the runs may move as the userspace runs are added. */
	if (!ret && sel) {
		driver = strdup(sel->impl.driver_name);
		target = kb_afalg_target(sw->o, &sel->impl, sel);
		ret = driver ? 0 : -ENOMEM;
	}
	if (!ret)
		ret = kb_bench_user_paths(sw->o, alg, driver, &target,
					  &sw->runs);
	free(driver);
	if (!ret && kb_tables(sw->o) && paths != KB_PATHS_KERNEL)
		print_paths(sw, alg, first, kernel_end);
	if (ret)
		fprintf(stderr, "kaesbench: out of memory\n");
	return ret;
}

/**
 * kb_sweep_main() - run the sweep, `kaesbench [sweep] [options]`
 * @argc: argument count, argv[0] being "sweep" or the program
 * @argv: the arguments
 *
 * Return: an exit status.
 */
int kb_sweep_main(int argc, char *argv[])
{
	struct kb_run_opts o;
	struct sweep sw = { .o = &o };
	double start = kb_now();
	size_t i;
	int ret;

	ret = kb_run_parse(argc, argv, &o, true);
	if (ret || o.help) {
		if (o.help)
			kb_run_usage(stdout, true);
		kb_run_opts_free(&o);
		return ret;
	}
	ret = kb_output_to(o.output_file, "kaesbench");
	if (!ret && o.plot)
		ret = kb_plot_check("kaesbench", o.plot);
	if (ret) {
		kb_output_done(ret, "kaesbench");
		kb_run_opts_free(&o);
		return ret;
	}
	if (o.no_verify && kb_tables(&o))
		kb_print_no_verify_header(stdout);
	if (kb_signals_install() || find_paths(&sw)) {
		kb_impl_list_free(&sw.list);
		kb_run_opts_free(&o);
		return kb_output_done(kb_interrupted() ? KB_EXIT_INTERRUPTED :
							 KB_EXIT_ERROR,
				      "kaesbench");
	}
	for (i = 0; !ret && i < sizeof(sweep_algs) / sizeof(sweep_algs[0]) &&
		    !kb_interrupted();
	     i++)
		ret = sweep_alg(&sw, sweep_algs[i]);
	ret = ret ? KB_EXIT_ERROR : kb_bench_finish(&o, &sw.runs, start);
	if (ret != KB_EXIT_INTERRUPTED && kb_tables(&o)) {
		putchar('\n');
		kb_doctor_sweep_section(stdout);
		fflush(stdout);
	}
	ret = kb_output_done(ret, "kaesbench");
	kb_runs_free(&sw.runs);
	kb_impl_list_free(&sw.list);
	kb_run_opts_free(&o);
	return ret;
}
