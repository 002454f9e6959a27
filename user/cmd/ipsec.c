// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench ipsec`: the order of things is what keeps the machine as it
 * was. The priority guard is forked first, holding nothing, so that it
 * outlives a killed kaesbench only to set back a priority raised for a
 * moment. Everything else made (two namespaces, their veth pair, SAs and
 * policies) lives in namespaces held by this process's descriptors only,
 * and goes with it. Nothing is made in the initial namespace. Template
 * instances the chains need stay registered, as after any first use of
 * the crypto API.
 *
 * Before all of it, the machine's turn (path/turn.c): one kaesbench
 * ipsec at a time, since each reads the priorities it must put back
 * before it raises any; held until its guard has ended.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libmnl/libmnl.h>

#include "base/options.h"
#include "base/progress.h"
#include "base/signals.h"
#include "bench/run_options.h"
#include "cmd/ipsec.h"
#include "ipsec/esp_path.h"
#include "ipsec/impl.h"
#include "path/iperf3.h"
#include "path/link.h"
#include "path/netns.h"
#include "path/registered.h"
#include "path/proof.h"
#include "path/result.h"
#include "path/session.h"
#include "path/turn.h"
#include "ipsec/xfrm.h"
#include "netlink/crypto_user.h"
#include "output/ipsec_report.h"

#define WHO "kaesbench ipsec"
#define DEFAULT_TRANSFORM "aes128gcm16"
#define DEFAULT_MS 1000
#define DEFAULT_REPEATS 3
#define DEFAULT_DIFF_PACKETS 200
/* The packets of an IMIX's cycle, sent in turn: a bound on its array. */
#define KB_IPSEC_MAX_MIX 4096
/*
 * How long the namespaces' SAs may take to let go of their transforms: the
 * kernel frees them with the namespaces, in its netns cleanup work, which
 * waits for RCU grace periods (seconds under emulation).
 */
#define UNDO_WAIT_MS 20000

/* Inner IPv4 packets: a small one, IMIX's middle one, a full Ethernet's. */
static const uint32_t default_sizes[] = { 64, 576, 1500 };

/*
 * -a's lines: the transforms and their proposals as esp.c's table has
 * them, a word at a time, wrapped at 79 columns under the option's text.
 */
static void usage_transforms(FILE *f)
{
	const size_t indent = 17, width = 79;
	char names[256], proposals[128], text[512];
	size_t col = fprintf(f, "  -a TRANSFORM   ");
	char *word, *save;

	snprintf(
		text, sizeof(text),
		"%s, or a proposal: %s (192 and 256 too; default %s, strongSwan's first)",
		kb_esp_names(names, sizeof(names)),
		kb_esp_proposals(128, proposals, sizeof(proposals)),
		DEFAULT_TRANSFORM);
	for (word = strtok_r(text, " ", &save); word;
	     word = strtok_r(NULL, " ", &save)) {
		if (col > indent && col + 1 + strlen(word) > width) {
			fprintf(f, "\n%*s", (int)indent, "");
			col = indent;
		} else if (col > indent) {
			col += fprintf(f, " ");
		}
		col += fprintf(f, "%s", word);
	}
	fputc('\n', f);
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: kaesbench ipsec [-a TRANSFORM] [-d DRIVER | --all-impls] [-k BITS]\n"
		"                       [-b SIZES] [--imix [SPEC]] [-t MS] [-r N]\n"
		"                       [--mode tunnel|transport] [--no-ceiling] [--iperf3]\n"
		"                       [--wait SECONDS | --no-wait] [--force-raise]\n"
		"                       [--json | --csv] [-o FILE]\n"
		"\n"
		"Real ESP SAs between two network namespaces joined by a veth pair, made\n"
		"by kaesbench and gone when it ends: the implementation behind each SA\n"
		"chosen and proved, checked against the kernel's generic parts both ways,\n"
		"and measured beside plaintext and the crypto-only ceiling. As root.\n"
		"\n");
	usage_transforms(f);
	fprintf(f,
		"  -d DRIVER      the implementation: a driver of the transform, of ESP's chain\n"
		"                 (seqiv(rfc4106-gcm-aesni)) or of the AES mode beneath\n"
		"                 (cbc-aes-aesni); default: what an SA made now gets\n"
		"      --all-impls  every implementation this kernel has, in turn\n"
		"  -k BITS        AES key: 128, 192 or 256 (default 128, or the proposal's)\n"
		"  -b SIZES       inner IPv4 packets' bytes, %d to %d (default 64,576,1500)\n"
		"      --imix [SPEC]  a packet mix COUNTxSIZE,... too (default %s)\n"
		"  -t MS          each measurement's length (default %d)\n"
		"  -r N           measurements per size, tunnel and plaintext in turn (default %d)\n"
		"      --mode M   tunnel (default) or transport\n"
		"      --no-ceiling  do not measure the crypto alone (needs kaesbench.ko;\n"
		"                 encrypting in a thread, decrypting in softirq context)\n"
		"      --iperf3   iperf3's UDP rate through the same tunnel too, per size\n"
		"                 (the first iperf3 in %s)\n"
		"      --wait SECONDS  behind another kaesbench ipsec, wait at most this\n"
		"                 long for its end (default: until it ends)\n"
		"      --no-wait  behind another kaesbench ipsec, fail at once\n"
		"      --force-raise  raise a priority for an SA even while another user\n"
		"                 holds SAs of the transform (one it makes meanwhile gets\n"
		"                 the chain kaesbench raised); otherwise not measured\n"
		"      --json, --csv  the results as JSON or CSV\n"
		"  -o FILE        write them to FILE\n"
		"  -h, --help     print this help\n"
		"\n"
		"Exit status: 0 all valid; 1 an implementation invalid (a packet failed\n"
		"authentication or arrived wrong, an SA not proved), failed or not\n"
		"measured (another user holds SAs of the transform), what is needed is\n"
		"missing, or another kaesbench ipsec in progress (--no-wait, --wait);\n"
		"2 bad usage; 130 interrupted.\n",
		KB_PATH_MIN_PACKET, KB_PATH_MAX_PACKET, KB_IMIX_DEFAULT,
		DEFAULT_MS, DEFAULT_REPEATS, KB_IPERF3_DIRS_TEXT);
}

static int bad(const char *fmt, const char *arg)
{
	fprintf(stderr, WHO ": ");
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	usage(stderr);
	return KB_EXIT_USAGE;
}

static int u32_opt(const char *arg, uint32_t min, uint32_t max, uint32_t *v,
		   const char *what)
{
	if (kb_parse_u32(arg, v) || *v < min || *v > max) {
		fprintf(stderr, WHO ": %s: \"%s\" is not from %u to %u\n", what,
			arg, min, max);
		usage(stderr);
		return KB_EXIT_USAGE;
	}
	return KB_EXIT_OK;
}

/**
 * kb_ipsec_parse() - parse the arguments of `kaesbench ipsec`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 * @o: filled in; free with kb_ipsec_cli_free() whatever the result
 *
 * Return: KB_EXIT_OK, or KB_EXIT_USAGE with a message on stderr.
 */
int kb_ipsec_parse(int argc, char *argv[], struct kb_ipsec_cli *o)
{
	enum {
		OPT_ALL = 256,
		OPT_IMIX,
		OPT_MODE,
		OPT_NO_CEILING,
		OPT_IPERF3,
		OPT_WAIT,
		OPT_NO_WAIT,
		OPT_FORCE_RAISE,
		OPT_JSON,
		OPT_CSV
	};
	static const struct option opts[] = {
		{ "all-impls", no_argument, NULL, OPT_ALL },
		{ "imix", optional_argument, NULL, OPT_IMIX },
		{ "mode", required_argument, NULL, OPT_MODE },
		{ "no-ceiling", no_argument, NULL, OPT_NO_CEILING },
		{ "iperf3", no_argument, NULL, OPT_IPERF3 },
		{ "wait", required_argument, NULL, OPT_WAIT },
		{ "no-wait", no_argument, NULL, OPT_NO_WAIT },
		{ "force-raise", no_argument, NULL, OPT_FORCE_RAISE },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "csv", no_argument, NULL, OPT_CSV },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *transform = DEFAULT_TRANSFORM, *spec;
	uint32_t v;
	size_t i;
	int c, ret;

	memset(o, 0, sizeof(*o));
	o->ms = DEFAULT_MS;
	o->repeats = DEFAULT_REPEATS;
	o->diff_packets = DEFAULT_DIFF_PACKETS;
	o->tunnel = true;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":a:d:k:b:t:r:o:h", opts, NULL)) !=
	       -1) {
		switch (c) {
		case 'a':
			transform = optarg;
			break;
		case 'd':
			o->driver = optarg;
			break;
		case OPT_ALL:
			o->all_impls = true;
			break;
		case 'k':
			ret = u32_opt(optarg, 128, 256, &v, "-k");
			if (ret)
				return ret;
			if (v != 128 && v != 192 && v != 256)
				return bad("-k: \"%s\" is not 128, 192 or 256",
					   optarg);
			o->key_bits = v;
			break;
		case 'b':
			kb_sizes_free(&o->sizes);
			if (kb_sizes_parse(optarg, &o->sizes))
				return bad("-b: \"%s\" is not a list of sizes",
					   optarg);
			for (i = 0; i < o->sizes.count; i++)
				if (o->sizes.size[i] < KB_PATH_MIN_PACKET ||
				    o->sizes.size[i] > KB_PATH_MAX_PACKET)
					return bad("-b: \"%s\": a packet has "
						   "52 to 8900 bytes",
						   optarg);
			break;
		case OPT_IMIX:
			spec = optarg;
			if (!spec && argv[optind] && argv[optind][0] != '-')
				spec = argv[optind++];
			kb_imix_free(&o->imix);
			if (kb_imix_parse(spec ? spec : KB_IMIX_DEFAULT,
					  &o->imix))
				return bad(
					"--imix: \"%s\" is not a packet-size mix COUNTxSIZE,...",
					spec);
			for (i = 0, v = 0; i < o->imix.count; i++)
				v += o->imix.part[i].count;
			if (v > KB_IPSEC_MAX_MIX)
				return bad(
					"--imix: \"%s\": a mix's cycle has 4096 packets at most",
					o->imix.spec);
			for (i = 0; i < o->imix.count; i++)
				if (o->imix.part[i].size < KB_PATH_MIN_PACKET ||
				    o->imix.part[i].size > KB_PATH_MAX_PACKET)
					return bad(
						"--imix: \"%s\": a packet has 52 to 8900 bytes",
						o->imix.spec);
			break;
		case 't':
			ret = u32_opt(optarg, 10, 600000, &o->ms, "-t");
			if (ret)
				return ret;
			break;
		case 'r':
			ret = u32_opt(optarg, 1, 64, &o->repeats, "-r");
			if (ret)
				return ret;
			break;
		case OPT_MODE:
			if (strcmp(optarg, "tunnel") &&
			    strcmp(optarg, "transport"))
				return bad(
					"--mode: \"%s\" is not tunnel or transport",
					optarg);
			o->tunnel = !strcmp(optarg, "tunnel");
			break;
		case OPT_NO_CEILING:
			o->no_ceiling = true;
			break;
		case OPT_IPERF3:
			o->iperf3 = true;
			break;
		case OPT_WAIT:
			if (kb_wait_parse(WHO, optarg, &o->wait))
				return KB_EXIT_USAGE;
			break;
		case OPT_NO_WAIT:
			o->wait.never = true;
			o->wait.ms = 0;
			break;
		case OPT_FORCE_RAISE:
			o->force_raise = true;
			break;
		case OPT_JSON:
		case OPT_CSV:
			if (o->output)
				return bad("%s: one of --json and --csv",
					   argv[optind - 1]);
			o->output = c == OPT_JSON ? KB_IPSEC_OUT_JSON :
						    KB_IPSEC_OUT_CSV;
			break;
		case 'o':
			o->output_file = optarg;
			break;
		case 'h':
			o->help = true;
			return KB_EXIT_OK;
		case ':':
			return bad("%s needs a value", argv[optind - 1]);
		default:
			return bad("unknown option \"%s\"", argv[optind - 1]);
		}
	}
	if (optind < argc)
		return bad("unexpected argument \"%s\"", argv[optind]);
	if (o->driver && o->all_impls)
		return bad("%s: -d and --all-impls exclude each other", "-d");
	if (kb_esp_find(transform, &o->esp)) {
		char names[256], proposals[128];

		fprintf(stderr,
			WHO
			": -a: \"%s\" is not an ESP transform with AES that Linux offers: %s, or a proposal such as %s\n",
			transform, kb_esp_names(names, sizeof(names)),
			kb_esp_proposals(128, proposals, sizeof(proposals)));
		return KB_EXIT_USAGE;
	}
	if (o->esp.key_bits && o->key_bits && o->esp.key_bits != o->key_bits)
		return bad("-k contradicts the proposal \"%s\"", transform);
	if (!o->key_bits)
		o->key_bits = o->esp.key_bits ? o->esp.key_bits : 128;
	if (!o->sizes.count && !o->imix.count &&
	    kb_sizes_copy(&o->sizes, default_sizes,
			  sizeof(default_sizes) / sizeof(default_sizes[0]))) {
		fprintf(stderr, WHO ": %s\n", strerror(ENOMEM));
		return KB_EXIT_ERROR;
	}
	return KB_EXIT_OK;
}

void kb_ipsec_cli_free(struct kb_ipsec_cli *o)
{
	kb_sizes_free(&o->sizes);
	kb_imix_free(&o->imix);
}

/* CAP_NET_ADMIN (12) and CAP_SYS_ADMIN (21) in the effective set. */
static int missing_caps(void)
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
		WHO
		": needs %s%s%s (namespaces, veth, SAs and crypto priorities): run it as root; nothing was made\n",
		net ? "" : "CAP_NET_ADMIN", !net && !sys ? " and " : "",
		sys ? "" : "CAP_SYS_ADMIN");
	return KB_EXIT_ERROR;
}

/*
 * Can this kernel do it at all: namespaces, veth, xfrm_user, ESP with the
 * transform? One SA made and dropped, under the priority the kernel
 * chooses, in namespaces that go at once.
 */
static int preflight(const struct kb_ipsec_cli *o, struct mnl_socket *nl,
		     struct kb_guard *g)
{
	static const uint8_t key[64];
	struct kb_netns_pair p;
	struct kb_cu_algs base;
	char esp[CRYPTO_MAX_NAME];
	struct kb_xfrm_sa sa = {
		.spi = 0x100,
		.reqid = 1,
		.mode = o->tunnel ? KB_XFRM_TUNNEL : KB_XFRM_TRANSPORT,
		.aead = o->esp.t->aead,
		.icv_bits = o->esp.t->icv_bits,
		.cipher = o->esp.t->cipher,
		.auth = o->esp.t->auth,
		.auth_trunc_bits = o->esp.t->icv_bits,
		.key = key,
		.key_bits = o->key_bits + 8 * o->esp.t->salt_bytes,
		.auth_key = key,
		.auth_key_bits = o->esp.t->auth_key_bits,
	};
	char err[256];
	int ret;

	if (kb_cu_dump(nl, &base))
		memset(&base, 0, sizeof(base));
	ret = kb_netns_pair_make(&p, err, sizeof(err));
	if (!ret) {
		ret = kb_link_make(&p, 1, KB_PATH_MTU, err, sizeof(err));
		kb_link_lane_addr(0, 0, &sa.src);
		kb_link_lane_addr(0, 1, &sa.dst);
		if (!ret) {
			kb_guard_netns(g, &p);
			ret = kb_xfrm_add_sa(&p, 0, &sa, err, sizeof(err));
			kb_xfrm_flush(&p, 0);
			kb_guard_netns_gone(g);
		}
	}
	/* Whatever was made before a failure, and the home's descriptor. */
	kb_netns_pair_release(&p);
	/* Its SA freed before the first implementation's are proved. */
	kb_esp_name(o->esp.t, esp, sizeof(esp));
	kb_proof_wait_released(nl, esp, &base);
	kb_cu_algs_free(&base);
	if (ret)
		fprintf(stderr, WHO ": n/a: %s\n", err);
	return ret ? KB_EXIT_ERROR : KB_EXIT_OK;
}

static int choose(struct mnl_socket *nl, const struct kb_ipsec_cli *o,
		  struct kb_path_run *run, struct kb_esp_setup *esp,
		  struct kb_path_impls *impls)
{
	struct kb_path_impl impl;
	char err[512];
	size_t i;
	int ret;

	memset(impls, 0, sizeof(*impls));
	/* First: a chain registered before it would be the answer. */
	ret = kb_esp_selected(nl, o->esp.t, run->selected,
			      sizeof(run->selected));
	if (ret) {
		fprintf(stderr,
			WHO ": n/a: the kernel cannot make %s for ESP: %s\n",
			o->esp.t->name, strerror(-ret));
		return KB_EXIT_ERROR;
	}
	ret = kb_esp_auth_driver(nl, o->esp.t, esp->auth, sizeof(esp->auth));
	if (!ret)
		ret = kb_esp_reference(nl, o->esp.t, esp->auth, &run->reference,
				       err, sizeof(err));
	else
		snprintf(err, sizeof(err), "no %s in this kernel",
			 o->esp.t->auth);
	if (ret) {
		fprintf(stderr, WHO ": n/a: %s\n", err);
		return KB_EXIT_ERROR;
	}
	if (o->all_impls) {
		ret = kb_esp_all(nl, o->esp.t, esp->auth, impls);
		if (ret) {
			fprintf(stderr, WHO ": listing implementations: %s\n",
				strerror(-ret));
			return KB_EXIT_ERROR;
		}
	}
	if (o->driver) {
		ret = kb_esp_resolve(nl, o->esp.t, esp->auth, o->driver, &impl,
				     err, sizeof(err));
		if (ret) {
			fprintf(stderr,
				WHO ": -d: %s. Implementations of %s here:\n",
				err, o->esp.t->name);
			/* Listing them registers their chains: only now. */
			if (!kb_esp_all(nl, o->esp.t, esp->auth, impls))
				for (i = 0; i < impls->count; i++)
					fprintf(stderr, "  %s\n",
						impls->impl[i].named);
			kb_esp_impls_free(impls);
			return ret == -EPERM ? KB_EXIT_ERROR : KB_EXIT_USAGE;
		}
		impls->impl = malloc(sizeof(impl));
		if (!impls->impl)
			return KB_EXIT_ERROR;
		impls->impl[0] = impl;
		impls->count = 1;
		impls->impl[0].reference =
			!strcmp(impl.driver, run->reference.driver);
	}
	if (!impls->count) {
		ret = kb_esp_resolve(nl, o->esp.t, esp->auth, run->selected,
				     &impl, err, sizeof(err));
		if (ret) {
			fprintf(stderr, WHO ": %s\n", err);
			return KB_EXIT_ERROR;
		}
		impl.selected = true;
		impl.reference = !strcmp(impl.driver, run->reference.driver);
		impls->impl = malloc(sizeof(impl));
		if (!impls->impl)
			return KB_EXIT_ERROR;
		impls->impl[0] = impl;
		impls->count = 1;
	}
	for (i = 0; i < impls->count; i++)
		impls->impl[i].selected =
			!strcmp(impls->impl[i].driver, run->selected);
	return KB_EXIT_OK;
}

static int print(const struct kb_ipsec_cli *o, const struct kb_path_run *run)
{
	FILE *f = stdout;
	int ret;

	if (o->output == KB_IPSEC_OUT_JSON)
		ret = kb_ipsec_print_json(f, run);
	else if (o->output == KB_IPSEC_OUT_CSV)
		ret = kb_ipsec_print_csv(f, run);
	else
		ret = kb_ipsec_print_table(f, run);
	return fflush(f) ? -EIO : ret;
}

static int run_all(const struct kb_ipsec_cli *o, struct mnl_socket *nl,
		   struct kb_guard *g, struct kb_path_run *run,
		   const struct kb_path_impls *impls, uint32_t *imix)
{
	struct kb_path_opts io = {
		.key_bits = o->key_bits,
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
		io.iperf3_program = iperf3;

	for (i = 0; i < o->imix.count; i++)
		for (k = 0; k < o->imix.part[i].count; k++)
			imix[n++] = o->imix.part[i].size;
	io.nimix_packet_sizes = n;
	run->result = calloc(impls->count, sizeof(*run->result));
	if (!run->result)
		return -ENOMEM;
	for (i = 0; i < impls->count && !kb_interrupted(); i++) {
		if (isatty(STDERR_FILENO))
			fprintf(stderr, WHO ": %zu/%zu %s...\n", i + 1,
				impls->count, impls->impl[i].driver);
		kb_path_test(&run->kind, &io, nl, g, &impls->impl[i],
			     &run->reference, &run->result[run->count++]);
	}
	return 0;
}

/**
 * kb_ipsec_main() - run `kaesbench ipsec`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: an exit status.
 */
int kb_ipsec_main(int argc, char *argv[])
{
	struct kb_guard guard = { .fd = -1 };
	struct kb_turn turn = { .fd = -1 };
	struct kb_path_run run = { .kind.ops = &kb_esp_path_ops };
	struct kb_esp_setup esp = { 0 };
	struct kb_path_impls impls = { 0 };
	struct kb_cu_algs before = { 0 };
	struct kb_ipsec_cli o;
	struct mnl_socket *nl = NULL;
	uint32_t *imix = NULL;
	size_t i, n = 0;
	int ret, status = KB_EXIT_OK;

	ret = kb_ipsec_parse(argc, argv, &o);
	if (ret || o.help) {
		if (o.help)
			usage(stdout);
		kb_ipsec_cli_free(&o);
		return ret;
	}
	esp.t = o.esp.t;
	esp.tunnel = o.tunnel;
	run.kind.front = &esp;
	status = missing_caps();
	/* A file that cannot be written costs no measurement. */
	if (!status)
		status = kb_output_to(o.output_file, WHO);
	if (status)
		goto out;
	signal(SIGPIPE, SIG_IGN);
	/* Its own line per implementation: the ceiling's runs print none. */
	kb_progress_to(NULL, 0);
	if (kb_signals_install()) {
		perror(WHO);
		status = KB_EXIT_ERROR;
		goto out;
	}
	/* Before anything is read to be put back: another run's raise. */
	status = kb_turn_take(&turn, "ipsec", &o.wait);
	if (status)
		goto out;
	nl = kb_cu_open(&ret);
	if (!nl) {
		fprintf(stderr,
			WHO
			": n/a: the kernel's crypto_user interface is missing (%s): it chooses and proves the SAs' implementations (modprobe crypto_user; CONFIG_CRYPTO_USER)\n",
			strerror(-ret));
		status = KB_EXIT_ERROR;
		goto out;
	}
	ret = kb_registered_before(nl, &before);
	if (ret) {
		fprintf(stderr, WHO ": reading the crypto API's drivers: %s\n",
			strerror(-ret));
		status = KB_EXIT_ERROR;
		goto out;
	}
	/* Before anything is registered or raised, and before namespaces. */
	ret = kb_guard_start(&guard, &before, &run.kind);
	if (ret) {
		fprintf(stderr, WHO ": starting the guard: %s\n",
			strerror(-ret));
		status = KB_EXIT_ERROR;
		goto out;
	}
	run.key_bits = o.key_bits;
	run.ms = o.ms;
	run.repeats = o.repeats;
	run.diff_packets = o.diff_packets;
	run.iperf3 = o.iperf3;
	run.imix_spec = o.imix.count ? o.imix.spec : NULL;
	status = choose(nl, &o, &run, &esp, &impls);
	if (!status)
		status = preflight(&o, nl, &guard);
	if (status)
		goto out;
	for (i = 0; i < o.imix.count; i++)
		n += o.imix.part[i].count;
	imix = calloc(n ? n : 1, sizeof(*imix));
	if (!imix || run_all(&o, nl, &guard, &run, &impls, imix)) {
		fprintf(stderr, WHO ": %s\n", strerror(ENOMEM));
		status = KB_EXIT_ERROR;
		goto out;
	}
	/* The namespaces are gone: their SAs let go within seconds. */
	run.left_count = kb_registered_undo(nl, &before, &run.kind,
					    UNDO_WAIT_MS, run.left,
					    sizeof(run.left));
	kb_guard_clean(&guard);
	if (print(&o, &run))
		status = KB_EXIT_ERROR;
	for (i = 0; i < run.count; i++)
		if (run.result[i].state != KB_PATH_VALID && !status)
			status = KB_EXIT_ERROR;
	if (kb_interrupted())
		status = KB_EXIT_INTERRUPTED;
out:
	if (nl && before.count && status && !run.count) {
		kb_registered_undo(nl, &before, &run.kind, UNDO_WAIT_MS,
				   run.left, sizeof(run.left));
		kb_guard_clean(&guard);
	}
	kb_cu_algs_free(&before);
	for (i = 0; i < run.count; i++)
		kb_path_result_release(&run.result[i]);
	free(run.result);
	free(imix);
	kb_esp_impls_free(&impls);
	if (nl)
		mnl_socket_close(nl);
	kb_guard_stop(&guard);
	/* The next one starts once the guard has put everything back. */
	kb_turn_release(&turn);
	kb_ipsec_cli_free(&o);
	return kb_output_done(status, WHO);
}
