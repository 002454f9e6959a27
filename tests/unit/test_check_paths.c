// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's paths check on synthetic machines: the modules' states
 * and ovpn's family as the doctor would have found them, and what
 * crypto_user lists, built here: ovpn present, absent (6.12) or not
 * asked; a key's gcm(aes) the best, a stale instance above it, an
 * engine's ctr(aes) without gcm(aes); and the section's text and JSON.
 * kTLS: loaded, loadable, off in the configuration, not installed, in a
 * kernel without modules; what a socket's gcm(aes) and ccm(aes) get, a
 * stale instance, an engine's asynchronous gcm(aes) (TLS 1.3 receive
 * waits for each record), the unprivileged n/a; the offload lines.
 */

#define _GNU_SOURCE /* open_memstream() */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doctor/check_paths.h"
#include "doctor/engine.h"
#include "doctor/report.h"

/* include/linux/crypto.h's flags. */
#define ASYNC 0x00000080
#define INSTANCE 0x00000800
#define INTERNAL 0x00002000

static const char x86_cpuinfo[] =
	"processor\t: 0\n"
	"flags\t\t: fpu sse2 pclmulqdq ssse3 aes avx avx2 hypervisor\n";

struct row {
	const char *name;
	const char *driver;
	const char *module;
	uint32_t priority;
	uint32_t flags;
};

/* 7.2 with aesni_intel, as in the VM. */
#define X86_DRIVERS                                                            \
	{ "aes", "aes-aesni", "aesni_intel", 300, 0 },                         \
		{ "aes", "aes-lib", "kernel", 100, 0 },                        \
		{ "ctr(aes)", "ctr-aes-aesni", "aesni_intel", 400, ASYNC },    \
		{ "__gcm(aes)", "__generic-gcm-aesni-avx", "aesni_intel", 500, \
		  INTERNAL },                                                  \
		{ "gcm(aes)", "generic-gcm-aesni-avx", "aesni_intel", 500,     \
		  ASYNC },                                                     \
	{                                                                      \
		"ghash", "ghash-lib", "kernel", 100, 0                         \
	}

#define STALE "gcm_base(ctr(aes-lib),ghash-lib)"

static struct kb_cu_algs algs_of(const struct row *rows, size_t n)
{
	struct kb_cu_algs algs = { calloc(n, sizeof(struct kb_cu_alg)), n };
	size_t i;

	assert_non_null(algs.alg);
	for (i = 0; i < n; i++) {
		struct kb_cu_alg *a = &algs.alg[i];

		snprintf(a->name, sizeof(a->name), "%s", rows[i].name);
		snprintf(a->driver, sizeof(a->driver), "%s", rows[i].driver);
		snprintf(a->module, sizeof(a->module), "%s", rows[i].module);
		a->priority = rows[i].priority;
		a->flags = rows[i].flags;
		a->refcnt = 1;
	}
	return algs;
}

static void module(struct kb_doc_modstate *m, const char *name, int loaded,
		   bool available)
{
	memset(m, 0, sizeof(*m));
	m->name = name;
	m->config = "CONFIG_X";
	snprintf(m->release, sizeof(m->release), "7.2.13-amd64");
	m->loaded = loaded;
	m->can_load = true;
	m->index = true;
	m->available = available;
}

/* A kernel with every module loaded, ovpn's family answering. */
static void facts_of(struct kb_doc_paths_facts *x)
{
	memset(x, 0, sizeof(*x));
	module(&x->esp4, "esp4", 1, true);
	module(&x->xfrm_user, "xfrm_user", 0, true);
	module(&x->ovpn, "ovpn", 1, true);
	module(&x->wireguard, "wireguard", 0, true);
	module(&x->tls.module, "tls", 0, true);
	x->tls.module.config = "CONFIG_TLS";
	x->family = 0;
	x->tls.nics_asked = true;
	x->tls.nics.seen = 2;
	kb_doc_tls_allocs(&x->tls);
}

static void with_key(struct kb_doc_paths_facts *x, const struct row *rows,
		     size_t n, const char *sel)
{
	x->key_asked = true;
	x->algs = algs_of(rows, n);
	snprintf(x->selected, sizeof(x->selected), "%s", sel);
	x->before = true;
}

static void check(struct kb_doc_report *r, struct kb_doc_paths_facts *x)
{
	struct kb_doc_cpu cpu;

	assert_int_equal(kb_doc_cpu_parse(x86_cpuinfo, "x86_64", &cpu), 0);
	kb_doc_check_paths(r, &cpu, x);
	kb_cu_algs_free(&x->algs);
}

static void test_present_best(void **state)
{
	static const struct row rows[] = { X86_DRIVERS };
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;

	(void)state;
	facts_of(&x);
	with_key(&x, rows, sizeof(rows) / sizeof(rows[0]),
		 "generic-gcm-aesni-avx");
	check(&r, &x);
	assert_int_equal(r.count, 0);
	assert_true(r.paths.examined);
	assert_int_equal(r.paths.esp, KB_DOC_AVAILABLE);
	assert_string_equal(r.paths.esp_why,
			    "esp4 loaded, xfrm_user a module, not loaded "
			    "(the kernel loads them for the first SA)");
	assert_int_equal(r.paths.ovpn, KB_DOC_PRESENT);
	assert_true(r.paths.key_examined);
	assert_string_equal(r.paths.key.selected, "generic-gcm-aesni-avx");
	assert_string_equal(r.paths.key.built_on, "generic-gcm-aesni-avx");
	assert_string_equal(r.paths.key.engine, "AES instructions");
	assert_null(r.paths.key.finding);
	assert_string_equal(r.paths.wireguard, "a module, not loaded");
	kb_doc_report_free(&r);
}

/* 6.12: no family, no module: absent, and why. */
static void test_absent(void **state)
{
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;

	(void)state;
	facts_of(&x);
	module(&x.ovpn, "ovpn", 0, false);
	snprintf(x.ovpn.release, sizeof(x.ovpn.release), "6.12.48-amd64");
	x.family = -ENOENT;
	check(&r, &x);
	assert_int_equal(r.paths.ovpn, KB_DOC_ABSENT);
	assert_non_null(strstr(r.paths.ovpn_why, "no generic netlink family"));
	assert_non_null(strstr(r.paths.ovpn_why, "Linux 6.16 and later"));
	assert_non_null(strstr(r.paths.ovpn_why, "6.12.48-amd64"));
	assert_false(r.paths.key_examined);
	kb_doc_report_free(&r);
}

/* Not asked (list, or no CAP_SYS_ADMIN): the module indexes decide. */
static void test_not_asked(void **state)
{
	struct kb_doc_paths_state s;
	struct kb_doc_paths_facts x;

	(void)state;
	facts_of(&x);
	x.family = KB_DOC_NOT_ASKED;
	snprintf(x.family_why, sizeof(x.family_why), "not asked: WHY");
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.ovpn, KB_DOC_PRESENT);
	assert_string_equal(s.ovpn_why, "module ovpn: loaded; not asked: WHY");
	x.ovpn.loaded = 0;
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.ovpn, KB_DOC_AVAILABLE);
	x.ovpn.available = false;
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.ovpn, KB_DOC_ABSENT);
	assert_non_null(
		strstr(s.ovpn_why, "neither built in nor in modules.dep"));
	x.ovpn.index = false;
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.ovpn, KB_DOC_UNKNOWN);
	x.esp4.loaded = 0;
	x.esp4.available = false;
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.esp, KB_DOC_ABSENT);
}

/* gcm's template over the library parts, raised above AES-NI's. */
static void test_stale(void **state)
{
	static const struct row rows[] = {
		X86_DRIVERS,
		{ "ctr(aes)", "ctr(aes-lib)", "ctr", 100, INSTANCE },
		{ "gcm(aes)", STALE, "gcm", 10000, INSTANCE },
	};
	const struct kb_doc_finding *f;
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;

	(void)state;
	facts_of(&x);
	with_key(&x, rows, sizeof(rows) / sizeof(rows[0]), STALE);
	check(&r, &x);
	f = kb_doc_find(&r, "KB-OVPN-STALE-INSTANCE");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "ovpn keys made now get"));
	assert_non_null(strstr(
		f->evidence[0],
		"gcm(aes): a key made now gets " STALE
		" (priority 10000, registered before the doctor looked), built on aes-lib"));
	assert_non_null(strstr(
		f->fix, "kaesbench priority generic-gcm-aesni-avx 10001"));
	assert_non_null(strstr(f->fix, "keys made before keep theirs"));
	assert_string_equal(r.paths.key.finding, "KB-OVPN-STALE-INSTANCE");
	assert_string_equal(r.paths.key.better, "generic-gcm-aesni-avx");
	kb_doc_report_free(&r);
}

/* An engine's ctr(aes) with no gcm(aes) of its module: an info. */
static void test_ctr_only_engine(void **state)
{
	static const struct row rows[] = {
		X86_DRIVERS,
		{ "ctr(aes)", "ctr-aes-engine", "engine", 300, ASYNC },
		{ "ctr(aes)", "ctr-aes-both", "both", 300, ASYNC },
		{ "gcm(aes)", "gcm-aes-both", "both", 300, ASYNC },
	};
	const struct kb_doc_finding *f;
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;

	(void)state;
	facts_of(&x);
	with_key(&x, rows, sizeof(rows) / sizeof(rows[0]),
		 "generic-gcm-aesni-avx");
	check(&r, &x);
	f = kb_doc_find(&r, "KB-OVPN-CTR-ONLY-ENGINE");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_INFO);
	assert_int_equal(f->evidence_count, 1);
	assert_non_null(strstr(f->evidence[0], "ctr-aes-engine (offload"));
	assert_true(!strncmp(f->fix, "kaesbench ovpn -d ctr-aes-engine (", 34));
	assert_int_equal(kb_doc_exit_status(&r), 0);
	kb_doc_report_free(&r);
}

static void test_output(void **state)
{
	static const struct row rows[] = { X86_DRIVERS };
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;
	struct json_object *o, *v;
	char *text = NULL;
	size_t len;
	FILE *f;

	(void)state;
	facts_of(&x);
	with_key(&x, rows, sizeof(rows) / sizeof(rows[0]),
		 "generic-gcm-aesni-avx");
	check(&r, &x);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	kb_doc_paths_print(f, &r.paths);
	fclose(f);
	assert_non_null(
		strstr(text, "\nPaths:\n  ESP: available: esp4 loaded"));
	assert_non_null(strstr(
		text,
		"\n  ovpn: present: its generic netlink family answered"));
	assert_non_null(strstr(
		text,
		"\n    gcm(aes) -> generic-gcm-aesni-avx (priority 500), built on generic-gcm-aesni-avx (AES instructions, priority 500): the best registered\n"));
	assert_non_null(strstr(
		text,
		"\n  WireGuard: not an AES path: WireGuard uses ChaCha20-Poly1305"));
	free(text);
	o = kb_doc_paths_json(&r.paths);
	assert_non_null(o);
	assert_true(json_object_object_get_ex(o, "ovpn", &v));
	assert_string_equal(
		json_object_get_string(json_object_object_get(v, "presence")),
		"present");
	assert_string_equal(
		json_object_get_string(json_object_object_get(
			json_object_object_get(v, "key"), "selected")),
		"generic-gcm-aesni-avx");
	assert_true(json_object_object_get_ex(o, "wireguard", &v));
	assert_false(json_object_get_boolean(json_object_object_get(v, "aes")));
	json_object_put(o);
	kb_doc_report_free(&r);
}

/* 7.2 with aesni_intel, and ccm's template on its ctr(aes) and aes. */
#define CCM "ccm_base(ctr-aes-aesni,cbcmac(aes-aesni))"
#define TLS_DRIVERS                                                           \
	X86_DRIVERS,                                                          \
		{ "cbcmac(aes)", "cbcmac(aes-aesni)", "ccm", 300, INSTANCE }, \
	{                                                                     \
		"ccm(aes)", CCM, "ccm", 350, INSTANCE                         \
	}

/* What a kTLS socket made now gets: @gcm and @ccm, registered before. */
static void with_sockets(struct kb_doc_paths_facts *x, const struct row *rows,
			 size_t n, const char *gcm, const char *ccm)
{
	x->tls.asked = true;
	x->tls.algs = algs_of(rows, n);
	assert_int_equal(x->tls.nalloc, 2);
	snprintf(x->tls.alloc[0].selected, sizeof(x->tls.alloc[0].selected),
		 "%s", gcm);
	x->tls.alloc[0].before = true;
	snprintf(x->tls.alloc[1].selected, sizeof(x->tls.alloc[1].selected),
		 "%s", ccm);
	x->tls.alloc[1].before = true;
}

static void check_tls(struct kb_doc_report *r, struct kb_doc_paths_facts *x)
{
	check(r, x);
	kb_cu_algs_free(&x->tls.algs);
}

/* Each way the doctor tells whether the kernel has kTLS. */
static void test_tls_presence(void **state)
{
	struct kb_doc_paths_state s;
	struct kb_doc_paths_facts x;

	(void)state;
	facts_of(&x);
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.tls, KB_DOC_AVAILABLE);
	assert_non_null(strstr(s.tls_why,
			       "module tls: a module, not loaded: "
			       "a socket's TCP_ULP \"tls\" loads it"));
	assert_null(s.tls_config);
	x.tls.tls_stat = true;
	x.tls.module.loaded = 1;
	x.tls.config = KB_DOC_CONFIG_MODULE;
	snprintf(x.tls.config_file, sizeof(x.tls.config_file),
		 "/boot/config-7.2.13-amd64");
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.tls, KB_DOC_PRESENT);
	assert_string_equal(s.tls_why,
			    "module tls: loaded, /proc/net/tls_stat there; "
			    "CONFIG_TLS=m (/boot/config-7.2.13-amd64)");
	assert_string_equal(s.tls_config, "m");
	assert_true(s.tls_stat);
	/* Built in: no module, but the counters. */
	x.tls.module.loaded = 0;
	x.tls.module.available = false;
	x.tls.module.builtin = true;
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.tls, KB_DOC_PRESENT);
	assert_non_null(strstr(s.tls_why, "module tls: built in"));
	/* CONFIG_TLS off. */
	x.tls.tls_stat = false;
	x.tls.module.builtin = false;
	x.tls.config = KB_DOC_CONFIG_OFF;
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.tls, KB_DOC_ABSENT);
	assert_non_null(strstr(s.tls_why, "this kernel has no kTLS"));
	assert_non_null(strstr(s.tls_why, "CONFIG_TLS is not set "
					  "(/boot/config-7.2.13-amd64)"));
	assert_string_equal(s.tls_config, "n");
	/* =m, but no module in the indexes. */
	x.tls.config = KB_DOC_CONFIG_MODULE;
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.tls, KB_DOC_ABSENT);
	assert_non_null(strstr(s.tls_why, "the module is not installed"));
	/* A kernel that loads no modules, and has no counters. */
	x.tls.config = KB_DOC_CONFIG_UNKNOWN;
	x.tls.module.index = false;
	x.tls.module.loaded = -1;
	x.tls.module.can_load = false;
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.tls, KB_DOC_ABSENT);
	assert_non_null(strstr(s.tls_why, "loads no modules"));
	x.tls.module.can_load = true;
	kb_doc_paths_judge(&x, &s);
	assert_int_equal(s.tls, KB_DOC_UNKNOWN);
}

/* The best of each, by the CPU's AES instructions: no finding. */
static void test_tls_sockets(void **state)
{
	static const struct row rows[] = { TLS_DRIVERS };
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;

	(void)state;
	facts_of(&x);
	with_sockets(&x, rows, sizeof(rows) / sizeof(rows[0]),
		     "generic-gcm-aesni-avx", CCM);
	check_tls(&r, &x);
	assert_int_equal(r.count, 0);
	assert_true(r.paths.sockets_examined);
	assert_int_equal(r.paths.sockets, 2);
	assert_string_equal(r.paths.socket[0].line.transform, "gcm(aes)");
	assert_string_equal(r.paths.socket[0].line.selected,
			    "generic-gcm-aesni-avx");
	assert_int_equal(r.paths.socket[0].suites, 2);
	assert_string_equal(r.paths.socket[0].suite[1], "aes-256-gcm");
	assert_string_equal(r.paths.socket[1].line.transform, "ccm(aes)");
	assert_string_equal(r.paths.socket[1].line.selected, CCM);
	assert_string_equal(r.paths.socket[1].line.built_on, "ctr-aes-aesni");
	assert_string_equal(r.paths.socket[1].line.engine, "AES instructions");
	assert_null(r.paths.socket[1].line.finding);
	assert_string_equal(r.paths.socket[1].suite[0], "aes-128-ccm");
	kb_doc_report_free(&r);
}

/* gcm's template over the library parts, raised above AES-NI's. */
static void test_tls_stale(void **state)
{
	static const struct row rows[] = {
		TLS_DRIVERS,
		{ "ctr(aes)", "ctr(aes-lib)", "ctr", 100, INSTANCE },
		{ "gcm(aes)", STALE, "gcm", 10000, INSTANCE },
	};
	const struct kb_doc_finding *f;
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;

	(void)state;
	facts_of(&x);
	with_sockets(&x, rows, sizeof(rows) / sizeof(rows[0]), STALE, CCM);
	check_tls(&r, &x);
	f = kb_doc_find(&r, "KB-TLS-STALE-INSTANCE");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "kTLS sockets made now get"));
	assert_non_null(strstr(f->evidence[0],
			       "gcm(aes): a socket made now gets " STALE));
	assert_non_null(strstr(
		f->fix, "kaesbench priority generic-gcm-aesni-avx 10001"));
	assert_string_equal(r.paths.socket[0].line.finding,
			    "KB-TLS-STALE-INSTANCE");
	assert_null(r.paths.socket[1].line.finding);
	assert_null(kb_doc_find(&r, "KB-TLS-13-RX-SYNC"));
	kb_doc_report_free(&r);
}

#define SYNC_FIX                                                  \
	"kaesbench tls -c aes-128-gcm -v 1.3 -d gcm-aes-engine; " \
	"kaesbench tls -c aes-128-gcm -v 1.2 -d gcm-aes-engine ("

/* An engine's asynchronous gcm(aes) the best: 1.3 receive waits on it. */
static void test_tls_sync(void **state)
{
	static const struct row rows[] = {
		TLS_DRIVERS,
		{ "gcm(aes)", "gcm-aes-engine", "engine", 4000, ASYNC },
	};
	const struct kb_doc_finding *f;
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;

	(void)state;
	facts_of(&x);
	with_sockets(&x, rows, sizeof(rows) / sizeof(rows[0]), "gcm-aes-engine",
		     CCM);
	check_tls(&r, &x);
	f = kb_doc_find(&r, "KB-TLS-13-RX-SYNC");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_INFO);
	assert_string_equal(
		f->summary,
		"TLS 1.3 receive waits for each record (no asynchronous decryption): "
		"an asynchronous gcm(aes) serves 1.3 receive one record at a time, "
		"while transmit and TLS 1.2 receive keep several records in flight.");
	assert_int_equal(f->evidence_count, 2);
	assert_non_null(
		strstr(f->evidence[0],
		       "gcm(aes): a socket made now gets "
		       "gcm-aes-engine (priority 4000, asynchronous), "
		       "built on gcm-aes-engine (offload, module engine)"));
	assert_non_null(strstr(f->evidence[1], "async_capable"));
	assert_true(!strncmp(f->fix, SYNC_FIX, strlen(SYNC_FIX)));
	assert_null(r.paths.socket[0].line.finding);
	assert_int_equal(kb_doc_exit_status(&r), 0);
	kb_doc_report_free(&r);
}

/* Unprivileged, with no ccm(aes) registered: said why, per AEAD. */
static void test_tls_unprivileged(void **state)
{
	static const struct row rows[] = { X86_DRIVERS };
	static const char na[] = "no driver of ccm(aes) is registered, and "
				 "having the kernel build one as for a first "
				 "socket needs CAP_NET_ADMIN";
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;
	char *text = NULL;
	size_t len;
	FILE *f;

	(void)state;
	facts_of(&x);
	with_sockets(&x, rows, sizeof(rows) / sizeof(rows[0]),
		     "generic-gcm-aesni-avx", "");
	x.tls.alloc[1].before = false;
	snprintf(x.tls.alloc[1].na, sizeof(x.tls.alloc[1].na), "%s", na);
	check_tls(&r, &x);
	assert_int_equal(r.count, 0);
	assert_string_equal(r.paths.socket[1].line.na, na);
	f = open_memstream(&text, &len);
	assert_non_null(f);
	kb_doc_paths_print(f, &r.paths);
	fclose(f);
	assert_non_null(strstr(text, "\n    ccm(aes): n/a: no driver of "
				     "ccm(aes) is registered"));
	free(text);
	kb_doc_report_free(&r);
}

static char *paths_text(const struct kb_doc_paths_state *s)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	kb_doc_paths_print(f, s);
	fclose(f);
	return text;
}

/* The section's kTLS lines, with and without an interface's offload. */
static void test_tls_output(void **state)
{
	static const struct row rows[] = { TLS_DRIVERS };
	struct kb_doc_report r = { 0 };
	struct kb_doc_paths_facts x;
	struct json_object *o, *tls, *v;
	char *text;

	(void)state;
	facts_of(&x);
	with_sockets(&x, rows, sizeof(rows) / sizeof(rows[0]),
		     "generic-gcm-aesni-avx", CCM);
	check_tls(&r, &x);
	text = paths_text(&r.paths);
	assert_non_null(strstr(
		text,
		"\n  kTLS: available: module tls: a module, not loaded: "));
	assert_non_null(strstr(
		text,
		"\n  kTLS, what a socket made now gets:\n"
		"    gcm(aes) -> generic-gcm-aesni-avx (priority 500), built on generic-gcm-aesni-avx (AES instructions, priority 500): the best registered\n"
		"    ccm(aes) -> " CCM
		" (priority 350), built on ctr-aes-aesni (AES instructions, priority 400): the best registered\n"));
	assert_non_null(strstr(
		text,
		"\n  kTLS, NIC offload: no interface here offers kTLS offload (the ethtool features of the 2 interfaces of this network namespace)\n"
		"  WireGuard: "));
	free(text);
	r.paths.nics.count = 1;
	snprintf(r.paths.nics.nic[0].name, sizeof(r.paths.nics.nic[0].name),
		 "eth0");
	r.paths.nics.nic[0].tx_offered = r.paths.nics.nic[0].tx_on = true;
	r.paths.nics.nic[0].rx_offered = true;
	text = paths_text(&r.paths);
	assert_non_null(strstr(
		text,
		"\n  kTLS, NIC offload: eth0: tls-hw-tx-offload on, tls-hw-rx-offload offered, off\n"));
	free(text);
	o = kb_doc_paths_json(&r.paths);
	assert_non_null(o);
	assert_true(json_object_object_get_ex(o, "tls", &tls));
	assert_string_equal(
		json_object_get_string(json_object_object_get(tls, "presence")),
		"available");
	assert_false(json_object_get_boolean(
		json_object_object_get(tls, "tls_stat")));
	v = json_object_array_get_idx(json_object_object_get(tls, "sockets"),
				      1);
	assert_string_equal(
		json_object_get_string(json_object_object_get(v, "selected")),
		CCM);
	assert_string_equal(json_object_get_string(json_object_array_get_idx(
				    json_object_object_get(v, "suites"), 0)),
			    "aes-128-ccm");
	v = json_object_object_get(tls, "offload");
	assert_int_equal(json_object_get_int(json_object_object_get(v, "seen")),
			 2);
	v = json_object_array_get_idx(json_object_object_get(v, "interfaces"),
				      0);
	assert_string_equal(
		json_object_get_string(json_object_object_get(v, "name")),
		"eth0");
	assert_true(
		json_object_get_boolean(json_object_object_get(v, "tx_on")));
	assert_false(
		json_object_get_boolean(json_object_object_get(v, "rx_on")));
	json_object_put(o);
	kb_doc_report_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_present_best),
		cmocka_unit_test(test_absent),
		cmocka_unit_test(test_not_asked),
		cmocka_unit_test(test_stale),
		cmocka_unit_test(test_ctr_only_engine),
		cmocka_unit_test(test_output),
		cmocka_unit_test(test_tls_presence),
		cmocka_unit_test(test_tls_sockets),
		cmocka_unit_test(test_tls_stale),
		cmocka_unit_test(test_tls_sync),
		cmocka_unit_test(test_tls_unprivileged),
		cmocka_unit_test(test_tls_output),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
