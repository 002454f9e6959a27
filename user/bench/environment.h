/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The machine a result was measured on, for the "environment" member of
 * every JSON document: kernel, CPU, virtualization, clocksource, OpenSSL
 * and the kaesbench module. Documentation/results.rst describes it.
 */
#ifndef KAESBENCH_BENCH_ENVIRONMENT_H
#define KAESBENCH_BENCH_ENVIRONMENT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "kernel/impls.h"

#define KB_ENV_STR 256

/* The CPU flags that decide which AES code the kernel and OpenSSL run. */
enum kb_cpu_flag {
	KB_CPU_AES,
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
	KB_CPU_FLAG_COUNT
};

extern const char *const kb_cpu_flag_names[KB_CPU_FLAG_COUNT];

/* What /proc/cpuinfo says; "" and 0 when it does not say. */
struct kb_cpuinfo {
	char model[KB_ENV_STR]; /* the first "model name" */
	unsigned int cpus; /* "processor" lines: the online CPUs */
	bool has_flags; /* a "flags" (x86) or "Features" line was found */
	uint32_t flags; /* bit n: kb_cpu_flag_names[n] is listed */
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

int kb_cpuinfo_parse(FILE *f, struct kb_cpuinfo *ci);
const char *kb_env_virtualization(const struct kb_env *e);
void kb_env_gather(struct kb_env *e, const char *root);
struct json_object *kb_env_to_json(const struct kb_env *e,
				   const struct kb_env_module *m);
struct json_object *kb_env_json_here(const struct kb_impl_list *list);

#endif /* KAESBENCH_BENCH_ENVIRONMENT_H */
