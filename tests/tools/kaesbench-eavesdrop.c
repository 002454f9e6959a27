// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test tool: a socket that did not start the run in progress, listening
 * for any of its messages. It joins every generic netlink multicast group
 * it is allowed to, then reads for a while and counts the messages of the
 * kaesbench family that reach it: results go only to the socket that
 * asked for them, so there must be none.
 *
 * usage: kaesbench-eavesdrop [-r DRIVER] [-u UID[:GID]] [-t MS]
 *   -r  first start a run of DRIVER on a socket of our own (as root),
 *       then close that socket and at once bind the listening socket to
 *       the port it had, as any user may: the run stops, and what it
 *       still had to say must not reach whoever holds the port now
 *   -u  become this user (after starting -r's run)
 *   -t  how long to listen (default 2000 ms)
 *
 * Prints the family's multicast groups, the groups joined and the
 * kaesbench messages received. Exit 0 when none was, 1 when some were or
 * the socket failed, 2 on usage errors.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/netlink.h>

#include "storm.h"
#include "testnl.h"

#define MAX_GROUP 64

static unsigned int count_family(const void *buf, size_t len, uint16_t family)
{
	const struct nlmsghdr *nlh = buf;
	unsigned int n = 0;
	int left = len;

	for (; mnl_nlmsg_ok(nlh, left); nlh = mnl_nlmsg_next(nlh, &left))
		n += nlh->nlmsg_type == family;
	return n;
}

/* Starts a long run on a socket of its own, which it keeps open. */
static int start_run(struct tnl *t, const char *driver)
{
	struct storm_spec spec = { .driver = driver, .depth = 1 };
	struct storm_io io;
	int err;

	if (tnl_open(t))
		return -1;
	err = storm_start(t, &spec, 50, 1000, false, &io, 1);
	if (err) {
		fprintf(stderr, "run of %s refused: %s (%s)\n", driver,
			strerror(-err), io.msg);
		tnl_close(t);
		return -1;
	}
	printf("run %u of %s started on port %u\n", io.id, driver, t->portid);
	return 0;
}

/*
 * A socket made beforehand takes the port of the run's socket the moment
 * that one is closed: if the run still had anything to send, it would
 * come here.
 */
static int take_port(struct tnl *t, struct tnl *run)
{
	uint32_t portid = run->portid;

	if (tnl_socket(t))
		return -1;
	t->family = run->family;
	t->mcast_groups = run->mcast_groups;
	tnl_close(run);
	return tnl_bind(t, portid);
}

int main(int argc, char *argv[])
{
	static char buf[TNL_RECV_SIZE];
	unsigned int group, joined = 0, received = 0;
	unsigned long ms = 2000;
	const char *user = NULL, *driver = NULL;
	uint64_t deadline, now;
	struct tnl t, run;
	ssize_t len;
	int opt;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt(argc, argv, "r:u:t:")) != -1) {
		switch (opt) {
		case 'r':
			driver = optarg;
			break;
		case 'u':
			user = optarg;
			break;
		case 't':
			ms = strtoul(optarg, NULL, 10);
			break;
		default:
			fprintf(stderr,
				"usage: kaesbench-eavesdrop [-r DRIVER] [-u UID[:GID]] [-t MS]\n");
			return 2;
		}
	}
	if ((driver && start_run(&run, driver)) ||
	    (user && tnl_drop_privileges(user)) ||
	    (driver ? take_port(&t, &run) : tnl_open(&t)))
		return 1;
	for (group = 1; group <= MAX_GROUP; group++)
		joined += !mnl_socket_setsockopt(t.nl, NETLINK_ADD_MEMBERSHIP,
						 &group, sizeof(group));
	printf("uid %u, port %u: kaesbench has %u multicast groups; joined %u of groups 1-%d\n",
	       getuid(), t.portid, t.mcast_groups, joined, MAX_GROUP);
	deadline = tnl_now_us() + ms * 1000;
	while ((now = tnl_now_us()) < deadline) {
		len = tnl_recv(&t, buf, sizeof(buf),
			       (deadline - now) / 1000 + 1);
		if (len < 0 && errno != ENOBUFS) {
			perror("receiving");
			return 1;
		}
		if (len > 0)
			received += count_family(buf, len, t.family);
	}
	tnl_close(&t);
	printf("kaesbench messages received in %lu ms: %u\n", ms, received);
	return received ? 1 : 0;
}
