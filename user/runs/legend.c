// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Every table of a command states the same units and marks: said under
 * each of the sweep's ten tables, they were most of its output. Each
 * table now records what it showed, and this file says it once, after
 * the last table. Its words are also those of the notes --verbose prints
 * under each table, where both say the same.
 */

#include <inttypes.h>
#include <string.h>
#include <sys/utsname.h>

#include "bench/result.h"
#include "runs/legend.h"

/* The entries whose words take nothing from the tables. */
static const char *const words[KB_LEG_COUNT] = {
	[KB_LEG_RANGE] =
		"min-max = the range of the samples' MB/s; ops/s = requests completed per second (median)",
	[KB_LEG_US_PER_OP] =
		"\u00b5s/op = 10^6 / (ops/s): time per request at that rate, not its latency when depth > 1",
	[KB_LEG_SELECTED] =
		"* = what the crypto API hands out for the table's algorithm",
	[KB_LEG_NO_VERIFY] = "? = not verified (--no-verify)",
	[KB_LEG_NO_REFERENCE] =
		"? = not verified: no reference for this algorithm",
	[KB_LEG_NA] =
		"n/a = a size the implementation or mode cannot take (not a whole number of blocks), not measured",
	[KB_LEG_THREAD_CPU] =
		"thread CPU% = the measuring thread's CPU time / wall time",
	[KB_LEG_CYCLES_LARGEST] =
		"cyc/B = TSC cycles per byte at the largest size measured (median); - where the kernel sent no cycle count",
	[KB_LEG_CYCLES] =
		"cyc/B = TSC cycles per byte (median); - where the kernel sent no cycle count",
	[KB_LEG_CPU_CYCLES] =
		"CPU c/B = all CPUs' busy time in TSC cycles per byte (median): what a byte costs in CPU, offloaded or not",
	[KB_LEG_CPU_NS] =
		"CPU ns/B = all CPUs' busy time in nanoseconds per byte (median): what a byte costs in CPU, offloaded or not",
	[KB_LEG_LATENCY] =
		"p50, p99 \u00b5s = request latency from submission to completion: medians over the samples of each sample's percentile",
	[KB_LEG_KERNEL_COLUMN] =
		"kernel (kernel vs userspace) = the implementation of the table above it: its * row, or the one the run measured",
	[KB_LEG_RATIO] =
		"kernel/OpenSSL = kernel MB/s / OpenSSL MB/s at that size: above 1 the kernel is faster",
};

/* The entries that end in why there are no cycles: "%s" is the reason. */
static const char *const ns_words[KB_LEG_COUNT] = {
	[KB_LEG_NS_LARGEST] =
		"ns/B = wall-clock nanoseconds per byte at the largest size measured (median); no cyc/B: %s",
	[KB_LEG_NS] =
		"ns/B = wall-clock nanoseconds per byte (median); no cyc/B: %s",
};

/**
 * kb_no_cycles_reason() - why the kernel sends no cycle count, in words
 * @machine: uname's machine ("aarch64", "x86_64"), or NULL if unknown
 *
 * The module counts cycles with the TSC, and only where it is
 * constant-rate: arm64's counter (CNTVCT) ticks at the generic timer's
 * fixed frequency, tens of MHz, which is no CPU cycle count.
 *
 * Return: the reason for @machine's kind of CPU, or a reason that names
 * none for a machine this does not know.
 */
const char *kb_no_cycles_reason(const char *machine)
{
	static const char *const x86[] = { "x86_64", "i386", "i486", "i586",
					   "i686" };
	size_t i;

	if (!machine)
		machine = "";
	/* armv8l: 32-bit userspace on an arm64 kernel, which measures. */
	if (!strncmp(machine, "aarch64", 7) || !strncmp(machine, "armv8", 5))
		return "the generic timer (CNTVCT) counts at a fixed frequency, not CPU cycles";
	for (i = 0; i < sizeof(x86) / sizeof(x86[0]); i++)
		if (!strcmp(machine, x86[i]))
			return "the TSC is not constant-rate";
	return "the kernel sent no cycle count";
}

/**
 * kb_this_machine() - uname's machine of the running kernel
 *
 * Return: "aarch64", "x86_64" ..., or "" if uname(2) fails.
 */
const char *kb_this_machine(void)
{
	static struct utsname u;
	static bool asked;

	if (!asked && uname(&u))
		u.machine[0] = '\0';
	asked = true;
	return u.machine;
}

/**
 * kb_legend_use() - record that a table showed a mark or column
 * @l: the legend
 * @e: what it showed
 */
void kb_legend_use(struct kb_legend *l, enum kb_legend_entry e)
{
	l->used |= 1U << e;
}

/**
 * kb_legend_samples() - record what a table's figures are medians of
 * @l: the legend
 * @samples: samples per size
 * @sample_ms: the duration of one
 *
 * A command's tables share its options: the first one's are kept.
 */
void kb_legend_samples(struct kb_legend *l, uint32_t samples,
		       uint32_t sample_ms)
{
	kb_legend_use(l, KB_LEG_MBPS);
	if (l->samples)
		return;
	l->samples = samples;
	l->sample_ms = sample_ms;
}

/* Whether "a, b" holds @alg as one of its names. */
static bool listed(const char *list, const char *alg)
{
	size_t len = strlen(alg);
	const char *p;

	for (p = list; (p = strstr(p, alg)); p += len)
		if ((p == list || p[-1] == ' ') && (!p[len] || p[len] == ','))
			return true;
	return false;
}

/**
 * kb_legend_calls() - record the crypto API calls that measured @alg
 * @l: the legend
 * @types: bit n: implementation type n was measured
 * @alg: the table's algorithm
 * @decrypt: decrypt calls rather than encrypt
 */
void kb_legend_calls(struct kb_legend *l, unsigned int types, const char *alg,
		     bool decrypt)
{
	unsigned int t;
	char *list;
	size_t len;

	l->decrypt = decrypt;
	for (t = 0; t <= KB_CALLS_LIBRARY; t++) {
		list = l->algs[t];
		if (!(types & (1U << t)) || listed(list, alg))
			continue;
		kb_legend_use(l, KB_LEG_CALLS);
		len = strlen(list);
		snprintf(list + len, KB_LEGEND_ALGS_MAX - len, "%s%s",
			 len ? ", " : "", alg);
	}
}

/**
 * kb_print_kernel_calls() - name the crypto API calls of a kernel run
 * @f: where to
 * @types: bit n: implementation type n was measured
 * @decrypt: decrypt calls rather than encrypt
 */
void kb_print_kernel_calls(FILE *f, unsigned int types, bool decrypt)
{
	static const char *const fn[] = {
		[KAESBENCH_IMPL_TYPE_CIPHER] = "crypto_cipher_%s_one()",
		[KAESBENCH_IMPL_TYPE_SKCIPHER] = "crypto_skcipher_%s()",
		[KAESBENCH_IMPL_TYPE_LSKCIPHER] = "crypto_lskcipher_%s()",
		[KAESBENCH_IMPL_TYPE_AEAD] = "crypto_aead_%s()",
		/* Not a format: the functions differ from path to path. */
		[KB_CALLS_LIBRARY] =
			"the AES library's own functions (lib:*, see kaesbench list), directly, not through the crypto API,",
	};
	bool first = true;
	unsigned int t;

	for (t = KAESBENCH_IMPL_TYPE_CIPHER; t <= KB_CALLS_LIBRARY; t++) {
		if (!(types & (1U << t)))
			continue;
		fputs(first ? "" : ", ", f);
		if (t == KB_CALLS_LIBRARY)
			fputs(fn[t], f);
		else
			fprintf(f, fn[t], decrypt ? "decrypt" : "encrypt");
		first = false;
	}
	if (first)
		fputs("the kernel crypto API", f);
}

/**
 * kb_context_words() - where a kernel run called the driver from, in words
 * @context: enum kaesbench_context
 *
 * Return: "from a kernel thread", or that with bottom halves disabled.
 */
const char *kb_context_words(uint32_t context)
{
	if (context == KAESBENCH_CONTEXT_SOFTIRQ)
		return "from a kernel thread with bottom halves disabled (softirq context, as ESP's receive path)";
	return "from a kernel thread";
}

static void print_calls(FILE *f, const struct kb_legend *l)
{
	const char *sep = "measured: ";
	unsigned int t;

	for (t = KAESBENCH_IMPL_TYPE_CIPHER; t <= KB_CALLS_LIBRARY; t++) {
		if (!l->algs[t][0])
			continue;
		fputs(sep, f);
		kb_print_kernel_calls(f, 1U << t, l->decrypt);
		fprintf(f, " for %s", l->algs[t]);
		sep = "; ";
	}
	fprintf(f, ": each called %s, timed with CLOCK_MONOTONIC\n",
		kb_context_words(l->context));
}

/* One CPU% line, whichever kinds of run the tables had. */
static void print_cpu(FILE *f, bool kernel, bool user)
{
	if (kernel && user)
		fputs("CPU% = busy time / wall time over the samples behind the figure, 100 = one CPU: for a kernel run, all CPUs' (includes interrupts and other threads); for a userspace path, this process's CPU time (user + system)\n",
		      f);
	else if (kernel)
		fputs("CPU% = busy time of all CPUs / wall time over the samples behind the figure (100 = one CPU; includes interrupts and other threads)\n",
		      f);
	else if (user)
		fputs("CPU% = this process's CPU time (user + system) / wall time over the samples behind the figure (100 = one CPU)\n",
		      f);
}

/* An entry that needs nothing from the tables; @machine: for ns_words. */
static void print_entry(FILE *f, enum kb_legend_entry e, const char *machine)
{
	if (e == KB_LEG_SPREAD)
		fprintf(f,
			"~ = unsteady: the samples spread more than %d %% around their median ((max - min) / median)",
			(int)(KB_SPREAD_MARK * 100));
	else if (e < KB_LEG_COUNT && ns_words[e])
		fprintf(f, ns_words[e],
			kb_no_cycles_reason(machine ? machine :
						      kb_this_machine()));
	else if (e < KB_LEG_COUNT && words[e])
		fputs(words[e], f);
	else
		return;
	fputc('\n', f);
}

/**
 * kb_print_legend_entry() - print the line of an entry that needs nothing
 * from the tables
 * @f: where to
 * @e: any entry but KB_LEG_MBPS, the CPU% and KB_LEG_CALLS; an ns/B one
 *     gives this machine's reason for the missing cycles
 */
void kb_print_legend_entry(FILE *f, enum kb_legend_entry e)
{
	print_entry(f, e, NULL);
}

/**
 * kb_print_legend() - print a line for each entry the tables recorded
 * @f: where to
 * @l: the legend; nothing is printed for an empty one
 */
void kb_print_legend(FILE *f, const struct kb_legend *l)
{
	bool kernel = l->used & (1U << KB_LEG_CPU_KERNEL);
	bool user = l->used & (1U << KB_LEG_CPU_USER);
	unsigned int e;

	for (e = 0; e < KB_LEG_COUNT; e++) {
		if (!(l->used & (1U << e)))
			continue;
		switch (e) {
		case KB_LEG_MBPS:
			fprintf(f,
				"MB/s = 10^6 bytes/s, the median of %" PRIu32
				" samples of %" PRIu32 " ms per size\n",
				l->samples, l->sample_ms);
			break;
		case KB_LEG_CPU_KERNEL:
			print_cpu(f, true, user);
			break;
		case KB_LEG_CPU_USER:
			/* Else said in one line with the kernel's. */
			if (!kernel)
				print_cpu(f, false, true);
			break;
		case KB_LEG_CALLS:
			print_calls(f, l);
			break;
		default:
			print_entry(f, e, l->machine);
		}
	}
}

/**
 * kb_print_sizes_not_taken() - the line that replaces the sizes no column
 * of a table took
 * @f: where to
 * @sizes: the table's sizes
 * @taken: whether the table shows a size
 * @table: passed to @taken
 * @block: the block size those sizes are not a multiple of, 0 if unknown
 *
 * Nothing is printed when every size was taken.
 */
void kb_print_sizes_not_taken(FILE *f, const struct kb_sizes *sizes,
			      bool (*taken)(const void *table, uint32_t size),
			      const void *table, uint32_t block)
{
	const char *sep = "";
	size_t i;

	for (i = 0; i < sizes->count; i++)
		if (!taken(table, sizes->size[i])) {
			fprintf(f, "%s%" PRIu32, sep, sizes->size[i]);
			sep = ", ";
		}
	if (!sep[0])
		return;
	if (block)
		fprintf(f,
			" B: not a whole number of %" PRIu32
			"-byte blocks, not measured\n",
			block);
	else
		fputs(" B: not a whole number of blocks, not measured\n", f);
}
