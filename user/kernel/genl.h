/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Talking to the kaesbench generic netlink family. Every function here
 * prints its own error message, so callers only pick an exit status.
 */
#ifndef KAESBENCH_KERNEL_GENL_H
#define KAESBENCH_KERNEL_GENL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <libmnl/libmnl.h>

struct kb_genl {
	struct mnl_socket *nl;
	uint32_t portid;
	uint32_t seq;
	uint16_t family;
	uint32_t version;
	uint32_t ops[256 / 32]; /* bitmap of command ids the module offers */
	char *buf;
	size_t buf_len;
};

/* The bounds of the kernel's policy that an error ack may report. */
enum kb_genl_bound {
	KB_GENL_MIN_U,
	KB_GENL_MAX_U,
	KB_GENL_MIN_S, /* signed, in two's complement */
	KB_GENL_MAX_S,
	KB_GENL_MIN_LEN,
	KB_GENL_MAX_LEN,
	KB_GENL_BOUNDS
};

/* What the policy allows of the attribute the kernel refused. */
struct kb_genl_policy {
	unsigned int has; /* bit n: @bound[n] was sent */
	uint64_t bound[KB_GENL_BOUNDS];
};

/* What the kernel answered a request, besides its data messages. */
struct kb_genl_reply {
	mnl_cb_t cb;
	void *data;
	/*
	 * Set by the caller to have an error name the refused attribute:
	 * the request as sent (NETLINK_CAP_ACK keeps the kernel from
	 * echoing it), alive until the report, and what the user called
	 * each of its top-level attributes, NULL for one they did not give.
	 */
	const struct nlmsghdr *req;
	const char *(*attr_name)(uint16_t type);
	int error; /* positive errno the kernel answered with, or 0 */
	char *msg; /* the kernel's extack message, if it sent one */
	uint32_t offs; /* of the refused attribute, from the request's start */
	bool has_offs;
	struct kb_genl_policy policy;
	bool bad_reply; /* @cb refused a message */
	bool intr;
	bool acked; /* the request was acknowledged (kb_genl_recv() only) */
};

/* Returned by kb_genl_dump() when the kernel flagged the dump inconsistent */
#define KB_GENL_DUMP_INTR 1

int kb_genl_open(struct kb_genl *g);
int kb_genl_try_open(struct kb_genl *g);
void kb_genl_close(struct kb_genl *g);
bool kb_genl_has_op(const struct kb_genl *g, uint8_t cmd);
int kb_genl_require_op(const struct kb_genl *g, uint8_t cmd, const char *name);
int kb_genl_dump(struct kb_genl *g, uint8_t cmd, mnl_cb_t cb, void *data,
		 const char *what);
struct nlmsghdr *kb_genl_request(struct kb_genl *g, void *buf, uint8_t cmd,
				 uint16_t flags);
int kb_genl_send(struct kb_genl *g, const struct nlmsghdr *nlh);
int kb_genl_recv(struct kb_genl *g, uint32_t seq, struct kb_genl_reply *r);
int kb_genl_fd(const struct kb_genl *g);
bool kb_genl_lengths_ok(const void *buf, size_t len);
int kb_genl_refused_attr(const struct kb_genl_reply *r);
void kb_genl_report(FILE *f, const struct kb_genl_reply *r, int local_errno,
		    const char *what);

#endif /* KAESBENCH_KERNEL_GENL_H */
