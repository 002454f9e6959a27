/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What one run brought back: the implementation, every raw sample, how it
 * ended, and the per-size figures derived from the samples.
 */
#ifndef KAESBENCH_BENCH_RESULT_H
#define KAESBENCH_BENCH_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/sizes.h"
#include "kernel/failing_case.h"
#include "kernel/impls.h"
#include "kernel/sample.h"

enum kb_run_state {
	KB_RUN_NOT_STARTED, /* not sent: no size fits, or an earlier stop */
	KB_RUN_REFUSED, /* the kernel answered the request with an error */
	KB_RUN_STARTED, /* the kernel accepted it; samples may follow */
	KB_RUN_ENDED, /* KAESBENCH_CMD_RUN_END arrived */
	KB_RUN_INTERRUPTED, /* the user stopped it before its end */
	KB_RUN_LOST, /* the tool lost the connection or could not parse */
	KB_RUN_UNAVAILABLE, /* the path is missing here: @message says why */
};

/*
 * A kernel job that waited for its turn behind another: the job it last
 * waited for (KAESBENCH_CMD_RUN_WAIT), and how long it waited in all.
 */
struct kb_wait {
	bool waited; /* the kernel said the job waited */
	uint64_t waited_ms; /* KAESBENCH_A_RUN_WAITED_MS, once its turn came */
	bool has_waited_ms;
	unsigned int updates; /* KAESBENCH_CMD_RUN_WAIT messages so far */
	uint32_t job_id; /* the job in progress ahead of it */
	uint32_t cmd; /* KAESBENCH_CMD_RUN or _VERIFY */
	uint32_t pid; /* its requester's */
	char comm[16];
	uint64_t elapsed_ms; /* how long it had been in progress */
	uint64_t stated_ms; /* its stated duration; 0 if it states none */
	bool stopping;
	uint32_t ahead; /* jobs ahead, it included */
};

struct kb_run {
	unsigned int path; /* enum kb_call_path: kernel, AF_ALG or OpenSSL */
	struct kb_impl impl; /* from the reply, else from GET_IMPLS */
	int selected; /* KAESBENCH_IMPL_F_SELECTED: 1, 0, or -1 unknown */
	enum kb_run_state state;
	uint32_t id;
	uint32_t depth; /* as used; 0 before the reply */
	uint32_t ncpus; /* --cpus: on how many CPUs at once; 0 without */
	char *cpu_list; /* --cpus as Linux writes a list ("0-3,8"), or NULL */
	uint32_t key_bits; /* as used, else as asked */
	bool decrypt;
	/*
	 * Kernel path: enum kaesbench_context, where its requests were
	 * submitted from, as asked; a job's first message echoes it.
	 */
	uint32_t context;
	int status; /* 0, or the negative errno that ended or refused it */
	char *message; /* the kernel's words on @status, or NULL */
	struct kb_sizes sizes; /* sent */
	struct kb_sample *sample;
	size_t samples;
	size_t samples_alloc;
	double wall_s; /* from request to end, as the tool saw it */
	char *library; /* userspace paths: the library and its version */
	char *measured; /* userspace paths: what one request is, in words */
	struct kb_check check; /* the verification, or the run's first one */
	/* Measured requests checked, one in @check_every (0: none). */
	uint32_t check_every;
	bool has_check_every; /* the kernel said (older modules do not) */
	uint64_t measured_checked; /* from the end, if has_measured */
	uint64_t measured_wrong; /* of those, wrong */
	bool has_measured;
	uint64_t memory_bytes; /* kernel: buffers and requests held; 0 unknown */
	char *notice; /* the kernel's notice of requests given up, or NULL */
	struct kb_wait wait; /* kernel: behind another job, if it waited */
};

struct kb_summary {
	uint32_t size;
	size_t samples;
	double mbps_median;
	double mbps_min;
	double mbps_max;
	double spread; /* (max - min) / median of the MB/s */
	double ops_per_s; /* median */
	double cpu_percent; /* all CPUs' busy time / wall time */
	double thread_cpu_percent; /* measuring thread's CPU / wall time */
	double cycles_per_byte; /* median; valid only if has_cycles */
	/* All CPUs' busy time in TSC cycles per byte (median); has_cycles */
	double cpu_cycles_per_byte;
	bool has_cycles;
	double ns_per_byte; /* wall time per byte (median); 0: no byte done */
	double cpu_ns_per_byte; /* all CPUs' busy time per byte (median) */
	double lat_p50_ns; /* medians over samples; valid if has_latency */
	double lat_p99_ns;
	bool has_latency;
	/* Sums over the samples, if has_calls: every sample carried them. */
	uint64_t submitted; /* requests submitted */
	uint64_t no_simd; /* of those, where SIMD was unusable */
	uint64_t deferred; /* of those, not completed at once */
	bool has_calls;
};

/* A growing array of runs. */
struct kb_runs {
	struct kb_run *run;
	size_t count;
	size_t alloc;
};

/* Spread above which a figure is marked as unsteady. */
#define KB_SPREAD_MARK 0.10

struct kb_run *kb_runs_add(struct kb_runs *runs);
void kb_runs_free(struct kb_runs *runs);
int kb_run_add_sample(struct kb_run *run, const struct kb_sample *s);
void kb_run_release(struct kb_run *run);
const char *kb_run_eperm(const char *message);
bool kb_run_failed(const struct kb_run *run);
bool kb_run_invalid(const struct kb_run *run);
int kb_summarize(const struct kb_run *run, uint32_t size,
		 struct kb_summary *sum);
bool kb_run_has_latency(const struct kb_run *run);
double kb_run_cpu_percent(const struct kb_run *run, bool *any);
bool kb_run_cycles_per_byte(const struct kb_run *run, double *cpb);
bool kb_run_ns_per_byte(const struct kb_run *run, double *nspb);
bool kb_runs_without_cycles(const struct kb_run *runs, size_t count);
const char *kb_context_name(uint32_t context);
const char *kb_run_reason(const struct kb_run *run, char *buf, size_t len);

#endif /* KAESBENCH_BENCH_RESULT_H */
