// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * /proc/stat's first line sums every CPU's time by kind, in clock ticks
 * (USER_HZ). Busy is all but idle and iowait: softirq time is where a
 * receiving namespace decrypts ESP, so it must count.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>

#include "base/cpu_time.h"

/**
 * kb_cpu_busy_ns() - all CPUs' busy time since boot
 * @busy_ns: set to it, in nanoseconds (USER_HZ resolution)
 *
 * Return: 0, or a negative errno.
 */
int kb_cpu_busy_ns(uint64_t *busy_ns)
{
	uint64_t user, nice, system, idle, iowait, irq, softirq, steal = 0;
	long hz = sysconf(_SC_CLK_TCK);
	FILE *f = fopen("/proc/stat", "re");
	int n;

	if (!f)
		return -errno;
	n = fscanf(f,
		   "cpu %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
		   " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64,
		   &user, &nice, &system, &idle, &iowait, &irq, &softirq,
		   &steal);
	fclose(f);
	if (n < 7 || hz <= 0)
		return -EINVAL;
	(void)idle;
	(void)iowait;
	*busy_ns = (user + nice + system + irq + softirq + steal) *
		   (1000000000ull / (uint64_t)hz);
	return 0;
}
