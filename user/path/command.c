// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A path command: the order of things is what keeps the machine as it
 * was. The priority guard is forked first, holding nothing, so that it
 * outlives a killed kaesbench only to set back a priority raised for a
 * moment. Everything else made (two namespaces, their veth pair, the
 * path's ends) lives in namespaces held by this process's descriptors
 * only, and goes with it. Nothing is made in the initial namespace.
 * Template instances the chains need are unregistered after the run.
 *
 * Before all of it, the machine's turn (path/turn.c): one path command
 * at a time, since each reads the priorities it must put back before it
 * raises any; held until its guard has ended.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libmnl/libmnl.h>

#include "base/options.h"
#include "base/progress.h"
#include "base/signals.h"
#include "bench/run_options.h"
#include "netlink/crypto_user.h"
#include "path/command.h"
#include "path/impl.h"
#include "path/iperf3.h"
#include "path/registered.h"
#include "path/session.h"
#include "path/turn.h"

#define DEFAULT_MS 1000
#define DEFAULT_REPEATS 3
#define DEFAULT_DIFF_PACKETS 200
/* The packets of an IMIX's cycle, sent in turn: a bound on its array. */
#define MAX_MIX 4096
/*
 * How long the namespaces' ends may take to let go of their transforms:
 * the kernel frees them with the namespaces, in its netns cleanup work,
 * which waits for RCU grace periods (seconds under emulation).
 */
#define UNDO_WAIT_MS 20000

/* Inner IPv4 packets: a small one, IMIX's middle one, a full Ethernet's. */
static const uint32_t default_sizes[] = { 64, 576, 1500 };

/**
 * kb_path_bad() - say what is wrong with the arguments, and how to call
 * @cmd: the command
 * @fmt: a format with one %s
 * @arg: its argument
 *
 * Return: KB_EXIT_USAGE.
 */
int kb_path_bad(const struct kb_path_command *cmd, const char *fmt,
		const char *arg)
{
	fprintf(stderr, "%s: ", cmd->who);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	cmd->usage(stderr);
	return KB_EXIT_USAGE;
}

static int u32_opt(const struct kb_path_command *cmd, const char *arg,
		   uint32_t min, uint32_t max, uint32_t *v, const char *what)
{
	if (kb_parse_u32(arg, v) || *v < min || *v > max) {
		fprintf(stderr, "%s: %s: \"%s\" is not from %u to %u\n",
			cmd->who, what, arg, min, max);
		cmd->usage(stderr);
		return KB_EXIT_USAGE;
	}
	return KB_EXIT_OK;
}

void kb_path_cli_init(struct kb_path_cli *o)
{
	memset(o, 0, sizeof(*o));
	o->ms = DEFAULT_MS;
	o->repeats = DEFAULT_REPEATS;
	o->diff_packets = DEFAULT_DIFF_PACKETS;
}

/* Inner IPv4 packets, unless the command counts something else. */
static const struct kb_path_sizes packets = {
	.min = KB_PATH_MIN_PACKET,
	.max = KB_PATH_MAX_PACKET,
	.defaults = default_sizes,
	.ndefaults = sizeof(default_sizes) / sizeof(default_sizes[0]),
	.bounds = "a packet has 52 to 8900 bytes",
};

static const struct kb_path_sizes *sizes_of(const struct kb_path_command *cmd)
{
	return cmd->sizes ? cmd->sizes : &packets;
}

static bool packet_ok(const struct kb_path_command *cmd, uint32_t size)
{
	return size >= sizes_of(cmd)->min && size <= sizes_of(cmd)->max;
}

static int imix_opt(const struct kb_path_command *cmd, struct kb_path_cli *o,
		    int argc, char *argv[])
{
	const char *spec = optarg;
	uint32_t v;
	size_t i;

	if (!spec && optind < argc && argv[optind][0] != '-')
		spec = argv[optind++];
	kb_imix_free(&o->imix);
	if (kb_imix_parse(spec ? spec : KB_IMIX_DEFAULT, &o->imix))
		return kb_path_bad(
			cmd,
			"--imix: \"%s\" is not a packet-size mix COUNTxSIZE,...",
			spec);
	for (i = 0, v = 0; i < o->imix.count; i++)
		v += o->imix.part[i].count;
	if (v > MAX_MIX)
		return kb_path_bad(
			cmd,
			"--imix: \"%s\": a mix's cycle has 4096 packets at most",
			o->imix.spec);
	for (i = 0; i < o->imix.count; i++)
		if (!packet_ok(cmd, o->imix.part[i].size))
			return kb_path_bad(
				cmd,
				"--imix: \"%s\": a packet has 52 to 8900 bytes",
				o->imix.spec);
	return KB_EXIT_OK;
}

/**
 * kb_path_cli_option() - take one of the options every path command has
 * @cmd: the command
 * @o: the options so far
 * @c: getopt_long()'s answer, with optarg and optind as it left them
 * @argc: argument count
 * @argv: the arguments
 *
 * Return: KB_EXIT_OK, KB_EXIT_USAGE with a message on stderr, or -1 when
 * @c is none of them.
 */
int kb_path_cli_option(const struct kb_path_command *cmd, struct kb_path_cli *o,
		       int c, int argc, char *argv[])
{
	uint32_t v;
	size_t i;
	int ret;

	switch (c) {
	case 'd':
		o->driver = optarg;
		return KB_EXIT_OK;
	case KB_PATH_OPT_ALL:
		o->all_impls = true;
		return KB_EXIT_OK;
	case 'k':
		ret = u32_opt(cmd, optarg, 128, 256, &v, "-k");
		if (ret)
			return ret;
		if (v != 128 && v != 192 && v != 256)
			return kb_path_bad(cmd,
					   "-k: \"%s\" is not 128, 192 or 256",
					   optarg);
		o->key_bits = v;
		return KB_EXIT_OK;
	case 'b':
		kb_sizes_free(&o->sizes);
		if (kb_sizes_parse(optarg, &o->sizes))
			return kb_path_bad(cmd,
					   "-b: \"%s\" is not a list of sizes",
					   optarg);
		for (i = 0; i < o->sizes.count; i++)
			if (!packet_ok(cmd, o->sizes.size[i])) {
				fprintf(stderr, "%s: -b: \"%s\": %s\n",
					cmd->who, optarg,
					sizes_of(cmd)->bounds);
				cmd->usage(stderr);
				return KB_EXIT_USAGE;
			}
		return KB_EXIT_OK;
	case KB_PATH_OPT_IMIX:
		return imix_opt(cmd, o, argc, argv);
	case 't':
		return u32_opt(cmd, optarg, 10, 600000, &o->ms, "-t");
	case 'r':
		return u32_opt(cmd, optarg, 1, 64, &o->repeats, "-r");
	case KB_PATH_OPT_NO_CEILING:
		o->no_ceiling = true;
		return KB_EXIT_OK;
	case KB_PATH_OPT_IPERF3:
		o->iperf3 = true;
		return KB_EXIT_OK;
	case KB_PATH_OPT_WAIT:
		return kb_wait_parse(cmd->who, optarg, &o->wait) ?
			       KB_EXIT_USAGE :
			       KB_EXIT_OK;
	case KB_PATH_OPT_NO_WAIT:
		o->wait.never = true;
		o->wait.ms = 0;
		return KB_EXIT_OK;
	case KB_PATH_OPT_FORCE_RAISE:
		o->force_raise = true;
		return KB_EXIT_OK;
	case KB_PATH_OPT_JSON:
	case KB_PATH_OPT_CSV:
		if (o->output)
			return kb_path_bad(cmd, "%s: one of --json and --csv",
					   argv[optind - 1]);
		o->output = c == KB_PATH_OPT_JSON ? KB_PATH_OUT_JSON :
						    KB_PATH_OUT_CSV;
		return KB_EXIT_OK;
	case 'o':
		o->output_file = optarg;
		return KB_EXIT_OK;
	case 'h':
		o->help = true;
		return KB_EXIT_OK;
	case ':':
		return kb_path_bad(cmd, "%s needs a value", argv[optind - 1]);
	case '?':
		return kb_path_bad(cmd, "unknown option \"%s\"",
				   argv[optind - 1]);
	}
	return -1;
}

/**
 * kb_path_cli_finish() - check the options together, fill in defaults
 * @cmd: the command
 * @o: the options, all taken
 * @argc: argument count
 * @argv: the arguments, optind past the options
 *
 * Return: KB_EXIT_OK, or an exit status with a message on stderr.
 */
int kb_path_cli_finish(const struct kb_path_command *cmd, struct kb_path_cli *o,
		       int argc, char *argv[])
{
	if (optind < argc)
		return kb_path_bad(cmd, "unexpected argument \"%s\"",
				   argv[optind]);
	if (o->driver && o->all_impls)
		return kb_path_bad(
			cmd, "%s: -d and --all-impls exclude each other", "-d");
	if (!o->sizes.count && !o->imix.count &&
	    kb_sizes_copy(&o->sizes, sizes_of(cmd)->defaults,
			  sizes_of(cmd)->ndefaults)) {
		fprintf(stderr, "%s: %s\n", cmd->who, strerror(ENOMEM));
		return KB_EXIT_ERROR;
	}
	return KB_EXIT_OK;
}

void kb_path_cli_free(struct kb_path_cli *o)
{
	kb_sizes_free(&o->sizes);
	kb_imix_free(&o->imix);
}

/**
 * kb_path_cli_parse() - a path command's arguments, its own and the shared
 * @cmd: the command
 * @o: filled in (kb_path_cli_init() first); freed here unless the
 *     command is to run
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 * @shortopts: getopt_long()'s short options
 * @longopts: its long ones
 * @own: the command's own options, or NULL
 *
 * Return: KB_EXIT_OK with @o to run on; or, -h's help printed or a
 * message on stderr, @o freed and -1 for help, else an exit status.
 */
int kb_path_cli_parse(const struct kb_path_command *cmd, struct kb_path_cli *o,
		      int argc, char *argv[], const char *shortopts,
		      const struct option *longopts, kb_path_own_option own)
{
	int c, ret = KB_EXIT_OK;

	optind = 1;
	opterr = 0;
	while (!ret && !o->help &&
	       (c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		ret = own ? own(c, optarg) : -1;
		if (ret < 0)
			ret = kb_path_cli_option(cmd, o, c, argc, argv);
		if (ret < 0)
			ret = kb_path_bad(cmd, "unknown option \"%s\"",
					  argv[optind - 1]);
	}
	if (!ret && !o->help)
		ret = kb_path_cli_finish(cmd, o, argc, argv);
	if (!ret && !o->help)
		return KB_EXIT_OK;
	if (o->help)
		cmd->usage(stdout);
	kb_path_cli_free(o);
	return o->help && !ret ? -1 : ret;
}

/* CAP_NET_ADMIN (12) and CAP_SYS_ADMIN (21) in the effective set. */
static int missing_caps(const struct kb_path_command *cmd)
{
	char line[256];
	uint64_t eff = 0;
	FILE *f = fopen("/proc/self/status", "re");
	bool net, sys;

	if (!f)
		return 0; /* the kernel will say */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %" SCNx64, &eff) == 1)
			break;
	fclose(f);
	net = eff & (1ull << 12);
	sys = eff & (1ull << 21);
	if (net && sys)
		return 0;
	fprintf(stderr,
		"%s: needs %s%s%s (%s): run it as root; nothing was made\n",
		cmd->who, net ? "" : "CAP_NET_ADMIN",
		!net && !sys ? " and " : "", sys ? "" : "CAP_SYS_ADMIN",
		cmd->makes);
	if (cmd->unprivileged)
		fprintf(stderr, "%s: without them: %s\n", cmd->who,
			cmd->unprivileged);
	return KB_EXIT_ERROR;
}

static int run_all(const struct kb_path_command *cmd,
		   const struct kb_path_cli *o, struct mnl_socket *nl,
		   struct kb_guard *g, struct kb_path_run *run,
		   const struct kb_path_impls *impls, uint32_t *imix)
{
	struct kb_path_opts po = {
		.key_bits = run->key_bits,
		.packet_sizes = o->sizes.size,
		.npacket_sizes = o->sizes.count,
		.imix_packet_sizes = imix,
		.ms = o->ms,
		.repeats = o->repeats,
		.diff_packets = o->diff_packets,
		.ceiling = !o->no_ceiling,
		.iperf3 = o->iperf3,
		.force_raise = o->force_raise,
	};
	char iperf3[64];
	size_t i, k, n = 0;

	/* Once: every point runs the same iperf3, and says which. */
	if (o->iperf3 && !kb_iperf3_find(iperf3, sizeof(iperf3)))
		po.iperf3_program = iperf3;

	for (i = 0; i < o->imix.count; i++)
		for (k = 0; k < o->imix.part[i].count; k++)
			imix[n++] = o->imix.part[i].size;
	po.nimix_packet_sizes = n;
	run->result = calloc(impls->count, sizeof(*run->result));
	if (!run->result)
		return -ENOMEM;
	for (i = 0; i < impls->count && !kb_interrupted(); i++) {
		if (isatty(STDERR_FILENO))
			fprintf(stderr, "%s: %zu/%zu %s...\n", cmd->who, i + 1,
				impls->count, impls->impl[i].driver);
		kb_path_test(&run->kind, &po, nl, g, &impls->impl[i],
			     &run->reference, &run->result[run->count++]);
	}
	return 0;
}

/* Once the run's or a failure's namespaces are gone: what it registered. */
static void undo(struct mnl_socket *nl, const struct kb_cu_algs *before,
		 struct kb_guard *g, struct kb_path_run *run)
{
	run->left_count = kb_registered_undo(nl, before, &run->kind,
					     UNDO_WAIT_MS, run->left,
					     sizeof(run->left));
	kb_guard_clean(g);
}

/* The machine's turn, crypto_user, what is registered, and the guard. */
static int prepare(const struct kb_path_command *cmd,
		   const struct kb_path_cli *o, const struct kb_path_kind *kind,
		   struct kb_turn *turn, struct mnl_socket **nl,
		   struct kb_cu_algs *before, struct kb_guard *guard)
{
	int ret, status;

	/* Before anything is read to be put back: another run's raise. */
	status = kb_turn_take(turn, cmd->ops->command, &o->wait);
	if (status)
		return status;
	*nl = kb_cu_open(&ret);
	if (!*nl) {
		fprintf(stderr,
			"%s: n/a: the kernel's crypto_user interface is missing (%s): it chooses and proves the implementations (modprobe crypto_user; CONFIG_CRYPTO_USER)\n",
			cmd->who, strerror(-ret));
		return KB_EXIT_ERROR;
	}
	ret = kb_registered_before(*nl, before);
	if (ret) {
		fprintf(stderr, "%s: reading the crypto API's drivers: %s\n",
			cmd->who, strerror(-ret));
		return KB_EXIT_ERROR;
	}
	/* Before anything is registered or raised, and before namespaces. */
	ret = kb_guard_start(guard, before, kind);
	if (ret) {
		fprintf(stderr, "%s: starting the guard: %s\n", cmd->who,
			strerror(-ret));
		return KB_EXIT_ERROR;
	}
	return KB_EXIT_OK;
}

/* One implementation alone: -d's, or what an end made now gets. */
static int only(struct kb_path_impls *impls, struct kb_path_impl *impl,
		const struct kb_path_run *run)
{
	impl->reference = !strcmp(impl->driver, run->reference.driver);
	impls->impl = malloc(sizeof(*impl));
	if (!impls->impl)
		return KB_EXIT_ERROR;
	impls->impl[0] = *impl;
	impls->count = 1;
	return KB_EXIT_OK;
}

/* -d's implementation, or the ones there are and an exit status. */
static int named(const struct kb_path_command *cmd, struct mnl_socket *nl,
		 const struct kb_path_cli *o, struct kb_path_run *run,
		 struct kb_path_impls *impls)
{
	const struct kb_path_impl_ops *io = cmd->impls;
	struct kb_path_impl impl;
	char err[512];
	size_t i;
	int ret;

	ret = io->resolve(nl, o->driver, &impl, err, sizeof(err));
	if (!ret)
		return only(impls, &impl, run);
	fprintf(stderr, "%s: -d: %s. Implementations of %s here:\n", cmd->who,
		err, io->what());
	/* Listing them registers their chains: only now. */
	if (!io->all(nl, impls))
		for (i = 0; i < impls->count; i++)
			fprintf(stderr, "  %s\n", impls->impl[i].named);
	kb_path_impls_free(impls);
	return ret == -EPERM ? KB_EXIT_ERROR : KB_EXIT_USAGE;
}

/* The implementations to put through, the reference, and the selected. */
static int choose(const struct kb_path_command *cmd, struct mnl_socket *nl,
		  const struct kb_path_cli *o, struct kb_path_run *run,
		  struct kb_path_impls *impls)
{
	const struct kb_path_impl_ops *io = cmd->impls;
	struct kb_path_impl impl;
	char err[512];
	size_t i;
	int ret;

	memset(impls, 0, sizeof(*impls));
	/* First: a chain registered before it would be the answer. */
	ret = io->selected(nl, run->selected, sizeof(run->selected));
	if (ret) {
		fprintf(stderr,
			"%s: n/a: the kernel cannot make %s for %s: %s\n",
			cmd->who, io->what(), cmd->proto, strerror(-ret));
		return KB_EXIT_ERROR;
	}
	ret = io->reference(nl, &run->reference, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "%s: n/a: %s\n", cmd->who, err);
		return KB_EXIT_ERROR;
	}
	if (o->all_impls) {
		ret = io->all(nl, impls);
		if (ret) {
			fprintf(stderr, "%s: listing implementations: %s\n",
				cmd->who, strerror(-ret));
			return KB_EXIT_ERROR;
		}
	}
	if (o->driver) {
		ret = named(cmd, nl, o, run, impls);
		if (ret)
			return ret;
	}
	if (!impls->count) {
		ret = io->resolve(nl, run->selected, &impl, err, sizeof(err));
		if (ret) {
			fprintf(stderr, "%s: %s\n", cmd->who, err);
			return KB_EXIT_ERROR;
		}
		ret = only(impls, &impl, run);
		if (ret)
			return ret;
	}
	for (i = 0; i < impls->count; i++)
		impls->impl[i].selected =
			!strcmp(impls->impl[i].driver, run->selected);
	return KB_EXIT_OK;
}

static int measure(const struct kb_path_command *cmd,
		   const struct kb_path_cli *o, struct mnl_socket *nl,
		   struct kb_guard *guard, struct kb_path_run *run,
		   struct kb_path_impls *impls)
{
	uint32_t *imix;
	size_t i, n = 0;
	int status;

	/* An n/a before anything is chosen, so before anything registered. */
	status = cmd->preflight(o, nl, guard, &run->kind);
	if (!status)
		status = choose(cmd, nl, o, run, impls);
	if (status)
		return status;
	for (i = 0; i < o->imix.count; i++)
		n += o->imix.part[i].count;
	imix = calloc(n ? n : 1, sizeof(*imix));
	if (!imix || run_all(cmd, o, nl, guard, run, impls, imix)) {
		fprintf(stderr, "%s: %s\n", cmd->who, strerror(ENOMEM));
		status = KB_EXIT_ERROR;
	}
	free(imix);
	return status;
}

/**
 * kb_path_main() - run a path command
 * @cmd: the command
 * @o: its options, parsed; freed here
 * @front: the command's own choice (ESP's transform, ...)
 *
 * Return: an exit status.
 */
int kb_path_main(const struct kb_path_command *cmd, struct kb_path_cli *o,
		 const void *front)
{
	struct kb_path_run run = { .kind = { cmd->ops, front } };
	struct kb_guard guard = { .fd = -1 };
	struct kb_turn turn = { .fd = -1 };
	struct kb_path_impls impls = { 0 };
	struct kb_cu_algs before = { 0 };
	struct mnl_socket *nl = NULL;
	size_t i;
	int status;

	run.key_bits = o->key_bits;
	run.ms = o->ms;
	run.repeats = o->repeats;
	run.diff_packets = o->diff_packets;
	run.iperf3 = o->iperf3;
	run.imix_spec = o->imix.count ? o->imix.spec : NULL;
	if (cmd->ops->versions)
		cmd->ops->versions(run.reference_version, run.alongside_version,
				   sizeof(run.reference_version));
	status = missing_caps(cmd);
	/* A file that cannot be written costs no measurement. */
	if (!status)
		status = kb_output_to(o->output_file, cmd->who);
	if (status)
		goto out;
	signal(SIGPIPE, SIG_IGN);
	/* Its own line per implementation: the ceiling's runs print none. */
	kb_progress_to(NULL, 0);
	if (kb_signals_install()) {
		perror(cmd->who);
		status = KB_EXIT_ERROR;
		goto out;
	}
	status = prepare(cmd, o, &run.kind, &turn, &nl, &before, &guard);
	if (!status)
		status = measure(cmd, o, nl, &guard, &run, &impls);
	if (status)
		goto out;
	/* The namespaces are gone: their ends let go within seconds. */
	undo(nl, &before, &guard, &run);
	if (cmd->print(stdout, &run, o->output) || fflush(stdout))
		status = KB_EXIT_ERROR;
	for (i = 0; i < run.count; i++)
		if (run.result[i].state != KB_PATH_VALID && !status)
			status = KB_EXIT_ERROR;
	if (kb_interrupted())
		status = KB_EXIT_INTERRUPTED;
out:
	if (nl && before.count && status && !run.count)
		undo(nl, &before, &guard, &run);
	kb_cu_algs_free(&before);
	for (i = 0; i < run.count; i++)
		kb_path_result_release(&run.result[i]);
	free(run.result);
	kb_path_impls_free(&impls);
	if (nl)
		mnl_socket_close(nl);
	kb_guard_stop(&guard);
	/* The next one starts once the guard has put everything back. */
	kb_turn_release(&turn);
	kb_path_cli_free(o);
	return kb_output_done(status, cmd->who);
}
