// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Records over a lane (tls/flow.c) where the host can carry them: no
 * kTLS here, so libcrypto seals at one end and opens at the other, over
 * a TCP connection on 127.0.0.1 (the host's own namespace, nothing left
 * behind), and plain TCP. Every suite and version at sizes up to 16 KiB,
 * twice on the same lane; TLS 1.3's key update twice in one run, nothing
 * wrong across it; a receiver out of step with the sender, and a record
 * sealed with other keys, refused once and the rest lost, the run
 * returning; what a lane cannot do refused. No timing is asserted.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "tls/flow.h"
#include "tls/lane.h"
#include "tls/record.h"

static const uint32_t sizes[] = { 24, 100, 1500, 16384, 4097 };

static void tcp_pair(int *tx, int *rx)
{
	struct sockaddr_in a = { .sin_family = AF_INET,
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int ls = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

	assert_true(ls >= 0);
	assert_int_equal(bind(ls, (struct sockaddr *)&a, sizeof(a)), 0);
	assert_int_equal(listen(ls, 1), 0);
	assert_int_equal(getsockname(ls, (struct sockaddr *)&a, &len), 0);
	*tx = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	assert_true(*tx >= 0);
	assert_int_equal(connect(*tx, (struct sockaddr *)&a, sizeof(a)), 0);
	*rx = accept(ls, NULL, NULL);
	assert_true(*rx >= 0);
	close(ls);
}

static void random_keys(struct kb_tls_keys *k)
{
	uint8_t *p = (uint8_t *)k;
	size_t i;

	for (i = 0; i < sizeof(*k); i++)
		p[i] = (uint8_t)rand();
}

/* A lane libcrypto seals and opens (or plain TCP), made as a test's. */
static struct kb_tls_lane *lane_new(struct kb_tls_front *f, bool plain)
{
	struct kb_tls_lane *l = calloc(1, sizeof(*l));

	assert_non_null(l);
	l->front = f;
	l->plain = plain;
	random_keys(&l->keys);
	random_keys(&l->next);
	tcp_pair(&l->tx, &l->rx);
	return l;
}

static void lane_free(struct kb_tls_lane *l)
{
	close(l->tx);
	close(l->rx);
	free(l);
}

static struct kb_traffic_opts opts(uint64_t packets, uint32_t tag)
{
	struct kb_traffic_opts o = { .payload_sizes = sizes,
				     .npayload_sizes = 5,
				     .packets = packets,
				     .tag = tag };

	return o;
}

static uint64_t bytes_of(uint64_t records)
{
	uint64_t k, n = 0;

	for (k = 0; k < records; k++)
		n += sizes[k % 5];
	return n;
}

static void assert_all_right(const struct kb_traffic_result *r, uint64_t sent)
{
	assert_int_equal(r->sent, sent);
	assert_int_equal(r->received, sent);
	assert_int_equal(r->wrong, 0);
	assert_int_equal(r->lost, 0);
	assert_int_equal(r->send_errors, 0);
	assert_int_equal(r->payload_bytes, bytes_of(sent));
	assert_false(r->interrupted);
}

/* Every suite and version, twice on one lane: numbering goes on. */
static void test_sealed(void **state)
{
	struct kb_traffic_opts o = opts(100, 0x1234);
	struct kb_traffic_result r;
	enum kb_tls_version v;
	size_t c;

	(void)state;
	for (c = 0; c < kb_tls_nciphers; c++)
		for (v = KB_TLS_12; v <= KB_TLS_13; v++) {
			struct kb_tls_front f = { .cipher = &kb_tls_ciphers[c],
						  .version = v };
			struct kb_tls_lane *l = lane_new(&f, false);

			assert_int_equal(kb_tls_flow_run(l, &o, &r), 0);
			assert_all_right(&r, 100);
			o.tag++;
			assert_int_equal(kb_tls_flow_run(l, &o, &r), 0);
			assert_all_right(&r, 100);
			assert_int_equal(l->tx_seq, 200);
			assert_int_equal(l->rx_seq, 200);
			assert_int_equal(l->openssl_refused, 0);
			lane_free(l);
		}
}

static void test_plain(void **state)
{
	struct kb_tls_front f = { .cipher = kb_tls_cipher_named("aes-128-gcm"),
				  .version = KB_TLS_13 };
	struct kb_tls_lane *l = lane_new(&f, true);
	struct kb_traffic_opts o = opts(300, 7);
	struct kb_traffic_result r;
	char err[256];

	(void)state;
	assert_int_equal(kb_tls_flow_run(l, &o, &r), 0);
	assert_all_right(&r, 300);
	assert_int_equal(kb_tls_lane_update(l, 100, err, sizeof(err)),
			 -EOPNOTSUPP);
	lane_free(l);
}

struct bg {
	struct kb_tls_lane *l;
	struct kb_traffic_opts o;
	struct kb_traffic_result r;
	int ret;
};

static void *bg_run(void *arg)
{
	struct bg *b = arg;

	b->ret = kb_tls_flow_run(b->l, &b->o, &b->r);
	return NULL;
}

/* Until the receiver has opened @n records more under the keys now. */
static void wait_opened(struct kb_tls_lane *l, uint64_t n)
{
	struct timespec ms = { .tv_nsec = 1000000 };

	while (__atomic_load_n(&l->rx_seq, __ATOMIC_RELAXED) < n)
		nanosleep(&ms, NULL);
}

/* Two key updates under traffic: nothing wrong, the lane on new keys. */
static void test_key_update(void **state)
{
	struct kb_tls_front f = { .cipher = kb_tls_cipher_named("aes-256-gcm"),
				  .version = KB_TLS_13 };
	struct bg b = { .l = lane_new(&f, false), .o = opts(0, 99) };
	struct kb_tls_keys first;
	pthread_t thread;
	char err[256] = "";
	int i;

	(void)state;
	b.o.ms = 1500;
	assert_int_equal(pthread_create(&thread, NULL, bg_run, &b), 0);
	for (i = 0; i < 2; i++) {
		wait_opened(b.l, 20);
		first = b.l->next;
		assert_int_equal(
			kb_tls_lane_update(b.l, 3000, err, sizeof(err)), 0);
		assert_memory_equal(&b.l->keys, &first, sizeof(first));
		random_keys(&b.l->next);
	}
	pthread_join(thread, NULL);
	assert_int_equal(b.ret, 0);
	assert_true(b.r.sent > 40);
	assert_all_right(&b.r, b.r.sent);
	/* Numbered from 0 again after the last KeyUpdate, mid-run. */
	assert_true(b.l->tx_seq < b.r.sent);
	assert_int_equal(b.l->tx_seq, b.l->rx_seq);
	lane_free(b.l);
}

static void test_update_12(void **state)
{
	struct kb_tls_front f = { .cipher = kb_tls_cipher_named("aes-128-ccm"),
				  .version = KB_TLS_12 };
	struct kb_tls_lane *l = lane_new(&f, false);
	char err[256] = "";

	(void)state;
	assert_int_equal(kb_tls_lane_update(l, 100, err, sizeof(err)),
			 -EOPNOTSUPP);
	assert_non_null(strstr(err, "TLS 1.2"));
	lane_free(l);
}

static void assert_refused_first(const struct kb_tls_lane *l,
				 const struct kb_traffic_result *r)
{
	assert_int_equal(l->openssl_refused, 1);
	assert_int_equal(r->received, 0);
	assert_int_equal(r->wrong, 1);
	assert_true(r->sent >= 1);
	assert_int_equal(r->lost, r->sent - 1);
}

/* A receiver out of step: every record it opens has another nonce. */
static void test_refused_seq(void **state)
{
	struct kb_tls_front f = { .cipher = kb_tls_cipher_named("aes-128-ccm"),
				  .version = KB_TLS_12 };
	struct kb_tls_lane *l = lane_new(&f, false);
	struct kb_traffic_opts o = opts(50, 3);
	struct kb_traffic_result r;

	(void)state;
	l->rx_seq = 7;
	assert_int_equal(kb_tls_flow_run(l, &o, &r), 0);
	assert_refused_first(l, &r);
	/* Nothing can follow a refused record on this stream. */
	assert_int_equal(kb_tls_flow_run(l, &o, &r), -EBADMSG);
	assert_int_equal(r.sent, 0);
	lane_free(l);
}

/* A record sealed with other keys first in the stream. */
static void test_refused_keys(void **state)
{
	static uint8_t rec[KB_TLS_MAX_RECORD + 64], plain[100];
	struct kb_tls_front f = { .cipher = kb_tls_cipher_named("aes-128-gcm"),
				  .version = KB_TLS_13 };
	struct kb_tls_lane *l = lane_new(&f, false);
	struct kb_traffic_opts o = opts(20, 4);
	struct kb_traffic_result r;
	struct kb_tls_sealer *other;
	long n;

	(void)state;
	assert_int_equal(kb_tls_sealer_new(&f, &l->next, &other), 0);
	n = kb_tls_seal(other, 0, KB_TLS_APPLICATION_DATA, plain, sizeof(plain),
			rec);
	assert_true(n > 0);
	assert_int_equal(write(l->tx, rec, n), n);
	kb_tls_sealer_free(other);
	assert_int_equal(kb_tls_flow_run(l, &o, &r), 0);
	assert_int_equal(l->openssl_refused, 1);
	assert_int_equal(r.received, 0);
	assert_int_equal(r.wrong, 1);
	/* The receiver may stop before the first record is sent. */
	assert_int_equal(r.lost, r.sent ? r.sent - 1 : 0);
	lane_free(l);
}

static void test_bad_sizes(void **state)
{
	static const uint32_t small[] = { 23 }, big[] = { 16385 };
	struct kb_tls_front f = { .cipher = kb_tls_cipher_named("aes-128-gcm"),
				  .version = KB_TLS_12 };
	struct kb_tls_lane *l = lane_new(&f, false);
	struct kb_traffic_opts o = opts(1, 5);
	struct kb_traffic_result r;

	(void)state;
	o.payload_sizes = small;
	o.npayload_sizes = 1;
	assert_int_equal(kb_tls_flow_run(l, &o, &r), -EINVAL);
	o.payload_sizes = big;
	assert_int_equal(kb_tls_flow_run(l, &o, &r), -EINVAL);
	o.npayload_sizes = 0;
	assert_int_equal(kb_tls_flow_run(l, &o, &r), -EINVAL);
	lane_free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sealed),
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_key_update),
		cmocka_unit_test(test_update_12),
		cmocka_unit_test(test_refused_seq),
		cmocka_unit_test(test_refused_keys),
		cmocka_unit_test(test_bad_sizes),
	};

	srand(41);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
