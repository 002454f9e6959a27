/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The one path of every family's answers: the acks, the errors with the
 * kernel's extended ack (its message, the attribute it refused and the
 * bounds its policy allows), the end of a dump, and the message a person
 * reads of a failure.
 */
#ifndef KAESBENCH_NETLINK_ACK_H
#define KAESBENCH_NETLINK_ACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <libmnl/libmnl.h>

/* The bounds of the kernel's policy that an error ack may report. */
enum kb_nl_bound {
	KB_NL_MIN_U,
	KB_NL_MAX_U,
	KB_NL_MIN_S, /* signed, in two's complement */
	KB_NL_MAX_S,
	KB_NL_MIN_LEN,
	KB_NL_MAX_LEN,
	KB_NL_BOUNDS
};

/* What the policy allows of the attribute the kernel refused. */
struct kb_nl_policy {
	unsigned int has; /* bit n: @bound[n] was sent */
	uint64_t bound[KB_NL_BOUNDS];
};

/* What the kernel answered a request, besides its data messages. */
struct kb_nl_reply {
	mnl_cb_t cb;
	void *data;
	/*
	 * Set by the caller to have an error name the refused attribute:
	 * the request as sent, a generic netlink one (NETLINK_CAP_ACK keeps
	 * the kernel from echoing it), alive until the report, and what the
	 * user called each of its top-level attributes, NULL for one they
	 * did not give.
	 */
	const struct nlmsghdr *req;
	const char *(*attr_name)(uint16_t type);
	int error; /* positive errno the kernel answered with, or 0 */
	char *msg; /* the kernel's extack message, if it sent one */
	uint32_t offs; /* of the refused attribute, from the request's start */
	bool has_offs;
	struct kb_nl_policy policy;
	bool bad_reply; /* @cb refused a message */
	bool intr;
	bool acked; /* the request was acknowledged (a stream's only) */
};

bool kb_nl_lengths_ok(const void *buf, size_t len);
int kb_nl_run_batch(const void *buf, size_t len, uint32_t seq, uint32_t portid,
		    struct kb_nl_reply *r, bool stream);
bool kb_nl_has_end(const void *buf, size_t len);
int kb_nl_refused_attr(const struct kb_nl_reply *r);
void kb_nl_report(FILE *f, const struct kb_nl_reply *r, int local_errno,
		  const char *what);

#endif /* KAESBENCH_NETLINK_ACK_H */
