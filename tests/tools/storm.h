/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The storm tool's modes and what they share: starting runs, cancelling
 * them, waiting for their end, and finding out whether the machine is
 * free for the next run without starting one.
 */
#ifndef KAESBENCH_STORM_H
#define KAESBENCH_STORM_H

#include <stdbool.h>
#include <stdint.h>

#include "testnl.h"

#define STORM_MAX_SPECS 16

/* An implementation to run, and at what depth. */
struct storm_spec {
	const char *driver;
	uint32_t depth;
	bool by_alg; /* @driver is an algorithm name */
};

struct storm_opts {
	unsigned long count;
	uint64_t seed;
	unsigned int clients;
	unsigned int seconds;
	unsigned int bound_ms; /* longest stop allowed */
	struct storm_spec spec[STORM_MAX_SPECS];
	unsigned int nspecs;
	const char *methods;
	const char *tool;
	const char *module; /* path of kaesbench.ko */
};

/* A request in flight on a socket, and what came back for it. */
struct storm_io {
	uint32_t seq;
	bool answered; /* its ack or error arrived */
	int error; /* negative errno, or 0 */
	char msg[160]; /* extack message */
	bool dump_done;
	unsigned int impls;
	/* The run the socket started: its messages. */
	uint32_t id;
	bool first; /* its first message, or its refusal, arrived */
	bool started;
	bool ended;
	int32_t status;
	unsigned int samples;
};

void storm_io_init(struct storm_io *io, uint32_t seq);
int storm_await(struct tnl *t, struct storm_io *io, bool *what, int timeout_ms);
int storm_start(struct tnl *t, const struct storm_spec *spec,
		uint32_t sample_ms, uint32_t samples, bool verify,
		struct storm_io *io, uint32_t seq);
int storm_verify(struct tnl *t, const struct storm_spec *spec, uint32_t cases,
		 struct storm_io *io, uint32_t seq);
int storm_cancel(struct tnl *t, struct storm_io *io, uint32_t id, uint32_t seq);
int storm_list(struct tnl *t, uint32_t seq);
int storm_send_list(struct tnl *t, uint32_t seq);
int storm_probe(struct tnl *t, uint32_t seq);
int64_t storm_wait_idle(struct tnl *probe, uint64_t since_us,
			unsigned int timeout_ms);
void storm_note_stop(uint64_t *longest_us, int64_t us);

int storm_stop(const struct storm_opts *o);
int storm_unload(const struct storm_opts *o);
int storm_cycle(const struct storm_opts *o);
int storm_hammer(const struct storm_opts *o);

#endif /* KAESBENCH_STORM_H */
