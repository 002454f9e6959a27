// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The environment of the JSON documents, read from made-up /proc and /sys
 * trees: a QEMU TCG guest, a KVM guest, an arm64 machine, and one where
 * nothing can be read.
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

#include "bench/environment.h"

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

static const char arm_cpuinfo[] =
	"processor\t: 0\n"
	"BogoMIPS\t: 50.00\n"
	"Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32\n"
	"CPU implementer\t: 0x41\n";

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

static void test_cpuinfo_other(void **state)
{
	struct kb_cpuinfo ci;

	(void)state;
	parse(arm_cpuinfo, &ci);
	assert_string_equal(ci.model, "");
	assert_int_equal(ci.cpus, 1);
	assert_true(ci.has_flags);
	assert_int_equal(ci.flags, 1U << KB_CPU_AES);

	parse("", &ci);
	assert_int_equal(ci.cpus, 0);
	assert_false(ci.has_flags);
	/* "flagsx" is another key; "flags" without a colon is no line. */
	parse("flagsx : aes\nflags aes\n", &ci);
	assert_false(ci.has_flags);
}

static void test_virtualization(void **state)
{
	struct kb_env e;

	(void)state;
	memset(&e, 0, sizeof(e));
	assert_null(kb_env_virtualization(&e)); /* no CPU flags known */
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

/* A made-up root: /proc and /sys files of a TCG guest. */
struct root {
	char dir[64];
};

static void put(const struct root *r, const char *path, const char *text)
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
	fputs(text, f);
	fclose(f);
}

static int root_setup(void **state)
{
	struct root *r = calloc(1, sizeof(*r));

	assert_non_null(r);
	strcpy(r->dir, "/tmp/kaesbench-env-XXXXXX");
	assert_non_null(mkdtemp(r->dir));
	put(r, "/proc/cpuinfo", tcg_cpuinfo);
	put(r, "/proc/sys/kernel/osrelease", "6.12.117+deb12-amd64\n");
	put(r, "/proc/sys/kernel/version",
	    "#1 SMP PREEMPT_DYNAMIC Debian 6.12.117-1~deb12u1   \n");
	put(r, "/sys/class/dmi/id/sys_vendor", "QEMU\n");
	put(r, "/sys/class/dmi/id/product_name",
	    "Standard PC (i440FX + PIIX, 1996)\n");
	put(r,
	    "/sys/devices/system/clocksource/clocksource0/current_clocksource",
	    "tsc\n");
	put(r, "/sys/module/kaesbench/version", "0.1.0\n");
	put(r, "/sys/module/kaesbench/srcversion", "0123456789ABCDEF0123456\n");
	*state = r;
	return 0;
}

static int root_teardown(void **state)
{
	struct root *r = *state;
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", r->dir);
	assert_int_equal(system(cmd), 0);
	free(r);
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

static void one_impl(struct kb_impl_list *list)
{
	list->impl = calloc(1, sizeof(*list->impl));
	assert_non_null(list->impl);
	list->count = list->alloc = 1;
	list->impl->alg_name = strdup("cbc(aes)");
	list->impl->driver_name = strdup("cbc-aes-aesni");
	list->impl->priority = 400;
	list->impl->flags = KAESBENCH_IMPL_F_SELECTED;
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
		cmocka_unit_test(test_cpuinfo_other),
		cmocka_unit_test(test_virtualization),
		cmocka_unit_test_setup_teardown(test_gather_tcg_guest,
						root_setup, root_teardown),
		cmocka_unit_test(test_gather_nothing),
		cmocka_unit_test(test_here),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
