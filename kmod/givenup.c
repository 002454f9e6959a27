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
 *
 * What the administrator must not do then is said with it: unbinding or
 * resetting the device under such a driver unregisters its algorithms
 * while transforms are still held (crypto_unregister_alg() WARNs, and
 * BUGs on older kernels) and may free the driver's state under the
 * request it still owns. Rebooting is the way out.
 */

#include <linux/crypto.h>
#include <linux/module.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <net/netlink.h>
#include <uapi/linux/kaesbench.h>

#include "givenup.h"
#include "registry.h"

static DEFINE_SPINLOCK(given_up_lock);
/* Under given_up_lock. */
static char given_up[KAESBENCH_MAX_GIVEN_UP][CRYPTO_MAX_ALG_NAME];
/* The module of each, "" when built in or not known. */
static char given_up_module[KAESBENCH_MAX_GIVEN_UP][MODULE_NAME_LEN];
static unsigned int given_up_count;

/*
 * The module @driver's implementation belongs to, in @buf; "" if it is
 * built in, or not registered under that name (a call lost before the
 * crypto API handed a driver out is recorded under the algorithm asked
 * for), or the registry is busy: the lock is only tried, since a driver
 * stuck in registering may hold it for good.
 */
static void module_of(const char *driver, char *buf, size_t size)
{
	struct crypto_alg *alg;

	buf[0] = '\0';
	if (!down_read_trylock(&crypto_alg_sem))
		return;
	list_for_each_entry(alg, &crypto_alg_list, cra_list) {
		if (!(alg->cra_flags & CRYPTO_ALG_LARVAL) &&
		    !strcmp(alg->cra_driver_name, driver)) {
			if (alg->cra_module)
				strscpy(buf, module_name(alg->cra_module), size);
			break;
		}
	}
	up_read(&crypto_alg_sem);
}

/*
 * What not to do, for a sentence's end: the device behind the driver may
 * not be unbound nor reset while the driver owns a request. The crypto
 * API does not say which device a transform uses: the driver's module is
 * what can be named.
 */
static void advice(char *buf, size_t size, const char *module)
{
	if (module[0])
		snprintf(buf, size,
			 "do not unbind or reset the device behind it (module %s); reboot",
			 module);
	else
		strscpy(buf, "do not unbind or reset the device behind it; reboot",
			size);
}

#define ADVICE_LEN (64 + MODULE_NAME_LEN)

/* Under given_up_lock: the module recorded with @driver, or "". */
static const char *listed_module(const char *driver)
{
	unsigned int i;

	for (i = 0; i < given_up_count; i++) {
		if (!strcmp(given_up[i], driver))
			return given_up_module[i];
	}
	return "";
}

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
	char module[MODULE_NAME_LEN], text[ADVICE_LEN];
	bool first;

	module_of(driver, module, sizeof(module));
	spin_lock(&given_up_lock);
	first = !given_up_count;
	if (!listed(driver) && given_up_count < KAESBENCH_MAX_GIVEN_UP) {
		strscpy(given_up_module[given_up_count], module,
			MODULE_NAME_LEN);
		strscpy(given_up[given_up_count++], driver, CRYPTO_MAX_ALG_NAME);
	}
	spin_unlock(&given_up_lock);

	if (first)
		__module_get(THIS_MODULE);
	advice(text, sizeof(text), module);
	pr_warn("%s to %s never completed: kaesbench stays loaded until reboot (%llu bytes left to the driver); %s\n",
		what, driver, bytes, text);
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
	char module[MODULE_NAME_LEN], text[ADVICE_LEN];

	spin_lock(&given_up_lock);
	strscpy(module, listed_module(driver), sizeof(module));
	spin_unlock(&given_up_lock);
	advice(text, sizeof(text), module);
	snprintf(buf, size,
		 "a request to %s never completed: kaesbench stays loaded until reboot; %s",
		 driver, text);
}

/**
 * kaesbench_notice() - what every reply says once a request was given up
 * @buf: filled in, "" if nothing was given up
 * @size: of @buf
 *
 * Return: true if anything was given up.
 */
bool kaesbench_notice(char *buf, size_t size)
{
	char driver[CRYPTO_MAX_ALG_NAME];
	unsigned int count;

	spin_lock(&given_up_lock);
	count = given_up_count;
	if (count)
		strscpy(driver, given_up[0], sizeof(driver));
	spin_unlock(&given_up_lock);
	if (count == 1)
		kaesbench_given_up_refusal(buf, size, driver);
	else if (count)
		snprintf(buf, size,
			 "requests to %u implementations (%s first) never completed: kaesbench stays loaded until reboot; do not unbind or reset the devices behind them; reboot",
			 count, driver);
	else
		buf[0] = '\0';
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
	char text[KAESBENCH_NOTICE_LEN];

	if (!kaesbench_notice(text, sizeof(text)))
		return 0;
	return nla_put_string(skb, KAESBENCH_A_NOTICE, text);
}
