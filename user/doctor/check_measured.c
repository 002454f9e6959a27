// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The measured checks' judgements, from figures measurements.c took. A
 * difference counts only beyond the noise: when the samples' ranges do
 * not overlap, so that no two samples tell the opposite story.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "doctor/check_kernel.h"
#include "doctor/check_measured.h"
#include "bench/result.h"

/**
 * kb_doc_beyond_noise() - whether one figure is faster beyond the noise
 * @fast: the figure said to be faster
 * @slow: the other
 *
 * Return: true if both have samples, @slow a positive median (gains are
 * ratios to it), and every sample of @fast beats every sample of @slow.
 */
bool kb_doc_beyond_noise(const struct kb_doc_rate *fast,
			 const struct kb_doc_rate *slow)
{
	return fast->samples && slow->samples && slow->median > 0 &&
	       fast->min > slow->max;
}

static void evidence_rate(struct kb_doc_report *r, struct kb_doc_finding *f,
			  const struct kb_doc_rate *x, uint32_t size,
			  const char *role)
{
	kb_doc_evidence(
		r, f,
		"%s %s: %.4g MB/s at %" PRIu32
		" B (median of %zu samples, %.4g to %.4g), depth %" PRIu32
		", priority %" PRIu32,
		role, x->driver, x->median, size, x->samples, x->min, x->max,
		x->depth, x->priority);
}

/**
 * kb_doc_check_faster() - a faster implementation left unselected
 * @r: the report
 * @a: every implementation of an algorithm, measured at one size
 *
 * An offload engine selected is kb_doc_check_offload()'s business, a
 * library path kb_doc_check_library()'s: no priority selects one.
 * Finding: KB-FASTER-NOT-SELECTED, with the priority that selects the
 * fastest and the gain measured.
 */
void kb_doc_check_faster(struct kb_doc_report *r,
			 const struct kb_doc_alg_rates *a)
{
	const struct kb_doc_rate *sel = NULL, *best = NULL;
	struct kb_doc_finding *f;
	uint32_t top = 0;
	size_t i;

	for (i = 0; i < a->count; i++) {
		if (a->rate[i].selected)
			sel = &a->rate[i];
		if (a->rate[i].priority > top)
			top = a->rate[i].priority;
	}
	if (!sel || sel->engine == KB_ENGINE_OFFLOAD)
		return;
	for (i = 0; i < a->count; i++)
		if (&a->rate[i] != sel && !a->rate[i].library &&
		    kb_doc_beyond_noise(&a->rate[i], sel) &&
		    (!best || a->rate[i].median > best->median))
			best = &a->rate[i];
	if (!best)
		return;
	f = kb_doc_add(
		r, "KB-FASTER-NOT-SELECTED", KB_DOC_WARNING,
		"%s: %s is %.0f%% faster than %s, which the crypto API hands out, at %" PRIu32
		" B.",
		a->alg, best->driver, (best->median / sel->median - 1) * 100,
		sel->driver, a->size);
	evidence_rate(r, f, sel, a->size, "selected");
	evidence_rate(r, f, best, a->size, "faster");
	kb_doc_fix(
		r, f,
		"kaesbench priority %s %" PRIu32
		" (for transforms allocated afterwards; it lasts until the module is reloaded or the machine reboots)",
		best->driver, top + 1);
}

/**
 * kb_doc_check_library() - a library path apart from the crypto API's
 * @r: the report
 * @a: every implementation of an algorithm, measured at one size
 *
 * In-kernel users that call the AES library directly (lib:aesgcm,
 * lib:aes-cbc ...) get its code, whatever the crypto API hands out to
 * others: a gap beyond the noise, either way, is theirs to know of.
 * Finding: KB-LIBRARY-GAP (info), one per library path.
 */
void kb_doc_check_library(struct kb_doc_report *r,
			  const struct kb_doc_alg_rates *a)
{
	const struct kb_doc_rate *sel = NULL, *lib;
	struct kb_doc_finding *f;
	bool slower;
	size_t i;

	for (i = 0; i < a->count; i++)
		if (a->rate[i].selected)
			sel = &a->rate[i];
	for (i = 0; sel && i < a->count; i++) {
		lib = &a->rate[i];
		if (!lib->library)
			continue;
		slower = kb_doc_beyond_noise(sel, lib);
		if (!slower && !kb_doc_beyond_noise(lib, sel))
			continue;
		f = kb_doc_add(
			r, "KB-LIBRARY-GAP", KB_DOC_INFO,
			"%s: %s, which in-kernel callers use without the crypto API, is %.0f%% %s than %s, which the crypto API hands out, at %" PRIu32
			" B.",
			a->alg, lib->driver,
			slower ? (1 - lib->median / sel->median) * 100 :
				 (lib->median / sel->median - 1) * 100,
			slower ? "slower" : "faster", sel->driver, a->size);
		evidence_rate(r, f, sel, a->size, "selected");
		evidence_rate(r, f, lib, a->size, "library path");
		kb_doc_fix(
			r, f,
			"nothing to set here: a library path runs the kernel's own code for its callers; kaesbench list names its functions");
	}
}

/**
 * kb_doc_crossover() - from which size an offload engine beats the CPU
 * @c: both, size by size, sizes ascending
 * @at: set to the smallest measured size from which the offload engine
 *	is at least as fast at every larger size measured
 *
 * Return: true if there is one; false if the CPU wins at the largest size.
 */
bool kb_doc_crossover(const struct kb_doc_curve *c, uint32_t *at)
{
	size_t i = c->count;

	while (i && c->offload_mbps[i - 1] >= c->cpu_mbps[i - 1])
		i--;
	if (i == c->count)
		return false;
	*at = c->size[i];
	return true;
}

/**
 * kb_doc_check_offload() - an offload engine selected where it loses
 * @r: the report
 * @c: the selected offload engine and the best CPU implementation, at
 *     the typical size and, if measured, size by size
 *
 * Finding: KB-OFFLOAD-BELOW-CROSSOVER, when the CPU is faster beyond the
 * noise at the typical size, with the crossover.
 */
void kb_doc_check_offload(struct kb_doc_report *r, const struct kb_doc_curve *c)
{
	struct kb_doc_finding *f;
	char line[1024];
	size_t i, used = 0;
	uint32_t at, size = kb_doc_typical_size(c->alg);

	if (!kb_doc_beyond_noise(c->cpu, c->offload))
		return;
	f = kb_doc_add(
		r, "KB-OFFLOAD-BELOW-CROSSOVER", KB_DOC_WARNING,
		"%s goes to the offload engine %s, but at %" PRIu32
		" B, the typical IPsec packet, the CPU's %s is %.2fx as fast.",
		c->alg, c->offload->driver, size, c->cpu->driver,
		c->cpu->median / c->offload->median);
	evidence_rate(r, f, c->offload, size, "selected");
	evidence_rate(r, f, c->cpu, size, "CPU");
	if (!c->count)
		kb_doc_evidence(r, f, "crossover: not measured");
	else if (kb_doc_crossover(c, &at))
		kb_doc_evidence(
			r, f,
			"crossover: the offload engine is as fast from %" PRIu32
			" B",
			at);
	else
		kb_doc_evidence(
			r, f,
			"crossover: never in the measured range (%" PRIu32
			" to %" PRIu32 " B)",
			c->size[0], c->size[c->count - 1]);
	for (i = 0; i < c->count && used < sizeof(line); i++)
		used += snprintf(line + used, sizeof(line) - used,
				 "%s%" PRIu32 ": %.3g/%.3g", i ? ", " : "",
				 c->size[i], c->offload_mbps[i],
				 c->cpu_mbps[i]);
	if (c->count)
		kb_doc_evidence(r, f, "MB/s by size, offload/CPU: %s", line);
	if (c->cpu->priority > 0)
		kb_doc_fix(
			r, f,
			"kaesbench priority %s %" PRIu32
			" (below %s), unless most requests are larger than the crossover",
			c->offload->driver, c->cpu->priority - 1,
			c->cpu->driver);
	else
		kb_doc_fix(r, f, "kaesbench priority %s %" PRIu32,
			   c->cpu->driver, c->offload->priority + 1);
}

/**
 * kb_doc_depth_wins() - from which depth an offload engine beats the CPU
 * @d: the engine depth by depth, depths ascending, and the CPU
 * @from: set to the smallest measured depth from which the engine's
 *	  median is at least the CPU's at every deeper depth measured
 *
 * Return: true if there is one; false if the CPU wins at the deepest.
 */
bool kb_doc_depth_wins(const struct kb_doc_depths *d, uint32_t *from)
{
	size_t i = d->count;

	while (i && d->offload[i - 1].median >= d->cpu->median)
		i--;
	if (i == d->count)
		return false;
	*from = d->offload[i].depth;
	return true;
}

/**
 * kb_doc_check_depths() - an offload engine losing at some depths
 * @r: the report
 * @d: the selected asynchronous offload engine at each depth measured,
 *     and the best CPU implementation, at the typical size
 *
 * How many requests a user keeps in flight decides whether an engine
 * hides its latency: an IPsec SA with a few packets queued is not a
 * benchmark at depth 64. Finding: KB-OFFLOAD-LOSES-AT-DEPTH, naming the
 * depths at which the CPU is faster beyond the noise, and the depth from
 * which the engine wins, if any.
 */
void kb_doc_check_depths(struct kb_doc_report *r, const struct kb_doc_depths *d)
{
	const struct kb_doc_rate *x;
	struct kb_doc_finding *f;
	char lose[256] = "", line[1024] = "", wins[96];
	size_t i, lused = 0, used = 0;
	uint32_t from;
	bool wins_at_depth;

	for (i = 0; i < d->count && lused < sizeof(lose); i++)
		if (kb_doc_beyond_noise(d->cpu, &d->offload[i]))
			lused += snprintf(lose + lused, sizeof(lose) - lused,
					  "%s%" PRIu32, lused ? ", " : "",
					  d->offload[i].depth);
	if (!lused)
		return;
	wins_at_depth = kb_doc_depth_wins(d, &from);
	if (wins_at_depth)
		snprintf(wins, sizeof(wins), "from depth %" PRIu32, from);
	else
		snprintf(wins, sizeof(wins),
			 "at no measured depth (1 to %" PRIu32 ")",
			 d->offload[d->count - 1].depth);
	f = kb_doc_add(
		r, "KB-OFFLOAD-LOSES-AT-DEPTH", KB_DOC_WARNING,
		"%s goes to the offload engine %s, but at %" PRIu32
		" B the CPU's %s is faster at depth %s (requests in flight); the engine wins %s.",
		d->alg, d->offload[0].driver, d->size, d->cpu->driver, lose,
		wins);
	evidence_rate(r, f, d->cpu, d->size, "CPU");
	for (i = 0; i < d->count && used < sizeof(line); i++) {
		x = &d->offload[i];
		used += snprintf(line + used, sizeof(line) - used,
				 "%s%" PRIu32 ": %.3g (%.3g to %.3g)",
				 i ? ", " : "", x->depth, x->median, x->min,
				 x->max);
	}
	kb_doc_evidence(r, f,
			"%s by depth at %" PRIu32
			" B, MB/s, median (min to max) of %zu samples: %s",
			d->offload[0].driver, d->size, d->offload[0].samples,
			line);
	if (wins_at_depth)
		kb_doc_fix(
			r, f,
			"keep at least %" PRIu32
			" requests in flight on it (more IPsec SAs or flows, a deeper dm-crypt queue), or hand out the CPU's: kaesbench priority %s %" PRIu32,
			from, d->cpu->driver, d->offload[0].priority + 1);
	else
		kb_doc_fix(
			r, f,
			"hand out the CPU's implementation: kaesbench priority %s %" PRIu32
			" (for transforms allocated afterwards)",
			d->cpu->driver, d->offload[0].priority + 1);
}

/**
 * kb_doc_check_spread() - figures too unsteady for their sample count
 * @r: the report
 * @a: the algorithms measured
 * @count: how many
 * @samples: the samples taken per figure
 *
 * Finding: KB-SAMPLES-TOO-FEW, when a figure's samples spread more than
 * KB_SPREAD_MARK around its median: differences smaller than that were
 * not called either way.
 */
void kb_doc_check_spread(struct kb_doc_report *r,
			 const struct kb_doc_alg_rates *a, size_t count,
			 uint32_t samples)
{
	struct kb_doc_finding *f = NULL;
	const struct kb_doc_rate *x;
	size_t i, j;

	for (i = 0; i < count; i++)
		for (j = 0; j < a[i].count; j++) {
			x = &a[i].rate[j];
			if (x->samples < 2 || x->median <= 0 ||
			    (x->max - x->min) / x->median <= KB_SPREAD_MARK)
				continue;
			if (!f)
				f = kb_doc_add(
					r, "KB-SAMPLES-TOO-FEW", KB_DOC_INFO,
					"Some figures spread more than %.0f%% over their %" PRIu32
					" samples: differences smaller than the spread were not called.",
					KB_SPREAD_MARK * 100, samples);
			kb_doc_evidence(r, f,
					"%s %s at %" PRIu32
					" B: %.4g to %.4g MB/s",
					a[i].alg, x->driver, a[i].size, x->min,
					x->max);
		}
	kb_doc_fix(
		r, f,
		"measure longer on a quiet machine: kaesbench run -a ALGORITHM --all-impls -r 20");
}

/**
 * kb_doc_check_afalg() - what AF_ALG costs a userspace program
 * @r: the report
 * @alg: the algorithm measured
 * @size: the request size
 * @afalg: the AF_ALG path to the implementation the kernel selects
 * @openssl: OpenSSL in-process
 *
 * Finding: KB-AFALG-SLOWER-THAN-OPENSSL, when OpenSSL is faster beyond
 * the noise.
 */
void kb_doc_check_afalg(struct kb_doc_report *r, const char *alg, uint32_t size,
			const struct kb_doc_rate *afalg,
			const struct kb_doc_rate *openssl)
{
	struct kb_doc_finding *f;

	if (!kb_doc_beyond_noise(openssl, afalg))
		return;
	f = kb_doc_add(
		r, "KB-AFALG-SLOWER-THAN-OPENSSL", KB_DOC_INFO,
		"A program doing %s through AF_ALG gets %.2fx less than OpenSSL in-process at %" PRIu32
		" B: the system calls and copies per request cost more than the cipher.",
		alg, openssl->median / afalg->median, size);
	evidence_rate(r, f, afalg, size, "AF_ALG");
	evidence_rate(r, f, openssl, size, "OpenSSL");
	kb_doc_fix(
		r, f,
		"for AES in userspace, prefer a library to AF_ALG (OpenSSL's afalg engine and other AF_ALG users pay this per request)");
}

/**
 * kb_doc_softirq_gap() - whether softirq context changes a rate
 * @thread: the implementation measured from a kernel thread
 * @softirq: the same with bottom halves disabled
 * @gap: set to the softirq median over the thread's, less 1 (-0.25: a
 *	 quarter slower in softirq), when both have a positive median
 *
 * A gap counts when it is over KB_DOC_SOFTIRQ_GAP either way, and beyond
 * the noise: every sample of the faster context beats every sample of
 * the slower.
 *
 * Return: true if it counts.
 */
bool kb_doc_softirq_gap(const struct kb_doc_rate *thread,
			const struct kb_doc_rate *softirq, double *gap)
{
	if (!thread->samples || !softirq->samples || thread->median <= 0 ||
	    softirq->median <= 0)
		return false;
	*gap = softirq->median / thread->median - 1;
	if (*gap < -KB_DOC_SOFTIRQ_GAP)
		return kb_doc_beyond_noise(thread, softirq);
	if (*gap > KB_DOC_SOFTIRQ_GAP)
		return kb_doc_beyond_noise(softirq, thread);
	return false;
}

static double share_pct(uint64_t n, uint64_t of)
{
	return of ? 100.0 * (double)n / (double)of : 0;
}

static void evidence_calls(struct kb_doc_report *r, struct kb_doc_finding *f,
			   const struct kb_doc_calls *c, const char *context)
{
	if (!c->has) {
		kb_doc_evidence(r, f, "%s: calls not counted by the module",
				context);
		return;
	}
	kb_doc_evidence(r, f,
			"%s: SIMD unusable for %.1f%% of %" PRIu64
			" calls; completed later (cryptd or async) %.1f%%",
			context, share_pct(c->no_simd, c->submitted),
			c->submitted, share_pct(c->deferred, c->submitted));
}

/*
 * What makes softirq slower, seen: more calls found SIMD unusable, or
 * completed later (cryptd), there than in a thread.
 */
static bool softirq_cause(const struct kb_doc_contexts *c)
{
	const struct kb_doc_calls *t = &c->thread_calls, *s = &c->softirq_calls;

	if (!t->has || !s->has || !t->submitted || !s->submitted)
		return false;
	return share_pct(s->no_simd, s->submitted) >
		       share_pct(t->no_simd, t->submitted) ||
	       share_pct(s->deferred, s->submitted) >
		       share_pct(t->deferred, t->submitted);
}

/**
 * kb_doc_check_softirq() - a rate that changes in softirq context
 * @r: the report
 * @c: the selected implementation of an algorithm measured from a kernel
 *     thread and with bottom halves disabled, at one size
 *
 * ESP's receive path calls the crypto API in NET_RX softirq: a rate
 * measured from a thread is not what it gets when SIMD is unusable there
 * (a SIMD implementation then takes its fallback, or cryptd on 6.x).
 * Finding: KB-SOFTIRQ-GAP, a warning when softirq is slower and its calls
 * show why (more of them without SIMD, or completed later), else
 * information.
 */
void kb_doc_check_softirq(struct kb_doc_report *r,
			  const struct kb_doc_contexts *c)
{
	enum kb_doc_severity sev = KB_DOC_INFO;
	struct kb_doc_finding *f;
	double gap;

	if (!kb_doc_softirq_gap(&c->thread, &c->softirq, &gap))
		return;
	if (gap < 0 && softirq_cause(c))
		sev = KB_DOC_WARNING;
	f = kb_doc_add(
		r, "KB-SOFTIRQ-GAP", sev,
		"%s: %s is %.0f%% %s in softirq context (as ESP's receive path calls it) than from a kernel thread, at %" PRIu32
		" B.",
		c->alg, c->thread.driver, (gap < 0 ? -gap : gap) * 100,
		gap < 0 ? "slower" : "faster", c->size);
	evidence_rate(r, f, &c->thread, c->size, "thread");
	evidence_rate(r, f, &c->softirq, c->size, "softirq");
	evidence_calls(r, f, &c->thread_calls, "thread");
	evidence_calls(r, f, &c->softirq_calls, "softirq");
	kb_doc_fix(
		r, f,
		"IPsec receive gets the softirq figure: measure it longer, by size, with kaesbench run -d %s -b 64,1420,4096 -r 20 --context softirq (and --context thread)",
		c->thread.driver);
}
