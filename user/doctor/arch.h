/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * What differs between the architectures the doctor knows: where the CPU
 * lists its AES instructions, which drivers and modules bring them, the
 * kernel option that builds them, OpenSSL's capability variable, and the
 * ids of the findings. The checks are written once, over this table.
 */
#ifndef KAESBENCH_DOCTOR_ARCH_H
#define KAESBENCH_DOCTOR_ARCH_H

#include <stdbool.h>

/* The machine, as uname(2) names it. */
enum kb_doc_arch { KB_ARCH_OTHER, KB_ARCH_X86, KB_ARCH_ARM64 };

/* At most this many modules bring an architecture's AES instructions. */
#define KB_DOC_ARCH_MODULES 2

/* A module bringing the AES instructions, and the option building it. */
struct kb_doc_arch_module {
	const char *name; /* as /proc/modules and /proc/crypto name it */
	const char *config;
};

/* The ids of one architecture's findings. */
struct kb_doc_arch_ids {
	const char *in_use;
	const char *demoted;
	const char *not_selected;
	const char *blacklisted;
	const char *not_loaded;
	const char *not_built;
	const char *ossl_in_use;
	const char *ossl_masked;
	const char *ossl_none;
	const char *esp_generic; /* ESP SAs get generic AES */
};

struct kb_doc_arch_names {
	enum kb_doc_arch arch;
	const char *features; /* the /proc/cpuinfo line: "flags", "Features" */
	const char *insns; /* the AES instructions, in summaries */
	/* Words of the driver names of implementations using them. */
	const char *marks[2];
	/* The first brings the modes judged, the others what it needs. */
	struct kb_doc_arch_module module[KB_DOC_ARCH_MODULES];
	const char *cpu_model_fix; /* for a guest whose CPU model lacks them */
	const char *ossl_var; /* the environment variable OpenSSL reads */
	const char *ossl_words; /* what OpenSSL reports, in summaries */
	const char *ossl_aes; /* the AES capability, as OpenSSL names it */
	const char *ossl_fix; /* how to change the variable instead */
	const char *ossl_none_fix; /* when OpenSSL does not see the CPU's */
	struct kb_doc_arch_ids id;
};

enum kb_doc_arch kb_doc_arch_of(const char *machine);
const struct kb_doc_arch_names *kb_doc_arch_names(enum kb_doc_arch arch);
bool kb_doc_arch_insns_driver(const char *driver);

#endif /* KAESBENCH_DOCTOR_ARCH_H */
