// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The units are stated once, in the title and the notes under a table,
 * and every cell of a column is in that unit. Notes are printed only for
 * the marks that appear.
 */

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "bench/stats.h"
#include "runs/legend.h"
#include "runs/table.h"

/* What a table's notes must explain. */
struct notes {
	bool selected;
	bool spread;
	uint32_t na_block; /* block size behind an n/a, or 0 */
	bool interrupted;
	unsigned int types; /* bit n: implementation type n was measured */
	uint32_t largest;
	const struct kb_run *verified; /* a row verified first, or NULL */
	const struct kb_run *unverified; /* a row measured unverified */
	bool ns; /* no cycle counts: ns/B instead of cyc/B */
};

static const char *verb(bool decrypt)
{
	return decrypt ? "decrypt" : "encrypt";
}

static void print_measured(FILE *f, unsigned int types, bool decrypt,
			   uint32_t context, double wall_s)
{
	fputs("measured: ", f);
	kb_print_kernel_calls(f, types, decrypt);
	fprintf(f, " called %s, timed with CLOCK_MONOTONIC; runs took %.1f s\n",
		kb_context_words(context), wall_s);
}

static void note_type(struct notes *n, const struct kb_run *run)
{
	n->types |= kb_impl_calls_bit(&run->impl);
}

/**
 * kb_check_words() - how a run was verified before it measured, in words
 * @run: the run
 * @buf: where to write
 * @len: size of @buf
 *
 * Return: @buf: "verified first: 96 cases against cbc(aes-generic)", "not
 * verified (--no-verify)" or "not verified: no reference for this
 * algorithm".
 */
const char *kb_check_words(const struct kb_run *run, char *buf, size_t len)
{
	const struct kb_check *c = &run->check;

	if (c->skipped)
		snprintf(buf, len, "not verified (--no-verify)");
	else if (c->cases && c->reference)
		snprintf(buf, len,
			 "verified first: %" PRIu32 " cases against %s",
			 c->cases, c->reference);
	else
		snprintf(buf, len,
			 "not verified: no reference for this algorithm");
	return buf;
}

/**
 * kb_measured_words() - how a run checked the requests it measured
 * @run: the run
 * @counts: with the counts the end brought
 * @buf: where to write
 * @len: size of @buf
 *
 * Return: @buf: "1 in 32 measured requests checked: 1234, none wrong", or
 * why none were ("measured requests not checked (--check-every 0)"); NULL
 * when there is nothing to say (a module that does not check, a run not
 * verified, which kb_check_words() says).
 */
const char *kb_measured_words(const struct kb_run *run, bool counts, char *buf,
			      size_t len)
{
	const char *alg = run->impl.alg_name ? run->impl.alg_name : "";
	int n;

	if (!run->has_check_every || !run->check.cases)
		return NULL;
	if (!run->check_every) {
		snprintf(
			buf, len, "measured requests not checked%s",
			strncmp(alg, "seqiv(", 6) &&
					strncmp(alg, "echainiv(", 9) ?
				" (--check-every 0)" :
				": an IV generator's output depends on a salt of its transform's");
		return buf;
	}
	n = snprintf(buf, len, "1 in %" PRIu32 " measured requests checked",
		     run->check_every);
	if (counts && run->has_measured && n >= 0 && (size_t)n < len) {
		if (run->measured_wrong)
			snprintf(buf + n, len - n,
				 ": %" PRIu64 ", %" PRIu64 " wrong",
				 run->measured_checked, run->measured_wrong);
		else
			snprintf(buf + n, len - n, ": %" PRIu64 ", none wrong",
				 run->measured_checked);
	}
	return buf;
}

/**
 * kb_print_no_verify_header() - say once that figures may be unverified
 * @f: where to
 */
void kb_print_no_verify_header(FILE *f)
{
	fprintf(f, "--no-verify: figures of unverified implementations\n\n");
}

/* A run that measured without its results being checked first. */
static bool unverified(const struct kb_run *run)
{
	return run->state >= KB_RUN_STARTED && !run->check.cases;
}

/**
 * kb_fmt_pct() - print a percentage
 * @v: the value
 * @buf: where to
 * @len: size of @buf
 *
 * Whole numbers from 10 up, three significant digits below, as 0.0712
 * MB/s would be.
 *
 * Return: @buf.
 */
const char *kb_fmt_pct(double v, char *buf, size_t len)
{
	if (v >= 10) {
		snprintf(buf, len, "%.0f", v);
		return buf;
	}
	return kb_fmt3(v, buf, len);
}

static int size_width(uint32_t size)
{
	char buf[16];
	int w = snprintf(buf, sizeof(buf), "%" PRIu32, size);

	return w > 7 ? w : 7;
}

/* One MB/s cell: figure and a one-character mark, or n/a, or -. */
static int print_cell(FILE *f, const struct kb_run *run, uint32_t size,
		      int width, struct notes *n)
{
	char num[KB_FMT3_MAX];
	struct kb_summary sum;
	bool mark;

	if (!kb_sizes_has(run->sizes.size, run->sizes.count, size)) {
		if (!n->na_block)
			n->na_block = run->impl.block_size;
		fprintf(f, " %*s ", width, "n/a");
		return 0;
	}
	if (kb_summarize(run, size, &sum))
		return -ENOMEM;
	if (!sum.samples) {
		fprintf(f, " %*s ", width, "-");
		return 0;
	}
	mark = sum.spread > KB_SPREAD_MARK;
	n->spread |= mark;
	fprintf(f, " %*s%c", width, kb_fmt3(sum.mbps_median, num, sizeof(num)),
		mark ? '~' : ' ');
	return 0;
}

static void print_row_head(FILE *f, const struct kb_run *run, int name_w,
			   struct notes *n)
{
	char depth[16] = "-";
	bool mark = unverified(run) && !kb_run_failed(run);

	if (run->depth)
		snprintf(depth, sizeof(depth), "%" PRIu32, run->depth);
	n->selected |= run->selected == 1;
	fprintf(f, "%c %s%-*s %5s", run->selected == 1 ? '*' : ' ',
		run->impl.driver_name,
		name_w - (int)strlen(run->impl.driver_name), mark ? "?" : "",
		depth);
}

/*
 * Whether a size has its column. With --verbose (no legend) every size
 * has; else a size that no row could take is one line under the table
 * instead of a column of n/a.
 */
static bool size_shown(const void *table, uint32_t size)
{
	const struct kb_table *t = table;
	bool rows = false;
	size_t i;

	if (!t->legend)
		return true;
	for (i = 0; i < t->count; i++) {
		const struct kb_run *run = &t->runs[i];

		if (kb_run_failed(run))
			continue;
		if (kb_sizes_has(run->sizes.size, run->sizes.count, size))
			return true;
		rows = true;
	}
	return !rows;
}

static int print_sweep_row(FILE *f, const struct kb_table *t,
			   const struct kb_run *run, int name_w,
			   struct notes *n)
{
	char cpu[KB_FMT3_MAX] = "-", cpb[KB_FMT3_MAX] = "-", reason[512];
	bool any;
	double v;
	size_t i;

	print_row_head(f, run, name_w, n);
	if (kb_run_failed(run)) {
		fprintf(f, "  %s: %s\n",
			kb_run_invalid(run) ? "invalid" : "failed",
			kb_run_reason(run, reason, sizeof(reason)));
		return 0;
	}
	note_type(n, run);
	n->interrupted |= run->state == KB_RUN_INTERRUPTED;
	for (i = 0; i < t->sizes->count; i++)
		if (size_shown(t, t->sizes->size[i]) &&
		    print_cell(f, run, t->sizes->size[i],
			       size_width(t->sizes->size[i]), n))
			return -ENOMEM;
	v = kb_run_cpu_percent(run, &any);
	if (any)
		kb_fmt_pct(v, cpu, sizeof(cpu));
	if (n->ns ? kb_run_ns_per_byte(run, &v) :
		    kb_run_cycles_per_byte(run, &v))
		kb_fmt3(v, cpb, sizeof(cpb));
	fprintf(f, " %5s %7s\n", cpu, cpb);
	return 0;
}

/* How the rows were verified, before any is printed: the title says it. */
static void note_checks(const struct kb_table *t, struct notes *n)
{
	const struct kb_run *run;
	size_t i;

	for (i = 0; i < t->count; i++) {
		run = &t->runs[i];
		if (kb_run_failed(run))
			continue;
		if (run->check.cases && !n->verified)
			n->verified = run;
		else if (unverified(run) && !n->unverified)
			n->unverified = run;
		if (unverified(run) && t->legend)
			kb_legend_use(t->legend, run->check.skipped ?
							 KB_LEG_NO_VERIFY :
							 KB_LEG_NO_REFERENCE);
	}
}

static void print_check_notes(FILE *f, const struct notes *n)
{
	char words[256], buf[128];
	const char *measured;

	if (n->verified) {
		measured =
			kb_measured_words(n->verified, false, buf, sizeof(buf));
		fprintf(f, "%s%s%s%s\n",
			kb_check_words(n->verified, words, sizeof(words)),
			n->unverified ? " (rows without ?)" : " (each row)",
			measured ? "; " : "", measured ? measured : "");
	}
	if (n->unverified)
		fprintf(f, "? = %s\n",
			kb_check_words(n->unverified, words, sizeof(words)));
}

static void print_interrupted(FILE *f)
{
	fprintf(f,
		"interrupted: the figures are from the samples taken before the stop\n");
}

/* A share of @of in percent: 0 and 100 exact, one decimal between. */
static const char *share(uint64_t n, uint64_t of, char *buf, size_t len)
{
	if (!n || n == of)
		snprintf(buf, len, "%s %%", n ? "100" : "0");
	else
		snprintf(buf, len, "%.1f %%", 100.0 * (double)n / (double)of);
	return buf;
}

/*
 * In softirq context, and wherever a synchronous implementation was not
 * simply computed as it was called: how many calls found SIMD unusable
 * (the implementation's fallback, or cryptd on 6.x), and how many
 * completed later. In thread context an asynchronous implementation's
 * calls all complete later, by nature: not said again.
 */
static bool calls_shown(const struct kb_run *run, const struct kb_summary *s)
{
	if (!s->has_calls || !s->submitted)
		return false;
	if (run->context == KAESBENCH_CONTEXT_SOFTIRQ || s->no_simd)
		return true;
	return s->deferred && !(run->impl.flags & KAESBENCH_IMPL_F_ASYNC);
}

/*
 * "calls at 1420 B: SIMD unusable 0 % of 12345; completed later ...",
 * with the driver after the size in a table of several (@who).
 */
static void print_calls_line(FILE *f, const struct kb_run *run,
			     const struct kb_summary *s, const char *who)
{
	char a[16], b[16];

	if (!calls_shown(run, s))
		return;
	fprintf(f,
		"calls at %" PRIu32 " B%s%s: SIMD unusable %s of %" PRIu64
		"; completed later (cryptd or async) %s\n",
		s->size, who ? ", " : "", who ? who : "",
		share(s->no_simd, s->submitted, a, sizeof(a)), s->submitted,
		share(s->deferred, s->submitted, b, sizeof(b)));
}

/* The runs' context: softirq if any run was made in it. */
static uint32_t table_context(const struct kb_table *t)
{
	size_t i;

	for (i = 0; i < t->count; i++)
		if (t->runs[i].context == KAESBENCH_CONTEXT_SOFTIRQ)
			return KAESBENCH_CONTEXT_SOFTIRQ;
	return KAESBENCH_CONTEXT_THREAD;
}

/* Each row's calls at the largest size it measured, where shown. */
static int print_sweep_calls(FILE *f, const struct kb_table *t)
{
	struct kb_summary sum;
	size_t i, j;

	for (i = 0; i < t->count; i++)
		for (j = t->sizes->count; j--;) {
			if (kb_summarize(&t->runs[i], t->sizes->size[j], &sum))
				return -ENOMEM;
			if (!sum.samples)
				continue;
			print_calls_line(f, &t->runs[i], &sum,
					 t->runs[i].impl.driver_name);
			break;
		}
	return 0;
}

/* --verbose: every note under its table. */
static void print_sweep_notes(FILE *f, const struct kb_table *t,
			      const struct notes *n)
{
	if (n->selected)
		fprintf(f, "* = what the crypto API hands out for %s\n",
			t->alg);
	if (n->spread)
		kb_print_legend_entry(f, KB_LEG_SPREAD);
	if (n->na_block)
		fprintf(f,
			"n/a: not a multiple of the %" PRIu32
			"-byte block, not measured\n",
			n->na_block);
	fprintf(f,
		"CPU%% = busy time of all CPUs / wall time, over all of the row's samples (100 = one CPU; includes interrupts and other threads)\n");
	kb_print_legend_entry(f, n->ns ? KB_LEG_NS_LARGEST :
					 KB_LEG_CYCLES_LARGEST);
	if (n->interrupted)
		print_interrupted(f);
	print_check_notes(f, n);
	print_measured(f, n->types, t->decrypt, table_context(t), t->wall_s);
}

/*
 * Under the table, what is its own: the sizes no row took, an
 * interruption. The rest is the legend's, said once for every table.
 */
static void print_sweep_footer(FILE *f, const struct kb_table *t,
			       const struct notes *n)
{
	struct kb_legend *l = t->legend;
	uint32_t block = 0;
	size_t i;

	for (i = 0; i < t->count && !block; i++)
		if (!kb_run_failed(&t->runs[i]))
			block = t->runs[i].impl.block_size;
	kb_print_sizes_not_taken(f, t->sizes, size_shown, t, block);
	if (n->interrupted)
		print_interrupted(f);
	kb_legend_samples(l, t->samples, t->sample_ms);
	if (n->selected)
		kb_legend_use(l, KB_LEG_SELECTED);
	if (n->spread)
		kb_legend_use(l, KB_LEG_SPREAD);
	if (n->na_block)
		kb_legend_use(l, KB_LEG_NA);
	kb_legend_use(l, KB_LEG_CPU_KERNEL);
	kb_legend_use(l, n->ns ? KB_LEG_NS_LARGEST : KB_LEG_CYCLES_LARGEST);
	kb_legend_calls(l, n->types, t->alg, t->decrypt);
	if (table_context(t) == KAESBENCH_CONTEXT_SOFTIRQ)
		l->context = KAESBENCH_CONTEXT_SOFTIRQ;
}

static void print_sweep_title(FILE *f, const struct kb_table *t,
			      const struct notes *n)
{
	char words[256];

	fprintf(f, "%s %s, %" PRIu32 "-bit key: MB/s", t->alg, verb(t->decrypt),
		t->key_bits);
	if (!t->legend) {
		fprintf(f,
			" (10^6 bytes/s), median of %" PRIu32
			" samples of %" PRIu32 " ms\n",
			t->samples, t->sample_ms);
		return;
	}
	if (n->verified)
		fprintf(f, "; %s%s",
			kb_check_words(n->verified, words, sizeof(words)),
			n->unverified ? " (rows without ?)" : "");
	fprintf(f, "; runs took %.1f s\n", t->wall_s);
}

/*
 * Rows of library paths alone: the crypto API has no implementation of
 * the algorithm registered, as for a template (ccm(aes)) nobody has asked
 * for yet; the library's figures then stand beside nothing it hands out.
 */
static bool library_rows_only(const struct kb_table *t)
{
	size_t i;

	for (i = 0; i < t->count; i++)
		if (!(t->runs[i].impl.flags & KAESBENCH_IMPL_F_LIBRARY))
			return false;
	return t->count > 0;
}

/**
 * kb_print_sweep_table() - print one algorithm's table of a sweep
 * @f: where to
 * @t: the rows and columns; with @t->legend, what every table shares goes
 *     there, to be printed once after the last
 *
 * A row whose run failed shows the reason instead of figures.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_sweep_table(FILE *f, const struct kb_table *t)
{
	struct notes n = { 0 };
	int name_w = strlen("implementation");
	size_t i;

	for (i = 0; i < t->count; i++)
		if ((int)strlen(t->runs[i].impl.driver_name) +
			    unverified(&t->runs[i]) >
		    name_w)
			name_w = strlen(t->runs[i].impl.driver_name) +
				 unverified(&t->runs[i]);
	/* Without cycle counts (arm64), the same cost in time. */
	n.ns = kb_runs_without_cycles(t->runs, t->count);
	note_checks(t, &n);
	print_sweep_title(f, t, &n);
	fprintf(f, "  %-*s %5s", name_w, "implementation", "depth");
	for (i = 0; i < t->sizes->count; i++)
		if (size_shown(t, t->sizes->size[i]))
			fprintf(f, " %*" PRIu32 " ",
				size_width(t->sizes->size[i]),
				t->sizes->size[i]);
	fprintf(f, " %5s %7s\n", "CPU%", n.ns ? "ns/B" : "cyc/B");
	if (!t->count)
		fprintf(f, "  (no implementation of %s is registered)\n",
			t->alg);
	for (i = 0; i < t->count; i++)
		if (print_sweep_row(f, t, &t->runs[i], name_w, &n))
			return -ENOMEM;
	if (library_rows_only(t))
		fprintf(f,
			"  (no crypto API implementation of %s is registered: a template instance is, after one plain run of it, kaesbench run -a '%s')\n",
			t->alg, t->alg);
	if (print_sweep_calls(f, t))
		return -ENOMEM;
	if (t->legend)
		print_sweep_footer(f, t, &n);
	else
		print_sweep_notes(f, t, &n);
	return 0;
}

/* A latency in µs, or - without one. */
static const char *fmt_us(bool has, double ns, char *buf, size_t len)
{
	return has ? kb_fmt3(ns / 1e3, buf, len) : "-";
}

/* "CPU ns/B" is a character wider than "CPU c/B", and so is its column. */
static int cpu_per_byte_width(bool ns)
{
	return ns ? 8 : 7;
}

/* The per-byte costs of a size: in cycles, or @ns: in nanoseconds. */
static void per_byte(const struct kb_summary *s, bool ns, char *cpb, char *ccpb)
{
	if (ns) {
		if (s->ns_per_byte > 0)
			kb_fmt3(s->ns_per_byte, cpb, KB_FMT3_MAX);
		kb_fmt3(s->cpu_ns_per_byte, ccpb, KB_FMT3_MAX);
	} else if (s->has_cycles) {
		kb_fmt3(s->cycles_per_byte, cpb, KB_FMT3_MAX);
		kb_fmt3(s->cpu_cycles_per_byte, ccpb, KB_FMT3_MAX);
	}
}

static void print_size_row(FILE *f, const struct kb_summary *s, bool latency,
			   bool ns, bool *spread)
{
	char med[KB_FMT3_MAX], lo[KB_FMT3_MAX], hi[KB_FMT3_MAX];
	char range[2 * KB_FMT3_MAX + 1], ops[KB_FMT3_MAX], us[KB_FMT3_MAX];
	char cpu[KB_FMT3_MAX], thr[KB_FMT3_MAX], cpb[KB_FMT3_MAX] = "-";
	char ccpb[KB_FMT3_MAX] = "-", p50[KB_FMT3_MAX], p99[KB_FMT3_MAX];
	bool mark = s->spread > KB_SPREAD_MARK;
	int w = cpu_per_byte_width(ns);

	if (!s->samples) {
		fprintf(f, "%8" PRIu32 " %8s  %15s %9s %8s %6s %11s %7s %*s",
			s->size, "-", "-", "-", "-", "-", "-", "-", w, "-");
		if (latency)
			fprintf(f, " %8s %8s", "-", "-");
		fprintf(f, " %8d\n", 0);
		return;
	}
	*spread |= mark;
	snprintf(range, sizeof(range), "%s-%s",
		 kb_fmt3(s->mbps_min, lo, sizeof(lo)),
		 kb_fmt3(s->mbps_max, hi, sizeof(hi)));
	per_byte(s, ns, cpb, ccpb);
	fprintf(f, "%8" PRIu32 " %8s%c %15s %9s %8s %6s %11s %7s %*s", s->size,
		kb_fmt3(s->mbps_median, med, sizeof(med)), mark ? '~' : ' ',
		range, kb_fmt3(s->ops_per_s, ops, sizeof(ops)),
		s->ops_per_s > 0 ? kb_fmt3(1e6 / s->ops_per_s, us, sizeof(us)) :
				   "-",
		kb_fmt_pct(s->cpu_percent, cpu, sizeof(cpu)),
		kb_fmt_pct(s->thread_cpu_percent, thr, sizeof(thr)), cpb, w,
		ccpb);
	if (latency)
		fprintf(f, " %8s %8s",
			fmt_us(s->has_latency, s->lat_p50_ns, p50, sizeof(p50)),
			fmt_us(s->has_latency, s->lat_p99_ns, p99,
			       sizeof(p99)));
	fprintf(f, " %8zu\n", s->samples);
}

/* --verbose: what the columns and marks mean, under the table. */
static void print_run_legend(FILE *f, const struct kb_run *run, bool ns,
			     bool spread)
{
	fprintf(f,
		"MB/s = 10^6 bytes/s, median over the samples, min-max their range; ops/s = requests completed per second (median)\n");
	kb_print_legend_entry(f, KB_LEG_US_PER_OP);
	fprintf(f,
		"CPU%% = busy time of all CPUs / wall time (100 = one CPU; includes interrupts and other threads); thread CPU%% = the measuring thread alone\n");
	kb_print_legend_entry(f, ns ? KB_LEG_NS : KB_LEG_CYCLES);
	kb_print_legend_entry(f, ns ? KB_LEG_CPU_NS : KB_LEG_CPU_CYCLES);
	if (kb_run_has_latency(run))
		kb_print_legend_entry(f, KB_LEG_LATENCY);
	if (spread)
		kb_print_legend_entry(f, KB_LEG_SPREAD);
}

/* The same, to be said once after every table. */
static void note_run_legend(struct kb_legend *l, const struct kb_run *run,
			    bool ns, bool spread, uint32_t sample_ms,
			    uint32_t samples)
{
	static const enum kb_legend_entry always[] = {
		KB_LEG_RANGE,
		KB_LEG_US_PER_OP,
		KB_LEG_CPU_KERNEL,
		KB_LEG_THREAD_CPU,
	};
	size_t i;

	kb_legend_samples(l, samples, sample_ms);
	for (i = 0; i < sizeof(always) / sizeof(always[0]); i++)
		kb_legend_use(l, always[i]);
	kb_legend_use(l, ns ? KB_LEG_NS : KB_LEG_CYCLES);
	kb_legend_use(l, ns ? KB_LEG_CPU_NS : KB_LEG_CPU_CYCLES);
	if (kb_run_has_latency(run))
		kb_legend_use(l, KB_LEG_LATENCY);
	if (spread)
		kb_legend_use(l, KB_LEG_SPREAD);
}

/* The run's own notes: how it ended, was verified, what it measured. */
static void print_run_notes(FILE *f, const struct kb_run *run)
{
	char words[256];

	if (run->state == KB_RUN_INTERRUPTED)
		print_interrupted(f);
	fprintf(f, "%s\n", kb_check_words(run, words, sizeof(words)));
	if (kb_measured_words(run, true, words, sizeof(words)))
		fprintf(f, "%s\n", words);
	print_measured(f, kb_impl_calls_bit(&run->impl), run->decrypt,
		       run->context, run->wall_s);
}

static int print_calls_lines(FILE *f, const struct kb_run *run)
{
	struct kb_summary sum;
	size_t i;

	for (i = 0; i < run->sizes.count; i++) {
		if (kb_summarize(run, run->sizes.size[i], &sum))
			return -ENOMEM;
		print_calls_line(f, run, &sum, NULL);
	}
	return 0;
}

/* Instead of figures: the case the implementation got wrong. */
static void print_invalid(FILE *f, const struct kb_run *run)
{
	char reason[512], layout[KB_VCASE_TEXT_MAX];

	fprintf(f, "invalid: %s\n", kb_run_reason(run, reason, sizeof(reason)));
	if (!run->check.has_case) {
		fprintf(f,
			"no figures are shown: of %" PRIu64
			" requests checked while measured, %" PRIu64
			" differ from %s\n",
			run->measured_checked, run->measured_wrong,
			run->check.reference ? run->check.reference :
					       "the reference");
		return;
	}
	fprintf(f, "  %s\n",
		kb_vcase_layout(&run->check.vcase, layout, sizeof(layout)));
	if (run->check.vcase.has_error)
		fprintf(f,
			"nothing was measured: the implementation failed a request of its verification\n");
	else
		fprintf(f,
			"nothing was measured: the implementation's results differ from %s\n",
			run->check.reference ? run->check.reference :
					       "the reference");
}

/**
 * kb_print_run_table() - print a single run, one row per buffer size
 * @f: where to
 * @run: the run
 * @sample_ms: the duration of a sample, for the title
 * @samples: samples per size, for the title
 * @legend: where what the columns and marks mean goes, to be said once
 *	    after every table; NULL: under this one
 *
 * Return: 0, or -ENOMEM.
 */
int kb_print_run_table(FILE *f, const struct kb_run *run, uint32_t sample_ms,
		       uint32_t samples, struct kb_legend *legend)
{
	bool spread = false, latency = kb_run_has_latency(run);
	/* Without cycle counts (arm64), the same costs in time. */
	bool ns = kb_runs_without_cycles(run, 1);
	struct kb_summary sum;
	size_t i;

	fprintf(f,
		"%s %s with %s (%s, priority %" PRIu32 "): %" PRIu32
		"-bit key, depth %" PRIu32 ", %" PRIu32 " samples of %" PRIu32
		" ms per size\n",
		run->impl.alg_name, verb(run->decrypt), run->impl.driver_name,
		run->impl.module ? run->impl.module : "-", run->impl.priority,
		run->key_bits, run->depth, samples, sample_ms);
	if (kb_run_invalid(run)) {
		print_invalid(f, run);
		return 0;
	}
	/* "µ" takes two bytes but one column. */
	fprintf(f, "%8s %8s  %15s %9s %9s %6s %11s %7s %*s", "size (B)", "MB/s",
		"min-max", "ops/s", "\u00b5s/op", "CPU%", "thread CPU%",
		ns ? "ns/B" : "cyc/B", cpu_per_byte_width(ns),
		ns ? "CPU ns/B" : "CPU c/B");
	if (latency)
		fprintf(f, " %9s %9s", "p50 \u00b5s", "p99 \u00b5s");
	fprintf(f, " %8s\n", "samples");
	for (i = 0; i < run->sizes.count; i++) {
		if (kb_summarize(run, run->sizes.size[i], &sum))
			return -ENOMEM;
		print_size_row(f, &sum, latency, ns, &spread);
	}
	if (print_calls_lines(f, run))
		return -ENOMEM;
	if (legend)
		note_run_legend(legend, run, ns, spread, sample_ms, samples);
	else
		print_run_legend(f, run, ns, spread);
	print_run_notes(f, run);
	return 0;
}

/**
 * kb_print_total() - print the wall time of the whole command
 * @f: where to
 * @seconds: the time
 */
void kb_print_total(FILE *f, double seconds)
{
	fprintf(f, "total wall time: %.1f s\n", seconds);
}
