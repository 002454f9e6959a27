/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * AF_ALG through its sockets directly, where libkcapi cannot be used.
 */
#ifndef KAESBENCH_USERSPACE_AFALG_SOCKET_H
#define KAESBENCH_USERSPACE_AFALG_SOCKET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

#include <linux/if_alg.h>

/* Older C libraries' <sys/socket.h> names neither. */
#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

/* The longest IV a request carries: an skcipher's 16 bytes, with room. */
#define KB_AFSOCK_IV_MAX 32

/* Room for a request's control messages: operation, IV, AAD length. */
#define KB_AFSOCK_CONTROL_MAX                                      \
	(CMSG_SPACE(sizeof(uint32_t)) +                            \
	 CMSG_SPACE(sizeof(struct af_alg_iv) + KB_AFSOCK_IV_MAX) + \
	 CMSG_SPACE(sizeof(uint32_t)))

/* A control buffer aligned as struct cmsghdr needs. */
union kb_afsock_control {
	struct cmsghdr align;
	char buf[KB_AFSOCK_CONTROL_MAX];
};

/* One operation socket, and the transform's socket it was accepted from. */
struct kb_afsock {
	int tfm; /* bound and keyed; -1 on a handle accepted from another's */
	int op; /* the operation socket, accepted at the first request; -1 */
	int pipe[2]; /* the zero-copy path's, made at its first request */
	bool aead;
	uint32_t ivlen; /* what the algorithm's requests carry */
	uint32_t assoclen;
	uint32_t taglen;
	size_t piece; /* bytes a send or splice moves at once: 16 pages */
};

uint32_t kb_afsock_ivsize(const char *alg);
int kb_afsock_control(union kb_afsock_control *c, struct msghdr *msg,
		      bool decrypt, const uint8_t *iv, uint32_t ivlen,
		      bool aead, uint32_t assoclen);

int kb_afsock_init(struct kb_afsock **h, bool aead, const char *name,
		   uint32_t ivlen);
int kb_afsock_setkey(struct kb_afsock *h, const uint8_t *key, uint32_t len);
int kb_afsock_settaglen(struct kb_afsock *h, uint32_t taglen);
void kb_afsock_setassoclen(struct kb_afsock *h, uint32_t assoclen);
int kb_afsock_reinit(struct kb_afsock **h, struct kb_afsock *from);
ssize_t kb_afsock_crypt(struct kb_afsock *h, bool decrypt, bool splice,
			const uint8_t *iv, const uint8_t *in, size_t in_len,
			uint8_t *out, size_t out_len);
void kb_afsock_destroy(struct kb_afsock *h);

#endif /* KAESBENCH_USERSPACE_AFALG_SOCKET_H */
