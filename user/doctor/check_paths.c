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
 *
 * kTLS is there when net/tls is loaded (/proc/net/tls_stat, the module)
 * or built in, available when its module could be loaded, absent when
 * CONFIG_TLS is off or the module indexes have no tls. A socket
 * allocates "gcm(aes)" or "ccm(aes)" per direction and gets the best
 * registered driver of it, judged as an ovpn key's is. TLS 1.3 receive
 * never decrypts asynchronously (net/tls/tls_sw.c: async_capable is false
 * for 1.3): it waits for each record, so an engine's asynchronous driver
 * serves it one record at a time, while transmit and 1.2 receive keep
 * several in flight; an info says so where a socket gets one.
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
#define TLS_STALE_ID "KB-TLS-STALE-INSTANCE"
#define TLS_SYNC_ID "KB-TLS-13-RX-SYNC"

static const struct kb_doc_path_words ovpn_words = {
	.path = "ovpn",
	.user = "key",
	.a_user = "a key",
	.until = "they are rekeyed",
};

static const struct kb_doc_path_words tls_words = {
	.path = "kTLS",
	.user = "socket",
	.a_user = "a socket",
	.until = "they close",
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

/* "; CONFIG_TLS=m (FILE)", or "" where no configuration was read. */
static void tls_config(const struct kb_doc_tls_facts *t, char *buf, size_t len)
{
	buf[0] = '\0';
	if (t->config == KB_DOC_CONFIG_OFF)
		snprintf(buf, len, "; CONFIG_TLS is not set (%s)",
			 t->config_file);
	else if (t->config != KB_DOC_CONFIG_UNKNOWN)
		snprintf(buf, len, "; CONFIG_TLS=%s (%s)",
			 kb_doc_config_name(t->config), t->config_file);
}

#define TLS_LOADS                                                  \
	"a socket's TCP_ULP \"tls\" loads it when its caller has " \
	"CAP_NET_ADMIN (modprobe tls for others)"

static void tls_line(const struct kb_doc_tls_facts *t,
		     struct kb_doc_paths_state *s)
{
	const char *release = t->module.release[0] ? t->module.release : "?";
	char *why = s->tls_why, cfg[192];
	size_t len = sizeof(s->tls_why);
	enum kb_doc_presence mod;

	mod = module(&t->module, s->tls_module, sizeof(s->tls_module));
	tls_config(t, cfg, sizeof(cfg));
	s->tls_config = kb_doc_config_name(t->config);
	snprintf(s->tls_config_file, sizeof(s->tls_config_file), "%s",
		 t->config_file);
	s->tls_stat = t->tls_stat;
	if (t->tls_stat || mod == KB_DOC_PRESENT) {
		s->tls = KB_DOC_PRESENT;
		snprintf(why, len, "module tls: %s%s%s",
			 mod == KB_DOC_PRESENT ? s->tls_module : "loaded",
			 t->tls_stat ? ", /proc/net/tls_stat there" : "", cfg);
	} else if (t->config == KB_DOC_CONFIG_OFF) {
		s->tls = KB_DOC_ABSENT;
		snprintf(
			why, len,
			"this kernel has no kTLS (module tls: %s)%s (this is %s)",
			s->tls_module, cfg, release);
	} else if (t->module.loaded < 0 && !t->module.can_load) {
		s->tls = KB_DOC_ABSENT;
		snprintf(
			why, len,
			"no /proc/net/tls_stat, and this kernel loads no modules (no /proc/modules): net/tls is neither built in nor to be loaded%s (this is %s)",
			cfg, release);
	} else if (mod == KB_DOC_AVAILABLE) {
		s->tls = KB_DOC_AVAILABLE;
		snprintf(why, len, "module tls: %s: " TLS_LOADS "%s",
			 s->tls_module, cfg);
	} else if (mod == KB_DOC_ABSENT) {
		s->tls = KB_DOC_ABSENT;
		snprintf(
			why, len,
			"module tls: %s, neither built in nor in modules.dep%s%s (this is %s)",
			s->tls_module, cfg,
			t->config == KB_DOC_CONFIG_MODULE ?
				": the module is not installed" :
				"",
			release);
	} else {
		s->tls = KB_DOC_UNKNOWN;
		snprintf(why, len, "module tls: %s%s", s->tls_module, cfg);
	}
}

/**
 * kb_doc_paths_judge() - which paths the kernel has
 * @x: the modules' states and, if asked, ovpn's family; kTLS's facts
 * @s: filled in, marked examined; what an ovpn key and a kTLS socket get
 *     is left to kb_doc_check_paths()
 */
void kb_doc_paths_judge(const struct kb_doc_paths_facts *x,
			struct kb_doc_paths_state *s)
{
	memset(s, 0, sizeof(*s));
	s->examined = true;
	esp_line(x, s);
	ovpn_line(x, s);
	module(&x->wireguard, s->wireguard, sizeof(s->wireguard));
	tls_line(&x->tls, s);
	s->nics_examined = x->tls.nics_asked;
	s->nics = x->tls.nics;
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

/* The chain a socket allocating @a's AEAD gets, judged where known. */
static void tls_chain(const struct kb_doc_tls_facts *t,
		      const struct kb_doc_tls_alloc *a,
		      const struct kb_doc_cpu *cpu, struct kb_doc_chain *c)
{
	*c = (struct kb_doc_chain){
		.words = &tls_words,
		.algs = &t->algs,
		.transform = a->fam->alloc,
		.allocates = a->fam->alloc,
		.level = { a->fam->alloc, a->fam->beneath, "aes" },
		.levels = 3,
		.before = a->before,
	};
	if (!a->na[0])
		c->sel = kb_doc_chain_registered(&t->algs, a->selected);
	if (c->sel)
		kb_doc_chain_judge(c, cpu);
}

/* An engine's driver, called asynchronously: 1.3 receive waits on it. */
static bool async_engine(const struct kb_doc_chain *c)
{
	return c->sel && c->on && (c->sel->flags & CU_ALG_ASYNC) &&
	       c->engine == KB_ENGINE_OFFLOAD;
}

static void sync_evidence(struct kb_doc_report *r, struct kb_doc_finding *f,
			  const struct kb_doc_chain *c, const char *suite,
			  char *cmds, size_t len)
{
	const char *d = c->on->driver;
	const char *q = strpbrk(d, "(),") ? "'" : "";
	size_t used = strlen(cmds);

	kb_doc_evidence(r, f,
			"%s: a socket made now gets %s (priority %" PRIu32
			", asynchronous), built on %s (%s, module %s)",
			c->allocates, c->sel->driver, c->sel->priority, d,
			kb_doc_engine_name(c->engine),
			c->on->module[0] ? c->on->module : "-");
	if (used < len)
		snprintf(
			cmds + used, len - used,
			"%skaesbench tls -c %s -v 1.3 -d %s%s%s; kaesbench tls -c %s -v 1.2 -d %s%s%s",
			used ? "; " : "", suite, q, d, q, suite, q, d, q);
}

/* KB-TLS-13-RX-SYNC: a socket gets an engine's asynchronous driver. */
static void tls_sync(struct kb_doc_report *r, const struct kb_doc_tls_facts *t,
		     const struct kb_doc_chain *c, size_t n)
{
	struct kb_doc_finding *f = NULL;
	char names[64] = "", cmds[768] = "";
	size_t i, used = 0;

	for (i = 0; i < n; i++)
		if (async_engine(&c[i]) && used < sizeof(names))
			used += snprintf(names + used, sizeof(names) - used,
					 "%s%s", used ? " or " : "",
					 c[i].allocates);
	if (!used)
		return;
	f = kb_doc_add(
		r, TLS_SYNC_ID, KB_DOC_INFO,
		"TLS 1.3 receive waits for each record (no asynchronous decryption): an asynchronous %s serves 1.3 receive one record at a time, while transmit and TLS 1.2 receive keep several records in flight.",
		names);
	for (i = 0; i < n; i++)
		if (async_engine(&c[i]))
			sync_evidence(r, f, &c[i], t->alloc[i].suite[0], cmds,
				      sizeof(cmds));
	kb_doc_evidence(
		r, f,
		"net/tls/tls_sw.c: a receiving socket decrypts asynchronously only for TLS 1.2 with a driver flagged CRYPTO_ALG_ASYNC (async_capable); for 1.3 it calls the same driver and waits for each record before the next");
	kb_doc_fix(
		r, f,
		"%s (each version's receive rate on it: the difference is 1.3's waiting)",
		cmds);
}

/* What a kTLS socket made now gets, per AEAD, and the findings. */
static void tls_sockets(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			const struct kb_doc_tls_facts *t)
{
	struct kb_doc_chain c[KB_DOC_TLS_ALLOCS];
	struct kb_doc_paths_state *s = &r->paths;
	struct kb_doc_tls_socket *sock;
	size_t i;

	s->sockets_examined = true;
	s->sockets = t->nalloc;
	snprintf(s->sockets_left, sizeof(s->sockets_left), "%s", t->left);
	for (i = 0; i < t->nalloc; i++) {
		sock = &s->socket[i];
		tls_chain(t, &t->alloc[i], cpu, &c[i]);
		memcpy(sock->suite, t->alloc[i].suite, sizeof(sock->suite));
		sock->suites = t->alloc[i].suites;
		kb_doc_chain_line(&c[i], TLS_STALE_ID, NULL, &sock->line);
		if (t->alloc[i].na[0])
			snprintf(sock->line.na, sizeof(sock->line.na), "%s",
				 t->alloc[i].na);
		else if (!c[i].sel)
			snprintf(
				sock->line.na, sizeof(sock->line.na),
				"what the kernel selected is no longer registered");
	}
	kb_doc_chain_stale(r, TLS_STALE_ID, c, t->nalloc);
	tls_sync(r, t, c, t->nalloc);
}

/**
 * kb_doc_check_paths() - which paths the kernel has, what ovpn's key gets
 * @r: the report: its paths section filled in, findings added
 * @cpu: the CPU's features
 * @x: the facts
 *
 * Findings: KB-OVPN-STALE-INSTANCE, KB-OVPN-CTR-ONLY-ENGINE (when the
 * doctor asked what a key gets), KB-TLS-STALE-INSTANCE, KB-TLS-13-RX-SYNC
 * (when it asked what a kTLS socket gets). A healthy state is said in
 * the section only.
 */
void kb_doc_check_paths(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			const struct kb_doc_paths_facts *x)
{
	kb_doc_paths_judge(x, &r->paths);
	if (x->key_asked)
		key(r, cpu, x);
	if (x->tls.asked)
		tls_sockets(r, cpu, &x->tls);
}
