// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A socket's kTLS, set up as tools/testing/selftests/net/tls.c does it
 * (no handshake: the keys are ours), and read back as the kernel reports
 * it over sock_diag. What the kernel does with what it is given
 * (net/tls/tls_main.c), which these calls allow for:
 * - TCP_ULP "tls" loads the module only for a caller with CAP_NET_ADMIN;
 *   without it, or without CONFIG_TLS, the ULP is unknown: ENOENT;
 * - TLS_TX and TLS_RX take the suite's whole struct, its length exact;
 *   the kernel copies the key, which is then wiped here;
 * - TLS_RX_EXPECT_NO_PAD is TLS 1.3's alone and only after TLS_RX;
 *   kernels before 6.0 have neither it nor TLS_TX_ZEROCOPY_RO
 *   (ENOPROTOOPT);
 * - a socket's configuration is sent over sock_diag to anyone from Linux
 *   6.15, before only to a caller with CAP_NET_ADMIN in its namespace.
 */

#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/netlink.h>
#include <linux/tls.h>

#include "netlink/inet_diag.h"
#include "netlink/sock.h"
#include "path/netns.h"
#include "tls/ktls.h"

#ifndef SOL_TLS
#define SOL_TLS 282
#endif

/* The calling thread's namespace; /proc/self would be the main thread's. */
#define THREAD_NETNS "/proc/thread-self/ns/net"

/* The size of a field of struct kb_tls_keys. */
#define KEYS(m) sizeof(((struct kb_tls_keys *)0)->m)

_Static_assert(KEYS(key) >= TLS_CIPHER_AES_GCM_256_KEY_SIZE,
	       "a key of every suite fits");
_Static_assert(KEYS(salt) == TLS_CIPHER_AES_GCM_128_SALT_SIZE &&
		       KEYS(iv) == TLS_CIPHER_AES_GCM_128_IV_SIZE &&
		       KEYS(rec_seq) == TLS_CIPHER_AES_GCM_128_REC_SEQ_SIZE,
	       "the keys' salt, IV and sequence number are kTLS's");

/**
 * kb_tls_ulp() - make a connected TCP socket a kTLS one
 * @fd: the socket, connected (the kernel refuses others: ENOTCONN)
 *
 * Return: 0, or -errno: -ENOENT when the kernel has no kTLS (no
 * CONFIG_TLS, or the module not loaded and the caller without
 * CAP_NET_ADMIN to load it), -EEXIST when @fd has a ULP already.
 */
int kb_tls_ulp(int fd)
{
	static const char ulp[] = "tls";

	return setsockopt(fd, SOL_TCP, TCP_ULP, ulp, sizeof(ulp)) ? -errno : 0;
}

/* One suite's struct: the same fields in each, of the suite's sizes. */
#define FILL(s, k)                                                        \
	do {                                                              \
		memcpy((s)->iv, (k)->iv, sizeof((s)->iv));                \
		memcpy((s)->key, (k)->key, sizeof((s)->key));             \
		memcpy((s)->salt, (k)->salt, sizeof((s)->salt));          \
		memcpy((s)->rec_seq, (k)->rec_seq, sizeof((s)->rec_seq)); \
	} while (0)

/**
 * kb_tls_crypto_info() - what TLS_TX or TLS_RX takes for a suite
 * @f: the suite (@f->cipher->type, TLS_CIPHER_*) and the version
 * @keys: the direction's keys; @f->cipher->key_bytes of @keys->key used
 * @ci: filled in; wipe it (explicit_bzero()) once used
 * @len: set to the suite's struct's size, which the kernel wants exact
 *
 * Return: 0, or -EINVAL for a suite that is none of kTLS's AES ones or
 * whose key size is not the struct's.
 */
int kb_tls_crypto_info(const struct kb_tls_front *f,
		       const struct kb_tls_keys *keys,
		       union kb_tls_crypto_info *ci, socklen_t *len)
{
	size_t key;

	memset(ci, 0, sizeof(*ci));
	switch (f->cipher->type) {
	case TLS_CIPHER_AES_GCM_128:
		FILL(&ci->gcm_128, keys);
		key = sizeof(ci->gcm_128.key);
		*len = sizeof(ci->gcm_128);
		break;
	case TLS_CIPHER_AES_GCM_256:
		FILL(&ci->gcm_256, keys);
		key = sizeof(ci->gcm_256.key);
		*len = sizeof(ci->gcm_256);
		break;
	case TLS_CIPHER_AES_CCM_128:
		FILL(&ci->ccm_128, keys);
		key = sizeof(ci->ccm_128.key);
		*len = sizeof(ci->ccm_128);
		break;
	default:
		return -EINVAL;
	}
	if (f->cipher->key_bytes != key) {
		explicit_bzero(ci, sizeof(*ci));
		return -EINVAL;
	}
	ci->info.version = f->version == KB_TLS_13 ? TLS_1_3_VERSION :
						     TLS_1_2_VERSION;
	ci->info.cipher_type = f->cipher->type;
	return 0;
}

/**
 * kb_tls_set_keys() - hand one direction's keys to the kernel
 * @fd: a socket kb_tls_ulp() made a kTLS one
 * @rx: TLS_RX (@fd decrypts what it reads), else TLS_TX
 * @f: the suite and version
 * @keys: the keys; what the kernel was given is wiped here
 *
 * Set again on a socket that has keys, TLS 1.3's key update (Linux 6.14
 * and later; older kernels refuse it with EBUSY).
 *
 * Return: 0, or -errno: -EINVAL for a suite or version the kernel does
 * not take, -ENOENT for a cipher not built in (CONFIG_CRYPTO_GCM/CCM),
 * -EBUSY for keys set twice where the kernel has no key update.
 */
int kb_tls_set_keys(int fd, bool rx, const struct kb_tls_front *f,
		    const struct kb_tls_keys *keys)
{
	union kb_tls_crypto_info ci;
	socklen_t len;
	int ret;

	ret = kb_tls_crypto_info(f, keys, &ci, &len);
	if (ret)
		return ret;
	if (setsockopt(fd, SOL_TLS, rx ? TLS_RX : TLS_TX, &ci, len))
		ret = -errno;
	explicit_bzero(&ci, sizeof(ci));
	return ret;
}

static int set_flag(int fd, int opt)
{
	unsigned int one = 1;

	return setsockopt(fd, SOL_TLS, opt, &one, sizeof(one)) ? -errno : 0;
}

/**
 * kb_tls_expect_no_pad() - tell the kernel TLS 1.3's records carry no
 *			    padding, so that it decrypts into the reader's
 *			    buffer at once (TLS_RX_EXPECT_NO_PAD)
 * @fd: a socket with TLS 1.3 keys for TLS_RX
 *
 * Return: 0, or -errno: -ENOPROTOOPT where the kernel has no such option
 * (before 6.0), -EINVAL before TLS_RX or on TLS 1.2.
 */
int kb_tls_expect_no_pad(int fd)
{
	return set_flag(fd, TLS_RX_EXPECT_NO_PAD);
}

/**
 * kb_tls_zerocopy_ro() - let sendfile() hand the file's pages to the
 *			  kernel's TLS unencrypted until sent
 *			  (TLS_TX_ZEROCOPY_RO)
 * @fd: a kTLS socket
 *
 * The kernel uses it with a NIC's offload only; on the software path it
 * is accepted and changes nothing.
 *
 * Return: 0, or -errno: -ENOPROTOOPT where the kernel has no such option
 * (before 6.0).
 */
int kb_tls_zerocopy_ro(int fd)
{
	return set_flag(fd, TLS_TX_ZEROCOPY_RO);
}

/**
 * kb_tls_keys_random() - fresh keys for one direction
 * @keys: filled with random bytes; the first record's sequence number
 *	  below 2^48, so that no run comes near its end (where the kernel
 *	  stops the socket)
 *
 * Return: 0, or -errno of getrandom().
 */
int kb_tls_keys_random(struct kb_tls_keys *keys)
{
	uint8_t *p = (uint8_t *)keys;
	size_t got = 0;
	ssize_t n;

	while (got < sizeof(*keys)) {
		n = getrandom(p + got, sizeof(*keys) - got, 0);
		if (n < 0 && errno != EINTR)
			return -errno;
		if (n > 0)
			got += n;
	}
	keys->rec_seq[0] = 0;
	keys->rec_seq[1] = 0;
	return 0;
}

/* A NETLINK_SOCK_DIAG socket in namespace @netns_fd (-1: the caller's). */
static int diag_open(struct kb_nl *nl, int netns_fd)
{
	struct kb_netns_pair ns = { .side = { netns_fd, -1 } };
	int fd;

	memset(nl, 0, sizeof(*nl));
	if (netns_fd < 0)
		return kb_nl_open(nl, NETLINK_SOCK_DIAG);
	ns.home = open(THREAD_NETNS, O_RDONLY | O_CLOEXEC);
	if (ns.home < 0)
		return -errno;
	fd = kb_netns_socket(&ns, 0, AF_NETLINK, SOCK_RAW, NETLINK_SOCK_DIAG);
	close(ns.home);
	return fd < 0 ? fd : kb_nl_adopt(nl, fd);
}

/* @fd's addresses, as sock_diag looks a socket up, and its inode. */
static int identify(int fd, struct sockaddr_storage *local,
		    struct sockaddr_storage *peer, ino_t *ino)
{
	socklen_t len = sizeof(*local);
	struct stat st;

	if (getsockname(fd, (struct sockaddr *)local, &len))
		return -errno;
	len = sizeof(*peer);
	if (getpeername(fd, (struct sockaddr *)peer, &len))
		return -errno;
	if (fstat(fd, &st))
		return -errno;
	*ino = st.st_ino;
	return 0;
}

/* What the answer says of kTLS, or why it says nothing. */
static int conf_of(const struct kb_diag_ulp *u, ino_t ino,
		   struct kb_tls_conf *conf)
{
	/* The same addresses in another namespace: not our socket. */
	if (u->inode != ino)
		return -ENOENT;
	if (strcmp(u->name, "tls"))
		return -ENODATA;
	if (!u->tls.present)
		return -EPERM;
	conf->tx = u->tls.tx;
	conf->rx = u->tls.rx;
	conf->rx_no_pad = u->tls.rx_no_pad;
	conf->zc_ro_tx = u->tls.zc_ro_tx;
	return 0;
}

/**
 * kb_tls_conf_read() - what the kernel made of a socket's kTLS
 * @fd: a connected TCP socket
 * @netns_fd: the namespace @fd was made in, -1 for the caller's
 * @conf: filled in: each direction's TLS_CONF_* (TLS_CONF_SW: the
 *	  kernel's crypto API; _HW, _HW_RECORD: a NIC's), -1 where not
 *	  said, and the two flags
 *
 * Asks sock_diag of @netns_fd for the socket with @fd's addresses, and
 * checks it is @fd by its inode. Entering @netns_fd for a moment (the
 * calling thread alone) needs CAP_SYS_ADMIN.
 *
 * Return: 0, or -errno: -ENODATA when @fd has no kTLS ULP or the kernel
 * withheld the ULP (before 6.15, from a caller without CAP_NET_ADMIN in
 * @netns_fd), -EPERM when it named the ULP but withheld its
 * configuration, -ENOENT when @fd is not in @netns_fd,
 * -EPROTONOSUPPORT when the kernel looks no TCP socket up over sock_diag
 * (CONFIG_INET_DIAG, CONFIG_INET_TCP_DIAG off, or the modules inet_diag
 * and tcp_diag missing), or what getsockname(), setns() or the request
 * failed with.
 */
int kb_tls_conf_read(int fd, int netns_fd, struct kb_tls_conf *conf)
{
	struct sockaddr_storage local, peer;
	struct kb_diag_ulp u;
	struct kb_nl nl;
	ino_t ino = 0;
	int ret;

	conf->tx = -1;
	conf->rx = -1;
	conf->rx_no_pad = false;
	conf->zc_ro_tx = false;
	ret = identify(fd, &local, &peer, &ino);
	if (ret)
		return ret;
	ret = diag_open(&nl, netns_fd);
	if (!ret)
		ret = kb_inet_diag_ulp(&nl, (struct sockaddr *)&local,
				       (struct sockaddr *)&peer, &u);
	kb_nl_close(&nl);
	return ret ? ret : conf_of(&u, ino, conf);
}
