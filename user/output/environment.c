// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * A figure means little without the machine it came from: whether the CPU
 * has AES-NI or VAES (arm64: the Crypto Extensions), whether it was a VM
 * or an emulator (TCG figures are no hardware figures), which clocksource
 * timed it, which OpenSSL and which kernel implementations were there.
 * Files are read under a root directory so that the tests can hand in a
 * made-up /proc and /sys.
 */

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "output/environment.h"
#include "output/impl_list.h"
#include "netlink/kaesbench_genl.h"
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
	[KB_CPU_PMULL] = "pmull",
	[KB_CPU_ASIMD] = "asimd",
	[KB_CPU_SHA1] = "sha1",
	[KB_CPU_SHA2] = "sha2",
	[KB_CPU_SHA3] = "sha3",
	[KB_CPU_SHA512] = "sha512",
	[KB_CPU_SVE] = "sve",
	[KB_CPU_SVE2] = "sve2",
	[KB_CPU_SVEAES] = "sveaes",
	[KB_CPU_SVEPMULL] = "svepmull",
};

#define FLAG(f) (1U << (f))
#define FLAGS_FROM(first, last) ((FLAG(last) << 1) - FLAG(first))

/**
 * kb_cpu_arch_flags() - the flags an architecture reports
 * @arch: the architecture /proc/cpuinfo describes
 *
 * x86: AES-NI and PCLMULQDQ, the AVX levels VAES and VPCLMULQDQ code
 * needs, the hypervisor flag, and constant_tsc (without it no cycles).
 *
 * arm64: aes and pmull are the Crypto Extensions the kernel's aes-ce,
 * aes-ce-blk and ghash-ce (gcm) and OpenSSL's ARMv8 code need; asimd
 * (NEON) is what the kernel's aes-neon-blk and aes-neon-bs need without
 * them. sha1, sha2 and sha512 pick the hashes of the AES combinations
 * (essiv's sha256, authenc's HMACs) in both; sha3's EOR3, with the CPU's
 * part, picks OpenSSL's unrolled AES-GCM. sve, sve2, sveaes and svepmull
 * say what SVE AES code could use: neither the kernel (whose kernel-mode
 * SIMD is NEON) nor OpenSSL has any yet, but QEMU's "max" and recent
 * cores have them. x86's words mean nothing there, and are left out.
 *
 * Return: a mask of 1 << enum kb_cpu_flag; 0 for other architectures.
 */
uint32_t kb_cpu_arch_flags(enum kb_cpu_arch arch)
{
	switch (arch) {
	case KB_CPU_ARCH_X86:
		return FLAG(KB_CPU_AES) |
		       FLAGS_FROM(KB_CPU_PCLMULQDQ, KB_CPU_CONSTANT_TSC);
	case KB_CPU_ARCH_ARM64:
		return FLAG(KB_CPU_AES) |
		       FLAGS_FROM(KB_CPU_PMULL, KB_CPU_SVEPMULL);
	default:
		return 0;
	}
}

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

/* MIDR_EL1's implementers (arch/arm64/include/asm/cputype.h). */
static const struct {
	unsigned int implementer;
	const char *name;
} arm_implementers[] = {
	{ 0x41, "ARM" },       { 0x42, "Broadcom" },  { 0x43, "Cavium" },
	{ 0x46, "Fujitsu" },   { 0x48, "HiSilicon" }, { 0x4e, "NVIDIA" },
	{ 0x50, "APM" },       { 0x51, "Qualcomm" },  { 0x61, "Apple" },
	{ 0x6d, "Microsoft" }, { 0xc0, "Ampere" },
};

/*
 * Common parts: the cores of arm64 servers, clouds and boards. 0x00 is
 * "reserved for software use": QEMU's TCG models "max" and "any" give it
 * with part 'Q' (target/arm/cpu64.c); under KVM a guest sees the host's.
 */
static const struct {
	unsigned int implementer;
	unsigned int part;
	const char *name;
} arm_parts[] = {
	{ 0x00, 0x051, "QEMU TCG CPU" },
	{ 0x41, 0xd03, "ARM Cortex-A53" },
	{ 0x41, 0xd04, "ARM Cortex-A35" },
	{ 0x41, 0xd05, "ARM Cortex-A55" },
	{ 0x41, 0xd07, "ARM Cortex-A57" },
	{ 0x41, 0xd08, "ARM Cortex-A72" },
	{ 0x41, 0xd09, "ARM Cortex-A73" },
	{ 0x41, 0xd0a, "ARM Cortex-A75" },
	{ 0x41, 0xd0b, "ARM Cortex-A76" },
	{ 0x41, 0xd0c, "ARM Neoverse-N1" },
	{ 0x41, 0xd0d, "ARM Cortex-A77" },
	{ 0x41, 0xd40, "ARM Neoverse-V1" },
	{ 0x41, 0xd41, "ARM Cortex-A78" },
	{ 0x41, 0xd44, "ARM Cortex-X1" },
	{ 0x41, 0xd46, "ARM Cortex-A510" },
	{ 0x41, 0xd47, "ARM Cortex-A710" },
	{ 0x41, 0xd48, "ARM Cortex-X2" },
	{ 0x41, 0xd49, "ARM Neoverse-N2" },
	{ 0x41, 0xd4f, "ARM Neoverse-V2" },
	{ 0x41, 0xd80, "ARM Cortex-A520" },
	{ 0x41, 0xd81, "ARM Cortex-A720" },
	{ 0x41, 0xd84, "ARM Neoverse-V3" },
	{ 0x41, 0xd8e, "ARM Neoverse-N3" },
	{ 0x43, 0x0af, "Cavium ThunderX2" },
	{ 0x46, 0x001, "Fujitsu A64FX" },
	{ 0x48, 0xd01, "HiSilicon TSV110" },
	{ 0x4e, 0x004, "NVIDIA Carmel" },
	{ 0x61, 0x022, "Apple M1 Icestorm" },
	{ 0x61, 0x023, "Apple M1 Firestorm" },
	{ 0x6d, 0xd49, "Microsoft Azure Cobalt 100" },
	{ 0xc0, 0xac3, "Ampere AmpereOne" },
};

/*
 * arm64's /proc/cpuinfo has no model name: the part, named where it is
 * known, and the numbers always, which errata lists and cputype.h use.
 */
static void arm_model(struct kb_cpuinfo *ci)
{
	const char *name = NULL;
	size_t i;

	for (i = 0; !name && i < sizeof(arm_parts) / sizeof(arm_parts[0]); i++)
		if (arm_parts[i].implementer == ci->implementer &&
		    arm_parts[i].part == ci->part)
			name = arm_parts[i].name;
	for (i = 0; !name &&
		    i < sizeof(arm_implementers) / sizeof(arm_implementers[0]);
	     i++)
		if (arm_implementers[i].implementer == ci->implementer)
			name = arm_implementers[i].name;
	snprintf(ci->model, sizeof(ci->model),
		 "%s%simplementer 0x%02x, part 0x%03x%s", name ? name : "",
		 name ? " (" : "", ci->implementer, ci->part, name ? ")" : "");
}

/* A "0x41"-style value of at most @max, or -1. */
static long hex_value(const char *v, unsigned long max)
{
	unsigned long n;
	char *end;

	errno = 0;
	n = strtoul(v, &end, 0);
	if (errno || end == v || n > max)
		return -1;
	return (long)n;
}

/* Which lines were read: the first processor's speak for all. */
struct seen {
	bool flags; /* x86's */
	bool features; /* arm64's, or another architecture's */
	bool implementer;
	bool part;
};

static void parse_line(const char *line, struct kb_cpuinfo *ci,
		       struct seen *seen)
{
	bool flags = seen->flags || seen->features;
	const char *v;
	long n;

	if (value_of(line, "processor")) {
		ci->cpus++;
	} else if (!ci->model[0] && (v = value_of(line, "model name"))) {
		copy_trimmed(ci->model, sizeof(ci->model), v);
	} else if (!flags && (v = value_of(line, "flags"))) {
		seen->flags = true;
		ci->flags = parse_flags(v);
	} else if (!flags && (v = value_of(line, "Features"))) {
		seen->features = true;
		ci->flags = parse_flags(v);
	} else if (!seen->implementer &&
		   (v = value_of(line, "CPU implementer")) &&
		   (n = hex_value(v, 0xff)) >= 0) {
		seen->implementer = true;
		ci->implementer = (unsigned int)n;
	} else if (!seen->part && (v = value_of(line, "CPU part")) &&
		   (n = hex_value(v, 0xfff)) >= 0) {
		seen->part = true;
		ci->part = (unsigned int)n;
	}
}

/**
 * kb_cpuinfo_parse() - what /proc/cpuinfo says of the CPU
 * @f: /proc/cpuinfo, or a file of the same format
 * @ci: filled in from the first processor's model, flags, implementer
 *	and part, and the count of processors
 *
 * The architecture is the file's, not the tool's, so that any can be
 * read anywhere: x86 lists its flags as "flags", arm64 as "Features"
 * followed by its MIDR_EL1 fields ("CPU implementer"); another
 * architecture's "Features" (LoongArch's) is not read.
 *
 * Return: 0, or -ENOMEM.
 */
int kb_cpuinfo_parse(FILE *f, struct kb_cpuinfo *ci)
{
	struct seen seen = { 0 };
	char *line = NULL;
	size_t cap = 0;
	int ret = 0;

	memset(ci, 0, sizeof(*ci));
	errno = 0;
	while (getline(&line, &cap, f) >= 0) {
		parse_line(line, ci, &seen);
		errno = 0; /* what getline says, not strtoul */
	}
	if (errno == ENOMEM)
		ret = -ENOMEM;
	free(line);
	if (seen.flags)
		ci->arch = KB_CPU_ARCH_X86;
	else if (seen.features && seen.implementer)
		ci->arch = KB_CPU_ARCH_ARM64;
	ci->has_flags = ci->arch != KB_CPU_ARCH_OTHER;
	ci->flags &= kb_cpu_arch_flags(ci->arch);
	ci->has_midr = ci->arch == KB_CPU_ARCH_ARM64 && seen.part;
	if (ci->has_midr && !ci->model[0])
		arm_model(ci);
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
 * The device tree's root, which arm64 machines booted without ACPI have:
 * "compatible" names the board (QEMU's virt board, kvmtool's, Firecracker's
 * and crosvm's alike are "linux,dummy-virt"), "model" its name, and a
 * "fw-cfg@" node is QEMU's firmware configuration device, which only
 * QEMU has.
 */
static void read_devicetree(const char *root, struct kb_env *e)
{
	char name[4096];
	struct dirent *d;
	size_t n = 0;
	DIR *dir;
	FILE *f;

	snprintf(name, sizeof(name), "%s/sys/firmware/devicetree/base", root);
	dir = opendir(name);
	if (!dir)
		return;
	e->has_dt = true;
	while ((d = readdir(dir)))
		if (!strncmp(d->d_name, "fw-cfg@", strlen("fw-cfg@")))
			e->dt_qemu_fw_cfg = true;
	closedir(dir);
	snprintf(name, sizeof(name),
		 "%s/sys/firmware/devicetree/base/compatible", root);
	f = fopen(name, "re");
	if (f) {
		/* Room for a NUL after a string cut short. */
		n = fread(e->dt_compatible, 1, sizeof(e->dt_compatible) - 1, f);
		fclose(f);
	}
	if (n && e->dt_compatible[n - 1])
		e->dt_compatible[n++] = '\0';
	e->dt_compatible_len = n;
	read_line(root, "/sys/firmware/devicetree/base/model", e->dt_model,
		  sizeof(e->dt_model));
}

/* Whether the device tree's root is compatible with @board. */
static bool dt_compatible(const struct kb_env *e, const char *board)
{
	size_t i;

	for (i = 0; i < e->dt_compatible_len;
	     i += strlen(e->dt_compatible + i) + 1)
		if (!strcmp(e->dt_compatible + i, board))
			return true;
	return false;
}

/**
 * kb_env_cpuid_signature() - the hypervisor's signature in CPUID
 * @sig: filled in; "" when there is none, and on other architectures
 *
 * The signature at CPUID leaf 0x40000000, which is only defined when
 * CPUID.1:ECX bit 31 (the hypervisor flag) says a hypervisor is there.
 * QEMU's TCG signs "TCGTCGTCGTCG", KVM "KVMKVMKVM".
 */
void kb_env_cpuid_signature(char sig[13])
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

/*
 * arm64 has neither a hypervisor flag nor a CPUID leaf. What says there is
 * one: MIDR_EL1's implementer 0x00, "reserved for software use", which
 * QEMU's TCG models "max" and "any" have (under KVM a guest sees the
 * host's, and TCG with a real core's model, -cpu cortex-a57, is not told
 * apart); Xen's sysfs and device tree; and the board. QEMU's virt board,
 * booted without firmware, has the device tree "linux,dummy-virt" with
 * QEMU's fw-cfg node; booted with UEFI it has DMI "QEMU", whose product is
 * "KVM Virtual Machine" under KVM. Other VMMs' "linux,dummy-virt" boards
 * have no fw-cfg: a hypervisor, but not named.
 */
static const char *arm64_virtualization(const struct kb_env *e)
{
	bool dummy_virt = dt_compatible(e, "linux,dummy-virt");
	bool qemu_dmi = !strcmp(e->sys_vendor, "QEMU");

	if (e->cpu.has_midr && e->cpu.implementer == 0x00)
		return "tcg";
	if (!strcmp(e->hypervisor_type, "xen") || dt_compatible(e, "xen,xenvm"))
		return "xen";
	if (qemu_dmi && !strcmp(e->product_name, "KVM Virtual Machine"))
		return "kvm";
	if (qemu_dmi || (dummy_virt && e->dt_qemu_fw_cfg))
		return "qemu";
	if (dummy_virt || e->hypervisor_type[0])
		return "unknown";
	return "none";
}

/**
 * kb_env_virtualization() - what the machine runs on, in one word
 * @e: the environment
 *
 * Return: on x86, from the CPUID signature "tcg" (QEMU emulating the CPU:
 * figures are no hardware figures), "kvm", "hyperv", "vmware", "xen",
 * "virtualbox", "bhyve", "acrn" or "parallels"; "tcg" too for QEMU's TCG
 * CPU models; "qemu" for a QEMU machine whose CPU does not say more;
 * "unknown" for a hypervisor not named. On arm64 (arm64_virtualization()):
 * "tcg" for MIDR_EL1's implementer 0x00, "xen", "kvm" for QEMU's KVM
 * Virtual Machine in DMI, "qemu" for QEMU's virt board, "unknown" for
 * another VMM's. "none" when nothing says there is a hypervisor; NULL when
 * the CPU flags are unknown (an architecture other than x86 and arm64).
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

	if (e->cpu.arch == KB_CPU_ARCH_ARM64)
		return arm64_virtualization(e);
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
 * kb_env_virtualization_evidence() - what says there is a hypervisor
 * @e: the environment
 * @buf: where to write
 * @len: its size
 *
 * The fact kb_env_virtualization() rests on, but for the CPU's own (x86's
 * hypervisor flag, arm64's MIDR_EL1), which the caller has read: the
 * board's device tree, Xen's sysfs, DMI, CPUID's signature.
 *
 * Return: @buf, or NULL when none of them says so.
 */
const char *kb_env_virtualization_evidence(const struct kb_env *e, char *buf,
					   size_t len)
{
	if (!strcmp(e->hypervisor_type, "xen"))
		snprintf(buf, len, "/sys/hypervisor/type: xen");
	else if (dt_compatible(e, "xen,xenvm"))
		snprintf(buf, len,
			 "/sys/firmware/devicetree/base/compatible: xen,xenvm");
	else if (dt_compatible(e, "linux,dummy-virt"))
		snprintf(
			buf, len,
			"/sys/firmware/devicetree/base/compatible: linux,dummy-virt (a virtual board: QEMU, kvmtool, crosvm)%s",
			e->dt_qemu_fw_cfg ? ", with QEMU's fw-cfg" : "");
	else if (!strcmp(e->sys_vendor, "QEMU"))
		snprintf(buf, len, "/sys/class/dmi/id/sys_vendor: QEMU");
	else if (e->hypervisor_type[0])
		snprintf(buf, len, "/sys/hypervisor/type: %s",
			 e->hypervisor_type);
	else if (e->cpuid_signature[0])
		snprintf(buf, len, "CPUID leaf 0x40000000: \"%s\"",
			 e->cpuid_signature);
	else
		return NULL;
	return buf;
}

/**
 * kb_env_gather_machine() - read the machine: what kb_env_virtualization()
 *			     and the JSON's kernel, CPU and clock members say
 * @e: filled in, but for OpenSSL
 * @root: prefix of /proc and /sys: "" for this machine's. With another
 *	  root, the CPUID signature and uname are left for the caller to
 *	  fill in.
 */
void kb_env_gather_machine(struct kb_env *e, const char *root)
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
	read_line(root, "/sys/hypervisor/type", e->hypervisor_type,
		  sizeof(e->hypervisor_type));
	read_devicetree(root, e);
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
	kb_env_cpuid_signature(e->cpuid_signature);
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
	kb_env_gather_machine(e, root);
	if (root[0])
		return;
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
	uint32_t mask;
	int i;

	if (!o)
		return NULL;
	add(o, "model", str(e->cpu.model));
	add(o, "cpus", e->cpu.cpus ? json_object_new_int64(e->cpu.cpus) : NULL);
	if (e->cpu.has_flags) {
		/* The architecture's own: another's would all be false. */
		mask = kb_cpu_arch_flags(e->cpu.arch);
		flags = new_obj(oom);
		for (i = 0; flags && i < KB_CPU_FLAG_COUNT; i++)
			if (mask & (1U << i))
				add(flags, kb_cpu_flag_names[i],
				    json_object_new_boolean(e->cpu.flags &
							    (1U << i)));
	}
	add(o, "flags", flags);
	return o;
}

/* The device tree's root, or null without one: what arm64's words rest on. */
static struct json_object *devicetree_json(const struct kb_env *e, bool *oom)
{
	struct json_object *o, *compatible = NULL, *s;
	size_t i;

	if (!e->has_dt)
		return NULL;
	o = new_obj(oom);
	if (!o)
		return NULL;
	if (e->dt_compatible_len && !(compatible = json_object_new_array()))
		*oom = true;
	for (i = 0; compatible && i < e->dt_compatible_len;
	     i += strlen(e->dt_compatible + i) + 1) {
		s = json_object_new_string(e->dt_compatible + i);
		if (!s || json_object_array_add(compatible, s)) {
			json_object_put(s);
			*oom = true;
			break;
		}
	}
	add(o, "compatible", compatible);
	add(o, "model", str(e->dt_model));
	add(o, "qemu_fw_cfg", json_object_new_boolean(e->dt_qemu_fw_cfg));
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
	add(o, "hypervisor_type", str(e->hypervisor_type));
	add(o, "devicetree", devicetree_json(e, oom));
	return o;
}

/*
 * The capability bits OpenSSL's code selection reads, in the words of
 * its architecture: x86's OPENSSL_ia32cap, ARM's OPENSSL_armcap (named
 * as crypto/arm_arch.h's ARMV7_NEON and ARMV8_*). NULL when OpenSSL said
 * neither.
 */
static struct json_object *ossl_caps_json(const char *settings, bool *oom)
{
	struct json_object *o;
	struct kb_ossl_caps c;

	if (kb_ossl_caps_parse(settings, &c) &&
	    kb_ossl_armcap_parse(settings, &c))
		return NULL;
	o = new_obj(oom);
	if (!o)
		return NULL;
	if (c.isa == KB_OSSL_ISA_ARM) {
		add(o, "neon", json_object_new_boolean(c.neon));
		add(o, "aes", json_object_new_boolean(c.aes));
		add(o, "pmull", json_object_new_boolean(c.pmull));
		add(o, "sha1", json_object_new_boolean(c.sha1));
		add(o, "sha256", json_object_new_boolean(c.sha256));
		add(o, "sha512", json_object_new_boolean(c.sha512));
		return o;
	}
	add(o, "aesni", json_object_new_boolean(c.aesni));
	add(o, "pclmulqdq", json_object_new_boolean(c.pclmulqdq));
	add(o, "avx", json_object_new_boolean(c.avx));
	add(o, "vaes", json_object_new_boolean(c.vaes));
	add(o, "vpclmulqdq", json_object_new_boolean(c.vpclmulqdq));
	return o;
}

static struct json_object *openssl_json(const struct kb_env *e, bool *oom)
{
	struct json_object *o = new_obj(oom);

	if (!o)
		return NULL;
	add(o, "error", str(e->openssl_error));
	add(o, "version", str(e->openssl_version));
	add(o, "cpu_settings", str(e->openssl_cpu_settings));
	add(o, "capabilities", ossl_caps_json(e->openssl_cpu_settings, oom));
	return o;
}

static struct json_object *impls_json(const struct kb_impl_list *list,
				      bool *oom)
{
	struct json_object *arr = json_object_new_array(), *item;
	size_t i;

	/* As kaesbench list --json: the absent library paths too. */
	for (i = 0; arr && i < kb_impl_listed_count(list); i++) {
		item = kb_impl_to_json(kb_impl_listed(list, i));
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
