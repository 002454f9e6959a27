// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Test tool: what a listing does to others.
 *
 * usage: kaesbench-listprobe watch SECONDS
 *            for SECONDS, over and over: open a generic netlink socket and
 *            ask the nlctrl family for the kaesbench family, as any
 *            generic netlink user starting up does; prints
 *            "calls N longest MS" (exit 0), or the failure (exit 1)
 *        kaesbench-listprobe hold N
 *            N sockets, each with a GET_IMPLS dump started and never read;
 *            prints "held H refused R" and, for the first refusal, its
 *            errno and extack message, then "ready", and keeps the
 *            sockets until killed
 *        kaesbench-listprobe sockets N
 *            the same sockets without the dumps, for the memory they take
 *            alone: prints "held N", then "ready"
 */

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/genetlink.h>
#include <linux/kaesbench.h>
#include <linux/netlink.h>

#include "testnl.h"

static int watch(unsigned int seconds)
{
	uint64_t end = tnl_now_us() + seconds * 1000000ULL;
	uint64_t longest = 0, began, took;
	unsigned int calls = 0;
	struct tnl t;

	while (tnl_now_us() < end) {
		began = tnl_now_us();
		if (tnl_open(&t))
			return 1;
		tnl_close(&t);
		took = tnl_now_us() - began;
		if (took > longest)
			longest = took;
		calls++;
		tnl_sleep_us(10000);
	}
	printf("calls %u longest %llu ms\n", calls,
	       (unsigned long long)(longest / 1000));
	return 0;
}

/*
 * Starts a dump on @t and looks at its first message without taking it:
 * a dump goes on while its socket is read and has room, so that a peek
 * into a socket with the smallest buffer leaves it where it is.
 *
 * Return: 0 if the dump started, else the error it was refused with.
 */
static int start_dump(struct tnl *t, const char **msg)
{
	static char buf[TNL_RECV_SIZE];
	struct nlmsghdr *nlh;
	int size = 0;
	ssize_t len;

	*msg = NULL;
	setsockopt(t->fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	nlh = tnl_request(buf, t, KAESBENCH_CMD_GET_IMPLS,
			  NLM_F_DUMP | NLM_F_ACK, 1);
	if (tnl_send(t, nlh, nlh->nlmsg_len))
		return -errno;
	/* The kernel answers during the send. */
	len = recv(t->fd, buf, sizeof(buf), MSG_PEEK | MSG_DONTWAIT);
	if (len < (ssize_t)sizeof(*nlh))
		return len < 0 ? -errno : -ENODATA;
	nlh = (struct nlmsghdr *)buf;
	if (nlh->nlmsg_type == NLMSG_ERROR || nlh->nlmsg_type == NLMSG_DONE)
		return tnl_error(nlh, msg) ?: -ENODATA;
	return 0;
}

static int hold(unsigned int n, bool dumps)
{
	unsigned int i, held = 0, refused = 0;
	struct tnl *t = calloc(n, sizeof(*t));
	const char *msg;
	int err;

	if (!t)
		return 1;
	for (i = 0; i < n; i++) {
		if (tnl_open(&t[i]))
			return 1;
		err = dumps ? start_dump(&t[i], &msg) : 0;
		if (!err) {
			held++;
			continue;
		}
		if (!refused++)
			printf("refused: %d (%s) extack: %s\n", err,
			       strerror(-err), msg ? msg : "-");
		tnl_close(&t[i]);
	}
	printf("held %u refused %u\nready\n", held, refused);
	fflush(stdout);
	for (;;)
		pause();
}

int main(int argc, char **argv)
{
	unsigned long n;

	if (argc != 3)
		goto usage;
	n = strtoul(argv[2], NULL, 10);
	if (!n || n > 100000)
		goto usage;
	if (!strcmp(argv[1], "watch"))
		return watch(n);
	if (!strcmp(argv[1], "hold"))
		return hold(n, true);
	if (!strcmp(argv[1], "sockets"))
		return hold(n, false);
usage:
	fprintf(stderr,
		"usage: kaesbench-listprobe watch SECONDS | hold N | sockets N\n");
	return 2;
}
