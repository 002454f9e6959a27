/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What the test tools share: a non-blocking generic netlink socket that
 * has found the kaesbench family, dropping privileges, reading the kernel's
 * error acks, a monotonic clock and a seeded random stream.
 */
#ifndef KAESBENCH_TESTNL_H
#define KAESBENCH_TESTNL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libmnl/libmnl.h>

struct tnl {
	struct mnl_socket *nl;
	int fd;
	uint32_t portid;
	uint16_t family;
	uint32_t version;
	unsigned int mcast_groups; /* the family's multicast groups */
};

/* Largest message the kernel sends to a test tool (a dump skb). */
#define TNL_RECV_SIZE 32768

int tnl_drop_privileges(const char *spec);
int tnl_open(struct tnl *t);
int tnl_open_port(struct tnl *t, uint32_t portid);
int tnl_socket(struct tnl *t);
int tnl_bind(struct tnl *t, uint32_t portid);
void tnl_close(struct tnl *t);
int tnl_send(struct tnl *t, const void *buf, size_t len);
ssize_t tnl_recv(struct tnl *t, void *buf, size_t size, int timeout_ms);
int tnl_error(const struct nlmsghdr *nlh, const char **msg);
struct nlmsghdr *tnl_request(void *buf, const struct tnl *t, uint8_t cmd,
			     uint16_t flags, uint32_t seq);
/* What a reply or a message of a job says of it. */
struct tnl_job_msg {
	uint32_t id;
	int32_t status;
	bool has_id;
	const char *message; /* into the message, or NULL */
};

int tnl_job_msg(const struct nlmsghdr *nlh, struct tnl_job_msg *j);
uint64_t tnl_now_us(void);
void tnl_sleep_us(uint64_t us);

/* splitmix64: one 64-bit state, the same numbers on every machine. */
static inline uint64_t tnl_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A number below @n (0 for 0); the bias of the modulo does not matter. */
static inline uint32_t tnl_below(uint64_t *state, uint32_t n)
{
	return n ? tnl_random(state) % n : 0;
}

#endif /* KAESBENCH_TESTNL_H */
