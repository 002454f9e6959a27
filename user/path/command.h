/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What every path command (`kaesbench ipsec`, `kaesbench ovpn`) does
 * the same way: the options they share, and the order of things that
 * keeps the machine as it was (path/command.c). A command brings its own
 * options, its implementations and its check that the kernel has it.
 */
#ifndef KAESBENCH_PATH_COMMAND_H
#define KAESBENCH_PATH_COMMAND_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "bench/imix.h"
#include "bench/runner.h"
#include "bench/sizes.h"
#include "path/guard.h"
#include "path/result.h"

struct mnl_socket;

enum kb_path_output {
	KB_PATH_OUT_TABLE,
	KB_PATH_OUT_JSON,
	KB_PATH_OUT_CSV,
};

/* The options every path command takes. */
struct kb_path_cli {
	const char *driver; /* -d */
	bool all_impls;
	unsigned int key_bits; /* 0: not given */
	struct kb_sizes sizes;
	struct kb_imix imix;
	uint32_t ms;
	uint32_t repeats;
	uint32_t diff_packets;
	bool no_ceiling;
	bool iperf3;
	struct kb_wait_opt wait; /* --wait, --no-wait: behind another path */
	bool force_raise;
	enum kb_path_output output;
	const char *output_file;
	bool help;
};

/* getopt_long's codes of the shared options; a command's own follow. */
enum {
	KB_PATH_OPT_ALL = 256,
	KB_PATH_OPT_IMIX,
	KB_PATH_OPT_NO_CEILING,
	KB_PATH_OPT_IPERF3,
	KB_PATH_OPT_WAIT,
	KB_PATH_OPT_NO_WAIT,
	KB_PATH_OPT_FORCE_RAISE,
	KB_PATH_OPT_JSON,
	KB_PATH_OPT_CSV,
	KB_PATH_OPT_OWN, /* the first code a command may use */
};

/* The shared long options, for a command's table; short: "d:k:b:t:r:o:h". */
#define KB_PATH_LONG_OPTIONS                                                   \
	{ "all-impls", no_argument, NULL, KB_PATH_OPT_ALL },                   \
		{ "imix", optional_argument, NULL, KB_PATH_OPT_IMIX },         \
		{ "no-ceiling", no_argument, NULL, KB_PATH_OPT_NO_CEILING },   \
		{ "iperf3", no_argument, NULL, KB_PATH_OPT_IPERF3 },           \
		{ "wait", required_argument, NULL, KB_PATH_OPT_WAIT },         \
		{ "no-wait", no_argument, NULL, KB_PATH_OPT_NO_WAIT },         \
		{ "force-raise", no_argument, NULL, KB_PATH_OPT_FORCE_RAISE }, \
		{ "json", no_argument, NULL, KB_PATH_OPT_JSON },               \
		{ "csv", no_argument, NULL, KB_PATH_OPT_CSV },                 \
	{                                                                      \
		"help", no_argument, NULL, 'h'                                 \
	}
#define KB_PATH_SHORT_OPTIONS "d:k:b:t:r:o:h"

/* A path command: its words, its path, and what it does its own way. */
struct kb_path_command {
	const char *who; /* "kaesbench ipsec" */
	/* What it makes, for the capabilities' message. */
	const char *makes;
	const struct kb_path_ops *ops;
	void (*usage)(FILE *f);
	/*
	 * The implementations to put through, the reference, and what an
	 * end made now gets (@run->selected), from @o: a message and an
	 * exit status on failure.
	 */
	int (*choose)(struct mnl_socket *nl, const struct kb_path_cli *o,
		      struct kb_path_run *run, struct kb_path_impls *impls);
	/* Whether this kernel can make the path at all: an n/a otherwise. */
	int (*preflight)(const struct kb_path_cli *o, struct mnl_socket *nl,
			 struct kb_guard *g, const struct kb_path_kind *kind);
	int (*print)(FILE *f, const struct kb_path_run *run,
		     enum kb_path_output output);
};

void kb_path_cli_init(struct kb_path_cli *o);
int kb_path_cli_option(const struct kb_path_command *cmd, struct kb_path_cli *o,
		       int c, int argc, char *argv[]);
int kb_path_cli_finish(const struct kb_path_command *cmd, struct kb_path_cli *o,
		       int argc, char *argv[]);
void kb_path_cli_free(struct kb_path_cli *o);
int kb_path_bad(const struct kb_path_command *cmd, const char *fmt,
		const char *arg);
int kb_path_main(const struct kb_path_command *cmd, struct kb_path_cli *o,
		 const void *front);
void kb_path_impls_free(struct kb_path_impls *impls);
int kb_path_impls_add(struct kb_path_impls *impls,
		      const struct kb_path_impl *impl);

#endif /* KAESBENCH_PATH_COMMAND_H */
