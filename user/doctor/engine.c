// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What the CPU offers (from /proc/cpuinfo), and what runs an
 * implementation: the CPU's AES instructions, portable code, or a device.
 * The crypto API does not say; the driver names and flags do.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "doctor/engine.h"

/* Whether the space-separated @list holds the word @w. */
static bool has_word(const char *list, size_t len, const char *w)
{
	size_t wl = strlen(w), i = 0, n;

	while (i < len) {
		while (i < len && (list[i] == ' ' || list[i] == '\t'))
			i++;
		n = strcspn(list + i, " \t\n");
		if (n > len - i)
			n = len - i;
		if (n == wl && !strncmp(list + i, w, wl))
			return true;
		i += n;
	}
	return false;
}

/* The value of the first line named @key, and its length; NULL if none. */
static const char *field(const char *text, const char *key, size_t *len)
{
	size_t kl = strlen(key), ll;
	const char *colon;

	while (*text) {
		ll = strcspn(text, "\n");
		colon = memchr(text, ':', ll);
		if (colon && !strncmp(text, key, kl) &&
		    strspn(text + kl, " \t") == (size_t)(colon - text) - kl) {
			*len = ll - (colon + 1 - text);
			return colon + 1;
		}
		text += ll + !!text[ll];
	}
	return NULL;
}

/* Without uname's word, the line /proc/cpuinfo lists features in says. */
static enum kb_doc_arch arch_of_cpuinfo(const char *cpuinfo)
{
	size_t len;

	if (field(cpuinfo, "flags", &len))
		return KB_ARCH_X86;
	if (field(cpuinfo, "Features", &len))
		return KB_ARCH_ARM64;
	return KB_ARCH_OTHER;
}

/*
 * MIDR_EL1's implementer 0x00 is "reserved for software use": QEMU's TCG
 * CPU models "max" and "any" have it (target/arm/cpu64.c), where under
 * KVM a guest sees the host's. arm64's only sign of emulation.
 */
static bool software_implementer(const char *cpuinfo)
{
	const char *v;
	size_t len;
	char *end;

	v = field(cpuinfo, "CPU implementer", &len);
	return v && strtoul(v, &end, 0) == 0 && end != v;
}

/**
 * kb_doc_cpu_parse() - the machine and the AES-related features of its CPU
 * @cpuinfo: the text of /proc/cpuinfo
 * @machine: uname -m ("x86_64", "aarch64"), or NULL when unknown: the
 *	     architecture is then that of the line the features are on
 * @cpu: filled in; the first CPU speaks for all
 *
 * x86 lists its features as "flags", arm64 as "Features"; ARMv8 names
 * PMULL what x86 names PCLMULQDQ. An arm64 CPU has no hypervisor flag:
 * facts.c looks elsewhere.
 *
 * Return: 0, or -1 when the architecture is not one the doctor knows or
 * its line is not there (@cpu->known false).
 */
int kb_doc_cpu_parse(const char *cpuinfo, const char *machine,
		     struct kb_doc_cpu *cpu)
{
	const struct kb_doc_arch_names *names;
	const char *v = NULL;
	size_t len;

	memset(cpu, 0, sizeof(*cpu));
	if (machine) {
		snprintf(cpu->machine, sizeof(cpu->machine), "%s", machine);
		cpu->arch = kb_doc_arch_of(machine);
	} else if (cpuinfo) {
		cpu->arch = arch_of_cpuinfo(cpuinfo);
	}
	names = kb_doc_arch_names(cpu->arch);
	if (names && cpuinfo)
		v = field(cpuinfo, names->features, &len);
	if (!v)
		return -1;
	cpu->aes = has_word(v, len, "aes");
	if (cpu->arch == KB_ARCH_X86) {
		cpu->pclmul = has_word(v, len, "pclmulqdq");
		cpu->avx = has_word(v, len, "avx");
		cpu->avx2 = has_word(v, len, "avx2");
		cpu->avx512f = has_word(v, len, "avx512f");
		cpu->vaes = has_word(v, len, "vaes");
		cpu->vpclmulqdq = has_word(v, len, "vpclmulqdq");
		cpu->hypervisor = has_word(v, len, "hypervisor");
		if (cpu->hypervisor)
			snprintf(cpu->hv_source, sizeof(cpu->hv_source),
				 "/proc/cpuinfo lists the hypervisor flag");
	} else {
		cpu->pclmul = has_word(v, len, "pmull");
		cpu->emulated = software_implementer(cpuinfo);
	}
	cpu->known = true;
	return 0;
}

/**
 * kb_doc_cpu_words() - the features that matter, for evidence lines
 * @cpu: the parsed features
 * @buf: where to write
 * @len: size of @buf; 160 bytes suffice
 *
 * Return: @buf, such as "aes yes, pclmulqdq yes, avx2 yes, vaes no, ...".
 */
const char *kb_doc_cpu_words(const struct kb_doc_cpu *cpu, char *buf,
			     size_t len)
{
	static const char *const yn[] = { "no", "yes" };

	if (cpu->arch == KB_ARCH_ARM64)
		snprintf(buf, len, "aes %s, pmull %s", yn[cpu->aes],
			 yn[cpu->pclmul]);
	else
		snprintf(
			buf, len,
			"aes %s, pclmulqdq %s, avx2 %s, vaes %s, vpclmulqdq %s, avx512f %s, hypervisor %s",
			yn[cpu->aes], yn[cpu->pclmul], yn[cpu->avx2],
			yn[cpu->vaes], yn[cpu->vpclmulqdq], yn[cpu->avx512f],
			yn[cpu->hypervisor]);
	return buf;
}

/**
 * kb_doc_aes_name() - whether an algorithm name has "aes" as a component
 * @name: "cbc(aes)", "rfc4106(gcm(aes))", "stdrng"
 *
 * Return: true for the names the kaesbench module lists.
 */
bool kb_doc_aes_name(const char *name)
{
	size_t n;

	while (*name) {
		n = strcspn(name, "(),");
		if (n == 3 && !strncmp(name, "aes", 3))
			return true;
		name += n + !!name[n];
	}
	return false;
}

/**
 * kb_doc_engine_name() - an engine in words
 * @e: the engine
 *
 * Return: "AES instructions", "generic" or "offload".
 */
const char *kb_doc_engine_name(enum kb_doc_engine e)
{
	switch (e) {
	case KB_ENGINE_AES_INSNS:
		return "AES instructions";
	case KB_ENGINE_OFFLOAD:
		return "offload";
	default:
		return "generic";
	}
}

/* An async SIMD wrapper registers its internal half as "__" DRIVER. */
static bool has_internal_twin(const struct kb_impl *impl,
			      const struct kb_impl_list *list)
{
	size_t i;

	for (i = 0; list && i < list->count; i++)
		if (!strncmp(list->impl[i].driver_name, "__", 2) &&
		    !strcmp(list->impl[i].driver_name + 2, impl->driver_name))
			return true;
	return false;
}

/**
 * kb_doc_engine() - what runs an implementation
 * @impl: the implementation
 * @list: every implementation registered, to recognise SIMD wrappers
 *
 * The AES instructions: the driver names say so (cbc-aes-aesni,
 * cbc-aes-ce), as kb_doc_arch_insns_driver() reads them. NEON code
 * without them (cbc-aes-neonbs) counts as generic: it is what a CPU
 * without the Crypto Extensions runs.
 *
 * A device is flagged CRYPTO_ALG_KERN_DRIVER_ONLY by most drivers (QAT,
 * CCP) but not by all: virtio-crypto's implementations are only
 * asynchronous. So an asynchronous implementation counts as a device
 * unless it is a template instance (cryptd, pcrypt, one built over
 * another implementation) or the wrapper of an internal SIMD one.
 *
 * Return: the engine.
 */
enum kb_doc_engine kb_doc_engine(const struct kb_impl *impl,
				 const struct kb_impl_list *list)
{
	static const char *const cpu_modules[] = { "cryptd", "pcrypt",
						   "crypto_simd" };
	size_t i;

	if (impl->flags & KAESBENCH_IMPL_F_HARDWARE)
		return KB_ENGINE_OFFLOAD;
	if (kb_doc_arch_insns_driver(impl->driver_name))
		return KB_ENGINE_AES_INSNS;
	if (!(impl->flags & KAESBENCH_IMPL_F_ASYNC) ||
	    strchr(impl->driver_name, '(') || has_internal_twin(impl, list))
		return KB_ENGINE_GENERIC;
	for (i = 0;
	     impl->module && i < sizeof(cpu_modules) / sizeof(*cpu_modules);
	     i++)
		if (!strcmp(impl->module, cpu_modules[i]))
			return KB_ENGINE_GENERIC;
	return KB_ENGINE_OFFLOAD;
}

/**
 * kb_doc_selected() - what the crypto API hands out for a name
 * @list: the implementations
 * @alg: the algorithm name
 *
 * Where the module could not resolve the name in time (a driver slow to
 * set up: KAESBENCH_IMPL_F_SELECTION_UNKNOWN), the tested implementation
 * of highest priority, as the crypto API ranks them and as an
 * unprivileged listing flags it.
 *
 * Return: the implementation flagged selected, or NULL when none is
 * registered (a first user then builds one from templates).
 */
const struct kb_impl *kb_doc_selected(const struct kb_impl_list *list,
				      const char *alg)
{
	const struct kb_impl *impl, *ranked = NULL;
	size_t i;

	for (i = 0; list && i < list->count; i++) {
		impl = &list->impl[i];
		if (strcmp(impl->alg_name, alg))
			continue;
		if (impl->flags & KAESBENCH_IMPL_F_SELECTED)
			return impl;
		if ((impl->flags & KAESBENCH_IMPL_F_SELECTION_UNKNOWN) &&
		    (impl->flags & KAESBENCH_IMPL_F_TESTED) &&
		    !(impl->flags & KAESBENCH_IMPL_F_INTERNAL) &&
		    (!ranked || impl->priority > ranked->priority))
			ranked = impl;
	}
	return ranked;
}
