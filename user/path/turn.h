/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One path command (`kaesbench ipsec`) at a time on a machine: each
 * raises crypto priorities for a moment and registers template
 * instances, which two at once would read as each other's "before". A
 * second one waits its turn, or fails, as `kaesbench run` does behind
 * another run (--wait SECONDS, --no-wait).
 */
#ifndef KAESBENCH_PATH_TURN_H
#define KAESBENCH_PATH_TURN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "bench/runner.h"

/* Where the machine-wide lock lives: root's, gone at reboot. */
#define KB_TURN_DIR "/run/kaesbench"
#define KB_TURN_FILE "path.lock"

/* Who holds the turn, as its lock file says. */
struct kb_turn_holder {
	pid_t pid; /* 0: not known (the file not written yet) */
	uint64_t since_ms; /* CLOCK_BOOTTIME when it took the turn */
	char command[16]; /* "ipsec" */
	char comm[16]; /* its process's name */
};

struct kb_turn {
	int fd; /* the lock file, held locked; -1 when not held */
	char path[256];
};

int kb_turn_parse(const char *text, struct kb_turn_holder *h);
int kb_turn_describe(char *buf, size_t len, const char *command,
		     const struct kb_turn_holder *h, uint64_t now_ms);
int kb_turn_take_in(struct kb_turn *t, const char *dir, const char *command,
		    const struct kb_wait_opt *w);
int kb_turn_take(struct kb_turn *t, const char *command,
		 const struct kb_wait_opt *w);
void kb_turn_release(struct kb_turn *t);

#endif /* KAESBENCH_PATH_TURN_H */
