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
#include <time.h>

#include <libmnl/libmnl.h>
#include <linux/cryptouser.h>
#include <linux/netlink.h>

#include "bench/sizes.h"
#include "cmd/priority.h"
#include "kernel/genl.h"
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

/* What CRYPTO_MSG_GETALG reports of one implementation. */
struct alg_report {
	struct crypto_user_alg alg;
	uint32_t priority;
	bool found;
};

static int report_attr(const struct nlattr *attr, void *data)
{
	struct alg_report *rep = data;

	if (mnl_attr_get_type(attr) == CRYPTOCFGA_PRIORITY_VAL &&
	    !mnl_attr_validate(attr, MNL_TYPE_U32))
		rep->priority = mnl_attr_get_u32(attr);
	return MNL_CB_OK;
}

static int report_cb(const struct nlmsghdr *nlh, void *data)
{
	struct alg_report *rep = data;

	if (nlh->nlmsg_type != CRYPTO_MSG_GETALG ||
	    mnl_nlmsg_get_payload_len(nlh) < sizeof(rep->alg))
		return MNL_CB_OK;
	memcpy(&rep->alg, mnl_nlmsg_get_payload(nlh), sizeof(rep->alg));
	rep->alg.cru_name[CRYPTO_MAX_NAME - 1] = '\0';
	rep->alg.cru_driver_name[CRYPTO_MAX_NAME - 1] = '\0';
	rep->alg.cru_module_name[CRYPTO_MAX_NAME - 1] = '\0';
	rep->found = true;
	return mnl_attr_parse(nlh, sizeof(rep->alg), report_attr, rep) < 0 ?
		       MNL_CB_ERROR :
		       MNL_CB_OK;
}

/*
 * One request about @driver, with @prio as CRYPTOCFGA_PRIORITY_VAL if not
 * negative, acknowledged. Return: 0, or the negative errno of the answer.
 */
static int request(struct mnl_socket *nl, uint16_t type, const char *driver,
		   int64_t prio, struct alg_report *rep)
{
	static uint32_t last;
	char buf[MNL_SOCKET_BUFFER_SIZE];
	uint32_t seq = last ? ++last : (last = time(NULL));
	uint32_t portid = mnl_socket_get_portid(nl);
	struct crypto_user_alg *alg;
	struct nlmsghdr *nlh;
	ssize_t n;
	int ret;

	nlh = mnl_nlmsg_put_header(buf);
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	nlh->nlmsg_seq = seq;
	alg = mnl_nlmsg_put_extra_header(nlh, sizeof(*alg));
	snprintf(alg->cru_driver_name, sizeof(alg->cru_driver_name), "%s",
		 driver);
	if (prio >= 0)
		mnl_attr_put_u32(nlh, CRYPTOCFGA_PRIORITY_VAL, prio);
	if (mnl_socket_sendto(nl, nlh, nlh->nlmsg_len) < 0)
		return -errno;
	do {
		n = mnl_socket_recvfrom(nl, buf, sizeof(buf));
		if (n < 0)
			return -errno;
		if (!kb_genl_lengths_ok(buf, n))
			return -EBADMSG;
		ret = mnl_cb_run(buf, n, seq, portid, report_cb, rep);
	} while (ret > MNL_CB_STOP);
	return ret < 0 ? -errno : 0;
}

static struct mnl_socket *open_crypto_user(void)
{
	struct mnl_socket *nl = mnl_socket_open(NETLINK_CRYPTO);

	if (!nl && errno == EPROTONOSUPPORT) {
		fprintf(stderr,
			"kaesbench priority: the kernel's crypto_user interface is missing: load it with \"modprobe crypto_user\" (CONFIG_CRYPTO_USER)\n");
		return NULL;
	}
	if (!nl || mnl_socket_bind(nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		perror("kaesbench priority: opening the crypto_user socket");
		if (nl)
			mnl_socket_close(nl);
		return NULL;
	}
	return nl;
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
	struct alg_report before = { 0 }, after = { 0 };
	struct mnl_socket *nl;
	int ret;

	ret = kb_priority_parse(argc, argv, &o);
	if (ret || o.help) {
		if (o.help)
			usage(stdout);
		return ret;
	}
	nl = open_crypto_user();
	if (!nl)
		return KB_EXIT_ERROR;
	ret = request(nl, CRYPTO_MSG_GETALG, o.driver, -1, &before);
	if (!ret && !before.found)
		ret = -ENOENT;
	if (!ret)
		ret = request(nl, CRYPTO_MSG_UPDATEALG, o.driver, o.priority,
			      &after);
	if (!ret)
		ret = request(nl, CRYPTO_MSG_GETALG, o.driver, -1, &after);
	mnl_socket_close(nl);
	if (ret) {
		refused(before.found ? "updating the priority" :
				       "looking the implementation up",
			o.driver, ret);
		return KB_EXIT_ERROR;
	}
	printf("%s: %s (%s): priority %" PRIu32 " -> %" PRIu32 "\n",
	       before.alg.cru_name, before.alg.cru_driver_name,
	       before.alg.cru_module_name, before.priority, after.priority);
	printf("Transforms allocated from now on get the highest priority; those in use (IPsec SAs, dm-crypt mappings) keep theirs until set up again. Until %s is reloaded or the machine reboots.\n",
	       before.alg.cru_module_name);
	return fflush(stdout) ? KB_EXIT_ERROR : KB_EXIT_OK;
}
