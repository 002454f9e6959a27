/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * CPU lists as Linux writes them ("0-3,8,10-11"), for --cpus.
 */
#ifndef KAESBENCH_BENCH_CPUS_H
#define KAESBENCH_BENCH_CPUS_H

#include <stddef.h>
#include <stdint.h>

#include <linux/kaesbench.h>

struct kb_cpus {
	uint32_t cpu[KAESBENCH_MAX_CPUS];
	size_t count;
};

#define KB_CPUS_ONLINE "/sys/devices/system/cpu/online"
/* Room for kb_cpus_format(): any KAESBENCH_MAX_CPUS CPUs below 65536. */
#define KB_CPUS_LIST_MAX (KAESBENCH_MAX_CPUS * 6)

int kb_cpus_parse(const char *arg, const char *online, struct kb_cpus *cpus,
		  char *why, size_t len);
int kb_cpus_read_online(const char *path, char *buf, size_t len);
int kb_cpus_option(const char *who, const char *arg, struct kb_cpus *cpus);
char *kb_cpus_format(const struct kb_cpus *cpus, char *buf, size_t len);

#endif /* KAESBENCH_BENCH_CPUS_H */
