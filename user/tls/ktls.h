/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A socket's kTLS, as an application sets it up after its handshake
 * (tools/testing/selftests/net/tls.c does the same without one): the
 * "tls" upper-layer protocol, then a direction's keys; and what the
 * kernel says it made of them.
 */
#ifndef KAESBENCH_TLS_KTLS_H
#define KAESBENCH_TLS_KTLS_H

#include <stdbool.h>
#include <sys/socket.h>

#include <linux/tls.h>

#include "tls/lane.h"
#include "tls/tls.h"

/* TLS_CONF_* of the socket's ULP info, per direction. */
struct kb_tls_conf {
	int tx; /* TLS_CONF_BASE, _SW, _HW, _HW_RECORD; -1 unknown */
	int rx;
	bool rx_no_pad; /* TLS_INFO_RX_NO_PAD */
	bool zc_ro_tx; /* TLS_INFO_ZC_RO_TX */
};

/* What TLS_TX and TLS_RX take, for each of kTLS's AES suites. */
union kb_tls_crypto_info {
	struct tls_crypto_info info; /* version and cipher_type, first */
	struct tls12_crypto_info_aes_gcm_128 gcm_128;
	struct tls12_crypto_info_aes_gcm_256 gcm_256;
	struct tls12_crypto_info_aes_ccm_128 ccm_128;
};

/* setsockopt(TCP_ULP, "tls"); -ENOENT when the kernel has no kTLS. */
int kb_tls_ulp(int fd);
/* TLS_TX (@rx false) or TLS_RX with @keys; a negative errno. */
int kb_tls_set_keys(int fd, bool rx, const struct kb_tls_front *f,
		    const struct kb_tls_keys *keys);
/* TLS 1.3's TLS_RX_EXPECT_NO_PAD: -ENOPROTOOPT where the kernel has not. */
int kb_tls_expect_no_pad(int fd);
/* TLS_TX_ZEROCOPY_RO, for sendfile(): -ENOPROTOOPT where not had. */
int kb_tls_zerocopy_ro(int fd);
/*
 * What the kernel made of @fd's directions, read back over sock_diag
 * (INET_DIAG_ULP_INFO) in the namespace @netns_fd (-1: the caller's).
 */
int kb_tls_conf_read(int fd, int netns_fd, struct kb_tls_conf *conf);
/* Fresh random keys for one direction. */
int kb_tls_keys_random(struct kb_tls_keys *keys);
/*
 * What kb_tls_set_keys() hands the kernel, built apart for the tests:
 * @ci and its length @len; -EINVAL for a suite kTLS has no struct for.
 */
int kb_tls_crypto_info(const struct kb_tls_front *f,
		       const struct kb_tls_keys *keys,
		       union kb_tls_crypto_info *ci, socklen_t *len);

#endif /* KAESBENCH_TLS_KTLS_H */
