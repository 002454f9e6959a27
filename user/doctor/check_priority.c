// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's fixes that change a priority run `kaesbench priority`,
 * which needs the kernel's crypto_user interface: when it is missing
 * here, each such finding says so, rather than hand out a command that
 * can only fail.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/netlink.h>

#include "doctor/check_priority.h"

/**
 * kb_doc_crypto_user_probe() - whether `kaesbench priority` can work here
 * @why: set to what failed, when it cannot
 * @len: size of @why
 *
 * Opening the socket also makes the kernel load crypto_user if it can.
 * No privilege is needed to open it, only to change a priority.
 *
 * Return: 0, or a negative errno.
 */
int kb_doc_crypto_user_probe(char *why, size_t len)
{
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);
	int err = errno;

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	snprintf(why, len, "socket(AF_NETLINK, NETLINK_CRYPTO): %s",
		 strerror(err));
	return -err;
}

/**
 * kb_doc_check_priority_fixes() - the priority fixes, when they cannot run
 * @r: the report, its checks done
 * @missing: why crypto_user cannot be reached, or NULL when it can
 *
 * Adds an evidence line to each finding whose fix runs `kaesbench
 * priority`.
 */
void kb_doc_check_priority_fixes(struct kb_doc_report *r, const char *missing)
{
	size_t i;

	for (i = 0; missing && i < r->count; i++)
		if (r->finding[i].fix &&
		    strstr(r->finding[i].fix, "kaesbench priority "))
			kb_doc_evidence(
				r, &r->finding[i],
				"the fix's kaesbench priority needs the kernel's crypto_user interface, missing here (%s): modprobe crypto_user, or a kernel built with CONFIG_CRYPTO_USER",
				missing);
}
