// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The paths check. ESP is there when its modules are (esp4, xfrm_user:
 * built in, loaded, or loaded by the kernel on the first SA). ovpn is
 * there when its generic netlink family answers, which loads its module;
 * asked nothing, the module indexes tell whether it is loaded, could be,
 * or is not in this kernel (ovpn came with Linux 6.16). WireGuard is no
 * AES path: its line says so whatever its module's state.
 *
 * An ovpn key allocates "gcm(aes)" (drivers/net/ovpn/crypto_aead.c) and
 * gets the best registered driver of it: chain.c says whether what that
 * is built on is the best registered (gcm(aes), then the ctr(aes)
 * beneath gcm's template, then "aes"). An engine that offers ctr(aes)
 * and no gcm(aes) is never what a key gets by itself: ovpn runs it only
 * through gcm's template built on it, which `kaesbench ovpn -d` measures.
 */

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "doctor/chain.h"
#include "doctor/check_paths.h"
#include "ovpn/impl.h"
#include "path/gcm_on_ctr.h"

#define STALE_ID "KB-OVPN-STALE-INSTANCE"
#define CTR_ONLY_ID "KB-OVPN-CTR-ONLY-ENGINE"

static const struct kb_doc_path_words ovpn_words = {
	.path = "ovpn",
	.user = "key",
	.a_user = "a key",
};

/* A module's state in words ("loaded"), and what that says of its path. */
static enum kb_doc_presence module(const struct kb_doc_modstate *m, char *buf,
				   size_t len)
{
	if (m->loaded == 1) {
		snprintf(buf, len, "loaded");
		return KB_DOC_PRESENT;
	}
	if (m->builtin) {
		snprintf(buf, len, "built in");
		return KB_DOC_PRESENT;
	}
	if (m->available) {
		snprintf(buf, len, "a module, not loaded");
		return KB_DOC_AVAILABLE;
	}
	if (!m->index) {
		snprintf(buf, len, "unknown (no modules.dep for %s)",
			 m->release[0] ? m->release : "this kernel");
		return KB_DOC_UNKNOWN;
	}
	snprintf(buf, len, "not in this kernel (%s)", m->config);
	return KB_DOC_ABSENT;
}

/* The lesser of two presences: a path needs both modules. */
static enum kb_doc_presence both(enum kb_doc_presence a, enum kb_doc_presence b)
{
	if (a == KB_DOC_ABSENT || b == KB_DOC_ABSENT)
		return KB_DOC_ABSENT;
	return a < b ? a : b;
}

static void esp_line(const struct kb_doc_paths_facts *x,
		     struct kb_doc_paths_state *s)
{
	char a[96], b[96];

	s->esp = both(module(&x->esp4, a, sizeof(a)),
		      module(&x->xfrm_user, b, sizeof(b)));
	snprintf(s->esp_why, sizeof(s->esp_why), "%s %s, %s %s%s", x->esp4.name,
		 a, x->xfrm_user.name, b,
		 s->esp == KB_DOC_AVAILABLE ?
			 " (the kernel loads them for the first SA)" :
			 "");
}

#define SINCE \
	"ovpn is in Linux 6.16 and later, or in the out-of-tree ovpn backports"

static void ovpn_line(const struct kb_doc_paths_facts *x,
		      struct kb_doc_paths_state *s)
{
	const char *release = x->ovpn.release[0] ? x->ovpn.release : "?";
	enum kb_doc_presence mod;
	char state[96], m[128];

	mod = module(&x->ovpn, state, sizeof(state));
	snprintf(m, sizeof(m), "module ovpn: %s", state);
	if (x->family == 0) {
		s->ovpn = KB_DOC_PRESENT;
		snprintf(
			s->ovpn_why, sizeof(s->ovpn_why),
			"its generic netlink family answered, asked from a network namespace of the doctor's own (%s)",
			m);
	} else if (x->family == -ENOENT) {
		s->ovpn = KB_DOC_ABSENT;
		snprintf(
			s->ovpn_why, sizeof(s->ovpn_why),
			"the kernel has no generic netlink family \"ovpn\" (%s)%s; %s (this is %s)",
			m,
			mod == KB_DOC_AVAILABLE ?
				": modules.dep lists it but the lookup did not load it (modprobe ovpn says why)" :
				"",
			SINCE, release);
	} else if (x->family != KB_DOC_NOT_ASKED) {
		s->ovpn = KB_DOC_UNKNOWN;
		snprintf(s->ovpn_why, sizeof(s->ovpn_why), "%s (%s)",
			 x->family_why, m);
	} else if (mod == KB_DOC_ABSENT) {
		s->ovpn = KB_DOC_ABSENT;
		snprintf(
			s->ovpn_why, sizeof(s->ovpn_why),
			"%s, neither built in nor in modules.dep; %s (this is %s)",
			m, SINCE, release);
	} else {
		s->ovpn = mod;
		snprintf(s->ovpn_why, sizeof(s->ovpn_why), "%s; %s", m,
			 x->family_why);
	}
}

/**
 * kb_doc_paths_judge() - which paths the kernel has
 * @x: the modules' states and, if asked, ovpn's family
 * @s: filled in, marked examined; what an ovpn key gets is left to
 *     kb_doc_check_paths()
 */
void kb_doc_paths_judge(const struct kb_doc_paths_facts *x,
			struct kb_doc_paths_state *s)
{
	memset(s, 0, sizeof(*s));
	s->examined = true;
	esp_line(x, s);
	ovpn_line(x, s);
	module(&x->wireguard, s->wireguard, sizeof(s->wireguard));
}

/* Whether @module registers a gcm(aes) driver of its own. */
static bool has_gcm(const struct kb_cu_algs *algs, const char *module)
{
	size_t i;

	for (i = 0; i < algs->count; i++)
		if (kb_cu_usable(&algs->alg[i]) &&
		    !(algs->alg[i].flags & CU_ALG_INSTANCE) &&
		    !strcmp(algs->alg[i].name, KB_OVPN_ALLOC) &&
		    !strcmp(algs->alg[i].module, module))
			return true;
	return false;
}

/*
 * Engines' ctr(aes) drivers whose module registers no gcm(aes), but for
 * the one the key's chain is built on: it gets it already.
 */
static void ctr_only(struct kb_doc_report *r, const struct kb_doc_chain *c)
{
	struct kb_doc_finding *f = NULL;
	const struct kb_cu_alg *a;
	char cmds[512] = "";
	size_t i, used = 0;

	for (i = 0; i < c->algs->count; i++) {
		a = &c->algs->alg[i];
		if (!kb_cu_usable(a) || (a->flags & CU_ALG_INSTANCE) ||
		    strcmp(a->name, KB_GCM_BENEATH) || a == c->on ||
		    kb_doc_chain_engine(a, c->algs) != KB_ENGINE_OFFLOAD ||
		    has_gcm(c->algs, a->module))
			continue;
		if (!f)
			f = kb_doc_add(
				r, CTR_ONLY_ID, KB_DOC_INFO,
				"An engine registers ctr(aes) but no gcm(aes): an ovpn key never gets it by itself; ovpn would run it only through gcm's template built on it.");
		kb_doc_evidence(
			r, f,
			"%s (offload, module %s, priority %" PRIu32
			") implements ctr(aes); module %s registers no gcm(aes)",
			a->driver, a->module[0] ? a->module : "-", a->priority,
			a->module[0] ? a->module : "-");
		if (used < sizeof(cmds))
			used += snprintf(cmds + used, sizeof(cmds) - used,
					 "%skaesbench ovpn -d %s",
					 used ? "; " : "", a->driver);
	}
	if (f)
		kb_doc_fix(
			r, f,
			"%s (measures gcm's template on it through ovpn, beside the kernel's generic parts)",
			cmds);
}

/* What a key made now gets, as the section's line and the findings. */
static void key(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
		const struct kb_doc_paths_facts *x)
{
	struct kb_doc_chain c = {
		.words = &ovpn_words,
		.algs = &x->algs,
		.transform = KB_OVPN_ALLOC,
		.allocates = KB_OVPN_ALLOC,
		.level = { KB_OVPN_ALLOC, KB_GCM_BENEATH, "aes" },
		.levels = 3,
		.before = x->before,
	};
	struct kb_doc_paths_state *s = &r->paths;

	s->key_examined = true;
	snprintf(s->key_left, sizeof(s->key_left), "%s", x->left);
	if (x->key_na[0]) {
		snprintf(s->key_na, sizeof(s->key_na), "%s", x->key_na);
		return;
	}
	c.sel = kb_doc_chain_registered(&x->algs, x->selected);
	if (c.sel)
		kb_doc_chain_judge(&c, cpu);
	kb_doc_chain_line(&c, STALE_ID, NULL, &s->key);
	if (!c.sel)
		snprintf(s->key.na, sizeof(s->key.na),
			 "what the kernel selected is no longer registered");
	kb_doc_chain_stale(r, STALE_ID, &c, 1);
	ctr_only(r, &c);
}

/**
 * kb_doc_check_paths() - which paths the kernel has, what ovpn's key gets
 * @r: the report: its paths section filled in, findings added
 * @cpu: the CPU's features
 * @x: the facts
 *
 * Findings: KB-OVPN-STALE-INSTANCE, KB-OVPN-CTR-ONLY-ENGINE (when the
 * doctor asked what a key gets). A healthy state is said in the section
 * only.
 */
void kb_doc_check_paths(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			const struct kb_doc_paths_facts *x)
{
	kb_doc_paths_judge(x, &r->paths);
	if (x->key_asked)
		key(r, cpu, x);
}
