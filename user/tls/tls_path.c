// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kTLS on the path layer. Each lane is a TCP connection over the
 * loopback of the session's first namespace (tls/lane.h), made as an
 * application makes one, then given the "tls" upper-layer protocol and,
 * with no handshake, its keys: TLS_TX on the sending socket, TLS_RX on
 * the receiving one. An end is one direction's key: net/tls allocates
 * the suite's AEAD ("gcm(aes)", "ccm(aes)") once for it (tls_sw.c,
 * crypto_alloc_aead() per direction per socket), so the driver it got
 * is proved by its reference count rising by one; the socket's ULP info
 * (its direction's configuration: software, not a NIC's) and the
 * namespace's /proc/net/tls_stat are read back beside.
 *
 * The differential's other end is not the kernel: libcrypto opens what
 * the kernel sealed, and seals what the kernel opens (tls/record.c).
 */

#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/tls.h>

#include "path/session.h"
#include "tls/flow.h"
#include "tls/ktls.h"
#include "tls/loopback.h"
#include "tls/tls_path.h"
#include "tls/tls_stat.h"
#include "tls/user_tls.h"
#include "userspace/libcrypto.h"

/* A flow the session opened: a lane of ours, or userspace OpenSSL's. */
struct tls_flow {
	struct kb_tls_lane *lane;
	struct kb_tls_user *user;
};

struct tls_state {
	struct kb_tls_lane lane[KB_LANES];
	struct tls_flow flow[KB_LANES];
	struct tls_flow alongside;
};

static const struct kb_path_refusal refusals[] = {
	{ "decrypt_errors", "records the kernel refused (TlsDecryptError)" },
	{ "openssl_refused", "records OpenSSL's libcrypto refused" },
};

static struct tls_state *state(const struct kb_path *p)
{
	return p->priv;
}

static const struct kb_tls_front *front(const struct kb_path *p)
{
	return p->kind.front;
}

static void lane_init(struct kb_tls_lane *l, const struct kb_tls_front *f)
{
	memset(l, 0, sizeof(*l));
	l->front = f;
	l->tx = l->rx = -1;
}

static void lane_close(struct kb_tls_lane *l)
{
	if (l->tx >= 0)
		close(l->tx);
	if (l->rx >= 0)
		close(l->rx);
	l->tx = l->rx = -1;
}

static int open_state(struct kb_path *p)
{
	struct tls_state *s = calloc(1, sizeof(*s));
	size_t i;

	if (!s)
		return -ENOMEM;
	for (i = 0; i < KB_LANES; i++)
		lane_init(&s->lane[i], front(p));
	p->priv = s;
	return 0;
}

static void close_state(struct kb_path *p)
{
	struct tls_state *s = state(p);
	size_t i;

	if (!s)
		return;
	for (i = 0; i < KB_LANES; i++)
		lane_close(&s->lane[i]);
	if (s->alongside.user)
		kb_tls_user_close(s->alongside.user);
	free(s);
	p->priv = NULL;
}

/* A TCP connection over side 0's loopback: @tx connected, @rx accepted. */
static int connection(struct kb_path *p, struct kb_tls_lane *l)
{
	return kb_tls_loopback_pair(&p->ns, 0, &l->tx, &l->rx);
}

/* What one direction's key is made with, for kb_path_prove(). */
struct key_arg {
	struct kb_path *p;
	struct kb_tls_lane *l;
	bool rx;
	uint64_t sw_before; /* TlsTxSw or TlsRxSw */
	bool has_before;
};

static const char *sw_counter(bool rx)
{
	return rx ? "TlsRxSw" : "TlsTxSw";
}

static int make_key(void *arg, char *err, size_t len)
{
	struct key_arg *k = arg;
	int fd = k->rx ? k->l->rx : k->l->tx;
	struct kb_tls_stat st;
	int ret;

	k->has_before = !kb_tls_stat_read(k->p->ns.side[0], &st) &&
			kb_tls_stat_get(&st, sw_counter(k->rx), &k->sw_before);
	ret = kb_tls_set_keys(fd, k->rx, k->l->front, &k->l->keys);
	if (ret)
		snprintf(err, len, "setting %s: %s",
			 k->rx ? "TLS_RX" : "TLS_TX", strerror(-ret));
	return ret;
}

static const char *conf_name(int conf)
{
	switch (conf) {
	case TLS_CONF_BASE:
		return "base";
	case TLS_CONF_SW:
		return "sw";
	case TLS_CONF_HW:
		return "hw";
	case TLS_CONF_HW_RECORD:
		return "hw_record";
	}
	return "unknown";
}

/*
 * What the socket and the namespace say of the key just made: the
 * direction's configuration must be software (a NIC's offload would not
 * use the driver), and tls_stat's count of software keys rose by one.
 */
static void read_back(struct kb_path *p, const struct key_arg *k,
		      struct kb_path_proof *proof)
{
	int fd = k->rx ? k->l->rx : k->l->tx;
	struct kb_tls_conf conf;
	struct kb_tls_stat st;
	uint64_t after = 0;
	size_t used;
	int c, ret;

	ret = kb_tls_conf_read(fd, p->ns.side[0], &conf);
	if (!ret) {
		c = k->rx ? conf.rx : conf.tx;
		used = snprintf(proof->also, sizeof(proof->also), "%s %s",
				k->rx ? "TLS_RX" : "TLS_TX", conf_name(c));
		proof->also_bad = c != TLS_CONF_SW;
	} else {
		/* Not read is not contradicted: said, not held against it. */
		used = snprintf(proof->also, sizeof(proof->also),
				"%s not read back (%s)",
				k->rx ? "TLS_RX" : "TLS_TX", strerror(-ret));
	}
	if (k->has_before && !kb_tls_stat_read(p->ns.side[0], &st) &&
	    kb_tls_stat_get(&st, sw_counter(k->rx), &after) &&
	    used < sizeof(proof->also)) {
		snprintf(proof->also + used, sizeof(proof->also) - used,
			 "%s%s %+lld", used ? ", " : "", sw_counter(k->rx),
			 (long long)(after - k->sw_before));
		proof->also_bad |= after != k->sw_before + 1;
	}
}

/* One direction's key with @driver, proved, and read back. */
static int key(struct kb_path *p, unsigned int lane, bool rx,
	       const char *driver)
{
	struct key_arg k = { .p = p, .l = &state(p)->lane[lane], .rx = rx };
	struct kb_path_proof *proof;
	int ret;

	ret = kb_path_prove(p, rx, lane, driver, make_key, &k);
	if (ret)
		return ret;
	proof = &p->r->proof[p->r->proofs - 1];
	read_back(p, &k, proof);
	if (rx && front(p)->version == KB_TLS_13)
		kb_tls_expect_no_pad(k.l->rx); /* where the kernel has it */
	if (!rx && front(p)->sendfile)
		kb_tls_zerocopy_ro(k.l->tx); /* likewise */
	return 0;
}

/*
 * A lane's connection, and its keys: the kernel's where a driver is
 * given, libcrypto's where none is (the differential's other end).
 */
static int ends(struct kb_path *p, unsigned int lane,
		const char *const driver[KB_SIDES], bool both_ways)
{
	struct kb_tls_lane *l = &state(p)->lane[lane];
	int ret;

	(void)both_ways; /* one direction: a TLS record stream's */
	ret = connection(p, l);
	if (ret) {
		kb_path_fail(p, "making a TCP connection over the loopback",
			     strerror(-ret));
		return ret;
	}
	ret = kb_tls_keys_random(&l->keys);
	if (!ret && driver[0])
		ret = kb_tls_ulp(l->tx);
	if (!ret && driver[1])
		ret = kb_tls_ulp(l->rx);
	if (ret) {
		kb_path_fail(
			p, "setting the socket's upper-layer protocol \"tls\"",
			strerror(-ret));
		return ret;
	}
	l->kernel_tx = driver[0];
	l->kernel_rx = driver[1];
	l->tag = p->tag + lane;
	if (driver[0])
		ret = key(p, lane, false, driver[0]);
	if (!ret && driver[1])
		ret = key(p, lane, true, driver[1]);
	return ret;
}

/* Plain TCP, no TLS: made the first time it is opened. */
static int plain(struct kb_path *p, struct kb_tls_lane *l)
{
	int ret;

	if (l->tx >= 0)
		return 0;
	ret = connection(p, l);
	if (ret)
		kb_path_fail(p, "making a TCP connection over the loopback",
			     strerror(-ret));
	l->plain = true;
	return ret;
}

static int alongside(struct kb_path *p, struct tls_flow *f)
{
	char err[256];
	int ret;

	ret = kb_tls_user_open(&p->ns, 0, front(p), &f->user, err, sizeof(err));
	if (ret)
		kb_path_fail(p, "OpenSSL's TLS in userspace", err);
	return ret;
}

static int flow_open(struct kb_path *p, unsigned int lane, void **flow)
{
	struct tls_state *s = state(p);
	struct tls_flow *f;
	int ret = 0;

	if (lane == KB_LANE_ALONGSIDE) {
		f = &s->alongside;
		ret = alongside(p, f);
	} else if (lane < KB_LANES) {
		f = &s->flow[lane];
		f->lane = &s->lane[lane];
		if (lane == KB_LANE_PLAIN)
			ret = plain(p, f->lane);
		else if (f->lane->tx < 0)
			ret = -ENOTCONN;
	} else {
		return -EINVAL;
	}
	*flow = ret ? NULL : f;
	return ret;
}

static int flow_run(void *flow, const struct kb_traffic_opts *o,
		    struct kb_traffic_result *r)
{
	struct tls_flow *f = flow;

	if (f->user)
		return kb_tls_user_run(f->user, o, r);
	return kb_tls_flow_run(f->lane, o, r);
}

/* A lane's connection stays for the next run: it goes with close(). */
static void flow_close(void *flow)
{
	struct tls_flow *f = flow;

	if (!f->user)
		return;
	kb_tls_user_close(f->user);
	f->user = NULL;
}

static const struct kb_path_flow_ops tls_flow_ops = {
	.open = flow_open,
	.run = flow_run,
	.close = flow_close,
};

/*
 * TLS 1.3's key update (RFC 8446 §4.6.3): the kernel can take a new key
 * on a socket that has one from Linux 6.14 ("tls: implement rekey for
 * TLS1.3"), the release that added tls_stat's rekey counters: their
 * presence is the question asked. The same transform takes the new key,
 * so nothing more is proved.
 */
static int rekey(struct kb_path *p, unsigned int lane, const char *driver)
{
	struct kb_path_rotation *rot = &p->r->rotation;
	struct kb_tls_stat st;
	uint64_t v;

	(void)driver;
	if (front(p)->version != KB_TLS_13) {
		snprintf(rot->not_here, sizeof(rot->not_here),
			 "TLS 1.2 has no key update");
		return -EOPNOTSUPP;
	}
	if (kb_tls_stat_read(p->ns.side[0], &st) ||
	    !kb_tls_stat_get(&st, "TlsTxRekeyOk", &v)) {
		snprintf(
			rot->not_here, sizeof(rot->not_here),
			"this kernel cannot update a kTLS socket's key (Linux 6.14 and "
			"later can)");
		return -EOPNOTSUPP;
	}
	return kb_tls_keys_random(&state(p)->lane[lane].next);
}

static int swap(struct kb_path *p, unsigned int lane, char *err, size_t len)
{
	return kb_tls_lane_update(&state(p)->lane[lane], 5000, err, len);
}

static void lane_addr(const struct kb_path *p, unsigned int lane, int side,
		      struct in_addr *addr)
{
	(void)p;
	(void)lane;
	(void)side;
	addr->s_addr = htonl(INADDR_LOOPBACK);
}

static uint32_t crypt_len(const struct kb_path *p, uint32_t payload)
{
	return kb_tls_crypt_len(front(p), payload);
}

static uint32_t wire_len(const struct kb_path *p, uint32_t payload)
{
	return kb_tls_wire_len(front(p), payload);
}

/*
 * tls_stat counts the namespace's refusals, which is this lane's while
 * a half runs alone; without it, those our receiver saw (EBADMSG).
 */
static void refused(struct kb_path *p, unsigned int lane,
		    uint64_t count[KB_PATH_MAX_REFUSALS])
{
	struct kb_tls_lane *l = &state(p)->lane[lane];
	struct kb_tls_stat st;

	if (kb_tls_stat_read(p->ns.side[0], &st) ||
	    !kb_tls_stat_get(&st, "TlsDecryptError", &count[0]))
		count[0] = atomic_load(&l->kernel_refused);
	count[1] = atomic_load(&l->openssl_refused);
}

/* The sockets hold the keys: they are this process's, closed by close(). */
static void empty(const struct kb_netns_pair *ns)
{
	(void)ns;
}

static int alloc_name(const void *f, char *buf, size_t len)
{
	const struct kb_tls_front *tf = f;

	return snprintf(buf, len, "%s", tf->cipher->alloc) >= (int)len ?
		       -ENAMETOOLONG :
		       0;
}

/* The template's instances: the AEAD's, ctr's beneath, CCM's CBC-MAC. */
static bool layer(const void *f, const char *name)
{
	const struct kb_tls_front *tf = f;

	return !strcmp(name, tf->cipher->alloc) || !strcmp(name, "ctr(aes)") ||
	       !strcmp(name, "cbcmac(aes)");
}

static unsigned int aad(const void *f)
{
	return kb_tls_aad_len(f);
}

/* Which OpenSSL this machine has, at both of its places in the run. */
static void versions(char *reference, char *alongside, size_t len)
{
	if (kb_libcrypto_load())
		snprintf(reference, len, "missing: %s", kb_libcrypto_error());
	else
		snprintf(reference, len, "%s",
			 sym_OpenSSL_version(OPENSSL_VERSION));
	snprintf(alongside, len, "%s", kb_tls_user_version());
}

/* -b counts a record's plaintext. */
static uint32_t payload(uint32_t size)
{
	return size;
}

const struct kb_path_ops kb_tls_path_ops = {
	.command = "tls",
	.end = "kTLS key",
	.an_end = "a kTLS key",
	.others = "a kTLS socket",
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
	.rekey = rekey,
	.swap = swap,
	.open = open_state,
	.close = close_state,
	.flow = &tls_flow_ops,
	.reference = "OpenSSL's libcrypto",
	.alongside = "OpenSSL's TLS in userspace (SSL_write, SSL_read)",
	.versions = versions,
	.aad = aad,
	.payload = payload,
	.loopback = true,
	.decrypts_in_thread = true,
	.units = "records",
};

/**
 * kb_tls_present() - whether this kernel has kTLS
 * @why: why not, or what stopped the question
 * @len: its size
 *
 * Asked as the first socket would ask: "tls" set as the upper-layer
 * protocol of a TCP socket, in a namespace of our own that goes at
 * once. The kernel looks the protocol up (loading the tls module for a
 * caller with CAP_NET_ADMIN) before it finds the socket unconnected.
 *
 * Return: 0, -ENOENT when the kernel has no kTLS, or another negative
 * errno.
 */
int kb_tls_present(char *why, size_t len)
{
	struct kb_netns_pair p;
	int fd, ret;

	ret = kb_netns_pair_make(&p, why, len);
	if (!ret) {
		fd = kb_netns_socket(&p, 0, AF_INET, SOCK_STREAM | SOCK_CLOEXEC,
				     0);
		ret = fd < 0 ? fd : kb_tls_ulp(fd);
		if (fd >= 0)
			close(fd);
		if (ret == -ENOTCONN)
			ret = 0;
		if (ret == -ENOENT)
			snprintf(
				why, len,
				"the kernel has no kTLS: its tls module (CONFIG_TLS) is not "
				"built, or could not be loaded (modprobe tls)");
		else if (ret)
			snprintf(
				why, len,
				"asking for the upper-layer protocol \"tls\": %s",
				strerror(-ret));
	}
	kb_netns_pair_release(&p);
	return ret;
}
