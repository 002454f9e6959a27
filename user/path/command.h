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

/*
 * How a path's implementations are found (ipsec/impl.c, path/aead_impl.c),
 * for the command's choice among them (kb_path_choose()).
 */
struct kb_path_impl_ops {
	/* What is implemented, in messages: "rfc4106(gcm(aes))". */
	const char *(*what)(void);
	/* What an end made now gets: call it before any is registered. */
	int (*selected)(struct mnl_socket *nl, char *sel, size_t len);
	/* The kernel's generic parts, the differential's other end. */
	int (*reference)(struct mnl_socket *nl, struct kb_path_impl *out,
			 char *err, size_t len);
	int (*all)(struct mnl_socket *nl, struct kb_path_impls *out);
	/* The implementation a driver name (-d) stands for. */
	int (*resolve)(struct mnl_socket *nl, const char *named,
		       struct kb_path_impl *out, char *err, size_t len);
};

/* A path command: its words, its path, and what it does its own way. */
struct kb_path_command {
	const char *who; /* "kaesbench ipsec" */
	/* What it makes, for the capabilities' message. */
	const char *makes;
	const char *proto; /* in messages: "ESP" */
	/* What can be had without root, said when it is missing, or NULL. */
	const char *unprivileged;
	const struct kb_path_ops *ops;
	const struct kb_path_impl_ops *impls;
	void (*usage)(FILE *f);
	/* Whether this kernel can make the path at all: an n/a otherwise. */
	int (*preflight)(const struct kb_path_cli *o, struct mnl_socket *nl,
			 struct kb_guard *g, const struct kb_path_kind *kind);
	int (*print)(FILE *f, const struct kb_path_run *run,
		     enum kb_path_output output);
	/*
	 * What -b counts, when not inner IPv4 packets of 52 to 8900 bytes
	 * (64, 576 and 1500 by default): its bounds, its defaults, and
	 * how a message says it ("a record has 24 to 16384 bytes").
	 */
	const struct kb_path_sizes *sizes;
};

struct kb_path_sizes {
	uint32_t min, max;
	const uint32_t *defaults;
	size_t ndefaults;
	const char *bounds; /* "-b: \"%s\": " follows it */
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

/*
 * A command's own option (getopt_long()'s @c, with @arg): KB_EXIT_OK,
 * an exit status with a message on stderr, or -1 when @c is not its own.
 */
typedef int (*kb_path_own_option)(int c, const char *arg);

int kb_path_cli_parse(const struct kb_path_command *cmd, struct kb_path_cli *o,
		      int argc, char *argv[], const char *shortopts,
		      const struct option *longopts, kb_path_own_option own);

#endif /* KAESBENCH_PATH_COMMAND_H */
