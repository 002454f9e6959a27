// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A TCP connection over the loopback: a listener on an ephemeral port,
 * a connect() the kernel completes at once, the accepted end; the
 * listener closed again.
 */

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include "tls/loopback.h"

/* A TCP socket in @side of @ns, or in the caller's namespace. */
static int tcp_socket(const struct kb_netns_pair *ns, int side)
{
	int fd;

	if (ns)
		return kb_netns_socket(ns, side, AF_INET,
				       SOCK_STREAM | SOCK_CLOEXEC, 0);
	fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	return fd < 0 ? -errno : fd;
}

/**
 * kb_tls_loopback_pair() - a TCP connection over 127.0.0.1
 * @ns: the namespaces, or NULL for the caller's own
 * @side: which of them
 * @tx: the connecting end, or -1
 * @rx: the accepted end, or -1
 *
 * Return: 0, or a negative errno with neither end left open.
 */
int kb_tls_loopback_pair(const struct kb_netns_pair *ns, int side, int *tx,
			 int *rx)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t alen = sizeof(a);
	int l, ret = 0;

	*tx = *rx = -1;
	l = tcp_socket(ns, side);
	if (l < 0)
		return l;
	*tx = tcp_socket(ns, side);
	if (*tx < 0)
		ret = *tx;
	/* The kernel queues the connection: accepted once connected. */
	else if (bind(l, (struct sockaddr *)&a, sizeof(a)) || listen(l, 1) ||
		 getsockname(l, (struct sockaddr *)&a, &alen) ||
		 connect(*tx, (struct sockaddr *)&a, sizeof(a)))
		ret = -errno;
	else if ((*rx = accept4(l, NULL, NULL, SOCK_CLOEXEC)) < 0)
		ret = -errno;
	close(l);
	if (ret && *tx >= 0)
		close(*tx);
	if (ret)
		*tx = *rx = -1;
	return ret;
}
