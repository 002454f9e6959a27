/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Whether the figures are hardware figures, and steady ones: emulation,
 * virtualisation, the clock's governor and turbo.
 */
#ifndef KAESBENCH_DOCTOR_CHECK_ENV_H
#define KAESBENCH_DOCTOR_CHECK_ENV_H

#include <stdbool.h>

#include "doctor/engine.h"
#include "doctor/report.h"

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

#endif /* KAESBENCH_DOCTOR_CHECK_ENV_H */
