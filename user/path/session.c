// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * One implementation put through a path (path/ops.h): the lanes of its
 * namespaces (path/link.h), each with ends the path makes:
 *   0  the tunnel measured: the implementation at both ends, both ways;
 *   1  the differential's first half: it encrypts, the reference decrypts;
 *   2  the second: the reference encrypts, it decrypts;
 *   3  plaintext, no ends: the same datagrams without the path, measured
 *      in turn with lane 0 so that both see the same machine.
 * Every implementation gets namespaces of its own, so that the kernel's
 * per-namespace counters are its own.
 *
 * A wrong implementation that agrees with itself passes lane 0: only the
 * halves with the reference at the other end can show it, as packets the
 * receiving end refuses (the path's counters: an ESP SA's failed
 * authentications, ...) or datagrams that arrive wrong. Any of those, a
 * datagram lost in the paced halves, or an end whose implementation is
 * not proved, makes the result invalid.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <linux/kaesbench.h>

#include "base/clock.h"
#include "base/signals.h"
#include "bench/result.h"
#include "bench/run_options.h"
#include "bench/runner.h"
#include "path/iperf3.h"
#include "path/link.h"
#include "path/raise_check.h"
#include "path/session.h"
#include "netlink/crypto_user.h"

#define PORT 4500
#define IPERF3_PORT 5201
#define DIFF_WINDOW 16
#define DIFF_WAIT_MS 3000

/**
 * kb_path_fail() - say why an implementation could not be put through
 * @p: the session
 * @what: what was being done ("making an SA")
 * @why: what went wrong
 *
 * The first failure is the one told.
 */
void kb_path_fail(struct kb_path *p, const char *what, const char *why)
{
	if (p->r->state == KB_PATH_FAILED)
		return;
	p->r->state = KB_PATH_FAILED;
	snprintf(p->r->message, sizeof(p->r->message), "%s: %s", what, why);
}

/**
 * kb_path_prove() - make one end with a driver, and prove it got it
 * @p: the session
 * @side: the namespace the end is in
 * @lane: its lane
 * @driver: the driver of what the path allocates the end must get
 * @make: the path's call that makes the end, given @arg
 * @arg: what @make is given
 *
 * The proof goes into the result's list, in the order ends are made.
 *
 * Return: 0 when the end was made (proved or not), or a negative errno,
 * told with kb_path_fail().
 */
int kb_path_prove(struct kb_path *p, int side, unsigned int lane,
		  const char *driver, kb_proof_maker make, void *arg)
{
	const struct kb_proof_end end = {
		.alloc_name = p->alloc_name,
		.driver = driver,
		.transforms = p->kind.ops->transforms_per_end,
		.make = make,
		.arg = arg,
	};
	struct kb_path_proof *proof;
	char err[256], what[64];
	int ret;

	if (p->r->proofs == KB_PATH_ENDS)
		return -ENOSPC;
	proof = &p->r->proof[p->r->proofs];
	ret = kb_proof_make(p->nl, p->g, &end, proof, err, sizeof(err));
	if (ret) {
		snprintf(what, sizeof(what), "making %s", p->kind.ops->an_end);
		kb_path_fail(p, what, err);
		return ret;
	}
	proof->side = side;
	proof->lane = lane;
	p->r->proofs++;
	return 0;
}

/*
 * A lane's traffic: the layer's datagrams, or the path's own flow
 * (path/flow.h), opened, run and closed alike.
 */
struct lane_io {
	struct kb_traffic t;
	void *flow;
};

static int open_datagrams(struct kb_path *c, unsigned int lane,
			  struct kb_traffic *t)
{
	struct in_addr from, to;
	int tx, rx;

	c->kind.ops->lane_addr(c, lane, 0, &from);
	c->kind.ops->lane_addr(c, lane, 1, &to);
	tx = kb_netns_socket(&c->ns, 0, AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	rx = kb_netns_socket(&c->ns, 1, AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (tx >= 0 && rx >= 0)
		return kb_traffic_open(t, tx, rx, &from, &to, PORT + lane);
	if (tx >= 0)
		close(tx);
	if (rx >= 0)
		close(rx);
	return tx < 0 ? tx : rx;
}

static int open_lane(struct kb_path *c, unsigned int lane, struct lane_io *io)
{
	const struct kb_path_flow_ops *flow = c->kind.ops->flow;
	int ret;

	io->flow = NULL;
	io->t.tx = io->t.rx = -1;
	if (flow)
		return flow->open(c, lane, &io->flow);
	ret = open_datagrams(c, lane, &io->t);
	if (ret)
		kb_path_fail(c, "opening the lane's sockets", strerror(-ret));
	return ret;
}

static int run_lane(const struct kb_path *c, struct lane_io *io,
		    const struct kb_traffic_opts *o,
		    struct kb_traffic_result *r)
{
	if (c->kind.ops->flow)
		return c->kind.ops->flow->run(io->flow, o, r);
	return kb_traffic_run(&io->t, o, r);
}

static void close_lane(const struct kb_path *c, struct lane_io *io)
{
	if (c->kind.ops->flow) {
		if (io->flow)
			c->kind.ops->flow->close(io->flow);
		io->flow = NULL;
		return;
	}
	kb_traffic_close(&io->t);
}

/* The bytes one unit of a size (-b) carries: an IPv4 packet's payload. */
static uint32_t payload_of(const struct kb_path *c, uint32_t size)
{
	return c->kind.ops->payload ? c->kind.ops->payload(size) : size - 28;
}

/* One half of the differential: every size, paced, then the counters. */
static int half(struct kb_path *c, unsigned int lane, struct kb_path_half *h)
{
	const struct kb_path_opts *o = c->o;
	const struct kb_path_ops *ops = c->kind.ops;
	uint64_t before[KB_PATH_MAX_REFUSALS] = { 0 };
	uint64_t after[KB_PATH_MAX_REFUSALS] = { 0 };
	uint32_t *payload_sizes;
	struct lane_io t;
	size_t i, n = 0;
	int ret;

	payload_sizes = calloc(o->npacket_sizes + o->nimix_packet_sizes,
			       sizeof(*payload_sizes));
	if (!payload_sizes)
		return -ENOMEM;
	for (i = 0; i < o->npacket_sizes; i++)
		payload_sizes[n++] = payload_of(c, o->packet_sizes[i]);
	for (i = 0; i < o->nimix_packet_sizes; i++)
		payload_sizes[n++] = payload_of(c, o->imix_packet_sizes[i]);
	ret = open_lane(c, lane, &t);
	if (!ret) {
		struct kb_traffic_opts to = {
			.payload_sizes = payload_sizes,
			.npayload_sizes = n,
			.packets = o->diff_packets,
			.window = DIFF_WINDOW,
			.wait_ms = DIFF_WAIT_MS,
			.tag = c->tag + lane,
		};

		ops->refused(c, lane, before);
		ret = run_lane(c, &t, &to, &h->traffic);
		close_lane(c, &t);
		if (ret)
			kb_path_fail(c, "sending the differential's datagrams",
				     strerror(-ret));
	}
	free(payload_sizes);
	if (ret)
		return ret;
	h->ran = true;
	ops->refused(c, lane, after);
	/* A counter that could not be read after counts nothing. */
	for (i = 0; i < ops->nrefusals; i++)
		h->refused[i] = after[i] > before[i] ? after[i] - before[i] : 0;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of @n measurements, and their spread. */
static void summarize(const struct kb_traffic_result *m, size_t n,
		      struct kb_path_rate *rate)
{
	double pps[64], sorted[64];
	size_t i, mid = 0;

	memset(rate, 0, sizeof(*rate));
	for (i = 0; i < n; i++) {
		pps[i] = m[i].wall_s > 0 ? m[i].received / m[i].wall_s : 0;
		sorted[i] = pps[i];
		rate->wrong += m[i].wrong;
		rate->lost += m[i].lost;
	}
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	for (i = 0; i < n; i++)
		if (pps[i] == sorted[n / 2])
			mid = i;
	rate->count = n;
	rate->median = m[mid];
	rate->pps = pps[mid];
	if (m[mid].wall_s > 0)
		rate->gbps = m[mid].payload_bytes * 8 / m[mid].wall_s / 1e9;
	if (m[mid].received)
		rate->cpu_us_per_packet =
			m[mid].cpu_busy_ns / 1e3 / m[mid].received;
	if (rate->pps > 0)
		rate->spread = (sorted[n - 1] - sorted[0]) / rate->pps;
}

/* The lanes a point measures in turn: plaintext, and the alongside. */
struct point_lanes {
	struct lane_io tunnel;
	struct lane_io plain;
	struct lane_io alongside;
	bool has_alongside;
};

/* One point: the tunnel, plaintext and the alongside, in turn. */
static int measure(struct kb_path *c, struct point_lanes *l,
		   const uint32_t *packets, size_t n, struct kb_path_point *pt)
{
	struct kb_traffic_result tr[64], pr[64], ar[64];
	size_t i, reps = c->o->repeats > 64 ? 64 : c->o->repeats;
	uint32_t *payload_sizes = calloc(n, sizeof(*payload_sizes));
	int ret = 0;

	if (!payload_sizes)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		payload_sizes[i] = payload_of(c, packets[i]);
	for (i = 0; i < reps && !ret; i++) {
		struct kb_traffic_opts to = {
			.payload_sizes = payload_sizes,
			.npayload_sizes = n,
			.ms = c->o->ms,
			.tag = c->tag + 16 + i,
		};

		ret = run_lane(c, &l->tunnel, &to, &tr[i]);
		if (!ret)
			ret = run_lane(c, &l->plain, &to, &pr[i]);
		if (!ret && l->has_alongside)
			ret = run_lane(c, &l->alongside, &to, &ar[i]);
		if (!ret && (tr[i].interrupted || pr[i].interrupted ||
			     (l->has_alongside && ar[i].interrupted)))
			ret = -EINTR;
	}
	free(payload_sizes);
	if (ret)
		return ret;
	summarize(tr, reps, &pt->tunnel);
	summarize(pr, reps, &pt->plain);
	pt->has_alongside = l->has_alongside;
	if (l->has_alongside)
		summarize(ar, reps, &pt->alongside);
	return 0;
}

/* A point's ceiling: the crypto alone for its units, both ways. */
static void ceiling_point(const struct kb_path *c, const struct kb_run run[2],
			  struct kb_path_point *pt)
{
	const uint32_t *packets = pt->packet_size ? &pt->packet_size :
						    c->o->imix_packet_sizes;
	size_t n = pt->packet_size ? 1 : c->o->nimix_packet_sizes, k, d;
	double seconds = 0, bytes = 0;
	bool ok = true;

	for (k = 0; k < n && ok; k++) {
		uint32_t len =
			c->kind.ops->crypt_len(c, payload_of(c, packets[k]));

		for (d = 0; d < 2 && ok; d++) {
			struct kb_summary sum;

			ok = !kb_run_failed(&run[d]) &&
			     !kb_run_invalid(&run[d]) &&
			     !kb_summarize(&run[d], len, &sum) &&
			     sum.ops_per_s > 0;
			if (ok)
				seconds += 1 / sum.ops_per_s;
		}
		bytes += len;
	}
	if (!ok)
		return;
	pt->has_ceiling = true;
	pt->ceiling_pps = n / seconds;
	pt->ceiling_mbps = bytes / seconds / 1e6;
}

/*
 * The crypto alone, both ways: what one machine's two ends cost. Each
 * way where a path calls it: encrypting from the sender's thread, as a
 * socket's send does; decrypting with bottom halves disabled (softirq
 * context), as ESP's and ovpn's receive paths in NET_RX do, where a SIMD
 * driver may hand the work to cryptd and cost more than in a thread; or
 * in a thread, where a path decrypts in its receiver's (kTLS's recvmsg()).
 */
static void ceiling(struct kb_path *c)
{
	struct kb_path_result *r = c->r;
	uint32_t param[KB_P_COUNT] = { 0 };
	struct kb_run run[2];
	struct kb_sizes crypt_sizes = { 0 };
	unsigned int aad = c->kind.ops->aad ? c->kind.ops->aad(c->kind.front) :
					      c->kind.ops->aad_bytes;
	size_t i, d;

	crypt_sizes.size =
		calloc(c->o->npacket_sizes + c->o->nimix_packet_sizes,
		       sizeof(uint32_t));
	if (!crypt_sizes.size)
		return;
	for (i = 0; i < c->o->npacket_sizes + c->o->nimix_packet_sizes; i++) {
		uint32_t packet =
			i < c->o->npacket_sizes ?
				c->o->packet_sizes[i] :
				c->o->imix_packet_sizes[i - c->o->npacket_sizes];
		uint32_t len = c->kind.ops->crypt_len(c, payload_of(c, packet));

		if (!kb_sizes_has(crypt_sizes.size, crypt_sizes.count, len))
			crypt_sizes.size[crypt_sizes.count++] = len;
	}
	param[KB_P_KEY_BITS] = c->o->key_bits;
	param[KB_P_AAD] = aad;
	/*
	 * An engine shows its rate only with requests queued, as the tunnel
	 * queues them (many datagrams in flight): the sweep's depth.
	 */
	param[KB_P_DEPTH] = r->impl.async ? KB_SWEEP_ASYNC_DEPTH : 1;
	for (d = 0; d < 2; d++) {
		struct kb_run_req req = {
			.driver = r->impl.driver,
			.param = param,
			.given = 1U << KB_P_KEY_BITS | 1U << KB_P_DEPTH |
				 (aad ? 1U << KB_P_AAD : 0),
			.quiet = true,
			.context = d && !c->kind.ops->decrypts_in_thread ?
					   KAESBENCH_CONTEXT_SOFTIRQ :
					   KAESBENCH_CONTEXT_THREAD,
		};

		memset(&run[d], 0, sizeof(run[d]));
		run[d].decrypt = d;
		run[d].key_bits = c->o->key_bits;
		kb_sizes_copy(&run[d].sizes, crypt_sizes.size,
			      crypt_sizes.count);
		r->ceiling_context[d] = req.context;
		kb_runner_run(&req, &run[d]);
	}
	for (i = 0; i < r->points; i++)
		ceiling_point(c, run, &r->point[i]);
	for (d = 0; d < 2; d++) {
		/* kaesbench.ko verified the chain first, and found it wrong. */
		if (kb_run_invalid(&run[d]) && r->state == KB_PATH_VALID) {
			char why[200];

			r->state = KB_PATH_INVALID;
			snprintf(r->message, sizeof(r->message),
				 "kaesbench.ko's verification of %s failed: %s",
				 r->impl.driver,
				 kb_run_reason(&run[d], why, sizeof(why)));
		}
		if (!r->ceiling_note[0] &&
		    (kb_run_failed(&run[d]) || kb_run_invalid(&run[d]))) {
			char why[200];

			snprintf(r->ceiling_note, sizeof(r->ceiling_note),
				 "the crypto-only ceiling was not measured: %s",
				 kb_run_reason(&run[d], why, sizeof(why)));
		}
		kb_run_release(&run[d]);
	}
	kb_sizes_free(&crypt_sizes);
}

/* iperf3 over the measured lane, on another port than the generator's. */
static int iperf3(struct kb_path *c, struct kb_path_point *pt)
{
	struct in_addr from, to;
	int ret;

	c->kind.ops->lane_addr(c, KB_LANE_TUNNEL, 0, &from);
	c->kind.ops->lane_addr(c, KB_LANE_TUNNEL, 1, &to);
	pt->has_iperf3 = true;
	ret = kb_iperf3_udp(c->o->iperf3_program, &c->ns, &from, &to,
			    IPERF3_PORT, payload_of(c, pt->packet_size),
			    c->o->ms, &pt->iperf3);
	if (ret)
		snprintf(pt->iperf3.error, sizeof(pt->iperf3.error),
			 "iperf3 could not be started: %s", strerror(-ret));
	return kb_interrupted() ? -EINTR : 0;
}

/*
 * The alongside lane, where the path has one: a failure to open it is
 * said in every point, and costs the run nothing else.
 */
static void open_alongside(struct kb_path *c, struct point_lanes *l)
{
	enum kb_path_state state = c->r->state;
	char message[sizeof(c->r->message)];

	if (!c->kind.ops->alongside)
		return;
	memcpy(message, c->r->message, sizeof(message));
	l->has_alongside = !open_lane(c, KB_LANE_ALONGSIDE, &l->alongside);
	if (l->has_alongside)
		return;
	/* Its kb_path_fail() said why: kept as the note, not the state. */
	snprintf(c->alongside_error, sizeof(c->alongside_error), "%.255s",
		 c->r->message);
	c->r->state = state;
	memcpy(c->r->message, message, sizeof(message));
}

static void points(struct kb_path *c)
{
	const struct kb_path_opts *o = c->o;
	struct point_lanes l = { 0 };
	size_t i;
	int ret;

	c->r->point = calloc(o->npacket_sizes + 1, sizeof(*c->r->point));
	if (!c->r->point) {
		kb_path_fail(c, "measuring", strerror(ENOMEM));
		return;
	}
	if (open_lane(c, KB_LANE_TUNNEL, &l.tunnel))
		return;
	if (open_lane(c, KB_LANE_PLAIN, &l.plain)) {
		close_lane(c, &l.tunnel);
		return;
	}
	open_alongside(c, &l);
	for (i = 0, ret = 0;
	     i < o->npacket_sizes + (o->nimix_packet_sizes > 0) && !ret; i++) {
		struct kb_path_point *pt = &c->r->point[c->r->points];
		const uint32_t *packets = i < o->npacket_sizes ?
						  &o->packet_sizes[i] :
						  o->imix_packet_sizes;
		size_t n = i < o->npacket_sizes ? 1 : o->nimix_packet_sizes, k;
		uint64_t crypt = 0, wire = 0;

		pt->packet_size = i < o->npacket_sizes ? o->packet_sizes[i] : 0;
		for (k = 0; k < n; k++) {
			crypt += c->kind.ops->crypt_len(
				c, payload_of(c, packets[k]));
			wire += c->kind.ops->wire_len(
				c, payload_of(c, packets[k]));
		}
		pt->crypt_len = crypt / n;
		pt->wire_len = wire / n;
		memcpy(pt->alongside_error, c->alongside_error,
		       sizeof(pt->alongside_error));
		ret = measure(c, &l, packets, n, pt);
		if (!ret && o->iperf3 && pt->packet_size)
			ret = iperf3(c, pt);
		if (!ret)
			c->r->points++;
	}
	close_lane(c, &l.tunnel);
	close_lane(c, &l.plain);
	if (l.has_alongside)
		close_lane(c, &l.alongside);
	if (ret == -EINTR)
		c->r->state = KB_PATH_INTERRUPTED;
	else if (ret)
		kb_path_fail(c, "measuring", strerror(-ret));
}

/* Whether a half saw anything wrong, and if so, said in @buf. */
static bool half_wrong(const struct kb_path *c, const struct kb_path_half *h,
		       char *buf, size_t len)
{
	const struct kb_path_ops *ops = c->kind.ops;
	bool wrong = h->traffic.wrong || h->traffic.lost;
	size_t i, used;

	for (i = 0; i < ops->nrefusals; i++)
		wrong |= h->refused[i] != 0;
	if (!wrong)
		return false;
	used = snprintf(buf, len, "%s encrypting, %s decrypting: ", h->sender,
			h->receiver);
	for (i = 0; i < ops->nrefusals && used < len; i++)
		used += snprintf(buf + used, len - used, "%llu %s, ",
				 (unsigned long long)h->refused[i],
				 ops->refusals[i].text);
	if (used < len)
		snprintf(buf + used, len - used,
			 "%llu wrong, %llu lost of %llu",
			 (unsigned long long)h->traffic.wrong,
			 (unsigned long long)h->traffic.lost,
			 (unsigned long long)h->traffic.sent);
	return true;
}

static bool halves_wrong(const struct kb_path *c)
{
	char why[8];

	return half_wrong(c, &c->r->half[0], why, sizeof(why)) ||
	       half_wrong(c, &c->r->half[1], why, sizeof(why));
}

struct swap_later {
	struct kb_path *c;
	uint32_t after_ms;
	double started, at;
	int ret;
	char err[256];
};

static void *swap_later(void *arg)
{
	struct swap_later *s = arg;
	struct timespec pause = { .tv_sec = s->after_ms / 1000,
				  .tv_nsec = s->after_ms % 1000 * 1000000L };

	nanosleep(&pause, NULL);
	s->at = kb_now() - s->started;
	s->ret = s->c->kind.ops->swap(s->c, KB_LANE_TUNNEL, s->err,
				      sizeof(s->err));
	return NULL;
}

/*
 * A key rotation under traffic, as a VPN does it: new keys beside the
 * ones in use at both ends, then the swap to them at both ends halfway
 * through a measurement of the first size. A datagram across it may be
 * lost (said), none may arrive wrong.
 */
static void rotation(struct kb_path *c)
{
	const struct kb_path_opts *o = c->o;
	struct kb_path_rotation *rot = &c->r->rotation;
	struct swap_later s = { .c = c, .after_ms = o->ms / 2 };
	uint32_t packet = o->npacket_sizes ? o->packet_sizes[0] :
					     o->imix_packet_sizes[0];
	uint32_t payload = payload_of(c, packet);
	struct kb_traffic_opts to = {
		.payload_sizes = &payload,
		.npayload_sizes = 1,
		.ms = o->ms,
		.tag = c->tag + 15,
	};
	struct lane_io t;
	pthread_t thread;
	int ret;

	if (!c->kind.ops->rekey || c->r->state != KB_PATH_VALID)
		return;
	ret = c->kind.ops->rekey(c, KB_LANE_TUNNEL, c->r->impl.driver);
	if (!ret)
		ret = open_lane(c, KB_LANE_TUNNEL, &t);
	if (ret)
		return;
	rot->packet_size = packet;
	s.started = kb_now();
	ret = pthread_create(&thread, NULL, swap_later, &s);
	if (ret) {
		close_lane(c, &t);
		kb_path_fail(c, "rotating the keys", strerror(ret));
		return;
	}
	ret = run_lane(c, &t, &to, &rot->traffic);
	pthread_join(thread, NULL);
	close_lane(c, &t);
	rot->ran = !ret;
	rot->swapped = !s.ret;
	rot->swap_at_s = s.at;
	if (s.ret)
		snprintf(rot->error, sizeof(rot->error), "%s", s.err);
	if (ret)
		kb_path_fail(c, "rotating the keys", strerror(-ret));
	else if (rot->traffic.interrupted)
		c->r->state = KB_PATH_INTERRUPTED;
}

static const char *units(const struct kb_path *c)
{
	return c->kind.ops->units ? c->kind.ops->units : "datagrams";
}

/* The result invalid, and why, after what was said before: "; "-joined. */
static void __attribute__((format(printf, 2, 3)))
invalid(struct kb_path_result *r, const char *fmt, ...)
{
	size_t used = strlen(r->message);
	va_list ap;

	r->state = KB_PATH_INVALID;
	if (used + 2 >= sizeof(r->message))
		return;
	if (used) {
		memcpy(r->message + used, "; ", 3);
		used += 2;
	}
	va_start(ap, fmt);
	vsnprintf(r->message + used, sizeof(r->message) - used, fmt, ap);
	va_end(ap);
}

/* Each end proved by its driver's count, and by the path's read-back. */
static void judge_ends(struct kb_path *c)
{
	const struct kb_path_proof *pf = c->r->proof;
	size_t i, n = c->r->proofs;

	for (i = 0; i < n && pf[i].proved; i++)
		;
	if (i < n)
		invalid(c->r,
			"the %s's implementation is not proved: %s's reference count changed by %d%s%s",
			c->kind.ops->end, pf[i].driver, pf[i].delta,
			pf[i].other[0] ? ", and so did " : "", pf[i].other);
	for (i = 0; i < n && !pf[i].also_bad; i++)
		;
	if (i < n)
		invalid(c->r,
			"the %s made with %s is not what its read-back says: %s",
			c->kind.ops->end, pf[i].driver, pf[i].also);
}

static void judge(struct kb_path *c)
{
	struct kb_path_result *r = c->r;
	char why[sizeof(r->message)];
	size_t i;

	if (r->state != KB_PATH_VALID)
		return;
	judge_ends(c);
	for (i = 0; i < 2; i++)
		if (half_wrong(c, &r->half[i], why, sizeof(why)))
			invalid(r, "%s", why);
	if (r->rotation.ran && !r->rotation.swapped)
		invalid(r, "the keys could not be swapped: %s",
			r->rotation.error);
	if (r->rotation.traffic.wrong)
		invalid(r, "%llu %s arrived wrong across the key swap",
			(unsigned long long)r->rotation.traffic.wrong,
			units(c));
	for (i = 0; i < r->points && !r->point[i].tunnel.wrong; i++)
		;
	if (i < r->points)
		invalid(r, "%llu %s arrived wrong through the tunnel",
			(unsigned long long)r->point[i].tunnel.wrong, units(c));
}

/*
 * Before any end of this implementation: the drivers its ends need (it,
 * and the reference at the differential's other end) may be raised, or
 * need no raise (path/raise_check.c). Where another user holds
 * transforms of what the path allocates, the implementation is not
 * measured, unless --force-raise accepts the risk, which is said on
 * standard error.
 */
static bool may_raise(struct kb_path *c, const struct kb_path_impl *impl,
		      const struct kb_path_impl *ref)
{
	const char *driver[2] = { impl->driver, ref->driver };
	char why[sizeof(c->r->message)];
	/* A userspace reference has no priority to raise. */
	size_t i, n = c->kind.ops->reference ? 1 : 2;
	int ret;

	for (i = 0; i < n; i++) {
		if (i && !strcmp(driver[i], driver[0]))
			break;
		ret = kb_raise_check(c->nl, c->kind.ops, c->alloc_name,
				     driver[i], c->o->force_raise, why,
				     sizeof(why));
		if (ret == -EBUSY && c->o->force_raise) {
			fprintf(stderr, "kaesbench %s: %s: %s\n",
				c->kind.ops->command, impl->driver, why);
			continue;
		}
		if (ret == -EBUSY) {
			c->r->state = KB_PATH_FAILED;
			snprintf(c->r->message, sizeof(c->r->message), "%s",
				 why);
		} else if (ret == -EINTR) {
			c->r->state = KB_PATH_INTERRUPTED;
		} else if (ret) {
			kb_path_fail(c, "reading the crypto API's drivers",
				     strerror(-ret));
		}
		if (ret)
			return false;
	}
	return true;
}

/* The lanes' ends: the tunnel both ways, then the differential's halves. */
static int ends(struct kb_path *c, const struct kb_path_impl *impl,
		const struct kb_path_impl *ref)
{
	const struct kb_path_ops *ops = c->kind.ops;
	/* The differential's other end: a driver, or userspace's (NULL). */
	const char *other = ops->reference ? NULL : ref->driver;
	const char *other_name = ops->reference ? ops->reference : ref->driver;
	const char *const tunnel[KB_SIDES] = { impl->driver, impl->driver };
	const char *const encrypts[KB_SIDES] = { impl->driver, other };
	const char *const decrypts[KB_SIDES] = { other, impl->driver };
	struct kb_path_result *r = c->r;
	int ret;

	ret = ops->ends(c, KB_LANE_TUNNEL, tunnel, true);
	if (!ret)
		ret = ops->ends(c, KB_LANE_ENCRYPTS, encrypts, false);
	if (!ret)
		ret = ops->ends(c, KB_LANE_DECRYPTS, decrypts, false);
	r->half[0].sender = impl->driver;
	r->half[0].receiver = other_name;
	r->half[1].sender = other_name;
	r->half[1].receiver = impl->driver;
	return ret;
}

/*
 * In the namespaces: their links, the ends, the differential's halves,
 * then the figures of an implementation found right, and its rotation.
 */
static void put_through(struct kb_path *c, const struct kb_path_impl *impl,
			const struct kb_path_impl *ref)
{
	const struct kb_path_ops *ops = c->kind.ops;
	struct kb_path_result *r = c->r;
	char err[256];
	int ret;

	if (ops->loopback)
		ret = kb_link_loopback(&c->ns, err, sizeof(err));
	else
		ret = kb_link_make(&c->ns, KB_LANES, KB_PATH_MTU, err,
				   sizeof(err));
	if (ret)
		kb_path_fail(c,
			     ops->loopback ? "bringing up the loopback" :
					     "making the veth pair",
			     err);
	if (!ret && ops->open) {
		ret = ops->open(c);
		if (ret)
			kb_path_fail(c, "setting up", strerror(-ret));
	}
	if (!ret)
		ret = ends(c, impl, ref);
	if (!ret)
		ret = half(c, KB_LANE_ENCRYPTS, &r->half[0]);
	if (!ret)
		ret = half(c, KB_LANE_DECRYPTS, &r->half[1]);
	if (ret)
		return;
	if (kb_interrupted())
		r->state = KB_PATH_INTERRUPTED;
	/* A wrong implementation's figures are not measured: judge() says it. */
	if (halves_wrong(c))
		return;
	if (r->state == KB_PATH_VALID)
		points(c);
	if (!kb_interrupted())
		rotation(c);
}

/**
 * kb_path_test() - put one implementation through a path
 * @kind: the path, and its front end's choice
 * @o: what to do
 * @nl: a crypto_user socket
 * @g: the priority guard
 * @impl: the implementation
 * @ref: the reference, at the other end of the differential's halves
 * @r: filled in; release with kb_path_result_release()
 *
 * Return: 0; what happened is in @r->state and @r->message.
 */
int kb_path_test(const struct kb_path_kind *kind, const struct kb_path_opts *o,
		 struct mnl_socket *nl, struct kb_guard *g,
		 const struct kb_path_impl *impl,
		 const struct kb_path_impl *ref, struct kb_path_result *r)
{
	struct kb_path c = { .kind = *kind, .o = o, .nl = nl, .g = g, .r = r };
	const struct kb_path_ops *ops = kind->ops;
	struct kb_cu_algs base = { 0 };
	char err[256];
	int ret;

	memset(r, 0, sizeof(*r));
	r->impl = *impl;
	r->state = KB_PATH_VALID;
	ops->alloc_name(kind->front, c.alloc_name, sizeof(c.alloc_name));
	if (getrandom(&c.tag, sizeof(c.tag), 0) != sizeof(c.tag))
		c.tag = (uint32_t)getpid();
	if (!may_raise(&c, impl, ref))
		return 0;
	/* What the drivers of the path's name hold before any end of ours. */
	if (kb_cu_dump(nl, &base))
		memset(&base, 0, sizeof(base));
	ret = kb_netns_pair_make(&c.ns, err, sizeof(err));
	if (ret) {
		kb_path_fail(&c, "making the namespaces", err);
		/* The one made before the failure, and the home's. */
		kb_netns_pair_release(&c.ns);
		kb_cu_algs_free(&base);
		return 0;
	}
	/* Held by the guard too, which empties them if we die. */
	kb_guard_netns(g, &c.ns);
	put_through(&c, impl, ref);
	/*
	 * The namespaces go with their ends before the ceiling's run; the
	 * ends are deleted first, as a daemon deletes them, then the
	 * datagrams that still hold them (kb_traffic_free_deferred()).
	 */
	ops->empty(&c.ns);
	if (!ops->flow)
		kb_traffic_free_deferred(&c.ns);
	if (ops->close)
		ops->close(&c);
	kb_guard_netns_gone(g);
	kb_netns_pair_release(&c.ns);
	if (r->state == KB_PATH_VALID && o->ceiling && !kb_interrupted())
		ceiling(&c);
	/* For the next implementation's proof: none follows an interrupt. */
	if (!kb_interrupted())
		kb_proof_wait_released(nl, c.alloc_name, &base);
	kb_cu_algs_free(&base);
	judge(&c);
	return 0;
}

const char *kb_path_state_name(enum kb_path_state state)
{
	switch (state) {
	case KB_PATH_VALID:
		return "valid";
	case KB_PATH_INVALID:
		return "invalid";
	case KB_PATH_FAILED:
		return "failed";
	case KB_PATH_INTERRUPTED:
		return "interrupted";
	}
	return "unknown";
}

void kb_path_result_release(struct kb_path_result *r)
{
	free(r->point);
	r->point = NULL;
	r->points = 0;
}
