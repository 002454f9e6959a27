// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The generator sends from the calling thread with sendmmsg(), so that on
 * the sending side the kernel's work (UDP, xfrm output, ESP encryption
 * for a synchronous implementation, the veth transmit) runs in this
 * thread's system calls; on the receiving side veth hands each packet to
 * the NET_RX softirq, where ESP input decrypts it, and a thread of ours
 * takes the datagrams with recvmmsg() and checks every one: a header
 * (what run, which datagram, how long) and a body of bytes drawn from a
 * seed, compared whole. The sender uses one body for all datagrams, so
 * sending costs little more than the system call: the tunnel, not the
 * generator, is what limits the rate (make bench-ipsec shows it against
 * iperf3).
 */

#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/cpu_time.h"
#include "base/signals.h"
#include "path/link.h"
#include "path/netns.h"
#include "path/pattern.h"
#include "path/traffic.h"

#define BATCH 32
/* Where kb_traffic_free_deferred() sends (RFC 863's discard). */
#define DISCARD_PORT 9

struct shared {
	const struct kb_traffic *t;
	const uint8_t *body;
	uint32_t tag;
	atomic_bool stop;
	atomic_bool failed; /* the receiver had no memory */
	struct kb_traffic_counts c;
};

static bool right(const struct shared *s, const uint8_t *buf, size_t len)
{
	return kb_pattern_right(buf, len, s->tag, s->body, NULL);
}

static void *receiver(void *arg)
{
	struct shared *s = arg;
	uint8_t(*bufs)[KB_TRAFFIC_MAX_PAYLOAD + 1] =
		malloc(BATCH * sizeof(*bufs));
	struct mmsghdr msgs[BATCH];
	struct iovec iov[BATCH];
	uint64_t got, bytes;
	int i, n;

	if (!bufs) {
		atomic_store(&s->failed, true);
		return NULL;
	}
	while (!atomic_load(&s->stop)) {
		for (i = 0; i < BATCH; i++) {
			iov[i].iov_base = bufs[i];
			iov[i].iov_len = sizeof(bufs[i]);
			memset(&msgs[i], 0, sizeof(msgs[i]));
			msgs[i].msg_hdr.msg_iov = &iov[i];
			msgs[i].msg_hdr.msg_iovlen = 1;
		}
		n = recvmmsg(s->t->rx, msgs, BATCH, MSG_WAITFORONE, NULL);
		if (n <= 0)
			continue; /* the receive timeout: look at @stop */
		/* Counted per batch: the sender reads them when pacing. */
		for (i = 0, got = 0, bytes = 0; i < n; i++) {
			if (right(s, bufs[i], msgs[i].msg_len)) {
				got++;
				bytes += msgs[i].msg_len;
			}
		}
		atomic_fetch_add(&s->c.bytes, bytes);
		atomic_fetch_add(&s->c.wrong, n - got);
		atomic_fetch_add(&s->c.received, got);
		atomic_store(&s->c.last, kb_now());
	}
	free(bufs);
	return NULL;
}

/**
 * kb_traffic_open() - bind a pair of sockets for traffic
 * @t: filled in; it owns @tx and @rx from now on, even on failure
 * @tx: a UDP socket made in the sending namespace
 * @rx: a UDP socket made in the receiving namespace
 * @from: the sender's address (its lane's, so that its policy applies)
 * @to: the receiver's
 * @port: the receiver's UDP port
 *
 * Return: 0 or a negative errno.
 */
int kb_traffic_open(struct kb_traffic *t, int tx, int rx,
		    const struct in_addr *from, const struct in_addr *to,
		    uint16_t port)
{
	struct sockaddr_in src = { .sin_family = AF_INET, .sin_addr = *from };
	struct timeval tv = { .tv_usec = 50000 };
	int rcvbuf = 8 << 20;

	t->tx = tx;
	t->rx = rx;
	memset(&t->to, 0, sizeof(t->to));
	t->to.sin_family = AF_INET;
	t->to.sin_addr = *to;
	t->to.sin_port = htons(port);
	/* Room for a burst while the softirq catches up; forced as root. */
	if (setsockopt(rx, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf)))
		setsockopt(rx, SOL_SOCKET, SO_RCVBUF, &rcvbuf, sizeof(rcvbuf));
	if (setsockopt(rx, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv)) ||
	    bind(rx, (struct sockaddr *)&t->to, sizeof(t->to)) ||
	    bind(tx, (struct sockaddr *)&src, sizeof(src)) ||
	    connect(tx, (struct sockaddr *)&t->to, sizeof(t->to))) {
		int err = -errno;

		kb_traffic_close(t);
		return err;
	}
	return 0;
}

void kb_traffic_close(struct kb_traffic *t)
{
	if (t->tx >= 0)
		close(t->tx);
	if (t->rx >= 0)
		close(t->rx);
	t->tx = t->rx = -1;
}

/**
 * kb_traffic_start() - start a run's receiver, then its clocks
 * @c: the counts @receive keeps, none yet
 * @thread: the receiver's, for pthread_join()
 * @receive: the receiver
 * @arg: its argument
 *
 * Return: 0, or a negative errno when the thread could not start.
 */
int kb_traffic_start(struct kb_traffic_counts *c, pthread_t *thread,
		     void *(*receive)(void *), void *arg)
{
	int err;

	atomic_store(&c->last, 0.0);
	err = pthread_create(thread, NULL, receive, arg);
	if (err)
		return -err;
	c->cpu0_ns = 0;
	kb_cpu_busy_ns(&c->cpu0_ns);
	c->start = kb_now();
	return 0;
}

/**
 * kb_traffic_over() - whether a sender has sent all it was to send
 * @o: the run's options: how long (until @end) or how many
 * @end: kb_now() when a run of @o->ms ends
 * @r: its counts so far; @r->interrupted set when a signal stops it
 *
 * Return: true when the time or the count is out, or SIGINT or SIGTERM
 * came.
 */
bool kb_traffic_over(const struct kb_traffic_opts *o, double end,
		     struct kb_traffic_result *r)
{
	if (o->ms ? kb_now() >= end : r->sent >= o->packets)
		return true;
	if (kb_interrupted()) {
		r->interrupted = true;
		return true;
	}
	return false;
}

/**
 * kb_traffic_done() - how many the receiver has taken
 * @c: its counts
 *
 * Return: those right and those wrong.
 */
uint64_t kb_traffic_done(struct kb_traffic_counts *c)
{
	return atomic_load(&c->received) + atomic_load(&c->wrong);
}

/* Sent and not yet taken; @c->extra counts as one more. */
static uint64_t pending(struct kb_traffic_counts *c, uint64_t sent)
{
	uint64_t taken = kb_traffic_done(c);

	return (sent > taken ? sent - taken : 0) + atomic_load(&c->extra);
}

/**
 * kb_traffic_wait_window() - wait while @window or more are in flight
 * @c: the receiver's counts
 * @sent: how many were sent
 * @window: how many may be in flight (1: wait for all)
 * @wait_ms: how long to wait for the receiver to take the next one
 *
 * Return: true when fewer than @window are in flight; false when the
 * receiver took none for @wait_ms, or stopped of itself (@c->gone).
 */
bool kb_traffic_wait_window(struct kb_traffic_counts *c, uint64_t sent,
			    uint64_t window, uint32_t wait_ms)
{
	struct timespec pause = { .tv_nsec = 50000 };
	double since = kb_now();
	uint64_t seen = kb_traffic_done(c);

	while (pending(c, sent) >= window) {
		if (atomic_load(&c->gone))
			return false;
		if (kb_traffic_done(c) != seen) {
			seen = kb_traffic_done(c);
			since = kb_now();
		}
		if (kb_now() - since > wait_ms / 1000.0)
			return false;
		nanosleep(&pause, NULL);
	}
	return true;
}

/**
 * kb_traffic_tally() - a run's result from its counts
 * @c: the receiver's counts, the receiver stopped
 * @r: its sent, send_errors and interrupted filled in by the sender; the
 *     rest filled in here: those sent and not taken are lost, the wall
 *     time runs from @c->start to the last taken (or to now, when none
 *     was), the CPUs' busy time from @c->start to now
 */
void kb_traffic_tally(struct kb_traffic_counts *c, struct kb_traffic_result *r)
{
	uint64_t cpu1 = 0;
	double last;

	kb_cpu_busy_ns(&cpu1);
	last = atomic_load(&c->last);
	r->received = atomic_load(&c->received);
	r->wrong = atomic_load(&c->wrong);
	r->payload_bytes = atomic_load(&c->bytes);
	r->lost = r->sent > r->received + r->wrong ?
			  r->sent - r->received - r->wrong :
			  0;
	r->wall_s = last > c->start ? last - c->start : kb_now() - c->start;
	r->cpu_busy_ns = cpu1 > c->cpu0_ns ? cpu1 - c->cpu0_ns : 0;
}

/**
 * kb_traffic_run() - send, receive, check and count
 * @t: the sockets
 * @o: what to send, how long
 * @r: filled in
 *
 * Return: 0, or a negative errno when the receiver could not start.
 */
int kb_traffic_run(const struct kb_traffic *t, const struct kb_traffic_opts *o,
		   struct kb_traffic_result *r)
{
	static uint8_t body[KB_TRAFFIC_MAX_PAYLOAD];
	struct kb_pattern_header hdr[BATCH];
	struct iovec iov[BATCH][2];
	struct mmsghdr msgs[BATCH];
	struct shared s = { .t = t, .body = body, .tag = o->tag };
	uint32_t wait_ms = o->wait_ms ? o->wait_ms : 500;
	pthread_t thread;
	double end;
	int i, n, ret;

	memset(r, 0, sizeof(*r));
	kb_pattern_body(body, sizeof(body), o->tag);
	ret = kb_traffic_start(&s.c, &thread, receiver, &s);
	if (ret)
		return ret;
	end = s.c.start + o->ms / 1000.0;
	while (!kb_traffic_over(o, end, r)) {
		if (o->window &&
		    !kb_traffic_wait_window(&s.c, r->sent, o->window, wait_ms))
			break;
		n = BATCH;
		if (o->window && (uint64_t)n > o->window)
			n = o->window;
		if (!o->ms && (uint64_t)n > o->packets - r->sent)
			n = o->packets - r->sent;
		for (i = 0; i < n; i++) {
			uint32_t len = o->payload_sizes[(r->sent + i) %
							o->npayload_sizes];

			kb_pattern_stamp(&hdr[i], o->tag, r->sent + i, len);
			iov[i][0].iov_base = &hdr[i];
			iov[i][0].iov_len = sizeof(hdr[i]);
			iov[i][1].iov_base = body + sizeof(hdr[i]);
			iov[i][1].iov_len = len - sizeof(hdr[i]);
			memset(&msgs[i], 0, sizeof(msgs[i]));
			msgs[i].msg_hdr.msg_iov = iov[i];
			msgs[i].msg_hdr.msg_iovlen = 2;
		}
		ret = sendmmsg(t->tx, msgs, n, 0);
		if (ret > 0) {
			r->sent += ret;
		} else if (ret < 0 && errno != EINTR) {
			/* ENOBUFS, or ECONNREFUSED from an ICMP error */
			r->send_errors++;
		}
	}
	/* Until every datagram is in, or none came for @wait_ms: lost. */
	kb_traffic_wait_window(&s.c, r->sent, 1, wait_ms);
	atomic_store(&s.stop, true);
	pthread_join(thread, NULL);
	if (atomic_load(&s.failed))
		return -ENOMEM;
	kb_traffic_tally(&s.c, r);
	return 0;
}

/**
 * kb_traffic_free_deferred() - have every CPU free the datagrams it was sent
 * @ns: the namespaces, their SAs' policies deleted
 *
 * From Linux 6.18, UDP's recvmsg() does not free a datagram it has
 * consumed: skb_attempt_defer_free() puts it on a list of the CPU that
 * allocated it (here, the sender's), freed only when that CPU next runs
 * NET_RX (net_rx_action(): skb_defer_free_flush()) or once the list is
 * long. Such a datagram keeps its secpath, so the SA that decrypted it
 * stays referenced, with its transform and esp4, on a quiet machine for
 * minutes: the last datagrams of a run (after SIGINT, those read while
 * the sender had stopped) outlived its SAs and namespaces on 7.2. One
 * datagram sent across the veth pair from each CPU in turn makes each
 * run NET_RX: the veth hands it to the sending CPU's backlog. Nothing
 * listens on the discard port it goes to, and the ICMP error it draws is
 * of no interest.
 */
void kb_traffic_free_deferred(const struct kb_netns_pair *ns)
{
	struct sockaddr_in to = { .sin_family = AF_INET,
				  .sin_port = htons(DISCARD_PORT) };
	cpu_set_t was, one;
	uint8_t byte = 0;
	int cpu, tx;

	tx = kb_netns_socket(ns, 0, AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	if (tx < 0)
		return;
	kb_link_lane_addr(0, 1, &to.sin_addr);
	if (sched_getaffinity(0, sizeof(was), &was))
		CPU_ZERO(&was);
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &was))
			continue;
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		if (!sched_setaffinity(0, sizeof(one), &one))
			sendto(tx, &byte, sizeof(byte), 0,
			       (struct sockaddr *)&to, sizeof(to));
	}
	sched_setaffinity(0, sizeof(was), &was);
	close(tx);
}
