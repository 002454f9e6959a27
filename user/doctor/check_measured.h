/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The measured checks' judgements, from figures the doctor's measurements
 * took: which implementation is faster beyond the noise, where an offload
 * engine overtakes the CPU, at which depth, and how steady the figures are.
 */
#ifndef KAESBENCH_DOCTOR_CHECK_MEASURED_H
#define KAESBENCH_DOCTOR_CHECK_MEASURED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doctor/engine.h"
#include "doctor/report.h"

/* One implementation measured at one size. */
struct kb_doc_rate {
	const char *driver;
	uint32_t priority;
	bool selected;
	bool library; /* a library path: never selected, whatever its rate */
	enum kb_doc_engine engine;
	uint32_t depth;
	size_t samples;
	double median; /* MB/s */
	double min;
	double max;
};

/* Every implementation of an algorithm, measured at one size. */
struct kb_doc_alg_rates {
	const char *alg;
	uint32_t size;
	struct kb_doc_rate *rate;
	size_t count;
};

/* An offload engine and the best CPU implementation, size by size. */
struct kb_doc_curve {
	const char *alg;
	const struct kb_doc_rate *offload; /* at the typical size */
	const struct kb_doc_rate *cpu;
	const uint32_t *size;
	const double *offload_mbps; /* medians */
	const double *cpu_mbps;
	size_t count;
};

/* An asynchronous offload engine at depth 1, 2, 4 ..., against the CPU. */
struct kb_doc_depths {
	const char *alg;
	uint32_t size;
	const struct kb_doc_rate *cpu; /* the best CPU implementation */
	const struct kb_doc_rate *offload; /* one per depth, ascending */
	size_t count;
};

/* How a context's requests went: counts summed over its samples. */
struct kb_doc_calls {
	bool has; /* the module counted them (not before --context) */
	uint64_t submitted;
	uint64_t no_simd; /* submitted where SIMD was unusable */
	uint64_t deferred; /* not completed at once: cryptd, or async */
};

/* The selected implementation of an algorithm in thread and softirq. */
struct kb_doc_contexts {
	const char *alg;
	uint32_t size;
	struct kb_doc_rate thread;
	struct kb_doc_rate softirq;
	struct kb_doc_calls thread_calls;
	struct kb_doc_calls softirq_calls;
};

/* A gap between the contexts worth a finding: more than this share. */
#define KB_DOC_SOFTIRQ_GAP 0.10

bool kb_doc_beyond_noise(const struct kb_doc_rate *fast,
			 const struct kb_doc_rate *slow);
void kb_doc_check_faster(struct kb_doc_report *r,
			 const struct kb_doc_alg_rates *a);
void kb_doc_check_library(struct kb_doc_report *r,
			  const struct kb_doc_alg_rates *a);
bool kb_doc_crossover(const struct kb_doc_curve *c, uint32_t *at);
void kb_doc_check_offload(struct kb_doc_report *r,
			  const struct kb_doc_curve *c);
bool kb_doc_depth_wins(const struct kb_doc_depths *d, uint32_t *from);
void kb_doc_check_depths(struct kb_doc_report *r,
			 const struct kb_doc_depths *d);
void kb_doc_check_spread(struct kb_doc_report *r,
			 const struct kb_doc_alg_rates *a, size_t count,
			 uint32_t samples);
bool kb_doc_softirq_gap(const struct kb_doc_rate *thread,
			const struct kb_doc_rate *softirq, double *gap);
void kb_doc_check_softirq(struct kb_doc_report *r,
			  const struct kb_doc_contexts *c);
void kb_doc_check_afalg(struct kb_doc_report *r, const char *alg, uint32_t size,
			const struct kb_doc_rate *afalg,
			const struct kb_doc_rate *openssl);

#endif /* KAESBENCH_DOCTOR_CHECK_MEASURED_H */
