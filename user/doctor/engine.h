/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What the CPU offers for AES (from /proc/cpuinfo), and what runs an
 * implementation: the CPU's AES instructions, portable code, or a device.
 */
#ifndef KAESBENCH_DOCTOR_ENGINE_H
#define KAESBENCH_DOCTOR_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doctor/arch.h"
#include "kernel/impls.h"

/* What the machine is, and what /proc/cpuinfo says about AES. */
struct kb_doc_cpu {
	bool known;
	enum kb_doc_arch arch;
	char machine[32]; /* uname -m, "" when unknown */
	bool aes; /* x86 aes, arm64 aes */
	bool pclmul; /* x86 pclmulqdq, arm64 pmull */
	bool avx;
	bool avx2;
	bool avx512f;
	bool vaes;
	bool vpclmulqdq;
	bool hypervisor; /* a hypervisor is there */
	/* arm64: MIDR_EL1's implementer is 0x00, QEMU's TCG CPU models' */
	bool emulated;
	char hv_source[96]; /* what says so, for evidence */
};

int kb_doc_cpu_parse(const char *cpuinfo, const char *machine,
		     struct kb_doc_cpu *cpu);
const char *kb_doc_cpu_words(const struct kb_doc_cpu *cpu, char *buf,
			     size_t len);

/* Where the implementations come from, and what runs them. */
enum kb_doc_engine {
	KB_ENGINE_GENERIC, /* portable C, or SIMD without AES instructions */
	KB_ENGINE_AES_INSNS, /* AES-NI, VAES, ARMv8 Crypto Extensions */
	KB_ENGINE_OFFLOAD, /* a device behind a driver */
};

const char *kb_doc_engine_name(enum kb_doc_engine e);
enum kb_doc_engine kb_doc_engine(const struct kb_impl *impl,
				 const struct kb_impl_list *list);
const struct kb_impl *kb_doc_selected(const struct kb_impl_list *list,
				      const char *alg);
bool kb_doc_aes_name(const char *name);

#endif /* KAESBENCH_DOCTOR_ENGINE_H */
