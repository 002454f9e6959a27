// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's measurements: short runs through the module with the code
 * `kaesbench run` uses, and of the userspace paths with theirs; then the
 * judgements of check_measured.c. Short, since there are many: 5 samples of
 * 50 ms after 10 ms of warm-up, at the typical size; an offload engine
 * selected is measured again at the sweep's sizes against the best CPU
 * implementation, to place the crossover, and, asynchronous, at the
 * typical size at depth 1, 2, 4 ... 64, to see at which depths it loses.
 * What cbc(aes), gcm(aes) and xts(aes) hand out is measured again from a
 * kernel thread and in softirq context, as ESP's receive path calls it.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/kaesbench.h>

#include "base/signals.h"
#include "bench/measure.h"
#include "bench/paths.h"
#include "doctor/check_kernel.h"
#include "doctor/check_measured.h"
#include "doctor/engine.h"
#include "doctor/measurements.h"
#include "bench/runner.h"
#include "base/options.h"
#include "kernel/impls.h"
#include "userspace/afalg.h"
#include "userspace/openssl.h"

#define DOC_SAMPLE_MS 50
#define DOC_SAMPLES 5
#define DOC_WARMUP_MS 10
/* Seven depths to sweep: fewer samples each. */
#define DOC_DEPTH_SAMPLES 3

static int opts_init(struct kb_run_opts *o, const uint32_t *size, size_t n)
{
	memset(o, 0, sizeof(*o));
	o->param[KB_P_SAMPLE_MS] = DOC_SAMPLE_MS;
	o->param[KB_P_SAMPLES] = DOC_SAMPLES;
	o->param[KB_P_WARMUP_MS] = DOC_WARMUP_MS;
	o->given = 1U << KB_P_SAMPLE_MS | 1U << KB_P_SAMPLES |
		   1U << KB_P_WARMUP_MS;
	o->paths = KB_PATHS_KERNEL;
	o->print_nothing = true;
	o->sizes_chosen = true;
	return kb_sizes_copy(&o->sizes, size, n) ? -ENOMEM : 0;
}

static void umeasure(struct kb_umeasure *m)
{
	*m = (struct kb_umeasure){ .sample_ms = DOC_SAMPLE_MS,
				   .samples = DOC_SAMPLES,
				   .warmup_ms = DOC_WARMUP_MS };
}

/* A run's figure at @size; false (and why) if it has none. */
static bool rate_of(const struct kb_run *run, uint32_t size,
		    const struct kb_impl_list *list, struct kb_doc_rate *x,
		    char *why, size_t len)
{
	struct kb_summary sum;

	memset(x, 0, sizeof(*x));
	if (kb_run_failed(run) || run->state == KB_RUN_UNAVAILABLE ||
	    run->state == KB_RUN_INTERRUPTED) {
		kb_run_reason(run, why, len);
		return false;
	}
	if (kb_summarize(run, size, &sum) || !sum.samples) {
		snprintf(why, len, "no sample at %" PRIu32 " B", size);
		return false;
	}
	x->driver = run->impl.driver_name;
	x->priority = run->impl.priority;
	x->selected = run->selected == 1;
	x->library = run->impl.flags & KAESBENCH_IMPL_F_LIBRARY;
	x->engine = list ? kb_doc_engine(&run->impl, list) : KB_ENGINE_GENERIC;
	x->depth = run->depth;
	x->samples = sum.samples;
	x->median = sum.mbps_median;
	x->min = sum.mbps_min;
	x->max = sum.mbps_max;
	return true;
}

static const struct kb_impl *find(const struct kb_impl_list *list,
				  const char *driver)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		if (!strcmp(list->impl[i].driver_name, driver))
			return &list->impl[i];
	return NULL;
}

/* The selected offload engine against the best CPU one, size by size. */
static int curve(struct kb_doc_report *r, const struct kb_impl_list *list,
		 const struct kb_doc_alg_rates *a,
		 const struct kb_doc_rate *off, const struct kb_doc_rate *cpu)
{
	uint32_t size[16];
	double om[16], cm[16];
	struct kb_doc_curve c = { .alg = a->alg,
				  .offload = off,
				  .cpu = cpu,
				  .size = size,
				  .offload_mbps = om,
				  .cpu_mbps = cm };
	struct kb_impl pair[2];
	struct kb_impl_list sub = { .impl = pair, .count = 2 };
	struct kb_runs runs = { 0 };
	struct kb_doc_rate x;
	struct kb_run_opts o;
	char why[256];
	size_t i, j, n = 0;
	int ret;

	if (!find(list, off->driver) || !find(list, cpu->driver))
		return 0;
	pair[0] = *find(list, off->driver);
	pair[1] = *find(list, cpu->driver);
	for (i = 0; i < kb_default_sizes_count && n < 16; i++)
		if (kb_path_size_fits(a->alg, kb_default_sizes[i]))
			size[n++] = kb_default_sizes[i];
	ret = opts_init(&o, size, n);
	if (!ret)
		ret = kb_bench_alg(&o, &sub, a->alg, &runs);
	for (i = 0; !ret && i < n; i++) {
		om[c.count] = cm[c.count] = -1;
		for (j = 0; j < runs.count; j++) {
			if (!rate_of(&runs.run[j], size[i], list, &x, why,
				     sizeof(why)))
				continue;
			if (!strcmp(x.driver, off->driver))
				om[c.count] = x.median;
			else
				cm[c.count] = x.median;
		}
		if (om[c.count] >= 0 && cm[c.count] >= 0)
			size[c.count++] = size[i];
	}
	if (!ret)
		kb_doc_check_offload(r, &c);
	kb_runs_free(&runs);
	kb_sizes_free(&o.sizes);
	return ret;
}

/* The selected asynchronous offload engine at each depth, against @cpu. */
static int depths(struct kb_doc_report *r, const struct kb_impl_list *list,
		  const struct kb_doc_alg_rates *a,
		  const struct kb_doc_rate *off, const struct kb_doc_rate *cpu)
{
	struct kb_doc_rate x[8];
	struct kb_doc_depths d = {
		.alg = a->alg, .size = a->size, .cpu = cpu, .offload = x
	};
	const struct kb_impl *impl = find(list, off->driver);
	struct kb_runs runs = { 0 };
	struct kb_run_opts o;
	char why[256];
	size_t i;
	int ret;

	if (!impl || !(impl->flags & KAESBENCH_IMPL_F_ASYNC))
		return 0; /* each request completes as submitted: no depth */
	ret = opts_init(&o, &a->size, 1);
	o.param[KB_P_SAMPLES] = DOC_DEPTH_SAMPLES;
	if (!ret)
		ret = kb_depth_sweep_runs(&o, impl, KAESBENCH_MAX_DEPTH, &runs);
	for (i = 0; !ret && i < runs.count && d.count < 8; i++)
		if (rate_of(&runs.run[i], a->size, list, &x[d.count], why,
			    sizeof(why)))
			d.count++;
		else if (!kb_interrupted())
			kb_doc_skip(r, "the offload engine by depth",
				    "%s at depth %" PRIu32 ": %s", off->driver,
				    runs.run[i].depth, why);
	if (!ret && d.count && !kb_interrupted())
		kb_doc_check_depths(r, &d);
	kb_runs_free(&runs);
	kb_sizes_free(&o.sizes);
	return ret;
}

/* The best implementation not run by a device, or NULL. */
static const struct kb_doc_rate *best_cpu(const struct kb_doc_alg_rates *a)
{
	const struct kb_doc_rate *best = NULL;
	size_t i;

	/* What a priority can select: no library path. */
	for (i = 0; i < a->count; i++)
		if (a->rate[i].engine != KB_ENGINE_OFFLOAD &&
		    !a->rate[i].library &&
		    (!best || a->rate[i].median > best->median))
			best = &a->rate[i];
	return best;
}

/* Every implementation of @a->alg at its typical size, judged. */
static int one_alg(struct kb_doc_report *r, const struct kb_impl_list *list,
		   struct kb_doc_alg_rates *a, struct kb_runs *runs,
		   bool *denied)
{
	const struct kb_doc_rate *sel = NULL;
	struct kb_run_opts o;
	char why[256];
	size_t i;
	int ret;

	a->size = kb_doc_typical_size(a->alg);
	ret = opts_init(&o, &a->size, 1);
	if (!ret)
		ret = kb_bench_alg(&o, list, a->alg, runs);
	kb_sizes_free(&o.sizes);
	a->rate = calloc(runs->count + 1, sizeof(*a->rate));
	if (ret || !a->rate)
		return -ENOMEM;
	for (i = 0; i < runs->count; i++) {
		if (runs->run[i].state == KB_RUN_REFUSED &&
		    runs->run[i].status == -EPERM) {
			*denied = true;
			return 0;
		}
		if (rate_of(&runs->run[i], a->size, list, &a->rate[a->count],
			    why, sizeof(why)))
			a->count++;
		else if (!kb_interrupted())
			kb_doc_skip(r, "measuring an implementation", "%s: %s",
				    runs->run[i].impl.driver_name, why);
	}
	kb_doc_check_faster(r, a);
	kb_doc_check_library(r, a);
	for (i = 0; i < a->count; i++)
		if (a->rate[i].selected)
			sel = &a->rate[i];
	if (!sel || sel->engine != KB_ENGINE_OFFLOAD || !best_cpu(a) ||
	    kb_interrupted())
		return 0;
	ret = curve(r, list, a, sel, best_cpu(a));
	if (!ret && !kb_interrupted())
		ret = depths(r, list, a, sel, best_cpu(a));
	return ret;
}

static void calls_of(const struct kb_run *run, uint32_t size,
		     struct kb_doc_calls *c)
{
	struct kb_summary sum;

	memset(c, 0, sizeof(*c));
	if (kb_summarize(run, size, &sum) || !sum.has_calls)
		return;
	c->has = true;
	c->submitted = sum.submitted;
	c->no_simd = sum.no_simd;
	c->deferred = sum.deferred;
}

/*
 * The selected implementation of @alg at its typical size, from a kernel
 * thread and then with bottom halves disabled, one after the other so
 * that the machine changes little in between: 2 x 5 samples of 50 ms.
 */
static int one_context_pair(struct kb_doc_report *r,
			    const struct kb_impl_list *list, const char *alg)
{
	const struct kb_impl *impl = kb_impl_handed_out(list, alg);
	struct kb_doc_contexts c = { .alg = alg };
	struct kb_runs runs = { 0 };
	struct kb_run *run;
	struct kb_run_opts o;
	char why[256];
	int ret, i;

	if (!impl)
		return 0;
	c.size = kb_doc_typical_size(alg);
	ret = opts_init(&o, &c.size, 1);
	for (i = 0; !ret && i < 2 && !kb_interrupted(); i++) {
		o.context = i ? KAESBENCH_CONTEXT_SOFTIRQ :
				KAESBENCH_CONTEXT_THREAD;
		run = kb_runs_add(&runs);
		ret = run ? kb_bench_impl(&o, impl, alg, 0, run) : -ENOMEM;
	}
	kb_sizes_free(&o.sizes);
	if (ret || runs.count < 2 || kb_interrupted())
		goto out;
	if (!rate_of(&runs.run[0], c.size, list, &c.thread, why, sizeof(why)) ||
	    !rate_of(&runs.run[1], c.size, list, &c.softirq, why,
		     sizeof(why))) {
		kb_doc_skip(r, "thread against softirq context", "%s %s: %s",
			    alg, impl->driver_name, why);
		goto out;
	}
	calls_of(&runs.run[0], c.size, &c.thread_calls);
	calls_of(&runs.run[1], c.size, &c.softirq_calls);
	kb_doc_check_softirq(r, &c);
out:
	kb_runs_free(&runs);
	return ret;
}

/* The algorithms ESP and dm-crypt use, each in both contexts. */
static int contexts(struct kb_doc_report *r, const struct kb_impl_list *list)
{
	static const char *const algs[] = { "cbc(aes)", "gcm(aes)",
					    "xts(aes)" };
	size_t i;
	int ret = 0;

	for (i = 0;
	     !ret && i < sizeof(algs) / sizeof(algs[0]) && !kb_interrupted();
	     i++)
		ret = one_context_pair(r, list, algs[i]);
	return ret;
}

/**
 * kb_doc_measure_kernel() - the measured kernel checks
 * @r: the report
 * @list: the implementations, from the module
 *
 * Findings: KB-FASTER-NOT-SELECTED, KB-LIBRARY-GAP,
 * KB-OFFLOAD-BELOW-CROSSOVER, KB-OFFLOAD-LOSES-AT-DEPTH,
 * KB-SAMPLES-TOO-FEW, KB-SOFTIRQ-GAP. Without
 * CAP_SYS_ADMIN, a line saying so instead.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_doc_measure_kernel(struct kb_doc_report *r,
			  const struct kb_impl_list *list)
{
	struct kb_doc_alg_rates a[KB_DOC_ALGS];
	struct kb_runs runs[KB_DOC_ALGS];
	bool denied = false;
	size_t i, n = 0;
	int ret = 0;

	memset(a, 0, sizeof(a));
	memset(runs, 0, sizeof(runs));
	for (i = 0; !ret && !denied && !kb_interrupted() && i < KB_DOC_ALGS;
	     i++) {
		a[n].alg = kb_doc_algs[i];
		ret = one_alg(r, list, &a[n], &runs[n], &denied);
		n++;
	}
	if (denied)
		kb_doc_skip(
			r, "measured kernel checks",
			"starting a run needs CAP_SYS_ADMIN (run kaesbench doctor as root)");
	else if (kb_interrupted())
		kb_doc_skip(r, "measured kernel checks", "interrupted");
	else if (!ret)
		kb_doc_check_spread(r, a, n, DOC_SAMPLES);
	if (!ret && !denied && !kb_interrupted())
		ret = contexts(r, list);
	for (i = 0; i < n; i++) {
		free(a[i].rate);
		kb_runs_free(&runs[i]);
	}
	return ret;
}

/* A userspace run of @alg at @size bytes, ready for kb_*_run(). */
static struct kb_run *user_run(struct kb_runs *runs, const uint32_t *size,
			       size_t n)
{
	struct kb_run *run = kb_runs_add(runs);

	if (!run || kb_sizes_copy(&run->sizes, size, n))
		return NULL;
	return run;
}

/**
 * kb_doc_measure_afalg() - AF_ALG against OpenSSL, for gcm(aes)
 * @r: the report
 *
 * Finding: KB-AFALG-SLOWER-THAN-OPENSSL; a line saying why when a path
 * cannot run.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_doc_measure_afalg(struct kb_doc_report *r)
{
	static const char alg[] = "gcm(aes)";
	uint32_t size = kb_doc_typical_size(alg);
	struct kb_afalg_req areq = { .alg = alg, .key_bits = 128 };
	struct kb_ossl_req oreq = { .alg = alg, .key_bits = 128 };
	struct kb_doc_rate af, os;
	struct kb_runs runs = { 0 };
	struct kb_umeasure m;
	struct kb_run *run;
	char why[512];
	int ret = -ENOMEM;

	if (kb_afalg_available(why, sizeof(why))) {
		kb_doc_skip(r, "AF_ALG against OpenSSL", "%s", why);
		return 0;
	}
	umeasure(&m);
	run = user_run(&runs, &size, 1);
	if (!run || kb_afalg_run(&areq, &m, run))
		goto out;
	run = user_run(&runs, &size, 1);
	if (!run || kb_ossl_run(&oreq, &m, run))
		goto out;
	ret = 0;
	if (!rate_of(&runs.run[0], size, NULL, &af, why, sizeof(why)) ||
	    !rate_of(&runs.run[1], size, NULL, &os, why, sizeof(why)))
		kb_doc_skip(r, "AF_ALG against OpenSSL", "%s", why);
	else
		kb_doc_check_afalg(r, alg, size, &af, &os);
out:
	kb_runs_free(&runs);
	return ret;
}

/* OpenSSL's figures for @alg at each size, in this process. */
static int ossl_rates(const char *alg, const uint32_t *size, size_t n,
		      struct kb_doc_rate *rate, char *why, size_t len)
{
	struct kb_ossl_req req = { .alg = alg, .key_bits = 128 };
	struct kb_runs runs = { 0 };
	struct kb_umeasure m;
	struct kb_run *run;
	size_t i;
	int ret = -ENOMEM;

	umeasure(&m);
	run = user_run(&runs, size, n);
	if (run && !kb_ossl_run(&req, &m, run)) {
		ret = 0;
		for (i = 0; !ret && i < n; i++)
			if (rate_of(run, size[i], NULL, &rate[i], why, len))
				rate[i].driver = NULL; /* the run's, freed */
			else
				ret = -EIO;
	} else {
		snprintf(why, len, "out of memory");
	}
	kb_runs_free(&runs);
	return ret;
}

/* The same, in a child started without the variable @var. */
static int unmasked_rates(const char *var, const char *alg,
			  const uint32_t *size, size_t n,
			  struct kb_doc_rate *rate, char *why, size_t len)
{
	struct kb_doc_rate x = { 0 };
	char sizes[128], line[256],
		*argv[] = { "kaesbench", "__openssl-rate", (char *)alg, sizes,
			    NULL };
	size_t i, used = 0, got = 0;
	unsigned int s;
	int fd[2], status;
	FILE *f;
	pid_t pid;

	for (i = 0; i < n && used < sizeof(sizes); i++)
		used += snprintf(sizes + used, sizeof(sizes) - used,
				 "%s%" PRIu32, i ? "," : "", size[i]);
	if (pipe(fd)) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		return -EIO;
	}
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		/* libcrypto reads the variable when it loads: a new image. */
		unsetenv(var);
		dup2(fd[1], STDOUT_FILENO);
		close(fd[0]);
		close(fd[1]);
		execv("/proc/self/exe", argv);
		_exit(127);
	}
	close(fd[1]);
	if (pid < 0) {
		close(fd[0]);
		snprintf(why, len, "fork: %s", strerror(errno));
		return -EIO;
	}
	f = fdopen(fd[0], "r");
	while (f && fgets(line, sizeof(line), f))
		for (i = 0; i < n; i++)
			if (sscanf(line, "%u %lf %lf %lf %zu", &s, &x.median,
				   &x.min, &x.max, &x.samples) == 5 &&
			    s == size[i]) {
				rate[i] = x;
				got++;
			}
	if (f)
		fclose(f);
	else
		close(fd[0]);
	if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) || got != n) {
		snprintf(
			why, len,
			"the measuring child (kaesbench __openssl-rate) failed");
		return -EIO;
	}
	return 0;
}

/**
 * kb_doc_ossl_cost() - what OpenSSL's capability variable costs, measured
 * @var: the variable: OPENSSL_ia32cap, OPENSSL_armcap
 * @alg: the algorithm to measure, as the kernel names it
 * @size: the sizes
 * @n: how many
 * @masked: set to OpenSSL's figures in this process, as masked
 * @unmasked: set to the figures of a child without the variable
 * @why: set to the reason on failure
 * @len: size of @why
 *
 * Return: 0, or a negative errno.
 */
int kb_doc_ossl_cost(const char *var, const char *alg, const uint32_t *size,
		     size_t n, struct kb_doc_rate *masked,
		     struct kb_doc_rate *unmasked, char *why, size_t len)
{
	int ret = ossl_rates(alg, size, n, masked, why, len);

	return ret ? ret :
		     unmasked_rates(var, alg, size, n, unmasked, why, len);
}

/**
 * kb_doctor_ossl_child_main() - `kaesbench __openssl-rate ALG SIZES`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * The doctor's helper, not for people: prints "SIZE MEDIAN MIN MAX
 * SAMPLES" per size, OpenSSL's MB/s as this process's libcrypto runs it.
 *
 * Return: an exit status.
 */
int kb_doctor_ossl_child_main(int argc, char *argv[])
{
	struct kb_doc_rate rate[32];
	struct kb_sizes sizes = { 0 };
	char why[256];
	size_t i;

	if (argc != 3 || kb_sizes_parse(argv[2], &sizes) || sizes.count > 32) {
		fprintf(stderr, "usage: kaesbench __openssl-rate ALG SIZES\n");
		kb_sizes_free(&sizes);
		return KB_EXIT_USAGE;
	}
	if (ossl_rates(argv[1], sizes.size, sizes.count, rate, why,
		       sizeof(why))) {
		fprintf(stderr, "kaesbench __openssl-rate: %s\n", why);
		kb_sizes_free(&sizes);
		return KB_EXIT_ERROR;
	}
	for (i = 0; i < sizes.count; i++)
		printf("%" PRIu32 " %.6g %.6g %.6g %zu\n", sizes.size[i],
		       rate[i].median, rate[i].min, rate[i].max,
		       rate[i].samples);
	kb_sizes_free(&sizes);
	return fflush(stdout) ? KB_EXIT_ERROR : KB_EXIT_OK;
}
