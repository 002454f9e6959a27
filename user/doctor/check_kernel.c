// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The static kernel checks: does the crypto API hand out what the CPU can
 * do, and if not, why not. They read only the implementation list, the
 * CPU's flags and the state of the module that brings the AES
 * instructions; nothing is measured.
 */

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <linux/kaesbench.h>

#include "doctor/check_kernel.h"
#include "userspace/afalg.h"

const char *const kb_doc_algs[KB_DOC_ALGS] = {
	"cbc(aes)", "ctr(aes)", "xts(aes)", "gcm(aes)", "rfc4106(gcm(aes))",
};

/**
 * kb_doc_typical_size() - the size an algorithm is judged at
 * @alg: the algorithm name
 *
 * Return: KB_DOC_TYPICAL_SIZE, rounded up to whole blocks for the modes
 * that need them, as ESP pads.
 */
uint32_t kb_doc_typical_size(const char *alg)
{
	if (!strcmp(alg, "aes") || !strncmp(alg, "cbc(", 4) ||
	    !strncmp(alg, "ecb(", 4))
		return (KB_DOC_TYPICAL_SIZE + 15) / 16 * 16;
	return KB_DOC_TYPICAL_SIZE;
}

/* What one algorithm gets, and the best AES-instruction one registered. */
struct alg_state {
	const char *alg;
	const struct kb_impl *sel; /* NULL: nothing registered */
	enum kb_doc_engine engine;
	const struct kb_impl *insns; /* highest-priority one, or NULL */
};

static void alg_state(const struct kb_impl_list *list, const char *alg,
		      struct alg_state *s)
{
	const struct kb_impl *aes = kb_doc_selected(list, "aes");
	const struct kb_impl *impl;
	size_t i;

	memset(s, 0, sizeof(*s));
	s->alg = alg;
	s->sel = kb_doc_selected(list, alg);
	/* Nothing registered: a first user builds it over the "aes" cipher. */
	s->engine = s->sel ? kb_doc_engine(s->sel, list) :
		    aes	   ? kb_doc_engine(aes, list) :
			     KB_ENGINE_GENERIC;
	for (i = 0; i < list->count; i++) {
		impl = &list->impl[i];
		if (strcmp(impl->alg_name, alg) ||
		    (impl->flags & KAESBENCH_IMPL_F_INTERNAL) ||
		    kb_doc_engine(impl, list) != KB_ENGINE_AES_INSNS)
			continue;
		if (!s->insns || impl->priority > s->insns->priority)
			s->insns = impl;
	}
}

static void evidence_alg(struct kb_doc_report *r, struct kb_doc_finding *f,
			 const struct kb_impl_list *list,
			 const struct alg_state *s)
{
	const struct kb_impl *aes = kb_doc_selected(list, "aes");

	if (!s->sel)
		kb_doc_evidence(
			r, f,
			"%s: nothing registered: a first user builds it from templates over %s (%s)",
			s->alg, aes ? aes->driver_name : "aes-generic",
			kb_doc_engine_name(s->engine));
	else
		kb_doc_evidence(r, f,
				"%s -> %s (%s, module %s, priority %" PRIu32
				")",
				s->alg, s->sel->driver_name,
				kb_doc_engine_name(s->engine),
				s->sel->module ? s->sel->module : "-",
				s->sel->priority);
}

static void evidence_source(struct kb_doc_report *r, struct kb_doc_finding *f,
			    const struct kb_doc_kernel *k)
{
	if (k->inferred)
		kb_doc_evidence(
			r, f,
			"selection inferred from /proc/crypto priorities: the kaesbench module, which asks the crypto API, is not loaded");
}

static void cpu_without_aes(struct kb_doc_report *r,
			    const struct kb_doc_cpu *cpu)
{
	struct kb_doc_finding *f;
	char words[160];

	kb_doc_cpu_words(cpu, words, sizeof(words));
	if (cpu->hypervisor) {
		f = kb_doc_add(
			r, "KB-HYPERVISOR-HIDES-AES", KB_DOC_WARNING,
			"This virtual machine's CPU has no AES instructions: the hypervisor does not pass them through, so every AES path here is generic code.");
		kb_doc_evidence(r, f, "/proc/cpuinfo: %s", words);
		kb_doc_fix(
			r, f,
			"give the guest a CPU model with AES-NI (QEMU: -cpu host, or add +aes,+pclmulqdq to the model; libvirt: <cpu mode='host-passthrough'/>), if the host CPU has it");
		return;
	}
	f = kb_doc_add(
		r, "KB-CPU-NO-AES", KB_DOC_INFO,
		"The CPU has no AES instructions: generic code is the best the CPU can do; an offload engine, if any, may do better.");
	kb_doc_evidence(r, f, "/proc/cpuinfo: %s", words);
}

static void aes_in_use(struct kb_doc_report *r, const struct kb_doc_kernel *k,
		       const struct alg_state *s, size_t n)
{
	struct kb_doc_finding *f;
	size_t i;

	f = kb_doc_add(
		r, "KB-AESNI-IN-USE", KB_DOC_INFO,
		"The kernel hands out implementations using the CPU's AES instructions.");
	for (i = 0; i < n; i++)
		if (s[i].engine == KB_ENGINE_AES_INSNS)
			evidence_alg(r, f, k->impls, &s[i]);
	evidence_source(r, f, k);
}

/* Registered, but a generic implementation outranks it: give the commands. */
static void demoted(struct kb_doc_report *r, const struct kb_doc_kernel *k,
		    const struct alg_state *s, size_t n)
{
	struct kb_doc_finding *f;
	char fix[1024] = "";
	size_t i, used = 0;

	f = kb_doc_add(
		r, "KB-AESNI-DEMOTED", KB_DOC_WARNING,
		"Implementations using the AES instructions are registered, but generic ones outrank them.");
	for (i = 0; i < n; i++) {
		if (s[i].engine != KB_ENGINE_GENERIC || !s[i].insns ||
		    !s[i].sel)
			continue;
		evidence_alg(r, f, k->impls, &s[i]);
		kb_doc_evidence(r, f, "%s: %s has priority %" PRIu32, s[i].alg,
				s[i].insns->driver_name, s[i].insns->priority);
		if (used < sizeof(fix))
			used += snprintf(fix + used, sizeof(fix) - used,
					 "%skaesbench priority %s %" PRIu32,
					 used ? "; " : "",
					 s[i].insns->driver_name,
					 s[i].sel->priority + 1);
	}
	evidence_source(r, f, k);
	kb_doc_fix(r, f, "%s", fix);
}

/* Nothing using the AES instructions is registered: say why. */
static void missing(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
		    const struct kb_doc_kernel *k, const struct alg_state *s,
		    size_t n)
{
	const struct kb_doc_modstate *m = k->mod;
	const char *config = cpu->arch == KB_ARCH_ARM64 ?
				     "CONFIG_CRYPTO_AES_ARM64_CE_BLK" :
				     "CONFIG_CRYPTO_AES_NI_INTEL";
	struct kb_doc_finding *f;
	size_t i;

	if (!m) {
		f = kb_doc_add(
			r, "KB-AESNI-NOT-SELECTED", KB_DOC_WARNING,
			"The CPU has AES instructions, but the kernel hands out generic implementations.");
	} else if (m->blacklist[0]) {
		f = kb_doc_add(
			r, "KB-AESNI-MODULE-BLACKLISTED", KB_DOC_WARNING,
			"The CPU has AES instructions, but the kernel hands out generic implementations: the module %s is blacklisted.",
			m->name);
		kb_doc_evidence(r, f, "%s", m->blacklist);
		kb_doc_fix(
			r, f,
			"remove that blacklist, then load the module: modprobe %s",
			m->name);
	} else if (m->loaded == 1 || m->builtin) {
		f = kb_doc_add(
			r, "KB-AESNI-NOT-SELECTED", KB_DOC_WARNING,
			"The CPU has AES instructions and %s is %s, yet it registered nothing for these algorithms.",
			m->name, m->loaded == 1 ? "loaded" : "built in");
		kb_doc_fix(
			r, f,
			"look for why %s gave up: dmesg | grep -i -e aes -e %s",
			m->name, m->name);
	} else if (!m->can_load || (m->index && !m->available)) {
		f = kb_doc_add(
			r, "KB-AESNI-MODULE-NOT-BUILT", KB_DOC_WARNING,
			"The CPU has AES instructions, but this kernel has no %s: it is neither built in nor installed as a module.",
			m->name);
		if (!m->can_load)
			kb_doc_evidence(
				r, f,
				"this kernel does not load modules (no /proc/modules, or kernel.modules_disabled=1)");
		else
			kb_doc_evidence(
				r, f,
				"/lib/modules/%s: neither modules.builtin nor modules.dep lists %s",
				m->release, m->name);
		kb_doc_fix(r, f, "build the kernel with %s=%s", config,
			   m->can_load ? "m (or y)" : "y");
	} else {
		f = kb_doc_add(
			r, "KB-AESNI-MODULE-NOT-LOADED", KB_DOC_WARNING,
			"The CPU has AES instructions, but the kernel hands out generic implementations: the module %s is not loaded.",
			m->name);
		kb_doc_evidence(r, f, "%s is not in /proc/modules%s", m->name,
				m->available ? ", though modules.dep lists it" :
					       "");
		kb_doc_fix(
			r, f,
			"modprobe %s (udev loads it at boot by its CPU-feature alias; to force it: echo %s > /etc/modules-load.d/%s.conf)",
			m->name, m->name, m->name);
	}
	for (i = 0; i < n; i++)
		if (s[i].engine == KB_ENGINE_GENERIC)
			evidence_alg(r, f, k->impls, &s[i]);
	evidence_source(r, f, k);
}

static bool any_driver(const struct kb_impl_list *list, const char *part)
{
	size_t i;

	for (i = 0; i < list->count; i++)
		if (strstr(list->impl[i].driver_name, part))
			return true;
	return false;
}

/*
 * The kernel registers 512-bit VAES code at priority 1 on CPUs that
 * downclock with it (its zmm_exclusion_list, later X86_FEATURE_PREFER_YMM);
 * VAES itself came with 6.10 (xts) and 6.11 (gcm). That code was named
 * *-vaes-avx10_512 at first, and *-vaes-avx512 (xts-aes-vaes-avx512,
 * generic-gcm-vaes-avx512) once the kernel dropped its AVX10/256 code.
 */
static bool vaes_512_name(const char *driver)
{
	return strstr(driver, "avx10_512") || strstr(driver, "vaes-avx512");
}

static void vaes(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
		 const struct kb_doc_kernel *k)
{
	const struct kb_impl_list *list = k->impls;
	struct kb_doc_finding *f = NULL;
	size_t i;

	if (cpu->arch != KB_ARCH_X86 || !cpu->vaes || !cpu->vpclmulqdq ||
	    !cpu->avx2 ||
	    (!any_driver(list, "aesni") && !any_driver(list, "vaes")))
		return;
	if (!any_driver(list, "vaes")) {
		f = kb_doc_add(
			r, "KB-VAES-UNUSED", KB_DOC_INFO,
			"The CPU has VAES and VPCLMULQDQ, but this kernel has no code using them: xts and gcm run 128-bit AES-NI.");
		kb_doc_evidence(
			r, f,
			"no implementation's driver name has \"vaes\" (VAES came with Linux 6.10 for xts, 6.11 for gcm)");
		kb_doc_fix(r, f, "a kernel 6.11 or newer");
		return;
	}
	for (i = 0; i < list->count; i++) {
		const struct kb_impl *impl = &list->impl[i];

		if (!vaes_512_name(impl->driver_name) || impl->priority != 1 ||
		    (impl->flags & KAESBENCH_IMPL_F_INTERNAL))
			continue;
		if (!f)
			f = kb_doc_add(
				r, "KB-VAES-DEMOTED", KB_DOC_INFO,
				"The kernel demoted its 512-bit VAES code to priority 1: this CPU model is known to lower its clock with 512-bit vectors.");
		kb_doc_evidence(r, f, "%s: %s has priority 1", impl->alg_name,
				impl->driver_name);
	}
	kb_doc_fix(
		r, f,
		"usually none; to try it: kaesbench run -a 'xts(aes)' --all-impls, then kaesbench priority DRIVER N if it wins for your workload");
}

/*
 * AF_ALG on this kernel: from Linux 7.2 deprecated, and software only (its
 * binds leave out asynchronous and kernel-driver-only implementations).
 * Userspace then reaches no offload engine through it, whatever is
 * loaded: nothing on the AF_ALG side can fix that.
 */
static void afalg_state(struct kb_doc_report *r, const struct kb_doc_kernel *k)
{
	struct kb_afalg_state st;
	struct kb_doc_finding *f;
	const struct kb_impl *impl;
	size_t i, offloads = 0;

	if (!k->mod || !k->mod->release[0])
		return;
	kb_afalg_state_of(k->mod->release, &st);
	if (!st.software_only)
		return;
	f = kb_doc_add(
		r, "KB-AFALG-SOFTWARE-ONLY", KB_DOC_INFO,
		"AF_ALG is deprecated on Linux %s and offers userspace synchronous software implementations only: no offload engine is reachable through it.",
		st.release);
	kb_doc_evidence(
		r, f,
		"Linux 7.2 on: AF_ALG binds leave out asynchronous, memory-allocating and kernel-driver-only implementations (AF_ALG_CRYPTOAPI_MASK); bind() says ENOENT");
	for (i = 0; k->impls && i < k->impls->count; i++) {
		impl = &k->impls->impl[i];
		if (!(impl->flags &
		      (KAESBENCH_IMPL_F_ASYNC | KAESBENCH_IMPL_F_HARDWARE)) ||
		    impl->flags & KAESBENCH_IMPL_F_INTERNAL)
			continue;
		offloads++;
		kb_doc_evidence(r, f, "%s (%s%s%s): not offered to AF_ALG",
				impl->driver_name, impl->alg_name,
				impl->module ? ", " : "",
				impl->module ? impl->module : "");
	}
	kb_doc_fix(
		r, f,
		"%s: for AES in userspace use a library (OpenSSL); the offload engines serve in-kernel users only (IPsec, dm-crypt, fscrypt)",
		offloads ? "nothing to change on the AF_ALG side" :
			   "none needed");
}

static void offload(struct kb_doc_report *r, const struct kb_doc_kernel *k,
		    const struct alg_state *s, size_t n)
{
	struct kb_afalg_state st;
	struct kb_doc_finding *f;
	size_t i;

	kb_afalg_state_of(k->mod ? k->mod->release : "", &st);

	for (i = 0; i < n; i++) {
		if (s[i].engine != KB_ENGINE_OFFLOAD)
			continue;
		f = kb_doc_add(
			r, "KB-OFFLOAD-SELECTED", KB_DOC_INFO,
			"%s goes to an offload engine, %s: whether that pays depends on the request size.",
			s[i].alg, s[i].sel->driver_name);
		evidence_alg(r, f, k->impls, &s[i]);
		kb_doc_evidence(
			r, f, "flags: %s%s",
			s[i].sel->flags & KAESBENCH_IMPL_F_ASYNC ? "async" :
								   "sync",
			s[i].sel->flags & KAESBENCH_IMPL_F_HARDWARE ?
				", hardware (CRYPTO_ALG_KERN_DRIVER_ONLY)" :
				"");
		if (st.software_only)
			kb_doc_evidence(
				r, f,
				"in-kernel users only: AF_ALG on Linux %s does not offer it to userspace",
				st.release);
	}
}

/**
 * kb_doc_check_kernel() - what the kernel hands out, against the CPU
 * @r: the report
 * @cpu: the CPU's features; nothing is said when unknown
 * @k: the implementations and the module state; nothing is said about
 *     the implementations when @k->impls is NULL
 *
 * Findings: KB-HYPERVISOR-HIDES-AES, KB-CPU-NO-AES, KB-AESNI-IN-USE,
 * KB-AESNI-DEMOTED, KB-AESNI-MODULE-BLACKLISTED,
 * KB-AESNI-MODULE-NOT-LOADED, KB-AESNI-MODULE-NOT-BUILT,
 * KB-AESNI-NOT-SELECTED, KB-VAES-UNUSED, KB-VAES-DEMOTED,
 * KB-OFFLOAD-SELECTED, KB-AFALG-SOFTWARE-ONLY.
 */
void kb_doc_check_kernel(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			 const struct kb_doc_kernel *k)
{
	struct alg_state s[KB_DOC_ALGS];
	bool generic = false, insns = false, registered = false;
	size_t i, n = KB_DOC_ALGS;
	bool cpu_known = cpu->known && cpu->arch != KB_ARCH_OTHER;

	if (cpu_known && !cpu->aes)
		cpu_without_aes(r, cpu);
	if (!k->impls)
		return;
	for (i = 0; i < n; i++) {
		alg_state(k->impls, kb_doc_algs[i], &s[i]);
		generic |= s[i].engine == KB_ENGINE_GENERIC;
		insns |= s[i].engine == KB_ENGINE_AES_INSNS;
		registered |= s[i].engine == KB_ENGINE_GENERIC && s[i].insns;
	}
	offload(r, k, s, n);
	afalg_state(r, k);
	if (!cpu_known || !cpu->aes)
		return;
	if (registered)
		demoted(r, k, s, n);
	else if (generic)
		missing(r, cpu, k, s, n);
	else if (insns)
		aes_in_use(r, k, s, n);
	vaes(r, cpu, k);
}
