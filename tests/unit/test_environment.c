// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The environment of the JSON documents, read from made-up /proc and /sys
 * trees: an x86 QEMU TCG guest; arm64 machines (QEMU's TCG and KVM guests
 * on its virt board, another VMM's, Xen's, a server and a board without
 * hypervisor), the first of which makes the document
 * tests/unit/data/env-arm64-tcg.json that tests/results/host.sh validates
 * against the schema; and one where nothing can be read.
 */

#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cmocka.h>

#include <linux/kaesbench.h>

#include "output/environment.h"
#include "output/impl_list.h"

/* What a 6.12 guest under `qemu -cpu max` (TCG) shows, shortened. */
static const char tcg_cpuinfo[] =
	"processor\t: 0\n"
	"vendor_id\t: AuthenticAMD\n"
	"model name\t: QEMU TCG CPU version 2.5+\n"
	"flags\t\t: fpu vme sse2 pclmulqdq ssse3 aes xsave avx hypervisor "
	"avx2 vaes vpclmulqdq\n"
	"\n"
	"processor\t: 1\n"
	"model name\t: another model, ignored\n"
	"flags\t\t: fpu\n";

/*
 * arm64 under `qemu-system-aarch64 -M virt -cpu max` (TCG), Debian 12:
 * two processors, alike but for their number.
 */
#define ARM64_TCG_PROCESSOR(n)                                                 \
	"processor\t: " #n "\n"                                                \
	"BogoMIPS\t: 125.00\n"                                                 \
	"Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp " \
	"asimdhp cpuid asimdrdm jscvt fcma lrcpc dcpop sha3 sm3 sm4 asimddp "  \
	"sha512 sve asimdfhm dit uscat ilrcpc flagm ssbs sb paca pacg dcpodp " \
	"sve2 sveaes svepmull svebitperm svesha3 svesm4 flagm2 frint svei8mm " \
	"svef32mm svef64mm svebf16 i8mm bf16 dgh rng bti\n"                    \
	"CPU implementer\t: 0x00\n"                                            \
	"CPU architecture: 8\n"                                                \
	"CPU variant\t: 0x0\n"                                                 \
	"CPU part\t: 0x051\n"                                                  \
	"CPU revision\t: 0\n"

static const char arm64_tcg_cpuinfo[] =
	ARM64_TCG_PROCESSOR(0) "\n" ARM64_TCG_PROCESSOR(1);

/* A Neoverse-N1 (Ampere Altra, AWS Graviton2), or a KVM guest on one. */
static const char arm64_n1_cpuinfo[] =
	"processor\t: 0\n"
	"BogoMIPS\t: 50.00\n"
	"Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp "
	"asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs\n"
	"CPU implementer\t: 0x41\n"
	"CPU architecture: 8\n"
	"CPU variant\t: 0x3\n"
	"CPU part\t: 0xd0c\n"
	"CPU revision\t: 1\n";

/* A Raspberry Pi 4's Cortex-A72: no Crypto Extensions. */
static const char arm64_rpi4_cpuinfo[] =
	"processor\t: 0\n"
	"BogoMIPS\t: 108.00\n"
	"Features\t: fp asimd evtstrm crc32 cpuid\n"
	"CPU implementer\t: 0x41\n"
	"CPU architecture: 8\n"
	"CPU variant\t: 0x0\n"
	"CPU part\t: 0xd08\n"
	"CPU revision\t: 3\n";

static void parse(const char *text, struct kb_cpuinfo *ci)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");

	assert_non_null(f);
	assert_int_equal(kb_cpuinfo_parse(f, ci), 0);
	fclose(f);
}

static bool has(const struct kb_cpuinfo *ci, enum kb_cpu_flag flag)
{
	return ci->flags & (1U << flag);
}

static void test_cpuinfo_x86(void **state)
{
	struct kb_cpuinfo ci;

	(void)state;
	parse(tcg_cpuinfo, &ci);
	assert_string_equal(ci.model, "QEMU TCG CPU version 2.5+");
	assert_int_equal(ci.cpus, 2);
	assert_true(ci.has_flags);
	/* Whole words only, from the first processor. */
	assert_true(has(&ci, KB_CPU_AES));
	assert_true(has(&ci, KB_CPU_PCLMULQDQ));
	assert_true(has(&ci, KB_CPU_AVX));
	assert_true(has(&ci, KB_CPU_AVX2));
	assert_true(has(&ci, KB_CPU_VAES));
	assert_true(has(&ci, KB_CPU_VPCLMULQDQ));
	assert_true(has(&ci, KB_CPU_HYPERVISOR));
	assert_false(has(&ci, KB_CPU_AVX512F));
	assert_false(has(&ci, KB_CPU_CONSTANT_TSC));
}

/* x86's flags are not arm64's: its set of flags, no false x86 ones. */
static void test_cpuinfo_arm64(void **state)
{
	static const enum kb_cpu_flag set[] = {
		KB_CPU_AES,  KB_CPU_PMULL,  KB_CPU_ASIMD,    KB_CPU_SHA1,
		KB_CPU_SHA2, KB_CPU_SHA3,   KB_CPU_SHA512,   KB_CPU_SVE,
		KB_CPU_SVE2, KB_CPU_SVEAES, KB_CPU_SVEPMULL,
	};
	struct kb_cpuinfo ci;
	uint32_t all = 0;
	size_t i;

	(void)state;
	parse(arm64_tcg_cpuinfo, &ci);
	assert_int_equal(ci.arch, KB_CPU_ARCH_ARM64);
	assert_int_equal(ci.cpus, 2);
	assert_true(ci.has_flags);
	for (i = 0; i < sizeof(set) / sizeof(set[0]); i++)
		all |= 1U << set[i];
	assert_int_equal(ci.flags, all);
	assert_int_equal(kb_cpu_arch_flags(KB_CPU_ARCH_ARM64), all);
	assert_true(ci.has_midr);
	assert_int_equal(ci.implementer, 0x00);
	assert_int_equal(ci.part, 0x051);
	assert_string_equal(ci.model,
			    "QEMU TCG CPU (implementer 0x00, part 0x051)");

	parse(arm64_n1_cpuinfo, &ci);
	assert_int_equal(ci.flags, (1U << KB_CPU_AES) | (1U << KB_CPU_PMULL) |
					   (1U << KB_CPU_ASIMD) |
					   (1U << KB_CPU_SHA1) |
					   (1U << KB_CPU_SHA2));
	assert_string_equal(ci.model,
			    "ARM Neoverse-N1 (implementer 0x41, part 0xd0c)");
	parse(arm64_rpi4_cpuinfo, &ci);
	assert_int_equal(ci.flags, 1U << KB_CPU_ASIMD);
	assert_string_equal(ci.model,
			    "ARM Cortex-A72 (implementer 0x41, part 0xd08)");
}

/* Parts not in the table: the implementer's name, or the numbers alone. */
static void test_cpuinfo_arm64_models(void **state)
{
	struct kb_cpuinfo ci;

	(void)state;
	parse("processor : 0\nFeatures : fp asimd\n"
	      "CPU implementer : 0x41\nCPU part : 0xfff\n",
	      &ci);
	assert_string_equal(ci.model, "ARM (implementer 0x41, part 0xfff)");
	parse("processor : 0\nFeatures : fp asimd\n"
	      "CPU implementer : 0x99\nCPU part : 0x123\n",
	      &ci);
	assert_string_equal(ci.model, "implementer 0x99, part 0x123");
	/* big.LITTLE: the first processor's, as for the flags. */
	parse("processor : 0\nFeatures : fp asimd aes\n"
	      "CPU implementer : 0x41\nCPU part : 0xd05\n\n"
	      "processor : 1\nFeatures : fp asimd aes pmull\n"
	      "CPU implementer : 0x61\nCPU part : 0xd0b\n",
	      &ci);
	assert_string_equal(ci.model,
			    "ARM Cortex-A55 (implementer 0x41, part 0xd05)");
	assert_int_equal(ci.flags, (1U << KB_CPU_AES) | (1U << KB_CPU_ASIMD));
	/* Without a part: no model, the flags all the same. */
	parse("processor : 0\nFeatures : aes\nCPU implementer : 0x41\n", &ci);
	assert_false(ci.has_midr);
	assert_string_equal(ci.model, "");
	assert_int_equal(ci.flags, 1U << KB_CPU_AES);
}

static void test_cpuinfo_other(void **state)
{
	struct kb_cpuinfo ci;

	(void)state;
	parse("", &ci);
	assert_int_equal(ci.cpus, 0);
	assert_int_equal(ci.arch, KB_CPU_ARCH_OTHER);
	assert_false(ci.has_flags);
	/* "flagsx" is another key; "flags" without a colon is no line. */
	parse("flagsx : aes\nflags aes\n", &ci);
	assert_false(ci.has_flags);
	/* An x86 flag arm64 has the name of is not arm64's. */
	parse("processor : 0\nflags : fpu aes sha512 sve\n", &ci);
	assert_int_equal(ci.arch, KB_CPU_ARCH_X86);
	assert_int_equal(ci.flags, 1U << KB_CPU_AES);
	assert_false(ci.has_midr);
	/* LoongArch's "Features" are its own words: no flags reported. */
	parse("processor : 0\nFeatures : cpucfg lam ual fpu lsx lasx crc32 "
	      "complex crypto lvz\n",
	      &ci);
	assert_int_equal(ci.arch, KB_CPU_ARCH_OTHER);
	assert_false(ci.has_flags);
	assert_int_equal(ci.flags, 0);
}

static void test_virtualization(void **state)
{
	struct kb_env e;

	(void)state;
	memset(&e, 0, sizeof(e));
	assert_null(kb_env_virtualization(&e)); /* no CPU flags known */
	e.cpu.arch = KB_CPU_ARCH_X86;
	e.cpu.has_flags = true;
	assert_string_equal(kb_env_virtualization(&e), "none");
	strcpy(e.sys_vendor, "QEMU");
	assert_string_equal(kb_env_virtualization(&e), "qemu");
	e.cpu.flags = 1U << KB_CPU_HYPERVISOR;
	assert_string_equal(kb_env_virtualization(&e), "unknown");
	strcpy(e.cpu.model, "QEMU TCG CPU version 2.5+");
	assert_string_equal(kb_env_virtualization(&e), "tcg");
	strcpy(e.cpuid_signature, "KVMKVMKVM");
	assert_string_equal(kb_env_virtualization(&e), "kvm");
	strcpy(e.cpuid_signature, "TCGTCGTCGTCG");
	assert_string_equal(kb_env_virtualization(&e), "tcg");
	strcpy(e.cpuid_signature, "Microsoft Hv");
	assert_string_equal(kb_env_virtualization(&e), "hyperv");
	strcpy(e.cpuid_signature, "SomethingNew");
	e.cpu.model[0] = '\0';
	assert_string_equal(kb_env_virtualization(&e), "unknown");
}

/* A made-up root: /proc and /sys files of a machine. */
struct root {
	char dir[64];
};

static void put_bytes(const struct root *r, const char *path, const void *data,
		      size_t len)
{
	char name[512], *slash;
	FILE *f;

	snprintf(name, sizeof(name), "%s%s", r->dir, path);
	for (slash = strchr(name + strlen(r->dir) + 1, '/'); slash;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(name, 0700);
		*slash = '/';
	}
	f = fopen(name, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
}

static void put(const struct root *r, const char *path, const char *text)
{
	put_bytes(r, path, text, strlen(text));
}

static struct root *root_new(void)
{
	struct root *r = calloc(1, sizeof(*r));

	assert_non_null(r);
	strcpy(r->dir, "/tmp/kaesbench-env-XXXXXX");
	assert_non_null(mkdtemp(r->dir));
	return r;
}

static void root_free(struct root *r)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", r->dir);
	assert_int_equal(system(cmd), 0);
	free(r);
}

/*
 * What a running kernel shows: its @release and @version, its current
 * @clocksource, and kaesbench 0.1.0 loaded, built as @srcversion.
 */
static void put_kernel(const struct root *r, const char *release,
		       const char *version, const char *clocksource,
		       const char *srcversion)
{
	put(r, "/proc/sys/kernel/osrelease", release);
	put(r, "/proc/sys/kernel/version", version);
	put(r,
	    "/sys/devices/system/clocksource/clocksource0/current_clocksource",
	    clocksource);
	put(r, "/sys/module/kaesbench/version", "0.1.0\n");
	put(r, "/sys/module/kaesbench/srcversion", srcversion);
}

/* An x86 TCG guest. */
static int root_setup(void **state)
{
	struct root *r = root_new();

	put(r, "/proc/cpuinfo", tcg_cpuinfo);
	put(r, "/sys/class/dmi/id/sys_vendor", "QEMU\n");
	put(r, "/sys/class/dmi/id/product_name",
	    "Standard PC (i440FX + PIIX, 1996)\n");
	put_kernel(r, "6.12.117+deb12-amd64\n",
		   "#1 SMP PREEMPT_DYNAMIC Debian 6.12.117-1~deb12u1   \n",
		   "tsc\n", "0123456789ABCDEF0123456\n");
	*state = r;
	return 0;
}

static int root_teardown(void **state)
{
	root_free(*state);
	return 0;
}

static struct json_object *get(struct json_object *o, const char *path)
{
	char key[64];
	const char *dot;
	struct json_object *v = o;

	while (*path) {
		dot = strchr(path, '.');
		snprintf(key, sizeof(key), "%.*s",
			 (int)(dot ? (size_t)(dot - path) : strlen(path)),
			 path);
		assert_true(json_object_object_get_ex(v, key, &v));
		path += strlen(key) + !!dot;
	}
	return v;
}

static const char *get_str(struct json_object *o, const char *path)
{
	struct json_object *v = get(o, path);

	assert_true(json_object_is_type(v, json_type_string));
	return json_object_get_string(v);
}

static bool get_bool(struct json_object *o, const char *path)
{
	struct json_object *v = get(o, path);

	assert_true(json_object_is_type(v, json_type_boolean));
	return json_object_get_boolean(v);
}

static void add_impl(struct kb_impl_list *list, const char *alg,
		     const char *driver, const char *module, uint32_t priority,
		     uint32_t flags)
{
	struct kb_impl *impl;

	list->impl = realloc(list->impl, (list->count + 1) * sizeof(*impl));
	assert_non_null(list->impl);
	impl = &list->impl[list->count++];
	memset(impl, 0, sizeof(*impl));
	list->alloc = list->count;
	impl->alg_name = strdup(alg);
	impl->driver_name = strdup(driver);
	impl->module = module ? strdup(module) : NULL;
	impl->priority = priority;
	impl->flags = flags;
}

/* A cbc(aes) skcipher as the module lists it, sizes and all. */
static void add_cbc_impl(struct kb_impl_list *list, const char *driver,
			 const char *module, uint32_t priority, uint32_t flags)
{
	struct kb_impl *impl;

	add_impl(list, "cbc(aes)", driver, module, priority,
		 flags | KAESBENCH_IMPL_F_TESTED);
	impl = &list->impl[list->count - 1];
	impl->type = KAESBENCH_IMPL_TYPE_SKCIPHER;
	impl->block_size = 16;
	impl->min_key_size = 16;
	impl->max_key_size = 32;
	impl->iv_size = 16;
	impl->chunk_size = 16;
	impl->present = 1U << KAESBENCH_IMPL_A_MIN_KEY_SIZE |
			1U << KAESBENCH_IMPL_A_MAX_KEY_SIZE |
			1U << KAESBENCH_IMPL_A_IV_SIZE |
			1U << KAESBENCH_IMPL_A_CHUNK_SIZE;
}

static void one_impl(struct kb_impl_list *list)
{
	add_impl(list, "cbc(aes)", "cbc-aes-aesni", NULL, 400,
		 KAESBENCH_IMPL_F_SELECTED);
}

static void test_gather_tcg_guest(void **state)
{
	struct root *r = *state;
	struct kb_impl_list list = { 0 };
	struct kb_env_module m = { .protocol_version = 1, .impls = &list };
	struct json_object *o, *impl;
	struct kb_env e;

	kb_env_gather(&e, r->dir);
	/* Another root: CPUID, uname and OpenSSL are the caller's. */
	assert_string_equal(e.machine, "");
	assert_string_equal(e.cpuid_signature, "");
	assert_null(e.openssl_version);
	strcpy(e.cpuid_signature, "TCGTCGTCGTCG");
	e.openssl_version = "OpenSSL 3.0.19 27 Jan 2026";
	e.openssl_cpu_settings =
		"OPENSSL_ia32cap=0xfdfa32034f8bffff:0x1a415f46f1bf2ffb";
	one_impl(&list);

	o = kb_env_to_json(&e, &m);
	assert_non_null(o);
	assert_string_equal(get_str(o, "kernel.release"),
			    "6.12.117+deb12-amd64");
	/* Trailing blanks go. */
	assert_string_equal(get_str(o, "kernel.version"),
			    "#1 SMP PREEMPT_DYNAMIC Debian 6.12.117-1~deb12u1");
	assert_null(get(o, "kernel.machine"));
	assert_string_equal(get_str(o, "cpu.model"),
			    "QEMU TCG CPU version 2.5+");
	assert_int_equal(json_object_get_int(get(o, "cpu.cpus")), 2);
	assert_true(get_bool(o, "cpu.flags.aes"));
	assert_true(get_bool(o, "cpu.flags.vaes"));
	assert_false(get_bool(o, "cpu.flags.avx512f"));
	/* x86's eleven flags, as before arm64 had its own. */
	assert_int_equal(json_object_object_length(get(o, "cpu.flags")), 11);
	assert_false(
		json_object_object_get_ex(get(o, "cpu.flags"), "pmull", NULL));
	assert_null(get(o, "virtualization.hypervisor_type"));
	assert_null(get(o, "virtualization.devicetree"));
	assert_string_equal(get_str(o, "virtualization.detected"), "tcg");
	assert_string_equal(get_str(o, "virtualization.cpuid_signature"),
			    "TCGTCGTCGTCG");
	assert_string_equal(get_str(o, "virtualization.sys_vendor"), "QEMU");
	assert_string_equal(get_str(o, "virtualization.product_name"),
			    "Standard PC (i440FX + PIIX, 1996)");
	assert_string_equal(get_str(o, "clocksource"), "tsc");
	assert_string_equal(get_str(o, "openssl.version"),
			    "OpenSSL 3.0.19 27 Jan 2026");
	/* 0xfd..: bit 57, AES-NI, masked off; the rest as the CPU has it. */
	assert_false(get_bool(o, "openssl.capabilities.aesni"));
	assert_true(get_bool(o, "openssl.capabilities.pclmulqdq"));
	assert_true(get_bool(o, "openssl.capabilities.avx"));
	assert_null(get(o, "module.error"));
	assert_int_equal(json_object_get_int(get(o, "module.protocol_version")),
			 1);
	assert_string_equal(get_str(o, "module.version"), "0.1.0");
	assert_string_equal(get_str(o, "module.srcversion"),
			    "0123456789ABCDEF0123456");
	assert_int_equal(
		json_object_array_length(get(o, "module.implementations")), 1);
	impl = json_object_array_get_idx(get(o, "module.implementations"), 0);
	assert_string_equal(get_str(impl, "driver"), "cbc-aes-aesni");
	assert_int_equal(json_object_get_int(get(impl, "priority")), 400);
	assert_true(get_bool(impl, "selected"));
	assert_int_equal(strlen(get_str(o, "time")),
			 strlen("2026-01-31T12:00:00Z"));
	json_object_put(o);
	kb_impl_list_free(&list);
}

/* One arm64 machine: what its /proc and /sys say, and the word for it. */
struct arm64_machine {
	const char *what;
	const char *cpuinfo;
	const char *compatible; /* NUL-terminated strings; NULL: no tree */
	size_t compatible_len;
	const char *dt_model;
	bool fw_cfg; /* QEMU's fw-cfg node */
	const char *sys_vendor; /* NULL: no DMI */
	const char *product_name;
	const char *hypervisor_type; /* NULL: no /sys/hypervisor */
	const char *detected;
};

/* A device tree's "compatible", each string with its NUL. */
#define DT(s) s, sizeof(s)

static const struct arm64_machine arm64_machines[] = {
	{ "QEMU TCG, -cpu max, no firmware", arm64_tcg_cpuinfo,
	  DT("linux,dummy-virt"), "linux,dummy-virt", true, NULL, NULL, NULL,
	  "tcg" },
	{ "QEMU KVM, -cpu host on a Neoverse-N1, no firmware", arm64_n1_cpuinfo,
	  DT("linux,dummy-virt"), "linux,dummy-virt", true, NULL, NULL, NULL,
	  "qemu" },
	{ "QEMU KVM with UEFI (ACPI, DMI)", arm64_n1_cpuinfo, NULL, 0, NULL,
	  false, "QEMU", "KVM Virtual Machine", NULL, "kvm" },
	{ "QEMU TCG, -cpu cortex-a72, with UEFI", arm64_rpi4_cpuinfo, NULL, 0,
	  NULL, false, "QEMU", "QEMU Virtual Machine", NULL, "qemu" },
	{ "another VMM's virt board (Firecracker, crosvm, kvmtool)",
	  arm64_n1_cpuinfo, DT("linux,dummy-virt"), NULL, false, NULL, NULL,
	  NULL, "unknown" },
	{ "a Xen guest", arm64_n1_cpuinfo, DT("xen,xenvm-4.17\0xen,xenvm"),
	  NULL, false, NULL, NULL, "xen", "xen" },
	{ "an Ampere Altra server (ACPI)", arm64_n1_cpuinfo, NULL, 0, NULL,
	  false, "GIGABYTE", "R152-P31-00", NULL, "none" },
	{ "a Raspberry Pi 4", arm64_rpi4_cpuinfo,
	  DT("raspberrypi,4-model-b\0brcm,bcm2711"),
	  "Raspberry Pi 4 Model B Rev 1.4", false, NULL, NULL, NULL, "none" },
};

static struct root *arm64_root(const struct arm64_machine *m)
{
	struct root *r = root_new();

	put(r, "/proc/cpuinfo", m->cpuinfo);
	if (m->compatible)
		put_bytes(r, "/sys/firmware/devicetree/base/compatible",
			  m->compatible, m->compatible_len);
	if (m->dt_model)
		put_bytes(r, "/sys/firmware/devicetree/base/model", m->dt_model,
			  strlen(m->dt_model) + 1);
	if (m->fw_cfg)
		put_bytes(
			r,
			"/sys/firmware/devicetree/base/fw-cfg@9020000/compatible",
			DT("qemu,fw-cfg-mmio"));
	if (m->sys_vendor) {
		put(r, "/sys/class/dmi/id/sys_vendor", m->sys_vendor);
		put(r, "/sys/class/dmi/id/product_name", m->product_name);
	}
	if (m->hypervisor_type)
		put(r, "/sys/hypervisor/type", m->hypervisor_type);
	return r;
}

/* arm64: TCG, QEMU, KVM, Xen, another VMM, or nothing, from files. */
static void test_virtualization_arm64(void **state)
{
	struct kb_env_module mod = { .error = "not loaded" };
	const struct arm64_machine *m;
	struct json_object *o;
	struct kb_env e;
	struct root *r;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(arm64_machines) / sizeof(arm64_machines[0]);
	     i++) {
		m = &arm64_machines[i];
		r = arm64_root(m);
		kb_env_gather(&e, r->dir);
		print_message("%s: %s\n", m->what, kb_env_virtualization(&e));
		assert_string_equal(kb_env_virtualization(&e), m->detected);
		o = kb_env_to_json(&e, &mod);
		assert_non_null(o);
		assert_string_equal(get_str(o, "virtualization.detected"),
				    m->detected);
		/* No CPUID on arm64, and DMI only where there is DMI. */
		assert_null(get(o, "virtualization.cpuid_signature"));
		if (!m->sys_vendor)
			assert_null(get(o, "virtualization.sys_vendor"));
		if (!m->compatible)
			assert_null(get(o, "virtualization.devicetree"));
		else
			assert_int_equal(
				get_bool(
					o,
					"virtualization.devicetree.qemu_fw_cfg"),
				m->fw_cfg);
		json_object_put(o);
		root_free(r);
	}
}

/* A board's device tree: every compatible string, and its model. */
static void test_devicetree_json(void **state)
{
	struct kb_env_module mod = { .error = "not loaded" };
	struct json_object *o, *compatible;
	struct kb_env e;
	struct root *r;

	(void)state;
	r = arm64_root(&arm64_machines[7]);
	kb_env_gather(&e, r->dir);
	o = kb_env_to_json(&e, &mod);
	assert_non_null(o);
	compatible = get(o, "virtualization.devicetree.compatible");
	assert_int_equal(json_object_array_length(compatible), 2);
	assert_string_equal(json_object_get_string(
				    json_object_array_get_idx(compatible, 0)),
			    "raspberrypi,4-model-b");
	assert_string_equal(json_object_get_string(
				    json_object_array_get_idx(compatible, 1)),
			    "brcm,bcm2711");
	assert_string_equal(get_str(o, "virtualization.devicetree.model"),
			    "Raspberry Pi 4 Model B Rev 1.4");
	assert_false(get_bool(o, "cpu.flags.aes"));
	assert_true(get_bool(o, "cpu.flags.asimd"));
	json_object_put(o);
	root_free(r);

	/* A compatible without its final NUL, as a truncated file has. */
	r = root_new();
	put(r, "/proc/cpuinfo", arm64_n1_cpuinfo);
	put(r, "/sys/firmware/devicetree/base/compatible", "linux,dummy-virt");
	kb_env_gather(&e, r->dir);
	assert_string_equal(kb_env_virtualization(&e), "unknown");
	root_free(r);
}

/*
 * What the doctor names as evidence of the hypervisor the environment
 * found: the board, Xen, DMI, CPUID; nothing on bare metal.
 */
static void test_virtualization_evidence(void **state)
{
	struct kb_env e = { 0 };
	char why[160];

	(void)state;
	assert_null(kb_env_virtualization_evidence(&e, why, sizeof(why)));
	memcpy(e.dt_compatible, "linux,dummy-virt", sizeof("linux,dummy-virt"));
	e.dt_compatible_len = sizeof("linux,dummy-virt");
	e.has_dt = true;
	assert_non_null(kb_env_virtualization_evidence(&e, why, sizeof(why)));
	assert_non_null(strstr(why, "linux,dummy-virt"));
	snprintf(e.hypervisor_type, sizeof(e.hypervisor_type), "xen");
	assert_string_equal(kb_env_virtualization_evidence(&e, why,
							   sizeof(why)),
			    "/sys/hypervisor/type: xen");
	memset(&e, 0, sizeof(e));
	snprintf(e.cpuid_signature, sizeof(e.cpuid_signature), "KVMKVMKVM");
	assert_string_equal(kb_env_virtualization_evidence(&e, why,
							   sizeof(why)),
			    "CPUID leaf 0x40000000: \"KVMKVMKVM\"");
}

/*
 * `kaesbench list --json` in the VM suite's arm64 TCG guest (-M virt
 * -cpu max, Debian 12's 6.12; the guest's own environment was this one,
 * its time and implementations aside): the document in
 * tests/unit/data/env-arm64-tcg.json, which tests/results/host.sh
 * validates against the schema, is this code's output, not a copy made
 * by hand. On a difference the document made is printed.
 */
static void test_arm64_document(void **state)
{
	const struct arm64_machine *m = &arm64_machines[0];
	struct kb_impl_list list = { 0 };
	struct kb_env_module mod = { .protocol_version = 1, .impls = &list };
	struct json_object *doc, *want;
	char *text = NULL;
	size_t len = 0;
	struct root *r;
	struct kb_env e;
	FILE *f;

	(void)state;
	r = arm64_root(m);
	put_kernel(r, "6.12.118+deb12-arm64\n",
		   "#1 SMP Debian 6.12.118-1~deb12u1 (2026-11-28)\n",
		   "arch_sys_counter\n", "CCFE77FE551C4E9BCFF4233\n");
	kb_env_gather(&e, r->dir);
	root_free(r);
	strcpy(e.machine, "aarch64");
	strcpy(e.time, "2026-12-04T10:42:09Z");
	e.openssl_version = "OpenSSL 3.0.22 25 Aug 2026";
	e.openssl_cpu_settings = "OPENSSL_armcap=0xfd";
	add_cbc_impl(&list, "cbc-aes-neonbs", "aes_neon_bs", 250, 0);
	add_cbc_impl(&list, "cbc-aes-ce", "aes_ce_blk", 300,
		     KAESBENCH_IMPL_F_SELECTED |
			     KAESBENCH_IMPL_F_SELECTED_SYNC);
	add_cbc_impl(&list, "virtio_crypto_aes_cbc", "virtio_crypto", 150,
		     KAESBENCH_IMPL_F_ASYNC);

	f = open_memstream(&text, &len);
	assert_non_null(f);
	assert_int_equal(kb_print_json(f, &list, kb_env_to_json(&e, &mod), NULL), 0);
	fclose(f);
	doc = json_tokener_parse(text);
	assert_non_null(doc);
	want = json_object_from_file(KB_TEST_DATA "/env-arm64-tcg.json");
	assert_non_null(want);
	/* The tool's version is the tree's, whatever the sample says. */
	json_object_object_del(doc, "kaesbench_version");
	json_object_object_del(want, "kaesbench_version");
	/* cmocka's print_message() cuts long messages short. */
	if (!json_object_equal(doc, want))
		fprintf(stderr, "the document made:\n%s\n",
			json_object_to_json_string_ext(
				doc, JSON_C_TO_STRING_PRETTY |
					     JSON_C_TO_STRING_SPACED));
	assert_true(json_object_equal(doc, want));
	/* What a reader of arm64's documents looks at. */
	assert_string_equal(get_str(doc, "environment.virtualization.detected"),
			    "tcg");
	assert_true(get_bool(doc, "environment.cpu.flags.pmull"));
	assert_false(json_object_object_get_ex(
		get(doc, "environment.cpu.flags"), "vaes", NULL));
	assert_true(get_bool(doc, "environment.openssl.capabilities.aes"));
	assert_true(get_bool(doc, "environment.openssl.capabilities.pmull"));
	json_object_put(doc);
	json_object_put(want);
	free(text);
	kb_impl_list_free(&list);
}

/* Nothing readable: every member is there, as null, with the reason. */
static void test_gather_nothing(void **state)
{
	struct kb_env_module m = {
		.error = "the kaesbench module is not loaded"
	};
	struct json_object *o;
	struct kb_env e;

	(void)state;
	kb_env_gather(&e, "/nonexistent-kaesbench-root");
	o = kb_env_to_json(&e, &m);
	assert_non_null(o);
	assert_null(get(o, "kernel.release"));
	assert_null(get(o, "cpu.model"));
	assert_null(get(o, "cpu.cpus"));
	assert_null(get(o, "cpu.flags"));
	assert_null(get(o, "virtualization.detected"));
	assert_null(get(o, "virtualization.sys_vendor"));
	assert_null(get(o, "clocksource"));
	assert_null(get(o, "openssl.version"));
	assert_null(get(o, "openssl.capabilities"));
	assert_string_equal(get_str(o, "module.error"),
			    "the kaesbench module is not loaded");
	assert_null(get(o, "module.protocol_version"));
	assert_null(get(o, "module.version"));
	assert_null(get(o, "module.implementations"));
	json_object_put(o);
}

/* This machine: what uname says, and the module loaded or said missing. */
static void test_here(void **state)
{
	struct json_object *o = kb_env_json_here(NULL), *err;
	struct utsname u;

	(void)state;
	assert_non_null(o);
	assert_int_equal(uname(&u), 0);
	assert_string_equal(get_str(o, "kernel.release"), u.release);
	assert_string_equal(get_str(o, "kernel.machine"), u.machine);
	assert_non_null(get_str(o, "openssl.version"));
	err = get(o, "module.error");
	if (err)
		assert_null(get(o, "module.implementations"));
	else
		assert_int_equal(
			json_object_get_int(get(o, "module.protocol_version")),
			KAESBENCH_GENL_VERSION);
	json_object_put(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpuinfo_x86),
		cmocka_unit_test(test_cpuinfo_arm64),
		cmocka_unit_test(test_cpuinfo_arm64_models),
		cmocka_unit_test(test_cpuinfo_other),
		cmocka_unit_test(test_virtualization),
		cmocka_unit_test(test_virtualization_arm64),
		cmocka_unit_test(test_virtualization_evidence),
		cmocka_unit_test(test_devicetree_json),
		cmocka_unit_test(test_arm64_document),
		cmocka_unit_test_setup_teardown(test_gather_tcg_guest,
						root_setup, root_teardown),
		cmocka_unit_test(test_gather_nothing),
		cmocka_unit_test(test_here),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
