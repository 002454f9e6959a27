// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * The names the doctor's checks differ in between x86 and arm64. On arm64
 * the ARMv8 Crypto Extensions come in several modules (Debian builds them
 * as modules): aes_ce_cipher has the single-block cipher, aes_ce_blk the
 * modes over it (and needs it), ghash_ce gcm; aes_neon_bs and aes_neon_blk
 * are NEON code without the AES instructions, the "generic" ones here.
 */

#include <string.h>

#include "doctor/arch.h"

static const struct kb_doc_arch_names names[] = {
	{
		.arch = KB_ARCH_X86,
		.features = "flags",
		.insns = "AES instructions",
		.marks = { "aesni", "vaes" },
		.module = { { "aesni_intel", "CONFIG_CRYPTO_AES_NI_INTEL" } },
		.cpu_model_fix =
			"give the guest a CPU model with AES-NI (QEMU: -cpu host, or add +aes,+pclmulqdq to the model; libvirt: <cpu mode='host-passthrough'/>), if the host CPU has it",
		.ossl_var = "OPENSSL_ia32cap",
		.ossl_words = "x86 capability words",
		.ossl_aes = "AES-NI",
		.ossl_fix = "drop those bits from it",
		.ossl_none_fix =
			"check how this libcrypto was built, and whether the hypervisor reports AES-NI in CPUID consistently",
		.id = {
			.in_use = "KB-AESNI-IN-USE",
			.demoted = "KB-AESNI-DEMOTED",
			.not_selected = "KB-AESNI-NOT-SELECTED",
			.blacklisted = "KB-AESNI-MODULE-BLACKLISTED",
			.not_loaded = "KB-AESNI-MODULE-NOT-LOADED",
			.not_built = "KB-AESNI-MODULE-NOT-BUILT",
			.ossl_in_use = "KB-OPENSSL-AESNI-IN-USE",
			.ossl_masked = "KB-OPENSSL-AESNI-MASKED",
			.ossl_none = "KB-OPENSSL-NO-AESNI",
			.esp_generic = "KB-AESNI-ESP-GENERIC",
		},
	},
	{
		.arch = KB_ARCH_ARM64,
		.features = "Features",
		.insns = "AES instructions (ARMv8 Crypto Extensions)",
		/* cbc-aes-ce, gcm-aes-ce, cbc(aes-ce), essiv-...-sha256-ce */
		.marks = { "ce" },
		.module = { { "aes_ce_blk", "CONFIG_CRYPTO_AES_ARM64_CE_BLK" },
			    { "aes_ce_cipher", "CONFIG_CRYPTO_AES_ARM64_CE" } },
		.cpu_model_fix =
			"give the guest a CPU model with the Crypto Extensions (QEMU: -cpu host under KVM, -cpu max, or a model with them such as cortex-a72; libvirt: <cpu mode='host-passthrough'/>), if the host CPU has them",
		.ossl_var = "OPENSSL_armcap",
		.ossl_words = "ARM capability word",
		.ossl_aes = "ARMv8 AES",
		/* OpenSSL's crypto/arm_arch.h: ARMV8_AES, ARMV8_PMULL. */
		.ossl_fix = "set AES (0x4) and PMULL (0x20) in it",
		/*
		 * OpenSSL 3 reads the CPU's from getauxval(AT_HWCAP), the
		 * bits /proc/cpuinfo's Features line is printed from.
		 */
		.ossl_none_fix =
			"check how this libcrypto was built: it takes ARMv8 AES from getauxval(AT_HWCAP), which lists what /proc/cpuinfo does, so a build without its ARMv8 assembly is the likely cause",
		.id = {
			.in_use = "KB-ARMCE-IN-USE",
			.demoted = "KB-ARMCE-DEMOTED",
			.not_selected = "KB-ARMCE-NOT-SELECTED",
			.blacklisted = "KB-ARMCE-MODULE-BLACKLISTED",
			.not_loaded = "KB-ARMCE-MODULE-NOT-LOADED",
			.not_built = "KB-ARMCE-MODULE-NOT-BUILT",
			.ossl_in_use = "KB-OPENSSL-ARMV8-AES-IN-USE",
			.ossl_masked = "KB-OPENSSL-ARMV8-AES-MASKED",
			.ossl_none = "KB-OPENSSL-NO-ARMV8-AES",
			.esp_generic = "KB-ARMCE-ESP-GENERIC",
		},
	},
};

/**
 * kb_doc_arch_of() - the architecture of a machine name
 * @machine: uname(2)'s machine: "x86_64", "i686", "aarch64"
 *
 * A 32-bit ARM userland on an arm64 kernel says "armv8l": its kernel
 * modules are arm64's, but neither its libcrypto nor kaesbench is, so it
 * counts as another architecture.
 *
 * Return: the architecture, KB_ARCH_OTHER when the doctor does not know it.
 */
enum kb_doc_arch kb_doc_arch_of(const char *machine)
{
	if (!machine)
		return KB_ARCH_OTHER;
	if (!strcmp(machine, "x86_64") ||
	    (strlen(machine) == 4 && machine[0] == 'i' &&
	     !strcmp(machine + 2, "86")))
		return KB_ARCH_X86;
	if (!strcmp(machine, "aarch64") || !strcmp(machine, "arm64"))
		return KB_ARCH_ARM64;
	return KB_ARCH_OTHER;
}

/**
 * kb_doc_arch_names() - what the checks call things on an architecture
 * @arch: the architecture
 *
 * Return: its names, or NULL for KB_ARCH_OTHER.
 */
const struct kb_doc_arch_names *kb_doc_arch_names(enum kb_doc_arch arch)
{
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(*names); i++)
		if (names[i].arch == arch)
			return &names[i];
	return NULL;
}

/* Whether @name has @w as a word between '-', '_', '(', ')' and ','. */
static bool has_word(const char *name, const char *w)
{
	size_t wl = strlen(w), n;

	while (*name) {
		n = strcspn(name, "-_(),");
		if (n == wl && !strncmp(name, w, wl))
			return true;
		name += n + !!name[n];
	}
	return false;
}

/**
 * kb_doc_arch_insns_driver() - whether a driver uses AES instructions
 * @driver: a driver name: "cbc-aes-aesni", "xts-aes-vaes-avx2",
 *	    "cryptd(__cbc-aes-aesni)", "cbc-aes-ce", "gcm_base(ctr-aes-ce,...)"
 *
 * The drivers say so in their names, on any architecture; each
 * architecture's words are distinct, so no architecture is needed.
 *
 * Return: true if a word of the name is one of an architecture's marks.
 */
bool kb_doc_arch_insns_driver(const char *driver)
{
	size_t i, j;

	for (i = 0; i < sizeof(names) / sizeof(*names); i++)
		for (j = 0;
		     j < sizeof(names[i].marks) / sizeof(*names[i].marks); j++)
			if (names[i].marks[j] &&
			    has_word(driver, names[i].marks[j]))
				return true;
	return false;
}
