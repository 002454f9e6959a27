// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Finding the kaesbench family, checking that it speaks our protocol, and
 * running requests against it: the messages a person reads when the
 * module is missing, older or newer than this tool.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>
#include <linux/netlink.h>

#include "netlink/kaesbench_genl.h"

static int get_family(struct kb_genl *g, bool quiet_missing)
{
	struct kb_nl_family f;
	struct kb_nl_reply r;
	int ret;

	ret = kb_nl_family_get(&g->nl, KAESBENCH_GENL_NAME, &f, &r);
	if (ret && r.error == ENOENT && quiet_missing) {
		free(r.msg);
		return -ENOENT;
	}
	if (ret && r.error == ENOENT)
		fprintf(stderr,
			"kaesbench: the kaesbench kernel module is not loaded (no generic netlink family \"%s\").\n"
			"Load it with \"modprobe kaesbench\", or \"insmod kmod/kaesbench.ko\" from the source tree.\n",
			KAESBENCH_GENL_NAME);
	else if (ret)
		kb_nl_report(
			stderr, &r, errno,
			"looking up generic netlink family \"" KAESBENCH_GENL_NAME
			"\"");
	free(r.msg);
	if (ret)
		return -1;
	g->family = f.id;
	g->version = f.version;
	memcpy(g->ops, f.ops, sizeof(g->ops));
	if (!g->family) {
		fprintf(stderr,
			"kaesbench: the kernel named no id for generic netlink family \"%s\"\n",
			KAESBENCH_GENL_NAME);
		return -1;
	}
	return 0;
}

static int open_family(struct kb_genl *g, bool quiet_missing)
{
	int ret;

	memset(g, 0, sizeof(*g));
	ret = kb_nl_open(&g->nl, NETLINK_GENERIC);
	if (ret == -ENOMEM) {
		errno = ENOMEM;
		perror("kaesbench");
		return -1;
	}
	if (ret) {
		fprintf(stderr,
			"kaesbench: cannot open a generic netlink socket: %s\n",
			strerror(-ret));
		return -1;
	}
	ret = get_family(g, quiet_missing);
	if (ret)
		return ret;
	if (g->version != KAESBENCH_GENL_VERSION) {
		fprintf(stderr,
			"kaesbench: the loaded kaesbench module speaks protocol version %u, this tool speaks version %u; build both from the same source.\n",
			g->version, KAESBENCH_GENL_VERSION);
		return -1;
	}
	return 0;
}

/**
 * kb_genl_open() - connect to the kaesbench family
 * @g: filled in; close it with kb_genl_close() whatever the result
 *
 * Resolves the family and refuses a module speaking another protocol
 * version. Prints why on failure.
 *
 * Return: 0 or -1.
 */
int kb_genl_open(struct kb_genl *g)
{
	return open_family(g, false) ? -1 : 0;
}

/**
 * kb_genl_try_open() - connect to the kaesbench family if it is there
 * @g: filled in; close it with kb_genl_close() whatever the result
 *
 * As kb_genl_open(), but a missing family (the module is not loaded) is
 * not printed: the caller goes on without the kernel.
 *
 * Return: 0, -ENOENT when the family is missing, or -1 after printing why.
 */
int kb_genl_try_open(struct kb_genl *g)
{
	int ret = open_family(g, true);

	return ret == -ENOENT ? ret : ret ? -1 : 0;
}

/**
 * kb_genl_close() - release what kb_genl_open() took
 * @g: the connection, open or half open
 */
void kb_genl_close(struct kb_genl *g)
{
	kb_nl_close(&g->nl);
	memset(g, 0, sizeof(*g));
}

/**
 * kb_genl_has_op() - whether the loaded module offers a command
 * @g: an open connection
 * @cmd: an enum kaesbench_cmd value
 *
 * Return: true if the family listed @cmd among its operations.
 */
bool kb_genl_has_op(const struct kb_genl *g, uint8_t cmd)
{
	return g->ops[cmd / 32] & (1U << (cmd % 32));
}

/**
 * kb_genl_require_op() - refuse, with a message, a command not offered
 * @g: an open connection
 * @cmd: an enum kaesbench_cmd value
 * @name: what to call @cmd in the message
 *
 * Return: 0, or -1 after printing why.
 */
int kb_genl_require_op(const struct kb_genl *g, uint8_t cmd, const char *name)
{
	if (kb_genl_has_op(g, cmd))
		return 0;
	fprintf(stderr,
		"kaesbench: the loaded kaesbench module does not support command %s (%u); build the module and this tool from the same source.\n",
		name, cmd);
	return -1;
}

/**
 * kb_genl_dump() - run a dump request that takes no attributes
 * @g: an open connection
 * @cmd: an enum kaesbench_cmd value
 * @cb: called with each reply message; returns MNL_CB_ERROR with errno set
 *	to refuse one
 * @data: passed to @cb
 * @what: what the request does, for error messages
 *
 * Return: 0, KB_GENL_DUMP_INTR if the kernel marked the replies
 * inconsistent (the caller may retry), or -1 after printing why.
 */
int kb_genl_dump(struct kb_genl *g, uint8_t cmd, mnl_cb_t cb, void *data,
		 const char *what)
{
	struct kb_nl_reply r = { .cb = cb, .data = data };
	struct nlmsghdr *nlh;
	int ret;

	nlh = kb_genl_request(g, g->nl.buf, cmd, NLM_F_DUMP);
	ret = kb_nl_transact(&g->nl, nlh, &r);
	if (ret)
		kb_nl_report(stderr, &r, errno, what);
	free(r.msg);
	if (ret)
		return -1;
	return r.intr ? KB_GENL_DUMP_INTR : 0;
}

/**
 * kb_genl_request() - start a request to the kaesbench family
 * @g: an open connection
 * @buf: where to build it, MNL_SOCKET_BUFFER_SIZE bytes or more as the
 *	 attributes need
 * @cmd: an enum kaesbench_cmd value
 * @flags: NLM_F_* besides NLM_F_REQUEST
 *
 * Return: the message, with a fresh sequence number, to add attributes to.
 */
struct nlmsghdr *kb_genl_request(struct kb_genl *g, void *buf, uint8_t cmd,
				 uint16_t flags)
{
	return kb_nl_genl_request(&g->nl, buf, g->family, flags, cmd,
				  KAESBENCH_GENL_VERSION);
}

/**
 * kb_genl_send() - send a request built with kb_genl_request()
 * @g: an open connection
 * @nlh: the request
 *
 * Return: 0, or -1 with errno set.
 */
int kb_genl_send(struct kb_genl *g, const struct nlmsghdr *nlh)
{
	return kb_nl_send(&g->nl, nlh);
}

/**
 * kb_genl_recv() - receive and handle one batch of answers to a request
 * @g: an open connection
 * @seq: the request's sequence number
 * @r: as kb_nl_recv() takes it
 *
 * Return: as kb_nl_recv().
 */
int kb_genl_recv(struct kb_genl *g, uint32_t seq, struct kb_nl_reply *r)
{
	return kb_nl_recv(&g->nl, seq, r);
}

/**
 * kb_genl_fd() - the socket of a connection, to poll() it
 * @g: an open connection
 *
 * Return: the file descriptor.
 */
int kb_genl_fd(const struct kb_genl *g)
{
	return kb_nl_fd(&g->nl);
}
