/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * xfrm_user (NETLINK_XFRM): ESP SAs and policies of the namespace a
 * socket was made in. Each request is built in the socket's buffer (the
 * kb_xfrm_user_put_*() functions, apart for the tests) and run through
 * kb_nl_ask(): 0 or the kernel's -errno, its extack kept for
 * kb_nl_reason().
 */
#ifndef KAESBENCH_NETLINK_XFRM_USER_H
#define KAESBENCH_NETLINK_XFRM_USER_H

#include <netinet/in.h>
#include <stdbool.h>
#include <stdint.h>

#include "netlink/sock.h"

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

/* The widest replay window xfrm takes (XFRMA_REPLAY_ESN_MAX), in packets. */
#define KB_XFRM_REPLAY_MAX 4096

struct nlmsghdr *kb_xfrm_user_put_sa(struct kb_nl *nl, void *buf,
				     const struct kb_xfrm_sa *sa);
struct nlmsghdr *kb_xfrm_user_put_policy(struct kb_nl *nl, void *buf, bool out,
					 const struct kb_xfrm_sa *sa);
int kb_xfrm_user_add_sa(struct kb_nl *nl, const struct kb_xfrm_sa *sa);
int kb_xfrm_user_del_sa(struct kb_nl *nl, const struct kb_xfrm_sa *sa);
int kb_xfrm_user_get_sa(struct kb_nl *nl, const struct kb_xfrm_sa *sa,
			struct kb_xfrm_sa_stats *st);
int kb_xfrm_user_add_policy(struct kb_nl *nl, bool out,
			    const struct kb_xfrm_sa *sa);
int kb_xfrm_user_flush(struct kb_nl *nl);

#endif /* KAESBENCH_NETLINK_XFRM_USER_H */
