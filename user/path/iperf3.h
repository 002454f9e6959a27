/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * iperf3's UDP rate through the same tunnel, beside the generator's: what
 * shows whether the generator or the tunnel sets the rate.
 */
#ifndef KAESBENCH_PATH_IPERF3_H
#define KAESBENCH_PATH_IPERF3_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "path/netns.h"

/*
 * Where iperf3 is looked for, in order: the system's directories, never
 * the PATH kaesbench inherited (it runs as root).
 */
#define KB_IPERF3_DIRS                                                         \
	"/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", \
		"/bin"
#define KB_IPERF3_DIRS_TEXT \
	"/usr/local/sbin, /usr/local/bin, /usr/sbin, /usr/bin, /sbin or /bin"

struct kb_iperf3_result {
	bool ran;
	char program[64]; /* the iperf3 run, or "" when none was found */
	double pps; /* datagrams received per second */
	double gbps; /* of their payload */
	uint64_t packets; /* sent */
	uint64_t lost;
	char error[200]; /* why not, if not @ran */
};

int kb_iperf3_find_in(const char *const *dirs, size_t ndirs, char *path,
		      size_t len);
int kb_iperf3_find(char *path, size_t len);
int kb_iperf3_udp(const char *program, const struct kb_netns_pair *p,
		  const struct in_addr *from, const struct in_addr *to,
		  uint16_t port, uint32_t payload, uint32_t ms,
		  struct kb_iperf3_result *r);

#endif /* KAESBENCH_PATH_IPERF3_H */
