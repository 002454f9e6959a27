// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The sweep: what a bare `kaesbench` does. Every implementation of each
 * algorithm in the kernel, then the userspace paths beside the one the
 * crypto API selects, then the doctor's static checks. A run that fails
 * gives a row saying why, and the sweep goes on.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/signals.h"
#include "bench/measure.h"
#include "bench/paths.h"
#include "cmd/sweep.h"
#include "doctor/examine.h"
#include "bench/runner.h"
#include "base/options.h"
#include "runs/gnuplot.h"
#include "runs/path_table.h"
#include "base/progress.h"
#include "runs/results.h"
#include "runs/table.h"
#include "userspace/afalg.h"
#include "userspace/libcrypto.h"
#include "userspace/measure_paths.h"

static const char *const sweep_algs[] = {
	"aes", "cbc(aes)", "ctr(aes)", "xts(aes)", "gcm(aes)",
};

/* What the sweep knows before it starts: which paths it can take. */
struct sweep {
	const struct kb_run_opts *o;
	struct kb_impl_list list;
	struct kb_runs runs;
	const char *no_kernel; /* why the kernel path is missing, or NULL */
	char no_afalg[256]; /* why AF_ALG is missing, or "" */
	bool no_openssl; /* libcrypto cannot be loaded */
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
		ret = kb_bench_try_list(&sw->list);
		if (ret == -ENOENT)
			sw->no_kernel = NO_MODULE;
		else if (ret)
			return -1;
	}
	if (paths & KB_PATHS_AFALG)
		kb_afalg_available(sw->no_afalg, sizeof(sw->no_afalg));
	if ((paths & KB_PATHS_OPENSSL) && kb_libcrypto_load())
		no_openssl = kb_libcrypto_error();
	sw->no_openssl = no_openssl;
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

/* The kernel's runs of @alg, or one that says why there are none. */
static int run_kernel(struct sweep *sw, const char *alg)
{
	size_t first = sw->runs.count;
	struct kb_run *run;
	int ret;

	if (!sw->no_kernel) {
		ret = kb_bench_alg(sw->o, &sw->list, alg, &sw->runs);
		if (!ret && kb_tables(sw->o)) {
			ret = kb_print_alg_table(sw->o, alg, &sw->runs, first);
			if (ret)
				fprintf(stderr, "kaesbench: out of memory\n");
		}
		return ret;
	}
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

/* The samples of the algorithms from @first on, for the time left. */
static size_t planned(const struct sweep *sw, size_t first)
{
	size_t i, n = 0;

	for (i = first; i < sizeof(sweep_algs) / sizeof(sweep_algs[0]); i++) {
		if ((sw->o->paths & KB_PATHS_KERNEL) && !sw->no_kernel)
			n += kb_alg_samples(sw->o, &sw->list, sweep_algs[i]);
		n += kb_user_paths_samples(sw->o, sweep_algs[i],
					   !sw->no_afalg[0], !sw->no_openssl);
	}
	return n;
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
		ret = kb_measure_user_paths(sw->o, alg, driver, &target,
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
	if (o.quiet)
		kb_progress_to(NULL, 0);
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
	     i++) {
		/* Again per algorithm: a path that could not run is left out. */
		kb_progress_plan(planned(&sw, i));
		ret = sweep_alg(&sw, sweep_algs[i]);
	}
	ret = ret ? KB_EXIT_ERROR : kb_results_finish(&o, &sw.runs, start);
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
