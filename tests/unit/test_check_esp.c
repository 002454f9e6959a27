// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's ESP check on synthetic machines: what crypto_user lists
 * built here (the drivers, the chains ESP's names got), so that every
 * state is reached whatever this host is: chains built on the best
 * driver, a stale instance over generic parts or over an engine, an
 * instance raised above the best, generic AES while the CPU's is demoted,
 * crypto_user missing or refusing; and the section's text and JSON.
 */

#define _GNU_SOURCE /* open_memstream() */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "doctor/check_esp.h"
#include "doctor/engine.h"
#include "doctor/report.h"
#include "ipsec/esp.h"

/* include/linux/crypto.h's flags. */
#define ASYNC 0x00000080
#define INSTANCE 0x00000800
#define INTERNAL 0x00002000

static const char x86_cpuinfo[] =
	"processor\t: 0\n"
	"flags\t\t: fpu sse2 pclmulqdq ssse3 aes avx avx2 hypervisor\n";
static const char arm64_cpuinfo[] = "processor\t: 0\n"
				    "Features\t: fp asimd aes pmull sha1 sha2\n"
				    "CPU implementer\t: 0x41\n";

struct row {
	const char *name;
	const char *driver;
	const char *module;
	uint32_t priority;
	uint32_t flags;
};

/* 6.12 with aesni_intel (AVX, no AVX-512), as in the VM. */
#define X86_DRIVERS                                                            \
	{ "aes", "aes-aesni", "aesni_intel", 300, 0 },                         \
		{ "aes", "aes-generic", "kernel", 100, 0 },                    \
		{ "__cbc(aes)", "__cbc-aes-aesni", "aesni_intel", 400,         \
		  INTERNAL },                                                  \
		{ "cbc(aes)", "cbc-aes-aesni", "aesni_intel", 400, ASYNC },    \
		{ "cbc(aes)", "virtio_crypto_aes_cbc", "virtio_crypto", 150,   \
		  ASYNC },                                                     \
		{ "ctr(aes)", "ctr-aes-aesni", "aesni_intel", 400, ASYNC },    \
		{ "__gcm(aes)", "__generic-gcm-aesni-avx", "aesni_intel", 500, \
		  INTERNAL },                                                  \
		{ "gcm(aes)", "generic-gcm-aesni-avx", "aesni_intel", 500,     \
		  ASYNC },                                                     \
		{ "__rfc4106(gcm(aes))", "__rfc4106-gcm-aesni-avx",            \
		  "aesni_intel", 500, INTERNAL },                              \
		{ "rfc4106(gcm(aes))", "rfc4106-gcm-aesni-avx", "aesni_intel", \
		  500, ASYNC },                                                \
		{ "ghash", "ghash-generic", "kernel", 100, 0 },                \
		{ "sha256", "sha256-avx2", "sha256_ssse3", 170, 0 },           \
	{                                                                      \
		"hmac(sha256)", "hmac(sha256-avx2)", "kernel", 170, INSTANCE   \
	}

/* What each transform's name got on that machine, from nothing. */
#define X86_NATURAL                                                            \
	{ "seqiv(rfc4106(gcm(aes)))", "seqiv(rfc4106-gcm-aesni-avx)", "seqiv", \
	  500, INSTANCE | ASYNC },                                             \
		{ "authenc(hmac(sha256),cbc(aes))",                            \
		  "authenc(hmac(sha256-avx2),cbc-aes-aesni)", "authenc", 2070, \
		  INSTANCE | ASYNC },                                          \
		{ "echainiv(authenc(hmac(sha256),cbc(aes)))",                  \
		  "echainiv(authenc(hmac(sha256-avx2),cbc-aes-aesni))",        \
		  "echainiv", 2070, INSTANCE | ASYNC },                        \
		{ "rfc3686(ctr(aes))", "rfc3686(ctr-aes-aesni)", "ctr", 400,   \
		  INSTANCE | ASYNC },                                          \
		{ "authenc(hmac(sha256),rfc3686(ctr(aes)))",                   \
		  "authenc(hmac(sha256-avx2),rfc3686(ctr-aes-aesni))",         \
		  "authenc", 2070, INSTANCE | ASYNC },                         \
		{ "seqiv(authenc(hmac(sha256),rfc3686(ctr(aes))))",            \
		  "seqiv(authenc(hmac(sha256-avx2),rfc3686(ctr-aes-aesni)))",  \
		  "seqiv", 2070, INSTANCE | ASYNC },                           \
		{ "rfc4543(gcm(aes))", "rfc4543(generic-gcm-aesni-avx)",       \
		  "gcm", 500, INSTANCE | ASYNC },                              \
	{                                                                      \
		"seqiv(rfc4543(gcm(aes)))",                                    \
			"seqiv(rfc4543(generic-gcm-aesni-avx))", "seqiv", 500, \
			INSTANCE | ASYNC                                       \
	}

static const char *const natural[] = {
	"seqiv(rfc4106-gcm-aesni-avx)",
	"echainiv(authenc(hmac(sha256-avx2),cbc-aes-aesni))",
	"seqiv(authenc(hmac(sha256-avx2),rfc3686(ctr-aes-aesni)))",
	"seqiv(rfc4543(generic-gcm-aesni-avx))",
};

/* The instances of an rfc4106 chain over the generic parts. */
#define GENERIC_RFC4106(prio)                                                       \
	{ "ctr(aes)", "ctr(aes-generic)", "ctr", 100, INSTANCE },                   \
		{ "gcm(aes)", "gcm_base(ctr(aes-generic),ghash-generic)",           \
		  "gcm", 100, INSTANCE },                                           \
		{ "rfc4106(gcm(aes))",                                              \
		  "rfc4106(gcm_base(ctr(aes-generic),ghash-generic))", "gcm",       \
		  prio, INSTANCE },                                                 \
	{                                                                           \
		"seqiv(rfc4106(gcm(aes)))",                                         \
			"seqiv(rfc4106(gcm_base(ctr(aes-generic),ghash-generic)))", \
			"seqiv", 1000, INSTANCE                                     \
	}

#define STALE_RFC4106 "seqiv(rfc4106(gcm_base(ctr(aes-generic),ghash-generic)))"

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

/* Facts: every transform, its selected chain from @sel (NULL: natural). */
static void facts_of(struct kb_doc_esp_facts *x, const struct row *rows,
		     size_t n, const char *const *sel)
{
	size_t i;

	memset(x, 0, sizeof(*x));
	x->algs = algs_of(rows, n);
	x->count = kb_esp_transform_count;
	for (i = 0; i < x->count; i++) {
		x->tf[i].t = &kb_esp_transforms[i];
		snprintf(x->tf[i].selected, sizeof(x->tf[i].selected), "%s",
			 sel && sel[i] ? sel[i] : natural[i]);
		x->tf[i].before = true;
	}
}

static struct kb_doc_cpu cpu_on(const char *machine, const char *cpuinfo)
{
	struct kb_doc_cpu cpu;

	assert_int_equal(kb_doc_cpu_parse(cpuinfo, machine, &cpu), 0);
	return cpu;
}

static bool starts_with(const char *s, const char *prefix)
{
	return s && !strncmp(s, prefix, strlen(prefix));
}

static bool has_evidence(const struct kb_doc_finding *f, const char *text)
{
	size_t i;

	for (i = 0; f && i < f->evidence_count; i++)
		if (strstr(f->evidence[i], text))
			return true;
	return false;
}

static void check(struct kb_doc_report *r, struct kb_doc_esp_facts *x,
		  const char *machine, const char *cpuinfo)
{
	struct kb_doc_cpu cpu = cpu_on(machine, cpuinfo);

	kb_doc_check_esp(r, &cpu, x);
	kb_cu_algs_free(&x->algs);
}

static void test_built_on_the_best(void **state)
{
	static const struct row rows[] = { X86_DRIVERS, X86_NATURAL };
	const struct kb_doc_chain_line *l;
	struct kb_doc_report r = { 0 };
	struct kb_doc_esp_facts x;

	(void)state;
	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), NULL);
	x.tf[3].before = false;
	check(&r, &x, "x86_64", x86_cpuinfo);
	assert_int_equal(r.count, 0);
	assert_true(r.esp.examined);
	assert_int_equal(r.esp.count, 4);
	l = &r.esp.line[0];
	assert_string_equal(l->transform, "rfc4106(gcm(aes))");
	assert_string_equal(l->allocates, "seqiv(rfc4106(gcm(aes)))");
	assert_string_equal(l->selected, "seqiv(rfc4106-gcm-aesni-avx)");
	assert_string_equal(l->built_on, "rfc4106-gcm-aesni-avx");
	assert_string_equal(l->engine, "AES instructions");
	assert_null(l->finding);
	/* authenc(): the HMAC is passed over, the cipher is what counts. */
	assert_string_equal(r.esp.line[1].built_on, "cbc-aes-aesni");
	assert_int_equal(r.esp.line[1].built_on_priority, 400);
	assert_string_equal(r.esp.line[2].built_on, "ctr-aes-aesni");
	/* No rfc4543 driver: the mode's is the best. */
	assert_string_equal(r.esp.line[3].built_on, "generic-gcm-aesni-avx");
	assert_string_equal(r.esp.line[3].best, "generic-gcm-aesni-avx");
	assert_false(r.esp.line[3].registered_before);
	assert_null(r.esp.line[3].finding);
	kb_doc_report_free(&r);
}

/*
 * The trap: seqiv over rfc4106 over the generic parts, registered (here
 * at 1000), while AES-NI's rfc4106 has no instance: every SA gets the
 * generic chain.
 */
static void test_stale_generic_instance(void **state)
{
	static const struct row rows[] = { X86_DRIVERS, X86_NATURAL,
					   GENERIC_RFC4106(100) };
	const char *sel[4] = { STALE_RFC4106 };
	const struct kb_doc_finding *f;
	const struct kb_doc_chain_line *l;
	struct kb_doc_report r = { 0 };
	struct kb_doc_esp_facts x;

	(void)state;
	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), sel);
	check(&r, &x, "x86_64", x86_cpuinfo);
	f = kb_doc_find(&r, "KB-ESP-STALE-INSTANCE");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_WARNING);
	assert_true(has_evidence(
		f,
		"rfc4106(gcm(aes)): an SA made now gets " STALE_RFC4106
		" (priority 1000, registered before the doctor looked), built on aes-generic (generic, priority 100)"));
	assert_true(has_evidence(
		f,
		"rfc4106(gcm(aes)): rfc4106-gcm-aesni-avx (AES instructions, module aesni_intel, priority 500) is registered"));
	assert_true(has_evidence(
		f,
		"seqiv(rfc4106(gcm(aes))): instances registered: seqiv(rfc4106-gcm-aesni-avx) (priority 500), " STALE_RFC4106
		" (priority 1000)"));
	/* Its priority kept: the change alone unregisters the chain. */
	assert_non_null(f->fix);
	assert_true(starts_with(
		f->fix,
		"kaesbench priority 'rfc4106(gcm_base(ctr(aes-generic),ghash-generic))' 100 (a priority set"));
	/* Only rfc4106's chain is stale. */
	assert_false(has_evidence(f, "rfc4543"));
	f = kb_doc_find(&r, "KB-AESNI-ESP-GENERIC");
	assert_non_null(f);
	assert_non_null(
		strstr(f->fix, "kaesbench priority 'rfc4106(gcm_base("));
	l = &r.esp.line[0];
	assert_string_equal(l->finding, "KB-ESP-STALE-INSTANCE");
	assert_string_equal(l->better, "rfc4106-gcm-aesni-avx");
	assert_int_equal(l->better_priority, 500);
	assert_string_equal(l->built_on, "aes-generic");
	assert_null(r.esp.line[1].finding);
	kb_doc_report_free(&r);
}

/*
 * Raised above the best: the fix raises the best above it; and, the chain
 * being registered, unregisters it.
 */
static void test_stale_raised_instance(void **state)
{
	static const struct row rows[] = { X86_DRIVERS, X86_NATURAL,
					   GENERIC_RFC4106(600) };
	const char *sel[4] = { STALE_RFC4106 };
	const struct kb_doc_finding *f;
	struct kb_doc_report r = { 0 };
	struct kb_doc_esp_facts x;

	(void)state;
	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), sel);
	check(&r, &x, "x86_64", x86_cpuinfo);
	f = kb_doc_find(&r, "KB-ESP-STALE-INSTANCE");
	assert_non_null(f);
	assert_true(starts_with(
		f->fix,
		"kaesbench priority rfc4106-gcm-aesni-avx 601; kaesbench priority 'rfc4106(gcm_base(ctr(aes-generic),ghash-generic))' 600 (the better driver raised above"));
	assert_non_null(strstr(f->fix, "; a priority set, even to its value,"));
	kb_doc_report_free(&r);

	/* Built for the doctor, then removed: raising is all it takes. */
	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), sel);
	x.tf[0].before = false;
	check(&r, &x, "x86_64", x86_cpuinfo);
	f = kb_doc_find(&r, "KB-ESP-STALE-INSTANCE");
	assert_non_null(f);
	assert_true(has_evidence(
		f, "none was registered: the kernel built it for the doctor"));
	assert_true(starts_with(
		f->fix,
		"kaesbench priority rfc4106-gcm-aesni-avx 601 (the better driver raised above the part the chain is built on, the next SA's chain is built on it; SAs made before"));
	kb_doc_report_free(&r);
}

/* A chain over an engine of lower priority than AES-NI: stale, not generic. */
static void test_stale_engine_chain(void **state)
{
	static const struct row rows[] = {
		X86_DRIVERS,
		X86_NATURAL,
		{ "authenc(hmac(sha256),cbc(aes))",
		  "authenc(hmac(sha256-avx2),virtio_crypto_aes_cbc)", "authenc",
		  1820, INSTANCE | ASYNC },
		{ "echainiv(authenc(hmac(sha256),cbc(aes)))",
		  "echainiv(authenc(hmac(sha256-avx2),virtio_crypto_aes_cbc))",
		  "echainiv", 3000, INSTANCE | ASYNC },
	};
	const char *sel[4] = {
		NULL,
		"echainiv(authenc(hmac(sha256-avx2),virtio_crypto_aes_cbc))"
	};
	const struct kb_doc_finding *f;
	struct kb_doc_report r = { 0 };
	struct kb_doc_esp_facts x;

	(void)state;
	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), sel);
	check(&r, &x, "x86_64", x86_cpuinfo);
	f = kb_doc_find(&r, "KB-ESP-STALE-INSTANCE");
	assert_non_null(f);
	assert_true(has_evidence(
		f, "built on virtio_crypto_aes_cbc (offload, priority 150)"));
	assert_true(has_evidence(
		f,
		"cbc-aes-aesni (AES instructions, module aesni_intel, priority 400) is registered"));
	assert_true(starts_with(
		f->fix, "kaesbench priority virtio_crypto_aes_cbc 150 ("));
	assert_null(kb_doc_find(&r, "KB-AESNI-ESP-GENERIC"));
	assert_string_equal(r.esp.line[1].engine, "offload");
	kb_doc_report_free(&r);
}

/*
 * AES-NI's cbc(aes) demoted below the generic instance (6.1's
 * cbc(aes-generic)): a chain made now is built on the best by priority,
 * so not stale, but it runs generic AES though AES-NI is registered.
 */
static void test_generic_while_demoted(void **state)
{
	static const struct row rows[] = {
		{ "aes", "aes-generic", "kernel", 100, 0 },
		{ "cbc(aes)", "cbc-aes-aesni", "aesni_intel", 1, ASYNC },
		{ "cbc(aes)", "cbc(aes-generic)", "cbc", 100, INSTANCE },
		{ "hmac(sha256)", "hmac(sha256-generic)", "kernel", 100,
		  INSTANCE },
		{ "authenc(hmac(sha256),cbc(aes))",
		  "authenc(hmac(sha256-generic),cbc(aes-generic))", "authenc",
		  1100, INSTANCE },
		{ "echainiv(authenc(hmac(sha256),cbc(aes)))",
		  "echainiv(authenc(hmac(sha256-generic),cbc(aes-generic)))",
		  "echainiv", 1100, INSTANCE },
	};
	const struct kb_doc_finding *f;
	struct kb_doc_report r = { 0 };
	struct kb_doc_esp_facts x;

	(void)state;
	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), NULL);
	x.count = 2;
	snprintf(x.tf[1].selected, sizeof(x.tf[1].selected), "%s",
		 "echainiv(authenc(hmac(sha256-generic),cbc(aes-generic)))");
	/* rfc4106: nothing to make it from here (no seqiv, say). */
	snprintf(x.tf[0].na, sizeof(x.tf[0].na), "the kernel cannot make it");
	check(&r, &x, "x86_64", x86_cpuinfo);
	assert_null(kb_doc_find(&r, "KB-ESP-STALE-INSTANCE"));
	f = kb_doc_find(&r, "KB-AESNI-ESP-GENERIC");
	assert_non_null(f);
	assert_true(has_evidence(
		f, "built on aes-generic (generic, priority 100)"));
	assert_true(has_evidence(
		f,
		"cbc-aes-aesni (AES instructions, module aesni_intel, priority 1) is registered"));
	/* As KB-AESNI-DEMOTED's fix, and the registered chain unregistered. */
	assert_true(starts_with(
		f->fix,
		"kaesbench priority cbc-aes-aesni 101; kaesbench priority 'cbc(aes-generic)' 100 ("));
	assert_string_equal(r.esp.line[0].na, "the kernel cannot make it");
	assert_string_equal(r.esp.line[1].finding, "KB-AESNI-ESP-GENERIC");
	kb_doc_report_free(&r);
}

/* arm64: its own id; no generic finding where the CPU has no AES. */
static void test_arm64(void **state)
{
	static const struct row rows[] = {
		{ "aes", "aes-generic", "kernel", 100, 0 },
		{ "aes", "aes-arm64", "kernel", 200, 0 },
		{ "aes", "aes-ce", "aes_ce_cipher", 250, 0 },
		{ "gcm(aes)", "gcm-aes-ce", "ghash_ce", 300, 0 },
		{ "rfc4106(gcm(aes))", "rfc4106-gcm-aes-ce", "ghash_ce", 300,
		  0 },
		{ "ghash", "ghash-generic", "kernel", 100, 0 },
		GENERIC_RFC4106(100),
	};
	const char *sel[4] = { STALE_RFC4106 };
	struct kb_doc_report r = { 0 };
	struct kb_doc_esp_facts x;

	(void)state;
	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), sel);
	x.count = 1;
	check(&r, &x, "aarch64", arm64_cpuinfo);
	assert_non_null(kb_doc_find(&r, "KB-ESP-STALE-INSTANCE"));
	assert_non_null(kb_doc_find(&r, "KB-ARMCE-ESP-GENERIC"));
	assert_null(kb_doc_find(&r, "KB-AESNI-ESP-GENERIC"));
	kb_doc_report_free(&r);

	/* A CPU without AES: stale still, but nothing to say of its AES. */
	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), sel);
	x.count = 1;
	check(&r, &x, "aarch64",
	      "processor\t: 0\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\n");
	assert_non_null(kb_doc_find(&r, "KB-ESP-STALE-INSTANCE"));
	assert_null(kb_doc_find(&r, "KB-ARMCE-ESP-GENERIC"));
	kb_doc_report_free(&r);
}

/* crypto_user missing, or a transform it would not build unprivileged. */
static void test_not_available(void **state)
{
	static const struct row rows[] = { X86_DRIVERS };
	struct kb_doc_report r = { 0 };
	struct kb_doc_esp_facts x;

	(void)state;
	memset(&x, 0, sizeof(x));
	snprintf(x.na, sizeof(x.na),
		 "the kernel's crypto_user interface is missing");
	check(&r, &x, "x86_64", x86_cpuinfo);
	assert_true(r.esp.examined);
	assert_string_equal(r.esp.na,
			    "the kernel's crypto_user interface is missing");
	assert_int_equal(r.count, 0);
	assert_int_equal(r.esp.count, 0);
	kb_doc_report_free(&r);

	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), NULL);
	snprintf(x.tf[2].na, sizeof(x.tf[2].na), "needs CAP_NET_ADMIN");
	check(&r, &x, "x86_64", x86_cpuinfo);
	/* The others' chains are not registered here: said, not judged. */
	assert_string_equal(r.esp.line[0].na,
			    "what the kernel selected is no longer registered");
	assert_string_equal(r.esp.line[2].na, "needs CAP_NET_ADMIN");
	assert_int_equal(r.count, 0);
	kb_doc_report_free(&r);
}

static char *printed(const struct kb_doc_report *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	assert_non_null(mem);
	kb_doc_print(mem, r);
	fclose(mem);
	return text;
}

static void test_output(void **state)
{
	static const struct row rows[] = { X86_DRIVERS, X86_NATURAL,
					   GENERIC_RFC4106(100) };
	const char *sel[4] = { STALE_RFC4106 };
	struct json_object *j, *esp, *arr, *item, *v;
	struct kb_doc_report r = { 0 };
	struct kb_doc_esp_facts x;
	char *text;

	(void)state;
	facts_of(&x, rows, sizeof(rows) / sizeof(rows[0]), sel);
	snprintf(x.tf[3].na, sizeof(x.tf[3].na), "needs CAP_NET_ADMIN");
	check(&r, &x, "x86_64", x86_cpuinfo);
	text = printed(&r);
	assert_non_null(strstr(
		text,
		"\nESP, what an SA made now gets:\n"
		"  rfc4106(gcm(aes)) -> " STALE_RFC4106
		" (priority 1000), built on aes-generic (generic, priority 100); better: rfc4106-gcm-aesni-avx (priority 500): KB-ESP-STALE-INSTANCE\n"
		"  authenc(hmac(sha256),cbc(aes)) -> echainiv(authenc(hmac(sha256-avx2),cbc-aes-aesni)) (priority 2070), built on cbc-aes-aesni (AES instructions, priority 400): the best registered\n"));
	assert_non_null(strstr(
		text, "  rfc4543(gcm(aes)): n/a: needs CAP_NET_ADMIN\n"));
	free(text);

	j = kb_doc_to_json(&r);
	assert_non_null(j);
	assert_true(json_object_object_get_ex(j, "esp", &esp));
	assert_true(json_object_object_get_ex(esp, "reason", &v));
	assert_null(v);
	json_object_object_get_ex(esp, "transforms", &arr);
	assert_int_equal(json_object_array_length(arr), 4);
	item = json_object_array_get_idx(arr, 0);
	json_object_object_get_ex(item, "finding", &v);
	assert_string_equal(json_object_get_string(v), "KB-ESP-STALE-INSTANCE");
	json_object_object_get_ex(item, "better_priority", &v);
	assert_int_equal(json_object_get_int(v), 500);
	json_object_object_get_ex(item, "registered_before", &v);
	assert_true(json_object_get_boolean(v));
	item = json_object_array_get_idx(arr, 1);
	json_object_object_get_ex(item, "finding", &v);
	assert_null(v);
	json_object_object_get_ex(item, "built_on", &v);
	assert_string_equal(json_object_get_string(v), "cbc-aes-aesni");
	item = json_object_array_get_idx(arr, 3);
	json_object_object_get_ex(item, "selected", &v);
	assert_null(v);
	json_object_object_get_ex(item, "reason", &v);
	assert_string_equal(json_object_get_string(v), "needs CAP_NET_ADMIN");
	json_object_put(j);
	kb_doc_report_free(&r);

	/* The whole part n/a: one line. */
	memset(&x, 0, sizeof(x));
	snprintf(x.na, sizeof(x.na), "no crypto_user");
	check(&r, &x, "x86_64", x86_cpuinfo);
	text = printed(&r);
	assert_non_null(strstr(
		text,
		"\nESP, what an SA made now gets: n/a: no crypto_user\n"));
	free(text);
	kb_doc_report_free(&r);

	/* Not examined (the sweep's section): no section, no member. */
	text = printed(&r);
	assert_null(strstr(text, "ESP"));
	free(text);
	j = kb_doc_to_json(&r);
	assert_false(json_object_object_get_ex(j, "esp", &v));
	json_object_put(j);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_built_on_the_best),
		cmocka_unit_test(test_stale_generic_instance),
		cmocka_unit_test(test_stale_raised_instance),
		cmocka_unit_test(test_stale_engine_chain),
		cmocka_unit_test(test_generic_while_demoted),
		cmocka_unit_test(test_arm64),
		cmocka_unit_test(test_not_available),
		cmocka_unit_test(test_output),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
