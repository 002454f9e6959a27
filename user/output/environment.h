/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The machine a result was measured on, for the "environment" member of
 * every JSON document: kernel, CPU, virtualization, clocksource, OpenSSL
 * and the kaesbench module. Documentation/results.rst describes it.
 */
#ifndef KAESBENCH_OUTPUT_ENVIRONMENT_H
#define KAESBENCH_OUTPUT_ENVIRONMENT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "kernel/impls.h"

#define KB_ENV_STR 256

/* Whose words /proc/cpuinfo's flags line holds. */
enum kb_cpu_arch {
	KB_CPU_ARCH_OTHER, /* neither: no flags are reported */
	KB_CPU_ARCH_X86, /* a "flags" line */
	KB_CPU_ARCH_ARM64, /* a "Features" line and "CPU implementer" */
};

/*
 * The CPU flags that decide which AES code the kernel and OpenSSL run,
 * each architecture's in the order JSON prints them; "aes" is both's.
 * kb_cpu_arch_flags() says which belong to an architecture.
 */
enum kb_cpu_flag {
	KB_CPU_AES,
	/* x86 */
	KB_CPU_PCLMULQDQ,
	KB_CPU_AVX,
	KB_CPU_AVX2,
	KB_CPU_VAES,
	KB_CPU_VPCLMULQDQ,
	KB_CPU_AVX512F,
	KB_CPU_AVX512BW,
	KB_CPU_AVX512VL,
	KB_CPU_HYPERVISOR,
	KB_CPU_CONSTANT_TSC,
	/* arm64 */
	KB_CPU_PMULL,
	KB_CPU_ASIMD,
	KB_CPU_SHA1,
	KB_CPU_SHA2,
	KB_CPU_SHA3,
	KB_CPU_SHA512,
	KB_CPU_SVE,
	KB_CPU_SVE2,
	KB_CPU_SVEAES,
	KB_CPU_SVEPMULL,
	KB_CPU_FLAG_COUNT
};

extern const char *const kb_cpu_flag_names[KB_CPU_FLAG_COUNT];

/* What /proc/cpuinfo says; "" and 0 when it does not say. */
struct kb_cpuinfo {
	/*
	 * The first "model name"; on arm64, which has none, the first
	 * processor's implementer and part, named when known.
	 */
	char model[KB_ENV_STR];
	unsigned int cpus; /* "processor" lines: the online CPUs */
	enum kb_cpu_arch arch;
	bool has_flags; /* @arch is known and its flags line was found */
	uint32_t flags; /* bit n: kb_cpu_flag_names[n], one of @arch's */
	bool has_midr; /* "CPU implementer" and "CPU part" were found */
	unsigned int implementer; /* MIDR_EL1's: 0x41 Arm, 0x00 software */
	unsigned int part;
};

/* Each string is "" when unknown, and then null in JSON. */
struct kb_env {
	char release[KB_ENV_STR]; /* /proc/sys/kernel/osrelease */
	char version[KB_ENV_STR]; /* /proc/sys/kernel/version */
	char machine[KB_ENV_STR]; /* uname -m of the tool */
	struct kb_cpuinfo cpu;
	char cpuid_signature[13]; /* CPUID leaf 0x40000000 */
	char sys_vendor[KB_ENV_STR]; /* DMI */
	char product_name[KB_ENV_STR];
	char hypervisor_type[KB_ENV_STR]; /* /sys/hypervisor/type: "xen" */
	/*
	 * The device tree's root, where the kernel was handed one (arm64
	 * without ACPI): its "compatible" strings, each NUL-terminated, and
	 * whether QEMU's fw-cfg node is there.
	 */
	bool has_dt;
	char dt_compatible[KB_ENV_STR];
	size_t dt_compatible_len;
	char dt_model[KB_ENV_STR];
	bool dt_qemu_fw_cfg;
	char clocksource[KB_ENV_STR];
	char module_version[KB_ENV_STR]; /* /sys/module/kaesbench/version */
	char module_srcversion[KB_ENV_STR];
	const char *openssl_error; /* why libcrypto is not loaded, or NULL */
	const char *openssl_version;
	const char *openssl_cpu_settings; /* OPENSSL_INFO_CPU_SETTINGS */
	char time[32]; /* when gathered, ISO 8601 UTC */
};

/* What the tool learnt from the module itself. */
struct kb_env_module {
	const char *error; /* why the rest is unknown, or NULL */
	uint32_t protocol_version; /* the family's version */
	const struct kb_impl_list *impls;
};

uint32_t kb_cpu_arch_flags(enum kb_cpu_arch arch);
int kb_cpuinfo_parse(FILE *f, struct kb_cpuinfo *ci);
const char *kb_env_virtualization(const struct kb_env *e);
const char *kb_env_virtualization_evidence(const struct kb_env *e, char *buf,
					   size_t len);
void kb_env_cpuid_signature(char sig[13]);
void kb_env_gather_machine(struct kb_env *e, const char *root);
void kb_env_gather(struct kb_env *e, const char *root);
struct json_object *kb_env_to_json(const struct kb_env *e,
				   const struct kb_env_module *m);
struct json_object *kb_env_json_here(const struct kb_impl_list *list);

#endif /* KAESBENCH_OUTPUT_ENVIRONMENT_H */
