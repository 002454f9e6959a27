// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Generates the fuzzer's messages. Headers are always well formed enough
 * to reach the kaesbench family (a lie about nlmsg_len excepted, which
 * never leaves a second message in the datagram: the bytes after a short
 * nlmsg_len could otherwise address another family). What follows is a
 * mix of:
 *
 * - valid requests, as the tool sends them, so that runs and
 *   verifications really start and deep paths are reached;
 * - valid requests with one to three mutations: an attribute dropped,
 *   duplicated, retyped, flagged nested, shortened, lengthened, given an
 *   odd value (bounds, bounds +-1, 0, U32_MAX, U64_MAX, strings without
 *   NUL, overlong or with an embedded NUL), buried in nests, made huge; an
 *   attribute added; a length that lies; a truncated last attribute;
 * - random commands with random attributes, random bytes, bare headers.
 *
 * Everything is drawn from one splitmix64 stream (tnl_random()), so a seed gives the same
 * bytes on every machine.
 */

#include <stdbool.h>
#include <string.h>

#include <libmnl/libmnl.h>
#include <linux/genetlink.h>
#include <linux/kaesbench.h>
#include <linux/netlink.h>

#include "fuzzgen.h"
#include "testnl.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define PICK(r, a) ((a)[below((r), ARRAY_SIZE(a))])

/* Slack past the last attribute, for lengths that lie. */
#define ROOM (FUZZ_MSG_MAX - 256)
#define MAX_NEST 12

void fuzz_seed(struct fuzz_rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t fuzz_next(struct fuzz_rng *r)
{
	return tnl_random(&r->state);
}

static uint32_t below(struct fuzz_rng *r, uint32_t n)
{
	return n ? fuzz_next(r) % n : 0;
}

static bool chance(struct fuzz_rng *r, unsigned int percent)
{
	return below(r, 100) < percent;
}

static void fill(struct fuzz_rng *r, void *buf, size_t len)
{
	uint8_t *p = buf;

	while (len--)
		*p++ = fuzz_next(r);
}

/*
 * What each top-level attribute holds, requested or not: every one of
 * them, as Documentation/netlink/specs/kaesbench.yaml types it (its
 * binary ones: V_SIZES, V_BYTES), which tests/netlink/check_spec.py
 * checks.
 */
enum value_kind {
	V_BYTES,
	V_U32,
	V_U64,
	V_S32,
	V_FLAG,
	V_STR,
	V_SIZES,
	V_NEST
};

static const enum value_kind attr_kind[KAESBENCH_A_MAX + 1] = {
	[KAESBENCH_A_IMPL] = V_NEST,
	[KAESBENCH_A_PAD] = V_U64,
	[KAESBENCH_A_RUN_ID] = V_U32,
	[KAESBENCH_A_RUN_DRIVER] = V_STR,
	[KAESBENCH_A_RUN_ALG] = V_STR,
	[KAESBENCH_A_RUN_KEY_BITS] = V_U32,
	[KAESBENCH_A_RUN_DECRYPT] = V_FLAG,
	[KAESBENCH_A_RUN_SIZES] = V_SIZES,
	[KAESBENCH_A_RUN_SAMPLE_MS] = V_U32,
	[KAESBENCH_A_RUN_SAMPLES] = V_U32,
	[KAESBENCH_A_RUN_WARMUP_MS] = V_U32,
	[KAESBENCH_A_RUN_DEPTH] = V_U32,
	[KAESBENCH_A_RUN_AAD_LEN] = V_U32,
	[KAESBENCH_A_RUN_TAG_LEN] = V_U32,
	[KAESBENCH_A_RUN_STATUS] = V_S32,
	[KAESBENCH_A_RUN_MESSAGE] = V_STR,
	[KAESBENCH_A_SAMPLE_SIZE] = V_U32,
	[KAESBENCH_A_SAMPLE_INDEX] = V_U32,
	[KAESBENCH_A_SAMPLE_OPS] = V_U64,
	[KAESBENCH_A_SAMPLE_BYTES] = V_U64,
	[KAESBENCH_A_SAMPLE_WALL_NS] = V_U64,
	[KAESBENCH_A_SAMPLE_THREAD_NS] = V_U64,
	[KAESBENCH_A_SAMPLE_BUSY_NS] = V_U64,
	[KAESBENCH_A_SAMPLE_CYCLES] = V_U64,
	[KAESBENCH_A_VERIFY_CASES] = V_U32,
	[KAESBENCH_A_VERIFY_SEED] = V_U64,
	[KAESBENCH_A_VERIFY_REFERENCE] = V_STR,
	[KAESBENCH_A_VERIFY_CASE] = V_NEST,
	[KAESBENCH_A_RUN_NO_VERIFY] = V_FLAG,
	[KAESBENCH_A_RUN_CPUS] = V_BYTES,
	[KAESBENCH_A_RUN_LATENCY] = V_FLAG,
	[KAESBENCH_A_SAMPLE_CPU] = V_U32,
	[KAESBENCH_A_SAMPLE_USER_NS] = V_U64,
	[KAESBENCH_A_SAMPLE_SYSTEM_NS] = V_U64,
	[KAESBENCH_A_SAMPLE_SOFTIRQ_NS] = V_U64,
	[KAESBENCH_A_SAMPLE_IRQ_NS] = V_U64,
	[KAESBENCH_A_SAMPLE_LAT_COUNT] = V_U64,
	[KAESBENCH_A_SAMPLE_LAT_P50_NS] = V_U64,
	[KAESBENCH_A_SAMPLE_LAT_P99_NS] = V_U64,
	[KAESBENCH_A_SAMPLE_LAT_MAX_NS] = V_U64,
	[KAESBENCH_A_RUN_REFUSED] = V_FLAG,
	[KAESBENCH_A_NOTICE] = V_STR,
	[KAESBENCH_A_RUN_MEMORY] = V_U64,
	[KAESBENCH_A_VERIFY_REQUESTS] = V_U64,
	[KAESBENCH_A_VERIFY_WRONG] = V_U64,
	[KAESBENCH_A_VERIFY_BYTES] = V_U64,
	[KAESBENCH_A_VERIFY_SLOWEST_NS] = V_U64,
	[KAESBENCH_A_VERIFY_ERRORS] = V_U64,
	[KAESBENCH_A_RUN_CHECK_EVERY] = V_U32,
	[KAESBENCH_A_RUN_CHECKED] = V_U64,
	[KAESBENCH_A_RUN_WRONG] = V_U64,
	[KAESBENCH_A_RUN_WAIT_MS] = V_U32,
	[KAESBENCH_A_WAIT] = V_NEST,
	[KAESBENCH_A_RUN_WAITED_MS] = V_U64,
	[KAESBENCH_A_RUN_CONTEXT] = V_U32,
	[KAESBENCH_A_SAMPLE_SUBMITTED] = V_U64,
	[KAESBENCH_A_SAMPLE_NO_SIMD] = V_U64,
	[KAESBENCH_A_SAMPLE_DEFERRED] = V_U64,
};

/*
 * The range each u32 a request takes is checked against: the spec's
 * checks, each of them (tests/netlink/check_spec.py compares them), and
 * the run id's.
 */
static const struct {
	uint32_t min, max;
} attr_range[KAESBENCH_A_MAX + 1] = {
	[KAESBENCH_A_RUN_ID] = { 1, UINT32_MAX },
	[KAESBENCH_A_RUN_KEY_BITS] = { 8, 512 },
	[KAESBENCH_A_RUN_SAMPLE_MS] = { 1, KAESBENCH_MAX_SAMPLE_MS },
	[KAESBENCH_A_RUN_SAMPLES] = { 1, KAESBENCH_MAX_SAMPLES },
	[KAESBENCH_A_RUN_WARMUP_MS] = { 0, KAESBENCH_MAX_SAMPLE_MS },
	[KAESBENCH_A_RUN_DEPTH] = { 1, KAESBENCH_MAX_DEPTH },
	[KAESBENCH_A_RUN_AAD_LEN] = { 0, KAESBENCH_MAX_AAD },
	[KAESBENCH_A_RUN_TAG_LEN] = { 1, 64 },
	[KAESBENCH_A_VERIFY_CASES] = { 1, KAESBENCH_MAX_CASES },
	[KAESBENCH_A_RUN_CHECK_EVERY] = { 0, KAESBENCH_MAX_CHECK_EVERY },
	[KAESBENCH_A_RUN_CONTEXT] = { 0, KAESBENCH_CONTEXT_MAX },
};

/*
 * Names that exist on the rig's kernels, names that do not, and names
 * refused for what they are. None makes the crypto API look for a module
 * on every request: a name it cannot find or build is refused before.
 */
static const char *const drivers[] = {
	"aes-generic",		 "aes-aesni",
	"cbc-aes-aesni",	 "ctr-aes-aesni",
	"xts-aes-aesni",	 "ecb-aes-aesni",
	"generic-gcm-aesni",	 "rfc4106-gcm-aesni",
	"virtio_crypto_aes_cbc", "cbc(aes-generic)",
	"ctr(aes-generic)",	 "ecb(aes-generic)",
	"xts(ecb(aes-generic))", "gcm_base(ctr(aes-generic),ghash-generic)",
	"__cbc-aes-aesni",	 "cmac(aes-generic)",
	"sha256-generic",	 "no-such-aes",
};

static const char *const algs[] = {
	"aes",	     "cbc(aes)",	  "ctr(aes)",
	"xts(aes)",  "ecb(aes)",	  "gcm(aes)",
	"sha256",    "rfc4106(gcm(aes))", "authenc(hmac(sha256),cbc(aes))",
	"cmac(aes)", "no-such-aes",
};

static const uint32_t valid_sizes[] = { 16, 64, 256, 1024, 4096 };

/* What the message's length is made to say, once it is built. */
enum cut { CUT_NONE, CUT_LAST_ATTR, CLAIM_MORE, CLAIM_LESS };

struct gen {
	struct fuzz_rng *r;
	struct nlmsghdr *nlh;
	struct fuzz_msg *m;
	int target; /* the attribute to mutate, or -1 */
	int index; /* attributes emitted so far */
	bool real_id; /* the next RUN_ID names the run in progress */
	size_t offs[64]; /* attributes in order, nested ones too */
	unsigned int nattrs;
	enum cut cut;
};

static struct nlattr *attr_at(struct gen *g, size_t offset)
{
	return (struct nlattr *)((char *)g->nlh + offset);
}

static bool put(struct gen *g, uint16_t type, const void *data, size_t len)
{
	size_t at = g->nlh->nlmsg_len;

	if (len > UINT16_MAX - MNL_ATTR_HDRLEN ||
	    !mnl_attr_put_check(g->nlh, ROOM, type, len, data))
		return false;
	if (g->nattrs < ARRAY_SIZE(g->offs))
		g->offs[g->nattrs++] = at;
	return true;
}

static uint16_t odd_type(struct fuzz_rng *r)
{
	uint16_t type;

	switch (below(r, 8)) {
	case 0:
		type = 0;
		break;
	case 1:
		type = KAESBENCH_A_MAX;
		break;
	case 2:
		type = KAESBENCH_A_MAX + 1;
		break;
	case 3:
		type = below(r, NLA_TYPE_MASK + 1);
		break;
	default:
		type = 1 + below(r, KAESBENCH_A_MAX);
		break;
	}
	if (chance(r, 10))
		type |= NLA_F_NESTED;
	if (chance(r, 5))
		type |= NLA_F_NET_BYTEORDER;
	return type;
}

static enum value_kind kind_of(struct fuzz_rng *r, uint16_t type)
{
	type &= NLA_TYPE_MASK;
	if (type <= KAESBENCH_A_MAX && chance(r, 70))
		return attr_kind[type];
	return below(r, V_NEST + 1);
}

static uint32_t odd_u32(struct fuzz_rng *r, uint16_t type)
{
	static const uint32_t odd[] = {
		0,	    1,		2,	3,	7,	    8,
		12,	    13,		15,	16,	17,	    64,
		96,	    127,	128,	129,	192,	    255,
		256,	    384,	512,	513,	1000,	    1001,
		4095,	    4096,	4097,	60000,	60001,	    65535,
		65536,	    65537,	100000, 100001, 0x7fffffff, 0x80000000,
		0xfffffffe, 0xffffffff,
	};

	type &= NLA_TYPE_MASK;
	if (type <= KAESBENCH_A_MAX && attr_range[type].max && chance(r, 40)) {
		switch (below(r, 4)) {
		case 0:
			return attr_range[type].min - 1;
		case 1:
			return attr_range[type].min;
		case 2:
			return attr_range[type].max;
		default:
			return attr_range[type].max + 1;
		}
	}
	return chance(r, 10) ? (uint32_t)fuzz_next(r) : PICK(r, odd);
}

static uint64_t odd_u64(struct fuzz_rng *r)
{
	static const uint64_t odd[] = {
		0,	   1,	       0xffffffffULL,	      0x100000000ULL,
		INT64_MAX, UINT64_MAX, 0x8000000000000000ULL,
	};

	return chance(r, 20) ? fuzz_next(r) : PICK(r, odd);
}

static const char *any_name(struct fuzz_rng *r)
{
	return chance(r, 60) ? PICK(r, drivers) : PICK(r, algs);
}

/* @out holds at least 1100 bytes. */
static size_t odd_string(struct fuzz_rng *r, char *out)
{
	static const size_t long_lens[] = { 126, 127, 128, 129, 255, 1000 };
	const char *name = any_name(r);
	size_t n = strlen(name);
	size_t i;

	switch (below(r, 8)) {
	case 0: /* empty */
		out[0] = 0;
		return 1;
	case 1: /* without its NUL */
		memcpy(out, name, n);
		return n;
	case 2: /* overlong */
		n = PICK(r, long_lens);
		memset(out, 'a', n);
		out[n] = 0;
		return n + 1;
	case 3: /* a NUL inside */
		memcpy(out, name, n + 1);
		memcpy(out + n + 1, "junk", 5);
		return n + 6;
	case 4: /* random bytes */
		n = below(r, 64);
		fill(r, out, n);
		return n;
	case 5: /* random printable text */
		n = below(r, 64);
		for (i = 0; i < n; i++)
			out[i] = ' ' + below(r, 95);
		out[n] = 0;
		return n + 1;
	case 6: /* one byte changed */
		memcpy(out, name, n + 1);
		if (n)
			out[below(r, n)] = fuzz_next(r);
		return n + 1;
	default:
		memcpy(out, name, n + 1);
		return n + 1;
	}
}

/* @out holds at least 260 bytes. */
static size_t odd_sizes(struct fuzz_rng *r, uint8_t *out)
{
	static const uint32_t odd[] = { 0,	    1,	       15,    16,
					17,	    31,	       4095,  4096,
					65535,	    65536,     65537, 65552,
					0x80000000, 0xffffffff };
	static const unsigned int counts[] = { 0, 1, 2, 31, 32, 33, 64 };
	unsigned int n = PICK(r, counts);
	unsigned int i;
	size_t len;
	uint32_t v;

	for (i = 0; i < n; i++) {
		v = chance(r, 70) ? PICK(r, valid_sizes) : PICK(r, odd);
		memcpy(out + 4 * i, &v, sizeof(v));
	}
	len = 4 * n;
	if (chance(r, 20)) {
		fill(r, out + len, 3);
		len += 1 + below(r, 3);
	}
	return len;
}

static void put_odd_value(struct gen *g, uint16_t type, enum value_kind kind,
			  int depth);

/* A nest of random attributes, nests among them. */
static void put_nest(struct gen *g, uint16_t type, int depth)
{
	struct nlattr *nest;
	unsigned int n, i;
	uint16_t child;

	nest = mnl_attr_nest_start_check(g->nlh, ROOM, type & NLA_TYPE_MASK);
	if (!nest)
		return;
	if (chance(g->r, 10))
		nest->nla_type &= ~NLA_F_NESTED;
	n = below(g->r, 5);
	for (i = 0; i < n; i++) {
		child = chance(g->r, 70) ? below(g->r, 16) : odd_type(g->r);
		if (depth < MAX_NEST && chance(g->r, 30))
			put_nest(g, child, depth + 1);
		else
			put_odd_value(g, child, below(g->r, V_NEST), depth + 1);
	}
	mnl_attr_nest_end(g->nlh, nest);
}

static void put_odd_value(struct gen *g, uint16_t type, enum value_kind kind,
			  int depth)
{
	static const int32_t odd_s32[] = { 0, -1, 1, INT32_MIN, INT32_MAX, -4 };
	uint8_t buf[1100];
	size_t len;
	uint32_t u32;
	uint64_t u64;
	int32_t s32;

	switch (kind) {
	case V_U32:
		u32 = odd_u32(g->r, type);
		put(g, type, &u32, sizeof(u32));
		return;
	case V_U64:
		u64 = odd_u64(g->r);
		put(g, type, &u64, sizeof(u64));
		return;
	case V_S32:
		s32 = PICK(g->r, odd_s32);
		put(g, type, &s32, sizeof(s32));
		return;
	case V_FLAG:
		len = chance(g->r, 80) ? 0 : 1 + below(g->r, 8);
		fill(g->r, buf, len);
		put(g, type, buf, len);
		return;
	case V_STR:
		len = odd_string(g->r, (char *)buf);
		put(g, type, buf, len);
		return;
	case V_SIZES:
		len = odd_sizes(g->r, buf);
		put(g, type, buf, len);
		return;
	case V_NEST:
		if (depth < MAX_NEST) {
			put_nest(g, type, depth);
			return;
		}
		break;
	case V_BYTES:
		break;
	}
	len = below(g->r, 64);
	fill(g->r, buf, len);
	put(g, type, buf, len);
}

/* The attribute inside one to ten nests. */
static void put_buried(struct gen *g, uint16_t type, const void *data,
		       size_t len)
{
	struct nlattr *nest[MAX_NEST];
	unsigned int depth = 1 + below(g->r, 10);
	unsigned int i;

	for (i = 0; i < depth; i++) {
		nest[i] = mnl_attr_nest_start_check(
			g->nlh, ROOM,
			i ? odd_type(g->r) & NLA_TYPE_MASK : type);
		if (!nest[i])
			break;
	}
	depth = i;
	mnl_attr_put_check(g->nlh, ROOM, type, len, data);
	while (depth--)
		mnl_attr_nest_end(g->nlh, nest[depth]);
}

static void mutate_attr(struct gen *g, uint16_t type, const void *data,
			size_t len)
{
	uint8_t buf[4100];
	size_t n;

	switch (below(g->r, 10)) {
	case 0: /* dropped */
		break;
	case 1: /* twice, the second the same or odd */
		put(g, type, data, len);
		if (chance(g->r, 50))
			put(g, type, data, len);
		else
			put_odd_value(g, type, attr_kind[type], 0);
		break;
	case 2:
		put(g, odd_type(g->r), data, len);
		break;
	case 3:
		put(g,
		    type | (chance(g->r, 50) ? NLA_F_NESTED :
					       NLA_F_NET_BYTEORDER),
		    data, len);
		break;
	case 4: /* shorter */
		put(g, type, data, below(g->r, len));
		break;
	case 5: /* longer */
		n = 1 + below(g->r, 16);
		memcpy(buf, data, len);
		fill(g->r, buf + len, n);
		put(g, type, buf, len + n);
		break;
	case 6:
		put_odd_value(g, type, attr_kind[type], 0);
		break;
	case 7: /* random bytes */
		n = below(g->r, 300);
		fill(g->r, buf, n);
		put(g, type, buf, n);
		break;
	case 8:
		if (g->nattrs < ARRAY_SIZE(g->offs))
			g->offs[g->nattrs++] = g->nlh->nlmsg_len;
		put_buried(g, type, data, len);
		break;
	default: /* huge */
		n = 1000 + below(g->r, 3000);
		fill(g->r, buf, n);
		put(g, type, buf, n);
		break;
	}
}

/* An attribute of a valid request, unless it is the one to mutate. */
static void emit(struct gen *g, uint16_t type, const void *data, size_t len)
{
	size_t at = g->nlh->nlmsg_len;

	if (g->index++ == g->target) {
		mutate_attr(g, type, data, len);
	} else if (put(g, type, data, len) && type == KAESBENCH_A_RUN_ID &&
		   g->real_id) {
		g->m->run_id_at = at + MNL_ATTR_HDRLEN;
	}
	g->real_id = false;
}

static void emit_u32(struct gen *g, uint16_t type, uint32_t value)
{
	emit(g, type, &value, sizeof(value));
}

static void emit_name(struct gen *g)
{
	const char *name;

	if (chance(g->r, 75)) {
		name = PICK(g->r, drivers);
		emit(g, KAESBENCH_A_RUN_DRIVER, name, strlen(name) + 1);
	} else {
		name = PICK(g->r, algs);
		emit(g, KAESBENCH_A_RUN_ALG, name, strlen(name) + 1);
	}
}

/* A run that starts where the name allows it, and ends soon. */
static void valid_run(struct gen *g)
{
	static const uint32_t depths[] = { 1, 8, 16, 64 };
	static const uint32_t key_bits[] = { 128, 192, 256, 512 };
	static const uint32_t aad[] = { 0, 8, 16, 20, 64 };
	static const uint32_t tags[] = { 4, 8, 12, 13, 16 };
	uint32_t sizes[3];
	unsigned int n = 1 + below(g->r, 3);
	unsigned int i;

	for (i = 0; i < n; i++)
		sizes[i] = PICK(g->r, valid_sizes);
	emit_name(g);
	emit(g, KAESBENCH_A_RUN_SIZES, sizes, n * sizeof(sizes[0]));
	emit_u32(g, KAESBENCH_A_RUN_SAMPLE_MS, 1 + below(g->r, 5));
	emit_u32(g, KAESBENCH_A_RUN_SAMPLES, 1 + below(g->r, 2));
	emit_u32(g, KAESBENCH_A_RUN_WARMUP_MS, below(g->r, 3));
	if (chance(g->r, 30))
		emit_u32(g, KAESBENCH_A_RUN_DEPTH,
			 chance(g->r, 50) ? 1 + below(g->r, 8) :
					    PICK(g->r, depths));
	if (chance(g->r, 25))
		emit(g, KAESBENCH_A_RUN_DECRYPT, NULL, 0);
	if (chance(g->r, 50))
		emit(g, KAESBENCH_A_RUN_NO_VERIFY, NULL, 0);
	if (chance(g->r, 20))
		emit_u32(g, KAESBENCH_A_RUN_KEY_BITS, PICK(g->r, key_bits));
	if (chance(g->r, 10))
		emit_u32(g, KAESBENCH_A_RUN_AAD_LEN, PICK(g->r, aad));
	if (chance(g->r, 10))
		emit_u32(g, KAESBENCH_A_RUN_TAG_LEN, PICK(g->r, tags));
}

static void valid_verify(struct gen *g)
{
	uint64_t seed = fuzz_next(g->r);

	emit_name(g);
	emit_u32(g, KAESBENCH_A_VERIFY_CASES, 1 + below(g->r, 8));
	if (chance(g->r, 50))
		emit(g, KAESBENCH_A_VERIFY_SEED, &seed, sizeof(seed));
	if (chance(g->r, 20))
		emit_u32(g, KAESBENCH_A_RUN_KEY_BITS,
			 chance(g->r, 50) ? 128 : 256);
}

static void valid_cancel(struct gen *g)
{
	if (chance(g->r, 70)) {
		g->real_id = true;
		emit_u32(g, KAESBENCH_A_RUN_ID, 0);
	} else {
		emit_u32(g, KAESBENCH_A_RUN_ID,
			 odd_u32(g->r, KAESBENCH_A_RUN_ID));
	}
}

/* A command for a valid request, and how many attributes it surely has. */
static uint8_t pick_command(struct gen *g, int *surely)
{
	uint32_t roll = below(g->r, 100);

	if (roll < 40) {
		*surely = 5;
		return KAESBENCH_CMD_RUN;
	}
	if (roll < 55) {
		*surely = 2;
		return KAESBENCH_CMD_VERIFY;
	}
	if (roll < 85) {
		*surely = 1;
		return KAESBENCH_CMD_CANCEL;
	}
	*surely = 0;
	return KAESBENCH_CMD_GET_IMPLS;
}

static void valid_request(struct gen *g, uint8_t cmd)
{
	g->nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	switch (cmd) {
	case KAESBENCH_CMD_RUN:
		valid_run(g);
		break;
	case KAESBENCH_CMD_VERIFY:
		valid_verify(g);
		break;
	case KAESBENCH_CMD_CANCEL:
		valid_cancel(g);
		break;
	default:
		g->nlh->nlmsg_flags |= NLM_F_DUMP;
		break;
	}
}

static void random_attrs(struct gen *g)
{
	unsigned int n = below(g->r, 9);
	uint16_t type;

	while (n--) {
		type = odd_type(g->r);
		put_odd_value(g, type, kind_of(g->r, type), 0);
	}
}

static void lie_about_length(struct gen *g)
{
	struct nlattr *a;
	size_t end = g->nlh->nlmsg_len;
	size_t at;

	if (!g->nattrs)
		return;
	at = g->offs[below(g->r, g->nattrs)];
	a = attr_at(g, at);
	switch (below(g->r, 5)) {
	case 0:
		a->nla_len = below(g->r, MNL_ATTR_HDRLEN + 1);
		break;
	case 1:
		a->nla_len = a->nla_len ? a->nla_len - 1 : 0;
		break;
	case 2:
		a->nla_len += 1 + below(g->r, 8);
		break;
	case 3: /* past the end of the message */
		a->nla_len = end - at + MNL_ATTR_HDRLEN;
		break;
	default:
		a->nla_len = UINT16_MAX;
		break;
	}
}

static void mutate_message(struct gen *g)
{
	uint16_t type;
	size_t at, len;

	switch (below(g->r, 6)) {
	case 0:
		type = odd_type(g->r);
		put_odd_value(g, type, kind_of(g->r, type), 0);
		break;
	case 1: /* an attribute some command takes, with an odd value */
		type = 1 + below(g->r, KAESBENCH_A_MAX);
		put_odd_value(g, type, attr_kind[type], 0);
		break;
	case 2:
		put_nest(g, odd_type(g->r), 0);
		break;
	case 3:
		lie_about_length(g);
		break;
	case 4:
		g->cut = CUT_LAST_ATTR;
		break;
	default: /* one attribute again, byte for byte */
		if (!g->nattrs)
			break;
		at = g->offs[below(g->r, g->nattrs)];
		len = MNL_ALIGN(attr_at(g, at)->nla_len);
		if (at + len <= g->nlh->nlmsg_len &&
		    g->nlh->nlmsg_len + len <= ROOM) {
			memcpy((char *)g->nlh + g->nlh->nlmsg_len,
			       attr_at(g, at), len);
			g->nlh->nlmsg_len += len;
		}
		break;
	}
}

static void mutate_header(struct gen *g, struct genlmsghdr *genl)
{
	struct nlmsghdr *nlh = g->nlh;

	switch (below(g->r, 8)) {
	case 0:
		nlh->nlmsg_flags = fuzz_next(g->r);
		if (chance(g->r, 90))
			nlh->nlmsg_flags |= NLM_F_REQUEST;
		break;
	case 1:
		nlh->nlmsg_flags ^= NLM_F_DUMP;
		break;
	case 2:
		genl->version = fuzz_next(g->r);
		break;
	case 3:
		genl->reserved = 1 + below(g->r, UINT16_MAX);
		break;
	case 4:
		genl->cmd = fuzz_next(g->r);
		break;
	case 5:
		nlh->nlmsg_pid = fuzz_next(g->r);
		break;
	case 6:
		g->cut = CLAIM_MORE;
		break;
	default:
		g->cut = CLAIM_LESS;
		break;
	}
}

/*
 * The length mutations, once every attribute is in: returns how many
 * bytes to send, and sets nlmsg_len to what the header is to claim.
 */
static size_t cut(struct gen *g)
{
	size_t sent = g->nlh->nlmsg_len;
	size_t at, end;

	switch (g->cut) {
	case CUT_LAST_ATTR: /* the message ends inside its last attribute */
		if (!g->nattrs)
			break;
		at = g->offs[g->nattrs - 1];
		sent = at + below(g->r, sent - at);
		g->nlh->nlmsg_len = sent;
		break;
	case CLAIM_MORE: /* the kernel drops it */
		g->nlh->nlmsg_len += 1 + below(g->r, 64);
		break;
	case CLAIM_LESS: /* down to less than a header */
		g->nlh->nlmsg_len =
			chance(g->r, 30) ?
				below(g->r,
				      MNL_NLMSG_HDRLEN + GENL_HDRLEN + 1) :
				sent - below(g->r, 13);
		break;
	case CUT_NONE:
		break;
	}
	/*
	 * Bytes past the message nlmsg_len claims are read as another message
	 * when there are enough for a header: never leave that many.
	 */
	end = MNL_ALIGN(g->nlh->nlmsg_len);
	if (g->nlh->nlmsg_len >= MNL_NLMSG_HDRLEN && end < sent &&
	    sent - end >= MNL_NLMSG_HDRLEN)
		sent = end + below(g->r, MNL_NLMSG_HDRLEN);
	return sent;
}

/**
 * fuzz_generate() - the next message of the stream
 * @r: the stream
 * @buf: FUZZ_MSG_MAX bytes
 * @seq: its sequence number
 * @m: how long it is, what it is, where to put the run's id
 *
 * nlmsg_type is left 0: the sender puts the family's id there.
 */
void fuzz_generate(struct fuzz_rng *r, void *buf, uint32_t seq,
		   struct fuzz_msg *m)
{
	struct gen g = { .r = r, .m = m, .target = -1 };
	struct genlmsghdr *genl;
	uint32_t roll = below(r, 100);
	unsigned int n;
	size_t len;
	int surely;

	memset(m, 0, sizeof(*m));
	memset(buf, 0, MNL_NLMSG_HDRLEN + GENL_HDRLEN);
	g.nlh = mnl_nlmsg_put_header(buf);
	g.nlh->nlmsg_seq = seq;
	genl = mnl_nlmsg_put_extra_header(g.nlh, sizeof(*genl));
	genl->version = KAESBENCH_GENL_VERSION;

	if (roll < 20) {
		m->kind = FUZZ_VALID;
		genl->cmd = pick_command(&g, &surely);
		valid_request(&g, genl->cmd);
	} else if (roll < 65) {
		m->kind = FUZZ_MUTATED;
		genl->cmd = pick_command(&g, &surely);
		g.target = surely ? (int)below(r, surely) : -1;
		valid_request(&g, genl->cmd);
		/* The attribute mutation, and up to two more. */
		for (n = below(r, 3) + (g.target < 0); n; n--) {
			if (chance(r, 70))
				mutate_message(&g);
			else
				mutate_header(&g, genl);
		}
	} else if (roll < 90) {
		m->kind = FUZZ_RANDOM;
		genl->cmd = chance(r, 60) ? below(r, KAESBENCH_CMD_MAX + 1) :
					    (uint8_t)fuzz_next(r);
		g.nlh->nlmsg_flags = NLM_F_REQUEST |
				     (chance(r, 70) ? NLM_F_ACK : 0) |
				     (chance(r, 30) ? NLM_F_DUMP : 0);
		random_attrs(&g);
		if (chance(r, 20))
			mutate_message(&g);
		if (chance(r, 20))
			mutate_header(&g, genl);
	} else if (roll < 95) {
		m->kind = FUZZ_GARBAGE;
		genl->cmd = below(r, KAESBENCH_CMD_MAX + 1);
		g.nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK |
				     (chance(r, 30) ? NLM_F_DUMP : 0);
		len = below(r, 512);
		fill(r, (char *)buf + g.nlh->nlmsg_len, len);
		g.nlh->nlmsg_len += len;
	} else {
		m->kind = FUZZ_BARE;
		genl->cmd = fuzz_next(r);
		g.nlh->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
		if (chance(r, 50))
			mutate_header(&g, genl);
	}
	m->len = cut(&g);
	if (m->run_id_at + sizeof(uint32_t) > m->len)
		m->run_id_at = 0;
}

const char *fuzz_kind_name(enum fuzz_kind kind)
{
	static const char *const names[FUZZ_KINDS] = {
		[FUZZ_VALID] = "valid",	  [FUZZ_MUTATED] = "mutated",
		[FUZZ_RANDOM] = "random", [FUZZ_GARBAGE] = "garbage",
		[FUZZ_BARE] = "bare",
	};

	return kind < FUZZ_KINDS ? names[kind] : "?";
}

/**
 * fuzz_names() - the names valid requests ask for
 * @by_alg: algorithm names rather than driver names
 * @count: set to how many
 *
 * Return: the names. A warm-up that asks for each once instantiates every
 * template instance the stream can ask for (mutated names are refused
 * before the crypto API builds anything), so that a memory baseline taken
 * after it does not count them.
 */
const char *const *fuzz_names(bool by_alg, unsigned int *count)
{
	*count = by_alg ? ARRAY_SIZE(algs) : ARRAY_SIZE(drivers);
	return by_alg ? algs : drivers;
}
