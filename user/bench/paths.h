/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The ways to AES a program can take, measured side by side: the kernel
 * crypto API from a kernel thread, the same implementation from userspace
 * through AF_ALG (copying, and zero-copy), and OpenSSL's libcrypto: their
 * names, --paths, and the sizes a userspace path takes.
 */
#ifndef KAESBENCH_BENCH_PATHS_H
#define KAESBENCH_BENCH_PATHS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bench/result.h"

enum kb_call_path {
	KB_PATH_KERNEL,
	KB_PATH_AFALG_SENDMSG,
	KB_PATH_AFALG_VMSPLICE,
	KB_PATH_OPENSSL,
	KB_PATH_COUNT
};

/* What --paths selects: bits of enum kb_call_path. */
#define KB_PATHS_KERNEL (1U << KB_PATH_KERNEL)
#define KB_PATHS_AFALG \
	((1U << KB_PATH_AFALG_SENDMSG) | (1U << KB_PATH_AFALG_VMSPLICE))
#define KB_PATHS_OPENSSL (1U << KB_PATH_OPENSSL)
#define KB_PATHS_ALL (KB_PATHS_KERNEL | KB_PATHS_AFALG | KB_PATHS_OPENSSL)

const char *kb_path_name(enum kb_call_path path);
const char *kb_path_label(enum kb_call_path path);
int kb_paths_parse(const char *s, unsigned int *paths);
bool kb_path_size_fits(const char *alg, uint32_t size);
void kb_run_unavailable(struct kb_run *run, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* KAESBENCH_BENCH_PATHS_H */
