// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A mix's rate is that of a stream of its packets in their proportions:
 * each packet of size i takes 1 / ops_per_s_i seconds, so the mean time per
 * packet is the sum over sizes of (count_i / total) / ops_per_s_i, and the
 * rate its inverse. The figure is a harmonic mean: the slow small packets
 * weigh as much as the time they take, not as their share of the bytes.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "bench/imix.h"

static int parse_part(char *tok, struct kb_imix_part *part)
{
	char *x = strchr(tok, 'x');

	if (!x)
		return -EINVAL;
	*x = '\0';
	if (kb_parse_u32(tok, &part->count) ||
	    kb_parse_u32(x + 1, &part->size) || !part->count || !part->size)
		return -EINVAL;
	part->measured = part->size;
	return 0;
}

/**
 * kb_imix_parse() - parse a packet-size mix
 * @spec: "COUNTxSIZE,...", such as KB_IMIX_DEFAULT
 * @mix: filled in; free it with kb_imix_free() whatever the result
 *
 * Return: 0, -EINVAL for an empty mix or element, a count or size of 0 or
 * anything but decimal numbers, or -ENOMEM.
 */
int kb_imix_parse(const char *spec, struct kb_imix *mix)
{
	size_t n = 1, i;
	char *copy, *tok, *rest;
	int ret = 0;

	memset(mix, 0, sizeof(*mix));
	for (i = 0; spec[i]; i++)
		n += spec[i] == ',';
	copy = strdup(spec);
	mix->spec = strdup(spec);
	mix->part = calloc(n, sizeof(*mix->part));
	if (!copy || !mix->spec || !mix->part) {
		free(copy);
		return -ENOMEM;
	}
	/* strsep(), unlike strtok(), does not skip empty elements. */
	rest = copy;
	while (!ret && (tok = strsep(&rest, ",")))
		ret = parse_part(tok, &mix->part[mix->count++]);
	free(copy);
	return ret;
}

/**
 * kb_imix_free() - free what kb_imix_parse() allocated
 * @mix: the mix; left empty
 */
void kb_imix_free(struct kb_imix *mix)
{
	free(mix->part);
	free(mix->spec);
	memset(mix, 0, sizeof(*mix));
}

/**
 * kb_imix_packets() - the packets of one round of a mix
 * @mix: the mix
 *
 * Return: the sum of the counts.
 */
uint64_t kb_imix_packets(const struct kb_imix *mix)
{
	uint64_t total = 0;
	size_t i;

	for (i = 0; i < mix->count; i++)
		total += mix->part[i].count;
	return total;
}

/**
 * kb_imix_mean_size() - a mix's mean packet size, as given
 * @mix: the mix
 *
 * Return: bytes, or 0 for an empty mix.
 */
double kb_imix_mean_size(const struct kb_imix *mix)
{
	uint64_t total = kb_imix_packets(mix), bytes = 0;
	size_t i;

	for (i = 0; i < mix->count; i++)
		bytes += (uint64_t)mix->part[i].count * mix->part[i].size;
	return total ? (double)bytes / (double)total : 0;
}

/**
 * kb_imix_round() - round the sizes to measure up to whole blocks
 * @mix: the mix; each part's @measured is set
 * @block: the block size; 0 or 1 for modes that take any length
 *
 * As ESP pads a block mode's payload to the block size.
 */
void kb_imix_round(struct kb_imix *mix, uint32_t block)
{
	uint64_t m;
	size_t i;

	for (i = 0; i < mix->count; i++) {
		m = mix->part[i].size;
		if (block > 1)
			m = (m + block - 1) / block * block;
		mix->part[i].measured = m > UINT32_MAX ? UINT32_MAX : m;
	}
}

/**
 * kb_imix_sizes() - the distinct sizes to measure, in the mix's order
 * @mix: the mix
 * @sizes: filled in; free it with kb_sizes_free() whatever the result
 *
 * Return: 0, or -ENOMEM.
 */
int kb_imix_sizes(const struct kb_imix *mix, struct kb_sizes *sizes)
{
	size_t i;

	memset(sizes, 0, sizeof(*sizes));
	sizes->size = calloc(mix->count + 1, sizeof(*sizes->size));
	if (!sizes->size)
		return -ENOMEM;
	for (i = 0; i < mix->count; i++)
		if (!kb_sizes_has(sizes->size, sizes->count,
				  mix->part[i].measured))
			sizes->size[sizes->count++] = mix->part[i].measured;
	return 0;
}

/**
 * kb_imix_rate() - a mix's rate from the rates of its sizes
 * @mix: the mix
 * @ops_per_s: the median requests per second of each part, in order
 * @rate: set to the mix's packets per second, and those packets' bits per
 *	  second at the mix's mean packet size
 *
 * Return: 0, or -EINVAL if a part has no positive rate.
 */
int kb_imix_rate(const struct kb_imix *mix, const double *ops_per_s,
		 struct kb_imix_rate *rate)
{
	double total = (double)kb_imix_packets(mix), s_per_packet = 0;
	size_t i;

	memset(rate, 0, sizeof(*rate));
	if (!mix->count)
		return -EINVAL;
	for (i = 0; i < mix->count; i++) {
		if (!(ops_per_s[i] > 0))
			return -EINVAL;
		s_per_packet += mix->part[i].count / total / ops_per_s[i];
	}
	rate->packets_per_s = 1 / s_per_packet;
	rate->gbit_per_s =
		rate->packets_per_s * kb_imix_mean_size(mix) * 8 / 1e9;
	return 0;
}

/**
 * kb_imix_of_run() - a run's rate on a mix
 * @mix: the mix, its sizes rounded as they were measured
 * @run: the run
 * @ops_per_s: set to the median ops/s of each part, 0 where none
 * @rate: set to the mix's rate
 *
 * Return: 0, -EINVAL if a size has no figure, or -ENOMEM.
 */
int kb_imix_of_run(const struct kb_imix *mix, const struct kb_run *run,
		   double *ops_per_s, struct kb_imix_rate *rate)
{
	struct kb_summary sum;
	size_t i;

	for (i = 0; i < mix->count; i++) {
		if (kb_summarize(run, mix->part[i].measured, &sum))
			return -ENOMEM;
		ops_per_s[i] = sum.samples ? sum.ops_per_s : 0;
	}
	return kb_imix_rate(mix, ops_per_s, rate);
}
