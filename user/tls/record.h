/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * TLS records sealed and opened by libcrypto, byte for byte as RFC 5246
 * (TLS 1.2: a 4-byte salt and an 8-byte explicit nonce carried in the
 * record; 13 bytes of associated data) and RFC 8446 (TLS 1.3: the IV
 * XOR the sequence number; the record header as associated data; the
 * inner content type after the plaintext) say: the differential's other
 * end, which owes nothing to the kernel.
 */
#ifndef KAESBENCH_TLS_RECORD_H
#define KAESBENCH_TLS_RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "tls/lane.h"
#include "tls/tls.h"

/* Record content types (RFC 8446 §5.1). */
#define KB_TLS_HANDSHAKE 22
#define KB_TLS_APPLICATION_DATA 23

struct kb_tls_sealer; /* libcrypto's context, one direction's keys */

int kb_tls_sealer_new(const struct kb_tls_front *f,
		      const struct kb_tls_keys *keys, struct kb_tls_sealer **s);
void kb_tls_sealer_free(struct kb_tls_sealer *s);
/*
 * Seals @len bytes of @type as record number @seq into @out (room for
 * kb_tls_wire_len()); returns the record's length, or a negative errno.
 */
long kb_tls_seal(struct kb_tls_sealer *s, uint64_t seq, uint8_t type,
		 const uint8_t *in, size_t len, uint8_t *out);
/*
 * Opens the whole record @rec (header included, @len bytes) numbered
 * @seq into @out; returns the plaintext's length and its type in
 * @type, -EBADMSG when its tag is wrong, or another negative errno.
 */
long kb_tls_open(struct kb_tls_sealer *s, uint64_t seq, const uint8_t *rec,
		 size_t len, uint8_t *type, uint8_t *out);

#endif /* KAESBENCH_TLS_RECORD_H */
