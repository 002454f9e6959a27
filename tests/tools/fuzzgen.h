/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The fuzzer's message generator: from a seed alone, a stream of kaesbench
 * requests with well-formed netlink and genetlink headers and mutated
 * content. The same seed gives the same bytes.
 */
#ifndef KAESBENCH_FUZZGEN_H
#define KAESBENCH_FUZZGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct fuzz_rng {
	uint64_t state;
};

/* How a message was made. */
enum fuzz_kind {
	FUZZ_VALID, /* a request as the tool would send it */
	FUZZ_MUTATED, /* a valid request with one to three mutations */
	FUZZ_RANDOM, /* random command and attributes */
	FUZZ_GARBAGE, /* random bytes after the genetlink header */
	FUZZ_BARE, /* a genetlink header alone */
	FUZZ_KINDS
};

/* Room enough for anything the generator makes. */
#define FUZZ_MSG_MAX 16384

struct fuzz_msg {
	size_t len; /* bytes to send */
	enum fuzz_kind kind;
	/*
	 * Offset of a RUN_ID payload that is to name the run in progress, or
	 * 0: the run's id comes from the kernel, so it cannot be in the seed.
	 */
	size_t run_id_at;
};

void fuzz_seed(struct fuzz_rng *r, uint64_t seed);
uint64_t fuzz_next(struct fuzz_rng *r);
void fuzz_generate(struct fuzz_rng *r, void *buf, uint32_t seq,
		   struct fuzz_msg *m);
const char *fuzz_kind_name(enum fuzz_kind kind);
const char *const *fuzz_names(bool by_alg, unsigned int *count);

#endif /* KAESBENCH_FUZZGEN_H */
