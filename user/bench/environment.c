// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A figure means little without the machine it came from: whether the CPU
 * has AES-NI or VAES, whether it was a VM or an emulator (TCG figures are
 * no hardware figures), which clocksource timed it, which OpenSSL and
 * which kernel implementations were there. Files are read under a root
 * directory so that the tests can hand in a made-up /proc and /sys.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "bench/environment.h"
#include "output/impl_list.h"
#include "kernel/genl.h"
#include "userspace/libcrypto.h"
#include "userspace/openssl_caps.h"

const char *const kb_cpu_flag_names[KB_CPU_FLAG_COUNT] = {
	[KB_CPU_AES] = "aes",
	[KB_CPU_PCLMULQDQ] = "pclmulqdq",
	[KB_CPU_AVX] = "avx",
	[KB_CPU_AVX2] = "avx2",
	[KB_CPU_VAES] = "vaes",
	[KB_CPU_VPCLMULQDQ] = "vpclmulqdq",
	[KB_CPU_AVX512F] = "avx512f",
	[KB_CPU_AVX512BW] = "avx512bw",
	[KB_CPU_AVX512VL] = "avx512vl",
	[KB_CPU_HYPERVISOR] = "hypervisor",
	[KB_CPU_CONSTANT_TSC] = "constant_tsc",
};

/* @line's value after "KEY<blanks>: ", or NULL if its key is not @key. */
static const char *value_of(const char *line, const char *key)
{
	size_t n = strlen(key);

	if (strncmp(line, key, n))
		return NULL;
	line += n;
	line += strspn(line, " \t");
	if (*line != ':')
		return NULL;
	line++;
	return line + strspn(line, " \t");
}

/* @src's first line less trailing blanks: its length. */
static size_t trimmed_len(const char *src)
{
	size_t n = strcspn(src, "\r\n");

	while (n && (src[n - 1] == ' ' || src[n - 1] == '\t'))
		n--;
	return n;
}

static void copy_trimmed(char *dst, size_t len, const char *src)
{
	snprintf(dst, len, "%.*s", (int)trimmed_len(src), src);
}

static uint32_t parse_flags(const char *words)
{
	uint32_t flags = 0;
	size_t n;
	int i;

	while (*words && *words != '\n') {
		n = strcspn(words, " \t\n");
		for (i = 0; i < KB_CPU_FLAG_COUNT; i++)
			if (n == strlen(kb_cpu_flag_names[i]) &&
			    !strncmp(words, kb_cpu_flag_names[i], n))
				flags |= 1U << i;
		words += n;
		words += strspn(words, " \t");
	}
	return flags;
}

/**
 * kb_cpuinfo_parse() - what /proc/cpuinfo says of the CPU
 * @f: /proc/cpuinfo, or a file of the same format
 * @ci: filled in from the first processor's model and flags, and the
 *	count of processors
 *
 * Return: 0, or -ENOMEM.
 */
int kb_cpuinfo_parse(FILE *f, struct kb_cpuinfo *ci)
{
	char *line = NULL;
	size_t cap = 0;
	const char *v;
	int ret = 0;

	memset(ci, 0, sizeof(*ci));
	errno = 0;
	while (getline(&line, &cap, f) >= 0) {
		if (value_of(line, "processor"))
			ci->cpus++;
		else if (!ci->model[0] && (v = value_of(line, "model name")))
			copy_trimmed(ci->model, sizeof(ci->model), v);
		else if (!ci->has_flags && ((v = value_of(line, "flags")) ||
					    (v = value_of(line, "Features")))) {
			ci->has_flags = true;
			ci->flags = parse_flags(v);
		}
	}
	if (errno == ENOMEM)
		ret = -ENOMEM;
	free(line);
	return ret;
}

/* The first line of @root@path, trimmed, or "" if there is none. */
static void read_line(const char *root, const char *path, char *buf, size_t len)
{
	char name[4096];
	FILE *f;

	buf[0] = '\0';
	snprintf(name, sizeof(name), "%s%s", root, path);
	f = fopen(name, "re");
	if (!f)
		return;
	if (fgets(buf, len, f))
		buf[trimmed_len(buf)] = '\0';
	else
		buf[0] = '\0';
	fclose(f);
}

static void read_cpuinfo(const char *root, struct kb_cpuinfo *ci)
{
	char name[4096];
	FILE *f;

	memset(ci, 0, sizeof(*ci));
	snprintf(name, sizeof(name), "%s/proc/cpuinfo", root);
	f = fopen(name, "re");
	if (!f)
		return;
	kb_cpuinfo_parse(f, ci);
	fclose(f);
}

/*
 * The hypervisor's signature at CPUID leaf 0x40000000, which is only
 * defined when CPUID.1:ECX bit 31 says a hypervisor is there. QEMU's TCG
 * signs "TCGTCGTCGTCG", KVM "KVMKVMKVM".
 */
static void read_cpuid_signature(char sig[13])
{
	sig[0] = '\0';
#if defined(__x86_64__) || defined(__i386__)
	unsigned int a, b, c, d, i;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1U << 31)))
		return;
	__cpuid(0x40000000, a, b, c, d);
	memcpy(sig, &b, 4);
	memcpy(sig + 4, &c, 4);
	memcpy(sig + 8, &d, 4);
	sig[12] = '\0';
	for (i = 0; sig[i]; i++)
		if (sig[i] < ' ' || sig[i] > '~')
			sig[i] = '?';
#endif
}

/**
 * kb_env_virtualization() - what the machine runs on, in one word
 * @e: the environment
 *
 * Return: from the CPUID signature "tcg" (QEMU emulating the CPU: figures
 * are no hardware figures), "kvm", "hyperv", "vmware", "xen",
 * "virtualbox", "bhyve", "acrn" or "parallels"; "tcg" too for QEMU's TCG
 * CPU models; "qemu" for a QEMU machine whose CPU does not say more;
 * "unknown" for a hypervisor not named; "none" when nothing says there is
 * one; NULL when the CPU flags are unknown (not x86).
 */
const char *kb_env_virtualization(const struct kb_env *e)
{
	static const struct {
		const char *sig;
		const char *name;
	} sigs[] = {
		{ "TCGTCGTCGTCG", "tcg" },
		{ "KVMKVMKVM", "kvm" },
		{ "Microsoft Hv", "hyperv" },
		{ "VMwareVMware", "vmware" },
		{ "XenVMMXenVMM", "xen" },
		{ "VBoxVBoxVBox", "virtualbox" },
		{ "bhyve bhyve ", "bhyve" },
		{ "ACRNACRNACRN", "acrn" },
		{ " lrpepyh  vr", "parallels" },
	};
	size_t i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (!strcmp(e->cpuid_signature, sigs[i].sig))
			return sigs[i].name;
	if (!strncmp(e->cpu.model, "QEMU TCG CPU", strlen("QEMU TCG CPU")))
		return "tcg";
	if (e->cpuid_signature[0] || (e->cpu.flags & (1U << KB_CPU_HYPERVISOR)))
		return "unknown";
	if (!strcmp(e->sys_vendor, "QEMU"))
		return "qemu";
	return e->cpu.has_flags ? "none" : NULL;
}

/**
 * kb_env_gather() - read the environment
 * @e: filled in
 * @root: prefix of /proc and /sys: "" for this machine's. With another
 *	  root, the CPUID signature, uname and OpenSSL are left for the
 *	  caller to fill in.
 */
void kb_env_gather(struct kb_env *e, const char *root)
{
	struct utsname u;
	time_t now = time(NULL);
	struct tm tm;

	memset(e, 0, sizeof(*e));
	read_line(root, "/proc/sys/kernel/osrelease", e->release,
		  sizeof(e->release));
	read_line(root, "/proc/sys/kernel/version", e->version,
		  sizeof(e->version));
	read_cpuinfo(root, &e->cpu);
	read_line(root, "/sys/class/dmi/id/sys_vendor", e->sys_vendor,
		  sizeof(e->sys_vendor));
	read_line(root, "/sys/class/dmi/id/product_name", e->product_name,
		  sizeof(e->product_name));
	read_line(
		root,
		"/sys/devices/system/clocksource/clocksource0/current_clocksource",
		e->clocksource, sizeof(e->clocksource));
	read_line(root, "/sys/module/kaesbench/version", e->module_version,
		  sizeof(e->module_version));
	read_line(root, "/sys/module/kaesbench/srcversion",
		  e->module_srcversion, sizeof(e->module_srcversion));
	if (gmtime_r(&now, &tm))
		strftime(e->time, sizeof(e->time), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (root[0])
		return;
	if (!uname(&u))
		snprintf(e->machine, sizeof(e->machine), "%s", u.machine);
	read_cpuid_signature(e->cpuid_signature);
	if (kb_libcrypto_load()) {
		e->openssl_error = kb_libcrypto_error();
		return;
	}
	e->openssl_version = sym_OpenSSL_version(OPENSSL_VERSION);
	e->openssl_cpu_settings = sym_OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS);
}

static void add(struct json_object *o, const char *key, struct json_object *v)
{
	json_object_object_add(o, key, v);
}

/* "" is unknown: null. */
static struct json_object *str(const char *s)
{
	return s && s[0] ? json_object_new_string(s) : NULL;
}

/* Every object here holds only scalars once built: a failed add is ENOMEM. */
static struct json_object *new_obj(bool *oom)
{
	struct json_object *o = json_object_new_object();

	if (!o)
		*oom = true;
	return o;
}

static struct json_object *kernel_json(const struct kb_env *e, bool *oom)
{
	struct json_object *o = new_obj(oom);

	if (!o)
		return NULL;
	add(o, "release", str(e->release));
	add(o, "version", str(e->version));
	add(o, "machine", str(e->machine));
	return o;
}

static struct json_object *cpu_json(const struct kb_env *e, bool *oom)
{
	struct json_object *o = new_obj(oom), *flags = NULL;
	int i;

	if (!o)
		return NULL;
	add(o, "model", str(e->cpu.model));
	add(o, "cpus", e->cpu.cpus ? json_object_new_int64(e->cpu.cpus) : NULL);
	if (e->cpu.has_flags) {
		flags = new_obj(oom);
		for (i = 0; flags && i < KB_CPU_FLAG_COUNT; i++)
			add(flags, kb_cpu_flag_names[i],
			    json_object_new_boolean(e->cpu.flags & (1U << i)));
	}
	add(o, "flags", flags);
	return o;
}

static struct json_object *virt_json(const struct kb_env *e, bool *oom)
{
	struct json_object *o = new_obj(oom);

	if (!o)
		return NULL;
	add(o, "detected", str(kb_env_virtualization(e)));
	add(o, "cpuid_signature", str(e->cpuid_signature));
	add(o, "sys_vendor", str(e->sys_vendor));
	add(o, "product_name", str(e->product_name));
	return o;
}

static struct json_object *openssl_json(const struct kb_env *e, bool *oom)
{
	struct json_object *o = new_obj(oom), *caps = NULL;
	struct kb_ossl_caps c;

	if (!o)
		return NULL;
	add(o, "error", str(e->openssl_error));
	add(o, "version", str(e->openssl_version));
	add(o, "cpu_settings", str(e->openssl_cpu_settings));
	if (!kb_ossl_caps_parse(e->openssl_cpu_settings, &c)) {
		caps = new_obj(oom);
		if (caps) {
			add(caps, "aesni", json_object_new_boolean(c.aesni));
			add(caps, "pclmulqdq",
			    json_object_new_boolean(c.pclmulqdq));
			add(caps, "avx", json_object_new_boolean(c.avx));
			add(caps, "vaes", json_object_new_boolean(c.vaes));
			add(caps, "vpclmulqdq",
			    json_object_new_boolean(c.vpclmulqdq));
		}
	}
	add(o, "capabilities", caps);
	return o;
}

static struct json_object *impls_json(const struct kb_impl_list *list,
				      bool *oom)
{
	struct json_object *arr = json_object_new_array(), *item;
	size_t i;

	for (i = 0; arr && i < list->count; i++) {
		item = kb_impl_to_json(&list->impl[i]);
		if (!item || json_object_array_add(arr, item)) {
			json_object_put(item);
			json_object_put(arr);
			arr = NULL;
		}
	}
	if (!arr)
		*oom = true;
	return arr;
}

static struct json_object *module_json(const struct kb_env *e,
				       const struct kb_env_module *m, bool *oom)
{
	struct json_object *o = new_obj(oom);
	bool known = !m->error;

	if (!o)
		return NULL;
	add(o, "error", known ? NULL : json_object_new_string(m->error));
	add(o, "protocol_version",
	    known ? json_object_new_int64(m->protocol_version) : NULL);
	add(o, "version", str(e->module_version));
	add(o, "srcversion", str(e->module_srcversion));
	add(o, "implementations",
	    known && m->impls ? impls_json(m->impls, oom) : NULL);
	return o;
}

/**
 * kb_env_to_json() - the environment as JSON
 * @e: what was read
 * @m: what the module said, or why it said nothing
 *
 * Return: a new object the caller must json_object_put(), or NULL if out of
 * memory.
 */
struct json_object *kb_env_to_json(const struct kb_env *e,
				   const struct kb_env_module *m)
{
	struct json_object *o = json_object_new_object();
	bool oom = !o;

	if (!o)
		return NULL;
	add(o, "time", str(e->time));
	add(o, "kernel", kernel_json(e, &oom));
	add(o, "cpu", cpu_json(e, &oom));
	add(o, "virtualization", virt_json(e, &oom));
	add(o, "clocksource", str(e->clocksource));
	add(o, "openssl", openssl_json(e, &oom));
	add(o, "module", module_json(e, m, &oom));
	if (oom) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

/**
 * kb_env_json_here() - this machine's environment, now, as JSON
 * @list: the implementations, when the caller has just listed them; NULL
 *	  to ask the module
 *
 * A missing module is no error: the environment says it was not loaded.
 *
 * Return: a new object the caller must json_object_put(), or NULL if out of
 * memory.
 */
struct json_object *kb_env_json_here(const struct kb_impl_list *list)
{
	struct kb_impl_list own = { 0 };
	struct kb_env_module m = { 0 };
	struct json_object *o;
	struct kb_genl g;
	struct kb_env *e;
	int ret;

	e = malloc(sizeof(*e));
	if (!e)
		return NULL;
	ret = kb_genl_try_open(&g);
	if (ret == -ENOENT) {
		m.error = "the kaesbench module is not loaded";
	} else if (ret) {
		m.error =
			"the kaesbench module did not answer (see the message before)";
	} else {
		m.protocol_version = g.version;
		m.impls = list ? list : &own;
		if (!list && kb_get_impls(&g, &own))
			m.error =
				"listing the implementations failed (see the message before)";
	}
	kb_genl_close(&g);
	kb_env_gather(e, "");
	o = kb_env_to_json(e, &m);
	kb_impl_list_free(&own);
	free(e);
	return o;
}
