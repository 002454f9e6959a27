/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ESP security associations and policies in one of the two namespaces,
 * through xfrm's netlink interface (libnl-xfrm-3), and the counters by
 * which the kernel says what became of the packets.
 */
#ifndef KAESBENCH_IPSEC_XFRM_H
#define KAESBENCH_IPSEC_XFRM_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ipsec/netns.h"

enum kb_xfrm_mode {
	KB_XFRM_TRANSPORT,
	KB_XFRM_TUNNEL,
};

/*
 * One ESP SA, from @src to @dst: either an AEAD (@aead set: xfrm's name,
 * "rfc4106(gcm(aes))", @key with its salt as xfrm takes it, @icv_bits) or
 * a cipher with an authenticator (@cipher "cbc(aes)", @key; @auth
 * "hmac(sha256)", @auth_key, @auth_trunc_bits).
 */
struct kb_xfrm_sa {
	struct in_addr src, dst; /* in tunnel mode, the outer header's too */
	uint32_t spi; /* host order */
	uint32_t reqid;
	enum kb_xfrm_mode mode;
	const char *aead;
	unsigned int icv_bits;
	const char *cipher;
	const char *auth;
	unsigned int auth_trunc_bits;
	const uint8_t *key;
	unsigned int key_bits;
	const uint8_t *auth_key;
	unsigned int auth_key_bits;
	uint32_t replay_window; /* packets; 0: no replay check */
};

/* What XFRM_MSG_GETSA says of an SA. */
struct kb_xfrm_sa_stats {
	uint64_t packets; /* its current lifetime's */
	uint64_t bytes;
	uint32_t integrity_failed;
	uint32_t replay;
	uint32_t replay_window; /* packets dropped outside it, not its size */
};

/* /proc/net/xfrm_stat of one namespace: its counters, as named there. */
#define KB_XFRM_MIB_MAX 48
struct kb_xfrm_mib {
	struct {
		char name[40];
		uint64_t value;
	} counter[KB_XFRM_MIB_MAX];
	size_t count;
};

int kb_xfrm_add_sa(const struct kb_netns_pair *p, int side,
		   const struct kb_xfrm_sa *sa, char *err, size_t len);
int kb_xfrm_del_sa(const struct kb_netns_pair *p, int side,
		   const struct kb_xfrm_sa *sa);
int kb_xfrm_flush(const struct kb_netns_pair *p, int side);
int kb_xfrm_add_policy(const struct kb_netns_pair *p, int side, bool out,
		       const struct kb_xfrm_sa *sa, char *err, size_t len);
int kb_xfrm_sa_stats(const struct kb_netns_pair *p, int side,
		     const struct kb_xfrm_sa *sa, struct kb_xfrm_sa_stats *st);
int kb_xfrm_mib_read(const struct kb_netns_pair *p, int side,
		     struct kb_xfrm_mib *m);
void kb_xfrm_mib_parse(FILE *f, struct kb_xfrm_mib *m);
uint64_t kb_xfrm_mib_get(const struct kb_xfrm_mib *m, const char *name);

#endif /* KAESBENCH_IPSEC_XFRM_H */
