// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench run`: one implementation, with a row per buffer size, or
 * with --all-impls every implementation of a name, as in the sweep; with
 * --imix, the sizes of a packet mix and the mix's rate. Its other modes:
 * --cpus, one implementation on one CPU and then on all of them at once;
 * --depth-sweep, an asynchronous one at depth 1, 2, 4 ... 64, every
 * request timed; --crossover, every implementation of a name (offload
 * engines at every depth with --depth-sweep), then where which one wins.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "base/clock.h"
#include "base/signals.h"
#include "runs/crossover_report.h"
#include "bench/measure.h"
#include "bench/paths.h"
#include "cmd/run.h"
#include "bench/runner.h"
#include "base/options.h"
#include "runs/depth_table.h"
#include "runs/gnuplot.h"
#include "runs/imix_report.h"
#include "runs/legend.h"
#include "runs/path_table.h"
#include "base/progress.h"
#include "runs/results.h"
#include "runs/scaling_table.h"
#include "runs/table.h"
#include "userspace/afalg.h"
#include "userspace/measure_paths.h"

static int all_impls(const struct kb_run_opts *o, double start)
{
	struct kb_impl_list list = { 0 };
	struct kb_runs runs = { 0 };
	int ret;

	if (kb_bench_list(&list)) {
		kb_impl_list_free(&list);
		return kb_interrupted() ? KB_EXIT_INTERRUPTED : KB_EXIT_ERROR;
	}
	kb_progress_plan(kb_alg_samples(o, &list, o->alg));
	ret = kb_bench_alg(o, &list, o->alg, &runs);
	if (!ret && kb_tables(o) && kb_print_alg_table(o, o->alg, &runs, 0)) {
		fprintf(stderr, "kaesbench: out of memory\n");
		ret = -ENOMEM;
	}
	if (!ret && kb_tables(o) && o->imix.count &&
	    kb_print_imix(stdout, &o->imix, runs.run, runs.count))
		ret = -ENOMEM;
	ret = ret ? KB_EXIT_ERROR : kb_results_finish(o, &runs, start);
	kb_runs_free(&runs);
	kb_impl_list_free(&list);
	return ret;
}

/*
 * The run's sizes (kb_run_sizes()): sizes chosen for it need nothing of
 * the implementation; the sweep's need what it takes, and then its
 * listing says whether the kernel selects it.
 */
static int sizes(const struct kb_run_opts *o, struct kb_run *run)
{
	struct kb_impl_list list = { 0 };
	const struct kb_impl *impl;
	int ret;

	if (o->sizes_chosen)
		return kb_run_sizes(o, NULL, true, &run->sizes);
	if (kb_bench_list(&list)) {
		kb_impl_list_free(&list);
		return kb_interrupted() ? -EINTR : -EIO;
	}
	impl = kb_run_target(o, &list);
	if (impl)
		run->selected = kb_impl_selected(impl);
	ret = kb_run_sizes(o, impl, true, &run->sizes);
	kb_impl_list_free(&list);
	return ret;
}

static int setup(const struct kb_run_opts *o, struct kb_run *run)
{
	/* Until the kernel's reply names them, show what was asked for. */
	run->impl.alg_name = strdup(o->alg ? o->alg : "-");
	run->impl.driver_name = strdup(o->driver ? o->driver : "-");
	run->decrypt = o->decrypt;
	run->key_bits = kb_param_or(o, KB_P_KEY_BITS, 0);
	if (!run->impl.alg_name || !run->impl.driver_name)
		return -ENOMEM;
	return sizes(o, run);
}

static void say_why(const struct kb_run *run)
{
	char reason[512];

	if (run->state == KB_RUN_LOST)
		fprintf(stderr, "kaesbench: %s\n",
			kb_run_reason(run, reason, sizeof(reason)));
	else if (run->state == KB_RUN_ENDED && run->status)
		fprintf(stderr, "kaesbench: the run failed: %s\n",
			kb_run_reason(run, reason, sizeof(reason)));
}

/* The kernel's run, as a table; KB_EXIT_ERROR if refused (said why). */
static int report_kernel(const struct kb_run_opts *o, struct kb_run *run)
{
	/* The table shows a verification's failure instead of figures. */
	if (!kb_tables(o) || !kb_run_invalid(run))
		say_why(run);
	if (kb_tables(o) && run->state == KB_RUN_REFUSED)
		return KB_EXIT_ERROR; /* the runner said why */
	if (kb_tables(o) && run->state != KB_RUN_LOST &&
	    (kb_print_run_table(
		     stdout, run,
		     kb_param_or(o, KB_P_SAMPLE_MS, KAESBENCH_DEFAULT_SAMPLE_MS),
		     kb_param_or(o, KB_P_SAMPLES, KAESBENCH_DEFAULT_SAMPLES),
		     kb_results_legend(o)) ||
	     (o->imix.count && kb_print_imix(stdout, &o->imix, run, 1))))
		fprintf(stderr, "kaesbench: out of memory\n");
	return KB_EXIT_OK;
}

/* Every path side by side; @kernel: whether @runs starts with its run. */
static void report_paths(const struct kb_run_opts *o, const char *alg,
			 const struct kb_runs *runs, bool kernel)
{
	struct kb_path_table t;

	kb_path_table_init(&t, o, alg);
	t.driver_asked = !!o->driver;
	if (kernel)
		t.col[KB_COL_KERNEL] = &runs->run[0];
	kb_path_table_user_cols(&t, runs->run + kernel, runs->count - kernel,
				true);
	if (kernel)
		putchar('\n'); /* after the kernel's table */
	kb_print_path_table(stdout, &t);
	putchar('\n');
}

/* The kernel's run, appended to @runs. Return: 0, or an exit status. */
static int kernel(const struct kb_run_opts *o, struct kb_runs *runs)
{
	struct kb_run *run = kb_runs_add(runs);
	struct kb_run_req req = {
		.driver = o->driver,
		.alg = o->alg,
		.param = o->param,
		.given = o->given,
		.no_verify = o->no_verify,
		.latency = o->latency,
		.context = o->context,
		.wait = o->wait,
		.attr_name = kb_run_attr_option,
	};
	int ret = run ? setup(o, run) : -ENOMEM;

	if (ret == -ENOMEM)
		fprintf(stderr, "kaesbench: out of memory\n");
	if (ret == -EINTR)
		return KB_EXIT_INTERRUPTED;
	/* With -d, the userspace paths' algorithm is known only after. */
	if (!ret)
		kb_progress_plan(
			run->sizes.count *
				kb_param_or(o, KB_P_SAMPLES,
					    KAESBENCH_DEFAULT_SAMPLES) +
			(o->alg ? kb_user_paths_samples(o, o->alg, true, true) :
				  0));
	if (ret || kb_runner_run(&req, run))
		return KB_EXIT_ERROR;
	return report_kernel(o, run);
}

/*
 * What the userspace paths do: the kernel run's algorithm and driver as
 * its reply names them, else -a's name, else -d's as GET_IMPLS lists it;
 * and how AF_ALG drives it, which needs the implementation known (else
 * @target is left as it is).
 */
static int user_target(const struct kb_run_opts *o, const struct kb_runs *runs,
		       char **alg, char **driver,
		       struct kb_afalg_target *target)
{
	const struct kb_run *run = runs->count ? &runs->run[0] : NULL;
	struct kb_impl_list list = { 0 };
	const struct kb_impl *impl;

	if (run && run->state >= KB_RUN_STARTED) {
		*alg = strdup(run->impl.alg_name);
		*driver = strdup(run->impl.driver_name);
		*target = kb_afalg_target(o, &run->impl, run);
		return *alg && *driver ? 0 : -ENOMEM;
	}
	if (o->alg) {
		*alg = strdup(o->alg);
		return *alg ? 0 : -ENOMEM;
	}
	if (kb_bench_list(&list))
		return -EIO;
	impl = kb_run_target(o, &list);
	if (!impl)
		fprintf(stderr, "kaesbench run: no implementation %s\n",
			o->driver);
	else
		*target = kb_afalg_target(o, impl, NULL);
	*alg = impl ? strdup(impl->alg_name) : NULL;
	*driver = strdup(o->driver);
	kb_impl_list_free(&list);
	if (!impl)
		return -ENOENT;
	return *alg && *driver ? 0 : -ENOMEM;
}

/* The userspace paths --paths asks for, and the table of every path. */
static int user_paths(const struct kb_run_opts *o, struct kb_runs *runs)
{
	bool with_kernel = o->paths & KB_PATHS_KERNEL;
	struct kb_afalg_target target = { .depth = 1 };
	char *alg = NULL, *driver = NULL;
	int ret;

	ret = user_target(o, runs, &alg, &driver, &target);
	if (!ret) {
		kb_progress_plan(kb_user_paths_samples(o, alg, true, true));
		ret = kb_measure_user_paths(o, alg, driver, &target, runs);
	}
	if (!ret && kb_tables(o))
		report_paths(o, alg, runs, with_kernel);
	if (ret == -ENOMEM)
		fprintf(stderr, "kaesbench: out of memory\n");
	free(alg);
	free(driver);
	return ret ? KB_EXIT_ERROR : KB_EXIT_OK;
}

static int one(const struct kb_run_opts *o, double start)
{
	struct kb_runs runs = { 0 };
	int ret = KB_EXIT_OK;

	if (o->paths & KB_PATHS_KERNEL)
		ret = kernel(o, &runs);
	/* Userspace figures only beside a kernel run that went ahead. */
	if (!ret && o->paths != KB_PATHS_KERNEL && !kb_interrupted() &&
	    (!runs.count || runs.run[0].state >= KB_RUN_STARTED))
		ret = user_paths(o, &runs);
	if (!ret)
		ret = kb_results_finish(o, &runs, start);
	kb_runs_free(&runs);
	return ret;
}

/* The mix's sizes replace the run's, rounded to what the mode takes. */
static int imix_sizes(struct kb_run_opts *o)
{
	struct kb_impl_list list = { 0 };
	int ret;

	if (kb_bench_list(&list)) {
		kb_impl_list_free(&list);
		return kb_interrupted() ? KB_EXIT_INTERRUPTED : KB_EXIT_ERROR;
	}
	ret = kb_imix_prepare(o, &list);
	kb_impl_list_free(&list);
	if (ret)
		fprintf(stderr, "kaesbench: out of memory\n");
	return ret ? KB_EXIT_ERROR : KB_EXIT_OK;
}

static void say_failed(const struct kb_run *run)
{
	char reason[512];

	if (kb_run_failed(run))
		fprintf(stderr, "kaesbench: %s: %s\n", run->impl.driver_name,
			kb_run_reason(run, reason, sizeof(reason)));
}

/*
 * Under the scaling and depth tables, which have no "measured:" line of
 * their own: that the figures are softirq context's.
 */
static void say_context(const struct kb_run_opts *o)
{
	if (kb_tables(o) && o->context != KAESBENCH_CONTEXT_THREAD)
		printf("measured: the driver called %s\n",
		       kb_context_words(o->context));
}

/*
 * --cpus LIST: the implementation on the first CPU of the list alone, then
 * on all of them at once.
 */
static int cpus_at_once(const struct kb_run_opts *o, double start)
{
	struct kb_run_opts first = *o;
	struct kb_runs runs = { 0 };
	struct kb_impl impl = { 0 };
	struct kb_run *run;
	int ret = 0;

	if (kb_find_target(o, &impl))
		return kb_interrupted() ? KB_EXIT_INTERRUPTED : KB_EXIT_ERROR;
	first.cpus.count = 1;
	/* A sample per CPU: on the first alone, then on each at once. */
	kb_progress_plan(kb_impl_samples(o, &impl) *
			 ((o->cpus.count > 1) + o->cpus.count));
	if (o->cpus.count > 1) {
		run = kb_runs_add(&runs);
		ret = run ? kb_bench_impl(&first, &impl, impl.alg_name, 0,
					  run) :
			    -ENOMEM;
	}
	if (!ret && !kb_interrupted()) {
		run = kb_runs_add(&runs);
		ret = run ? kb_bench_impl(o, &impl, impl.alg_name, 0, run) :
			    -ENOMEM;
	}
	for (size_t i = 0; i < runs.count; i++)
		say_failed(&runs.run[i]);
	if (!ret && kb_tables(o) && runs.count &&
	    !kb_run_failed(&runs.run[runs.count - 1]))
		ret = kb_print_scaling(stdout,
				       runs.count > 1 ? &runs.run[0] : NULL,
				       &runs.run[runs.count - 1], &o->cpus);
	if (!ret && runs.count)
		say_context(o);
	ret = kb_results_done(o, &runs, ret, start);
	kb_impl_release(&impl);
	return ret;
}

/* How many of 1, 2, 4 ... @last. */
static size_t depths(uint32_t last)
{
	size_t n = 0;

	for (; last; last /= 2)
		n++;
	return n;
}

/*
 * --depth-sweep: a synchronous implementation completes each request in
 * the call that submits it, so it is measured once, at depth 1, with a
 * note.
 */
static int depth_sweep(const struct kb_run_opts *o, double start)
{
	struct kb_runs runs = { 0 };
	struct kb_impl impl = { 0 };
	uint32_t last = KAESBENCH_MAX_DEPTH;
	int ret = 0;

	if (kb_find_target(o, &impl))
		return kb_interrupted() ? KB_EXIT_INTERRUPTED : KB_EXIT_ERROR;
	if (!(impl.flags & KAESBENCH_IMPL_F_ASYNC)) {
		last = 1;
		if (kb_tables(o))
			printf("note: %s is synchronous: each request completes in the call that submits it, so depth does not apply; measured at depth 1\n\n",
			       impl.driver_name);
	}
	kb_progress_plan(kb_impl_samples(o, &impl) * depths(last));
	ret = kb_depth_sweep_runs(o, &impl, last, &runs);
	if (!ret && kb_tables(o) && runs.count)
		ret = kb_print_depth_sweep(stdout, runs.run, runs.count);
	if (!ret && runs.count)
		say_context(o);
	ret = kb_results_done(o, &runs, ret, start);
	kb_impl_release(&impl);
	return ret;
}

/* One implementation for --crossover; an offload engine at every depth. */
static int crossover_runs(const struct kb_run_opts *o,
			  const struct kb_impl *impl, struct kb_runs *runs)
{
	uint32_t depth = 0, last = 0;
	struct kb_run *run;
	int ret = 0;

	if (o->depth_sweep && kb_impl_is_offload(impl)) {
		depth = 1;
		last = KAESBENCH_MAX_DEPTH;
	}
	do {
		run = kb_runs_add(runs);
		ret = run ? kb_bench_impl(o, impl, o->alg, depth, run) :
			    -ENOMEM;
		depth *= 2;
	} while (!ret && depth && depth <= last && !kb_run_failed(run) &&
		 !kb_interrupted());
	return ret;
}

/*
 * -a ALG --crossover [--depth-sweep]: the sweep's table of ALG, then the
 * crossover report.
 */
static int crossover(const struct kb_run_opts *o, double start)
{
	struct kb_impl_list list = { 0 };
	struct kb_runs runs = { 0 };
	const struct kb_impl **sel;
	size_t i, count = 0, planned = 0;
	int ret = 0;

	if (kb_bench_list(&list)) {
		kb_impl_list_free(&list);
		return kb_interrupted() ? KB_EXIT_INTERRUPTED : KB_EXIT_ERROR;
	}
	sel = kb_pick_impls(&list, o->alg, &count);
	if (!sel)
		ret = -ENOMEM;
	for (i = 0; !ret && i < count; i++)
		planned += kb_impl_samples(o, sel[i]) *
			   (o->depth_sweep && kb_impl_is_offload(sel[i]) ?
				    depths(KAESBENCH_MAX_DEPTH) :
				    1);
	kb_progress_plan(planned);
	for (i = 0; !ret && i < count && !kb_interrupted(); i++)
		ret = crossover_runs(o, sel[i], &runs);
	free(sel);
	if (!ret && kb_tables(o)) {
		ret = kb_print_alg_table(o, o->alg, &runs, 0);
		if (!ret)
			ret = kb_print_crossover(stdout, o->alg, runs.run,
						 runs.count, &o->sizes);
		putchar('\n');
	}
	ret = kb_results_done(o, &runs, ret, start);
	kb_impl_list_free(&list);
	return ret;
}

/**
 * kb_run_main() - run `kaesbench run`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: an exit status.
 */
int kb_run_main(int argc, char *argv[])
{
	double start = kb_now();
	struct kb_run_opts o;
	int ret;

	ret = kb_run_parse(argc, argv, &o, false);
	if (!ret && o.help) {
		kb_run_usage(stdout, false);
		kb_run_opts_free(&o);
		return KB_EXIT_OK;
	}
	if (!ret)
		ret = kb_check_library_name("kaesbench run", o.driver);
	if (!ret && o.quiet)
		kb_progress_to(NULL, 0);
	/* A file that cannot be written costs no measurement. */
	if (!ret)
		ret = kb_output_to(o.output_file, "kaesbench run");
	if (!ret && o.plot)
		ret = kb_plot_check("kaesbench run", o.plot);
	if (!ret && kb_signals_install())
		ret = KB_EXIT_ERROR;
	if (!ret && o.imix.count)
		ret = imix_sizes(&o);
	if (!ret && o.no_verify && kb_tables(&o))
		kb_print_no_verify_header(stdout);
	if (ret)
		;
	else if (o.cpus.count)
		ret = cpus_at_once(&o, start);
	else if (o.crossover)
		ret = crossover(&o, start);
	else if (o.depth_sweep)
		ret = depth_sweep(&o, start);
	else
		ret = o.all_impls ? all_impls(&o, start) : one(&o, start);
	ret = kb_output_done(ret, "kaesbench run");
	kb_run_opts_free(&o);
	return ret;
}
