// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The userspace paths --paths selects, measured one after the other as the
 * kernel's rows are: AF_ALG copying, AF_ALG zero-copy, then OpenSSL, each
 * at the sizes its mode can take.
 */

#include <errno.h>
#include <stdlib.h>

#include <linux/kaesbench.h>

#include "base/signals.h"
#include "bench/measure.h"
#include "bench/paths.h"
#include "bench/runner.h"
#include "userspace/measure_paths.h"
#include "userspace/measuring_loop.h"
#include "userspace/openssl.h"

static void umeasure(const struct kb_run_opts *o, struct kb_umeasure *m)
{
	m->sample_ms =
		kb_param_or(o, KB_P_SAMPLE_MS, KAESBENCH_DEFAULT_SAMPLE_MS);
	m->samples = kb_param_or(o, KB_P_SAMPLES, KAESBENCH_DEFAULT_SAMPLES);
	m->warmup_ms =
		kb_param_or(o, KB_P_WARMUP_MS, KAESBENCH_DEFAULT_WARMUP_MS);
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
		.async = target->async,
		.hardware = target->hardware,
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
	/*
	 * A library path has no crypto API name to bind: AF_ALG gets what
	 * its users of the algorithm get, the comparison people ask for.
	 */
	if (kb_is_library_name(driver))
		req.driver = NULL;
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
 * kb_user_paths_samples() - how many samples kb_measure_user_paths() takes
 * @o: the options: the paths, sizes and samples per size
 * @alg: the algorithm name
 * @afalg: whether AF_ALG is there to be measured
 * @openssl: whether libcrypto is
 *
 * For the progress line's time left.
 *
 * Return: the count.
 */
size_t kb_user_paths_samples(const struct kb_run_opts *o, const char *alg,
			     bool afalg, bool openssl)
{
	size_t i, sizes = 0, paths = 0;

	if (afalg && (o->paths & KB_PATHS_AFALG))
		paths += 2; /* copy and zero-copy */
	if (openssl && (o->paths & KB_PATHS_OPENSSL))
		paths++;
	for (i = 0; i < o->sizes.count; i++)
		sizes += kb_path_size_fits(alg, o->sizes.size[i]);
	return paths * sizes *
	       kb_param_or(o, KB_P_SAMPLES, KAESBENCH_DEFAULT_SAMPLES);
}

/**
 * kb_measure_user_paths() - measure the userspace paths @o->paths selects
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
int kb_measure_user_paths(const struct kb_run_opts *o, const char *alg,
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
