// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * tls/ktls.c: what TLS_TX and TLS_RX are handed for each AES suite and
 * version, field by field against the uapi structs (the kernel wants the
 * struct's exact length); suites it has no struct for refused; random
 * keys fresh each time and far from the sequence number's end. Then,
 * on the host's kernel (no kTLS): a socket's configuration asked for in
 * its own namespace (no ULP), in others (not there), and the ULP refused.
 * The VM suite sets real keys (67-tls).
 */

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cmocka.h>

#include <linux/tls.h>

#include "path/link.h"
#include "path/netns.h"
#include "tls/ktls.h"
#include "tls/tls.h"

static struct kb_tls_keys pattern(void)
{
	struct kb_tls_keys k;
	size_t i;

	for (i = 0; i < sizeof(k.key); i++)
		k.key[i] = 0x10 + i;
	for (i = 0; i < sizeof(k.salt); i++)
		k.salt[i] = 0xa0 + i;
	for (i = 0; i < sizeof(k.iv); i++)
		k.iv[i] = 0xb0 + i;
	for (i = 0; i < sizeof(k.rec_seq); i++)
		k.rec_seq[i] = 0xc0 + i;
	return k;
}

/* A suite's struct: its fields where the uapi puts them, nothing after. */
#define CHECK(T, ci, len, k, version, type)                               \
	do {                                                              \
		const T *s = (const T *)(ci);                             \
		assert_int_equal(len, sizeof(T));                         \
		assert_int_equal(s->info.version, version);               \
		assert_int_equal(s->info.cipher_type, type);              \
		assert_memory_equal(s->key, (k)->key, sizeof(s->key));    \
		assert_memory_equal(s->iv, (k)->iv, sizeof(s->iv));       \
		assert_memory_equal(s->salt, (k)->salt, sizeof(s->salt)); \
		assert_memory_equal(s->rec_seq, (k)->rec_seq,             \
				    sizeof(s->rec_seq));                  \
	} while (0)

static void check_one(const struct kb_tls_cipher *c, enum kb_tls_version v)
{
	struct kb_tls_front f = { .cipher = c, .version = v };
	struct kb_tls_keys k = pattern();
	union kb_tls_crypto_info ci;
	uint16_t version = v == KB_TLS_13 ? 0x0304 : 0x0303;
	socklen_t len = 0;
	size_t i;

	memset(&ci, 0x5a, sizeof(ci));
	assert_int_equal(kb_tls_crypto_info(&f, &k, &ci, &len), 0);
	if (c->type == TLS_CIPHER_AES_GCM_128)
		CHECK(struct tls12_crypto_info_aes_gcm_128, &ci, len, &k,
		      version, 51);
	else if (c->type == TLS_CIPHER_AES_GCM_256)
		CHECK(struct tls12_crypto_info_aes_gcm_256, &ci, len, &k,
		      version, 52);
	else
		CHECK(struct tls12_crypto_info_aes_ccm_128, &ci, len, &k,
		      version, 53);
	assert_int_equal(len, sizeof(struct tls_crypto_info) + 8 +
				      c->key_bytes + 4 + 8);
	for (i = len; i < sizeof(ci); i++)
		assert_int_equal(((uint8_t *)&ci)[i], 0);
}

static void test_crypto_info(void **state)
{
	size_t i;

	(void)state;
	assert_int_equal(kb_tls_nciphers, 3);
	for (i = 0; i < kb_tls_nciphers; i++) {
		check_one(&kb_tls_ciphers[i], KB_TLS_12);
		check_one(&kb_tls_ciphers[i], KB_TLS_13);
	}
}

static void test_crypto_info_refused(void **state)
{
	struct kb_tls_cipher chacha = { .type = TLS_CIPHER_CHACHA20_POLY1305,
					.key_bytes = 32 };
	struct kb_tls_cipher wrong = *kb_tls_cipher_named("aes-128-gcm");
	struct kb_tls_front f = { .cipher = &chacha, .version = KB_TLS_13 };
	struct kb_tls_keys k = pattern();
	union kb_tls_crypto_info ci;
	socklen_t len = 0;
	size_t i;

	(void)state;
	assert_int_equal(kb_tls_crypto_info(&f, &k, &ci, &len), -EINVAL);
	/* A row whose key size is not its struct's: nothing of it kept. */
	wrong.key_bytes = 32;
	f.cipher = &wrong;
	assert_int_equal(kb_tls_crypto_info(&f, &k, &ci, &len), -EINVAL);
	for (i = 0; i < sizeof(ci); i++)
		assert_int_equal(((uint8_t *)&ci)[i], 0);
}

static void test_keys_random(void **state)
{
	struct kb_tls_keys a, b;
	int i;

	(void)state;
	for (i = 0; i < 8; i++) {
		memset(&a, 0xff, sizeof(a));
		assert_int_equal(kb_tls_keys_random(&a), 0);
		assert_int_equal(kb_tls_keys_random(&b), 0);
		assert_memory_not_equal(a.key, b.key, sizeof(a.key));
		assert_memory_not_equal(&a.salt, &b.salt,
					sizeof(a.salt) + sizeof(a.iv));
		/* Below 2^48: no run nears the end of the sequence. */
		assert_int_equal(a.rec_seq[0] | a.rec_seq[1], 0);
	}
}

/*
 * A connected pair on a side's loopback, made from the home namespace:
 * the listener on port @ports[0], the client's on @ports[1] (0: any,
 * then set to the one taken).
 */
static int side_pair(const struct kb_netns_pair *p, int side, int fd[2],
		     uint16_t ports[2])
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct sockaddr_in c = a;
	socklen_t len = sizeof(a);
	int l = kb_netns_socket(p, side, AF_INET, SOCK_STREAM, 0);

	a.sin_port = ports[0];
	c.sin_port = ports[1];
	fd[0] = kb_netns_socket(p, side, AF_INET, SOCK_STREAM, 0);
	if (l < 0 || fd[0] < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) ||
	    listen(l, 1) || getsockname(l, (struct sockaddr *)&a, &len) ||
	    bind(fd[0], (struct sockaddr *)&c, sizeof(c)) ||
	    connect(fd[0], (struct sockaddr *)&a, sizeof(a)) ||
	    getsockname(fd[0], (struct sockaddr *)&c, &len))
		return -1;
	ports[0] = a.sin_port;
	ports[1] = c.sin_port;
	fd[1] = accept(l, NULL, NULL);
	close(l);
	return fd[1] < 0 ? -1 : 0;
}

/* The host's kernel: sock_diag of the right namespace, and no kTLS. */
static void test_host_kernel(void **state)
{
	uint16_t ports[2] = { 0, 0 };
	struct kb_tls_conf conf;
	struct kb_netns_pair p;
	int fd[2], twin[2], ret;
	char err[200] = "";

	(void)state;
	ret = kb_netns_pair_make(&p, err, sizeof(err));
	if (!ret)
		ret = kb_link_loopback(&p, err, sizeof(err));
	if (ret) {
		kb_netns_pair_release(&p);
		skip(); /* not root, or no namespaces: the VM suite has both */
	}
	assert_int_equal(side_pair(&p, 0, fd, ports), 0);
	/* Its own namespace: found, with no ULP. */
	assert_int_equal(kb_tls_conf_read(fd[0], p.side[0], &conf), -ENODATA);
	assert_int_equal(conf.tx, -1);
	assert_int_equal(conf.rx, -1);
	assert_false(conf.rx_no_pad);
	assert_int_equal(kb_tls_conf_read(fd[1], p.side[0], &conf), -ENODATA);
	/* The caller's namespace: no such socket there. */
	assert_int_equal(kb_tls_conf_read(fd[1], -1, &conf), -ENOENT);
	/* Side 1 has a twin of the same addresses: not @fd's, by its inode. */
	assert_int_equal(side_pair(&p, 1, twin, ports), 0);
	assert_int_equal(kb_tls_conf_read(twin[0], p.side[1], &conf), -ENODATA);
	assert_int_equal(kb_tls_conf_read(fd[0], p.side[1], &conf), -ENOENT);
	/* Not a TCP connection. */
	assert_int_equal(kb_tls_conf_read(p.home, -1, &conf), -ENOTSOCK);
	if (access("/proc/net/tls_stat", F_OK))
		assert_int_equal(kb_tls_ulp(fd[0]), -ENOENT);
	close(twin[0]);
	close(twin[1]);
	close(fd[0]);
	close(fd[1]);
	kb_netns_pair_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crypto_info),
		cmocka_unit_test(test_crypto_info_refused),
		cmocka_unit_test(test_keys_random),
		cmocka_unit_test(test_host_kernel),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
