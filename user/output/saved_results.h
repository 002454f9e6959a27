/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A saved `kaesbench run --json` or sweep document, read back for compare,
 * plot and report: each run's identity and the throughput of every
 * sample; or, where the reader accepts them, a saved `kaesbench ipsec
 * --json` document (output/saved_ipsec.h).
 */
#ifndef KAESBENCH_OUTPUT_SAVED_RESULTS_H
#define KAESBENCH_OUTPUT_SAVED_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "output/saved_ipsec.h"

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

/* The machine a document was made on; each NULL (0) when not recorded. */
struct kb_saved_env {
	const char *time; /* ISO 8601, UTC */
	const char *machine; /* uname -m */
	const char *cpu_model;
	int64_t cpus;
	const char *virtualization; /* "none", "kvm", "tcg" ... */
};

/* The kinds of document a reader accepts, and what a document is. */
enum kb_saved_kind {
	KB_SAVED_RUNS = 1 << 0, /* "runs": run, the sweep */
	KB_SAVED_IPSEC = 1 << 1, /* "ipsec": kaesbench ipsec */
};

struct kb_saved {
	const char *name; /* the file, as named on the command line */
	enum kb_saved_kind kind;
	struct json_object *root; /* owns every string above */
	int schema_version; /* 0: written before the schema had a version */
	const char *kaesbench_version;
	const char *kernel_release; /* NULL when not recorded */
	struct kb_saved_env env; /* the machine, for report's run headers */
	struct kb_saved_run *run; /* KB_SAVED_RUNS */
	size_t runs;
	struct kb_saved_ipsec *ipsec; /* KB_SAVED_IPSEC */
	size_t ipsecs;
};

int kb_saved_parse(struct kb_saved *doc, const char *name, const char *text,
		   size_t len, char *err, size_t errlen);
int kb_saved_load(struct kb_saved *doc, const char *file, char *err,
		  size_t errlen);
int kb_saved_parse_as(struct kb_saved *doc, const char *name, const char *text,
		      size_t len, unsigned int kinds, char *err, size_t errlen);
int kb_saved_load_as(struct kb_saved *doc, const char *file, unsigned int kinds,
		     char *err, size_t errlen);
const char *kb_saved_kind_name(const struct kb_saved *doc);
void kb_saved_free(struct kb_saved *doc);
int kb_saved_key_cmp(const struct kb_saved_key *a,
		     const struct kb_saved_key *b);
size_t kb_saved_mbps_at(const struct kb_saved_run *run, uint32_t size,
			double *v);

#endif /* KAESBENCH_OUTPUT_SAVED_RESULTS_H */
