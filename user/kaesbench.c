// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kaesbench: measure the AES implementations of the kernel crypto API.
 */

#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>

#include <linux/kaesbench.h>

#include "cmd/compare.h"
#include "cmd/doctor.h"
#include "cmd/list.h"
#include "cmd/plot.h"
#include "cmd/ipsec.h"
#include "cmd/ovpn.h"
#include "cmd/tls.h"
#include "cmd/priority.h"
#include "cmd/report.h"
#include "cmd/run.h"
#include "cmd/sweep.h"
#include "cmd/verify.h"
#include "doctor/measurements.h"
#include "path/leftover.h"
#include "kaesbench_version.h"
#include "base/options.h"

static int help_main(int argc, char *argv[]);

static const struct {
	const char *name;
	int (*main)(int argc, char *argv[]);
	const char *description;
} subcommands[] = {
	{ "sweep", kb_sweep_main,
	  "Measure every implementation of aes, cbc, ctr, xts and gcm" },
	{ "run", kb_run_main, "Measure one implementation, or one algorithm" },
	{ "verify", kb_verify_main,
	  "Check implementations against an independent reference" },
	{ "list", kb_list_main,
	  "List the AES implementations of the crypto API" },
	{ "compare", kb_compare_main,
	  "Compare two saved runs; exit 1 on a significant regression" },
	{ "plot", kb_plot_main, "Plot saved runs: MB/s against buffer size" },
	{ "report", kb_report_main,
	  "Saved runs of many machines side by side: an HTML page or CSV" },
	{ "doctor", kb_doctor_main,
	  "Explain which AES path this machine uses, and why not a faster one" },
	{ "ipsec", kb_ipsec_main,
	  "Real ESP SAs between two namespaces: proved, checked, measured" },
	{ "ovpn", kb_ovpn_main,
	  "OpenVPN's data channel in the kernel (ovpn): proved, checked, measured" },
	{ "tls", kb_tls_main,
	  "TLS records in the kernel (kTLS): proved, checked against OpenSSL, measured" },
	{ "priority", kb_priority_main,
	  "Set an implementation's crypto API priority" },
	{ "help", help_main, "Show this help" },
	/* The doctor's helper: OpenSSL measured in a fresh process. */
	{ "__openssl-rate", kb_doctor_ossl_child_main, NULL },
};

/* What a bare `kaesbench`, or one with only sweep options, runs. */
static char *default_argv[] = { "sweep", NULL };

static void usage(FILE *f)
{
	size_t i;

	fprintf(f,
		"Usage: kaesbench [--help | --version] [<command> [<args>]]\n"
		"       kaesbench [<sweep options>]\n"
		"\n"
		"Without a command, kaesbench runs \"%s\", taking its options. Commands:\n",
		default_argv[0]);
	for (i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		if (subcommands[i].description)
			fprintf(f, "  %-8s  %s\n", subcommands[i].name,
				subcommands[i].description);
	fprintf(f,
		"\nRun \"kaesbench <command> --help\" for a command's options.\n");
}

static int help_main(int argc, char *argv[])
{
	(void)argc;
	(void)argv;
	usage(stdout);
	return KB_EXIT_OK;
}

int main(int argc, char *argv[])
{
	static const struct option long_opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	size_t i;
	int c;

	/*
	 * Set-user-ID, set-group-ID or with file capabilities, it would act
	 * with privileges its caller lacks, on the caller's environment and
	 * arguments: it is not written for that. Run it as root instead.
	 */
	if (getauxval(AT_SECURE)) {
		fprintf(stderr,
			"kaesbench: refusing to run set-user-ID, set-group-ID or with file capabilities: run it as root (sudo) instead\n");
		return KB_EXIT_ERROR;
	}
	/* Whatever the command: what a killed run left changed goes first. */
	kb_leftover_undo();
	opterr = 0;
	/* '+': options after the command belong to the command. */
	while ((c = getopt_long(argc, argv, "+hV", long_opts, NULL)) != -1) {
		switch (c) {
		case 'h':
			usage(stdout);
			return KB_EXIT_OK;
		case 'V':
			printf("kaesbench %s (netlink protocol version %u)\n",
			       KAESBENCH_VERSION, KAESBENCH_GENL_VERSION);
			return KB_EXIT_OK;
		default:
			/* Not ours: the sweep's options, or its usage error. */
			return kb_sweep_main(argc, argv);
		}
	}
	argc -= optind;
	argv += optind;
	if (!argc) {
		argc = 1;
		argv = default_argv;
	}
	for (i = 0; i < sizeof(subcommands) / sizeof(subcommands[0]); i++)
		if (!strcmp(argv[0], subcommands[i].name))
			return subcommands[i].main(argc, argv);
	fprintf(stderr, "kaesbench: unknown command \"%s\"\n", argv[0]);
	usage(stderr);
	return KB_EXIT_USAGE;
}
