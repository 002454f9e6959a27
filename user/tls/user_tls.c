// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The alongside lane of `kaesbench tls`: the records the kernel carries,
 * through userspace OpenSSL instead. A client and a server of this
 * process, a TCP connection over 127.0.0.1 between them, a real
 * handshake (an ECDSA P-256 certificate made in memory for it) pinned to
 * the suite and version asked for, and OpenSSL's own kTLS off, so that
 * OpenSSL seals and opens every record. The client sends from the
 * calling thread, one SSL_write() a record; the server reads in a thread
 * of ours and checks every record as path/traffic.c checks datagrams.
 * Each SSL object is used by one thread only.
 *
 * No wait is unbounded: the handshake runs both ends in the calling
 * thread, nonblocking, turn about, within HANDSHAKE_S; afterwards the
 * sockets block with a timeout of TICK_US, which OpenSSL reports as
 * SSL_ERROR_WANT_READ or _WRITE, and each end then looks whether to go
 * on.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "base/clock.h"
#include "path/netns.h"
#include "path/pattern.h"
#include "path/traffic.h"
#include "tls/tls.h"
#include "tls/loopback.h"
#include "tls/user_tls.h"
#include "userspace/libcrypto.h"
#include "userspace/libssl.h"

/* A handshake's longest: ECDSA in software under TCG takes far less. */
#define HANDSHAKE_S 10
/* How often an end blocked on its socket looks whether to go on. */
#define TICK_US 50000
/* How long a record may wait for the receiver to take it, by default. */
#define WAIT_MS 500

struct kb_tls_user {
	const struct kb_tls_front *front;
	SSL_CTX *sctx; /* the server's: it receives */
	SSL_CTX *cctx; /* the client's: it sends */
	SSL *rx;
	SSL *tx;
	int rx_fd;
	int tx_fd;
	bool broken; /* a run left a record half sent or half read */
	char why[256]; /* what the last run failed on */
	uint8_t body[KB_TLS_MAX_RECORD]; /* every record's bytes */
	uint8_t unit[KB_TLS_MAX_RECORD]; /* the sender's: a header on @body */
	uint8_t in[KB_TLS_MAX_RECORD]; /* the receiver's */
};

/* "@what: OpenSSL's reason" in @err; the thread's error queue emptied. */
static void ossl_why(char *err, size_t len, const char *what)
{
	unsigned long e = sym_ERR_get_error();
	char reason[200] = "OpenSSL gave no reason";

	if (e)
		sym_ERR_error_string_n(e, reason, sizeof(reason));
	snprintf(err, len, "%s: %s", what, reason);
	sym_ERR_clear_error();
}

static int load(char *err, size_t len)
{
	const char *why = NULL;

	if (kb_libcrypto_load())
		why = kb_libcrypto_error();
	else if (kb_libssl_load())
		why = kb_libssl_error();
	if (!why)
		return 0;
	snprintf(err, len, "userspace OpenSSL cannot be measured: %s", why);
	return -ENOENT;
}

static bool tls13(const struct kb_tls_front *f)
{
	return f->version == KB_TLS_13;
}

/* The suite asked for, by OpenSSL's name of it in the version asked. */
static const char *suite(const struct kb_tls_front *f)
{
	return tls13(f) ? f->cipher->tls13_suite : f->cipher->tls12_suite;
}

/* A certificate of @key signed by itself: the client does not verify. */
static X509 *self_signed(EVP_PKEY *key)
{
	const unsigned char cn[] = "kaesbench";
	X509 *x = sym_X509_new();
	X509_NAME *name;

	if (!x)
		return NULL;
	name = sym_X509_get_subject_name(x);
	if (!sym_X509_set_version(x, X509_VERSION_3) ||
	    !sym_ASN1_INTEGER_set(sym_X509_get_serialNumber(x), 1) ||
	    !sym_X509_gmtime_adj(sym_X509_getm_notBefore(x), 0) ||
	    !sym_X509_gmtime_adj(sym_X509_getm_notAfter(x), 86400) ||
	    !sym_X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, cn, -1,
					    -1, 0) ||
	    !sym_X509_set_issuer_name(x, name) ||
	    !sym_X509_set_pubkey(x, key) ||
	    !sym_X509_sign(x, key, sym_EVP_sha256())) {
		sym_X509_free(x);
		return NULL;
	}
	return x;
}

/* The version and suite asked, and nothing else, on @ctx. */
static int pin(SSL_CTX *ctx, const struct kb_tls_front *f, char *err,
	       size_t len)
{
	long v = tls13(f) ? TLS1_3_VERSION : TLS1_2_VERSION;
	char what[160];
	int ok;

	if (!sym_SSL_CTX_ctrl(ctx, SSL_CTRL_SET_MIN_PROTO_VERSION, v, NULL) ||
	    !sym_SSL_CTX_ctrl(ctx, SSL_CTRL_SET_MAX_PROTO_VERSION, v, NULL)) {
		snprintf(what, sizeof(what), "OpenSSL cannot speak only TLS %s",
			 kb_tls_version_name(f->version));
		ossl_why(err, len, what);
		return -EPROTONOSUPPORT;
	}
	/* TLS 1.3's CCM suite is off unless named, as here. */
	ok = tls13(f) ? sym_SSL_CTX_set_ciphersuites(ctx, suite(f)) :
			sym_SSL_CTX_set_cipher_list(ctx, suite(f));
	if (ok)
		return 0;
	snprintf(what, sizeof(what), "OpenSSL has no suite %s for TLS %s",
		 suite(f), kb_tls_version_name(f->version));
	ossl_why(err, len, what);
	return -EPROTONOSUPPORT;
}

/* A context for one end in @ctx; the server's presents @cert of @key. */
static int context(const struct kb_tls_front *f, EVP_PKEY *key, X509 *cert,
		   SSL_CTX **ctx, char *err, size_t len)
{
	int ret;

	*ctx = sym_SSL_CTX_new(cert ? sym_TLS_server_method() :
				      sym_TLS_client_method());
	if (!*ctx) {
		ossl_why(err, len, "OpenSSL made no TLS context");
		return -ENOMEM;
	}
	/* Its own kTLS would hand the records to the kernel: measured apart. */
	sym_SSL_CTX_clear_options(*ctx, SSL_OP_ENABLE_KTLS);
	sym_SSL_CTX_ctrl(*ctx, SSL_CTRL_MODE, SSL_MODE_AUTO_RETRY, NULL);
	sym_SSL_CTX_ctrl(*ctx, SSL_CTRL_SET_SESS_CACHE_MODE, SSL_SESS_CACHE_OFF,
			 NULL);
	ret = pin(*ctx, f, err, len);
	if (ret)
		return ret;
	if (!cert) {
		sym_SSL_CTX_set_verify(*ctx, SSL_VERIFY_NONE, NULL);
		return 0;
	}
	/* No session tickets: nothing but the records on the connection. */
	if (!sym_SSL_CTX_use_certificate(*ctx, cert) ||
	    !sym_SSL_CTX_use_PrivateKey(*ctx, key) ||
	    !sym_SSL_CTX_set_num_tickets(*ctx, 0)) {
		ossl_why(err, len, "OpenSSL refused the server's certificate");
		return -EPROTO;
	}
	return 0;
}

/* Both ends' contexts, with a key and certificate made for them alone. */
static int contexts(struct kb_tls_user *u, char *err, size_t len)
{
	EVP_PKEY *key;
	X509 *cert = NULL;
	int ret;

	key = sym_EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	if (key)
		cert = self_signed(key);
	if (!cert) {
		ossl_why(err, len, "OpenSSL made no ECDSA P-256 certificate");
		sym_EVP_PKEY_free(key);
		return -EPROTO;
	}
	/* The contexts, freed by kb_tls_user_close() however this ends. */
	ret = context(u->front, key, cert, &u->sctx, err, len);
	if (!ret)
		ret = context(u->front, NULL, NULL, &u->cctx, err, len);
	/* The server's context holds its own references to both. */
	sym_X509_free(cert);
	sym_EVP_PKEY_free(key);
	return ret;
}

static int blocking(int fd, bool on)
{
	int flags = fcntl(fd, F_GETFL);

	if (flags < 0)
		return -errno;
	flags = on ? flags & ~O_NONBLOCK : flags | O_NONBLOCK;
	return fcntl(fd, F_SETFL, flags) ? -errno : 0;
}

/* The connection, and an SSL object on each end of it. */
static int connection(const struct kb_netns_pair *ns, int side,
		      struct kb_tls_user *u, char *err, size_t len)
{
	int ret = kb_tls_loopback_pair(ns, side, &u->tx_fd, &u->rx_fd);

	if (ret) {
		snprintf(err, len,
			 "no TCP connection over 127.0.0.1 for OpenSSL: %s",
			 strerror(-ret));
		return ret;
	}
	u->rx = sym_SSL_new(u->sctx);
	u->tx = sym_SSL_new(u->cctx);
	if (!u->rx || !u->tx || !sym_SSL_set_fd(u->rx, u->rx_fd) ||
	    !sym_SSL_set_fd(u->tx, u->tx_fd)) {
		ossl_why(err, len, "OpenSSL made no connection object");
		return -ENOMEM;
	}
	ret = blocking(u->rx_fd, false);
	if (!ret)
		ret = blocking(u->tx_fd, false);
	if (ret)
		snprintf(err, len, "a socket could not be made nonblocking: %s",
			 strerror(-ret));
	return ret;
}

/* One turn of one end's handshake: 1 done, 0 to be called again, < 0. */
static int turn(SSL *ssl, typeof(SSL_connect) *fn)
{
	int r = fn(ssl), e;

	if (r == 1)
		return 1;
	e = sym_SSL_get_error(ssl, r);
	return e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE ? 0 :
								       -EPROTO;
}

/* Both ends' handshakes, turn about, until both are done or one fails. */
static int handshake(struct kb_tls_user *u, char *err, size_t len)
{
	struct pollfd p[2] = { { .fd = u->tx_fd, .events = POLLIN },
			       { .fd = u->rx_fd, .events = POLLIN } };
	double end = kb_now() + HANDSHAKE_S;
	char what[160];
	int c = 0, s = 0;

	while (!c || !s) {
		if (!c)
			c = turn(u->tx, sym_SSL_connect);
		if (!s && c >= 0)
			s = turn(u->rx, sym_SSL_accept);
		if (c < 0 || s < 0) {
			snprintf(what, sizeof(what),
				 "OpenSSL's TLS %s handshake with %s failed",
				 kb_tls_version_name(u->front->version),
				 suite(u->front));
			ossl_why(err, len, what);
			return -EPROTO;
		}
		if (kb_now() > end) {
			snprintf(err, len, "OpenSSL's handshake took over %d s",
				 HANDSHAKE_S);
			return -ETIMEDOUT;
		}
		if (!c || !s)
			poll(p, 2, 10);
	}
	return 0;
}

/* What was negotiated is what was asked, or a sentence says what. */
static int negotiated(struct kb_tls_user *u, char *err, size_t len)
{
	const struct kb_tls_front *f = u->front;
	int v = tls13(f) ? TLS1_3_VERSION : TLS1_2_VERSION;
	const SSL_CIPHER *c = sym_SSL_get_current_cipher(u->tx);
	const char *got = c ? sym_SSL_CIPHER_get_name(c) : "no suite";

	if (sym_SSL_version(u->tx) == v && !strcmp(got, suite(f)))
		return 0;
	snprintf(err, len, "OpenSSL negotiated %s over %s, not %s over TLS %s",
		 got, sym_SSL_get_version(u->tx), suite(f),
		 kb_tls_version_name(f->version));
	return -EPROTO;
}

/*
 * Blocking from now on, each wait at most TICK_US; and an acknowledgement
 * the handshake left delayed sent now: with Debian 12's OpenSSL 3.0 the
 * first record otherwise waited behind Nagle for it (40 ms, the delayed
 * ACK's timer; 3.6.5 did not), a cost of the handshake's, not of the
 * records measured.
 */
static int ticking(struct kb_tls_user *u, char *err, size_t len)
{
	struct timeval tv = { .tv_usec = TICK_US };
	int fds[2] = { u->rx_fd, u->tx_fd }, one = 1, i, ret;

	for (i = 0; i < 2; i++) {
		ret = blocking(fds[i], true);
		if (!ret && (setsockopt(fds[i], SOL_SOCKET, SO_RCVTIMEO, &tv,
					sizeof(tv)) ||
			     setsockopt(fds[i], SOL_SOCKET, SO_SNDTIMEO, &tv,
					sizeof(tv)) ||
			     setsockopt(fds[i], IPPROTO_TCP, TCP_QUICKACK, &one,
					sizeof(one))))
			ret = -errno;
		if (ret) {
			snprintf(err, len, "a socket's timeouts: %s",
				 strerror(-ret));
			return ret;
		}
	}
	return 0;
}

/**
 * kb_tls_user_open() - a userspace TLS connection, its handshake done
 * @ns: the session's namespaces, or NULL for the caller's own
 * @side: which of @ns the connection is in
 * @f: the suite and version, pinned on both ends
 * @up: set to the connection, NULL on failure
 * @err: a sentence on failure
 * @len: @err's size
 *
 * Return: 0; -ENOENT when libssl or libcrypto cannot be loaded;
 * -EPROTONOSUPPORT when OpenSSL lacks the suite or version; -EPROTO
 * when the handshake failed or negotiated another suite; -ETIMEDOUT
 * when it did not end; -ENOMEM; or the errno of a socket call.
 */
int kb_tls_user_open(const struct kb_netns_pair *ns, int side,
		     const struct kb_tls_front *f, struct kb_tls_user **up,
		     char *err, size_t len)
{
	struct kb_tls_user *u;
	int ret;

	*up = NULL;
	ret = load(err, len);
	if (ret)
		return ret;
	u = calloc(1, sizeof(*u));
	if (!u) {
		snprintf(err, len, "no memory for an OpenSSL connection");
		return -ENOMEM;
	}
	u->front = f;
	u->rx_fd = u->tx_fd = -1;
	sym_ERR_clear_error();
	ret = contexts(u, err, len);
	if (!ret)
		ret = connection(ns, side, u, err, len);
	if (!ret)
		ret = handshake(u, err, len);
	if (!ret)
		ret = negotiated(u, err, len);
	if (!ret)
		ret = ticking(u, err, len);
	if (ret) {
		kb_tls_user_close(u);
		return ret;
	}
	*up = u;
	return 0;
}

/* What the sender and the receiver of one run share. */
struct shared {
	struct kb_tls_user *u;
	const struct kb_traffic_opts *o;
	atomic_bool stop;
	atomic_bool partway; /* it was told to stop inside a record */
	/* The receiver's; @c.gone: it met an error, @why says which. */
	struct kb_traffic_counts c;
	char why[256];
};

/* Read the next @size bytes whole: 1, 0 when told to stop, or -EIO. */
static int read_record(struct shared *s, uint32_t size)
{
	struct kb_tls_user *u = s->u;
	uint32_t got = 0;
	int n;

	while (got < size) {
		n = sym_SSL_read(u->rx, u->in + got, size - got);
		if (n > 0) {
			got += n;
			continue;
		}
		n = sym_SSL_get_error(u->rx, n);
		if (n != SSL_ERROR_WANT_READ && n != SSL_ERROR_WANT_WRITE) {
			ossl_why(s->why, sizeof(s->why),
				 "OpenSSL's SSL_read() failed");
			return -EIO;
		}
		/* A tick with nothing read: go on, or stop if told to. */
		if (atomic_load(&s->stop)) {
			atomic_store(&s->partway, got > 0);
			return 0;
		}
	}
	return 1;
}

/* Each record of the sizes in turn, checked whole and in order. */
static void *receiver(void *arg)
{
	struct shared *s = arg;
	const struct kb_traffic_opts *o = s->o;
	uint64_t want, seq;
	uint32_t size;
	int ret;

	sym_ERR_clear_error();
	for (want = 0;; want++) {
		size = o->payload_sizes[want % o->npayload_sizes];
		ret = read_record(s, size);
		if (ret < 0)
			atomic_store(&s->c.gone, true);
		if (ret <= 0)
			break;
		if (kb_pattern_right(s->u->in, size, o->tag, s->u->body,
				     &seq) &&
		    seq == want) {
			atomic_fetch_add(&s->c.bytes, size);
			atomic_fetch_add(&s->c.received, 1);
		} else {
			atomic_fetch_add(&s->c.wrong, 1);
		}
		atomic_store(&s->c.last, kb_now());
	}
	return NULL;
}

/*
 * Write one record of @len bytes whole: 0; -EIO on OpenSSL's error; or
 * -ETIMEDOUT when the receiver took nothing for @wait_ms meanwhile.
 * SSL_write() is called again with the same arguments after a tick, as
 * OpenSSL asks.
 */
static int write_record(struct shared *s, uint32_t len, uint32_t wait_ms)
{
	struct kb_tls_user *u = s->u;
	double since = kb_now();
	uint64_t seen = kb_traffic_done(&s->c);
	int n;

	for (;;) {
		n = sym_SSL_write(u->tx, u->unit, len);
		if (n > 0)
			return 0;
		n = sym_SSL_get_error(u->tx, n);
		if (n != SSL_ERROR_WANT_READ && n != SSL_ERROR_WANT_WRITE) {
			ossl_why(u->why, sizeof(u->why),
				 "OpenSSL's SSL_write() failed");
			return -EIO;
		}
		if (atomic_load(&s->c.gone))
			return -EIO;
		if (kb_traffic_done(&s->c) != seen) {
			seen = kb_traffic_done(&s->c);
			since = kb_now();
		} else if (kb_now() - since > wait_ms / 1000.0) {
			snprintf(u->why, sizeof(u->why),
				 "OpenSSL's receiver took no record for %u ms",
				 wait_ms);
			return -ETIMEDOUT;
		}
	}
}

/* Records of the sizes in turn until the time or the count is out. */
static int send_records(struct shared *s, struct kb_traffic_result *r,
			uint32_t wait_ms)
{
	const struct kb_traffic_opts *o = s->o;
	double end = kb_now() + o->ms / 1000.0;
	struct kb_pattern_header h;
	uint32_t len;
	int ret;

	while (!kb_traffic_over(o, end, r)) {
		if (o->window &&
		    !kb_traffic_wait_window(&s->c, r->sent, o->window, wait_ms))
			return 0;
		if (atomic_load(&s->c.gone))
			return 0;
		len = o->payload_sizes[r->sent % o->npayload_sizes];
		kb_pattern_stamp(&h, o->tag, r->sent, len);
		memcpy(s->u->unit, &h, sizeof(h));
		ret = write_record(s, len, wait_ms);
		if (ret) {
			r->send_errors++;
			return ret;
		}
		r->sent++;
	}
	return 0;
}

/* Sizes a record can have: a unit's header at least, 16 KiB at most. */
static int check_opts(struct kb_tls_user *u, const struct kb_traffic_opts *o)
{
	size_t i;

	if (u->broken)
		return -EPIPE; /* @why still says how */
	u->why[0] = '\0';
	if (!o->npayload_sizes) {
		snprintf(u->why, sizeof(u->why), "no record sizes to send");
		return -EINVAL;
	}
	for (i = 0; i < o->npayload_sizes; i++) {
		if (o->payload_sizes[i] >= KB_PATTERN_HEADER &&
		    o->payload_sizes[i] <= KB_TLS_MAX_RECORD)
			continue;
		snprintf(u->why, sizeof(u->why),
			 "a record of %u bytes: one of %u to %u is sent",
			 o->payload_sizes[i], KB_PATTERN_HEADER,
			 KB_TLS_MAX_RECORD);
		return -EINVAL;
	}
	return 0;
}

/* The receiver's counts into @r; whether the connection is still whole. */
static void tally(struct shared *s, struct kb_traffic_result *r)
{
	struct kb_tls_user *u = s->u;

	kb_traffic_tally(&s->c, r);
	if (atomic_load(&s->c.gone))
		snprintf(u->why, sizeof(u->why), "%s", s->why);
	else if (r->lost && !u->why[0])
		snprintf(u->why, sizeof(u->why),
			 "%llu records never reached OpenSSL's receiver",
			 (unsigned long long)r->lost);
	/* What is still on the way would be read as the next run's. */
	if (atomic_load(&s->c.gone) || atomic_load(&s->partway) || r->lost ||
	    r->send_errors)
		u->broken = true;
}

/**
 * kb_tls_user_run() - send, receive, check and count records
 * @u: the connection
 * @o: the records' sizes in turn, how long or how many, a window, a tag
 * @r: filled in as kb_traffic_run() fills it, a record for a datagram
 *
 * A record not taken within @o->wait_ms of the last one taken is counted
 * lost, and so is every record after it: the connection is then left
 * mid-record, and later runs on it fail with -EPIPE.
 *
 * Return: 0 (@r counts what went wrong on the way); -EIO when OpenSSL
 * failed at either end; -EINVAL for a size OpenSSL's records here do
 * not have; -EPIPE after a run that left the connection mid-record
 * (kb_tls_user_error() says why for each); or -errno when the receiver
 * could not start.
 */
int kb_tls_user_run(struct kb_tls_user *u, const struct kb_traffic_opts *o,
		    struct kb_traffic_result *r)
{
	struct shared s = { .u = u, .o = o };
	uint32_t wait_ms = o->wait_ms ? o->wait_ms : WAIT_MS;
	pthread_t thread;
	int ret;

	memset(r, 0, sizeof(*r));
	ret = check_opts(u, o);
	if (ret)
		return ret;
	kb_pattern_body(u->body, sizeof(u->body), o->tag);
	memcpy(u->unit, u->body, sizeof(u->unit));
	sym_ERR_clear_error();
	ret = kb_traffic_start(&s.c, &thread, receiver, &s);
	if (ret)
		return ret;
	ret = send_records(&s, r, wait_ms);
	/* Until every record is in, or none came for @wait_ms: lost. */
	if (!ret)
		kb_traffic_wait_window(&s.c, r->sent, 1, wait_ms);
	atomic_store(&s.stop, true);
	pthread_join(thread, NULL);
	tally(&s, r);
	return ret == -EIO || atomic_load(&s.c.gone) ? -EIO : 0;
}

/**
 * kb_tls_user_close() - end a connection and free all it holds
 * @u: the connection, or NULL
 */
void kb_tls_user_close(struct kb_tls_user *u)
{
	if (!u)
		return;
	if (u->tx)
		sym_SSL_free(u->tx);
	if (u->rx)
		sym_SSL_free(u->rx);
	if (u->cctx)
		sym_SSL_CTX_free(u->cctx);
	if (u->sctx)
		sym_SSL_CTX_free(u->sctx);
	if (u->tx_fd >= 0)
		close(u->tx_fd);
	if (u->rx_fd >= 0)
		close(u->rx_fd);
	free(u);
}

/**
 * kb_tls_user_error() - what the last run of a connection failed on
 * @u: the connection
 *
 * Return: a sentence, or NULL when the last run failed on nothing.
 */
const char *kb_tls_user_error(const struct kb_tls_user *u)
{
	return u->why[0] ? u->why : NULL;
}

static pthread_once_t version_once = PTHREAD_ONCE_INIT;
static char version[256];

static void version_make(void)
{
	if (kb_libcrypto_load())
		snprintf(version, sizeof(version), "%s", kb_libcrypto_error());
	else if (kb_libssl_load())
		snprintf(version, sizeof(version), "%s", kb_libssl_error());
	else
		snprintf(version, sizeof(version), "%s (%s)",
			 sym_OpenSSL_version(OPENSSL_VERSION),
			 KB_LIBSSL_SONAME);
}

/**
 * kb_tls_user_version() - the OpenSSL the lane measures
 *
 * Return: such as "OpenSSL 3.0.19 27 Jan 2026 (libssl.so.3)", or the
 * loader's sentence saying why libssl or libcrypto is missing.
 */
const char *kb_tls_user_version(void)
{
	pthread_once(&version_once, version_make);
	return version;
}
