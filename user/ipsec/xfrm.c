// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * ESP SAs and policies through NETLINK_XFRM (netlink/xfrm_user.c), each
 * request on a socket made in the side's namespace, the sentences that
 * say why one failed, and the counters the kernel keeps of them.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/netlink.h>

#include "ipsec/xfrm.h"
#include "netlink/sock.h"
#include "netlink/xfrm_user.h"

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

static int open_side(struct kb_nl *nl, const struct kb_netns_pair *p, int side,
		     char *err, size_t len)
{
	int ret = kb_netns_socket(p, side, AF_NETLINK, SOCK_RAW, NETLINK_XFRM);

	memset(nl, 0, sizeof(*nl));
	if (ret >= 0)
		ret = kb_nl_adopt(nl, ret);
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

static int check_sa(const struct kb_xfrm_sa *sa, char *err, size_t len)
{
	if (!sa || !sa->spi)
		return fail(err, len, -EINVAL, "an ESP SA needs an SPI");
	if (!sa->key ||
	    (!sa->aead && (!sa->cipher || !sa->auth || !sa->auth_key)))
		return fail(
			err, len, -EINVAL,
			"an ESP SA needs an AEAD, or a cipher and an authenticator, with their keys");
	if (sa->replay_window > KB_XFRM_REPLAY_MAX)
		return fail(err, len, -EINVAL,
			    "a replay window is at most %d packets, not %u",
			    KB_XFRM_REPLAY_MAX,
			    (unsigned int)sa->replay_window);
	return 0;
}

static int sa_failed(const struct kb_nl *nl, int side,
		     const struct kb_xfrm_sa *sa, int ret, char *err,
		     size_t len)
{
	const char *why = kb_nl_reason(nl, ret);
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
	struct kb_nl nl;
	int ret;

	ret = check_sa(sa, err, len);
	if (ret)
		return ret;
	ret = open_side(&nl, p, side, err, len);
	if (!ret) {
		ret = kb_xfrm_user_add_sa(&nl, sa);
		if (ret == -ENOMEM && !nl.why[0])
			fail(err, len, ret,
			     "out of memory, or an algorithm name too long");
		else if (ret)
			ret = sa_failed(&nl, side, sa, ret, err, len);
	}
	kb_nl_close(&nl);
	return ret;
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
	struct kb_nl nl;
	int ret;

	if (!sa || !sa->spi)
		return -EINVAL;
	ret = open_side(&nl, p, side, NULL, 0);
	if (!ret)
		ret = kb_xfrm_user_del_sa(&nl, sa);
	kb_nl_close(&nl);
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
	struct kb_nl nl;
	int ret;

	ret = open_side(&nl, p, side, NULL, 0);
	if (!ret)
		ret = kb_xfrm_user_flush(&nl);
	kb_nl_close(&nl);
	return ret;
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
	struct kb_nl nl;
	int ret;

	if (!sa)
		return fail(err, len, -EINVAL, "a policy needs its SA");
	inet_ntop(AF_INET, &sa->src, src, sizeof(src));
	inet_ntop(AF_INET, &sa->dst, dst, sizeof(dst));
	ret = open_side(&nl, p, side, err, len);
	if (!ret) {
		ret = kb_xfrm_user_add_policy(&nl, out, sa);
		if (ret)
			fail(err, len, ret,
			     "cannot add the %s policy from %s to %s in namespace %d: %s",
			     out ? "out" : "in", src, dst, side,
			     ret == -EEXIST ? "there is one already" :
					      kb_nl_reason(&nl, ret));
	}
	kb_nl_close(&nl);
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
	struct kb_nl nl;
	int ret;

	memset(st, 0, sizeof(*st));
	if (!sa || !sa->spi)
		return -EINVAL;
	ret = open_side(&nl, p, side, NULL, 0);
	if (!ret)
		ret = kb_xfrm_user_get_sa(&nl, sa, st);
	kb_nl_close(&nl);
	return ret;
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
