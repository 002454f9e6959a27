// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Implementations kaesbench gave a request up to. A driver that never
 * completes a request keeps it, and everything it points to, for as long
 * as it likes, and may complete it at any time, from any context. So from
 * the first request given up this module stays loaded until reboot (its
 * reference is never put, and rmmod fails), the memory of that request is
 * never freed, and no new run goes to that implementation. After
 * KAESBENCH_MAX_GIVEN_UP of them, no run goes anywhere: that bounds what
 * drivers hold.
 */

#include <linux/crypto.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <net/netlink.h>
#include <uapi/linux/kaesbench.h>

#include "givenup.h"

/* Room for the notice naming the first implementation given up. */
#define NOTICE_LEN 256

static DEFINE_SPINLOCK(given_up_lock);
/* Under given_up_lock. */
static char given_up[KAESBENCH_MAX_GIVEN_UP][CRYPTO_MAX_ALG_NAME];
static unsigned int given_up_count;

static bool listed(const char *driver)
{
	unsigned int i;

	for (i = 0; i < given_up_count; i++) {
		if (!strcmp(given_up[i], driver))
			return true;
	}
	return false;
}

/**
 * kaesbench_give_up() - leave a request to its driver, for good
 * @driver: the implementation's driver name
 * @what: "a request" or "a synchronous call", for the kernel log
 * @bytes: the memory left to it
 *
 * Pins the module on first use: the caller runs in a thread that holds a
 * reference of its own, so the module cannot be on its way out.
 *
 * Context: process context.
 */
void kaesbench_give_up(const char *driver, const char *what, u64 bytes)
{
	bool first;

	spin_lock(&given_up_lock);
	first = !given_up_count;
	if (!listed(driver) && given_up_count < KAESBENCH_MAX_GIVEN_UP)
		strscpy(given_up[given_up_count++], driver, CRYPTO_MAX_ALG_NAME);
	spin_unlock(&given_up_lock);

	if (first)
		__module_get(THIS_MODULE);
	pr_warn("%s to %s never completed: kaesbench stays loaded until reboot (%llu bytes left to the driver)\n",
		what, driver, bytes);
}

/**
 * kaesbench_given_up() - whether a request to @driver was given up
 * @driver: a driver name
 *
 * Return: true if so; no run may use it any more.
 */
bool kaesbench_given_up(const char *driver)
{
	bool ret;

	spin_lock(&given_up_lock);
	ret = listed(driver);
	spin_unlock(&given_up_lock);
	return ret;
}

/**
 * kaesbench_given_up_full() - whether no run may start at all
 *
 * Return: true once KAESBENCH_MAX_GIVEN_UP implementations have requests
 * given up.
 */
bool kaesbench_given_up_full(void)
{
	return READ_ONCE(given_up_count) >= KAESBENCH_MAX_GIVEN_UP;
}

/**
 * kaesbench_given_up_refusal() - why a job on a given-up driver is refused
 * @buf: filled in
 * @size: of @buf
 * @driver: the driver
 */
void kaesbench_given_up_refusal(char *buf, size_t size, const char *driver)
{
	snprintf(buf, size,
		 "a request to %s never completed: kaesbench stays loaded until reboot",
		 driver);
}

/* What every reply says once a request was given up: true if anything. */
static bool notice(char *buf, size_t size)
{
	unsigned int count;

	spin_lock(&given_up_lock);
	count = given_up_count;
	if (count == 1)
		kaesbench_given_up_refusal(buf, size, given_up[0]);
	else if (count)
		snprintf(buf, size,
			 "requests to %u implementations (%s first) never completed: kaesbench stays loaded until reboot",
			 count, given_up[0]);
	else
		buf[0] = '\0';
	spin_unlock(&given_up_lock);
	return count;
}

/**
 * kaesbench_notice_put() - add the notice to a message, if there is one
 * @skb: the message
 *
 * Return: 0, or -EMSGSIZE.
 */
int kaesbench_notice_put(struct sk_buff *skb)
{
	char text[NOTICE_LEN];

	if (!notice(text, sizeof(text)))
		return 0;
	return nla_put_string(skb, KAESBENCH_A_NOTICE, text);
}
