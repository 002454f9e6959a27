// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The ESP check. ESP allocates its transform by name (esp_init_aead(),
 * esp_init_authenc(): "seqiv(rfc4106(gcm(aes)))"), and the crypto API
 * hands out the best *registered* driver of that name: it builds one on
 * the best parts only when none is registered. So an instance registered
 * over a slower driver stays what SAs get. The kernel unregisters the
 * instances built on a driver when a driver of the same name and at
 * least its priority registers (crypto_alg_finish_registration()), and
 * when the driver's own priority is set (CRYPTO_MSG_UPDATEALG); not when
 * a better driver's priority is raised, nor when the instance was named
 * explicitly after the better driver came, nor when its own priority was
 * set above the better one.
 *
 * The chain's driver name spells the drivers it is built on. Going down
 * it, the first that is no template instance and implements one of the
 * transform's AES names (the transform itself, the cipher under
 * authenc(), the AES mode, the ctr(aes) under GCM, the "aes" cipher) is
 * what the chain is built on. Made from nothing, the chain would be built
 * on the best such driver of the first of those names, from the top, that
 * has one: a chain is healthy when what it is built on has at least that
 * one's priority.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "doctor/arch.h"
#include "doctor/check_esp.h"
#include "ipsec/impl.h"

#define STALE_ID "KB-ESP-STALE-INSTANCE"
#define LEVELS 5
#define NODES 32

/* One transform's chain, taken apart. */
struct chain {
	const struct kb_doc_esp_tf *tf;
	const struct kb_cu_algs *algs;
	const char *level[LEVELS]; /* its AES names, from the top */
	size_t levels;
	const struct kb_cu_alg *node[NODES]; /* what its name spells */
	size_t nodes;
	const struct kb_cu_alg *sel;
	const struct kb_cu_alg *on; /* what it is built on, or NULL */
	size_t on_level;
	enum kb_doc_engine engine; /* of @on */
	const struct kb_cu_alg *best; /* what a chain made now would use */
	size_t best_level;
	const struct kb_cu_alg *insns; /* the best with the CPU's, or NULL */
	size_t insns_level;
	bool stale, generic;
};

static bool usable(const struct kb_cu_alg *a)
{
	return !(a->flags & (CU_ALG_LARVAL | CU_ALG_DEAD | CU_ALG_INTERNAL));
}

static const struct kb_cu_alg *registered(const struct kb_cu_algs *algs,
					  const char *driver)
{
	size_t i;

	for (i = 0; i < algs->count; i++)
		if (usable(&algs->alg[i]) &&
		    !strcmp(algs->alg[i].driver, driver))
			return &algs->alg[i];
	return NULL;
}

static void set_levels(struct chain *c)
{
	const struct kb_esp_transform *t = c->tf->t;

	c->level[c->levels++] = t->name;
	if (t->cipher && strcmp(t->cipher, t->mode))
		c->level[c->levels++] = t->cipher;
	c->level[c->levels++] = t->mode;
	if (!strcmp(t->mode, "gcm(aes)"))
		c->level[c->levels++] = "ctr(aes)";
	c->level[c->levels++] = "aes";
}

static int level_of(const struct chain *c, const struct kb_cu_alg *a)
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
static void take_apart(struct chain *c)
{
	const char *name = c->sel->driver;
	const struct kb_cu_alg *a;
	char part[CRYPTO_MAX_NAME];
	size_t p, end;

	for (p = 0; name[p] && c->nodes < NODES; p++) {
		if (p && name[p - 1] != '(' && name[p - 1] != ',')
			continue;
		end = part_end(name, p);
		if (end - p >= sizeof(part))
			continue;
		memcpy(part, name + p, end - p);
		part[end - p] = '\0';
		a = registered(c->algs, part);
		if (a)
			c->node[c->nodes++] = a;
	}
}

/* The best registered driver of a name that is no instance, or NULL. */
static const struct kb_cu_alg *best_of(const struct chain *c, const char *name,
				       bool insns)
{
	const struct kb_cu_alg *b = NULL, *a;
	size_t i;

	for (i = 0; i < c->algs->count; i++) {
		a = &c->algs->alg[i];
		if (!usable(a) || (a->flags & CU_ALG_INSTANCE) ||
		    strcmp(a->name, name) ||
		    (insns && !kb_doc_arch_insns_driver(a->driver)))
			continue;
		if (!b || a->priority > b->priority)
			b = a;
	}
	return b;
}

/* The first of the levels down to @on's with one: its best. */
static const struct kb_cu_alg *first_best(const struct chain *c, bool insns,
					  size_t *level)
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

/* What runs a driver, as kb_doc_engine() tells from the module's list. */
static enum kb_doc_engine engine_of(const struct kb_cu_alg *a,
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

static void judge(struct chain *c, const struct kb_doc_cpu *cpu)
{
	size_t i;
	int lv;

	set_levels(c);
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
	c->engine = engine_of(c->on, c->algs);
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
 * What has the next SA's chain built on @to: the chain's part at @to's
 * level, @part, outranked by @to (raised above it, as KB-*-DEMOTED's fix
 * does), and, where the chain is registered, @part's priority set as it
 * is: that unregisters every instance built on @part, the chain among
 * them.
 */
static void fix_commands(const struct chain *c, const struct kb_cu_alg *to,
			 size_t level, struct fix *x)
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
	if (c->tf->before) {
		add_command(x, part, part->priority);
		x->cut = true;
	}
}

static void fix_set(struct kb_doc_report *r, struct kb_doc_finding *f,
		    const struct fix *x)
{
	if (!x->cmds[0]) {
		kb_doc_fix(
			r, f,
			"unregister those instances through crypto_user (CRYPTO_MSG_DELALG) once no SA holds them");
		return;
	}
	kb_doc_fix(
		r, f,
		"%s (%s%s%s; SAs made before keep theirs until they are rekeyed)",
		x->cmds,
		x->raise ?
			"the better driver raised above the part the chain is built on, the next SA's chain is built on it" :
			"",
		x->raise && x->cut ? "; " : "",
		x->cut ?
			"a priority set, even to its value, through crypto_user unregisters every template instance built on that driver, the registered chain among them, held by SAs or not: the next SA's is built on the best registered" :
			"");
}

static void evidence_chain(struct kb_doc_report *r, struct kb_doc_finding *f,
			   const struct chain *c)
{
	kb_doc_evidence(
		r, f,
		"%s: an SA made now gets %s (priority %" PRIu32
		", %s), built on %s (%s, priority %" PRIu32 ")",
		c->tf->t->name, c->sel->driver, c->sel->priority,
		c->tf->before ?
			"registered before the doctor looked" :
			"none was registered: the kernel built it for the doctor as for a first SA",
		c->on->driver, kb_doc_engine_name(c->engine), c->on->priority);
}

/* @b, and with @all the instances of the name ESP allocates. */
static void evidence_better(struct kb_doc_report *r, struct kb_doc_finding *f,
			    const struct chain *c, const struct kb_cu_alg *b,
			    bool all)
{
	char esp[CRYPTO_MAX_NAME], list[512];
	const struct kb_cu_alg *a;
	size_t i, used = 0;

	kb_doc_evidence(r, f,
			"%s: %s (%s, module %s, priority %" PRIu32
			") is registered",
			c->tf->t->name, b->driver,
			kb_doc_engine_name(engine_of(b, c->algs)),
			b->module[0] ? b->module : "-", b->priority);
	if (!all)
		return;
	kb_esp_name(c->tf->t, esp, sizeof(esp));
	list[0] = '\0';
	for (i = 0; i < c->algs->count && used < sizeof(list); i++) {
		a = &c->algs->alg[i];
		if (usable(a) && !strcmp(a->name, esp))
			used += snprintf(list + used, sizeof(list) - used,
					 "%s%s (priority %" PRIu32 ")",
					 used ? ", " : "", a->driver,
					 a->priority);
	}
	kb_doc_evidence(
		r, f,
		"%s: instances registered: %s; ESP gets the best of them, and has one built on the best drivers only when none is registered",
		esp, list);
}

static void stale(struct kb_doc_report *r, const struct chain *c, size_t n)
{
	struct kb_doc_finding *f;
	struct fix x = { 0 };
	size_t i;

	f = kb_doc_add(
		r, STALE_ID, KB_DOC_WARNING,
		"ESP SAs made now get template instances built on drivers of lower priority than the best registered: the crypto API hands out the best registered instance of the name ESP allocates, and builds one on the best drivers only when none is registered.");
	for (i = 0; i < n; i++) {
		if (!c[i].stale)
			continue;
		evidence_chain(r, f, &c[i]);
		evidence_better(r, f, &c[i], c[i].best, true);
		fix_commands(&c[i], c[i].best, c[i].best_level, &x);
	}
	fix_set(r, f, &x);
}

static void generic(struct kb_doc_report *r,
		    const struct kb_doc_arch_names *names,
		    const struct chain *c, size_t n)
{
	struct kb_doc_finding *f;
	struct fix x = { 0 };
	size_t i;

	f = kb_doc_add(
		r, names->id.esp_generic, KB_DOC_WARNING,
		"ESP SAs made now would run generic AES code, though implementations using the CPU's %s are registered.",
		names->insns);
	for (i = 0; i < n; i++) {
		if (!c[i].generic)
			continue;
		evidence_chain(r, f, &c[i]);
		evidence_better(r, f, &c[i], c[i].insns, !c[i].stale);
		fix_commands(&c[i], c[i].insns, c[i].insns_level, &x);
	}
	fix_set(r, f, &x);
}

/* The section's line of one transform. */
static void state_line(const struct chain *c,
		       const struct kb_doc_arch_names *names,
		       struct kb_doc_esp_line *l)
{
	const struct kb_cu_alg *better = c->stale ? c->best : c->insns;

	memset(l, 0, sizeof(*l));
	l->transform = c->tf->t->name;
	kb_esp_name(c->tf->t, l->allocates, sizeof(l->allocates));
	if (c->tf->na[0] || !c->sel) {
		snprintf(
			l->na, sizeof(l->na), "%s",
			c->tf->na[0] ?
				c->tf->na :
				"what the kernel selected is no longer registered");
		return;
	}
	snprintf(l->selected, sizeof(l->selected), "%s", c->sel->driver);
	l->priority = c->sel->priority;
	l->registered_before = c->tf->before;
	if (!c->on)
		return;
	snprintf(l->built_on, sizeof(l->built_on), "%s", c->on->driver);
	l->built_on_priority = c->on->priority;
	l->engine = kb_doc_engine_name(c->engine);
	snprintf(l->best, sizeof(l->best), "%s", c->best->driver);
	l->best_priority = c->best->priority;
	if (c->stale || c->generic) {
		l->finding = c->stale ? STALE_ID : names->id.esp_generic;
		snprintf(l->better, sizeof(l->better), "%s", better->driver);
		l->better_priority = better->priority;
	}
}

/**
 * kb_doc_check_esp() - what ESP SAs made now get, and why not better
 * @r: the report: its ESP section filled in, findings added
 * @cpu: the CPU's features: the generic-AES finding needs its AES
 * @x: the transforms, what each gets, every registered driver
 *
 * Findings: KB-ESP-STALE-INSTANCE; KB-AESNI-ESP-GENERIC on x86,
 * KB-ARMCE-ESP-GENERIC on arm64. A healthy chain is said in the section
 * only.
 */
void kb_doc_check_esp(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
		      const struct kb_doc_esp_facts *x)
{
	const struct kb_doc_arch_names *names = kb_doc_arch_names(cpu->arch);
	struct chain c[KB_DOC_ESP_MAX];
	bool any_stale = false, any_generic = false;
	size_t i, n = x->count < KB_DOC_ESP_MAX ? x->count : KB_DOC_ESP_MAX;

	memset(&r->esp, 0, sizeof(r->esp));
	r->esp.examined = true;
	snprintf(r->esp.na, sizeof(r->esp.na), "%s", x->na);
	snprintf(r->esp.left, sizeof(r->esp.left), "%s", x->left);
	if (x->na[0])
		return;
	memset(c, 0, sizeof(c));
	for (i = 0; i < n; i++) {
		c[i].tf = &x->tf[i];
		c[i].algs = &x->algs;
		if (!x->tf[i].na[0])
			c[i].sel = registered(&x->algs, x->tf[i].selected);
		if (c[i].sel)
			judge(&c[i], cpu);
		any_stale |= c[i].stale;
		any_generic |= c[i].generic;
		state_line(&c[i], names, &r->esp.line[i]);
	}
	r->esp.count = n;
	if (any_stale)
		stale(r, c, n);
	if (any_generic)
		generic(r, names, c, n);
}
