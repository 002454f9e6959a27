// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The doctor's examination: gathers the facts, runs the static checks,
 * the ESP check and the paths check, then (unless quick) the measured ones. Every check that
 * cannot run here says so in one line. Also the short section closing a
 * bare `kaesbench`, static checks only (no ESP or paths check: they
 * register).
 */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/signals.h"
#include "doctor/check_env.h"
#include "doctor/check_esp.h"
#include "doctor/check_kernel.h"
#include "doctor/check_openssl.h"
#include "doctor/check_priority.h"
#include "doctor/examine.h"
#include "doctor/esp_facts.h"
#include "doctor/facts.h"
#include "doctor/paths_facts.h"
#include "doctor/measurements.h"
#include "bench/runner.h"
#include "userspace/afalg.h"
#include "userspace/libcrypto.h"
#include "userspace/openssl.h"
#include "userspace/openssl_caps.h"

/* Everything the checks judge. */
struct facts {
	struct kb_doc_cpu cpu;
	struct kb_doc_env env;
	struct kb_doc_modstate mod[KB_DOC_ARCH_MODULES];
	size_t mods;
	struct kb_impl_list list;
	int impls; /* 0: the module's, 1: from /proc/crypto, -1: none */
	char no_module[128];
	struct kb_doc_ossl ossl;
	char no_crypto_user[128]; /* why not, or "" */
};

/* The CPU's features, or why the AES checks cannot judge them. */
static void cpu_facts(struct kb_doc_report *r, struct facts *x)
{
	const struct kb_doc_arch_names *names;

	if (!kb_doc_cpu_facts(&x->cpu))
		return;
	names = kb_doc_arch_names(x->cpu.arch);
	if (names)
		kb_doc_skip(r, "CPU features", "/proc/cpuinfo has no %s line",
			    names->features);
	else
		kb_doc_skip(
			r, "CPU features",
			"the doctor's AES checks know x86 and arm64, not this machine (%s)",
			x->cpu.machine[0] ? x->cpu.machine : "uname failed");
}

static void gather(struct kb_doc_report *r, struct facts *x)
{
	const struct kb_doc_arch_names *names;

	cpu_facts(r, x);
	names = kb_doc_arch_names(x->cpu.arch);
	kb_doc_env_facts(&x->env);
	x->mods = x->cpu.known ? kb_doc_module_facts(x->cpu.arch, x->mod,
						     KB_DOC_ARCH_MODULES) :
				 0;
	x->impls =
		kb_doc_impl_facts(&x->list, x->no_module, sizeof(x->no_module));
	if (x->impls < 0)
		kb_doc_skip(r, "kernel implementations",
			    "%s, and /proc/crypto cannot be read",
			    x->no_module);
	else if (x->impls > 0)
		kb_doc_skip(
			r, "the crypto API's own selection",
			"%s (modprobe kaesbench): inferred from /proc/crypto priorities",
			x->no_module);
	kb_doc_crypto_user_probe(x->no_crypto_user, sizeof(x->no_crypto_user));
	x->ossl.version = kb_ossl_version();
	kb_ossl_caps(&x->ossl.caps);
	x->ossl.capvar = names ? getenv(names->ossl_var) : NULL;
	if (!x->ossl.version)
		kb_doc_skip(r, "OpenSSL's CPU capabilities", "%s",
			    kb_libcrypto_error());
	else if (!names)
		kb_doc_skip(
			r, "OpenSSL's CPU capabilities",
			"OpenSSL's capability words are read on x86 and arm64 only");
}

static void static_checks(struct kb_doc_report *r, struct facts *x)
{
	struct kb_doc_kernel k = {
		.impls = x->impls >= 0 ? &x->list : NULL,
		.inferred = x->impls > 0,
		.mod = x->mods ? x->mod : NULL,
		.mods = x->mods,
	};
	struct kb_afalg_state afalg;

	kb_afalg_state(&afalg);
	if (afalg.restriction > 0)
		k.afalg_restriction = afalg.restriction;
	kb_doc_check_env(r, &x->cpu, &x->env);
	kb_doc_check_kernel(r, &x->cpu, &k);
}

/* What ESP SAs made now get: registers, then unregisters, chains. */
static void esp_check(struct kb_doc_report *r, const struct facts *x)
{
	struct kb_doc_esp_facts esp;

	kb_doc_esp_facts(&esp);
	kb_doc_check_esp(r, &x->cpu, &esp);
	kb_doc_esp_facts_free(&esp);
}

/*
 * Which paths the kernel has and what an ovpn key gets: asks ovpn's
 * family from a namespace of its own, may register, then unregisters, a
 * chain.
 */
static void paths_check(struct kb_doc_report *r, const struct facts *x)
{
	struct kb_doc_paths_facts paths;

	kb_doc_paths_facts(&paths, true);
	kb_doc_check_paths(r, &x->cpu, &paths);
	kb_doc_paths_facts_free(&paths);
}

static const uint32_t cost_sizes[] = { KB_DOC_TYPICAL_SIZE, 16384 };

/* The OpenSSL check, with the mask's cost measured if one matters. */
static int openssl_check(struct kb_doc_report *r, struct facts *x, bool quick)
{
	const struct kb_doc_arch_names *names = kb_doc_arch_names(x->cpu.arch);
	struct kb_doc_rate masked[2], unmasked[2];
	bool masking = kb_doc_ossl_masks(&x->cpu, &x->ossl);
	char why[256];

	if (!x->ossl.version) /* no libcrypto: gather() said so */
		return 0;
	if (masking && quick) {
		x->ossl.not_measured = "--quick";
	} else if (masking) {
		if (kb_doc_ossl_cost(names->ossl_var, "gcm(aes)", cost_sizes, 2,
				     masked, unmasked, why, sizeof(why))) {
			x->ossl.not_measured = why;
		} else {
			x->ossl.cipher = "AES-128-GCM";
			x->ossl.count = 2;
			x->ossl.size = cost_sizes;
			x->ossl.masked = masked;
			x->ossl.unmasked = unmasked;
		}
	}
	kb_doc_check_openssl(r, &x->cpu, &x->ossl);
	x->ossl.not_measured = NULL;
	x->ossl.cipher = NULL;
	return 0;
}

static int measured_checks(struct kb_doc_report *r, struct facts *x)
{
	if (kb_signals_install())
		return -1;
	if (x->impls == 0) {
		if (kb_doc_measure_kernel(r, &x->list))
			return -1;
	} else {
		kb_doc_skip(r, "measured kernel checks",
			    "%s (modprobe kaesbench)",
			    x->impls > 0 ? x->no_module :
					   "the implementations are unknown");
	}
	if (!kb_interrupted() && kb_doc_measure_afalg(r))
		return -1;
	return 0;
}

/**
 * kb_doc_examine() - examine this machine, as `kaesbench doctor` does
 * @r: the findings, added to; marked incomplete when out of memory
 * @quick: static checks only: measure nothing
 *
 * Stops measuring once interrupted (see kb_interrupted()).
 *
 * Return: 0, or -1 when a measurement could not be made for want of memory
 * or signal handling.
 */
int kb_doc_examine(struct kb_doc_report *r, bool quick)
{
	struct facts x = { 0 };
	int ret = 0;

	gather(r, &x);
	static_checks(r, &x);
	esp_check(r, &x);
	paths_check(r, &x);
	if (!quick)
		ret = measured_checks(r, &x);
	else
		kb_doc_skip(r, "measured checks", "--quick");
	if (!ret && !kb_interrupted())
		ret = openssl_check(r, &x, quick);
	kb_doc_check_priority_fixes(r, x.no_crypto_user[0] ? x.no_crypto_user :
							     NULL);
	if (ret)
		r->nomem = true;
	kb_impl_list_free(&x.list);
	return ret;
}

/**
 * kb_doctor_sweep_section() - the doctor's static checks, briefly
 * @f: where to
 *
 * What closes a bare `kaesbench`: one line per finding and its fix,
 * nothing measured.
 */
void kb_doctor_sweep_section(FILE *f)
{
	struct kb_doc_report r = { 0 };
	struct facts x = { 0 };
	const struct kb_doc_finding *d;
	size_t i;
	int sev;

	gather(&r, &x);
	static_checks(&r, &x);
	openssl_check(&r, &x, true);
	fprintf(f,
		"doctor (static checks; \"kaesbench doctor\" also measures and explains):\n");
	for (sev = KB_DOC_ERROR; sev >= KB_DOC_INFO; sev--)
		for (i = 0; i < r.count; i++) {
			d = &r.finding[i];
			if ((int)d->severity != sev)
				continue;
			fprintf(f, "  [%s] %s: %s\n",
				kb_doc_severity_name(d->severity), d->id,
				d->summary);
			if (d->fix)
				fprintf(f, "      fix: %s\n", d->fix);
		}
	if (!r.count)
		fprintf(f, "  nothing found\n");
	kb_impl_list_free(&x.list);
	kb_doc_report_free(&r);
}
