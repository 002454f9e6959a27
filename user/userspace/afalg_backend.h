/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What afalg.c asks of an AF_ALG interface, per operation socket: libkcapi
 * (afalg_kcapi.c), or the sockets directly (afalg_socket.c) where libkcapi
 * refuses the kernel. Lanes, depth and measuring stay in afalg.c, one copy
 * for both.
 */
#ifndef KAESBENCH_USERSPACE_AFALG_BACKEND_H
#define KAESBENCH_USERSPACE_AFALG_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * Each returns 0 or a negative errno, crypt the bytes of output it
 * processed or a negative errno. A handle is an operation socket and
 * what it needs; init binds a transform's socket (its first handle),
 * reinit accepts another operation socket of the same transform.
 */
struct kb_afalg_backend {
	const char *name; /* "libkcapi", "the socket interface" */
	int (*init)(void **h, bool aead, const char *name, const char *alg,
		    size_t iv_max);
	int (*setkey)(void *h, const uint8_t *key, uint32_t len);
	int (*settaglen)(void *h, uint32_t taglen);
	void (*setassoclen)(void *h, uint32_t assoclen);
	int (*reinit)(void **h, void *from);
	ssize_t (*crypt)(void *h, bool decrypt, bool splice, const uint8_t *iv,
			 const uint8_t *in, size_t in_len, uint8_t *out,
			 size_t out_len);
	void (*destroy)(void *h);
};

extern const struct kb_afalg_backend kb_afalg_kcapi;
extern const struct kb_afalg_backend kb_afalg_socket;

#endif /* KAESBENCH_USERSPACE_AFALG_BACKEND_H */
