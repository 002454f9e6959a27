// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench ovpn`: ovpn on the path layer's command (path/command.c),
 * which keeps the machine as it was. ovpn's own: its implementations of
 * AES-GCM (path/gcm_impl.c), and whether the kernel has ovpn at all.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "base/options.h"
#include "cmd/ovpn.h"
#include "netlink/ovpn_genl.h"
#include "ovpn/impl.h"
#include "ovpn/ovpn_doc.h"
#include "ovpn/ovpn_path.h"
#include "path/command.h"
#include "path/iperf3.h"
#include "path/netns.h"
#include "path/session.h"

#define WHO "kaesbench ovpn"
/* OpenVPN 2.7's first data cipher: AES-256-GCM. */
#define DEFAULT_KEY_BITS 256

/* The transport asked for; a command runs once a process. */
static struct kb_ovpn_setup setup = { .transport = "udp" };

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: kaesbench ovpn [-k 128|192|256] [-d DRIVER | --all-impls]\n"
		"                      [-b SIZES] [--imix [SPEC]] [-t MS] [-r N]\n"
		"                      [--transport udp|tcp] [--no-ceiling] [--iperf3]\n"
		"                      [--wait SECONDS | --no-wait] [--force-raise]\n"
		"                      [--json | --csv] [-o FILE]\n"
		"\n"
		"OpenVPN's data channel in the kernel (ovpn, Linux 6.16 and later)\n"
		"between two network namespaces joined by a veth pair, made by kaesbench\n"
		"and gone when it ends: an ovpn interface and peer at each end over a\n"
		"UDP socket of kaesbench's, the implementation behind each key slot\n"
		"chosen and proved, checked against the kernel's generic parts both\n"
		"ways, and measured beside plaintext and the crypto-only ceiling. As root.\n"
		"\n"
		"  -k BITS        AES-GCM's key: 128, 192 or 256 (default %d, OpenVPN's)\n"
		"  -d DRIVER      the implementation: a driver of gcm(aes)\n"
		"                 (generic-gcm-aesni) or of the ctr(aes) beneath it, on\n"
		"                 which gcm's template is built (an engine without\n"
		"                 gcm(aes)); default: what a key made now gets\n"
		"      --all-impls  every implementation this kernel has, in turn\n"
		"  -b SIZES       inner IPv4 packets' bytes, %d to %d (default 64,576,1500)\n"
		"      --imix [SPEC]  a packet mix COUNTxSIZE,... too (default %s)\n"
		"  -t MS          each measurement's length (default 1000)\n"
		"  -r N           measurements per size, tunnel and plaintext in turn (default 3)\n"
		"      --transport P  udp (default) or tcp, as OpenVPN's proto: ovpn's\n"
		"                 packets over a UDP socket, or framed on a TCP connection\n"
		"      --no-ceiling  do not measure the crypto alone (needs kaesbench.ko;\n"
		"                 encrypting in a thread, decrypting in softirq context)\n"
		"      --iperf3   iperf3's UDP rate through the same tunnel too, per size\n"
		"                 (the first iperf3 in %s)\n"
		"      --wait SECONDS  behind another path command, wait at most this\n"
		"                 long for its end (default: until it ends)\n"
		"      --no-wait  behind another path command, fail at once\n"
		"      --force-raise  raise a priority for a key even while another user\n"
		"                 holds gcm(aes) transforms (one it makes meanwhile gets\n"
		"                 the driver kaesbench raised); otherwise not measured\n"
		"      --json, --csv  the results as JSON or CSV\n"
		"  -o FILE        write them to FILE\n"
		"  -h, --help     print this help\n"
		"\n"
		"Exit status: 0 all valid; 1 an implementation invalid (a datagram\n"
		"refused or arrived wrong, a key slot not proved), failed or not\n"
		"measured, the kernel has no ovpn (n/a), what is needed is missing, or\n"
		"another path command in progress (--no-wait, --wait); 2 bad usage;\n"
		"130 interrupted.\n",
		DEFAULT_KEY_BITS, KB_PATH_MIN_PACKET, KB_PATH_MAX_PACKET,
		KB_IMIX_DEFAULT, KB_IPERF3_DIRS_TEXT);
}

/* Whether this kernel has ovpn at all, before anything is chosen. */
static int preflight(const struct kb_path_cli *o, struct mnl_socket *nl,
		     struct kb_guard *g, const struct kb_path_kind *kind)
{
	char why[400];
	int ret;

	(void)o;
	(void)nl;
	(void)g;
	(void)kind;
	ret = kb_ovpn_present(why, sizeof(why));
	if (ret == -ENOENT)
		fprintf(stderr,
			WHO
			": n/a: %s; before 6.16 only the out-of-tree ovpn backports have it\n",
			why);
	else if (ret)
		fprintf(stderr, WHO ": n/a: %s\n", why);
	return ret ? KB_EXIT_ERROR : KB_EXIT_OK;
}

static const struct kb_path_command ovpn_command = {
	.who = WHO,
	.makes = "namespaces, veth, ovpn interfaces and crypto priorities",
	.proto = "ovpn",
	.ops = &kb_ovpn_path_ops,
	.impls = &kb_gcm_impl_ops,
	.usage = usage,
	.preflight = preflight,
	.print = kb_ovpn_print,
};

enum { OPT_TRANSPORT = KB_PATH_OPT_OWN };

/* --transport: 0, an exit status, or -1 for another option. */
static int own_option(int c, const char *arg)
{
	if (c != OPT_TRANSPORT)
		return -1;
	if (strcmp(arg, "udp") && strcmp(arg, "tcp"))
		return kb_path_bad(&ovpn_command,
				   "--transport: \"%s\" is not udp or tcp",
				   arg);
	setup.tcp = !strcmp(arg, "tcp");
	setup.transport = setup.tcp ? "tcp" : "udp";
	return KB_EXIT_OK;
}

/**
 * kb_ovpn_main() - run `kaesbench ovpn`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: an exit status.
 */
int kb_ovpn_main(int argc, char *argv[])
{
	static const struct option opts[] = {
		KB_PATH_LONG_OPTIONS,
		{ "transport", required_argument, NULL, OPT_TRANSPORT },
		{ NULL, 0, NULL, 0 },
	};
	struct kb_path_cli o;
	int ret;

	kb_path_cli_init(&o);
	ret = kb_path_cli_parse(&ovpn_command, &o, argc, argv,
				":" KB_PATH_SHORT_OPTIONS, opts, own_option);
	if (ret)
		return ret < 0 ? KB_EXIT_OK : ret;
	if (!o.key_bits)
		o.key_bits = DEFAULT_KEY_BITS;
	return kb_path_main(&ovpn_command, &o, &setup);
}
