// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's paths check on synthetic machines: the modules' states
 * and ovpn's family as the doctor would have found them, and what
 * crypto_user lists, built here: ovpn present, absent (6.12) or not
 * asked; a key's gcm(aes) the best, a stale instance above it, an
 * engine's ctr(aes) without gcm(aes); and the section's text and JSON.
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
	x->family = 0;
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_present_best),
		cmocka_unit_test(test_absent),
		cmocka_unit_test(test_not_asked),
		cmocka_unit_test(test_stale),
		cmocka_unit_test(test_ctr_only_engine),
		cmocka_unit_test(test_output),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
