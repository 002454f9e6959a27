// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench tls`: kTLS on the path layer's command (path/command.c),
 * which keeps the machine as it was. kTLS's own: its suites and
 * versions, the implementations of the suite's AEAD (gcm(aes)'s in
 * path/gcm_impl.c, ccm(aes)'s in tls/ccm_impl.c), and whether the kernel
 * has kTLS at all.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "base/options.h"
#include "cmd/tls.h"
#include "path/aead_impl.h"
#include "path/command.h"
#include "tls/ccm_impl.h"
#include "tls/tls.h"
#include "tls/tls_doc.h"
#include "tls/tls_path.h"

#define WHO "kaesbench tls"

/* What a command runs once a process: the suite and version asked. */
static struct kb_tls_front front;

/* Records' plaintext: a small one, a typical write's, a full record. */
static const uint32_t default_records[] = { 256, 4096, KB_TLS_MAX_RECORD };

static const struct kb_path_sizes record_sizes = {
	.min = KB_TRAFFIC_MIN_PAYLOAD,
	.max = KB_TLS_MAX_RECORD,
	.defaults = default_records,
	.ndefaults = sizeof(default_records) / sizeof(default_records[0]),
	.bounds = "a record has 24 to 16384 bytes",
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: kaesbench tls [-c aes-128-gcm | aes-256-gcm | aes-128-ccm]\n"
		"                     [-v 1.2 | 1.3] [-d DRIVER | --all-impls]\n"
		"                     [-b SIZES] [-t MS] [-r N] [--sendfile] "
		"[--no-ceiling]\n"
		"                     [--wait SECONDS | --no-wait] [--force-raise]\n"
		"                     [--json | --csv] [-o FILE]\n"
		"\n"
		"TLS records in the kernel (kTLS) over a TCP connection on the loopback\n"
		"of a network namespace made by kaesbench and gone when it ends: the\n"
		"upper-layer protocol \"tls\" and keys set with no handshake, TLS_TX on\n"
		"the sending socket and TLS_RX on the receiving one; the implementation\n"
		"behind each key chosen and proved, every record checked against\n"
		"OpenSSL's libcrypto both ways, and measured beside plain TCP, "
		"OpenSSL's\n"
		"TLS in userspace and the crypto-only ceiling. As root.\n"
		"\n"
		"  -c SUITE       aes-128-gcm (default), aes-256-gcm or aes-128-ccm\n"
		"  -v VERSION     1.3 (default) or 1.2\n"
		"  -d DRIVER      the implementation: a driver of the suite's AEAD,\n"
		"                 gcm(aes) or ccm(aes), or of the ctr(aes) beneath it, "
		"on\n"
		"                 which the template is built (an engine without it);\n"
		"                 default: what a socket made now gets\n"
		"      --all-impls  every implementation this kernel has, in turn\n"
		"  -b SIZES       records' plaintext bytes, %d to %d\n"
		"                 (default 256,4096,16384)\n"
		"  -t MS          each measurement's length (default 1000)\n"
		"  -r N           measurements per size, kTLS, plain TCP and userspace\n"
		"                 OpenSSL in turn (default 3)\n"
		"      --sendfile  the kTLS sender sends with sendfile() from a file\n"
		"                 (TLS_TX_ZEROCOPY_RO where the kernel has it)\n"
		"      --no-ceiling  do not measure the crypto alone (needs "
		"kaesbench.ko;\n"
		"                 both ways in a thread, as kTLS calls it)\n"
		"      --wait SECONDS  behind another path command, wait at most this\n"
		"                 long for its end (default: until it ends)\n"
		"      --no-wait  behind another path command, fail at once\n"
		"      --force-raise  raise a priority for a key even while another "
		"user\n"
		"                 holds transforms of the suite's AEAD (one it makes\n"
		"                 meanwhile gets the driver kaesbench raised); "
		"otherwise\n"
		"                 not measured\n"
		"      --json, --csv  the results as JSON or CSV\n"
		"  -o FILE        write them to FILE\n"
		"  -h, --help     print this help\n"
		"\n"
		"Exit status: 0 all valid; 1 an implementation invalid (a record "
		"refused\n"
		"or arrived wrong, a key not proved), failed or not measured, the "
		"kernel\n"
		"has no kTLS (n/a), what is needed is missing, or another path command\n"
		"in progress (--no-wait, --wait); 2 bad usage; 130 interrupted.\n",
		KB_TRAFFIC_MIN_PAYLOAD, KB_TLS_MAX_RECORD);
}

/* Whether this kernel has kTLS at all, before anything is chosen. */
static int preflight(const struct kb_path_cli *o, struct mnl_socket *nl,
		     struct kb_guard *g, const struct kb_path_kind *kind)
{
	char why[400];

	(void)o;
	(void)nl;
	(void)g;
	(void)kind;
	if (!kb_tls_present(why, sizeof(why)))
		return KB_EXIT_OK;
	fprintf(stderr, WHO ": n/a: %s\n", why);
	return KB_EXIT_ERROR;
}

#define TLS_COMMAND(impl_ops)                                                  \
	{                                                                      \
		.who = WHO,                                                    \
		.makes = "a namespace, kTLS sockets and crypto priorities",    \
		.proto = "kTLS", .ops = &kb_tls_path_ops,                      \
		.unprivileged = UNPRIVILEGED, .impls = &(impl_ops),            \
		.usage = usage, .preflight = preflight, .print = kb_tls_print, \
		.sizes = &record_sizes,                                        \
	}

/*
 * A kTLS socket itself needs no privilege once the tls module is loaded;
 * choosing and proving its implementation raises priorities and makes a
 * namespace, which do.
 */
#define UNPRIVILEGED                                                            \
	"any user's kTLS sockets work once the tls module is loaded (as root: " \
	"modprobe tls); which gcm(aes) and ccm(aes) a socket made now gets, "   \
	"and whether this kernel has kTLS, kaesbench doctor and kaesbench "     \
	"list say unprivileged; proving and measuring them needs root"

/* One per AEAD: the implementations are the suite's. */
static const struct kb_path_command gcm_command = TLS_COMMAND(kb_gcm_impl_ops);
static const struct kb_path_command ccm_command = TLS_COMMAND(kb_ccm_impl_ops);

static int bad_suite(const char *arg)
{
	size_t i;

	fprintf(stderr,
		WHO ": -c: \"%s\" is not one of kTLS's AES suites:", arg);
	for (i = 0; i < kb_tls_nciphers; i++)
		fprintf(stderr, " %s", kb_tls_ciphers[i].name);
	fputc('\n', stderr);
	usage(stderr);
	return KB_EXIT_USAGE;
}

/* -c, -v and --sendfile: 0, an exit status, or -1 for none of them. */
static int own_option(int c, const char *arg)
{
	switch (c) {
	case 'c':
		front.cipher = kb_tls_cipher_named(arg);
		return front.cipher ? KB_EXIT_OK : bad_suite(arg);
	case 'v':
		if (strcmp(arg, "1.2") && strcmp(arg, "1.3")) {
			fprintf(stderr, WHO ": -v: \"%s\" is not 1.2 or 1.3\n",
				arg);
			usage(stderr);
			return KB_EXIT_USAGE;
		}
		front.version = strcmp(arg, "1.2") ? KB_TLS_13 : KB_TLS_12;
		return KB_EXIT_OK;
	case 'S':
		front.sendfile = true;
		return KB_EXIT_OK;
	}
	return -1;
}

/**
 * kb_tls_main() - run `kaesbench tls`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: an exit status.
 */
int kb_tls_main(int argc, char *argv[])
{
	static const struct option opts[] = {
		{ "all-impls", no_argument, NULL, KB_PATH_OPT_ALL },
		{ "no-ceiling", no_argument, NULL, KB_PATH_OPT_NO_CEILING },
		{ "wait", required_argument, NULL, KB_PATH_OPT_WAIT },
		{ "no-wait", no_argument, NULL, KB_PATH_OPT_NO_WAIT },
		{ "force-raise", no_argument, NULL, KB_PATH_OPT_FORCE_RAISE },
		{ "json", no_argument, NULL, KB_PATH_OPT_JSON },
		{ "csv", no_argument, NULL, KB_PATH_OPT_CSV },
		{ "sendfile", no_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct kb_path_command *cmd = &gcm_command;
	struct kb_path_cli o;
	int ret;

	front.cipher = &kb_tls_ciphers[0];
	front.version = KB_TLS_13;
	kb_path_cli_init(&o);
	ret = kb_path_cli_parse(cmd, &o, argc, argv, ":c:v:d:b:t:r:o:h", opts,
				own_option);
	if (ret)
		return ret < 0 ? KB_EXIT_OK : ret;
	o.key_bits = front.cipher->key_bytes * 8;
	if (!strcmp(front.cipher->alloc, kb_ccm_family.alloc))
		cmd = &ccm_command;
	return kb_path_main(cmd, &o, &front);
}
