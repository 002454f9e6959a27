/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The AF_ALG path: the kernel's implementations from userspace, through
 * libkcapi, or through the sockets directly where libkcapi refuses the
 * kernel.
 */
#ifndef KAESBENCH_USERSPACE_AFALG_H
#define KAESBENCH_USERSPACE_AFALG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/impls.h"
#include "bench/paths.h"
#include "userspace/measuring_loop.h"
#include "bench/result.h"
#include "bench/run_options.h"

struct kb_afalg_req {
	const char *alg; /* kernel algorithm name */
	const char *driver; /* the kernel row's driver name, or NULL */
	bool vmsplice; /* zero-copy, else sendmsg (copy) */
	uint32_t key_bits;
	bool decrypt;
	uint32_t aad_len; /* aeads */
	uint32_t tag_len; /* aeads; 0 = 16 */
	uint32_t depth; /* requests in flight; 0 = 1 */
	bool offload; /* an offload engine (kb_impl_is_offload()) */
	bool async; /* the kernel row's implementation is asynchronous */
	bool hardware; /* ... flagged CRYPTO_ALG_KERN_DRIVER_ONLY */
};

/* As the kernel path's KAESBENCH_MAX_DEPTH: a thread and a socket each. */
#define KB_AFALG_DEPTH_MAX 64

/* How AF_ALG drives an implementation, from what the kernel side knows. */
struct kb_afalg_target {
	uint32_t depth; /* requests in flight */
	bool offload; /* an offload engine (kb_impl_is_offload()) */
	bool async; /* CRYPTO_ALG_ASYNC */
	bool hardware; /* CRYPTO_ALG_KERN_DRIVER_ONLY */
};

/*
 * What AF_ALG is on the running kernel. From Linux 7.2 it is deprecated,
 * and its binds mask AF_ALG_CRYPTOAPI_MASK (CRYPTO_ALG_ASYNC,
 * CRYPTO_ALG_ALLOCATES_MEMORY, CRYPTO_ALG_KERN_DRIVER_ONLY): userspace
 * gets synchronous software implementations only, never an offload
 * engine.
 */
/* Linux 7.3's restriction of what AF_ALG binds (crypto/af_alg.c). */
#define KB_AF_ALG_RESTRICT "/proc/sys/crypto/af_alg_restrict"

struct kb_afalg_state {
	bool known; /* the release could be read */
	bool software_only; /* binds offer no asynchronous or offload driver */
	bool deprecated;
	/* /proc/sys/crypto/af_alg_restrict (7.3 on): 0 none, 1 only the
	 * names on its allowlists, 2 AF_ALG disabled; -1: no such sysctl */
	int restriction;
	char release[65];
};

void kb_afalg_state(struct kb_afalg_state *st);
void kb_afalg_state_of(const char *release, struct kb_afalg_state *st);
int kb_afalg_zero_copy(char *why, size_t len);

int kb_afalg_available(char *why, size_t len);
struct kb_afalg_target kb_afalg_target(const struct kb_run_opts *o,
				       const struct kb_impl *impl,
				       const struct kb_run *kernel);
const char *kb_afalg_bind_name(const struct kb_afalg_req *req);
bool kb_afalg_kcapi_refuses(int ret, const char *release);
int kb_afalg_run(const struct kb_afalg_req *req, const struct kb_umeasure *m,
		 struct kb_run *run);

#endif /* KAESBENCH_USERSPACE_AFALG_H */
