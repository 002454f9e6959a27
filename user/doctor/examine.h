/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * `kaesbench doctor`: which AES path this machine really uses, and why not
 * the fast one. The checks are pure functions of the facts gathered here
 * (the CPU's flags, the kernel's implementations, the module state, the
 * measurements, OpenSSL's capability bits), so that the unit tests can
 * feed them any machine; doctor.c gathers the facts of this one.
 */
#ifndef KAESBENCH_DOCTOR_H
#define KAESBENCH_DOCTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <json-c/json.h>

#include "kernel/impls.h"
#include "userspace/openssl.h"

enum kb_doc_severity { KB_DOC_INFO, KB_DOC_WARNING, KB_DOC_ERROR };

/* One finding: a stable id, what was found, why we think so, what to do. */
struct kb_doc_finding {
	const char *id; /* "KB-AESNI-MODULE-NOT-LOADED": never changes */
	enum kb_doc_severity severity;
	char *summary;
	char **evidence;
	size_t evidence_count;
	char *fix; /* NULL when there is nothing to do */
};

/* A check that could not run on this machine, and why. */
struct kb_doc_skip {
	const char *check;
	char *why;
};

struct kb_doc_report {
	struct kb_doc_finding *finding;
	size_t count;
	size_t alloc;
	struct kb_doc_skip *skip;
	size_t skips;
	size_t skips_alloc;
	bool nomem; /* something could not be recorded */
};

struct kb_doc_finding *kb_doc_add(struct kb_doc_report *r, const char *id,
				  enum kb_doc_severity sev, const char *fmt,
				  ...) __attribute__((format(printf, 4, 5)));
void kb_doc_evidence(struct kb_doc_report *r, struct kb_doc_finding *f,
		     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void kb_doc_fix(struct kb_doc_report *r, struct kb_doc_finding *f,
		const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void kb_doc_skip(struct kb_doc_report *r, const char *check, const char *fmt,
		 ...) __attribute__((format(printf, 3, 4)));
const struct kb_doc_finding *kb_doc_find(const struct kb_doc_report *r,
					 const char *id);
const char *kb_doc_severity_name(enum kb_doc_severity sev);
int kb_doc_exit_status(const struct kb_doc_report *r);
void kb_doc_print(FILE *f, const struct kb_doc_report *r);
struct json_object *kb_doc_to_json(const struct kb_doc_report *r);
void kb_doc_report_free(struct kb_doc_report *r);

/* The algorithms whose selected implementation the doctor judges. */
#define KB_DOC_ALGS 5
extern const char *const kb_doc_algs[KB_DOC_ALGS];
/* The request size it judges them at: an IPsec packet of a 1500 B MTU. */
#define KB_DOC_TYPICAL_SIZE 1420
uint32_t kb_doc_typical_size(const char *alg);

/* What /proc/cpuinfo says about AES. */
enum kb_doc_arch { KB_ARCH_OTHER, KB_ARCH_X86, KB_ARCH_ARM64 };

struct kb_doc_cpu {
	bool known;
	enum kb_doc_arch arch;
	bool aes; /* x86 aes, arm64 aes */
	bool pclmul; /* x86 pclmulqdq, arm64 pmull */
	bool avx;
	bool avx2;
	bool avx512f;
	bool vaes;
	bool vpclmulqdq;
	bool hypervisor;
};

int kb_doc_cpu_parse(const char *cpuinfo, struct kb_doc_cpu *cpu);
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

/* The module that brings the AES instructions to the crypto API. */
struct kb_doc_modstate {
	const char *name; /* aesni_intel, aes_ce_blk */
	char release[65]; /* uname -r */
	int loaded; /* listed in /proc/modules: 1, 0, or -1 unknown */
	bool can_load; /* the kernel loads modules */
	bool builtin; /* modules.builtin lists it */
	bool index; /* modules.dep could be read */
	bool available; /* modules.dep lists it: there is a .ko to load */
	char blacklist[256]; /* where it is blacklisted, or "" */
};

const char *kb_doc_aes_module(enum kb_doc_arch arch);
bool kb_doc_modname_eq(const char *a, size_t alen, const char *b);
bool kb_doc_modlist_has(const char *text, const char *module);
int kb_doc_conf_blacklists(const char *text, const char *module, char *what,
			   size_t len);
bool kb_doc_cmdline_blacklists(const char *cmdline, const char *module,
			       char *what, size_t len);

/* The kernel side as the checks see it. */
struct kb_doc_kernel {
	const struct kb_impl_list *impls; /* NULL when not known */
	bool inferred; /* from /proc/crypto: selection by priority */
	const struct kb_doc_modstate *mod;
};

void kb_doc_check_kernel(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			 const struct kb_doc_kernel *k);

/* /proc/crypto, when the kaesbench module is not there to ask. */
int kb_doc_proc_crypto_parse(const char *text, struct kb_impl_list *list);

/* What the machine around the measurements is like. */
struct kb_doc_env {
	char hv_vendor[13]; /* CPUID leaf 0x40000000: "KVMKVMKVM", "TCGTCGTCGTCG" */
	char sys_vendor[64]; /* DMI, "QEMU" */
	char product[64];
	bool cpufreq; /* a cpufreq driver is there */
	char governor[32]; /* cpu0's, "" when none */
	bool governors_differ;
	int boost; /* turbo: 1 on, 0 off, -1 unknown */
	char boost_source[64]; /* the file that said so */
};

void kb_doc_check_env(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
		      const struct kb_doc_env *env);

/* One implementation measured at one size. */
struct kb_doc_rate {
	const char *driver;
	uint32_t priority;
	bool selected;
	enum kb_doc_engine engine;
	uint32_t depth;
	size_t samples;
	double median; /* MB/s */
	double min;
	double max;
};

/* Every implementation of an algorithm, measured at one size. */
struct kb_doc_alg_rates {
	const char *alg;
	uint32_t size;
	struct kb_doc_rate *rate;
	size_t count;
};

/* An offload engine and the best CPU implementation, size by size. */
struct kb_doc_curve {
	const char *alg;
	const struct kb_doc_rate *offload; /* at the typical size */
	const struct kb_doc_rate *cpu;
	const uint32_t *size;
	const double *offload_mbps; /* medians */
	const double *cpu_mbps;
	size_t count;
};

/* An asynchronous offload engine at depth 1, 2, 4 ..., against the CPU. */
struct kb_doc_depths {
	const char *alg;
	uint32_t size;
	const struct kb_doc_rate *cpu; /* the best CPU implementation */
	const struct kb_doc_rate *offload; /* one per depth, ascending */
	size_t count;
};

bool kb_doc_beyond_noise(const struct kb_doc_rate *fast,
			 const struct kb_doc_rate *slow);
void kb_doc_check_faster(struct kb_doc_report *r,
			 const struct kb_doc_alg_rates *a);
bool kb_doc_crossover(const struct kb_doc_curve *c, uint32_t *at);
void kb_doc_check_offload(struct kb_doc_report *r,
			  const struct kb_doc_curve *c);
bool kb_doc_depth_wins(const struct kb_doc_depths *d, uint32_t *from);
void kb_doc_check_depths(struct kb_doc_report *r,
			 const struct kb_doc_depths *d);
void kb_doc_check_spread(struct kb_doc_report *r,
			 const struct kb_doc_alg_rates *a, size_t count,
			 uint32_t samples);
void kb_doc_check_afalg(struct kb_doc_report *r, const char *alg, uint32_t size,
			const struct kb_doc_rate *afalg,
			const struct kb_doc_rate *openssl);

/* OpenSSL as the checks see it. */
struct kb_doc_ossl {
	const char *version;
	struct kb_ossl_caps caps;
	const char *ia32cap; /* the OPENSSL_ia32cap variable, or NULL */
	/* The cost of what is masked: a cipher at sizes, with and without. */
	const char *cipher; /* "AES-128-GCM", or NULL when not measured */
	size_t count;
	const uint32_t *size;
	const struct kb_doc_rate *masked; /* one per size, no driver */
	const struct kb_doc_rate *unmasked;
	const char *not_measured; /* why there is no cost, or NULL */
};

int kb_doc_ia32cap_cleared(const char *env, uint64_t *w0, uint64_t *w1);
const char *kb_doc_ia32cap_words(const char *env, char *buf, size_t len);
void kb_doc_check_openssl(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
			  const struct kb_doc_ossl *o);

/* The measuring, on this machine (docbench.c). */
int kb_doc_measure_kernel(struct kb_doc_report *r,
			  const struct kb_impl_list *list);
int kb_doc_measure_afalg(struct kb_doc_report *r);
int kb_doc_ossl_cost(const char *alg, const uint32_t *size, size_t n,
		     struct kb_doc_rate *masked, struct kb_doc_rate *unmasked,
		     char *why, size_t len);

/* What `kaesbench priority`, the fix of several findings, needs. */
int kb_doc_crypto_user_probe(char *why, size_t len);
void kb_doc_check_priority_fixes(struct kb_doc_report *r, const char *missing);

/* The subcommand, its hidden helper, and the sweep's closing section. */
struct kb_doc_opts {
	bool json;
	bool quick; /* static checks only */
	bool help;
};

int kb_doctor_parse(int argc, char *argv[], struct kb_doc_opts *o);
int kb_doctor_main(int argc, char *argv[]);
int kb_doctor_ossl_child_main(int argc, char *argv[]);
void kb_doctor_sweep_section(FILE *f);

#endif /* KAESBENCH_DOCTOR_H */
