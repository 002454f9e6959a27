/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The record a run keeps under /run of what it changes in the crypto API
 * (a priority raised, a template instance registered), written before
 * each change, so that the next run can undo what a run killed with its
 * guard left (path/leftover.c).
 */
#ifndef KAESBENCH_PATH_UNDO_RECORD_H
#define KAESBENCH_PATH_UNDO_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <linux/cryptouser.h>

/*
 * Where the records are: one file a run, "undo-PID", in the directory
 * root's alone (other kaesbench files live there too: path/turn.c's).
 */
#define KB_UNDO_DIR "/run/kaesbench"
#define KB_UNDO_PREFIX "undo-"

/* A priority raised and not set back yet. */
struct kb_undo_raise {
	char driver[CRYPTO_MAX_NAME];
	uint32_t from; /* the priority before the run */
	uint32_t to; /* what it was raised to */
};

/* What a record says is still to undo, its lines replayed in order. */
struct kb_undo_plan {
	pid_t pid; /* the run's */
	struct kb_undo_raise *raise;
	size_t raises;
	char (*instance)[CRYPTO_MAX_NAME]; /* in the order written */
	size_t instances;
	size_t alloc_raises, alloc_instances;
};

/* A run's own record, open and locked while the run or its guard lives. */
struct kb_undo_record {
	int dirfd;
	int fd;
	char name[32];
	struct kb_undo_plan plan; /* what the file says so far */
};

int kb_undo_dir_open(bool create);
int kb_undo_record_create(struct kb_undo_record *r, int dirfd, pid_t pid);
int kb_undo_record_raised(struct kb_undo_record *r, const char *driver,
			  uint32_t from, uint32_t to);
int kb_undo_record_restored(struct kb_undo_record *r, const char *driver);
int kb_undo_record_instance(struct kb_undo_record *r, const char *driver);
int kb_undo_record_clean(struct kb_undo_record *r);
bool kb_undo_record_done(const struct kb_undo_record *r);
void kb_undo_record_remove(struct kb_undo_record *r);
void kb_undo_record_close(struct kb_undo_record *r);

int kb_undo_plan_parse(const char *text, size_t len, struct kb_undo_plan *p,
		       size_t *bad_line);
void kb_undo_plan_free(struct kb_undo_plan *p);

size_t kb_undo_chain_layers(const char *driver, char (*layer)[CRYPTO_MAX_NAME],
			    size_t max);

#endif /* KAESBENCH_PATH_UNDO_RECORD_H */
