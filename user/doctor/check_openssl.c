// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Does userspace OpenSSL use the CPU's AES instructions? It picks its code
 * from its own capability words, which the OPENSSL_ia32cap variable can
 * mask on x86 and OPENSSL_armcap replace on ARM; openssl_caps.c reads the
 * words as OpenSSL applied them, so what it reports is what OpenSSL runs,
 * not what the CPU has. Written once for both: what differs comes from
 * arch.c's table.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doctor/check_openssl.h"

/* One word of OPENSSL_ia32cap: "~MASK" clears bits, "VALUE" replaces. */
static int cleared_word(const char *s, uint64_t *cleared)
{
	bool tilde = *s == '~';
	unsigned long long v;
	char *end;

	*cleared = 0;
	if (!*s || *s == ':')
		return 0;
	errno = 0;
	v = strtoull(s + tilde, &end, 0);
	if (errno || end == s + tilde || (*end && *end != ':'))
		return -EINVAL;
	*cleared = tilde ? v : ~(uint64_t)v;
	return 0;
}

/**
 * kb_doc_ia32cap_cleared() - what an OPENSSL_ia32cap value takes away
 * @env: the variable's value, "[~]WORD0[:[~]WORD1]"
 * @w0: set to the bits of the first capability word it clears
 * @w1: set to the bits of the second word it clears
 *
 * Return: 0, or -EINVAL when OpenSSL would not read @env as numbers.
 */
int kb_doc_ia32cap_cleared(const char *env, uint64_t *w0, uint64_t *w1)
{
	const char *colon = strchr(env, ':');

	*w0 = *w1 = 0;
	if (cleared_word(env, w0))
		return -EINVAL;
	return colon ? cleared_word(colon + 1, w1) : 0;
}

/**
 * kb_doc_ia32cap_words() - the AES-related bits a value clears, in words
 * @env: the variable's value
 * @buf: where to write
 * @len: size of @buf; 96 bytes suffice
 *
 * Return: @buf, such as "AES-NI, PCLMULQDQ", or "" when it clears none.
 */
const char *kb_doc_ia32cap_words(const char *env, char *buf, size_t len)
{
	static const struct {
		int word;
		int bit;
		const char *name;
	} bits[] = {
		{ 0, KB_OSSL_CAP0_AESNI, "AES-NI" },
		{ 0, KB_OSSL_CAP0_PCLMULQDQ, "PCLMULQDQ" },
		{ 0, KB_OSSL_CAP0_AVX, "AVX" },
		{ 1, KB_OSSL_CAP1_AVX2, "AVX2" },
		{ 1, KB_OSSL_CAP1_AVX512F, "AVX512F" },
		{ 1, KB_OSSL_CAP1_VAES, "VAES" },
		{ 1, KB_OSSL_CAP1_VPCLMULQDQ, "VPCLMULQDQ" },
	};
	uint64_t w[2];
	size_t i, used = 0;

	buf[0] = '\0';
	if (kb_doc_ia32cap_cleared(env, &w[0], &w[1]))
		return buf;
	for (i = 0; i < sizeof(bits) / sizeof(*bits) && used < len; i++)
		if (w[bits[i].word] >> bits[i].bit & 1)
			used += snprintf(buf + used, len - used, "%s%s",
					 used ? ", " : "", bits[i].name);
	return buf;
}

/**
 * kb_doc_armcap_words() - the AES-related bits an OPENSSL_armcap value lacks
 * @env: the variable's value
 * @buf: where to write
 * @len: size of @buf; 32 bytes suffice
 *
 * OpenSSL takes the value for its whole capability word, as
 * strtoul(env, NULL, 0) reads it (so "~0x4" is 0): a bit the value lacks
 * is off, whatever the CPU has.
 *
 * Return: @buf, such as "AES, PMULL", or "" when it lacks none.
 */
const char *kb_doc_armcap_words(const char *env, char *buf, size_t len)
{
	static const struct {
		int bit;
		const char *name;
	} bits[] = {
		{ KB_OSSL_ARM_NEON, "NEON" },
		{ KB_OSSL_ARM_AES, "AES" },
		{ KB_OSSL_ARM_PMULL, "PMULL" },
	};
	unsigned long v = strtoul(env, NULL, 0);
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(bits) / sizeof(*bits) && used < len; i++)
		if (!(v >> bits[i].bit & 1))
			used += snprintf(buf + used, len - used, "%s%s",
					 used ? ", " : "", bits[i].name);
	return buf;
}

/* Whether @caps are the words of OpenSSL on @names's architecture. */
static bool caps_known(const struct kb_doc_arch_names *names,
		       const struct kb_ossl_caps *caps)
{
	return caps->known &&
	       (caps->isa == KB_OSSL_ISA_ARM) == (names->arch == KB_ARCH_ARM64);
}

static bool caps_aes(const struct kb_ossl_caps *caps)
{
	return caps->isa == KB_OSSL_ISA_ARM ? caps->aes : caps->aesni;
}

static bool vaes_masked(const struct kb_doc_cpu *cpu,
			const struct kb_doc_ossl *o)
{
	return o->caps.isa == KB_OSSL_ISA_X86 && cpu->vaes && cpu->vpclmulqdq &&
	       o->capvar && (!o->caps.vaes || !o->caps.vpclmulqdq);
}

/**
 * kb_doc_ossl_masks() - whether OpenSSL's variable takes away what matters
 * @cpu: the CPU's features
 * @o: OpenSSL's capability words and the variable
 *
 * Return: true when the variable is set and OpenSSL goes without the AES
 * instructions the CPU has (or, on x86, VAES): the cost is worth measuring.
 */
bool kb_doc_ossl_masks(const struct kb_doc_cpu *cpu,
		       const struct kb_doc_ossl *o)
{
	const struct kb_doc_arch_names *names = kb_doc_arch_names(cpu->arch);

	if (!names || !cpu->known || !cpu->aes || !o->capvar ||
	    !caps_known(names, &o->caps))
		return false;
	return !caps_aes(&o->caps) || vaes_masked(cpu, o);
}

static void cost(struct kb_doc_report *r, struct kb_doc_finding *f,
		 const struct kb_doc_arch_names *names,
		 const struct kb_doc_ossl *o)
{
	const struct kb_doc_rate *m, *u;
	size_t i;

	if (!o->cipher) {
		kb_doc_evidence(r, f, "cost not measured: %s",
				o->not_measured ? o->not_measured : "-");
		return;
	}
	for (i = 0; i < o->count; i++) {
		m = &o->masked[i];
		u = &o->unmasked[i];
		kb_doc_evidence(
			r, f,
			"measured cost: %s at %u B: %.4g MB/s as masked (%.4g to %.4g), %.4g MB/s without %s (%.4g to %.4g) (%.2fx)",
			o->cipher, (unsigned int)o->size[i], m->median, m->min,
			m->max, u->median, names->ossl_var, u->min, u->max,
			m->median > 0 ? u->median / m->median : 0);
	}
}

/* Whether unmasking is faster beyond the noise at some size measured. */
static bool costs(const struct kb_doc_ossl *o)
{
	size_t i;

	for (i = 0; o->cipher && i < o->count; i++)
		if (kb_doc_beyond_noise(&o->unmasked[i], &o->masked[i]))
			return true;
	return false;
}

/*
 * Masking the AES instructions always costs. Masking VAES costs only
 * where this OpenSSL has VAES code for the mode measured (its AES-GCM
 * needs AVX512F too): a warning only when the cost was measured beyond
 * the noise.
 */
static void masked(struct kb_doc_report *r,
		   const struct kb_doc_arch_names *names, const char *id,
		   const char *what, const struct kb_doc_ossl *o,
		   const char *caps, bool vaes)
{
	bool warn = !vaes || costs(o);
	const char *tail = ".";
	struct kb_doc_finding *f;
	char words[96];

	if (!warn && o->cipher)
		tail = ", but this OpenSSL shows no measurable cost: it may have no VAES code path for this mode.";
	else if (!warn)
		tail = "; its cost was not measured.";
	if (names->arch == KB_ARCH_ARM64)
		kb_doc_armcap_words(o->capvar, words, sizeof(words));
	else
		kb_doc_ia32cap_words(o->capvar, words, sizeof(words));
	f = kb_doc_add(
		r, id, warn ? KB_DOC_WARNING : KB_DOC_INFO,
		"OpenSSL does not use %s although the CPU has it: the environment variable %s=%s masks %s%s",
		what, names->ossl_var, o->capvar, words[0] ? words : "it",
		tail);
	kb_doc_evidence(r, f, "%s: %s", o->version, caps);
	if (names->arch == KB_ARCH_ARM64)
		kb_doc_evidence(
			r, f,
			"OPENSSL_armcap replaces the capability word OpenSSL detected: each bit it lacks is off");
	cost(r, f, names, o);
	kb_doc_fix(
		r, f,
		"unset %s where it is set (the program's environment, its systemd unit, /etc/environment), or %s",
		names->ossl_var, names->ossl_fix);
}

/**
 * kb_doc_check_openssl() - whether OpenSSL uses what the CPU has
 * @r: the report
 * @cpu: the CPU's features
 * @o: OpenSSL's version, capability words, the variable and the cost
 *
 * Findings: KB-OPENSSL-NO-CPU-CAPS; on x86 KB-OPENSSL-AESNI-MASKED,
 * KB-OPENSSL-VAES-MASKED (a warning only when its measured cost is beyond
 * the noise), KB-OPENSSL-NO-AESNI, KB-OPENSSL-AESNI-IN-USE; on arm64
 * KB-OPENSSL-ARMV8-AES-MASKED, KB-OPENSSL-NO-ARMV8-AES,
 * KB-OPENSSL-ARMV8-AES-IN-USE. Nothing on other architectures.
 */
void kb_doc_check_openssl(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			  const struct kb_doc_ossl *o)
{
	const struct kb_doc_arch_names *names = kb_doc_arch_names(cpu->arch);
	struct kb_doc_finding *f;
	char words[128];

	if (!cpu->known || !names || !cpu->aes)
		return;
	kb_ossl_caps_words(&o->caps, words, sizeof(words));
	if (!caps_known(names, &o->caps)) {
		f = kb_doc_add(
			r, "KB-OPENSSL-NO-CPU-CAPS", KB_DOC_WARNING,
			"%s reports no %s: it was likely built without assembly (no-asm) and runs portable C for AES.",
			o->version, names->ossl_words);
		kb_doc_fix(
			r, f,
			"use an OpenSSL built with its assembly (the distribution's)");
		return;
	}
	if (!caps_aes(&o->caps) && o->capvar) {
		masked(r, names, names->id.ossl_masked, names->ossl_aes, o,
		       words, false);
		return;
	}
	if (!caps_aes(&o->caps)) {
		f = kb_doc_add(
			r, names->id.ossl_none, KB_DOC_WARNING,
			"%s does not use %s although /proc/cpuinfo lists it, and %s is not set.",
			o->version, names->ossl_aes, names->ossl_var);
		kb_doc_evidence(r, f, "%s: %s", o->version, words);
		kb_doc_fix(r, f, "%s", names->ossl_none_fix);
		return;
	}
	if (vaes_masked(cpu, o)) {
		masked(r, names, "KB-OPENSSL-VAES-MASKED", "VAES", o, words,
		       true);
		return;
	}
	f = kb_doc_add(r, names->id.ossl_in_use, KB_DOC_INFO, "%s uses %s.",
		       o->version, names->ossl_aes);
	kb_doc_evidence(r, f, "capability bits OpenSSL uses: %s", words);
	if (o->capvar)
		kb_doc_evidence(r, f, "%s=%s", names->ossl_var, o->capvar);
}
