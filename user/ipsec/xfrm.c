// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ESP SAs and policies through NETLINK_XFRM (libnl-xfrm-3), each request
 * on a socket opened in the side's namespace, and the counters the kernel
 * keeps of them.
 *
 * What libnl-xfrm leaves to its caller, and the kernel would not forgive:
 * - an SA's lifetime limits are sent as given, and a limit of 0 bytes or
 *   packets expires the SA on its first packet: every limit is set to
 *   XFRM_INF, as `ip xfrm` does;
 * - a policy template's algorithm masks are sent as given, and the kernel
 *   matches an ESP SA only to a template whose masks allow its
 *   algorithms: all are allowed (~0), as `ip xfrm` does;
 * - a template's addresses are read unconditionally: they are always set,
 *   to 0.0.0.0 (any) in transport mode;
 * - xfrmnl_sa_get_kernel() assert()s on SPI 0: such an SA is refused
 *   before.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/ipsec.h>
#include <linux/xfrm.h>
#include <netlink/addr.h>
#include <netlink/xfrm/lifetime.h>
#include <netlink/xfrm/sa.h>
#include <netlink/xfrm/selector.h>
#include <netlink/xfrm/sp.h>
#include <netlink/xfrm/template.h>

#include "ipsec/nlsock.h"
#include "ipsec/xfrm.h"

/* The legacy replay state's bitmap; a wider window takes the ESN form. */
#define LEGACY_REPLAY_MAX 32
/* The kernel's XFRMA_REPLAY_ESN_MAX, in packets. */
#define ESN_REPLAY_MAX 4096

#define MIB_PATH "/proc/thread-self/net/xfrm_stat"

__attribute__((format(printf, 4, 5))) static int
fail(char *err, size_t len, int ret, const char *fmt, ...)
{
	va_list ap;

	if (!err || !len)
		return ret;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return ret;
}

static int open_side(struct kb_nlsock *s, const struct kb_netns_pair *p,
		     int side, char *err, size_t len)
{
	int ret = kb_nlsock_open(s, p, side, NETLINK_XFRM);

	if (ret == -EPROTONOSUPPORT)
		return fail(
			err, len, ret,
			"the kernel has no xfrm_user module (CONFIG_XFRM_USER): it does not speak NETLINK_XFRM");
	if (ret)
		return fail(
			err, len, ret,
			"cannot open an xfrm netlink socket in namespace %d: %s",
			side, strerror(-ret));
	return 0;
}

static struct nl_addr *addr4(struct in_addr in, unsigned int prefix)
{
	struct nl_addr *a = nl_addr_build(AF_INET, &in, sizeof(in));

	if (a)
		nl_addr_set_prefixlen(a, prefix);
	return a;
}

/* @src/32 to @dst/32, any protocol and port: the lane's traffic. */
static struct xfrmnl_sel *selector(const struct kb_xfrm_sa *sa)
{
	struct xfrmnl_sel *sel = xfrmnl_sel_alloc();
	struct nl_addr *s = addr4(sa->src, 32), *d = addr4(sa->dst, 32);

	if (sel && s && d) {
		xfrmnl_sel_set_saddr(sel, s);
		xfrmnl_sel_set_daddr(sel, d);
		xfrmnl_sel_set_prefixlen_s(sel, 32);
		xfrmnl_sel_set_prefixlen_d(sel, 32);
		xfrmnl_sel_set_family(sel, AF_INET);
	} else if (sel) {
		xfrmnl_sel_put(sel);
		sel = NULL;
	}
	if (s)
		nl_addr_put(s);
	if (d)
		nl_addr_put(d);
	return sel;
}

static struct xfrmnl_ltime_cfg *forever(void)
{
	struct xfrmnl_ltime_cfg *l = xfrmnl_ltime_cfg_alloc();

	if (!l)
		return NULL;
	xfrmnl_ltime_cfg_set_soft_bytelimit(l, XFRM_INF);
	xfrmnl_ltime_cfg_set_hard_bytelimit(l, XFRM_INF);
	xfrmnl_ltime_cfg_set_soft_packetlimit(l, XFRM_INF);
	xfrmnl_ltime_cfg_set_hard_packetlimit(l, XFRM_INF);
	return l;
}

static unsigned int mode_of(const struct kb_xfrm_sa *sa)
{
	return sa->mode == KB_XFRM_TUNNEL ? XFRM_MODE_TUNNEL :
					    XFRM_MODE_TRANSPORT;
}

static int set_replay(struct xfrmnl_sa *x, uint32_t window)
{
	unsigned int bmp[ESN_REPLAY_MAX / 32] = { 0 };

	if (window <= LEGACY_REPLAY_MAX)
		return xfrmnl_sa_set_replay_window(x, window);
	/* The kernel then wants the legacy field 0. */
	return xfrmnl_sa_set_replay_state_esn(x, 0, 0, 0, 0, window,
					      (window + 31) / 32, bmp) ?
		       -ENOMEM :
		       0;
}

static int set_algorithms(struct xfrmnl_sa *x, const struct kb_xfrm_sa *sa)
{
	int ret;

	if (sa->aead)
		return xfrmnl_sa_set_aead_params(x, sa->aead, sa->key_bits,
						 sa->icv_bits,
						 (const char *)sa->key);
	ret = xfrmnl_sa_set_crypto_params(x, sa->cipher, sa->key_bits,
					  (const char *)sa->key);
	/*
	 * With a truncation length libnl sends XFRMA_ALG_AUTH_TRUNC, as
	 * `ip xfrm state ... auth-trunc` does; without one XFRMA_ALG_AUTH,
	 * which takes xfrm's default length (96 bits for hmac(sha256)).
	 */
	if (!ret)
		ret = xfrmnl_sa_set_auth_params(x, sa->auth, sa->auth_key_bits,
						sa->auth_trunc_bits,
						(const char *)sa->auth_key);
	return ret;
}

/* The SA as libnl-xfrm sends it; NULL when out of memory. */
static struct xfrmnl_sa *build_sa(const struct kb_xfrm_sa *sa)
{
	struct xfrmnl_sa *x = xfrmnl_sa_alloc();
	struct nl_addr *s = addr4(sa->src, 32), *d = addr4(sa->dst, 32);
	struct xfrmnl_ltime_cfg *l = forever();
	struct xfrmnl_sel *sel = selector(sa);
	int ret = x && s && d && l && sel ? 0 : -1;

	if (!ret) {
		xfrmnl_sa_set_family(x, AF_INET);
		xfrmnl_sa_set_proto(x, IPPROTO_ESP);
		xfrmnl_sa_set_spi(x, sa->spi);
		xfrmnl_sa_set_reqid(x, sa->reqid);
		xfrmnl_sa_set_mode(x, mode_of(sa));
		ret = xfrmnl_sa_set_saddr(x, s) || xfrmnl_sa_set_daddr(x, d) ||
		      xfrmnl_sa_set_sel(x, sel) ||
		      xfrmnl_sa_set_lifetime_cfg(x, l) ||
		      set_replay(x, sa->replay_window) || set_algorithms(x, sa);
	}
	if (s)
		nl_addr_put(s);
	if (d)
		nl_addr_put(d);
	if (l)
		xfrmnl_ltime_cfg_put(l);
	if (sel)
		xfrmnl_sel_put(sel);
	if (ret && x) {
		xfrmnl_sa_put(x);
		x = NULL;
	}
	return x;
}

static int check_sa(const struct kb_xfrm_sa *sa, char *err, size_t len)
{
	if (!sa || !sa->spi)
		return fail(err, len, -EINVAL, "an ESP SA needs an SPI");
	if (!sa->key ||
	    (!sa->aead && (!sa->cipher || !sa->auth || !sa->auth_key)))
		return fail(
			err, len, -EINVAL,
			"an ESP SA needs an AEAD, or a cipher and an authenticator, with their keys");
	if (sa->replay_window > ESN_REPLAY_MAX)
		return fail(err, len, -EINVAL,
			    "a replay window is at most %d packets, not %u",
			    ESN_REPLAY_MAX, (unsigned int)sa->replay_window);
	return 0;
}

static int sa_failed(const struct kb_nlsock *s, int side,
		     const struct kb_xfrm_sa *sa, int ret, char *err,
		     size_t len)
{
	const char *why = kb_nlsock_reason(s, ret);
	char src[INET_ADDRSTRLEN], dst[INET_ADDRSTRLEN];

	inet_ntop(AF_INET, &sa->src, src, sizeof(src));
	inet_ntop(AF_INET, &sa->dst, dst, sizeof(dst));
	switch (-ret) {
	case ENOSYS: /* xfrm_user: a name it does not know or cannot load */
	case ENOENT: /* esp4: the crypto API could not allocate it */
		if (sa->aead)
			return fail(err, len, ret,
				    "the kernel has no %s for ESP (%s)",
				    sa->aead, why);
		return fail(err, len, ret,
			    "the kernel has no %s or no %s for ESP (%s)",
			    sa->cipher, sa->auth, why);
	case EPROTONOSUPPORT:
		return fail(
			err, len, ret,
			"the kernel has no ESP for IPv4 (CONFIG_INET_ESP, module esp4): %s",
			why);
	case EEXIST:
		return fail(
			err, len, ret,
			"namespace %d has an SA with SPI 0x%08x to %s already",
			side, (unsigned int)sa->spi, dst);
	default:
		return fail(
			err, len, ret,
			"cannot add the ESP SA with SPI 0x%08x from %s to %s in namespace %d: %s",
			(unsigned int)sa->spi, src, dst, side, why);
	}
}

/**
 * kb_xfrm_add_sa() - add an ESP SA in one side's namespace
 * @p: the namespaces
 * @side: 0 or 1 (an SA belongs on both: the sender's and the receiver's)
 * @sa: what it is; key lengths in bits as xfrm takes them (an
 *      rfc4106(gcm(aes)) key includes its 4-byte salt: 160 or 288 bits;
 *      an rfc3686(ctr(aes)) key its 4-byte nonce)
 * @err: on failure, a sentence saying what failed
 * @len: its size
 *
 * IPv4, with the selector @sa->src/32 to @sa->dst/32, any protocol, no
 * lifetime limit. A replay window of up to 32 packets is sent as the
 * legacy one, a wider one (up to 4096) as an ESN replay state without the
 * ESN flag, as `ip xfrm state ... replay-window N` does. The calling
 * thread enters @side to open a socket there, and is back on return.
 *
 * Return: 0, or -errno: -EINVAL for an SA missing its SPI, algorithms or
 * keys, or one the kernel refused; -ENOSYS (xfrm does not know the
 * algorithm's name, or the crypto API cannot provide it) or -ENOENT (esp4
 * could not allocate it) when the kernel has no such algorithm;
 * -EPROTONOSUPPORT when it has no ESP for IPv4 (esp4) or, at the socket,
 * no xfrm_user; -EEXIST for an SPI taken.
 */
int kb_xfrm_add_sa(const struct kb_netns_pair *p, int side,
		   const struct kb_xfrm_sa *sa, char *err, size_t len)
{
	struct kb_nlsock s;
	struct xfrmnl_sa *x;
	int ret;

	ret = check_sa(sa, err, len);
	if (ret)
		return ret;
	x = build_sa(sa);
	if (!x)
		return fail(err, len, -ENOMEM,
			    "out of memory, or an algorithm name too long");
	ret = open_side(&s, p, side, err, len);
	if (!ret) {
		kb_nlsock_clear(&s);
		ret = xfrmnl_sa_add(s.sk, x, 0);
		if (ret < 0)
			ret = sa_failed(&s, side, sa, kb_nlsock_errno(&s, ret),
					err, len);
		else
			ret = 0;
	}
	kb_nlsock_close(&s);
	xfrmnl_sa_put(x);
	return ret;
}

/* What identifies an SA: its destination, SPI and protocol. */
static struct xfrmnl_sa *sa_id(const struct kb_xfrm_sa *sa)
{
	struct xfrmnl_sa *x = xfrmnl_sa_alloc();
	struct nl_addr *d = addr4(sa->dst, 32);

	if (x && d) {
		xfrmnl_sa_set_daddr(x, d);
		xfrmnl_sa_set_spi(x, sa->spi);
		xfrmnl_sa_set_proto(x, IPPROTO_ESP);
	} else if (x) {
		xfrmnl_sa_put(x);
		x = NULL;
	}
	if (d)
		nl_addr_put(d);
	return x;
}

/**
 * kb_xfrm_del_sa() - delete an ESP SA from one side's namespace
 * @p: the namespaces
 * @side: 0 or 1
 * @sa: the SA, found by its destination and SPI
 *
 * Not needed to clean up (the SAs go with their namespace): for an SA to
 * be made again, with another implementation.
 *
 * Return: 0, or -errno: -ESRCH when there is no such SA, -EINVAL for SPI
 * 0, or what opening the socket failed with.
 */
int kb_xfrm_del_sa(const struct kb_netns_pair *p, int side,
		   const struct kb_xfrm_sa *sa)
{
	struct kb_nlsock s;
	struct xfrmnl_sa *x;
	int ret;

	if (!sa || !sa->spi)
		return -EINVAL;
	x = sa_id(sa);
	if (!x)
		return -ENOMEM;
	ret = open_side(&s, p, side, NULL, 0);
	if (!ret) {
		kb_nlsock_clear(&s);
		ret = xfrmnl_sa_delete(s.sk, x, 0);
		ret = ret < 0 ? kb_nlsock_errno(&s, ret) : 0;
	}
	kb_nlsock_close(&s);
	xfrmnl_sa_put(x);
	return ret;
}

/**
 * kb_xfrm_flush() - delete every SA and policy of one namespace
 * @p: the namespaces
 * @side: the one to empty
 *
 * Namespaces take their SAs with them when they go, but through a path
 * of their own (xfrm_state_fini()); deleted here first, the SAs go the
 * way an IKE daemon's go, and with them the transforms they hold.
 *
 * Return: 0, or the first negative errno.
 */
int kb_xfrm_flush(const struct kb_netns_pair *p, int side)
{
	struct xfrm_usersa_flush sa = { .proto = IPSEC_PROTO_ANY };
	struct kb_nlsock s;
	int ret, ret2;

	ret = open_side(&s, p, side, NULL, 0);
	if (ret)
		return ret;
	kb_nlsock_clear(&s);
	ret = nl_send_simple(s.sk, XFRM_MSG_FLUSHPOLICY, 0, NULL, 0);
	if (ret >= 0)
		ret = nl_wait_for_ack(s.sk);
	ret = ret < 0 ? kb_nlsock_errno(&s, ret) : 0;
	kb_nlsock_clear(&s);
	ret2 = nl_send_simple(s.sk, XFRM_MSG_FLUSHSA, 0, &sa, sizeof(sa));
	if (ret2 >= 0)
		ret2 = nl_wait_for_ack(s.sk);
	ret2 = ret2 < 0 ? kb_nlsock_errno(&s, ret2) : 0;
	kb_nlsock_close(&s);
	return ret ? ret : ret2;
}

/* Its template: ESP, the SA's mode and reqid, any SPI, any algorithm. */
static struct xfrmnl_user_tmpl *template(const struct kb_xfrm_sa *sa)
{
	struct xfrmnl_user_tmpl *t = xfrmnl_user_tmpl_alloc();
	struct in_addr any = { 0 };
	bool tunnel = sa->mode == KB_XFRM_TUNNEL;
	/* In transport mode the packet's own addresses: 0.0.0.0, any. */
	struct nl_addr *s = addr4(tunnel ? sa->src : any, 32);
	struct nl_addr *d = addr4(tunnel ? sa->dst : any, 32);

	if (t && s && d) {
		xfrmnl_user_tmpl_set_saddr(t, s);
		xfrmnl_user_tmpl_set_daddr(t, d);
		xfrmnl_user_tmpl_set_family(t, AF_INET);
		xfrmnl_user_tmpl_set_proto(t, IPPROTO_ESP);
		xfrmnl_user_tmpl_set_mode(t, mode_of(sa));
		xfrmnl_user_tmpl_set_reqid(t, sa->reqid);
		xfrmnl_user_tmpl_set_aalgos(t, ~0u);
		xfrmnl_user_tmpl_set_ealgos(t, ~0u);
		xfrmnl_user_tmpl_set_calgos(t, ~0u);
	} else if (t) {
		xfrmnl_user_tmpl_free(t);
		t = NULL;
	}
	if (s)
		nl_addr_put(s);
	if (d)
		nl_addr_put(d);
	return t;
}

static struct xfrmnl_sp *build_policy(bool out, const struct kb_xfrm_sa *sa)
{
	struct xfrmnl_sp *sp = xfrmnl_sp_alloc();
	struct xfrmnl_sel *sel = selector(sa);
	struct xfrmnl_ltime_cfg *l = forever();
	struct xfrmnl_user_tmpl *t = template(sa);
	bool ok = sp && sel && l && t;

	if (ok) {
		xfrmnl_sp_set_sel(sp, sel);
		xfrmnl_sp_set_lifetime_cfg(sp, l);
		xfrmnl_sp_set_dir(sp, out ? XFRM_POLICY_OUT : XFRM_POLICY_IN);
		xfrmnl_sp_set_action(sp, XFRM_POLICY_ALLOW);
		/* The policy owns it from here. */
		xfrmnl_sp_add_usertemplate(sp, t);
		t = NULL;
	}
	if (sel)
		xfrmnl_sel_put(sel);
	if (l)
		xfrmnl_ltime_cfg_put(l);
	if (t)
		xfrmnl_user_tmpl_free(t);
	if (!ok && sp) {
		xfrmnl_sp_put(sp);
		sp = NULL;
	}
	return sp;
}

/**
 * kb_xfrm_add_policy() - add the policy that sends a lane's traffic
 *			  through an SA, or requires it to have come so
 * @p: the namespaces
 * @side: 0 or 1: the sender's for an out policy, the receiver's for in
 * @out: true for XFRM_POLICY_OUT, false for XFRM_POLICY_IN
 * @sa: the SA: its addresses make the selector (@sa->src/32 to
 *      @sa->dst/32, any protocol), its mode and reqid the one template
 *      (ESP, any SPI, any algorithm; in tunnel mode, the tunnel's
 *      addresses)
 * @err: on failure, a sentence saying what failed
 * @len: its size
 *
 * Return: 0, or -errno: -EEXIST when the side has a policy for this
 * selector and direction, -EPROTONOSUPPORT when the kernel has no
 * xfrm_user, or the kernel's answer.
 */
int kb_xfrm_add_policy(const struct kb_netns_pair *p, int side, bool out,
		       const struct kb_xfrm_sa *sa, char *err, size_t len)
{
	char src[INET_ADDRSTRLEN], dst[INET_ADDRSTRLEN];
	struct kb_nlsock s;
	struct xfrmnl_sp *sp;
	int ret;

	if (!sa)
		return fail(err, len, -EINVAL, "a policy needs its SA");
	inet_ntop(AF_INET, &sa->src, src, sizeof(src));
	inet_ntop(AF_INET, &sa->dst, dst, sizeof(dst));
	sp = build_policy(out, sa);
	if (!sp)
		return fail(err, len, -ENOMEM, "out of memory");
	ret = open_side(&s, p, side, err, len);
	if (!ret) {
		kb_nlsock_clear(&s);
		ret = xfrmnl_sp_add(s.sk, sp, 0);
		if (ret < 0) {
			ret = kb_nlsock_errno(&s, ret);
			fail(err, len, ret,
			     "cannot add the %s policy from %s to %s in namespace %d: %s",
			     out ? "out" : "in", src, dst, side,
			     ret == -EEXIST ? "there is one already" :
					      kb_nlsock_reason(&s, ret));
		} else {
			ret = 0;
		}
	}
	kb_nlsock_close(&s);
	xfrmnl_sp_put(sp);
	return ret;
}

/**
 * kb_xfrm_sa_stats() - what the kernel counted on an SA
 * @p: the namespaces
 * @side: 0 or 1
 * @sa: the SA, found by its destination and SPI (XFRM_MSG_GETSA)
 * @st: filled in: the packets and bytes of its current lifetime (each
 *      packet it sealed or opened), and the packets it dropped for a
 *      failed integrity check, as replays, or as outside the replay window
 *
 * Return: 0, or -errno: -ESRCH when there is no such SA, -EINVAL for SPI
 * 0, or what opening the socket failed with.
 */
int kb_xfrm_sa_stats(const struct kb_netns_pair *p, int side,
		     const struct kb_xfrm_sa *sa, struct kb_xfrm_sa_stats *st)
{
	unsigned long long bytes, packets, added, used, window, replay, bad;
	struct xfrmnl_sa *got = NULL;
	struct nl_addr *d;
	struct kb_nlsock s;
	int ret;

	memset(st, 0, sizeof(*st));
	if (!sa || !sa->spi)
		return -EINVAL;
	d = addr4(sa->dst, 32);
	if (!d)
		return -ENOMEM;
	ret = open_side(&s, p, side, NULL, 0);
	if (!ret) {
		kb_nlsock_clear(&s);
		ret = xfrmnl_sa_get_kernel(s.sk, d, sa->spi, IPPROTO_ESP, 0, 0,
					   &got);
		ret = ret < 0 ? kb_nlsock_errno(&s, ret) : 0;
	}
	kb_nlsock_close(&s);
	nl_addr_put(d);
	if (ret)
		return ret;
	if (!got)
		return -ESRCH;
	if (!xfrmnl_sa_get_curlifetime(got, &bytes, &packets, &added, &used)) {
		st->bytes = bytes;
		st->packets = packets;
	}
	if (!xfrmnl_sa_get_stats(got, &window, &replay, &bad)) {
		st->replay_window = window;
		st->replay = replay;
		st->integrity_failed = bad;
	}
	xfrmnl_sa_put(got);
	return 0;
}

/**
 * kb_xfrm_mib_parse() - read xfrm_stat's lines
 * @f: the file, as /proc/net/xfrm_stat writes it: "Name value" lines
 * @m: filled in, in the file's order; lines past KB_XFRM_MIB_MAX, with a
 *     name too long or without a number are left out
 */
void kb_xfrm_mib_parse(FILE *f, struct kb_xfrm_mib *m)
{
	char line[256], *name, *value, *end, *save;
	unsigned long long v;

	memset(m, 0, sizeof(*m));
	while (m->count < KB_XFRM_MIB_MAX && fgets(line, sizeof(line), f)) {
		name = strtok_r(line, " \t\n", &save);
		value = name ? strtok_r(NULL, " \t\n", &save) : NULL;
		if (!value || strlen(name) >= sizeof(m->counter[0].name))
			continue;
		errno = 0;
		v = strtoull(value, &end, 10);
		if (errno || *end || end == value)
			continue;
		strcpy(m->counter[m->count].name, name);
		m->counter[m->count].value = v;
		m->count++;
	}
}

/**
 * kb_xfrm_mib_read() - one side's xfrm counters
 * @p: the namespaces
 * @side: 0 or 1
 * @m: filled in from that namespace's /proc/net/xfrm_stat
 *
 * The calling thread reads it entered in @side: /proc/thread-self/net is
 * the namespace of the thread that opens it.
 *
 * Return: 0, or -errno: -ENOENT when the kernel keeps no such counters
 * (no CONFIG_XFRM_STATISTICS), -EINVAL for a side not made.
 */
int kb_xfrm_mib_read(const struct kb_netns_pair *p, int side,
		     struct kb_xfrm_mib *m)
{
	FILE *f;
	int ret, left;

	memset(m, 0, sizeof(*m));
	ret = kb_netns_enter(p, side);
	if (ret)
		return ret;
	f = fopen(MIB_PATH, "re");
	if (f) {
		kb_xfrm_mib_parse(f, m);
		fclose(f);
	} else {
		ret = -errno;
	}
	left = kb_netns_leave(p);
	return ret ? ret : left;
}

/**
 * kb_xfrm_mib_get() - a counter by its name
 * @m: as kb_xfrm_mib_read() filled it
 * @name: as xfrm_stat names it, "XfrmInStateProtoError"
 *
 * Return: its value, 0 when @m has no such counter.
 */
uint64_t kb_xfrm_mib_get(const struct kb_xfrm_mib *m, const char *name)
{
	size_t i;

	for (i = 0; i < m->count; i++)
		if (!strcmp(m->counter[i].name, name))
			return m->counter[i].value;
	return 0;
}
