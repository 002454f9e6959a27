// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Records over a lane (tls/flow.h), as path/traffic.c sends datagrams:
 * the calling thread sends, so that the kernel's transmit work (kTLS's
 * sealing for a synchronous implementation, TCP, loopback) runs in its
 * system calls; a thread of ours receives, opens where libcrypto opens,
 * and checks every record whole. Each record's plaintext is one unit of
 * path/pattern.h, its stamp numbered from 0 each run; a stream loses
 * nothing, so a record is counted right, wrong, or (after the receiver
 * stopped: a record refused, the connection gone) lost.
 *
 * Each half is an ops row chosen once from the lane's kind: the kernel
 * (one send() or sendfile() per record, so one record each: kTLS closes
 * a record at the end of a call without MSG_MORE; reading exactly a
 * record's plaintext, its type from TLS_GET_RECORD_TYPE), libcrypto
 * (tls/record.c: sealed and written raw, or read raw and opened, the
 * lane's tx_seq and rx_seq numbering them), or plain TCP.
 *
 * TLS 1.3's key update (RFC 8446 §4.6.3) runs between the halves: the
 * sender sends a KeyUpdate record under the old keys and then takes the
 * new ones; the receiver, having read it, takes them too. A kernel that
 * cannot set a key twice (before 6.14) refuses the second TLS_TX or
 * TLS_RX: the side that can wait learns the other's answer first and
 * keeps the old keys with it, so that the stream goes on and the refusal
 * is the update's result (update_done) rather than records refused.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <linux/tls.h>

#include "base/clock.h"
#include "path/pattern.h"
#include "path/traffic.h"
#include "tls/flow.h"
#include "tls/ktls.h"
#include "tls/record.h"

/* Room for any record RFC 8446 §5.2 allows, header and all. */
#define MAX_WIRE (KB_TLS_HEADER + KB_TLS_MAX_RECORD + 256)
/* The receiver looks at the run's end this often while idle. */
#define POLL_US 50000
/* sendfile()'s file holds at least this many records (see ring_make()). */
#define RING_RECORDS 64
#define WAIT_MS 3000

/* RFC 8446 §4.6.3: KeyUpdate, its length 1, update_not_requested. */
static const uint8_t key_update[5] = { 24, 0, 0, 1, 0 };

struct shared {
	struct kb_tls_lane *l;
	const struct kb_traffic_opts *o;
	uint32_t wait_ms;
	/* sendfile's stamps are numbered modulo this (0: not sendfile). */
	uint64_t ring;
	atomic_bool stop; /* the run is over: the receiver returns */
	atomic_int fail; /* why, when it is the connection's fault */
	/* The receiver's; @c.gone: it stopped of itself; @c.extra: a key
	 * update under way (one more in the window). */
	struct kb_traffic_counts c;
	/* Each half's answer to it: 0 pending, 1 done, < 0 refused. */
	atomic_int tx_result;
	atomic_int rx_result;
	uint8_t body[KB_TLS_MAX_RECORD];
};

struct sender;
struct send_ops {
	/* Sends record @k, @len bytes of the unit stamped. */
	int (*data)(struct sender *t, uint64_t k, uint32_t len);
	/* Sends @len bytes as a record of @type; NULL where no TLS. */
	int (*control)(struct sender *t, uint8_t type, const uint8_t *msg,
		       size_t len);
};

struct sender {
	struct shared *s;
	const struct send_ops *ops;
	struct kb_tls_sealer *sealer;
	int memfd;
	off_t *offsets; /* each of the file's records */
	uint8_t unit[KB_TLS_MAX_RECORD];
	uint8_t wire[MAX_WIRE];
};

struct receiver {
	struct shared *s;
	int (*take)(struct receiver *r);
	struct kb_tls_sealer *opener;
	uint64_t n; /* records taken in place of data records this run */
	uint8_t wire[MAX_WIRE];
	uint8_t plain[MAX_WIRE];
};

static void pause_us(long us)
{
	struct timespec ts = { .tv_nsec = us * 1000 };

	nanosleep(&ts, NULL);
}

/* Waits for the other half's answer: 0 when none came in @wait_ms. */
static int wait_result(struct shared *s, atomic_int *result)
{
	double end = kb_now() + s->wait_ms / 1000.0;
	int v;

	while (!(v = atomic_load(result)) && kb_now() < end &&
	       !atomic_load(&s->c.gone))
		pause_us(100);
	return v;
}

static void update_finish(struct shared *s, int result)
{
	atomic_store(&s->l->update_done, result);
	atomic_store(&s->c.extra, false);
}

/* ---- the receiving half ---- */

static uint32_t next_size(const struct receiver *r)
{
	const struct kb_traffic_opts *o = r->s->o;

	return o->payload_sizes[r->n % o->npayload_sizes];
}

static void count_wrong(struct receiver *r)
{
	r->n++;
	atomic_fetch_add(&r->s->c.wrong, 1);
	atomic_store(&r->s->c.last, kb_now());
}

/* A data record's plaintext: the unit the sender stamped as number n. */
static void check(struct receiver *r, const uint8_t *buf, size_t len)
{
	struct shared *s = r->s;
	uint64_t seq, want = s->ring ? r->n % s->ring : r->n;

	if (!kb_pattern_right(buf, len, s->o->tag, s->body, &seq) ||
	    seq != want) {
		count_wrong(r);
		return;
	}
	r->n++;
	atomic_fetch_add(&s->c.bytes, len);
	atomic_fetch_add(&s->c.received, 1);
	atomic_store(&s->c.last, kb_now());
}

/*
 * One read of the stream; with @type, through kTLS, the record's type
 * from its control message (a record not of data is read alone).
 */
static ssize_t recv_once(int fd, uint8_t *buf, size_t len, uint8_t *type)
{
	union {
		char buf[CMSG_SPACE(sizeof(*type))];
		struct cmsghdr align;
	} control;
	struct iovec iov = { .iov_base = buf, .iov_len = len };
	struct msghdr msg = { .msg_iov = &iov,
			      .msg_iovlen = 1,
			      .msg_control = control.buf,
			      .msg_controllen = sizeof(control.buf) };
	struct cmsghdr *c;
	ssize_t n;

	if (!type)
		return recv(fd, buf, len, MSG_WAITALL);
	*type = KB_TLS_APPLICATION_DATA;
	n = recvmsg(fd, &msg, MSG_WAITALL);
	if (n <= 0)
		return n;
	for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
		if (c->cmsg_level == SOL_TLS &&
		    c->cmsg_type == TLS_GET_RECORD_TYPE)
			*type = *CMSG_DATA(c);
	return n;
}

/*
 * Reads @len bytes of the stream: @len; 0 when nothing came before the
 * run ended; -ETIMEDOUT when it ended with them half read; -EPIPE when
 * the peer closed; another negative errno. With @type (kTLS), a record
 * of another type than data that comes first instead: its length.
 */
static ssize_t read_full(struct shared *s, int fd, uint8_t *buf, size_t len,
			 uint8_t *type)
{
	size_t got = 0;
	ssize_t n;

	while (got < len) {
		n = recv_once(fd, buf + got, len - got, type);
		if (n > 0 && type && *type != KB_TLS_APPLICATION_DATA)
			return got ? -EPROTO : n;
		if (n > 0) {
			got += n;
			continue;
		}
		if (!n)
			return -EPIPE;
		if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
			return -errno;
		if (atomic_load(&s->stop))
			return got ? -ETIMEDOUT : 0;
	}
	return (ssize_t)got;
}

/* The receiver's side of a key update: the lane's next keys taken. */
static int next_rx_keys(struct receiver *r)
{
	struct kb_tls_lane *l = r->s->l;
	struct kb_tls_sealer *n;
	int err;

	if (l->kernel_rx)
		return kb_tls_set_keys(l->rx, true, l->front, &l->next);
	err = kb_tls_sealer_new(l->front, &l->next, &n);
	if (err)
		return err;
	kb_tls_sealer_free(r->opener);
	r->opener = n;
	l->rx_seq = 0;
	return 0;
}

/*
 * A handshake record: the KeyUpdate. The sender's answer first: a kernel
 * that took the KeyUpdate waits for a key (TLS_RX again), the old one
 * if the sender could not take the new. Return: 1 to go on, or negative
 * when the stream cannot (the sender took new keys, this side not).
 */
static int update_rx(struct receiver *r, const uint8_t *msg, size_t len)
{
	struct shared *s = r->s;
	struct kb_tls_lane *l = s->l;
	int tx, err;

	if (len != sizeof(key_update) || memcmp(msg, key_update, len)) {
		atomic_fetch_add(&s->c.wrong, 1); /* no record the run sent */
		return 1;
	}
	tx = wait_result(s, &s->tx_result);
	if (tx <= 0) {
		if (l->kernel_rx)
			kb_tls_set_keys(l->rx, true, l->front, &l->keys);
		update_finish(s, tx ? tx : -ETIMEDOUT);
		return tx ? 1 : -ETIMEDOUT;
	}
	err = next_rx_keys(r);
	if (!err)
		l->keys = l->next;
	atomic_store(&s->rx_result, err ? err : 1);
	update_finish(s, err ? err : 1);
	return err && l->kernel_tx ? err : 1;
}

/* What an opened record was: data, the KeyUpdate, or wrong. */
static int taken(struct receiver *r, long len, uint8_t type)
{
	if (len < 0) /* no record of the run's version: counted wrong */
		count_wrong(r);
	else if (type == KB_TLS_APPLICATION_DATA)
		check(r, r->plain, len);
	else if (type == KB_TLS_HANDSHAKE &&
		 r->s->l->front->version == KB_TLS_13)
		return update_rx(r, r->plain, len);
	else
		count_wrong(r);
	return 1;
}

static int take_plain(struct receiver *r)
{
	uint32_t len = next_size(r);
	ssize_t n = read_full(r->s, r->s->l->rx, r->plain, len, NULL);

	if (n <= 0)
		return (int)n;
	check(r, r->plain, len);
	return 1;
}

/* A raw record: its header, then as many bytes as it says; opened. */
static int take_sealed(struct receiver *r)
{
	struct kb_tls_lane *l = r->s->l;
	ssize_t n = read_full(r->s, l->rx, r->wire, KB_TLS_HEADER, NULL);
	size_t body;
	uint8_t type = 0;
	long len;

	if (n <= 0)
		return (int)n;
	body = (size_t)r->wire[3] << 8 | r->wire[4];
	if (!body || body > MAX_WIRE - KB_TLS_HEADER) {
		count_wrong(r); /* the stream cannot be followed further */
		return -EPROTO;
	}
	n = read_full(r->s, l->rx, r->wire + KB_TLS_HEADER, body, NULL);
	if (n <= 0)
		return n ? (int)n : -ETIMEDOUT;
	len = kb_tls_open(r->opener, l->rx_seq++, r->wire, KB_TLS_HEADER + body,
			  &type, r->plain);
	if (len == -EBADMSG) {
		atomic_fetch_add(&l->openssl_refused, 1);
		count_wrong(r);
		return -EBADMSG;
	}
	return taken(r, len, type);
}

static int take_kernel(struct receiver *r)
{
	struct kb_tls_lane *l = r->s->l;
	uint8_t type = KB_TLS_APPLICATION_DATA;
	ssize_t n = read_full(r->s, l->rx, r->plain, next_size(r), &type);

	if (n == -EBADMSG) {
		atomic_fetch_add(&l->kernel_refused, 1);
		count_wrong(r);
		return -EBADMSG;
	}
	if (n <= 0)
		return (int)n;
	return taken(r, n, type);
}

/* Errors that are the records' (counted) rather than the connection's. */
static bool counted(int err)
{
	return err == -EBADMSG || err == -EPROTO || err == -ETIMEDOUT;
}

static void *receive(void *arg)
{
	struct receiver *r = arg;
	int ret = 0;

	while (!atomic_load(&r->s->stop)) {
		ret = r->take(r);
		if (ret < 0)
			break;
	}
	if (ret < 0) {
		if (!counted(ret))
			atomic_store(&r->s->fail, ret);
		atomic_store(&r->s->c.gone, true);
	}
	return NULL;
}

/* ---- the sending half ---- */

/* Record @k's stamp in the unit whose body the receiver knows. */
static void stamp(struct sender *t, uint64_t k, uint32_t len)
{
	struct kb_pattern_header h;

	kb_pattern_stamp(&h, t->s->o->tag, k, len);
	memcpy(t->unit, &h, sizeof(h));
}

/*
 * One record in one call: a call the kernel cut short (the receiver took
 * nothing for the send timeout, or a signal) is an error, never
 * continued, so that no record is split.
 */
static int whole(ssize_t n, size_t len)
{
	if (n == (ssize_t)len)
		return 0;
	return n < 0 ? -errno : -EMSGSIZE;
}

static int send_unit(struct sender *t, uint64_t k, uint32_t len)
{
	ssize_t n;

	stamp(t, k, len);
	do
		n = send(t->s->l->tx, t->unit, len, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return whole(n, len);
}

/*
 * sendfile() of record @k's place in the file: the kernel takes the
 * page cache's pages (MSG_SPLICE_PAGES), no copy from our memory, as a
 * server sends a file; the stamps were written once (ring_make()).
 */
static int send_file(struct sender *t, uint64_t k, uint32_t len)
{
	off_t off = t->offsets[k % t->s->ring];
	ssize_t n;

	do
		n = sendfile(t->s->l->tx, t->memfd, &off, len);
	while (n < 0 && errno == EINTR);
	return whole(n, len);
}

static int write_full(int fd, const uint8_t *p, size_t len)
{
	ssize_t n;

	while (len) {
		n = send(fd, p, len, MSG_NOSIGNAL);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= n;
	}
	return 0;
}

static int send_sealed_record(struct sender *t, uint8_t type,
			      const uint8_t *msg, size_t len)
{
	struct kb_tls_lane *l = t->s->l;
	long n = kb_tls_seal(t->sealer, l->tx_seq++, type, msg, len, t->wire);

	if (n < 0)
		return (int)n;
	return write_full(l->tx, t->wire, n);
}

static int send_sealed(struct sender *t, uint64_t k, uint32_t len)
{
	stamp(t, k, len);
	return send_sealed_record(t, KB_TLS_APPLICATION_DATA, t->unit, len);
}

/* A record of another type through kTLS: TLS_SET_RECORD_TYPE. */
static int send_control_kernel(struct sender *t, uint8_t type,
			       const uint8_t *msg, size_t len)
{
	union {
		char buf[CMSG_SPACE(sizeof(type))];
		struct cmsghdr align;
	} control;
	struct iovec iov = { .iov_base = (void *)msg, .iov_len = len };
	struct msghdr m = { .msg_iov = &iov,
			    .msg_iovlen = 1,
			    .msg_control = control.buf,
			    .msg_controllen = sizeof(control.buf) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);
	ssize_t n;

	c->cmsg_level = SOL_TLS;
	c->cmsg_type = TLS_SET_RECORD_TYPE;
	c->cmsg_len = CMSG_LEN(sizeof(type));
	*CMSG_DATA(c) = type;
	do
		n = sendmsg(t->s->l->tx, &m, MSG_NOSIGNAL);
	while (n < 0 && errno == EINTR);
	return whole(n, len);
}

static const struct send_ops send_kernel = { send_unit, send_control_kernel };
static const struct send_ops send_kernel_file = { send_file,
						  send_control_kernel };
static const struct send_ops send_libcrypto = { send_sealed,
						send_sealed_record };
static const struct send_ops send_plain = { send_unit, NULL };

/*
 * The sender's side of a key update, between two records. A kernel
 * sender takes the new key at once and tells the receiver how it went;
 * libcrypto's makes its new sealer, tells the receiver, and takes it
 * only if the receiver could take the new keys too (a kernel before 6.14
 * refuses a second TLS_RX).
 */
static int update_tx(struct sender *t)
{
	struct shared *s = t->s;
	struct kb_tls_lane *l = s->l;
	struct kb_tls_sealer *n;
	int err;

	/* One at a time: the last one's receiver may not be done with it. */
	if (atomic_load(&s->c.extra) ||
	    !atomic_exchange(&l->update_asked, false))
		return 0;
	if (!t->ops->control || l->front->version != KB_TLS_13) {
		atomic_store(&l->update_done, -EOPNOTSUPP);
		return 0;
	}
	atomic_store(&s->tx_result, 0);
	atomic_store(&s->rx_result, 0);
	atomic_store(&s->c.extra, true);
	err = t->ops->control(t, KB_TLS_HANDSHAKE, key_update,
			      sizeof(key_update));
	if (err) {
		update_finish(s, err);
		return err;
	}
	if (l->kernel_tx) {
		err = kb_tls_set_keys(l->tx, false, l->front, &l->next);
		atomic_store(&s->tx_result, err ? err : 1);
		return 0;
	}
	/* Made before the receiver may finish: @l->next is then the caller's. */
	err = kb_tls_sealer_new(l->front, &l->next, &n);
	atomic_store(&s->tx_result, err ? err : 1);
	if (err)
		return 0;
	err = wait_result(s, &s->rx_result);
	if (err <= 0) {
		kb_tls_sealer_free(n);
		return err ? 0 : -ETIMEDOUT;
	}
	kb_tls_sealer_free(t->sealer);
	t->sealer = n;
	l->tx_seq = 0;
	return 0;
}

/*
 * sendfile()'s file: the run's records stamped once, before the first
 * is sent, so that no page changes while kTLS may still read it (an
 * asynchronous driver encrypts after sendfile() returns): a whole
 * number of the sizes' cycles and at least RING_RECORDS records, sent
 * in turn. Their numbers repeat every @ring records; the receiver
 * checks them so, which still catches a record lost or repeated.
 */
static int ring_make(struct sender *t)
{
	const struct kb_traffic_opts *o = t->s->o;
	size_t cycles =
		(RING_RECORDS + o->npayload_sizes - 1) / o->npayload_sizes;
	uint64_t k, ring = cycles * o->npayload_sizes;
	off_t off = 0;
	uint32_t len;

	t->memfd = memfd_create("kaesbench-tls", MFD_CLOEXEC);
	t->offsets = calloc(ring, sizeof(*t->offsets));
	if (t->memfd < 0 || !t->offsets)
		return t->memfd < 0 ? -errno : -ENOMEM;
	for (k = 0; k < ring; k++) {
		len = o->payload_sizes[k % o->npayload_sizes];
		stamp(t, k, len);
		if (pwrite(t->memfd, t->unit, len, off) != (ssize_t)len)
			return -EIO;
		t->offsets[k] = off;
		off += len;
	}
	t->s->ring = ring;
	return 0;
}

/* ---- a run ---- */

struct halves {
	struct sender *t;
	struct receiver *r;
	struct timeval rcvtimeo, sndtimeo; /* the sockets' own, set back */
};

static void halves_free(struct halves *h)
{
	if (h->t) {
		kb_tls_sealer_free(h->t->sealer);
		if (h->t->memfd >= 0)
			close(h->t->memfd);
		free(h->t->offsets);
	}
	if (h->r)
		kb_tls_sealer_free(h->r->opener);
	free(h->t);
	free(h->r);
}

static int halves_open(struct halves *h, struct shared *s)
{
	struct kb_tls_lane *l = s->l;
	bool sealed_tx = !l->plain && !l->kernel_tx;
	bool sealed_rx = !l->plain && !l->kernel_rx;
	int err;

	h->t = calloc(1, sizeof(*h->t));
	if (h->t)
		h->t->memfd = -1;
	h->r = calloc(1, sizeof(*h->r));
	if (!h->t || !h->r)
		return -ENOMEM;
	h->t->s = h->r->s = s;
	memcpy(h->t->unit, s->body, sizeof(h->t->unit));
	if (l->plain)
		h->t->ops = &send_plain;
	else if (!l->kernel_tx)
		h->t->ops = &send_libcrypto;
	else
		h->t->ops = l->front->sendfile ? &send_kernel_file :
						 &send_kernel;
	if (l->plain)
		h->r->take = take_plain;
	else
		h->r->take = l->kernel_rx ? take_kernel : take_sealed;
	err = h->t->ops == &send_kernel_file ? ring_make(h->t) : 0;
	if (!err && sealed_tx)
		err = kb_tls_sealer_new(l->front, &l->keys, &h->t->sealer);
	if (!err && sealed_rx)
		err = kb_tls_sealer_new(l->front, &l->keys, &h->r->opener);
	return err;
}

static int set_timeout(int fd, int opt, unsigned int ms, struct timeval *old)
{
	struct timeval tv = { .tv_sec = ms / 1000,
			      .tv_usec = (ms % 1000) * 1000 };
	socklen_t len = sizeof(*old);

	if (getsockopt(fd, SOL_SOCKET, opt, old, &len) ||
	    setsockopt(fd, SOL_SOCKET, opt, &tv, sizeof(tv)))
		return -errno;
	return 0;
}

/*
 * The receiver polls for the run's end; a send blocked for @wait_ms (the
 * receiver took nothing meanwhile) gives up rather than hang the run.
 */
static int timeouts_set(struct halves *h, const struct shared *s)
{
	int err = set_timeout(s->l->rx, SO_RCVTIMEO, POLL_US / 1000,
			      &h->rcvtimeo);

	return err ? err :
		     set_timeout(s->l->tx, SO_SNDTIMEO, s->wait_ms,
				 &h->sndtimeo);
}

static void timeouts_restore(const struct halves *h, const struct shared *s)
{
	setsockopt(s->l->rx, SOL_SOCKET, SO_RCVTIMEO, &h->rcvtimeo,
		   sizeof(h->rcvtimeo));
	setsockopt(s->l->tx, SOL_SOCKET, SO_SNDTIMEO, &h->sndtimeo,
		   sizeof(h->sndtimeo));
}

static void send_loop(struct sender *t, struct kb_traffic_result *r)
{
	struct shared *s = t->s;
	const struct kb_traffic_opts *o = s->o;
	double end = kb_now() + o->ms / 1000.0;
	uint32_t len;

	while (!kb_traffic_over(o, end, r)) {
		if (atomic_load(&s->c.gone) || update_tx(t))
			break;
		if (o->window && !kb_traffic_wait_window(&s->c, r->sent,
							 o->window, s->wait_ms))
			break;
		len = o->payload_sizes[r->sent % o->npayload_sizes];
		if (t->ops->data(t, r->sent, len)) {
			r->send_errors++;
			break;
		}
		r->sent++;
	}
}

static int check_opts(const struct kb_tls_lane *l,
		      const struct kb_traffic_opts *o)
{
	size_t i;

	if (!o->npayload_sizes)
		return -EINVAL;
	for (i = 0; i < o->npayload_sizes; i++)
		if (o->payload_sizes[i] < KB_PATTERN_HEADER ||
		    o->payload_sizes[i] > KB_TLS_MAX_RECORD)
			return -EINVAL;
	/* A record refused left the stream where nothing can follow it. */
	if (atomic_load(&l->kernel_refused) || atomic_load(&l->openssl_refused))
		return -EBADMSG;
	return 0;
}

/* Both halves running: sends, then waits for the last record. */
static int run(struct halves *h, struct shared *s, struct kb_traffic_result *r)
{
	pthread_t thread;
	int err;

	err = kb_traffic_start(&s->c, &thread, receive, h->r);
	if (err)
		return err;
	send_loop(h->t, r);
	kb_traffic_wait_window(&s->c, r->sent, 1, s->wait_ms);
	atomic_store(&s->stop, true);
	pthread_join(thread, NULL);
	kb_traffic_tally(&s->c, r);
	return atomic_load(&s->fail);
}

/**
 * kb_tls_flow_run() - send records over a lane, receive, check and count
 * @l: the lane, its sockets connected and its TLS set up; its sequence
 *     numbers and keys go on from run to run
 * @o: the sizes sent in turn (each from KB_PATTERN_HEADER to
 *     KB_TLS_MAX_RECORD), how long or how many, the window, how long
 *     to wait for the last record (@o->wait_ms, 3 s when 0), the run's tag
 * @r: filled in: records are counted as traffic.c counts datagrams; a
 *     record refused (@l's kernel_refused or openssl_refused) is wrong,
 *     and those sent after it lost
 *
 * Return: 0; -EINVAL for a size out of range; -EBADMSG when @l refused a
 * record in an earlier run (its stream cannot be followed); an errno of
 * the setup (libcrypto, memory, the thread); or the receiving socket's
 * error when the connection failed (its counts in @r still).
 */
int kb_tls_flow_run(struct kb_tls_lane *l, const struct kb_traffic_opts *o,
		    struct kb_traffic_result *r)
{
	struct halves h = { 0 };
	struct shared *s;
	int err;

	memset(r, 0, sizeof(*r));
	err = check_opts(l, o);
	if (err)
		return err;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->l = l;
	s->o = o;
	s->wait_ms = o->wait_ms ? o->wait_ms : WAIT_MS;
	kb_pattern_body(s->body, sizeof(s->body), o->tag);
	err = halves_open(&h, s);
	if (!err) {
		err = timeouts_set(&h, s);
		if (!err)
			err = run(&h, s, r);
		timeouts_restore(&h, s);
	}
	halves_free(&h);
	free(s);
	return err;
}

static void update_error(int ret, char *err, size_t len)
{
	if (ret == -EBUSY)
		snprintf(err, len,
			 "the kernel refused a second key (%s): TLS 1.3's "
			 "key update is in Linux 6.14 and later",
			 strerror(-ret));
	else
		snprintf(err, len, "the key update failed: %s", strerror(-ret));
}

/**
 * kb_tls_lane_update() - TLS 1.3's key update under traffic
 * @l: a lane kb_tls_flow_run() is sending on, from another thread; the
 *     caller has put the new keys in @l->next (both directions')
 * @ms: how long to wait for the update
 * @err: a sentence when it failed
 * @len: its room
 *
 * The sender sends a KeyUpdate record after the record it is sending and
 * takes @l->next; the receiver takes them after reading that record;
 * then @l->keys are @l->next.
 *
 * Return: 0; -EOPNOTSUPP on TLS 1.2 or a plain lane; -ETIMEDOUT when it
 * did not end in @ms (no run sending); or the errno the kernel refused a
 * key with (-EBUSY: a kernel before 6.14), the keys unchanged both ways.
 */
int kb_tls_lane_update(struct kb_tls_lane *l, unsigned int ms, char *err,
		       size_t len)
{
	double end = kb_now() + ms / 1000.0;
	int ret;

	if (l->plain || l->front->version != KB_TLS_13) {
		snprintf(err, len, "%s has no key update",
			 l->plain ? "plain TCP" : "TLS 1.2");
		return -EOPNOTSUPP;
	}
	atomic_store(&l->update_done, 0);
	atomic_store(&l->update_asked, true);
	while (!(ret = atomic_load(&l->update_done)) && kb_now() < end)
		pause_us(1000);
	if (!ret) {
		snprintf(err, len, "the key update did not end within %u ms%s",
			 ms,
			 atomic_exchange(&l->update_asked, false) ?
				 ": no record was sent meanwhile" :
				 "");
		return -ETIMEDOUT;
	}
	if (ret < 0) {
		update_error(ret, err, len);
		return ret;
	}
	return 0;
}
