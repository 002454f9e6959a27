// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench ipsec`: ESP on the path layer's command (path/command.c),
 * which keeps the machine as it was. ESP's own: the transform (-a) and
 * mode, its implementations (ipsec/impl.c), and whether the kernel can
 * make an SA at all.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "base/options.h"
#include "cmd/ipsec.h"
#include "ipsec/esp_path.h"
#include "ipsec/impl.h"
#include "ipsec/xfrm.h"
#include "netlink/crypto_user.h"
#include "ipsec/esp_doc.h"
#include "path/command.h"
#include "path/iperf3.h"
#include "path/link.h"
#include "path/netns.h"
#include "path/proof.h"
#include "path/session.h"

#define WHO "kaesbench ipsec"
#define DEFAULT_TRANSFORM "aes128gcm16"

/* The transform and mode asked for; a command runs once a process. */
static struct kb_esp_setup setup;

static const struct kb_esp_setup *esp_of(const struct kb_path_kind *kind)
{
	return kind->front;
}

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
		"                 (seqiv(rfc4106-gcm-aesni)), of the AES mode beneath\n"
		"                 (cbc-aes-aesni), or of the ctr(aes) beneath GCM's (an\n"
		"                 engine without gcm(aes)); default: what an SA made now gets\n"
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
		KB_PATH_MIN_PACKET, KB_PATH_MAX_PACKET, KB_IMIX_DEFAULT, 1000,
		3, KB_IPERF3_DIRS_TEXT);
}

/*
 * Can this kernel do it at all: namespaces, veth, xfrm_user, ESP with the
 * transform? One SA made and dropped, under the priority the kernel
 * chooses, in namespaces that go at once.
 */
static int preflight(const struct kb_path_cli *o, struct mnl_socket *nl,
		     struct kb_guard *g, const struct kb_path_kind *kind)
{
	static const uint8_t key[64];
	struct kb_netns_pair p;
	struct kb_cu_algs base;
	char esp[CRYPTO_MAX_NAME];
	struct kb_xfrm_sa sa = {
		.spi = 0x100,
		.reqid = 1,
		.mode = esp_of(kind)->tunnel ? KB_XFRM_TUNNEL :
					       KB_XFRM_TRANSPORT,
		.aead = esp_of(kind)->t->aead,
		.icv_bits = esp_of(kind)->t->icv_bits,
		.cipher = esp_of(kind)->t->cipher,
		.auth = esp_of(kind)->t->auth,
		.auth_trunc_bits = esp_of(kind)->t->icv_bits,
		.key = key,
		.key_bits = o->key_bits + 8 * esp_of(kind)->t->salt_bytes,
		.auth_key = key,
		.auth_key_bits = esp_of(kind)->t->auth_key_bits,
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
	kb_esp_name(esp_of(kind)->t, esp, sizeof(esp));
	kb_proof_wait_released(nl, esp, &base);
	kb_cu_algs_free(&base);
	if (ret)
		fprintf(stderr, WHO ": n/a: %s\n", err);
	return ret ? KB_EXIT_ERROR : KB_EXIT_OK;
}

static const char *what(void)
{
	return setup.t->name;
}

static int selected(struct mnl_socket *nl, char *sel, size_t len)
{
	return kb_esp_selected(nl, setup.t, sel, len);
}

/* The reference, and the authenticator's driver every chain is built with. */
static int reference(struct mnl_socket *nl, struct kb_path_impl *out, char *err,
		     size_t len)
{
	int ret =
		kb_esp_auth_driver(nl, setup.t, setup.auth, sizeof(setup.auth));

	if (ret) {
		snprintf(err, len, "no %s in this kernel", setup.t->auth);
		return ret;
	}
	return kb_esp_reference(nl, setup.t, setup.auth, out, err, len);
}

static int all(struct mnl_socket *nl, struct kb_path_impls *out)
{
	return kb_esp_all(nl, setup.t, setup.auth, out);
}

static int resolve(struct mnl_socket *nl, const char *named,
		   struct kb_path_impl *out, char *err, size_t len)
{
	return kb_esp_resolve(nl, setup.t, setup.auth, named, out, err, len);
}

static const struct kb_path_impl_ops esp_impls = {
	.what = what,
	.selected = selected,
	.reference = reference,
	.all = all,
	.resolve = resolve,
};

static const struct kb_path_command ipsec_command = {
	.who = WHO,
	.makes = "namespaces, veth, SAs and crypto priorities",
	.proto = "ESP",
	.ops = &kb_esp_path_ops,
	.impls = &esp_impls,
	.usage = usage,
	.preflight = preflight,
	.print = kb_esp_print,
};

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
	enum { OPT_MODE = KB_PATH_OPT_OWN };
	static const struct option opts[] = {
		KB_PATH_LONG_OPTIONS,
		{ "mode", required_argument, NULL, OPT_MODE },
		{ NULL, 0, NULL, 0 },
	};
	const struct kb_path_command *cmd = &ipsec_command;
	const char *transform = DEFAULT_TRANSFORM;
	int c, ret;

	memset(o, 0, sizeof(*o));
	kb_path_cli_init(&o->path);
	o->tunnel = true;
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":a:" KB_PATH_SHORT_OPTIONS, opts,
				NULL)) != -1) {
		if (c == 'a') {
			transform = optarg;
			continue;
		}
		if (c == OPT_MODE) {
			if (strcmp(optarg, "tunnel") &&
			    strcmp(optarg, "transport"))
				return kb_path_bad(
					cmd,
					"--mode: \"%s\" is not tunnel or transport",
					optarg);
			o->tunnel = !strcmp(optarg, "tunnel");
			continue;
		}
		ret = kb_path_cli_option(cmd, &o->path, c, argc, argv);
		if (ret < 0)
			return kb_path_bad(cmd, "unknown option \"%s\"",
					   argv[optind - 1]);
		if (ret || o->path.help)
			return ret;
	}
	if (kb_esp_find(transform, &o->esp)) {
		char names[256], proposals[128];

		fprintf(stderr,
			WHO
			": -a: \"%s\" is not an ESP transform with AES that Linux offers: %s, or a proposal such as %s\n",
			transform, kb_esp_names(names, sizeof(names)),
			kb_esp_proposals(128, proposals, sizeof(proposals)));
		return KB_EXIT_USAGE;
	}
	if (o->esp.key_bits && o->path.key_bits &&
	    o->esp.key_bits != o->path.key_bits)
		return kb_path_bad(cmd, "-k contradicts the proposal \"%s\"",
				   transform);
	if (!o->path.key_bits)
		o->path.key_bits = o->esp.key_bits ? o->esp.key_bits : 128;
	return kb_path_cli_finish(cmd, &o->path, argc, argv);
}

void kb_ipsec_cli_free(struct kb_ipsec_cli *o)
{
	kb_path_cli_free(&o->path);
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
	struct kb_ipsec_cli o;
	int ret;

	ret = kb_ipsec_parse(argc, argv, &o);
	if (ret || o.path.help) {
		if (o.path.help)
			usage(stdout);
		kb_ipsec_cli_free(&o);
		return ret;
	}
	setup.t = o.esp.t;
	setup.tunnel = o.tunnel;
	return kb_path_main(&ipsec_command, &o.path, &setup);
}
