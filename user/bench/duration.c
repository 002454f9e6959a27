// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Durations as people write them on a command line: a whole number and a
 * unit, "500ms", "60s", "10m", "2h". The unit is required: a bare "60"
 * could mean seconds or, as -t does, milliseconds; except where an option
 * says SECONDS (kb_parse_seconds()).
 */

#include <errno.h>
#include <string.h>

#include "bench/duration.h"
#include "bench/sizes.h"

static const struct {
	const char *unit;
	uint64_t ms;
} units[] = {
	{ "ms", 1 },
	{ "s", 1000 },
	{ "m", 60 * 1000 },
	{ "h", 3600 * 1000 },
};

/**
 * kb_parse_duration() - parse a duration with its unit
 * @s: the string: digits, then ms, s, m or h
 * @ms: set to the duration in milliseconds
 *
 * Return: 0; -EINVAL without digits, without a unit or with another;
 * -ERANGE for 0 or more than KB_DURATION_MAX_MS.
 */
int kb_parse_duration(const char *s, uint64_t *ms)
{
	size_t digits = strspn(s, "0123456789");
	char number[21];
	uint64_t n;
	size_t i;

	if (!digits || digits >= sizeof(number))
		return digits ? -ERANGE : -EINVAL;
	memcpy(number, s, digits);
	number[digits] = '\0';
	if (kb_parse_u64(number, &n))
		return -ERANGE;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(s + digits, units[i].unit))
			continue;
		if (!n || n > KB_DURATION_MAX_MS / units[i].ms)
			return -ERANGE;
		*ms = n * units[i].ms;
		return 0;
	}
	return -EINVAL;
}

/**
 * kb_parse_seconds() - parse a number of seconds, or a duration
 * @s: digits alone, seconds (0 too), or a duration as kb_parse_duration()
 *     takes it
 * @ms: set to the duration in milliseconds
 *
 * Return: 0; -EINVAL if neither; -ERANGE for more than KB_DURATION_MAX_MS.
 */
int kb_parse_seconds(const char *s, uint64_t *ms)
{
	uint64_t n;

	if (!s[0] || s[strspn(s, "0123456789")])
		return kb_parse_duration(s, ms);
	if (kb_parse_u64(s, &n) || n > KB_DURATION_MAX_MS / 1000)
		return -ERANGE;
	*ms = n * 1000;
	return 0;
}
