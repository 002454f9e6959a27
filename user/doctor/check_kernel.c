// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The static kernel checks: does the crypto API hand out what the CPU can
 * do, and if not, why not. They read only the implementation list, the
 * CPU's flags and the state of the modules that bring the AES
 * instructions; nothing is measured. Written once for every architecture:
 * what differs (the modules, the kernel options, the finding ids) comes
 * from arch.c's table.
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
			    const struct kb_doc_cpu *cpu,
			    const struct kb_doc_arch_names *names)
{
	struct kb_doc_finding *f;
	char words[160];

	kb_doc_cpu_words(cpu, words, sizeof(words));
	if (cpu->hypervisor) {
		f = kb_doc_add(
			r, "KB-HYPERVISOR-HIDES-AES", KB_DOC_WARNING,
			"This virtual machine's CPU has no %s: the hypervisor does not pass them through, so every AES path here is generic code.",
			names->insns);
		kb_doc_evidence(r, f, "/proc/cpuinfo: %s", words);
		if (cpu->hv_source[0])
			kb_doc_evidence(r, f, "%s", cpu->hv_source);
		kb_doc_fix(r, f, "%s", names->cpu_model_fix);
		return;
	}
	f = kb_doc_add(
		r, "KB-CPU-NO-AES", KB_DOC_INFO,
		"The CPU has no %s: generic code is the best the CPU can do; an offload engine, if any, may do better.",
		names->insns);
	kb_doc_evidence(r, f, "/proc/cpuinfo: %s", words);
}

static void aes_in_use(struct kb_doc_report *r,
		       const struct kb_doc_arch_names *names,
		       const struct kb_doc_kernel *k, const struct alg_state *s,
		       size_t n)
{
	struct kb_doc_finding *f;
	size_t i;

	f = kb_doc_add(
		r, names->id.in_use, KB_DOC_INFO,
		"The kernel hands out implementations using the CPU's %s.",
		names->insns);
	for (i = 0; i < n; i++)
		if (s[i].engine == KB_ENGINE_AES_INSNS)
			evidence_alg(r, f, k->impls, &s[i]);
	evidence_source(r, f, k);
}

/* Registered, but a generic implementation outranks it: give the commands. */
static void demoted(struct kb_doc_report *r,
		    const struct kb_doc_arch_names *names,
		    const struct kb_doc_kernel *k, const struct alg_state *s,
		    size_t n)
{
	struct kb_doc_finding *f;
	char fix[1024] = "";
	size_t i, used = 0;

	f = kb_doc_add(
		r, names->id.demoted, KB_DOC_WARNING,
		"Implementations using the %s are registered, but generic ones outrank them.",
		names->insns);
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

/* Why the kernel hands out generic code, as the modules' state says. */
enum cause {
	CAUSE_UNKNOWN, /* the modules' state could not be read */
	CAUSE_BLACKLISTED,
	CAUSE_SILENT, /* the first module is there, yet registered nothing */
	CAUSE_NOT_BUILT,
	CAUSE_NOT_LOADED,
};

/*
 * The cause, and the module it is about, by precedence: one blacklisted;
 * the first module (which brings the modes) loaded or built in all the
 * same; one that cannot be loaded; else those merely not loaded.
 */
static enum cause cause_of(const struct kb_doc_kernel *k,
			   const struct kb_doc_modstate **which)
{
	const struct kb_doc_modstate *m = k->mod;
	size_t i;

	*which = NULL;
	if (!k->mods)
		return CAUSE_UNKNOWN;
	for (i = 0; i < k->mods; i++)
		if (m[i].blacklist[0]) {
			*which = &m[i];
			return CAUSE_BLACKLISTED;
		}
	*which = &m[0];
	if (m[0].loaded == 1 || m[0].builtin)
		return CAUSE_SILENT;
	for (i = 0; i < k->mods; i++)
		if (m[i].loaded != 1 && !m[i].builtin &&
		    (!m[i].can_load || (m[i].index && !m[i].available))) {
			*which = &m[i];
			return CAUSE_NOT_BUILT;
		}
	return CAUSE_NOT_LOADED;
}

static void not_built(struct kb_doc_report *r, struct kb_doc_finding *f,
		      const struct kb_doc_modstate *m)
{
	if (!m->can_load)
		kb_doc_evidence(
			r, f,
			"this kernel does not load modules (no /proc/modules, or kernel.modules_disabled=1)");
	else
		kb_doc_evidence(
			r, f,
			"/lib/modules/%s: neither modules.builtin nor modules.dep lists %s",
			m->release, m->name);
	kb_doc_fix(r, f, "build the kernel with %s=%s", m->config,
		   m->can_load ? "m (or y)" : "y");
}

/* The modules not loaded, joined by @sep ("aes_ce_blk and aes_ce_cipher"). */
static size_t unloaded(const struct kb_doc_kernel *k, char *buf, size_t len,
		       const char *sep)
{
	size_t i, used = 0, count = 0;

	buf[0] = '\0';
	for (i = 0; i < k->mods && used < len; i++) {
		if (k->mod[i].loaded == 1 || k->mod[i].builtin)
			continue;
		used += snprintf(buf + used, len - used, "%s%s",
				 count ? sep : "", k->mod[i].name);
		count++;
	}
	return count;
}

static struct kb_doc_finding *not_loaded(struct kb_doc_report *r,
					 const struct kb_doc_arch_names *names,
					 const struct kb_doc_kernel *k)
{
	struct kb_doc_finding *f;
	char list[128], args[128];
	size_t i, count;

	count = unloaded(k, list, sizeof(list), " and ");
	unloaded(k, args, sizeof(args), " ");
	f = kb_doc_add(
		r, names->id.not_loaded, KB_DOC_WARNING,
		"The CPU has %s, but the kernel hands out generic implementations: the module%s %s %s not loaded.",
		names->insns, count > 1 ? "s" : "", list,
		count > 1 ? "are" : "is");
	for (i = 0; i < k->mods; i++)
		if (k->mod[i].loaded != 1 && !k->mod[i].builtin)
			kb_doc_evidence(
				r, f, "%s is not in /proc/modules%s",
				k->mod[i].name,
				k->mod[i].available ?
					", though modules.dep lists it" :
					"");
	if (count > 1)
		kb_doc_fix(
			r, f,
			"modprobe -a %s (udev loads them at boot by their CPU-feature aliases; to force them: list them in /etc/modules-load.d/kaesbench.conf)",
			args);
	else
		kb_doc_fix(
			r, f,
			"modprobe %s (udev loads it at boot by its CPU-feature alias; to force it: echo %s > /etc/modules-load.d/%s.conf)",
			args, args, args);
	return f;
}

/* Nothing using the AES instructions is registered: say why. */
static void missing(struct kb_doc_report *r,
		    const struct kb_doc_arch_names *names,
		    const struct kb_doc_kernel *k, const struct alg_state *s,
		    size_t n)
{
	const struct kb_doc_modstate *m;
	struct kb_doc_finding *f;
	size_t i;

	switch (cause_of(k, &m)) {
	case CAUSE_UNKNOWN: /* no cause to name, nor a fix */
		f = kb_doc_add(
			r, names->id.not_selected, KB_DOC_WARNING,
			"The CPU has %s, but the kernel hands out generic implementations.",
			names->insns);
		break;
	case CAUSE_BLACKLISTED:
		f = kb_doc_add(
			r, names->id.blacklisted, KB_DOC_WARNING,
			"The CPU has %s, but the kernel hands out generic implementations: the module %s is blacklisted.",
			names->insns, m->name);
		kb_doc_evidence(r, f, "%s", m->blacklist);
		/* The command line's lasts until the boot loader drops it. */
		if (!strncmp(m->blacklist, KB_DOC_CMDLINE_BLACKLIST,
			     strlen(KB_DOC_CMDLINE_BLACKLIST)))
			kb_doc_fix(
				r, f,
				"remove %s from the kernel command line (the boot loader's: GRUB_CMDLINE_LINUX in /etc/default/grub, then update-grub) and reboot",
				m->blacklist +
					strlen(KB_DOC_CMDLINE_BLACKLIST));
		else
			kb_doc_fix(
				r, f,
				"remove that blacklist, then load the module: modprobe %s",
				m->name);
		break;
	case CAUSE_SILENT:
		f = kb_doc_add(
			r, names->id.not_selected, KB_DOC_WARNING,
			"The CPU has %s and %s is %s, yet it registered nothing for these algorithms.",
			names->insns, m->name,
			m->loaded == 1 ? "loaded" : "built in");
		kb_doc_fix(
			r, f,
			"look for why %s gave up: dmesg | grep -i -e aes -e %s",
			m->name, m->name);
		break;
	case CAUSE_NOT_BUILT:
		f = kb_doc_add(
			r, names->id.not_built, KB_DOC_WARNING,
			"The CPU has %s, but this kernel has no %s: it is neither built in nor installed as a module.",
			names->insns, m->name);
		not_built(r, f, m);
		break;
	default:
		f = not_loaded(r, names, k);
		break;
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
 * Linux 7.3's crypto.af_alg_restrict: at 1, AF_ALG binds only the
 * algorithm names of its allowlists (some to the privileged only), never
 * a driver name, which is what kaesbench binds: it measures the driver
 * the kernel hands out for an allowed name by that name
 * (userspace/afalg.c), and no other; at 2, nothing.
 */
static void afalg_restricted(struct kb_doc_report *r, int level)
{
	struct kb_doc_finding *f;

	f = kb_doc_add(
		r, "KB-AFALG-RESTRICTED", KB_DOC_INFO,
		level >= 2 ?
			"AF_ALG is disabled by " KB_AF_ALG_RESTRICT
			" (%d): no AES implementation can be measured through it." :
			"AF_ALG is restricted by " KB_AF_ALG_RESTRICT
			" (%d): it binds only the algorithm names of its allowlists, never a driver name, so kaesbench's AF_ALG rows measure only the driver the kernel hands out for an allowed name (bound by that name); the others are n/a.",
		level);
	kb_doc_evidence(r, f, "%s = %d", KB_AF_ALG_RESTRICT, level);
	kb_doc_fix(
		r, f,
		"to measure AF_ALG on a test machine: sysctl crypto.af_alg_restrict=0 (as root), and back to %d after; userspace that needs AES should use a library (OpenSSL)",
		level);
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

	if (k->afalg_restriction > 0)
		afalg_restricted(r, k->afalg_restriction);
	if (!k->mods || !k->mod->release[0])
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

	kb_afalg_state_of(k->mods ? k->mod->release : "", &st);

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
 * @cpu: the machine and its CPU's features; nothing is said when unknown
 * @k: the implementations and the modules' state; nothing is said about
 *     the implementations when @k->impls is NULL
 *
 * Findings: KB-HYPERVISOR-HIDES-AES, KB-CPU-NO-AES, KB-OFFLOAD-SELECTED,
 * KB-AFALG-SOFTWARE-ONLY, KB-AFALG-RESTRICTED; on x86 KB-AESNI-IN-USE, KB-AESNI-DEMOTED,
 * KB-AESNI-MODULE-BLACKLISTED, KB-AESNI-MODULE-NOT-LOADED,
 * KB-AESNI-MODULE-NOT-BUILT, KB-AESNI-NOT-SELECTED, KB-VAES-UNUSED,
 * KB-VAES-DEMOTED; on arm64 the same as KB-ARMCE-* (the ARMv8 Crypto
 * Extensions), no VAES. Each architecture's ids are its own
 * (kb_doc_arch_names()): no other's appears.
 */
void kb_doc_check_kernel(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			 const struct kb_doc_kernel *k)
{
	const struct kb_doc_arch_names *names = kb_doc_arch_names(cpu->arch);
	struct alg_state s[KB_DOC_ALGS];
	bool generic = false, insns = false, registered = false;
	size_t i, n = KB_DOC_ALGS;
	bool cpu_known = cpu->known && names;

	if (cpu_known && !cpu->aes)
		cpu_without_aes(r, cpu, names);
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
		demoted(r, names, k, s, n);
	else if (generic)
		missing(r, names, k, s, n);
	else if (insns)
		aes_in_use(r, names, k, s, n);
	vaes(r, cpu, k);
}
