// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ESP on the path layer. An end is an SA (ESP allocates its transform
 * when the SA is made: one transform, proved by its driver's reference
 * count) with the policy that sends the lane's datagrams through it. A
 * lane's addresses are the veth's own (path/link.h), so a policy per
 * lane picks the lane's SAs. The receiving side refuses a packet as
 * xfrm counts it: the SA's failed authentications, and the namespace's
 * XfrmIn* errors.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#include "ipsec/esp_path.h"
#include "ipsec/xfrm.h"
#include "path/link.h"
#include "path/session.h"

/* Every XfrmIn* error but XfrmInStateProtoError, which is counted alone. */
static const char *const in_errors[] = {
	"XfrmInError",	      "XfrmInBufferError",    "XfrmInHdrError",
	"XfrmInNoStates",     "XfrmInStateModeError", "XfrmInStateSeqError",
	"XfrmInStateExpired", "XfrmInStateMismatch",  "XfrmInStateInvalid",
	"XfrmInTmplMismatch", "XfrmInNoPols",	      "XfrmInPolBlock",
	"XfrmInPolError",
};

enum { REFUSED_AUTH, REFUSED_PROTO, REFUSED_OTHER };

static const struct kb_path_refusal refusals[] = {
	[REFUSED_AUTH] = { "integrity_failed", "failed authentication" },
	[REFUSED_PROTO] = { "xfrm_in_state_proto_error",
			    "XfrmInStateProtoError" },
	[REFUSED_OTHER] = { "xfrm_in_other_errors", "other xfrm input errors" },
};

static const struct kb_esp_setup *setup(const struct kb_path *p)
{
	return p->kind.front;
}

static uint32_t spi(unsigned int lane, int from)
{
	return 0x1000 + 16 * lane + from;
}

struct sa_end {
	const struct kb_netns_pair *ns;
	int side;
	const struct kb_xfrm_sa *sa;
};

static int make_sa(void *arg, char *err, size_t len)
{
	const struct sa_end *e = arg;

	return kb_xfrm_add_sa(e->ns, e->side, e->sa, err, len);
}

/* The SAs from @from's side to the other on @lane, and their policies. */
static int sa_pair(struct kb_path *p, unsigned int lane, int from,
		   const char *sender, const char *receiver)
{
	const struct kb_esp_transform *t = setup(p)->t;
	uint8_t key[64], auth_key[64];
	struct kb_xfrm_sa sa = {
		.spi = spi(lane, from),
		.reqid = lane + 1,
		.mode = setup(p)->tunnel ? KB_XFRM_TUNNEL : KB_XFRM_TRANSPORT,
		.aead = t->aead,
		.icv_bits = t->icv_bits,
		.cipher = t->cipher,
		.auth = t->auth,
		.auth_trunc_bits = t->icv_bits,
		.key = key,
		.key_bits = p->o->key_bits + 8 * t->salt_bytes,
		.auth_key = auth_key,
		.auth_key_bits = t->auth_key_bits,
		.replay_window = 32,
	};
	const char *driver[KB_SIDES] = { sender, receiver };
	char err[256];
	int side, ret;

	if (getrandom(key, sizeof(key), 0) != sizeof(key) ||
	    getrandom(auth_key, sizeof(auth_key), 0) != sizeof(auth_key)) {
		kb_path_fail(p, "drawing keys", strerror(errno));
		return -EIO;
	}
	kb_link_lane_addr(lane, from, &sa.src);
	kb_link_lane_addr(lane, !from, &sa.dst);
	for (side = 0; side < KB_SIDES; side++) {
		int on = side ? !from : from;
		struct sa_end e = { .ns = &p->ns, .side = on, .sa = &sa };

		ret = kb_path_prove(p, on, lane, driver[side], make_sa, &e);
		if (ret)
			return ret;
		ret = kb_xfrm_add_policy(&p->ns, on, !side, &sa, err,
					 sizeof(err));
		if (ret) {
			kb_path_fail(p, "making a policy", err);
			return ret;
		}
	}
	return 0;
}

static int ends(struct kb_path *p, unsigned int lane,
		const char *const driver[KB_SIDES], bool both_ways)
{
	int ret = sa_pair(p, lane, 0, driver[0], driver[1]);

	if (!ret && both_ways)
		ret = sa_pair(p, lane, 1, driver[1], driver[0]);
	return ret;
}

static void lane_addr(const struct kb_path *p, unsigned int lane, int side,
		      struct in_addr *addr)
{
	(void)p;
	kb_link_lane_addr(lane, side, addr);
}

static uint32_t crypt_len(const struct kb_path *p, uint32_t payload)
{
	return kb_esp_crypt_len(setup(p)->t, setup(p)->tunnel, payload);
}

static uint32_t wire_len(const struct kb_path *p, uint32_t payload)
{
	return kb_esp_wire_len(setup(p)->t, setup(p)->tunnel, payload);
}

static void refused(struct kb_path *p, unsigned int lane,
		    uint64_t count[KB_PATH_MAX_REFUSALS])
{
	struct kb_xfrm_sa sa = { .spi = spi(lane, 0) };
	struct kb_xfrm_sa_stats st;
	struct kb_xfrm_mib mib;
	size_t i;

	kb_link_lane_addr(lane, 0, &sa.src);
	kb_link_lane_addr(lane, 1, &sa.dst);
	if (!kb_xfrm_sa_stats(&p->ns, 1, &sa, &st))
		count[REFUSED_AUTH] = st.integrity_failed;
	if (kb_xfrm_mib_read(&p->ns, 1, &mib))
		return;
	count[REFUSED_PROTO] = kb_xfrm_mib_get(&mib, "XfrmInStateProtoError");
	for (i = 0; i < sizeof(in_errors) / sizeof(in_errors[0]); i++)
		count[REFUSED_OTHER] += kb_xfrm_mib_get(&mib, in_errors[i]);
}

/* The SAs and policies go: as a daemon deletes them, before the namespace. */
static void empty(const struct kb_netns_pair *ns)
{
	int side;

	for (side = 0; side < KB_SIDES; side++)
		if (ns->side[side] >= 0)
			kb_xfrm_flush(ns, side);
}

static int alloc_name(const void *front, char *buf, size_t len)
{
	const struct kb_esp_setup *s = front;

	return kb_esp_name(s->t, buf, len);
}

static bool layer(const void *front, const char *name)
{
	const struct kb_esp_setup *s = front;

	return kb_esp_layer(s->t, name);
}

const struct kb_path_ops kb_esp_path_ops = {
	.command = "ipsec",
	.end = "SA",
	.an_end = "an SA",
	.others = "an IPsec SA",
	.transforms_per_end = 1,
	.alloc_name = alloc_name,
	.ends = ends,
	.lane_addr = lane_addr,
	.crypt_len = crypt_len,
	.wire_len = wire_len,
	.refusals = refusals,
	.nrefusals = sizeof(refusals) / sizeof(refusals[0]),
	.refused = refused,
	.empty = empty,
	.layer = layer,
};
