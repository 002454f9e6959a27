// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * crypto_user (crypto/crypto_user*.c) from userspace: CRYPTO_MSG_GETALG,
 * one driver or all of them (a dump), CRYPTO_MSG_UPDATEALG for a
 * priority, CRYPTO_MSG_NEWALG and CRYPTO_MSG_DELALG for template
 * instances. Every message needs CAP_NET_ADMIN and the crypto_user module,
 * which the kernel loads for the socket where it can.
 *
 * What the kernel does with them, which callers must know:
 * - UPDATEALG first unregisters every template instance built on the
 *   driver (crypto_remove_spawns()), then sets the priority; transforms
 *   already allocated keep what they have.
 * - NEWALG with a driver name looks the name up as an allocation would,
 *   so "seqiv(rfc4106-gcm-aesni)" makes that instance if it is missing;
 *   it answers EEXIST where the driver is registered already.
 * - A single GETALG holds the algorithm while it reports it, so its
 *   refcnt is one more than a dump's: compare counts of one kind only.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libmnl/libmnl.h>
#include <linux/netlink.h>

#include "netlink/crypto_user.h"
#include "netlink/sock.h"

struct cu_reply {
	struct kb_cu_alg *one; /* a single answer, or NULL */
	struct kb_cu_algs *all; /* a dump, or NULL */
	size_t alloc;
	bool found;
};

static int alg_attr(const struct nlattr *attr, void *data)
{
	struct kb_cu_alg *a = data;

	if (mnl_attr_get_type(attr) == CRYPTOCFGA_PRIORITY_VAL &&
	    !mnl_attr_validate(attr, MNL_TYPE_U32))
		a->priority = mnl_attr_get_u32(attr);
	return MNL_CB_OK;
}

static int alg_cb(const struct nlmsghdr *nlh, void *data)
{
	struct cu_reply *r = data;
	struct crypto_user_alg ualg;
	struct kb_cu_alg *a;

	if (nlh->nlmsg_type != CRYPTO_MSG_GETALG ||
	    mnl_nlmsg_get_payload_len(nlh) < sizeof(ualg))
		return MNL_CB_OK;
	if (r->all) {
		if (r->all->count == r->alloc) {
			size_t n = r->alloc ? 2 * r->alloc : 128;
			struct kb_cu_alg *grown;

			grown = realloc(r->all->alg, n * sizeof(*grown));
			if (!grown) {
				errno = ENOMEM;
				return MNL_CB_ERROR;
			}
			r->all->alg = grown;
			r->alloc = n;
		}
		a = &r->all->alg[r->all->count++];
	} else {
		a = r->one;
	}
	memset(a, 0, sizeof(*a));
	memcpy(&ualg, mnl_nlmsg_get_payload(nlh), sizeof(ualg));
	memcpy(a->name, ualg.cru_name, sizeof(a->name) - 1);
	memcpy(a->driver, ualg.cru_driver_name, sizeof(a->driver) - 1);
	memcpy(a->module, ualg.cru_module_name, sizeof(a->module) - 1);
	a->refcnt = ualg.cru_refcnt;
	a->flags = ualg.cru_flags;
	r->found = true;
	return mnl_attr_parse(nlh, sizeof(ualg), alg_attr, a) < 0 ?
		       MNL_CB_ERROR :
		       MNL_CB_OK;
}

/*
 * One request of @type about @driver (all drivers with NLM_F_DUMP in
 * @flags), with @prio as CRYPTOCFGA_PRIORITY_VAL if not negative.
 * Return: 0, or the negative errno of the answer.
 */
static int request(struct mnl_socket *sock, uint16_t type, uint16_t flags,
		   const char *driver, int64_t prio, struct cu_reply *r)
{
	static uint32_t last;
	struct crypto_user_alg *alg;
	struct nlmsghdr *nlh;
	struct kb_nl nl;
	int ret;

	ret = kb_nl_borrow(&nl, sock, 0);
	if (ret)
		return ret;
	/* The socket is the caller's: its numbers go on from one to the next. */
	nl.seq = last ? last : (uint32_t)time(NULL);
	nlh = kb_nl_put_request(&nl, nl.buf, type, flags);
	last = nl.seq;
	alg = mnl_nlmsg_put_extra_header(nlh, sizeof(*alg));
	if (driver)
		snprintf(alg->cru_driver_name, sizeof(alg->cru_driver_name),
			 "%s", driver);
	if (prio >= 0)
		mnl_attr_put_u32(nlh, CRYPTOCFGA_PRIORITY_VAL, prio);
	ret = kb_nl_ask(&nl, nlh, alg_cb, r);
	kb_nl_close(&nl);
	return ret;
}

/**
 * kb_cu_open() - open a crypto_user socket
 * @err: set to the negative errno on failure: -EPROTONOSUPPORT when the
 *	 kernel has no crypto_user (CONFIG_CRYPTO_USER)
 *
 * Return: the socket, or NULL.
 */
struct mnl_socket *kb_cu_open(int *err)
{
	return kb_nl_socket(NETLINK_CRYPTO, err);
}

/**
 * kb_cu_get() - what the kernel reports of one driver
 * @nl: a crypto_user socket
 * @driver: its driver name
 * @a: filled in
 *
 * Return: 0, -ENOENT when no algorithm has that driver name, or another
 * negative errno (-EPERM without CAP_NET_ADMIN).
 */
int kb_cu_get(struct mnl_socket *nl, const char *driver, struct kb_cu_alg *a)
{
	struct cu_reply r = { .one = a };
	int ret = request(nl, CRYPTO_MSG_GETALG, NLM_F_ACK, driver, -1, &r);

	return ret ? ret : r.found ? 0 : -ENOENT;
}

/**
 * kb_cu_dump() - every registered algorithm
 * @nl: a crypto_user socket
 * @algs: filled in; free with kb_cu_algs_free(), whatever the result
 *
 * Return: 0 or a negative errno.
 */
int kb_cu_dump(struct mnl_socket *nl, struct kb_cu_algs *algs)
{
	struct cu_reply r = { .all = algs };

	memset(algs, 0, sizeof(*algs));
	return request(nl, CRYPTO_MSG_GETALG, NLM_F_DUMP, NULL, -1, &r);
}

/**
 * kb_cu_algs_free() - free what kb_cu_dump() listed
 * @algs: the list; empty afterwards
 */
void kb_cu_algs_free(struct kb_cu_algs *algs)
{
	free(algs->alg);
	memset(algs, 0, sizeof(*algs));
}

/**
 * kb_cu_find() - a driver in a dump
 * @algs: the dump
 * @driver: its driver name
 *
 * Return: the algorithm, or NULL.
 */
const struct kb_cu_alg *kb_cu_find(const struct kb_cu_algs *algs,
				   const char *driver)
{
	size_t i;

	for (i = 0; i < algs->count; i++)
		if (!strcmp(algs->alg[i].driver, driver))
			return &algs->alg[i];
	return NULL;
}

/**
 * kb_cu_set_priority() - set a driver's priority
 * @nl: a crypto_user socket
 * @driver: its driver name
 * @priority: the new priority (the kernel keeps an int: at most INT_MAX)
 *
 * The kernel unregisters the template instances built on @driver first.
 *
 * Return: 0 or a negative errno.
 */
int kb_cu_set_priority(struct mnl_socket *nl, const char *driver,
		       uint32_t priority)
{
	struct kb_cu_alg a;
	struct cu_reply r = { .one = &a };

	return request(nl, CRYPTO_MSG_UPDATEALG, NLM_F_ACK, driver, priority,
		       &r);
}

/**
 * kb_cu_instantiate() - make a driver registered, as allocating it would
 * @nl: a crypto_user socket
 * @driver: a driver name, a template instance's ("cbc(aes-generic)")
 *	    included
 *
 * Return: 0 when it is registered now (made, or there already), or a
 * negative errno: -ENOENT when nothing has or can make that name.
 */
int kb_cu_instantiate(struct mnl_socket *nl, const char *driver)
{
	struct kb_cu_alg a;
	struct cu_reply r = { .one = &a };
	int ret = request(nl, CRYPTO_MSG_NEWALG, NLM_F_ACK, driver, -1, &r);

	return ret == -EEXIST ? 0 : ret;
}

/**
 * kb_cu_delete() - unregister a template instance
 * @nl: a crypto_user socket
 * @driver: its driver name
 *
 * Return: 0, or a negative errno: -EBUSY while a transform or another
 * instance holds it, -ENOENT if it is not registered, -EINVAL if it is not
 * an instance.
 */
int kb_cu_delete(struct mnl_socket *nl, const char *driver)
{
	struct kb_cu_alg a;
	struct cu_reply r = { .one = &a };

	return request(nl, CRYPTO_MSG_DELALG, NLM_F_ACK, driver, -1, &r);
}

/* Whether an allocation may get @a: neither larval, dead nor internal. */
bool kb_cu_usable(const struct kb_cu_alg *a)
{
	return !(a->flags & (CU_ALG_LARVAL | CU_ALG_DEAD | CU_ALG_INTERNAL));
}

/**
 * kb_cu_best() - what an allocation of a name gets, of what is registered
 * @algs: a dump of the registered algorithms
 * @name: an algorithm name: "seqiv(rfc4106(gcm(aes)))", "cbc(aes)"
 *
 * The registered driver of @name with the highest priority, larval, dead
 * and internal ones left out. Among equals the kernel takes the first it
 * meets, the most recently registered, as the dump lists them.
 *
 * Return: the driver, or NULL when none of @name is registered (an
 * allocation then builds one from templates).
 */
const struct kb_cu_alg *kb_cu_best(const struct kb_cu_algs *algs,
				   const char *name)
{
	const struct kb_cu_alg *b = NULL;
	size_t i;

	for (i = 0; i < algs->count; i++) {
		const struct kb_cu_alg *a = &algs->alg[i];

		if (kb_cu_usable(a) && !strcmp(a->name, name) &&
		    (!b || a->priority > b->priority))
			b = a;
	}
	return b;
}
