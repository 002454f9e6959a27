/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * /proc/net/tls_stat of a network namespace: kTLS's counters (sockets
 * given the software path or a NIC's, now and since the module loaded,
 * records that failed to decrypt, key updates), whatever names this
 * kernel has, looked up by name. The file exists once the tls module is
 * loaded, in every namespace.
 */
#ifndef KAESBENCH_TLS_TLS_STAT_H
#define KAESBENCH_TLS_TLS_STAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Room for every counter of today's kernels (17 in 7.x) and more. */
#define KB_TLS_STAT_MAX 64
/* The longest name kept, with its NUL ("TlsRxRekeyReceived": 19). */
#define KB_TLS_STAT_NAME 48

struct kb_tls_stat_entry {
	char name[KB_TLS_STAT_NAME];
	uint64_t value;
};

struct kb_tls_stat {
	size_t n;
	struct kb_tls_stat_entry e[KB_TLS_STAT_MAX];
};

int kb_tls_stat_parse(FILE *f, struct kb_tls_stat *st);
int kb_tls_stat_read(int netns_fd, struct kb_tls_stat *st);
bool kb_tls_stat_get(const struct kb_tls_stat *st, const char *name,
		     uint64_t *v);

#endif /* KAESBENCH_TLS_TLS_STAT_H */
