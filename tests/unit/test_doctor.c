// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's checks on synthetic machines: CPU flags, implementation
 * lists, module states, measurements and OpenSSL capability words built
 * here, so that every finding is reached whatever this host is. Also the
 * parsers of the files the facts come from, and the argument parsing of
 * `doctor` and `priority`.
 */

#define _GNU_SOURCE /* memmem() */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <linux/kaesbench.h>

#include "cmd/doctor.h"
#include "cmd/priority.h"
#include "doctor/check_env.h"
#include "doctor/check_kernel.h"
#include "doctor/check_measured.h"
#include "doctor/check_openssl.h"
#include "doctor/arch.h"
#include "doctor/check_priority.h"
#include "doctor/engine.h"
#include "doctor/facts.h"
#include "doctor/modules.h"
#include "doctor/proc_crypto.h"
#include "doctor/report.h"
#include "userspace/afalg.h"
#include "userspace/openssl_caps.h"
#include "base/options.h"

#define ASYNC KAESBENCH_IMPL_F_ASYNC
#define INTERNAL KAESBENCH_IMPL_F_INTERNAL
#define TESTED KAESBENCH_IMPL_F_TESTED
#define HW KAESBENCH_IMPL_F_HARDWARE
#define SEL KAESBENCH_IMPL_F_SELECTED

static const char x86_aes_flags[] =
	"processor\t: 0\n"
	"model name\t: QEMU TCG CPU version 2.5+\n"
	"flags\t\t: fpu sse2 pclmulqdq ssse3 aes avx avx2 vaes vpclmulqdq hypervisor\n"
	"\n"
	"processor\t: 1\n"
	"flags\t\t: fpu\n";

/* The CPU of @cpuinfo on a machine uname names @machine. */
static struct kb_doc_cpu cpu_on(const char *machine, const char *cpuinfo)
{
	struct kb_doc_cpu cpu;

	assert_int_equal(kb_doc_cpu_parse(cpuinfo, machine, &cpu), 0);
	return cpu;
}

static struct kb_doc_cpu cpu_of(const char *cpuinfo)
{
	return cpu_on("x86_64", cpuinfo);
}

/* A list of implementations from a table, strings not copied. */
struct row {
	const char *alg;
	const char *driver;
	const char *module;
	uint32_t priority;
	uint32_t flags;
};

static struct kb_impl_list list_of(struct kb_impl *impl, const struct row *rows,
				   size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		impl[i] =
			(struct kb_impl){ .alg_name = (char *)rows[i].alg,
					  .driver_name = (char *)rows[i].driver,
					  .module = (char *)rows[i].module,
					  .priority = rows[i].priority,
					  .flags = rows[i].flags | TESTED };
	return (struct kb_impl_list){ .impl = impl, .count = n };
}

/* 6.12 with aesni_intel loaded, as in the VM (no AVX-512). */
static const struct row loaded_rows[] = {
	{ "aes", "aes-aesni", "aesni_intel", 300, SEL },
	{ "aes", "aes-generic", "kernel", 100, 0 },
	{ "__cbc(aes)", "__cbc-aes-aesni", "aesni_intel", 400, INTERNAL },
	{ "cbc(aes)", "cbc-aes-aesni", "aesni_intel", 400, ASYNC | SEL },
	{ "cbc(aes)", "virtio_crypto_aes_cbc", "virtio_crypto", 150, ASYNC },
	{ "__ctr(aes)", "__ctr-aes-aesni", "aesni_intel", 400, INTERNAL },
	{ "ctr(aes)", "ctr-aes-aesni", "aesni_intel", 400, ASYNC | SEL },
	{ "__xts(aes)", "__xts-aes-vaes-avx2", "aesni_intel", 600, INTERNAL },
	{ "xts(aes)", "xts-aes-vaes-avx2", "aesni_intel", 600, ASYNC | SEL },
	{ "xts(aes)", "xts-aes-aesni-avx", "aesni_intel", 500, ASYNC },
	{ "__gcm(aes)", "__generic-gcm-aesni-avx", "aesni_intel", 500,
	  INTERNAL },
	{ "gcm(aes)", "generic-gcm-aesni-avx", "aesni_intel", 500,
	  ASYNC | SEL },
	{ "rfc4106(gcm(aes))", "rfc4106-gcm-aesni-avx", "aesni_intel", 500,
	  ASYNC | SEL },
};

/* The same machine without aesni_intel: only generic parts and virtio. */
static const struct row generic_rows[] = {
	{ "aes", "aes-generic", "kernel", 100, SEL },
	{ "cbc(aes)", "virtio_crypto_aes_cbc", "virtio_crypto", 150, ASYNC },
	{ "cbc(aes)", "cbc(aes-generic)", "kernel", 100, 0 },
	{ "ctr(aes)", "ctr(aes-generic)", "ctr", 100, SEL },
};

static struct kb_doc_modstate mod_state(int loaded, bool available)
{
	return (struct kb_doc_modstate){ .name = "aesni_intel",
					 .config = "CONFIG_CRYPTO_AES_NI_INTEL",
					 .release = "6.12.117+deb12-amd64",
					 .loaded = loaded,
					 .can_load = true,
					 .index = true,
					 .available = available };
}

/* The kernel checks on @rows, on an x86 CPU, @mod its one module or NULL. */
static void check_kernel(struct kb_doc_report *r, const char *cpuinfo,
			 const struct row *rows, size_t n,
			 const struct kb_doc_modstate *mod)
{
	struct kb_impl impl[32];
	struct kb_impl_list list = list_of(impl, rows, n);
	struct kb_doc_cpu cpu = cpu_of(cpuinfo);
	struct kb_doc_kernel k = { .impls = &list, .mod = mod, .mods = !!mod };

	kb_doc_check_kernel(r, &cpu, &k);
}

static bool has_evidence(const struct kb_doc_finding *f, const char *part)
{
	size_t i;

	for (i = 0; f && i < f->evidence_count; i++)
		if (strstr(f->evidence[i], part))
			return true;
	return false;
}

static void test_cpu_parse(void **state)
{
	struct kb_doc_cpu cpu = cpu_of(x86_aes_flags);
	char words[160];

	(void)state;
	assert_int_equal(cpu.arch, KB_ARCH_X86);
	assert_true(cpu.aes && cpu.pclmul && cpu.avx && cpu.avx2);
	assert_true(cpu.vaes && cpu.vpclmulqdq && cpu.hypervisor);
	assert_false(cpu.avx512f);
	assert_non_null(strstr(kb_doc_cpu_words(&cpu, words, sizeof(words)),
			       "aes yes"));
	/* "avx" must not match inside "avx2", nor "aes" inside "vaes". */
	cpu = cpu_of("flags : avx2 vaes\n");
	assert_false(cpu.avx || cpu.aes);
	assert_int_equal(kb_doc_cpu_parse("processor : 0\n", "x86_64", &cpu),
			 -1);
	assert_false(cpu.known);
	assert_int_equal(kb_doc_cpu_parse(NULL, "x86_64", &cpu), -1);
}

static void test_module_files(void **state)
{
	char what[128];

	(void)state;
	assert_true(kb_doc_modname_eq("aesni-intel", 11, "aesni_intel"));
	assert_false(kb_doc_modname_eq("aesni_intel2", 12, "aesni_intel"));
	assert_true(kb_doc_modlist_has(
		"kernel/crypto/aes_generic.ko\nkernel/arch/x86/crypto/aesni-intel.ko\n",
		"aesni_intel"));
	assert_true(kb_doc_modlist_has(
		"kernel/arch/x86/crypto/aesni-intel.ko.xz: kernel/crypto/cryptd.ko.xz\n",
		"aesni_intel"));
	/* A dependency is not the module itself. */
	assert_false(kb_doc_modlist_has(
		"kernel/crypto/foo.ko: kernel/arch/x86/crypto/aesni-intel.ko\n",
		"aesni_intel"));
	assert_false(kb_doc_modlist_has("", "aesni_intel"));

	assert_int_equal(kb_doc_conf_blacklists("# blacklist aesni_intel\n"
						"options foo bar=1\n"
						"blacklist  aesni-intel\n",
						"aesni_intel", what,
						sizeof(what)),
			 3);
	assert_string_equal(what, "blacklist  aesni-intel");
	assert_int_equal(
		kb_doc_conf_blacklists("install aesni_intel /bin/false\n",
				       "aesni_intel", what, sizeof(what)),
		1);
	assert_int_equal(
		kb_doc_conf_blacklists(
			"install aesni_intel /sbin/modprobe --ignore-install aesni_intel\n"
			"blacklist aesni_intel_x\n",
			"aesni_intel", what, sizeof(what)),
		0);

	assert_true(kb_doc_cmdline_blacklists(
		"ro quiet module_blacklist=nouveau,aesni_intel\n",
		"aesni_intel", what, sizeof(what)));
	assert_string_equal(what, "module_blacklist=nouveau,aesni_intel");
	assert_true(kb_doc_cmdline_blacklists("modprobe.blacklist=aesni-intel",
					      "aesni_intel", what,
					      sizeof(what)));
	assert_false(kb_doc_cmdline_blacklists(
		"module_blacklist=aesni_intel2 -- module_blacklist=aesni_intel",
		"aesni_intel", what, sizeof(what)));
}

static void test_proc_crypto(void **state)
{
	static const char text[] = "name         : cbc(aes)\n"
				   "driver       : cbc(aes-generic)\n"
				   "module       : kernel\n"
				   "priority     : 100\n"
				   "selftest     : passed\n"
				   "internal     : no\n"
				   "type         : skcipher\n"
				   "async        : no\n"
				   "\n"
				   "name         : cbc(aes)\n"
				   "driver       : virtio_crypto_aes_cbc\n"
				   "module       : virtio_crypto\n"
				   "priority     : 150\n"
				   "selftest     : passed\n"
				   "internal     : no\n"
				   "type         : skcipher\n"
				   "async        : yes\n"
				   "\n"
				   "name         : cbc(aes)\n"
				   "driver       : __cbc-aes-aesni\n"
				   "module       : aesni_intel\n"
				   "priority     : 400\n"
				   "selftest     : passed\n"
				   "internal     : yes\n"
				   "type         : skcipher\n"
				   "\n"
				   "name         : sha256\n"
				   "driver       : sha256-generic\n"
				   "module       : kernel\n"
				   "priority     : 100\n"
				   "selftest     : passed\n"
				   "type         : shash\n";
	struct kb_impl_list list = { 0 };
	const struct kb_impl *sel;

	(void)state;
	assert_int_equal(kb_doc_proc_crypto_parse(text, &list), 0);
	assert_int_equal(list.count, 3);
	sel = kb_doc_selected(&list, "cbc(aes)");
	assert_non_null(sel);
	/* The internal one is never handed out, however high its priority. */
	assert_string_equal(sel->driver_name, "virtio_crypto_aes_cbc");
	assert_true(sel->flags & ASYNC);
	assert_string_equal(sel->module, "virtio_crypto");
	assert_int_equal(sel->priority, 150);
	assert_true(list.impl[2].flags & INTERNAL);
	kb_impl_list_free(&list);
}

/*
 * A name the module could not resolve in time (a driver slow to set up):
 * the doctor ranks as the crypto API would, rather than reading it as
 * "nothing registered", and never ranks an internal or untested one.
 */
static void test_selection_unknown_ranked(void **state)
{
	struct kb_impl impl[] = {
		{ .alg_name = "cbc(aes)",
		  .driver_name = "cbc-aes-aesni",
		  .priority = 400,
		  .flags = TESTED | KAESBENCH_IMPL_F_SELECTION_UNKNOWN },
		{ .alg_name = "cbc(aes)",
		  .driver_name = "__cbc-aes-aesni",
		  .priority = 900,
		  .flags = TESTED | INTERNAL |
			   KAESBENCH_IMPL_F_SELECTION_UNKNOWN },
		{ .alg_name = "cbc(aes)",
		  .driver_name = "cbc-aes-slow",
		  .priority = 9000,
		  .flags = KAESBENCH_IMPL_F_SELECTION_UNKNOWN },
		{ .alg_name = "cbc(aes)",
		  .driver_name = "cbc(aes-generic)",
		  .priority = 100,
		  .flags = TESTED | KAESBENCH_IMPL_F_SELECTION_UNKNOWN },
	};
	struct kb_impl_list list = { .impl = impl, .count = 4 };
	const struct kb_impl *sel;

	(void)state;
	sel = kb_doc_selected(&list, "cbc(aes)");
	assert_non_null(sel);
	assert_string_equal(sel->driver_name, "cbc-aes-aesni");
	assert_int_equal(kb_impl_selected(sel), -1);
	/* Flagged selected, it wins whatever the others are. */
	impl[3].flags = TESTED | SEL;
	assert_string_equal(kb_doc_selected(&list, "cbc(aes)")->driver_name,
			    "cbc(aes-generic)");
	assert_int_equal(kb_impl_selected(&impl[3]), 1);
	assert_int_equal(kb_impl_selected(&impl[2]), -1);
}

static void test_engine(void **state)
{
	struct kb_impl impl[32];
	struct kb_impl_list list =
		list_of(impl, loaded_rows,
			sizeof(loaded_rows) / sizeof(loaded_rows[0]));
	struct kb_impl qat = { .alg_name = "cbc(aes)",
			       .driver_name = "cbc-aes-qat",
			       .module = "intel_qat",
			       .flags = ASYNC | HW };
	struct kb_impl cryptd = { .alg_name = "cbc(aes)",
				  .driver_name = "cryptd(cbc(aes-generic))",
				  .module = "cryptd",
				  .flags = ASYNC };

	(void)state;
	assert_int_equal(kb_doc_engine(&impl[3], &list), KB_ENGINE_AES_INSNS);
	/* virtio-crypto does not set CRYPTO_ALG_KERN_DRIVER_ONLY. */
	assert_int_equal(kb_doc_engine(&impl[4], &list), KB_ENGINE_OFFLOAD);
	assert_int_equal(kb_doc_engine(&qat, &list), KB_ENGINE_OFFLOAD);
	/* Asynchronous, but a template instance: it runs what it wraps. */
	assert_int_equal(kb_doc_engine(&cryptd, &list), KB_ENGINE_GENERIC);
	cryptd.driver_name = "cryptd(__cbc-aes-aesni)";
	assert_int_equal(kb_doc_engine(&cryptd, &list), KB_ENGINE_AES_INSNS);
	assert_int_equal(kb_doc_engine(&impl[1], &list), KB_ENGINE_GENERIC);
	assert_true(kb_doc_aes_name("rfc4106(gcm(aes))"));
	assert_false(kb_doc_aes_name("aes256"));
	assert_false(kb_doc_aes_name("drbg_nopr_ctr_aes128"));
	assert_int_equal(kb_doc_typical_size("cbc(aes)"), 1424);
	assert_int_equal(kb_doc_typical_size("gcm(aes)"), 1420);
}

static void test_aesni_in_use(void **state)
{
	struct kb_doc_modstate mod = mod_state(1, true);
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	check_kernel(&r, x86_aes_flags, loaded_rows,
		     sizeof(loaded_rows) / sizeof(loaded_rows[0]), &mod);
	f = kb_doc_find(&r, "KB-AESNI-IN-USE");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_INFO);
	assert_true(has_evidence(f, "cbc(aes) -> cbc-aes-aesni"));
	assert_true(has_evidence(f, "xts(aes) -> xts-aes-vaes-avx2"));
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_OK);
	kb_doc_report_free(&r);
}

static void test_module_not_loaded(void **state)
{
	struct kb_doc_modstate mod = mod_state(0, true);
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	check_kernel(&r, x86_aes_flags, generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &mod);
	f = kb_doc_find(&r, "KB-AESNI-MODULE-NOT-LOADED");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_WARNING);
	assert_non_null(strstr(f->summary, "aesni_intel"));
	assert_non_null(strstr(f->fix, "modprobe aesni_intel"));
	assert_true(has_evidence(f, "ctr(aes) -> ctr(aes-generic)"));
	/* Nothing registered: the template over the generic cipher. */
	assert_true(has_evidence(f, "xts(aes): nothing registered"));
	assert_null(kb_doc_find(&r, "KB-AESNI-IN-USE"));
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_ERROR);
	kb_doc_report_free(&r);
}

static void test_module_blacklisted(void **state)
{
	struct kb_doc_modstate mod = mod_state(0, true);
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	snprintf(mod.blacklist, sizeof(mod.blacklist),
		 "/etc/modprobe.d/kb.conf:1: blacklist aesni_intel");
	check_kernel(&r, x86_aes_flags, generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &mod);
	f = kb_doc_find(&r, "KB-AESNI-MODULE-BLACKLISTED");
	assert_non_null(f);
	assert_true(has_evidence(f, "/etc/modprobe.d/kb.conf:1"));
	assert_non_null(strstr(f->fix, "modprobe aesni_intel"));
	assert_null(kb_doc_find(&r, "KB-AESNI-MODULE-NOT-LOADED"));
	kb_doc_report_free(&r);
}

/* On the kernel command line: the fix is the boot loader's, and a reboot. */
static void test_module_blacklisted_cmdline(void **state)
{
	struct kb_doc_modstate mod = mod_state(0, true);
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	snprintf(mod.blacklist, sizeof(mod.blacklist),
		 KB_DOC_CMDLINE_BLACKLIST
		 "module_blacklist=nouveau,aesni_intel");
	check_kernel(&r, x86_aes_flags, generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &mod);
	f = kb_doc_find(&r, "KB-AESNI-MODULE-BLACKLISTED");
	assert_non_null(f);
	assert_true(has_evidence(
		f,
		"kernel command line: module_blacklist=nouveau,aesni_intel"));
	assert_non_null(strstr(
		f->fix,
		"remove module_blacklist=nouveau,aesni_intel from the kernel command line"));
	assert_non_null(strstr(f->fix, "reboot"));
	kb_doc_report_free(&r);
}

static void test_module_not_built(void **state)
{
	struct kb_doc_modstate mod = mod_state(0, false);
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	check_kernel(&r, x86_aes_flags, generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &mod);
	f = kb_doc_find(&r, "KB-AESNI-MODULE-NOT-BUILT");
	assert_non_null(f);
	assert_non_null(strstr(f->fix, "CONFIG_CRYPTO_AES_NI_INTEL"));
	/* A kernel without module support needs it built in. */
	kb_doc_report_free(&r);
	mod.can_load = false;
	mod.index = false;
	check_kernel(&r, x86_aes_flags, generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &mod);
	f = kb_doc_find(&r, "KB-AESNI-MODULE-NOT-BUILT");
	assert_non_null(f);
	assert_non_null(strstr(f->fix, "=y"));
	kb_doc_report_free(&r);
}

/*
 * The module is there, yet registered nothing: blame neither loading nor
 * building. Unknown module state: say what is handed out, no fix.
 */
static void test_aesni_not_selected(void **state)
{
	struct kb_doc_modstate mod = mod_state(1, true);
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	check_kernel(&r, x86_aes_flags, generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &mod);
	f = kb_doc_find(&r, "KB-AESNI-NOT-SELECTED");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_WARNING);
	assert_non_null(strstr(f->summary, "aesni_intel is loaded"));
	assert_non_null(strstr(f->fix, "dmesg"));
	assert_true(has_evidence(f, "ctr(aes) -> ctr(aes-generic)"));
	assert_null(kb_doc_find(&r, "KB-AESNI-MODULE-NOT-LOADED"));
	assert_null(kb_doc_find(&r, "KB-AESNI-DEMOTED"));
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_ERROR);
	kb_doc_report_free(&r);
	mod = mod_state(0, true);
	mod.builtin = true;
	check_kernel(&r, x86_aes_flags, generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &mod);
	f = kb_doc_find(&r, "KB-AESNI-NOT-SELECTED");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "built in"));
	kb_doc_report_free(&r);
	check_kernel(&r, x86_aes_flags, generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), NULL);
	f = kb_doc_find(&r, "KB-AESNI-NOT-SELECTED");
	assert_non_null(f);
	assert_null(f->fix);
	assert_true(has_evidence(f, "xts(aes): nothing registered"));
	kb_doc_report_free(&r);
}

static void test_hypervisor_hides_aes(void **state)
{
	struct kb_doc_modstate mod = mod_state(0, true);
	struct kb_doc_report r = { 0 };

	(void)state;
	check_kernel(&r, "flags : fpu sse2 hypervisor\n", generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &mod);
	assert_non_null(kb_doc_find(&r, "KB-HYPERVISOR-HIDES-AES"));
	/* No AES-NI to miss: the module is not blamed. */
	assert_null(kb_doc_find(&r, "KB-AESNI-MODULE-NOT-LOADED"));
	kb_doc_report_free(&r);
	check_kernel(&r, "flags : fpu sse2\n", generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &mod);
	assert_non_null(kb_doc_find(&r, "KB-CPU-NO-AES"));
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_OK);
	kb_doc_report_free(&r);
}

static void test_demoted_and_offload(void **state)
{
	static const struct row rows[] = {
		{ "aes", "aes-aesni", "aesni_intel", 300, SEL },
		{ "cbc(aes)", "virtio_crypto_aes_cbc", "virtio_crypto", 10000,
		  ASYNC | SEL },
		{ "cbc(aes)", "cbc-aes-aesni", "aesni_intel", 400, ASYNC },
		{ "__cbc(aes)", "__cbc-aes-aesni", "aesni_intel", 400,
		  INTERNAL },
		{ "ctr(aes)", "ctr(aes-generic)", "ctr", 500, SEL },
		{ "ctr(aes)", "ctr-aes-aesni", "aesni_intel", 400, ASYNC },
		{ "__ctr(aes)", "__ctr-aes-aesni", "aesni_intel", 400,
		  INTERNAL },
	};
	struct kb_doc_modstate mod = mod_state(1, true);
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	check_kernel(&r, x86_aes_flags, rows, sizeof(rows) / sizeof(rows[0]),
		     &mod);
	f = kb_doc_find(&r, "KB-AESNI-DEMOTED");
	assert_non_null(f);
	assert_string_equal(f->fix, "kaesbench priority ctr-aes-aesni 501");
	f = kb_doc_find(&r, "KB-OFFLOAD-SELECTED");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "virtio_crypto_aes_cbc"));
	assert_true(has_evidence(f, "flags: async"));
	kb_doc_report_free(&r);
}

/* Linux 7.2: AF_ALG deprecated, software only; before it, nothing said. */
static void test_afalg_software_only(void **state)
{
	static const struct row rows[] = {
		{ "aes", "aes-lib", "kernel", 100, SEL },
		{ "cbc(aes)", "virtio_crypto_aes_cbc", "virtio_crypto", 10000,
		  ASYNC | SEL },
		{ "cbc(aes)", "cbc-aes-aesni", "aesni_intel", 400, 0 },
	};
	struct kb_doc_modstate mod = mod_state(1, true);
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;
	struct kb_afalg_state st;

	(void)state;
	check_kernel(&r, x86_aes_flags, rows, sizeof(rows) / sizeof(rows[0]),
		     &mod);
	assert_null(kb_doc_find(&r, "KB-AFALG-SOFTWARE-ONLY"));
	f = kb_doc_find(&r, "KB-OFFLOAD-SELECTED");
	assert_non_null(f);
	assert_false(has_evidence(f, "in-kernel users only"));
	kb_doc_report_free(&r);

	snprintf(mod.release, sizeof(mod.release), "7.2.13+deb14-amd64");
	check_kernel(&r, x86_aes_flags, rows, sizeof(rows) / sizeof(rows[0]),
		     &mod);
	f = kb_doc_find(&r, "KB-AFALG-SOFTWARE-ONLY");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_INFO);
	assert_non_null(strstr(f->summary, "deprecated on Linux 7.2.13"));
	assert_true(has_evidence(
		f,
		"virtio_crypto_aes_cbc (cbc(aes), virtio_crypto): not offered"));
	assert_false(has_evidence(f, "cbc-aes-aesni"));
	/* Nothing to load or bind on the AF_ALG side. */
	assert_null(strstr(f->fix, "modprobe"));
	f = kb_doc_find(&r, "KB-OFFLOAD-SELECTED");
	assert_non_null(f);
	assert_true(has_evidence(f, "in-kernel users only"));
	kb_doc_report_free(&r);

	kb_afalg_state_of("6.12.117+deb12-amd64", &st);
	assert_true(st.known);
	assert_false(st.software_only);
	kb_afalg_state_of("7.1.0", &st);
	assert_false(st.deprecated);
	kb_afalg_state_of("7.2.0-rc1", &st);
	assert_true(st.software_only && st.deprecated);
	kb_afalg_state_of("8.0.1", &st);
	assert_true(st.software_only);
	kb_afalg_state_of("garbage", &st);
	assert_false(st.known || st.software_only);
}

/* Linux 7.3's af_alg_restrict: said at 1 and 2, with the way back. */
static void test_afalg_restricted(void **state)
{
	static const struct row rows[] = {
		{ "cbc(aes)", "cbc-aes-aesni", "aesni_intel", 400, SEL },
	};
	struct kb_impl impl[1];
	struct kb_impl_list list = list_of(impl, rows, 1);
	struct kb_doc_cpu cpu = cpu_of(x86_aes_flags);
	struct kb_doc_kernel k = { .impls = &list };
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;
	struct kb_afalg_state st;

	(void)state;
	kb_doc_check_kernel(&r, &cpu, &k);
	assert_null(kb_doc_find(&r, "KB-AFALG-RESTRICTED"));
	kb_doc_report_free(&r);

	k.afalg_restriction = 1;
	kb_doc_check_kernel(&r, &cpu, &k);
	f = kb_doc_find(&r, "KB-AFALG-RESTRICTED");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_INFO);
	assert_non_null(
		strstr(f->summary,
		       "restricted by /proc/sys/crypto/af_alg_restrict (1)"));
	assert_non_null(
		strstr(f->summary, "only the driver the kernel hands out"));
	assert_non_null(strstr(f->fix, "sysctl crypto.af_alg_restrict=0"));
	kb_doc_report_free(&r);

	k.afalg_restriction = 2;
	kb_doc_check_kernel(&r, &cpu, &k);
	f = kb_doc_find(&r, "KB-AFALG-RESTRICTED");
	assert_non_null(f);
	assert_non_null(
		strstr(f->summary,
		       "disabled by /proc/sys/crypto/af_alg_restrict (2)"));
	kb_doc_report_free(&r);

	/* From a release alone, the sysctl is not known. */
	kb_afalg_state_of("7.3.0-rc7", &st);
	assert_int_equal(st.restriction, -1);
}

static void test_vaes(void **state)
{
	static const struct row old[] = {
		{ "xts(aes)", "xts-aes-aesni", "aesni_intel", 401,
		  ASYNC | SEL },
		{ "__xts(aes)", "__xts-aes-aesni", "aesni_intel", 401,
		  INTERNAL },
	};
	static const struct row demoted[] = {
		{ "xts(aes)", "xts-aes-vaes-avx10_256", "aesni_intel", 700,
		  ASYNC | SEL },
		{ "xts(aes)", "xts-aes-vaes-avx10_512", "aesni_intel", 1,
		  ASYNC },
	};
	/* Newer kernels: no AVX10/256 code, the 512-bit one renamed. */
	static const struct row renamed[] = {
		{ "xts(aes)", "xts-aes-vaes-avx2", "aesni_intel", 600,
		  ASYNC | SEL },
		{ "xts(aes)", "xts-aes-vaes-avx512", "aesni_intel", 1, ASYNC },
		{ "gcm(aes)", "generic-gcm-vaes-avx2", "aesni_intel", 600,
		  ASYNC | SEL },
		{ "gcm(aes)", "generic-gcm-vaes-avx512", "aesni_intel", 1,
		  ASYNC },
	};
	/* Not demoted: 800, its priority on CPUs that keep their clock. */
	static const struct row kept[] = {
		{ "xts(aes)", "xts-aes-vaes-avx512", "aesni_intel", 800,
		  ASYNC | SEL },
	};
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	check_kernel(&r, x86_aes_flags, old, 2, NULL);
	assert_non_null(kb_doc_find(&r, "KB-VAES-UNUSED"));
	kb_doc_report_free(&r);
	check_kernel(&r, x86_aes_flags, demoted, 2, NULL);
	assert_null(kb_doc_find(&r, "KB-VAES-UNUSED"));
	assert_true(has_evidence(kb_doc_find(&r, "KB-VAES-DEMOTED"),
				 "xts-aes-vaes-avx10_512 has priority 1"));
	kb_doc_report_free(&r);
	check_kernel(&r, x86_aes_flags, renamed, 4, NULL);
	f = kb_doc_find(&r, "KB-VAES-DEMOTED");
	assert_non_null(f);
	assert_int_equal(f->evidence_count, 2);
	assert_true(has_evidence(f, "xts-aes-vaes-avx512 has priority 1"));
	assert_true(has_evidence(f, "generic-gcm-vaes-avx512 has priority 1"));
	kb_doc_report_free(&r);
	check_kernel(&r, x86_aes_flags, kept, 1, NULL);
	assert_null(kb_doc_find(&r, "KB-VAES-DEMOTED"));
	kb_doc_report_free(&r);
}

static void test_env(void **state)
{
	struct kb_doc_cpu cpu = cpu_of(x86_aes_flags);
	struct kb_doc_env env = { .hv_vendor = "TCGTCGTCGTCG",
				  .sys_vendor = "QEMU",
				  .governor = "powersave",
				  .boost = 1,
				  .boost_source = "no_turbo: 0" };
	struct kb_doc_report r = { 0 };

	(void)state;
	kb_doc_check_env(&r, &cpu, &env);
	assert_int_equal(kb_doc_find(&r, "KB-EMULATED")->severity,
			 KB_DOC_WARNING);
	assert_null(kb_doc_find(&r, "KB-VIRTUALIZED"));
	assert_non_null(kb_doc_find(&r, "KB-CPUFREQ-GOVERNOR"));
	assert_non_null(kb_doc_find(&r, "KB-TURBO-ON"));
	kb_doc_report_free(&r);
	snprintf(env.hv_vendor, sizeof(env.hv_vendor), "KVMKVMKVM");
	snprintf(env.governor, sizeof(env.governor), "performance");
	env.boost = 0;
	kb_doc_check_env(&r, &cpu, &env);
	assert_int_equal(r.count, 1);
	assert_non_null(kb_doc_find(&r, "KB-VIRTUALIZED"));
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_OK);
	kb_doc_report_free(&r);
}

/* arm64 under TCG: no CPUID leaf, MIDR_EL1's implementer 0x00 says so. */
static void test_env_arm64_tcg(void **state)
{
	struct kb_doc_cpu cpu = cpu_on("aarch64",
				       "processor\t: 0\n"
				       "Features\t: fp asimd aes pmull\n"
				       "CPU implementer\t: 0x00\n"
				       "CPU part\t: 0x051\n");
	struct kb_doc_env env = { .governor = "performance" };
	struct kb_doc_report r = { 0 };

	(void)state;
	assert_true(cpu.emulated);
	kb_doc_check_env(&r, &cpu, &env);
	assert_int_equal(kb_doc_find(&r, "KB-EMULATED")->severity,
			 KB_DOC_WARNING);
	kb_doc_report_free(&r);
	cpu = cpu_on("aarch64", "processor\t: 0\n"
				"Features\t: fp asimd aes pmull\n"
				"CPU implementer\t: 0x41\n"
				"CPU part\t: 0xd0c\n");
	assert_false(cpu.emulated);
	kb_doc_check_env(&r, &cpu, &env);
	assert_null(kb_doc_find(&r, "KB-EMULATED"));
	kb_doc_report_free(&r);
}

/* The reason a check gives for not running, or NULL if it ran. */
static const char *skipped(const struct kb_doc_report *r, const char *check)
{
	size_t i;

	for (i = 0; i < r->skips; i++)
		if (!strcmp(r->skip[i].check, check))
			return r->skip[i].why;
	return NULL;
}

/* No cpufreq, as in a VM: the clock cannot be judged, and it says so. */
static void test_env_unknown_clock(void **state)
{
	struct kb_doc_cpu cpu = cpu_of(x86_aes_flags);
	struct kb_doc_env env = { .boost = -1 };
	struct kb_doc_report r = { 0 };

	(void)state;
	kb_doc_check_env(&r, &cpu, &env);
	assert_null(kb_doc_find(&r, "KB-CPUFREQ-GOVERNOR"));
	assert_null(kb_doc_find(&r, "KB-TURBO-ON"));
	assert_non_null(strstr(skipped(&r, "the cpufreq governor"),
			       "no cpufreq driver"));
	assert_non_null(strstr(skipped(&r, "turbo"), "cpufreq/boost"));
	assert_int_equal(r.skips, 2);
	kb_doc_report_free(&r);
	/* A governor that cannot be read is unknown too. */
	env.cpufreq = true;
	kb_doc_check_env(&r, &cpu, &env);
	assert_non_null(strstr(skipped(&r, "the cpufreq governor"),
			       "scaling_governor cannot be read"));
	kb_doc_report_free(&r);
	/* Known, both: no line. */
	snprintf(env.governor, sizeof(env.governor), "performance");
	env.boost = 0;
	kb_doc_check_env(&r, &cpu, &env);
	assert_int_equal(r.skips, 0);
	kb_doc_report_free(&r);
}

static struct kb_doc_rate rate(const char *driver, uint32_t prio, bool sel,
			       enum kb_doc_engine e, double min, double median,
			       double max)
{
	return (struct kb_doc_rate){ .driver = driver,
				     .priority = prio,
				     .selected = sel,
				     .engine = e,
				     .depth = 1,
				     .samples = 5,
				     .median = median,
				     .min = min,
				     .max = max };
}

/*
 * arm64: Debian 12's arm64 6.12 in qemu -cpu max. Its cpuinfo has
 * "Features", not "flags", and sveaes, which is not aes.
 */
static const char arm64_ce_features[] =
	"processor\t: 0\n"
	"BogoMIPS\t: 2000.00\n"
	"Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm sha3 sm3 sm4 asimddp sha512 sve sveaes svepmull rng bti\n"
	"CPU implementer\t: 0x00\n"
	"\n"
	"processor\t: 1\n"
	"Features\t: fp asimd\n";
static const char arm64_no_ce_features[] =
	"processor\t: 0\n"
	"Features\t: fp asimd evtstrm crc32 cpuid sveaes\n";

/* Whether a finding's id starts with @prefix. */
static bool any_id(const struct kb_doc_report *r, const char *prefix)
{
	size_t i;

	for (i = 0; i < r->count; i++)
		if (!strncmp(r->finding[i].id, prefix, strlen(prefix)))
			return true;
	return false;
}

/* No x86 finding on arm64, no arm64 one on x86. */
static void only_arch_ids(const struct kb_doc_report *r, enum kb_doc_arch arch)
{
	if (arch == KB_ARCH_ARM64) {
		assert_false(any_id(r, "KB-AESNI-"));
		assert_false(any_id(r, "KB-VAES-"));
		assert_false(any_id(r, "KB-OPENSSL-AESNI-"));
		assert_false(any_id(r, "KB-OPENSSL-VAES-"));
		assert_false(any_id(r, "KB-OPENSSL-NO-AESNI"));
	} else {
		assert_false(any_id(r, "KB-ARMCE-"));
		assert_false(any_id(r, "KB-OPENSSL-ARMV8-"));
		assert_false(any_id(r, "KB-OPENSSL-NO-ARMV8-"));
	}
}

/*
 * The AES entries of /proc/crypto on that machine, as `kaesbench list`
 * shows them (tests/unit/data/proc-crypto-arm64-6.12.txt), without the
 * entries of the modules @gone: as if they were not loaded.
 */
static char *arm64_proc_crypto(const char *const *gone, size_t n)
{
	char *text = kb_doc_read(KB_TEST_DATA "/proc-crypto-arm64-6.12.txt",
				 1 << 20);
	char *in, *out, *block, module[64];
	size_t len, i;
	bool keep;

	assert_non_null(text);
	out = text;
	for (in = text; *in; in += len) {
		block = in;
		len = strstr(in, "\n\n") ?
			      (size_t)(strstr(in, "\n\n") - in) + 2 :
			      strlen(in);
		keep = true;
		for (i = 0; i < n; i++) {
			snprintf(module, sizeof(module), "module       : %s\n",
				 gone[i]);
			if (memmem(block, len, module, strlen(module)))
				keep = false;
		}
		if (keep) {
			memmove(out, block, len);
			out += len;
		}
	}
	*out = '\0';
	return text;
}

/* aes_ce_blk and aes_ce_cipher, loaded or not, installed. */
static void ce_mods(struct kb_doc_modstate *m, int loaded)
{
	static const char *const name[] = { "aes_ce_blk", "aes_ce_cipher" };
	static const char *const config[] = { "CONFIG_CRYPTO_AES_ARM64_CE_BLK",
					      "CONFIG_CRYPTO_AES_ARM64_CE" };
	size_t i;

	for (i = 0; i < 2; i++)
		m[i] = (struct kb_doc_modstate){ .name = name[i],
						 .config = config[i],
						 .release =
							 "6.12.48+deb12-arm64",
						 .loaded = loaded,
						 .can_load = true,
						 .index = true,
						 .available = true };
}

/* The kernel checks on arm64, with /proc/crypto without @gone. */
static void check_arm64(struct kb_doc_report *r, const char *cpuinfo,
			const char *const *gone, size_t n,
			const struct kb_doc_modstate *mod)
{
	struct kb_impl_list list = { 0 };
	struct kb_doc_cpu cpu = cpu_on("aarch64", cpuinfo);
	struct kb_doc_kernel k = {
		.impls = &list, .inferred = true, .mod = mod, .mods = 2
	};
	char *text = arm64_proc_crypto(gone, n);

	assert_int_equal(kb_doc_proc_crypto_parse(text, &list), 0);
	free(text);
	kb_doc_check_kernel(r, &cpu, &k);
	only_arch_ids(r, KB_ARCH_ARM64);
	kb_impl_list_free(&list);
}

static void test_arch(void **state)
{
	struct kb_doc_cpu cpu;

	(void)state;
	assert_int_equal(kb_doc_arch_of("x86_64"), KB_ARCH_X86);
	assert_int_equal(kb_doc_arch_of("i686"), KB_ARCH_X86);
	assert_int_equal(kb_doc_arch_of("aarch64"), KB_ARCH_ARM64);
	assert_int_equal(kb_doc_arch_of("armv8l"), KB_ARCH_OTHER);
	assert_int_equal(kb_doc_arch_of("riscv64"), KB_ARCH_OTHER);
	assert_int_equal(kb_doc_arch_of(NULL), KB_ARCH_OTHER);
	assert_null(kb_doc_arch_names(KB_ARCH_OTHER));
	assert_string_equal(kb_doc_arch_names(KB_ARCH_ARM64)->module[0].name,
			    "aes_ce_blk");

	/* The architecture is uname's: arm64 reads Features, x86 flags. */
	cpu = cpu_on("aarch64", arm64_ce_features);
	assert_int_equal(cpu.arch, KB_ARCH_ARM64);
	assert_string_equal(cpu.machine, "aarch64");
	assert_true(cpu.aes && cpu.pclmul);
	assert_false(cpu.hypervisor);
	cpu = cpu_on("aarch64", arm64_no_ce_features);
	assert_false(cpu.aes || cpu.pclmul);
	assert_int_equal(kb_doc_cpu_parse(arm64_ce_features, "x86_64", &cpu),
			 -1);
	assert_int_equal(kb_doc_cpu_parse(x86_aes_flags, "aarch64", &cpu), -1);
	/* A machine the doctor does not know: said, not judged. */
	assert_int_equal(
		kb_doc_cpu_parse("isa : rv64imafdc\n", "riscv64", &cpu), -1);
	assert_int_equal(cpu.arch, KB_ARCH_OTHER);
	assert_string_equal(cpu.machine, "riscv64");
	/* Without uname, the line decides. */
	cpu = cpu_on(NULL, arm64_ce_features);
	assert_int_equal(cpu.arch, KB_ARCH_ARM64);
	cpu = cpu_on(NULL, x86_aes_flags);
	assert_int_equal(cpu.arch, KB_ARCH_X86);
}

static void test_arm64_engine(void **state)
{
	static const char *const insns[] = {
		"cbc-aes-ce",	      "gcm-aes-ce",
		"rfc4106-gcm-aes-ce", "essiv-cbc-aes-sha256-ce",
		"cbc(aes-ce)",	      "gcm_base(ctr-aes-ce,ghash-generic)",
	};
	static const char *const generic[] = {
		"cbc-aes-neonbs", "cts-cbc-aes-neon", "aes-arm64",
		"aes-generic",	  "cbc(aes-generic)",
	};
	struct kb_impl impl = { .alg_name = "cbc(aes)", .module = "x" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(insns) / sizeof(*insns); i++) {
		impl.driver_name = (char *)insns[i];
		assert_int_equal(kb_doc_engine(&impl, NULL),
				 KB_ENGINE_AES_INSNS);
	}
	for (i = 0; i < sizeof(generic) / sizeof(*generic); i++) {
		impl.driver_name = (char *)generic[i];
		assert_int_equal(kb_doc_engine(&impl, NULL), KB_ENGINE_GENERIC);
	}
	/* modules.dep names files with '-'; a dependency is not the module. */
	assert_true(kb_doc_modlist_has(
		"kernel/arch/arm64/crypto/aes-ce-blk.ko.xz: kernel/arch/arm64/crypto/aes-ce-cipher.ko.xz\n",
		"aes_ce_blk"));
	assert_false(kb_doc_modlist_has(
		"kernel/arch/arm64/crypto/aes-ce-blk.ko.xz: kernel/arch/arm64/crypto/aes-ce-cipher.ko.xz\n",
		"aes_ce_cipher"));
}

static void test_armce_in_use(void **state)
{
	struct kb_doc_modstate mod[2];
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	ce_mods(mod, 1);
	check_arm64(&r, arm64_ce_features, NULL, 0, mod);
	f = kb_doc_find(&r, "KB-ARMCE-IN-USE");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_INFO);
	assert_non_null(strstr(f->summary, "ARMv8 Crypto Extensions"));
	assert_true(has_evidence(
		f,
		"cbc(aes) -> cbc-aes-ce (AES instructions, module aes_ce_blk, priority 300)"));
	assert_true(has_evidence(f, "xts(aes) -> xts-aes-ce"));
	assert_true(has_evidence(f, "gcm(aes) -> gcm-aes-ce"));
	assert_true(has_evidence(f, "rfc4106(gcm(aes)) -> rfc4106-gcm-aes-ce"));
	assert_true(has_evidence(f, "inferred from /proc/crypto"));
	/* virtio-crypto at 150 is registered, not selected. */
	assert_null(kb_doc_find(&r, "KB-OFFLOAD-SELECTED"));
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_OK);
	kb_doc_report_free(&r);
}

static void test_armce_module_not_loaded(void **state)
{
	static const char *const blk[] = { "aes_ce_blk" };
	static const char *const both[] = { "aes_ce_blk", "aes_ce_cipher",
					    "aes_ce_ccm" };
	struct kb_doc_modstate mod[2];
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	/* aes_ce_blk out: the NEON bit-sliced code takes cbc, ctr and xts. */
	ce_mods(mod, 1);
	mod[0].loaded = 0;
	check_arm64(&r, arm64_ce_features, blk, 1, mod);
	f = kb_doc_find(&r, "KB-ARMCE-MODULE-NOT-LOADED");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_WARNING);
	assert_non_null(strstr(f->summary, "the module aes_ce_blk is not"));
	assert_true(has_evidence(
		f, "aes_ce_blk is not in /proc/modules, though modules.dep"));
	assert_true(has_evidence(
		f,
		"cbc(aes) -> cbc-aes-neonbs (generic, module aes_neon_bs, priority 250)"));
	assert_true(has_evidence(f, "xts(aes) -> xts-aes-neonbs"));
	/* gcm is ghash_ce's, still there. */
	assert_false(has_evidence(f, "gcm(aes)"));
	assert_non_null(strstr(f->fix, "modprobe aes_ce_blk "));
	assert_null(kb_doc_find(&r, "KB-ARMCE-IN-USE"));
	kb_doc_report_free(&r);

	/* Both out: one modprobe for both. */
	ce_mods(mod, 0);
	check_arm64(&r, arm64_ce_features, both, 3, mod);
	f = kb_doc_find(&r, "KB-ARMCE-MODULE-NOT-LOADED");
	assert_non_null(f);
	assert_non_null(
		strstr(f->summary, "modules aes_ce_blk and aes_ce_cipher are"));
	assert_true(has_evidence(f, "aes_ce_cipher is not in /proc/modules"));
	assert_non_null(strstr(f->fix, "modprobe -a aes_ce_blk aes_ce_cipher"));
	kb_doc_report_free(&r);
}

static void test_armce_module_blacklisted(void **state)
{
	static const char *const blk[] = { "aes_ce_blk" };
	struct kb_doc_modstate mod[2];
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;
	char what[64];

	(void)state;
	assert_int_equal(kb_doc_conf_blacklists("blacklist aes-ce-blk\n",
						"aes_ce_blk", what,
						sizeof(what)),
			 1);
	ce_mods(mod, 1);
	mod[0].loaded = 0;
	snprintf(mod[0].blacklist, sizeof(mod[0].blacklist),
		 "/etc/modprobe.d/kb.conf:1: blacklist aes_ce_blk");
	check_arm64(&r, arm64_ce_features, blk, 1, mod);
	f = kb_doc_find(&r, "KB-ARMCE-MODULE-BLACKLISTED");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "aes_ce_blk is blacklisted"));
	assert_true(has_evidence(f, "/etc/modprobe.d/kb.conf:1"));
	assert_non_null(strstr(f->fix, "modprobe aes_ce_blk"));
	assert_null(kb_doc_find(&r, "KB-ARMCE-MODULE-NOT-LOADED"));
	kb_doc_report_free(&r);
}

static void test_armce_module_not_built(void **state)
{
	static const char *const gone[] = { "aes_ce_blk", "aes_ce_cipher",
					    "aes_ce_ccm" };
	struct kb_doc_modstate mod[2];
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	ce_mods(mod, 0);
	mod[0].available = false;
	check_arm64(&r, arm64_ce_features, gone, 3, mod);
	f = kb_doc_find(&r, "KB-ARMCE-MODULE-NOT-BUILT");
	assert_non_null(f);
	assert_true(has_evidence(
		f,
		"/lib/modules/6.12.48+deb12-arm64: neither modules.builtin nor modules.dep lists aes_ce_blk"));
	assert_string_equal(
		f->fix,
		"build the kernel with CONFIG_CRYPTO_AES_ARM64_CE_BLK=m (or y)");
	assert_null(kb_doc_find(&r, "KB-ARMCE-MODULE-NOT-LOADED"));
	kb_doc_report_free(&r);
	/* Only the cipher missing: it is the one named. */
	ce_mods(mod, 0);
	mod[1].available = false;
	check_arm64(&r, arm64_ce_features, gone, 3, mod);
	f = kb_doc_find(&r, "KB-ARMCE-MODULE-NOT-BUILT");
	assert_non_null(f);
	assert_non_null(strstr(f->fix, "CONFIG_CRYPTO_AES_ARM64_CE=m"));
	kb_doc_report_free(&r);
}

/* Out-prioritised by NEON, or loaded and silent, as the x86 ones. */
static void test_armce_demoted_not_selected(void **state)
{
	static const struct row demoted_rows[] = {
		{ "aes", "aes-ce", "aes_ce_cipher", 250, SEL },
		{ "cbc(aes)", "cbc-aes-neonbs", "aes_neon_bs", 400, SEL },
		{ "cbc(aes)", "cbc-aes-ce", "aes_ce_blk", 300, 0 },
		{ "ctr(aes)", "ctr-aes-ce", "aes_ce_blk", 300, SEL },
	};
	static const struct row neon_rows[] = {
		{ "aes", "aes-generic", "kernel", 100, SEL },
		{ "cbc(aes)", "cbc-aes-neonbs", "aes_neon_bs", 250, SEL },
	};
	struct kb_impl impl[8];
	struct kb_impl_list list = list_of(impl, demoted_rows, 4);
	struct kb_doc_cpu cpu = cpu_on("aarch64", arm64_ce_features);
	struct kb_doc_modstate mod[2];
	struct kb_doc_kernel k = { .impls = &list, .mod = mod, .mods = 2 };
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	ce_mods(mod, 1);
	kb_doc_check_kernel(&r, &cpu, &k);
	only_arch_ids(&r, KB_ARCH_ARM64);
	f = kb_doc_find(&r, "KB-ARMCE-DEMOTED");
	assert_non_null(f);
	assert_true(has_evidence(
		f,
		"cbc(aes) -> cbc-aes-neonbs (generic, module aes_neon_bs, priority 400)"));
	assert_true(has_evidence(f, "cbc(aes): cbc-aes-ce has priority 300"));
	assert_string_equal(f->fix, "kaesbench priority cbc-aes-ce 401");
	kb_doc_report_free(&r);

	list = list_of(impl, neon_rows, 2);
	kb_doc_check_kernel(&r, &cpu, &k);
	only_arch_ids(&r, KB_ARCH_ARM64);
	f = kb_doc_find(&r, "KB-ARMCE-NOT-SELECTED");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "aes_ce_blk is loaded"));
	assert_non_null(strstr(f->fix, "dmesg"));
	kb_doc_report_free(&r);
}

static void test_armce_no_aes(void **state)
{
	static const char *const gone[] = { "aes_ce_blk", "aes_ce_cipher",
					    "aes_ce_ccm", "ghash_ce" };
	struct kb_doc_modstate mod[2];
	struct kb_impl_list list = { 0 };
	struct kb_doc_cpu cpu = cpu_on("aarch64", arm64_no_ce_features);
	struct kb_doc_kernel k = { .impls = &list, .mod = mod, .mods = 2 };
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;
	char *text = arm64_proc_crypto(gone, 4);

	(void)state;
	ce_mods(mod, 0);
	assert_int_equal(kb_doc_proc_crypto_parse(text, &list), 0);
	free(text);
	kb_doc_check_kernel(&r, &cpu, &k);
	f = kb_doc_find(&r, "KB-CPU-NO-AES");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "ARMv8 Crypto Extensions"));
	assert_true(has_evidence(f, "/proc/cpuinfo: aes no, pmull no"));
	/* No instructions to miss: the modules are not blamed. */
	assert_false(any_id(&r, "KB-ARMCE-"));
	only_arch_ids(&r, KB_ARCH_ARM64);
	kb_doc_report_free(&r);

	/* QEMU's virt machine: the CPU model is to blame. */
	cpu.hypervisor = true;
	snprintf(cpu.hv_source, sizeof(cpu.hv_source),
		 "/proc/device-tree/compatible: linux,dummy-virt");
	kb_doc_check_kernel(&r, &cpu, &k);
	f = kb_doc_find(&r, "KB-HYPERVISOR-HIDES-AES");
	assert_non_null(f);
	assert_true(has_evidence(f, "linux,dummy-virt"));
	assert_non_null(strstr(f->fix, "Crypto Extensions"));
	assert_null(strstr(f->fix, "AES-NI"));
	assert_null(kb_doc_find(&r, "KB-CPU-NO-AES"));
	kb_doc_report_free(&r);
	kb_impl_list_free(&list);
}

/* Each architecture's ids, whatever the list holds. */
static void test_arch_ids_apart(void **state)
{
	struct kb_doc_modstate x86_mod = mod_state(0, true), arm_mod[2];
	struct kb_impl impl[32];
	struct kb_impl_list list =
		list_of(impl, loaded_rows,
			sizeof(loaded_rows) / sizeof(loaded_rows[0]));
	struct kb_doc_cpu cpu = cpu_on("aarch64", arm64_ce_features);
	struct kb_doc_kernel k = { .impls = &list, .mod = arm_mod, .mods = 2 };
	struct kb_doc_report r = { 0 };

	(void)state;
	ce_mods(arm_mod, 0);
	/* An x86 list on arm64 (VAES names, a CPU with VAES): arm64 ids. */
	kb_doc_check_kernel(&r, &cpu, &k);
	assert_non_null(kb_doc_find(&r, "KB-ARMCE-IN-USE"));
	only_arch_ids(&r, KB_ARCH_ARM64);
	kb_doc_report_free(&r);
	list = list_of(impl, generic_rows,
		       sizeof(generic_rows) / sizeof(generic_rows[0]));
	kb_doc_check_kernel(&r, &cpu, &k);
	assert_non_null(kb_doc_find(&r, "KB-ARMCE-MODULE-NOT-LOADED"));
	only_arch_ids(&r, KB_ARCH_ARM64);
	kb_doc_report_free(&r);

	/* The arm64 machine's list on x86: x86 ids. */
	check_kernel(&r, x86_aes_flags, generic_rows,
		     sizeof(generic_rows) / sizeof(generic_rows[0]), &x86_mod);
	assert_non_null(kb_doc_find(&r, "KB-AESNI-MODULE-NOT-LOADED"));
	only_arch_ids(&r, KB_ARCH_X86);
	kb_doc_report_free(&r);
	{
		struct kb_impl_list arm_list = { 0 };
		struct kb_doc_cpu x86 = cpu_of(x86_aes_flags);
		struct kb_doc_kernel xk = { .impls = &arm_list,
					    .mod = &x86_mod,
					    .mods = 1 };
		char *text = arm64_proc_crypto(NULL, 0);

		assert_int_equal(kb_doc_proc_crypto_parse(text, &arm_list), 0);
		free(text);
		kb_doc_check_kernel(&r, &x86, &xk);
		assert_non_null(kb_doc_find(&r, "KB-AESNI-IN-USE"));
		only_arch_ids(&r, KB_ARCH_X86);
		kb_doc_report_free(&r);
		kb_impl_list_free(&arm_list);
	}
}

static void test_openssl_arm64(void **state)
{
	static const uint32_t size[] = { 1420 };
	struct kb_doc_rate masked[] = { rate(NULL, 0, false, KB_ENGINE_GENERIC,
					     90, 100, 110) };
	struct kb_doc_rate unmasked[] = { rate(
		NULL, 0, false, KB_ENGINE_AES_INSNS, 900, 1000, 1100) };
	struct kb_doc_cpu cpu = cpu_on("aarch64", arm64_ce_features);
	struct kb_doc_ossl o = { .version = "OpenSSL 3.0.17" };
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;
	char words[64];

	(void)state;
	assert_string_equal(kb_doc_armcap_words("0x1", words, sizeof(words)),
			    "AES, PMULL");
	assert_string_equal(kb_doc_armcap_words("0x25", words, sizeof(words)),
			    "");
	/* OpenSSL reads it with strtoul(): "~0x4" is 0, all off. */
	assert_string_equal(kb_doc_armcap_words("~0x4", words, sizeof(words)),
			    "NEON, AES, PMULL");

	/* As Debian 12's libcrypto reports it under qemu -cpu max. */
	assert_int_equal(kb_ossl_armcap_parse("OPENSSL_armcap=0x1fd", &o.caps),
			 0);
	assert_false(kb_doc_ossl_masks(&cpu, &o));
	kb_doc_check_openssl(&r, &cpu, &o);
	f = kb_doc_find(&r, "KB-OPENSSL-ARMV8-AES-IN-USE");
	assert_non_null(f);
	assert_string_equal(f->summary, "OpenSSL 3.0.17 uses ARMv8 AES.");
	assert_true(has_evidence(
		f,
		"capability bits OpenSSL uses: NEON yes, AES yes, PMULL yes"));
	only_arch_ids(&r, KB_ARCH_ARM64);
	kb_doc_report_free(&r);

	/* OPENSSL_armcap=0x1: NEON only, AES gone; with its cost. */
	assert_int_equal(
		kb_ossl_armcap_parse("OPENSSL_armcap=0x1 env:0x1", &o.caps), 0);
	o.capvar = "0x1";
	o.cipher = "AES-128-GCM";
	o.count = 1;
	o.size = size;
	o.masked = masked;
	o.unmasked = unmasked;
	assert_true(kb_doc_ossl_masks(&cpu, &o));
	kb_doc_check_openssl(&r, &cpu, &o);
	f = kb_doc_find(&r, "KB-OPENSSL-ARMV8-AES-MASKED");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_WARNING);
	assert_non_null(strstr(
		f->summary,
		"does not use ARMv8 AES although the CPU has it: the environment variable OPENSSL_armcap=0x1 masks AES, PMULL."));
	assert_true(has_evidence(f, "NEON yes, AES no, PMULL no"));
	assert_true(has_evidence(f, "1000 MB/s without OPENSSL_armcap"));
	assert_non_null(strstr(f->fix, "unset OPENSSL_armcap"));
	assert_non_null(strstr(f->fix, "AES (0x4) and PMULL (0x20)"));
	only_arch_ids(&r, KB_ARCH_ARM64);
	kb_doc_report_free(&r);

	/* Not set, yet no AES: the build. */
	o.capvar = NULL;
	o.cipher = NULL;
	assert_false(kb_doc_ossl_masks(&cpu, &o));
	kb_doc_check_openssl(&r, &cpu, &o);
	f = kb_doc_find(&r, "KB-OPENSSL-NO-ARMV8-AES");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "OPENSSL_armcap is not set"));
	only_arch_ids(&r, KB_ARCH_ARM64);
	kb_doc_report_free(&r);

	/* No ARM word (no-asm), or x86's (never on arm64): unknown. */
	o.caps = (struct kb_ossl_caps){ .known = true, .aesni = true };
	kb_doc_check_openssl(&r, &cpu, &o);
	f = kb_doc_find(&r, "KB-OPENSSL-NO-CPU-CAPS");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "no ARM capability word"));
	kb_doc_report_free(&r);

	/* On x86, the ARM word is unknown too, and no ARMV8 id appears. */
	cpu = cpu_of(x86_aes_flags);
	assert_int_equal(kb_ossl_armcap_parse("OPENSSL_armcap=0x3d", &o.caps),
			 0);
	kb_doc_check_openssl(&r, &cpu, &o);
	f = kb_doc_find(&r, "KB-OPENSSL-NO-CPU-CAPS");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "x86 capability words"));
	only_arch_ids(&r, KB_ARCH_X86);
	kb_doc_report_free(&r);
}

static void test_faster_not_selected(void **state)
{
	struct kb_doc_rate rates[] = {
		rate("xts-aes-vaes-avx10_256", 700, true, KB_ENGINE_AES_INSNS,
		     900, 1000, 1050),
		rate("xts-aes-vaes-avx10_512", 1, false, KB_ENGINE_AES_INSNS,
		     1400, 1500, 1600),
		rate("xts(aes-generic)", 100, false, KB_ENGINE_GENERIC, 90, 100,
		     110),
	};
	struct kb_doc_alg_rates a = {
		.alg = "xts(aes)", .size = 1420, .rate = rates, .count = 3
	};
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	kb_doc_check_faster(&r, &a);
	f = kb_doc_find(&r, "KB-FASTER-NOT-SELECTED");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "50% faster"));
	assert_non_null(strstr(
		f->fix, "kaesbench priority xts-aes-vaes-avx10_512 701"));
	kb_doc_report_free(&r);
	/* Within the noise: the ranges overlap, nothing is called. */
	rates[1].min = 1040;
	kb_doc_check_faster(&r, &a);
	assert_int_equal(r.count, 0);
	kb_doc_check_spread(&r, &a, 1, 5);
	assert_true(has_evidence(kb_doc_find(&r, "KB-SAMPLES-TOO-FEW"),
				 "xts-aes-vaes-avx10_512"));
	kb_doc_report_free(&r);
}

/*
 * A library path is no candidate for a priority, faster or not; its gap
 * to what the crypto API hands out is a finding of its own, either way.
 */
static void test_library_gap(void **state)
{
	struct kb_doc_rate rates[] = {
		rate("generic-gcm-aesni", 400, true, KB_ENGINE_AES_INSNS, 90,
		     100, 110),
		rate("lib:aesgcm", 0, false, KB_ENGINE_GENERIC, 200, 300, 310),
		rate("gcm(aes-generic)", 100, false, KB_ENGINE_GENERIC, 20, 25,
		     30),
	};
	struct kb_doc_alg_rates a = {
		.alg = "gcm(aes)", .size = 1420, .rate = rates, .count = 3
	};
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;

	(void)state;
	rates[1].library = true;
	kb_doc_check_faster(&r, &a);
	assert_null(kb_doc_find(&r, "KB-FASTER-NOT-SELECTED"));
	kb_doc_check_library(&r, &a);
	f = kb_doc_find(&r, "KB-LIBRARY-GAP");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "lib:aesgcm"));
	assert_non_null(
		strstr(f->summary, "200% faster than generic-gcm-aesni"));
	assert_true(has_evidence(f, "library path"));
	kb_doc_report_free(&r);
	/* Slower, beyond the noise. */
	rates[1].min = 40;
	rates[1].median = 50;
	rates[1].max = 60;
	kb_doc_check_library(&r, &a);
	f = kb_doc_find(&r, "KB-LIBRARY-GAP");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "50% slower"));
	kb_doc_report_free(&r);
	/* Within the noise: nothing. */
	rates[1].max = 95;
	kb_doc_check_library(&r, &a);
	assert_int_equal(r.count, 0);
	kb_doc_report_free(&r);
}

static void test_offload_crossover(void **state)
{
	static const uint32_t size[] = { 16, 1424, 4096, 16384 };
	static const double off[] = { 1, 50, 200, 900 };
	static const double cpu[] = { 30, 400, 450, 500 };
	static const double never[] = { 1, 50, 100, 200 };
	struct kb_doc_rate o = rate("virtio_crypto_aes_cbc", 10000, true,
				    KB_ENGINE_OFFLOAD, 45, 50, 55);
	struct kb_doc_rate c = rate("cbc-aes-aesni", 400, false,
				    KB_ENGINE_AES_INSNS, 380, 400, 420);
	struct kb_doc_curve curve = { .alg = "cbc(aes)",
				      .offload = &o,
				      .cpu = &c,
				      .size = size,
				      .offload_mbps = off,
				      .cpu_mbps = cpu,
				      .count = 4 };
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;
	uint32_t at;

	(void)state;
	assert_true(kb_doc_crossover(&curve, &at));
	assert_int_equal(at, 16384);
	kb_doc_check_offload(&r, &curve);
	f = kb_doc_find(&r, "KB-OFFLOAD-BELOW-CROSSOVER");
	assert_non_null(f);
	assert_true(has_evidence(f, "as fast from 16384 B"));
	assert_string_equal(
		f->fix,
		"kaesbench priority virtio_crypto_aes_cbc 399 (below cbc-aes-aesni), unless most requests are larger than the crossover");
	kb_doc_report_free(&r);
	curve.offload_mbps = never;
	assert_false(kb_doc_crossover(&curve, &at));
	kb_doc_check_offload(&r, &curve);
	assert_true(
		has_evidence(kb_doc_find(&r, "KB-OFFLOAD-BELOW-CROSSOVER"),
			     "never in the measured range (16 to 16384 B)"));
	kb_doc_report_free(&r);
	/* The offload engine winning at the typical size: nothing to say. */
	o = rate("virtio_crypto_aes_cbc", 10000, true, KB_ENGINE_OFFLOAD, 500,
		 510, 520);
	kb_doc_check_offload(&r, &curve);
	assert_int_equal(r.count, 0);
	kb_doc_report_free(&r);
}

/* virtio-crypto at depth 1 ... 64, as under TCG, against AES-NI at 400. */
static void depth_rates(struct kb_doc_rate *x, const double *median)
{
	uint32_t depth = 1;
	size_t i;

	for (i = 0; i < 7; i++, depth *= 2) {
		x[i] = rate("virtio_crypto_aes_cbc", 10000, true,
			    KB_ENGINE_OFFLOAD, median[i] * 0.9, median[i],
			    median[i] * 1.1);
		x[i].depth = depth;
		x[i].samples = 3;
	}
}

static void test_offload_loses_at_depth(void **state)
{
	static const double rising[] = { 5, 20, 80, 300, 390, 450, 500 };
	static const double never[] = { 1, 2, 5, 10, 30, 60, 90 };
	static const double wins[] = { 450, 460, 470, 480, 490, 500, 510 };
	struct kb_doc_rate c = rate("cbc-aes-aesni", 400, false,
				    KB_ENGINE_AES_INSNS, 380, 400, 420);
	struct kb_doc_rate x[7];
	struct kb_doc_depths d = { .alg = "cbc(aes)",
				   .size = 1424,
				   .cpu = &c,
				   .offload = x,
				   .count = 7 };
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;
	uint32_t from;

	(void)state;
	depth_rates(x, rising);
	assert_true(kb_doc_depth_wins(&d, &from));
	assert_int_equal(from, 32);
	kb_doc_check_depths(&r, &d);
	f = kb_doc_find(&r, "KB-OFFLOAD-LOSES-AT-DEPTH");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_WARNING);
	/* 390 at depth 16: within the noise of 400, not called a loss. */
	assert_non_null(strstr(f->summary, "faster at depth 1, 2, 4, 8 "));
	assert_non_null(strstr(f->summary, "wins from depth 32"));
	assert_true(has_evidence(f, "CPU cbc-aes-aesni: 400 MB/s at 1424 B"));
	assert_true(has_evidence(f, "1: 5 (4.5 to 5.5), 2: 20"));
	assert_string_equal(
		f->fix,
		"keep at least 32 requests in flight on it (more IPsec SAs or flows, a deeper dm-crypt queue), or hand out the CPU's: kaesbench priority cbc-aes-aesni 10001");
	kb_doc_report_free(&r);
	depth_rates(x, never);
	assert_false(kb_doc_depth_wins(&d, &from));
	kb_doc_check_depths(&r, &d);
	f = kb_doc_find(&r, "KB-OFFLOAD-LOSES-AT-DEPTH");
	assert_non_null(f);
	assert_non_null(strstr(f->summary, "depth 1, 2, 4, 8, 16, 32, 64"));
	assert_non_null(
		strstr(f->summary, "wins at no measured depth (1 to 64)"));
	assert_non_null(
		strstr(f->fix, "kaesbench priority cbc-aes-aesni 10001"));
	kb_doc_report_free(&r);
	/* Faster at every depth: nothing to say. */
	depth_rates(x, wins);
	kb_doc_check_depths(&r, &d);
	assert_int_equal(r.count, 0);
	kb_doc_report_free(&r);
}

/* Without crypto_user, a `kaesbench priority` fix says what it needs. */
static void test_priority_fixes(void **state)
{
	struct kb_doc_report r = { 0 };
	struct kb_doc_finding *f;

	(void)state;
	f = kb_doc_add(&r, "KB-FASTER-NOT-SELECTED", KB_DOC_WARNING, "x");
	kb_doc_fix(&r, f, "kaesbench priority cbc-aes-aesni 401");
	f = kb_doc_add(&r, "KB-AESNI-MODULE-NOT-LOADED", KB_DOC_WARNING, "y");
	kb_doc_fix(&r, f, "modprobe aesni_intel");
	kb_doc_add(&r, "KB-AESNI-IN-USE", KB_DOC_INFO, "z");
	kb_doc_check_priority_fixes(&r, NULL);
	assert_int_equal(r.finding[0].evidence_count, 0);
	kb_doc_check_priority_fixes(
		&r,
		"socket(AF_NETLINK, NETLINK_CRYPTO): Protocol not supported");
	assert_true(has_evidence(&r.finding[0], "modprobe crypto_user"));
	assert_true(has_evidence(&r.finding[0], "CONFIG_CRYPTO_USER"));
	assert_true(has_evidence(&r.finding[0], "Protocol not supported"));
	assert_int_equal(r.finding[1].evidence_count, 0);
	assert_int_equal(r.finding[2].evidence_count, 0);
	kb_doc_report_free(&r);
}

static void test_afalg(void **state)
{
	struct kb_doc_rate af =
		rate("gcm(aes)", 0, false, KB_ENGINE_GENERIC, 90, 100, 110);
	struct kb_doc_rate os = rate("AES-128-GCM", 0, false,
				     KB_ENGINE_AES_INSNS, 900, 1000, 1100);
	struct kb_doc_report r = { 0 };

	(void)state;
	kb_doc_check_afalg(&r, "gcm(aes)", 1420, &af, &os);
	assert_non_null(kb_doc_find(&r, "KB-AFALG-SLOWER-THAN-OPENSSL"));
	kb_doc_report_free(&r);
	kb_doc_check_afalg(&r, "gcm(aes)", 1420, &os, &af);
	assert_int_equal(r.count, 0);
}

static void test_openssl(void **state)
{
	static const uint32_t size[] = { 1420 };
	struct kb_doc_rate masked[] = { rate(
		NULL, 0, false, KB_ENGINE_AES_INSNS, 190, 200, 210) };
	struct kb_doc_rate unmasked[] = { rate(
		NULL, 0, false, KB_ENGINE_AES_INSNS, 1450, 1500, 1550) };
	struct kb_doc_cpu cpu = cpu_of(x86_aes_flags);
	struct kb_doc_ossl o = { .version = "OpenSSL 3.0.19",
				 .caps = { .known = true, .pclmulqdq = true },
				 .capvar = "~0x200000200000000",
				 .cipher = "AES-128-GCM",
				 .count = 1,
				 .size = size,
				 .masked = masked,
				 .unmasked = unmasked };
	struct kb_doc_report r = { 0 };
	const struct kb_doc_finding *f;
	char words[96];

	(void)state;
	assert_string_equal(kb_doc_ia32cap_words("~0x200000200000000", words,
						 sizeof(words)),
			    "AES-NI, PCLMULQDQ");
	assert_string_equal(kb_doc_ia32cap_words(":~0x60000000000", words,
						 sizeof(words)),
			    "VAES, VPCLMULQDQ");
	assert_string_equal(
		kb_doc_ia32cap_words("nonsense", words, sizeof(words)), "");
	kb_doc_check_openssl(&r, &cpu, &o);
	f = kb_doc_find(&r, "KB-OPENSSL-AESNI-MASKED");
	assert_non_null(f);
	assert_non_null(
		strstr(f->summary, "OPENSSL_ia32cap=~0x200000200000000"));
	assert_non_null(strstr(f->summary, "AES-NI, PCLMULQDQ"));
	assert_true(has_evidence(f, "(7.50x)"));
	kb_doc_report_free(&r);

	o.capvar = NULL;
	kb_doc_check_openssl(&r, &cpu, &o);
	assert_non_null(kb_doc_find(&r, "KB-OPENSSL-NO-AESNI"));
	kb_doc_report_free(&r);

	/* VAES masked, at a cost beyond the noise: a warning. */
	o.capvar = ":~0x40000000000";
	o.caps.aesni = true;
	kb_doc_check_openssl(&r, &cpu, &o);
	f = kb_doc_find(&r, "KB-OPENSSL-VAES-MASKED");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_WARNING);
	assert_true(has_evidence(
		f, "200 MB/s as masked (190 to 210), 1500 MB/s without"));
	kb_doc_report_free(&r);

	/* 1.02x, the ranges overlapping: OpenSSL 3.0 has no VAES there. */
	masked[0] = rate(NULL, 0, false, KB_ENGINE_AES_INSNS, 1400, 1470, 1530);
	kb_doc_check_openssl(&r, &cpu, &o);
	f = kb_doc_find(&r, "KB-OPENSSL-VAES-MASKED");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_INFO);
	assert_non_null(strstr(f->summary, "no measurable cost"));
	assert_true(has_evidence(f, "(1.02x)"));
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_OK);
	kb_doc_report_free(&r);

	/* The AES-NI mask is a warning whatever it measured. */
	o.caps.aesni = false;
	o.capvar = "~0x200000000000000";
	kb_doc_check_openssl(&r, &cpu, &o);
	assert_int_equal(kb_doc_find(&r, "KB-OPENSSL-AESNI-MASKED")->severity,
			 KB_DOC_WARNING);
	kb_doc_report_free(&r);

	o.capvar = ":~0x40000000000";
	o.caps.aesni = true;
	o.cipher = NULL;
	o.not_measured = "--quick";
	kb_doc_check_openssl(&r, &cpu, &o);
	f = kb_doc_find(&r, "KB-OPENSSL-VAES-MASKED");
	assert_true(has_evidence(f, "cost not measured: --quick"));
	assert_int_equal(f->severity, KB_DOC_INFO);
	assert_non_null(strstr(f->summary, "its cost was not measured"));
	kb_doc_report_free(&r);

	o.capvar = NULL;
	o.caps.vaes = o.caps.vpclmulqdq = true;
	kb_doc_check_openssl(&r, &cpu, &o);
	assert_non_null(kb_doc_find(&r, "KB-OPENSSL-AESNI-IN-USE"));
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_OK);
	kb_doc_report_free(&r);

	o.caps.known = false;
	kb_doc_check_openssl(&r, &cpu, &o);
	assert_non_null(kb_doc_find(&r, "KB-OPENSSL-NO-CPU-CAPS"));
	kb_doc_report_free(&r);
}

static void test_report_output(void **state)
{
	struct kb_doc_report r = { 0 };
	struct kb_doc_finding *f;
	struct json_object *j, *arr, *item;
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	(void)state;
	f = kb_doc_add(&r, "KB-TEST-INFO", KB_DOC_INFO, "a note");
	f = kb_doc_add(&r, "KB-TEST-WARN", KB_DOC_WARNING, "a %s", "warning");
	kb_doc_evidence(&r, f, "seen %d", 1);
	kb_doc_fix(&r, f, "do this");
	kb_doc_skip(&r, "a check", "no %s", "module");
	mem = open_memstream(&text, &len);
	kb_doc_print(mem, &r);
	fclose(mem);
	/* The most severe first, whatever the order found. */
	assert_non_null(strstr(text, "doctor: 0 errors, 1 warning, 1 note\n\n"
				     "[warning] KB-TEST-WARN\n  a warning\n"
				     "  evidence: seen 1\n  fix: do this\n"));
	assert_non_null(strstr(text, "not checked: a check: no module\n"));
	free(text);

	j = kb_doc_to_json(&r);
	assert_non_null(j);
	json_object_object_get_ex(j, "findings", &arr);
	item = json_object_array_get_idx(arr, 0);
	json_object_object_get_ex(item, "id", &item);
	assert_string_equal(json_object_get_string(item), "KB-TEST-WARN");
	item = json_object_array_get_idx(arr, 1);
	json_object_object_get_ex(item, "fix", &item);
	assert_null(item);
	json_object_object_get_ex(j, "exit_status", &item);
	assert_int_equal(json_object_get_int(item), 1);
	json_object_object_get_ex(j, "not_checked", &arr);
	item = json_object_array_get_idx(arr, 0);
	json_object_object_get_ex(item, "reason", &item);
	assert_string_equal(json_object_get_string(item), "no module");
	json_object_put(j);
	kb_doc_report_free(&r);
}

static void test_parse(void **state)
{
	char *ok[] = { "doctor", "--json", "-q", NULL };
	char *bad[] = { "doctor", "--slow", NULL };
	char *extra[] = { "doctor", "now", NULL };
	char *prio[] = { "priority", "virtio_crypto_aes_cbc", "10000", NULL };
	char *noprio[] = { "priority", "virtio_crypto_aes_cbc", NULL };
	char *notnum[] = { "priority", "x", "high", NULL };
	char *huge[] = { "priority", "x", "2147483648", NULL };
	char *help[] = { "priority", "--help", NULL };
	struct kb_priority_opts p;
	struct kb_doc_opts o;

	(void)state;
	assert_int_equal(kb_doctor_parse(3, ok, &o), KB_EXIT_OK);
	assert_true(o.json && o.quick && !o.help);
	assert_int_equal(kb_doctor_parse(2, bad, &o), KB_EXIT_USAGE);
	assert_int_equal(kb_doctor_parse(2, extra, &o), KB_EXIT_USAGE);
	assert_int_equal(kb_priority_parse(3, prio, &p), KB_EXIT_OK);
	assert_string_equal(p.driver, "virtio_crypto_aes_cbc");
	assert_int_equal(p.priority, 10000);
	assert_int_equal(kb_priority_parse(2, noprio, &p), KB_EXIT_USAGE);
	assert_int_equal(kb_priority_parse(3, notnum, &p), KB_EXIT_USAGE);
	assert_int_equal(kb_priority_parse(3, huge, &p), KB_EXIT_USAGE);
	assert_int_equal(kb_priority_parse(2, help, &p), KB_EXIT_OK);
	assert_true(p.help);
}

/*
 * KB-SOFTIRQ-GAP: over 10 % either way and beyond the noise, a finding; a
 * warning only when softirq is slower and its calls show why.
 */
static void test_softirq_gap(void **state)
{
	struct kb_doc_rate t = rate("gcm-aes-aesni", 400, true,
				    KB_ENGINE_AES_INSNS, 980, 1000, 1020);
	struct kb_doc_rate x;
	struct kb_doc_contexts c = { .alg = "gcm(aes)", .size = 1420 };
	const struct kb_doc_finding *f;
	struct kb_doc_report r = { 0 };
	double gap = 0;

	(void)state;
	/* 8 % slower, apart: under the bar. */
	x = rate("gcm-aes-aesni", 400, true, KB_ENGINE_AES_INSNS, 900, 920,
		 940);
	assert_false(kb_doc_softirq_gap(&t, &x, &gap));
	assert_true(gap < -0.079 && gap > -0.081);
	/* 20 % slower, but the ranges overlap: noise. */
	x = rate("gcm-aes-aesni", 400, true, KB_ENGINE_AES_INSNS, 600, 800,
		 990);
	assert_false(kb_doc_softirq_gap(&t, &x, &gap));
	/* 20 % slower, apart. */
	x = rate("gcm-aes-aesni", 400, true, KB_ENGINE_AES_INSNS, 780, 800,
		 820);
	assert_true(kb_doc_softirq_gap(&t, &x, &gap));
	assert_true(gap < -0.199 && gap > -0.201);
	/* 15 % faster, apart: counts too. */
	x = rate("gcm-aes-aesni", 400, true, KB_ENGINE_AES_INSNS, 1140, 1150,
		 1160);
	assert_true(kb_doc_softirq_gap(&t, &x, &gap));
	assert_true(gap > 0.149 && gap < 0.151);
	/* No samples: nothing to say. */
	x.samples = 0;
	assert_false(kb_doc_softirq_gap(&t, &x, &gap));

	/* Slower, with SIMD unusable for most of softirq's calls: warning. */
	c.thread = t;
	c.softirq = rate("gcm-aes-aesni", 400, true, KB_ENGINE_AES_INSNS, 580,
			 600, 620);
	c.thread_calls = (struct kb_doc_calls){ true, 1000, 0, 0 };
	c.softirq_calls = (struct kb_doc_calls){ true, 1000, 900, 0 };
	kb_doc_check_softirq(&r, &c);
	f = kb_doc_find(&r, "KB-SOFTIRQ-GAP");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_WARNING);
	assert_string_equal(
		f->summary,
		"gcm(aes): gcm-aes-aesni is 40% slower in softirq context (as ESP's receive path calls it) than from a kernel thread, at 1420 B.");
	assert_true(has_evidence(f, "thread gcm-aes-aesni: 1000 MB/s"));
	assert_true(has_evidence(f, "softirq gcm-aes-aesni: 600 MB/s"));
	assert_true(has_evidence(
		f,
		"softirq: SIMD unusable for 90.0% of 1000 calls; completed later (cryptd or async) 0.0%"));
	assert_non_null(f->fix);
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_ERROR);
	kb_doc_report_free(&r);

	/* The same gap without a cause in the counts: information. */
	memset(&r, 0, sizeof(r));
	c.softirq_calls.no_simd = 0;
	kb_doc_check_softirq(&r, &c);
	f = kb_doc_find(&r, "KB-SOFTIRQ-GAP");
	assert_non_null(f);
	assert_int_equal(f->severity, KB_DOC_INFO);
	assert_int_equal(kb_doc_exit_status(&r), KB_EXIT_OK);
	kb_doc_report_free(&r);

	/* Within 10 %: no finding. */
	memset(&r, 0, sizeof(r));
	c.softirq = rate("gcm-aes-aesni", 400, true, KB_ENGINE_AES_INSNS, 940,
			 950, 960);
	kb_doc_check_softirq(&r, &c);
	assert_null(kb_doc_find(&r, "KB-SOFTIRQ-GAP"));
	assert_int_equal(r.count, 0);
	kb_doc_report_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpu_parse),
		cmocka_unit_test(test_module_files),
		cmocka_unit_test(test_proc_crypto),
		cmocka_unit_test(test_selection_unknown_ranked),
		cmocka_unit_test(test_engine),
		cmocka_unit_test(test_aesni_in_use),
		cmocka_unit_test(test_module_not_loaded),
		cmocka_unit_test(test_module_blacklisted),
		cmocka_unit_test(test_module_blacklisted_cmdline),
		cmocka_unit_test(test_module_not_built),
		cmocka_unit_test(test_aesni_not_selected),
		cmocka_unit_test(test_hypervisor_hides_aes),
		cmocka_unit_test(test_demoted_and_offload),
		cmocka_unit_test(test_afalg_software_only),
		cmocka_unit_test(test_afalg_restricted),
		cmocka_unit_test(test_vaes),
		cmocka_unit_test(test_env),
		cmocka_unit_test(test_env_arm64_tcg),
		cmocka_unit_test(test_env_unknown_clock),
		cmocka_unit_test(test_arch),
		cmocka_unit_test(test_arm64_engine),
		cmocka_unit_test(test_armce_in_use),
		cmocka_unit_test(test_armce_module_not_loaded),
		cmocka_unit_test(test_armce_module_blacklisted),
		cmocka_unit_test(test_armce_module_not_built),
		cmocka_unit_test(test_armce_demoted_not_selected),
		cmocka_unit_test(test_armce_no_aes),
		cmocka_unit_test(test_arch_ids_apart),
		cmocka_unit_test(test_openssl_arm64),
		cmocka_unit_test(test_faster_not_selected),
		cmocka_unit_test(test_library_gap),
		cmocka_unit_test(test_offload_crossover),
		cmocka_unit_test(test_offload_loses_at_depth),
		cmocka_unit_test(test_priority_fixes),
		cmocka_unit_test(test_afalg),
		cmocka_unit_test(test_openssl),
		cmocka_unit_test(test_report_output),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_softirq_gap),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
