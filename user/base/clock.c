// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Monotonic, so that a clock set while measuring changes no figure.
 */

#include <time.h>

#include "base/clock.h"

/**
 * kb_now() - monotonic time
 *
 * Return: seconds since an arbitrary point.
 */
double kb_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
