// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Picking the implementations to measure and measuring them in the kernel,
 * one run each, as every measuring command does: the sweep, `kaesbench run`
 * in each of its modes, and the doctor. Runs are sequential, since the
 * kernel takes one at a time and parallel runs would measure each other. A
 * run that fails says why in its record, and the caller goes on.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "base/options.h"
#include "base/signals.h"
#include "bench/measure.h"
#include "netlink/kaesbench_genl.h"
#include "bench/runner.h"

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
		.no_verify = o->no_verify,
		.latency = o->latency,
		.context = o->context,
		.cpus = o->cpus.count ? &o->cpus : NULL,
		.wait = o->wait,
		.attr_name = kb_run_attr_option,
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
 * kb_run_sizes() - the sizes a run of one implementation asks for
 * @o: the options: the sizes asked for, and whether they were chosen
 * @impl: the implementation, or NULL when it is not registered yet (a
 *	  template instance the kernel makes on request): the kernel decides
 * @named: the run is of the one implementation the user named (-d, or -a
 *	   without --all-impls): sizes chosen for it (-b, --imix) go as they
 *	   are, so that the kernel says what is wrong with one
 * @out: filled in; free it with kb_sizes_free() whatever the result
 *
 * Otherwise, as in the sweep, only the sizes @impl can take: the others
 * read n/a.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_run_sizes(const struct kb_run_opts *o, const struct kb_impl *impl,
		 bool named, struct kb_sizes *out)
{
	if (!impl || (named && o->sizes_chosen))
		return kb_sizes_copy(out, o->sizes.size, o->sizes.count) ?
			       -ENOMEM :
			       0;
	return kb_sizes_filter(impl, &o->sizes, out);
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
	    kb_run_sizes(o, impl, false, &run->sizes))
		return -ENOMEM;
	run->selected = kb_impl_selected(impl);
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
 * kb_impl_samples() - how many samples kb_bench_impl() will take
 * @o: the options: sizes and samples per size
 * @impl: the implementation, which may not take every size
 *
 * For the progress line's time left.
 *
 * Return: the count, on one CPU.
 */
size_t kb_impl_samples(const struct kb_run_opts *o, const struct kb_impl *impl)
{
	size_t i, sizes = 0;

	for (i = 0; i < o->sizes.count; i++)
		sizes += kb_size_fits(impl, o->sizes.size[i]);
	return sizes * kb_param_or(o, KB_P_SAMPLES, KAESBENCH_DEFAULT_SAMPLES);
}

/**
 * kb_alg_samples() - how many samples kb_bench_alg() will take
 * @o: the options
 * @list: the implementations registered
 * @alg: the algorithm name
 *
 * Return: the count, 0 if out of memory.
 */
size_t kb_alg_samples(const struct kb_run_opts *o,
		      const struct kb_impl_list *list, const char *alg)
{
	const struct kb_impl **sel;
	size_t i, count, n = 0;

	sel = kb_pick_impls(list, alg, &count);
	for (i = 0; sel && i < count; i++)
		n += kb_impl_samples(o, sel[i]);
	free(sel);
	return n;
}

/**
 * kb_bench_alg() - run every implementation of an algorithm name
 * @o: the options
 * @list: the implementations registered
 * @alg: the algorithm name
 * @runs: appended to, one run per implementation, in table order
 *
 * Stops early once interrupted.
 *
 * Return: 0, or -ENOMEM (printed).
 */
int kb_bench_alg(const struct kb_run_opts *o, const struct kb_impl_list *list,
		 const char *alg, struct kb_runs *runs)
{
	const struct kb_impl **sel;
	size_t i, count;
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
	if (ret)
		fprintf(stderr, "kaesbench: out of memory\n");
	return ret;
}

/**
 * kb_depth_sweep_runs() - run an implementation at depth 1, 2, 4 ... @last
 * @o: the options (sizes, samples)
 * @impl: the implementation
 * @last: the deepest depth, at most KAESBENCH_MAX_DEPTH
 * @runs: a run added per depth
 *
 * Stops at the first run that fails, since deeper fails the same way,
 * and when interrupted. The doctor sweeps an offload engine with it too.
 *
 * Return: 0, or -ENOMEM; the runs' own failures are in @runs.
 */
int kb_depth_sweep_runs(const struct kb_run_opts *o, const struct kb_impl *impl,
			uint32_t last, struct kb_runs *runs)
{
	struct kb_run *run;
	uint32_t depth;
	int ret = 0;

	for (depth = 1; !ret && depth <= last && !kb_interrupted();
	     depth *= 2) {
		run = kb_runs_add(runs);
		ret = run ? kb_bench_impl(o, impl, impl->alg_name, depth, run) :
			    -ENOMEM;
		if (!ret && kb_run_failed(run))
			break;
	}
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

/* "lib:aes, lib:aesgcm": the library paths @list has, or "none". */
static void library_paths(const struct kb_impl_list *list, char *buf,
			  size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < list->count && used < len; i++)
		if (list->impl[i].flags & KAESBENCH_IMPL_F_LIBRARY)
			used += snprintf(buf + used, len - used, "%s%s",
					 used ? ", " : "",
					 list->impl[i].driver_name);
	if (!used)
		snprintf(buf, len, "none");
}

/**
 * kb_check_library_name() - refuse a library path this kernel lacks
 * @cmd: the command, for the message ("kaesbench run")
 * @driver: what -d names, or NULL
 *
 * A name of the form "lib:NAME" is input to check: one this kernel lacks,
 * or that no kaesbench knows, is refused here, naming the paths it has.
 * Any other name, or no listing (the module not loaded), is left to the
 * run, which says what is wrong.
 *
 * Return: 0, or KB_EXIT_USAGE after printing why.
 */
int kb_check_library_name(const char *cmd, const char *driver)
{
	struct kb_impl_list list = { 0 };
	const struct kb_impl *absent = NULL;
	bool present = false;
	char have[512];
	size_t i;

	if (!kb_is_library_name(driver) || kb_bench_try_list(&list)) {
		kb_impl_list_free(&list);
		return 0;
	}
	for (i = 0; i < list.count; i++)
		present |= !strcmp(list.impl[i].driver_name, driver);
	for (i = 0; i < list.absent_count; i++)
		if (!strcmp(list.absent[i].driver_name, driver))
			absent = &list.absent[i];
	library_paths(&list, have, sizeof(have));
	if (absent)
		fprintf(stderr,
			"%s: %s is absent from this kernel: %s; it has: %s\n",
			cmd, driver, absent->absent ? absent->absent : "-",
			have);
	else if (!present)
		fprintf(stderr, "%s: no library path %s; this kernel has: %s\n",
			cmd, driver, have);
	kb_impl_list_free(&list);
	return present ? 0 : KB_EXIT_USAGE;
}

/**
 * kb_bench_try_list() - get the implementations to run, if the module is there
 * @list: filled in
 *
 * As kb_bench_list(), but a missing module is not printed: the caller goes
 * on without the kernel.
 *
 * Return: 0, -ENOENT when the module is not loaded, or -1 after printing
 * why.
 */
int kb_bench_try_list(struct kb_impl_list *list)
{
	struct kb_genl g;
	int ret;

	ret = kb_genl_try_open(&g);
	if (!ret && kb_get_impls(&g, list))
		ret = -1;
	kb_genl_close(&g);
	return ret;
}
