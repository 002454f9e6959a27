// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench priority DRIVER N`: set an implementation's crypto API
 * priority through the kernel's crypto_user netlink interface
 * (NETLINK_CRYPTO, CRYPTO_MSG_UPDATEALG with CRYPTOCFGA_PRIORITY_VAL).
 *
 * What the kernel does (crypto/crypto_user*.c, crypto_update_alg()): under
 * the algorithm lock it unregisters every template instance built on the
 * implementation (crypto_remove_spawns()), so that they are rebuilt from
 * the best parts on their next use, then sets the priority. Transforms
 * already allocated keep the implementation they have: an IPsec SA or a
 * dm-crypt mapping changes only when set up again. The priority lives in
 * the registered algorithm, so it lasts until its module is reloaded or
 * the machine reboots.
 */

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>

#include "bench/sizes.h"
#include "cmd/priority.h"
#include "netlink/crypto_user.h"
#include "base/options.h"

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: kaesbench priority DRIVER PRIORITY\n"
		"\n"
		"Set the crypto API priority of the implementation DRIVER (a driver\n"
		"name of \"kaesbench list\") through the kernel's crypto_user interface:\n"
		"the highest-priority implementation of a name is what users get.\n"
		"Needs CAP_NET_ADMIN and the crypto_user module. The change applies to\n"
		"transforms allocated afterwards, and lasts until DRIVER's module is\n"
		"reloaded or the machine reboots.\n"
		"\n"
		"  -h, --help    print this help\n");
}

/**
 * kb_priority_parse() - parse the arguments of `kaesbench priority`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 * @o: filled in
 *
 * Prints the usage to stderr on a usage error.
 *
 * Return: KB_EXIT_OK to go on, or KB_EXIT_USAGE.
 */
int kb_priority_parse(int argc, char *argv[], struct kb_priority_opts *o)
{
	uint32_t prio;

	memset(o, 0, sizeof(*o));
	if (argc == 2 &&
	    (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		o->help = true;
		return KB_EXIT_OK;
	}
	if (argc != 3) {
		fprintf(stderr,
			"kaesbench priority: expected a driver name and a priority\n");
		usage(stderr);
		return KB_EXIT_USAGE;
	}
	if (!argv[1][0] || strlen(argv[1]) >= CRYPTO_MAX_NAME) {
		fprintf(stderr,
			"kaesbench priority: a driver name has 1 to %d characters\n",
			CRYPTO_MAX_NAME - 1);
		usage(stderr);
		return KB_EXIT_USAGE;
	}
	/* The kernel keeps it in an int: larger ones would turn negative. */
	if (kb_parse_u32(argv[2], &prio) || prio > INT_MAX) {
		fprintf(stderr,
			"kaesbench priority: \"%s\" is not a priority (0 to %d)\n",
			argv[2], INT_MAX);
		usage(stderr);
		return KB_EXIT_USAGE;
	}
	o->driver = argv[1];
	o->priority = prio;
	return KB_EXIT_OK;
}

static void refused(const char *what, const char *driver, int err)
{
	if (err == -ENOENT)
		fprintf(stderr,
			"kaesbench priority: no implementation has the driver name \"%s\" (see kaesbench list)\n",
			driver);
	else if (err == -EPERM)
		fprintf(stderr,
			"kaesbench priority: changing a priority needs CAP_NET_ADMIN in the initial user namespace (run kaesbench as root)\n");
	else
		fprintf(stderr, "kaesbench priority: %s: %s\n", what,
			strerror(-err));
}

/**
 * kb_priority_main() - run `kaesbench priority`
 * @argc: argument count, argv[0] being the subcommand name
 * @argv: the arguments
 *
 * Return: an exit status.
 */
int kb_priority_main(int argc, char *argv[])
{
	struct kb_priority_opts o;
	struct kb_cu_alg before, after;
	struct mnl_socket *nl;
	bool found = false;
	int ret;

	ret = kb_priority_parse(argc, argv, &o);
	if (ret || o.help) {
		if (o.help)
			usage(stdout);
		return ret;
	}
	nl = kb_cu_open(&ret);
	if (!nl) {
		if (ret == -EPROTONOSUPPORT)
			fprintf(stderr,
				"kaesbench priority: the kernel's crypto_user interface is missing: load it with \"modprobe crypto_user\" (CONFIG_CRYPTO_USER)\n");
		else
			refused("opening the crypto_user socket", o.driver,
				ret);
		return KB_EXIT_ERROR;
	}
	ret = kb_cu_get(nl, o.driver, &before);
	found = !ret;
	if (!ret)
		ret = kb_cu_set_priority(nl, o.driver, o.priority);
	if (!ret)
		ret = kb_cu_get(nl, o.driver, &after);
	mnl_socket_close(nl);
	if (ret) {
		refused(found ? "updating the priority" :
				"looking the implementation up",
			o.driver, ret);
		return KB_EXIT_ERROR;
	}
	printf("%s: %s (%s): priority %" PRIu32 " -> %" PRIu32 "\n",
	       before.name, before.driver, before.module, before.priority,
	       after.priority);
	printf("Transforms allocated from now on get the highest priority; those in use (IPsec SAs, dm-crypt mappings) keep theirs until set up again. Until %s is reloaded or the machine reboots.\n",
	       before.module);
	return fflush(stdout) ? KB_EXIT_ERROR : KB_EXIT_OK;
}
