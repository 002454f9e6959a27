// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Option parsing of `kaesbench run` and of the sweep: usage errors come
 * back as exit status 2, and numbers are passed on unchecked for range.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <linux/kaesbench.h>

#include "bench/run_options.h"
#include "base/options.h"

#define PARSE(opts, sweep, ...)                                              \
	({                                                                   \
		char *argv[] = { "run", __VA_ARGS__, NULL };                 \
		kb_run_opts_free(opts);                                      \
		kb_run_parse(sizeof(argv) / sizeof(argv[0]) - 1, argv, opts, \
			     sweep);                                         \
	})

static void test_run_good(void **state)
{
	struct kb_run_opts o = { 0 };

	(void)state;
	assert_int_equal(PARSE(&o, false, "-d", "cbc-aes-aesni", "-b",
			       "16,1024", "-t", "50", "-r", "3", "--depth", "0",
			       "--decrypt", "--json"),
			 KB_EXIT_OK);
	assert_string_equal(o.driver, "cbc-aes-aesni");
	assert_null(o.alg);
	assert_int_equal(o.sizes.count, 2);
	assert_int_equal(o.param[KB_P_SAMPLE_MS], 50);
	assert_int_equal(o.param[KB_P_SAMPLES], 3);
	/* Depth 0 is the kernel's to refuse, with its own message. */
	assert_true(kb_param_given(&o, KB_P_DEPTH));
	assert_int_equal(o.param[KB_P_DEPTH], 0);
	assert_false(kb_param_given(&o, KB_P_KEY_BITS));
	assert_int_equal(kb_param_or(&o, KB_P_KEY_BITS, 128), 128);
	assert_true(o.decrypt);
	assert_int_equal(o.output, KB_OUT_JSON);
	assert_false(kb_tables(&o));
	assert_null(o.output_file);
	assert_null(o.plot);

	assert_int_equal(PARSE(&o, false, "-a", "cbc(aes)", "--all-impls", "-k",
			       "256", "--aad", "16", "--tag", "12", "-w", "0"),
			 KB_EXIT_OK);
	assert_string_equal(o.alg, "cbc(aes)");
	assert_true(o.all_impls);
	assert_int_equal(o.param[KB_P_KEY_BITS], 256);
	assert_int_equal(o.param[KB_P_AAD], 16);
	assert_int_equal(o.param[KB_P_TAG], 12);
	assert_int_equal(o.param[KB_P_WARMUP_MS], 0);
	/* Without -b: the sweep's sizes. */
	assert_int_equal(o.sizes.count, 8);
	kb_run_opts_free(&o);
}

static void test_run_usage_errors(void **state)
{
	struct kb_run_opts o = { 0 };

	(void)state;
	assert_int_equal(PARSE(&o, false, "-t", "5"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "-a", "y"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--all-impls"),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "-b", ""), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "-b", "16,abc"),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "-t", "ten"),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--depth", "-1"),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--bogus"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "-z"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "extra"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--depth"), KB_EXIT_USAGE);
	/* getopt state from the failures must not leak into a good parse. */
	assert_int_equal(PARSE(&o, false, "-d", "x"), KB_EXIT_OK);
	assert_string_equal(o.driver, "x");
	kb_run_opts_free(&o);
}

static void test_output_formats(void **state)
{
	struct kb_run_opts o = { 0 };

	(void)state;
	assert_int_equal(PARSE(&o, false, "-d", "x"), KB_EXIT_OK);
	assert_int_equal(o.output, KB_OUT_TABLES);
	assert_true(kb_tables(&o));
	assert_int_equal(PARSE(&o, false, "-d", "x", "--csv"), KB_EXIT_OK);
	assert_int_equal(o.output, KB_OUT_CSV);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--csv=summary"),
			 KB_EXIT_OK);
	assert_int_equal(o.output, KB_OUT_CSV);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--csv=samples", "-o",
			       "out.csv"),
			 KB_EXIT_OK);
	assert_int_equal(o.output, KB_OUT_CSV_SAMPLES);
	assert_string_equal(o.output_file, "out.csv");
	assert_int_equal(PARSE(&o, true, "--mr", "--output", "x.mr"),
			 KB_EXIT_OK);
	assert_int_equal(o.output, KB_OUT_MR);
	assert_string_equal(o.output_file, "x.mr");
	/* The same format twice is no conflict. */
	assert_int_equal(PARSE(&o, false, "-d", "x", "-j", "--json"),
			 KB_EXIT_OK);

	/* One format at a time. */
	assert_int_equal(PARSE(&o, false, "-d", "x", "--csv", "--json"),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, true, "--mr", "--json"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, true, "--csv=samples", "--csv"),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, true, "--csv=rows"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, true, "-o"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, true, "-o", ""), KB_EXIT_USAGE);
	kb_run_opts_free(&o);
}

static void test_sweep(void **state)
{
	struct kb_run_opts o = { 0 };

	(void)state;
	assert_int_equal(PARSE(&o, true, "-t", "50", "-r", "3"), KB_EXIT_OK);
	assert_int_equal(o.param[KB_P_SAMPLE_MS], 50);
	assert_int_equal(o.param[KB_P_SAMPLES], 3);
	assert_int_equal(PARSE(&o, true, "-d", "x"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, true, "-a", "cbc(aes)"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, true, "--all-impls"), KB_EXIT_USAGE);
	/* --plot takes its file; the run and the sweep check it. */
	assert_int_equal(PARSE(&o, true, "--plot", "sweep.svg"), KB_EXIT_OK);
	assert_string_equal(o.plot, "sweep.svg");
	assert_int_equal(PARSE(&o, true, "--plot"), KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, true, "--help"), KB_EXIT_OK);
	assert_true(o.help);
	kb_run_opts_free(&o);
}

static void test_attr_option(void **state)
{
	static char *const numeric[] = { "-k",	    "-t",    "-r",   "-w",
					 "--depth", "--aad", "--tag" };
	struct kb_run_opts o = { 0 };
	size_t i;
	int p;

	(void)state;
	/* Each numeric option's attribute is named back as that option. */
	for (i = 0; i < sizeof(numeric) / sizeof(numeric[0]); i++) {
		assert_int_equal(PARSE(&o, false, "-d", "x", numeric[i], "1"),
				 KB_EXIT_OK);
		for (p = 0; !kb_param_given(&o, p); p++)
			assert_true(p < KB_P_COUNT);
		assert_string_equal(kb_run_attr_option(kb_param_attr[p]),
				    numeric[i]);
	}
	kb_run_opts_free(&o);
	assert_string_equal(kb_run_attr_option(KAESBENCH_A_RUN_DRIVER), "-d");
	assert_string_equal(kb_run_attr_option(KAESBENCH_A_RUN_ALG), "-a");
	assert_string_equal(kb_run_attr_option(KAESBENCH_A_RUN_SIZES), "-b");
	assert_string_equal(kb_run_attr_option(KAESBENCH_A_RUN_DECRYPT),
			    "--decrypt");
	assert_null(kb_run_attr_option(KAESBENCH_A_RUN_ID));
	assert_null(kb_run_attr_option(KAESBENCH_A_UNSPEC));
}

/* --context: thread or softirq, any other word a usage error; run only. */
static void test_context(void **state)
{
	struct kb_run_opts o = { 0 };

	(void)state;
	assert_int_equal(PARSE(&o, false, "-d", "x"), KB_EXIT_OK);
	assert_int_equal(o.context, KAESBENCH_CONTEXT_THREAD);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--context", "softirq"),
			 KB_EXIT_OK);
	assert_int_equal(o.context, KAESBENCH_CONTEXT_SOFTIRQ);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--context", "softirq",
			       "--context", "thread"),
			 KB_EXIT_OK);
	assert_int_equal(o.context, KAESBENCH_CONTEXT_THREAD);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--context", "hardirq"),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--context", ""),
			 KB_EXIT_USAGE);
	assert_int_equal(PARSE(&o, false, "-d", "x", "--context"),
			 KB_EXIT_USAGE);
	/* The sweep keeps thread context. */
	assert_int_equal(PARSE(&o, true, "--context", "softirq"),
			 KB_EXIT_USAGE);
	/* The kernel's refusal of the attribute names the option. */
	assert_string_equal(kb_run_attr_option(KAESBENCH_A_RUN_CONTEXT),
			    "--context");
	kb_run_opts_free(&o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_run_good),
		cmocka_unit_test(test_run_usage_errors),
		cmocka_unit_test(test_output_formats),
		cmocka_unit_test(test_sweep),
		cmocka_unit_test(test_attr_option),
		cmocka_unit_test(test_context),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
