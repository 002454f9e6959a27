// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What an allocation by name gets, and why not better. A path allocates
 * its transform by name (ESP: "seqiv(rfc4106(gcm(aes)))", ovpn:
 * "gcm(aes)"), and the crypto API hands out the best *registered* driver
 * of that name: it builds one on the best parts only when none is
 * registered. So an instance registered over a slower driver stays what
 * the path gets. The kernel unregisters the instances built on a driver
 * when a driver of the same name and at least its priority registers
 * (crypto_alg_finish_registration()), and when the driver's own priority
 * is set (CRYPTO_MSG_UPDATEALG); not when a better driver's priority is
 * raised, nor when the instance was named explicitly after the better
 * driver came, nor when its own priority was set above the better one.
 *
 * The chain's driver name spells the drivers it is built on. Going down
 * it, the first that is no template instance and implements one of the
 * chain's AES names (the caller's levels: the transform itself, the
 * cipher under authenc(), the AES mode, the ctr(aes) under GCM, the
 * "aes" cipher) is what the chain is built on. Made from nothing, the
 * chain would be built on the best such driver of the first of those
 * names, from the top, that has one: a chain is healthy when what it is
 * built on has at least that one's priority.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "doctor/arch.h"
#include "doctor/chain.h"

/**
 * kb_doc_chain_registered() - a usable registered driver by driver name
 * @algs: every registered driver
 * @driver: its driver name
 *
 * Return: the driver, or NULL when none is registered, or it is larval,
 * dead or internal.
 */
const struct kb_cu_alg *kb_doc_chain_registered(const struct kb_cu_algs *algs,
						const char *driver)
{
	size_t i;

	for (i = 0; i < algs->count; i++)
		if (kb_cu_usable(&algs->alg[i]) &&
		    !strcmp(algs->alg[i].driver, driver))
			return &algs->alg[i];
	return NULL;
}

static int level_of(const struct kb_doc_chain *c, const struct kb_cu_alg *a)
{
	size_t i;

	for (i = 0; i < c->levels; i++)
		if (!strcmp(a->name, c->level[i]))
			return i;
	return -1;
}

/* Where the part of @name starting at @p ends: at its ',' or ')'. */
static size_t part_end(const char *name, size_t p)
{
	int depth = 0;

	for (; name[p]; p++) {
		if (name[p] == '(')
			depth++;
		else if ((name[p] == ')' || name[p] == ',') && !depth)
			break;
		else if (name[p] == ')')
			depth--;
	}
	return p;
}

/*
 * The registered drivers the chain's name spells, outermost first:
 * "seqiv(rfc4106(gcm_base(ctr(aes-generic),ghash-generic)))" spells
 * itself, rfc4106(gcm_base(...)), gcm_base(...), ctr(aes-generic),
 * aes-generic and ghash-generic. Every part starts the name or follows a
 * '(' or a ','.
 */
static void take_apart(struct kb_doc_chain *c)
{
	const char *name = c->sel->driver;
	const struct kb_cu_alg *a;
	char part[CRYPTO_MAX_NAME];
	size_t p, end;

	for (p = 0; name[p] && c->nodes < KB_DOC_CHAIN_NODES; p++) {
		if (p && name[p - 1] != '(' && name[p - 1] != ',')
			continue;
		end = part_end(name, p);
		if (end - p >= sizeof(part))
			continue;
		memcpy(part, name + p, end - p);
		part[end - p] = '\0';
		a = kb_doc_chain_registered(c->algs, part);
		if (a)
			c->node[c->nodes++] = a;
	}
}

/* The best registered driver of a name that is no instance, or NULL. */
static const struct kb_cu_alg *best_of(const struct kb_doc_chain *c,
				       const char *name, bool insns)
{
	const struct kb_cu_alg *b = NULL, *a;
	size_t i;

	for (i = 0; i < c->algs->count; i++) {
		a = &c->algs->alg[i];
		if (!kb_cu_usable(a) || (a->flags & CU_ALG_INSTANCE) ||
		    strcmp(a->name, name) ||
		    (insns && !kb_doc_arch_insns_driver(a->driver)))
			continue;
		if (!b || a->priority > b->priority)
			b = a;
	}
	return b;
}

/* The first of the levels down to @on's with one: its best. */
static const struct kb_cu_alg *first_best(const struct kb_doc_chain *c,
					  bool insns, size_t *level)
{
	const struct kb_cu_alg *b;
	size_t i;

	for (i = 0; i <= c->on_level; i++) {
		b = best_of(c, c->level[i], insns);
		if (b) {
			*level = i;
			return b;
		}
	}
	return NULL;
}

/**
 * kb_doc_chain_engine() - what runs a driver
 * @a: the driver
 * @algs: every registered driver: an internal twin ("__NAME") says SIMD
 *
 * Return: what kb_doc_engine() tells from the module's list.
 */
enum kb_doc_engine kb_doc_chain_engine(const struct kb_cu_alg *a,
				       const struct kb_cu_algs *algs)
{
	char twin[CRYPTO_MAX_NAME + 2];
	struct kb_impl impl = {
		.alg_name = (char *)a->name,
		.driver_name = (char *)a->driver,
		.module = a->module[0] ? (char *)a->module : NULL,
		.priority = a->priority,
	};
	struct kb_impl internal = { .driver_name = twin };
	struct kb_impl_list list = { 0 };
	size_t i;

	if (a->flags & CU_ALG_ASYNC)
		impl.flags |= KAESBENCH_IMPL_F_ASYNC;
	if (a->flags & CU_ALG_KERN_DRIVER_ONLY)
		impl.flags |= KAESBENCH_IMPL_F_HARDWARE;
	snprintf(twin, sizeof(twin), "__%s", a->driver);
	for (i = 0; i < algs->count; i++)
		if (!strcmp(algs->alg[i].driver, twin)) {
			list.impl = &internal;
			list.count = 1;
		}
	return kb_doc_engine(&impl, &list);
}

/**
 * kb_doc_chain_judge() - what a chain is built on, and is it the best
 * @c: @words, @algs, @transform, @allocates, @level and @sel set (@sel
 *     not NULL); the rest filled in
 * @cpu: the CPU's features: @c->generic needs its AES
 */
void kb_doc_chain_judge(struct kb_doc_chain *c, const struct kb_doc_cpu *cpu)
{
	size_t i;
	int lv;

	take_apart(c);
	for (i = 0; i < c->nodes && !c->on; i++) {
		lv = level_of(c, c->node[i]);
		if (lv >= 0 && !(c->node[i]->flags & CU_ALG_INSTANCE)) {
			c->on = c->node[i];
			c->on_level = lv;
		}
	}
	if (!c->on)
		return;
	c->engine = kb_doc_chain_engine(c->on, c->algs);
	c->best = first_best(c, false, &c->best_level);
	c->stale = c->on->priority < c->best->priority;
	if (cpu->known && cpu->aes && kb_doc_arch_names(cpu->arch))
		c->insns = first_best(c, true, &c->insns_level);
	c->generic = c->engine == KB_ENGINE_GENERIC && c->insns;
}

/* A driver name as a shell word: quoted when it has parentheses. */
static const char *word(const char *driver, char *buf, size_t len)
{
	if (strspn(driver,
		   "abcdefghijklmnopqrstuvwxyz"
		   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-") == strlen(driver))
		return driver;
	snprintf(buf, len, "'%s'", driver);
	return buf;
}

/* The commands of a fix, and which kinds they are. */
struct fix {
	char cmds[1024];
	bool raise, cut;
};

static void add_command(struct fix *x, const struct kb_cu_alg *a, uint32_t prio)
{
	char cmd[2 * CRYPTO_MAX_NAME], quoted[CRYPTO_MAX_NAME + 2];
	size_t used = strlen(x->cmds);

	snprintf(cmd, sizeof(cmd), "kaesbench priority %s %" PRIu32,
		 word(a->driver, quoted, sizeof(quoted)), prio);
	if (!strstr(x->cmds, cmd) && used < sizeof(x->cmds))
		snprintf(x->cmds + used, sizeof(x->cmds) - used, "%s%s",
			 used ? "; " : "", cmd);
}

/*
 * What has the next allocation's chain built on @to: the chain's part at
 * @to's level, @part, outranked by @to (raised above it, as
 * KB-*-DEMOTED's fix does), and, where the chain is registered, @part's
 * priority set as it is: that unregisters every instance built on
 * @part, the chain among them.
 */
static void fix_commands(const struct kb_doc_chain *c,
			 const struct kb_cu_alg *to, size_t level,
			 struct fix *x)
{
	const struct kb_cu_alg *part = NULL;
	size_t i;

	for (i = 0; i < c->nodes && !part; i++)
		if (!strcmp(c->node[i]->name, c->level[level]))
			part = c->node[i];
	if (!part || part == to)
		return;
	if (to->priority <= part->priority) {
		add_command(x, to, part->priority + 1);
		x->raise = true;
	}
	if (c->before) {
		add_command(x, part, part->priority);
		x->cut = true;
	}
}

static void fix_set(struct kb_doc_report *r, struct kb_doc_finding *f,
		    const struct kb_doc_path_words *w, const struct fix *x)
{
	char raise[192] = "", cut[320] = "";

	if (!x->cmds[0]) {
		kb_doc_fix(
			r, f,
			"unregister those instances through crypto_user (CRYPTO_MSG_DELALG) once no %s holds them",
			w->user);
		return;
	}
	if (x->raise)
		snprintf(
			raise, sizeof(raise),
			"the better driver raised above the part the chain is built on, the next %s's chain is built on it",
			w->user);
	if (x->cut)
		snprintf(
			cut, sizeof(cut),
			"a priority set, even to its value, through crypto_user unregisters every template instance built on that driver, the registered chain among them, held by %ss or not: the next %s's is built on the best registered",
			w->user, w->user);
	kb_doc_fix(r, f, "%s (%s%s%s; %ss made before keep theirs until %s)",
		   x->cmds, raise, x->raise && x->cut ? "; " : "", cut, w->user,
		   w->until);
}

static void evidence_chain(struct kb_doc_report *r, struct kb_doc_finding *f,
			   const struct kb_doc_chain *c)
{
	const struct kb_doc_path_words *w = c->words;

	kb_doc_evidence(
		r, f,
		"%s: %s made now gets %s (priority %" PRIu32
		", %s%s), built on %s (%s, priority %" PRIu32 ")",
		c->transform, w->a_user, c->sel->driver, c->sel->priority,
		c->before ?
			"registered before the doctor looked" :
			"none was registered: the kernel built it for the doctor as for a first ",
		c->before ? "" : w->user, c->on->driver,
		kb_doc_engine_name(c->engine), c->on->priority);
}

/* @b, and with @all the instances of the name the path allocates. */
static void evidence_better(struct kb_doc_report *r, struct kb_doc_finding *f,
			    const struct kb_doc_chain *c,
			    const struct kb_cu_alg *b, bool all)
{
	char list[512];
	const struct kb_cu_alg *a;
	size_t i, used = 0;

	kb_doc_evidence(r, f,
			"%s: %s (%s, module %s, priority %" PRIu32
			") is registered",
			c->transform, b->driver,
			kb_doc_engine_name(kb_doc_chain_engine(b, c->algs)),
			b->module[0] ? b->module : "-", b->priority);
	if (!all)
		return;
	list[0] = '\0';
	for (i = 0; i < c->algs->count && used < sizeof(list); i++) {
		a = &c->algs->alg[i];
		if (kb_cu_usable(a) && !strcmp(a->name, c->allocates))
			used += snprintf(list + used, sizeof(list) - used,
					 "%s%s (priority %" PRIu32 ")",
					 used ? ", " : "", a->driver,
					 a->priority);
	}
	kb_doc_evidence(
		r, f,
		"%s: instances registered: %s; %s gets the best of them, and has one built on the best drivers only when none is registered",
		c->allocates, list, c->words->path);
}

/**
 * kb_doc_chain_stale() - the finding of chains built on a slower driver
 * @r: the report
 * @id: the finding's id: the path's (KB-ESP-STALE-INSTANCE, ...)
 * @c: the judged chains, of one path
 * @n: how many; the finding is added when one of them is stale
 */
void kb_doc_chain_stale(struct kb_doc_report *r, const char *id,
			const struct kb_doc_chain *c, size_t n)
{
	const struct kb_doc_path_words *w;
	struct kb_doc_finding *f;
	struct fix x = { 0 };
	size_t i;

	for (i = 0; i < n && !c[i].stale; i++)
		;
	if (i == n)
		return;
	w = c[i].words;
	f = kb_doc_add(
		r, id, KB_DOC_WARNING,
		"%s %ss made now get template instances built on drivers of lower priority than the best registered: the crypto API hands out the best registered instance of the name %s allocates, and builds one on the best drivers only when none is registered.",
		w->path, w->user, w->path);
	for (; i < n; i++) {
		if (!c[i].stale)
			continue;
		evidence_chain(r, f, &c[i]);
		evidence_better(r, f, &c[i], c[i].best, true);
		fix_commands(&c[i], c[i].best, c[i].best_level, &x);
	}
	fix_set(r, f, w, &x);
}

/**
 * kb_doc_chain_generic() - the finding of chains running generic AES
 * @r: the report
 * @id: the finding's id: the path's and the architecture's
 * @names: the architecture's words
 * @c: the judged chains, of one path
 * @n: how many; the finding is added when one of them is generic while
 *     the CPU's AES instructions are registered
 */
void kb_doc_chain_generic(struct kb_doc_report *r, const char *id,
			  const struct kb_doc_arch_names *names,
			  const struct kb_doc_chain *c, size_t n)
{
	const struct kb_doc_path_words *w;
	struct kb_doc_finding *f;
	struct fix x = { 0 };
	size_t i;

	for (i = 0; i < n && !c[i].generic; i++)
		;
	if (i == n)
		return;
	w = c[i].words;
	f = kb_doc_add(
		r, id, KB_DOC_WARNING,
		"%s %ss made now would run generic AES code, though implementations using the CPU's %s are registered.",
		w->path, w->user, names->insns);
	for (; i < n; i++) {
		if (!c[i].generic)
			continue;
		evidence_chain(r, f, &c[i]);
		evidence_better(r, f, &c[i], c[i].insns, !c[i].stale);
		fix_commands(&c[i], c[i].insns, c[i].insns_level, &x);
	}
	fix_set(r, f, w, &x);
}

/**
 * kb_doc_chain_line() - a judged chain's line in the report
 * @c: the chain, judged when @c->sel is set
 * @stale_id: the id of the path's stale-instance finding
 * @generic_id: the id of its generic-AES finding; NULL: the path has none
 * @l: filled in; without @c->sel only its transform and allocated name,
 *     for the caller to say why in @l->na
 */
void kb_doc_chain_line(const struct kb_doc_chain *c, const char *stale_id,
		       const char *generic_id, struct kb_doc_chain_line *l)
{
	const struct kb_cu_alg *better = c->stale ? c->best : c->insns;

	memset(l, 0, sizeof(*l));
	l->transform = c->transform;
	snprintf(l->allocates, sizeof(l->allocates), "%s", c->allocates);
	if (!c->sel)
		return;
	snprintf(l->selected, sizeof(l->selected), "%s", c->sel->driver);
	l->priority = c->sel->priority;
	l->registered_before = c->before;
	if (!c->on)
		return;
	snprintf(l->built_on, sizeof(l->built_on), "%s", c->on->driver);
	l->built_on_priority = c->on->priority;
	l->engine = kb_doc_engine_name(c->engine);
	snprintf(l->best, sizeof(l->best), "%s", c->best->driver);
	l->best_priority = c->best->priority;
	if (c->stale || (c->generic && generic_id)) {
		l->finding = c->stale ? stale_id : generic_id;
		snprintf(l->better, sizeof(l->better), "%s", better->driver);
		l->better_priority = better->priority;
	}
}
