// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A snapshot of the AES implementations registered with the crypto API, and
 * which of them the crypto API hands out.
 *
 * Finding that out means allocating a transform, which calls the driver's
 * init_tfm (and may wait 60 s for an algorithm being registered): never
 * in the listing's request, which holds generic netlink's cb_lock, but in
 * a resolver thread of its own that the listing waits for only briefly.
 */

#include <crypto/aead.h>
#include <crypto/internal/cipher.h>
#include <crypto/skcipher.h>
#include <linux/ctype.h>
#include <linux/atomic.h>
#include <linux/completion.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/overflow.h>
#include <linux/refcount.h>
#include <linux/rwsem.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <net/netlink.h>
#include <uapi/linux/kaesbench.h>

#include "givenup.h"
#include "impls.h"
#include "resolving.h"

/* Resolver threads alive, and unprivileged snapshots held. */
static atomic_t resolvers = ATOMIC_INIT(0);
static atomic_t listings = ATOMIC_INIT(0);

/**
 * kaesbench_names_aes() - whether an algorithm name involves AES
 * @name: an algorithm or driver name
 *
 * Return: true if "aes" is a whole component of @name: "aes", "cbc(aes)",
 * "__xts(aes)", "cbc(aes-generic)", but not "aesx".
 */
bool kaesbench_names_aes(const char *name)
{
	const char *p;

	for (p = name; (p = strstr(p, "aes")); p += 3) {
		if ((p == name || !isalnum(p[-1])) && !isalnum(p[3]))
			return true;
	}
	return false;
}

static u32 impl_type(const struct crypto_alg *alg)
{
	switch (alg->cra_flags & CRYPTO_ALG_TYPE_MASK) {
	case CRYPTO_ALG_TYPE_CIPHER:
		return KAESBENCH_IMPL_TYPE_CIPHER;
	case CRYPTO_ALG_TYPE_SKCIPHER:
		return KAESBENCH_IMPL_TYPE_SKCIPHER;
#ifdef CRYPTO_ALG_TYPE_LSKCIPHER
	case CRYPTO_ALG_TYPE_LSKCIPHER:
		return KAESBENCH_IMPL_TYPE_LSKCIPHER;
#endif
	case CRYPTO_ALG_TYPE_AEAD:
		return KAESBENCH_IMPL_TYPE_AEAD;
	}
	return KAESBENCH_IMPL_TYPE_UNSPEC;
}

static bool is_listed(const struct crypto_alg *alg)
{
	return !(alg->cra_flags & CRYPTO_ALG_LARVAL) &&
	       impl_type(alg) != KAESBENCH_IMPL_TYPE_UNSPEC &&
	       kaesbench_names_aes(alg->cra_name);
}

static u32 impl_flags(const struct crypto_alg *alg)
{
	u32 flags = 0;

	if (alg->cra_flags & CRYPTO_ALG_ASYNC)
		flags |= KAESBENCH_IMPL_F_ASYNC;
	if (alg->cra_flags & CRYPTO_ALG_INTERNAL)
		flags |= KAESBENCH_IMPL_F_INTERNAL;
	if (alg->cra_flags & CRYPTO_ALG_TESTED)
		flags |= KAESBENCH_IMPL_F_TESTED;
	if (alg->cra_flags & CRYPTO_ALG_KERN_DRIVER_ONLY)
		flags |= KAESBENCH_IMPL_F_HARDWARE;
	return flags;
}

static void fill_sizes(struct kaesbench_impl *impl, struct crypto_alg *alg)
{
	switch (impl->type) {
	case KAESBENCH_IMPL_TYPE_CIPHER:
		impl->min_key_size = alg->cra_cipher.cia_min_keysize;
		impl->max_key_size = alg->cra_cipher.cia_max_keysize;
		break;
	case KAESBENCH_IMPL_TYPE_SKCIPHER: {
		struct skcipher_alg *sk = container_of(alg, struct skcipher_alg,
						       base);

		impl->min_key_size = sk->min_keysize;
		impl->max_key_size = sk->max_keysize;
		impl->iv_size = sk->ivsize;
		impl->chunk_size = sk->chunksize;
		break;
	}
#ifdef CRYPTO_ALG_TYPE_LSKCIPHER
	case KAESBENCH_IMPL_TYPE_LSKCIPHER: {
		struct lskcipher_alg *lsk = container_of(alg,
							 struct lskcipher_alg,
							 co.base);

		impl->min_key_size = lsk->co.min_keysize;
		impl->max_key_size = lsk->co.max_keysize;
		impl->iv_size = lsk->co.ivsize;
		impl->chunk_size = lsk->co.chunksize;
		break;
	}
#endif
	case KAESBENCH_IMPL_TYPE_AEAD: {
		struct aead_alg *aead = container_of(alg, struct aead_alg, base);

		impl->iv_size = aead->ivsize;
		impl->max_auth_size = aead->maxauthsize;
		break;
	}
	}
}

/* Called with crypto_alg_sem held: @alg cannot go away meanwhile. */
static void fill_impl(struct kaesbench_impl *impl, struct crypto_alg *alg)
{
	strscpy(impl->alg_name, alg->cra_name, sizeof(impl->alg_name));
	strscpy(impl->driver_name, alg->cra_driver_name,
		sizeof(impl->driver_name));
	strscpy(impl->module_name, module_name(alg->cra_module),
		sizeof(impl->module_name));
	impl->priority = alg->cra_priority;
	impl->type = impl_type(alg);
	impl->flags = impl_flags(alg);
	impl->block_size = alg->cra_blocksize;
	fill_sizes(impl, alg);
}

static unsigned int count_listed(void)
{
	struct crypto_alg *alg;
	unsigned int n = 0;

	down_read(&crypto_alg_sem);
	list_for_each_entry(alg, &crypto_alg_list, cra_list)
		n += is_listed(alg);
	up_read(&crypto_alg_sem);
	return n;
}

/*
 * Copies the registry out so that nothing is held while the reply is built.
 * Allocating under crypto_alg_sem could recurse into the crypto API through
 * reclaim (zswap), so count first, then fill, and start over if more
 * implementations were registered in between. Charged to the caller's
 * memory cgroup: a dump never read keeps it until its socket closes.
 */
static struct kaesbench_impls *snapshot(void)
{
	struct kaesbench_impls *impls;
	struct crypto_alg *alg;
	unsigned int room, n;
	int tries;

	for (tries = 0; tries < 3; tries++) {
		room = count_listed() + 8;
		impls = kvzalloc(struct_size(impls, impl, room),
				 GFP_KERNEL_ACCOUNT);
		if (!impls)
			return ERR_PTR(-ENOMEM);

		n = 0;
		down_read(&crypto_alg_sem);
		list_for_each_entry(alg, &crypto_alg_list, cra_list) {
			if (!is_listed(alg))
				continue;
			if (n < room)
				fill_impl(&impls->impl[n], alg);
			n++;
		}
		up_read(&crypto_alg_sem);

		if (n <= room) {
			impls->count = n;
			return impls;
		}
		kvfree(impls);
	}
	return ERR_PTR(-EAGAIN);
}

/* The user-facing API a type is allocated through: lskciphers via skcipher. */
static u32 frontend(u32 type)
{
	return type == KAESBENCH_IMPL_TYPE_LSKCIPHER ?
	       KAESBENCH_IMPL_TYPE_SKCIPHER : type;
}

static int allocated_driver(const char *alg_name, u32 type, u32 mask,
			    char driver[CRYPTO_MAX_ALG_NAME])
{
	switch (frontend(type)) {
	case KAESBENCH_IMPL_TYPE_CIPHER: {
		struct crypto_cipher *tfm = crypto_alloc_cipher(alg_name, 0, mask);

		if (IS_ERR(tfm))
			return PTR_ERR(tfm);
		strscpy(driver, crypto_tfm_alg_driver_name(crypto_cipher_tfm(tfm)),
			CRYPTO_MAX_ALG_NAME);
		crypto_free_cipher(tfm);
		return 0;
	}
	case KAESBENCH_IMPL_TYPE_SKCIPHER: {
		struct crypto_skcipher *tfm = crypto_alloc_skcipher(alg_name, 0,
								    mask);

		if (IS_ERR(tfm))
			return PTR_ERR(tfm);
		strscpy(driver, crypto_skcipher_driver_name(tfm),
			CRYPTO_MAX_ALG_NAME);
		crypto_free_skcipher(tfm);
		return 0;
	}
	case KAESBENCH_IMPL_TYPE_AEAD: {
		struct crypto_aead *tfm = crypto_alloc_aead(alg_name, 0, mask);

		if (IS_ERR(tfm))
			return PTR_ERR(tfm);
		strscpy(driver, crypto_aead_driver_name(tfm), CRYPTO_MAX_ALG_NAME);
		crypto_free_aead(tfm);
		return 0;
	}
	}
	return -EOPNOTSUPP;
}

/*
 * Whether the crypto API can serve @alg_name to a user passing @mask from
 * what is registered. Asking when it cannot would make it instantiate a
 * template, changing the very registry being listed.
 */
static bool servable(const struct kaesbench_impls *impls, const char *alg_name,
		     u32 type, u32 mask)
{
	const struct kaesbench_impl *impl;
	u32 refused = KAESBENCH_IMPL_F_INTERNAL;

	if (mask & CRYPTO_ALG_ASYNC)
		refused |= KAESBENCH_IMPL_F_ASYNC;

	for (impl = impls->impl; impl < impls->impl + impls->count; impl++) {
		if (frontend(impl->type) == frontend(type) &&
		    (impl->flags & KAESBENCH_IMPL_F_TESTED) &&
		    !(impl->flags & refused) &&
		    !strcmp(impl->alg_name, alg_name))
			return true;
	}
	return false;
}

static void mark(struct kaesbench_impls *impls, const char *driver, u32 flag)
{
	unsigned int i;

	for (i = 0; i < impls->count; i++) {
		if (!strcmp(impls->impl[i].driver_name, driver))
			impls->impl[i].flags |= flag;
	}
}

static bool same_name(const struct kaesbench_impl *a,
		      const struct kaesbench_impl *b)
{
	return frontend(a->type) == frontend(b->type) &&
	       !strcmp(a->alg_name, b->alg_name);
}

static bool seen_before(const struct kaesbench_impls *impls, unsigned int i)
{
	unsigned int j;

	for (j = 0; j < i; j++) {
		if (same_name(&impls->impl[j], &impls->impl[i]))
			return true;
	}
	return false;
}

/*
 * Whether one driver name holds the other: the kernel names what an
 * implementation is built on within its name, a SIMD wrapper's inner
 * "__cbc-aes-aesni" and its "cryptd(__cbc-aes-aesni)", a template
 * instance's "cbc(aes-generic)".
 */
static bool related(const char *a, const char *b)
{
	return strstr(a, b) || strstr(b, a);
}

/*
 * Whether allocating @name could call into an implementation a request
 * was given up to: one of the name's own, or one related to one of them.
 * Such a driver is not called again, not even to list it.
 */
static bool near_given_up(const struct kaesbench_impls *impls,
			  const struct kaesbench_impl *name)
{
	const struct kaesbench_impl *g, *c;

	for (g = impls->impl; g < impls->impl + impls->count; g++) {
		if (!kaesbench_given_up(g->driver_name))
			continue;
		for (c = impls->impl; c < impls->impl + impls->count; c++) {
			if (same_name(c, name) &&
			    related(c->driver_name, g->driver_name))
				return true;
		}
	}
	return false;
}

#define SELECTED_FLAGS (KAESBENCH_IMPL_F_SELECTED | KAESBENCH_IMPL_F_SELECTED_SYNC)
#define CARRIED_FLAGS (SELECTED_FLAGS | KAESBENCH_IMPL_F_SELECTION_UNKNOWN)

/*
 * What a resolver thread and the listing that started it share. The
 * thread sets the selection flags of @impls as it finds them out, under
 * @lock; every name starts unknown. Whoever puts the last reference frees
 * it: the listing, or a thread that returned from a driver too late.
 */
struct resolution {
	refcount_t ref;
	spinlock_t lock;	/* the selection flags of @impls */
	struct completion done;
	bool abandoned;		/* READ_ONCE(): the listing went on */
	struct kaesbench_impls *impls;
};

static void resolution_put(struct resolution *r)
{
	if (refcount_dec_and_test(&r->ref)) {
		kvfree(r->impls);
		kfree(r);
	}
}

/*
 * What the crypto API hands out for @impl's name to a user passing @mask,
 * in @driver, left "" if the allocation fails. The allocation is noted as
 * this thread's while it is in the driver's init (resolving.c).
 */
static void allocate(struct resolution *r, const struct kaesbench_impl *impl,
		     u32 mask, char driver[CRYPTO_MAX_ALG_NAME])
{
	int slot;

	slot = kaesbench_resolving_enter(impl->alg_name, frontend(impl->type),
					 &r->abandoned);
	if (allocated_driver(impl->alg_name, impl->type, mask, driver))
		driver[0] = '\0';
	kaesbench_resolving_leave(slot);
}

/* Asks the crypto API what it hands out for the name of impl[@i]. */
static void resolve_name(struct resolution *r, unsigned int i)
{
	static const struct {
		u32 mask;
		u32 flag;
	} users[] = {
		{ 0, KAESBENCH_IMPL_F_SELECTED },
		{ CRYPTO_ALG_ASYNC, KAESBENCH_IMPL_F_SELECTED_SYNC },
	};
	char driver[ARRAY_SIZE(users)][CRYPTO_MAX_ALG_NAME];
	struct kaesbench_impls *impls = r->impls;
	const struct kaesbench_impl *impl = &impls->impl[i];
	unsigned int u, j;

	/* Another thread is stuck in its driver's init: not twice. */
	if (near_given_up(impls, impl) ||
	    kaesbench_resolving_stuck(impl->alg_name, frontend(impl->type)))
		return;
	for (u = 0; u < ARRAY_SIZE(users); u++) {
		/* A call that returned late: nobody waits for the rest. */
		if (READ_ONCE(r->abandoned))
			return;
		driver[u][0] = '\0';
		if (servable(impls, impl->alg_name, impl->type,
			     users[u].mask))
			allocate(r, impl, users[u].mask, driver[u]);
	}

	spin_lock(&r->lock);
	for (j = i; j < impls->count; j++) {
		if (same_name(&impls->impl[j], impl))
			impls->impl[j].flags &= ~KAESBENCH_IMPL_F_SELECTION_UNKNOWN;
	}
	for (u = 0; u < ARRAY_SIZE(users); u++) {
		if (driver[u][0])
			mark(impls, driver[u], users[u].flag);
	}
	spin_unlock(&r->lock);
}

/*
 * Holds a reference on the module, so that a driver call returning late
 * returns into loaded code; stops between names once the listing went on.
 */
static int resolver_thread(void *data)
{
	struct resolution *r = data;
	unsigned int i;

	for (i = 0; i < r->impls->count && !READ_ONCE(r->abandoned); i++) {
		if (!seen_before(r->impls, i))
			resolve_name(r, i);
		cond_resched();
	}
	complete(&r->done);
	resolution_put(r);
	atomic_dec(&resolvers);
	module_put_and_kthread_exit(0);
}

/* Return: true if a thread resolves @r, false if none may be started. */
static bool start_resolver(struct resolution *r)
{
	struct task_struct *task;

	if (atomic_inc_return(&resolvers) > KAESBENCH_MAX_RESOLVERS)
		goto err_count;
	if (!try_module_get(THIS_MODULE))
		goto err_count;
	refcount_inc(&r->ref);
	task = kthread_run(resolver_thread, r, "kaesbench/list");
	if (IS_ERR(task)) {
		refcount_dec(&r->ref);
		module_put(THIS_MODULE);
		goto err_count;
	}
	return true;

err_count:
	atomic_dec(&resolvers);
	return false;
}

static const struct kaesbench_impl *find_driver(const struct kaesbench_impls *impls,
						const char *driver)
{
	unsigned int i;

	for (i = 0; i < impls->count; i++) {
		if (!strcmp(impls->impl[i].driver_name, driver))
			return &impls->impl[i];
	}
	return NULL;
}

/*
 * Carries what @r found out so far over to @impls, a snapshot taken after
 * it. An implementation that was not there before is unknown, unless it is
 * internal (never handed out).
 */
static int carry(struct kaesbench_impls *impls, struct resolution *r)
{
	const struct kaesbench_impls *before = r->impls;
	const struct kaesbench_impl *was;
	struct kaesbench_impl *impl;
	u32 *flags;
	unsigned int i;

	flags = kvmalloc_array(before->count ?: 1, sizeof(*flags),
			       GFP_KERNEL_ACCOUNT);
	if (!flags)
		return -ENOMEM;
	spin_lock(&r->lock);
	for (i = 0; i < before->count; i++)
		flags[i] = before->impl[i].flags & CARRIED_FLAGS;
	spin_unlock(&r->lock);

	for (impl = impls->impl; impl < impls->impl + impls->count; impl++) {
		was = find_driver(before, impl->driver_name);
		if (was)
			impl->flags |= flags[was - before->impl];
		else if (!(impl->flags & KAESBENCH_IMPL_F_INTERNAL))
			impl->flags |= KAESBENCH_IMPL_F_SELECTION_UNKNOWN;
		cond_resched();
	}
	kvfree(flags);
	return 0;
}

/*
 * Allocating a transform may register helpers (a SIMD wrapper's cryptd
 * instance), so the selections are made on a first snapshot and carried
 * over to a second, taken after them, which then agrees with /proc/crypto.
 * The selections are made by a resolver thread, waited for within
 * KAESBENCH_RESOLVE_WAIT_MS: what it has not found out by then is flagged
 * unknown, and it stops at the next name.
 */
static struct kaesbench_impls *resolved(void)
{
	struct kaesbench_impls *before, *impls;
	struct resolution *r;
	unsigned int i;
	int err;

	before = snapshot();
	if (IS_ERR(before))
		return before;
	r = kzalloc(sizeof(*r), GFP_KERNEL_ACCOUNT);
	if (!r) {
		kvfree(before);
		return ERR_PTR(-ENOMEM);
	}
	refcount_set(&r->ref, 1);
	spin_lock_init(&r->lock);
	init_completion(&r->done);
	for (i = 0; i < before->count; i++) {
		if (!(before->impl[i].flags & KAESBENCH_IMPL_F_INTERNAL))
			before->impl[i].flags |= KAESBENCH_IMPL_F_SELECTION_UNKNOWN;
	}
	r->impls = before;

	if (start_resolver(r))
		wait_for_completion_killable_timeout(&r->done,
						     msecs_to_jiffies(KAESBENCH_RESOLVE_WAIT_MS));
	impls = snapshot();
	if (!IS_ERR(impls)) {
		err = carry(impls, r);
		if (err) {
			kvfree(impls);
			impls = ERR_PTR(err);
		}
	}
	WRITE_ONCE(r->abandoned, true);
	if (!IS_ERR(impls))
		kaesbench_resolving_notice(impls->stuck, sizeof(impls->stuck));
	resolution_put(r);
	return impls;
}

/*
 * What the crypto API would hand out, worked out from the list alone: of
 * the tested, non-internal implementations of each name (and front end),
 * the one of highest priority, the newest among equals, as the
 * crypto API's own lookup picks. Allocating nothing, this cannot load a
 * module nor instantiate a template; it differs from the allocation where
 * allocating the best one would fail.
 */
static void rank_selected(struct kaesbench_impls *impls)
{
	static const u32 users[][2] = {
		{ 0, KAESBENCH_IMPL_F_SELECTED },
		{ KAESBENCH_IMPL_F_ASYNC, KAESBENCH_IMPL_F_SELECTED_SYNC },
	};
	struct kaesbench_impl *impl, *best, *other;
	unsigned int i, j, u;

	for (i = 0; i < impls->count; i++) {
		impl = &impls->impl[i];
		if (seen_before(impls, i))
			continue;
		for (u = 0; u < ARRAY_SIZE(users); u++) {
			best = NULL;
			for (j = i; j < impls->count; j++) {
				other = &impls->impl[j];
				if (frontend(other->type) != frontend(impl->type) ||
				    strcmp(other->alg_name, impl->alg_name) ||
				    !(other->flags & KAESBENCH_IMPL_F_TESTED) ||
				    (other->flags & (KAESBENCH_IMPL_F_INTERNAL |
						     users[u][0])))
					continue;
				if (!best || other->priority > best->priority)
					best = other;
			}
			if (best)
				best->flags |= users[u][1];
		}
		/* Quadratic in what is registered: hundreds on some machines. */
		cond_resched();
	}
}

/* An unprivileged listing's snapshot, within KAESBENCH_MAX_LISTINGS. */
static struct kaesbench_impls *ranked(void)
{
	struct kaesbench_impls *impls;

	if (atomic_inc_return(&listings) > KAESBENCH_MAX_LISTINGS) {
		atomic_dec(&listings);
		return ERR_PTR(-EBUSY);
	}
	impls = snapshot();
	if (IS_ERR(impls)) {
		atomic_dec(&listings);
		return impls;
	}
	impls->counted = true;
	rank_selected(impls);
	return impls;
}

/**
 * kaesbench_impls_get() - list the AES implementations of the crypto API
 * @may_allocate: find what the crypto API hands out by allocating as a
 *		  user would, in a resolver thread (for the privileged: it
 *		  may register helpers); else rank by priority, changing
 *		  nothing
 *
 * Waits up to KAESBENCH_RESOLVE_WAIT_MS for the resolver; the names it
 * has not resolved by then, or may not ask for (a request to one of their
 * implementations was given up, or an earlier listing's allocation of the
 * name is stuck in its driver: the list's stuck says so), are flagged
 * KAESBENCH_IMPL_F_SELECTION_UNKNOWN. The list is charged to the caller's
 * memory cgroup.
 *
 * Context: process context, may sleep.
 * Return: the list, to be released with kaesbench_impls_put(), or an
 * ERR_PTR: -ENOMEM; -EAGAIN if the registry kept changing; -EBUSY, for
 * an unprivileged caller, when KAESBENCH_MAX_LISTINGS lists are held.
 */
struct kaesbench_impls *kaesbench_impls_get(bool may_allocate)
{
	return may_allocate ? resolved() : ranked();
}

/**
 * kaesbench_impl_find() - describe one registered implementation
 * @name: a driver name, or with @by_alg an algorithm name
 * @by_alg: match algorithm names; the first non-internal match is taken
 * @impl: filled in; its type is KAESBENCH_IMPL_TYPE_UNSPEC for types that
 *	  kaesbench does not measure. Selection flags are not set.
 *
 * Return: 0, or -ENOENT if nothing registered matches.
 */
int kaesbench_impl_find(const char *name, bool by_alg,
			struct kaesbench_impl *impl)
{
	struct crypto_alg *alg;
	int err = -ENOENT;

	down_read(&crypto_alg_sem);
	list_for_each_entry(alg, &crypto_alg_list, cra_list) {
		if (alg->cra_flags & CRYPTO_ALG_LARVAL)
			continue;
		if (by_alg && (strcmp(alg->cra_name, name) ||
			       (alg->cra_flags & CRYPTO_ALG_INTERNAL)))
			continue;
		if (!by_alg && strcmp(alg->cra_driver_name, name))
			continue;
		memset(impl, 0, sizeof(*impl));
		fill_impl(impl, alg);
		err = 0;
		break;
	}
	up_read(&crypto_alg_sem);
	return err;
}

/**
 * kaesbench_impls_put() - release a list from kaesbench_impls_get()
 * @impls: the list; NULL or an ERR_PTR is ignored
 */
void kaesbench_impls_put(struct kaesbench_impls *impls)
{
	if (IS_ERR_OR_NULL(impls))
		return;
	if (impls->counted)
		atomic_dec(&listings);
	kvfree(impls);
}

/**
 * kaesbench_impls_notice_put() - add a listing's notice to a message
 * @skb: the message
 * @impls: the listing
 *
 * The notice of requests given up, as every reply has it, then that of an
 * allocation the listing found stuck in its driver.
 *
 * Return: 0, or -EMSGSIZE.
 */
int kaesbench_impls_notice_put(struct sk_buff *skb,
			       const struct kaesbench_impls *impls)
{
	char text[KAESBENCH_NOTICE_LEN];
	size_t len;

	kaesbench_notice(text, sizeof(text));
	len = strlen(text);
	if (impls->stuck[0] && len + 2 < sizeof(text))
		snprintf(text + len, sizeof(text) - len, "%s%s",
			 len ? "; " : "", impls->stuck);
	return text[0] ? nla_put_string(skb, KAESBENCH_A_NOTICE, text) : 0;
}

static int put_u32_nonzero(struct sk_buff *skb, int attr, u32 value)
{
	return value ? nla_put_u32(skb, attr, value) : 0;
}

/**
 * kaesbench_impl_put() - add an implementation's nest to a message
 * @skb: the message
 * @impl: the implementation
 *
 * The flag KAESBENCH_IMPL_F_GIVEN_UP is added as it stands now.
 *
 * Return: 0, or -EMSGSIZE.
 */
int kaesbench_impl_put(struct sk_buff *skb, const struct kaesbench_impl *impl)
{
	struct nlattr *nest = nla_nest_start(skb, KAESBENCH_A_IMPL);
	u32 flags = impl->flags;

	if (!nest)
		return -EMSGSIZE;
	if (kaesbench_given_up(impl->driver_name))
		flags |= KAESBENCH_IMPL_F_GIVEN_UP;
	if (nla_put_string(skb, KAESBENCH_IMPL_A_ALG_NAME, impl->alg_name) ||
	    nla_put_string(skb, KAESBENCH_IMPL_A_DRIVER_NAME,
			   impl->driver_name) ||
	    nla_put_string(skb, KAESBENCH_IMPL_A_MODULE, impl->module_name) ||
	    nla_put_u32(skb, KAESBENCH_IMPL_A_PRIORITY, impl->priority) ||
	    nla_put_u32(skb, KAESBENCH_IMPL_A_TYPE, impl->type) ||
	    nla_put_u32(skb, KAESBENCH_IMPL_A_FLAGS, flags) ||
	    nla_put_u32(skb, KAESBENCH_IMPL_A_BLOCK_SIZE, impl->block_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_MIN_KEY_SIZE,
			    impl->min_key_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_MAX_KEY_SIZE,
			    impl->max_key_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_IV_SIZE, impl->iv_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_CHUNK_SIZE,
			    impl->chunk_size) ||
	    put_u32_nonzero(skb, KAESBENCH_IMPL_A_MAX_AUTH_SIZE,
			    impl->max_auth_size) ||
	    (impl->library_calls &&
	     nla_put_string(skb, KAESBENCH_IMPL_A_LIBRARY_CALLS,
			    impl->library_calls)) ||
	    (impl->absent &&
	     nla_put_string(skb, KAESBENCH_IMPL_A_ABSENT, impl->absent))) {
		nla_nest_cancel(skb, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(skb, nest);
	return 0;
}

