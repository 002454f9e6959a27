// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * kaesbench ipsec's plumbing, as far as a host without veth or ESP allows:
 * the lanes' addresses, xfrm_stat's parsing, the requests refused before
 * any reaches the kernel, and, where the host lets this process make
 * network namespaces, that they are two new ones, that the thread is back
 * in its own after each call, and that a side's socket stays there. The VM
 * suite covers the links, SAs and traffic.
 */

#include <arpa/inet.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include <linux/sockios.h>

#include "path/link.h"
#include "path/netns.h"
#include "ipsec/xfrm.h"

static void test_lane_addr(void **state)
{
	struct in_addr a;
	char text[INET_ADDRSTRLEN];

	(void)state;
	kb_link_lane_addr(0, 0, &a);
	assert_string_equal(inet_ntop(AF_INET, &a, text, sizeof(text)),
			    "10.213.0.1");
	kb_link_lane_addr(KB_LINK_MAX_LANES - 1, 1, &a);
	assert_string_equal(inet_ntop(AF_INET, &a, text, sizeof(text)),
			    "10.213.7.2");
	assert_string_equal(kb_link_ifname(0), "kb0");
	assert_string_equal(kb_link_ifname(1), "kb1");
	assert_null(kb_link_ifname(2));
}

static void test_mib_parse(void **state)
{
	static const char text[] =
		"XfrmInError             \t0\n"
		"XfrmInNoStates          \t12\n"
		"\n"
		"XfrmNotANumber          \t1x\n"
		"XfrmNoValue\n"
		"XfrmANameLongerThanThirtyNineCharactersInAll\t5\n"
		"XfrmOutStateSeqError    \t18446744073709551615\n";
	struct kb_xfrm_mib m;
	FILE *f;

	(void)state;
	f = fmemopen((void *)text, sizeof(text) - 1, "r");
	assert_non_null(f);
	kb_xfrm_mib_parse(f, &m);
	fclose(f);
	assert_int_equal(m.count, 3);
	assert_string_equal(m.counter[0].name, "XfrmInError");
	assert_int_equal(kb_xfrm_mib_get(&m, "XfrmInNoStates"), 12);
	assert_true(kb_xfrm_mib_get(&m, "XfrmOutStateSeqError") == UINT64_MAX);
	assert_int_equal(kb_xfrm_mib_get(&m, "XfrmNotANumber"), 0);
	assert_int_equal(kb_xfrm_mib_get(&m, "XfrmNoSuchCounter"), 0);
}

static void test_refused(void **state)
{
	struct kb_netns_pair none = { -1, { -1, -1 } };
	static const uint8_t key[20];
	struct kb_xfrm_sa sa = { .spi = 0x100,
				 .aead = "rfc4106(gcm(aes))",
				 .key = key,
				 .key_bits = 160,
				 .icv_bits = 128 };
	struct kb_xfrm_sa_stats st;
	struct kb_xfrm_mib m;
	char err[200] = "";

	(void)state;
	assert_int_equal(kb_link_make(&none, KB_LINK_MAX_LANES + 1, 0, err,
				      sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "at most 8 lanes"));
	assert_int_equal(kb_link_make(&none, 1, 0, err, sizeof(err)), -EINVAL);
	assert_int_equal(kb_netns_enter(&none, 0), -EINVAL);
	assert_int_equal(kb_netns_enter(&none, 2), -EINVAL);
	assert_int_equal(kb_netns_leave(&none), -EINVAL);
	assert_int_equal(kb_netns_socket(&none, 1, AF_INET, SOCK_DGRAM, 0),
			 -EINVAL);
	assert_int_equal(kb_xfrm_mib_read(&none, 0, &m), -EINVAL);
	assert_int_equal(kb_xfrm_add_sa(&none, 0, &sa, err, sizeof(err)),
			 -EINVAL);
	sa.spi = 0;
	assert_int_equal(kb_xfrm_add_sa(&none, 0, &sa, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "SPI"));
	assert_int_equal(kb_xfrm_del_sa(&none, 0, &sa), -EINVAL);
	assert_int_equal(kb_xfrm_sa_stats(&none, 0, &sa, &st), -EINVAL);
	sa.spi = 0x100;
	sa.aead = NULL;
	sa.cipher = "cbc(aes)";
	assert_int_equal(kb_xfrm_add_sa(&none, 0, &sa, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "authenticator"));
	sa.aead = "rfc4106(gcm(aes))";
	sa.replay_window = 4097;
	assert_int_equal(kb_xfrm_add_sa(&none, 0, &sa, err, sizeof(err)),
			 -EINVAL);
	kb_netns_pair_release(&none);
	kb_netns_pair_release(&none);
}

static ino_t netns_of(int fd)
{
	struct stat st;

	assert_int_equal(fstat(fd, &st), 0);
	return st.st_ino;
}

static ino_t thread_netns(void)
{
	struct stat st;

	assert_int_equal(stat("/proc/thread-self/ns/net", &st), 0);
	return st.st_ino;
}

static void test_pair(void **state)
{
	struct kb_netns_pair p;
	char err[200] = "";
	ino_t home = thread_netns();
	int ret, fd, ns;

	(void)state;
	ret = kb_netns_pair_make(&p, err, sizeof(err));
	assert_true(thread_netns() == home);
	if (ret == -EPERM) {
		assert_non_null(strstr(err, "CAP_SYS_ADMIN"));
		kb_netns_pair_release(&p);
		skip(); /* not root: the VM suite makes them */
	}
	if (ret == -EINVAL) {
		kb_netns_pair_release(&p);
		skip(); /* no CONFIG_NET_NS */
	}
	assert_int_equal(ret, 0);
	assert_true(netns_of(p.home) == home);
	assert_true(netns_of(p.side[0]) != home);
	assert_true(netns_of(p.side[1]) != home);
	assert_true(netns_of(p.side[0]) != netns_of(p.side[1]));

	assert_int_equal(kb_netns_enter(&p, 1), 0);
	assert_true(thread_netns() == netns_of(p.side[1]));
	assert_int_equal(kb_netns_leave(&p), 0);
	assert_true(thread_netns() == home);

	fd = kb_netns_socket(&p, 1, AF_INET, SOCK_DGRAM, 0);
	assert_true(fd >= 0);
	assert_true(thread_netns() == home);
	ns = ioctl(fd, SIOCGSKNS);
	if (ns >= 0) {
		assert_true(netns_of(ns) == netns_of(p.side[1]));
		close(ns);
	}
	close(fd);

	kb_netns_pair_release(&p);
	assert_int_equal(p.home, -1);
	assert_int_equal(p.side[0], -1);
	kb_netns_pair_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lane_addr),
		cmocka_unit_test(test_mib_parse),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_pair),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
