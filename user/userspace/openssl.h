/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The OpenSSL path: libcrypto's EVP interface, default provider.
 */
#ifndef KAESBENCH_USERSPACE_OPENSSL_H
#define KAESBENCH_USERSPACE_OPENSSL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "userspace/openssl_caps.h"
#include "bench/paths.h"
#include "userspace/measuring_loop.h"
#include "bench/result.h"

/* What the path needs to know of a run. */
struct kb_ossl_req {
	const char *alg; /* kernel name: aes, cbc(aes), ctr(aes), ... */
	uint32_t key_bits; /* as the kernel takes it: xts 256 = AES-128 */
	bool decrypt;
	uint32_t aad_len; /* gcm */
	uint32_t tag_len; /* gcm; 0 = 16 */
};

const char *kb_ossl_version(void);
int kb_ossl_cipher_name(const char *alg, uint32_t key_bits, char *buf,
			size_t len);
struct kb_upath *kb_ossl_open(const struct kb_ossl_req *req, const uint8_t *key,
			      const uint8_t *iv, char *why, size_t len);
uint8_t *kb_ossl_buf(struct kb_upath *p);
void kb_ossl_close(struct kb_upath *p);
int kb_ossl_run(const struct kb_ossl_req *req, const struct kb_umeasure *m,
		struct kb_run *run);

#endif /* KAESBENCH_USERSPACE_OPENSSL_H */
