// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Medians, spreads and rates of the samples, and the formatter that prints
 * them with three significant digits so that a slow implementation reads
 * 0.0712, not 0.00.
 */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/stats.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/**
 * kb_median() - the median of a set of values
 * @v: the values, in any order; not changed
 * @n: how many
 *
 * Return: the middle value, the mean of the two middle ones for an even
 * count, or 0 for an empty set or when out of memory.
 */
double kb_median(const double *v, size_t n)
{
	double *s, m;

	if (!n)
		return 0;
	s = malloc(n * sizeof(*s));
	if (!s)
		return 0;
	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return m;
}

/**
 * kb_min() - the smallest of a set of values
 * @v: the values
 * @n: how many
 *
 * Return: the smallest, or 0 for an empty set.
 */
double kb_min(const double *v, size_t n)
{
	double m = n ? v[0] : 0;
	size_t i;

	for (i = 1; i < n; i++)
		if (v[i] < m)
			m = v[i];
	return m;
}

/**
 * kb_max() - the largest of a set of values
 * @v: the values
 * @n: how many
 *
 * Return: the largest, or 0 for an empty set.
 */
double kb_max(const double *v, size_t n)
{
	double m = n ? v[0] : 0;
	size_t i;

	for (i = 1; i < n; i++)
		if (v[i] > m)
			m = v[i];
	return m;
}

/**
 * kb_spread() - how far apart the values are, relative to their median
 * @v: the values
 * @n: how many
 *
 * Return: (max - min) / median; 0 for an empty set or equal values, and
 * INFINITY when the values differ around a median of 0.
 */
double kb_spread(const double *v, size_t n)
{
	double med = kb_median(v, n), range = kb_max(v, n) - kb_min(v, n);

	if (range <= 0)
		return 0;
	return med > 0 ? range / med : INFINITY;
}

/**
 * kb_mbps() - throughput in megabytes (10^6 bytes) per second
 * @bytes: bytes processed
 * @ns: in this many nanoseconds
 *
 * Return: the rate, or 0 when @ns is 0.
 */
double kb_mbps(uint64_t bytes, uint64_t ns)
{
	/* bytes per nanosecond are 10^9 B/s, that is 1000 MB/s. */
	return ns ? (double)bytes / (double)ns * 1000.0 : 0;
}

/**
 * kb_percent() - one time as a percentage of another
 * @part_ns: CPU time, for instance
 * @whole_ns: wall time
 *
 * Return: 100 * @part_ns / @whole_ns, or 0 when @whole_ns is 0.
 */
double kb_percent(uint64_t part_ns, uint64_t whole_ns)
{
	return whole_ns ? (double)part_ns / (double)whole_ns * 100.0 : 0;
}

/* Digits after the point that leave three significant ones in @v > 0. */
static int decimals(double v)
{
	int exp = 0; /* floor(log10(v)), without libm's log10() */

	while (v >= 10) {
		v /= 10;
		exp++;
	}
	while (v < 1) {
		v *= 10;
		exp--;
	}
	return exp >= 2 ? 0 : 2 - exp;
}

/**
 * kb_fmt3() - print a value with three significant digits
 * @v: the value
 * @buf: where to; KB_FMT3_MAX bytes always suffice
 * @len: size of @buf
 *
 * Values of 1000 and more are printed as whole numbers (1340), smaller
 * ones with as many decimals as three significant digits need (180, 13.9,
 * 0.0712). Not-a-number and infinities print as "-".
 *
 * Return: @buf.
 */
const char *kb_fmt3(double v, char *buf, size_t len)
{
	double mag = v < 0 ? -v : v;
	double shown;
	int d;

	if (isnan(v) || isinf(v)) {
		snprintf(buf, len, "-");
		return buf;
	}
	if (mag == 0) {
		snprintf(buf, len, "0");
		return buf;
	}
	d = decimals(mag);
	snprintf(buf, len, "%.*f", d, v);
	/* Rounding may add a digit: 9.996 prints as 10.00, wanted 10.0. */
	shown = strtod(buf, NULL);
	if (d > 0 && decimals(shown < 0 ? -shown : shown) < d)
		snprintf(buf, len, "%.*f", d - 1, v);
	return buf;
}
