/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved `kaesbench run --json` or sweep document, read back for compare,
 * plot and report: each run's identity and the throughput of every
 * sample: the run kind's records of a document (output/saved.h).
 */
#ifndef KAESBENCH_RUNS_SAVED_RUNS_H
#define KAESBENCH_RUNS_SAVED_RUNS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "output/saved.h"

/*
 * The path of a kernel run made in softirq context (--context softirq):
 * another measurement than the thread context's, so a key of its own.
 */
#define KB_SAVED_PATH_KERNEL_SOFTIRQ "kernel-softirq"

/* What makes two runs the same measurement: everything but the figures. */
struct kb_saved_key {
	const char *path; /* "kernel", "kernel-softirq", "openssl" ... */
	const char *algorithm; /* "-" when not recorded */
	const char *driver; /* "-" when not recorded */
	uint32_t key_bits; /* 0 when not recorded */
	uint32_t depth; /* 0 when not recorded */
	bool decrypt;
};

struct kb_saved_sample {
	uint32_t size;
	double mbps; /* bytes over wall time, 10^6 bytes/s */
};

struct kb_saved_run {
	struct kb_saved_key key;
	const char *state; /* "ended", "invalid" ...; "-" when not recorded */
	int selected; /* what the crypto API hands out: 1, 0, -1 unknown */
	const char *module; /* NULL when not recorded (userspace paths) */
	const char *message; /* why it did not end well; NULL: no words */
	int64_t status; /* 0, or the negative errno; 0 when not recorded */
	bool no_verify; /* measured without verifying first (--no-verify) */
	struct kb_saved_sample *sample;
	size_t samples;
};

int kb_saved_runs_read(struct kb_saved *doc, struct json_object *list,
		       char *err, size_t errlen);
void kb_saved_runs_free(struct kb_saved *doc);
int kb_saved_key_cmp(const struct kb_saved_key *a,
		     const struct kb_saved_key *b);
size_t kb_saved_mbps_at(const struct kb_saved_run *run, uint32_t size,
			double *v);

#endif /* KAESBENCH_RUNS_SAVED_RUNS_H */
