// SPDX-License-Identifier: GPL-2.0
/*
 * Copyright (C) 2026 The kaesbench authors.
 *
 * Whether the figures are hardware figures, and steady ones: emulation,
 * virtualisation, the clock's governor and turbo.
 */

#include <string.h>

#include "doctor/check_env.h"

static bool emulated(const struct kb_doc_cpu *cpu, const struct kb_doc_env *env)
{
	return !strcmp(env->hv_vendor, "TCGTCGTCGTCG") || cpu->emulated;
}

static void machine(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
		    const struct kb_doc_env *env)
{
	struct kb_doc_finding *f;

	if (emulated(cpu, env)) {
		f = kb_doc_add(
			r, "KB-EMULATED", KB_DOC_WARNING,
			"The CPU is emulated (QEMU TCG): its AES instructions are software, and every figure is an emulator's, not the hardware's; compare ratios only.");
	} else if (cpu->hypervisor || env->hv_vendor[0]) {
		f = kb_doc_add(
			r, "KB-VIRTUALIZED", KB_DOC_INFO,
			"This is a virtual machine: figures are a guest's, and depend on what else the host runs.");
	} else {
		return;
	}
	if (cpu->emulated)
		kb_doc_evidence(
			r, f,
			"/proc/cpuinfo: CPU implementer 0x00, reserved for software use (QEMU's TCG CPU models)");
	if (cpu->hypervisor)
		kb_doc_evidence(r, f, "%s", cpu->hv_source);
	if (env->hv_vendor[0])
		kb_doc_evidence(r, f, "CPUID leaf 0x40000000: \"%s\"",
				env->hv_vendor);
	if (env->sys_vendor[0])
		kb_doc_evidence(r, f, "DMI: %s%s%s", env->sys_vendor,
				env->product[0] ? " " : "", env->product);
	if (emulated(cpu, env))
		kb_doc_fix(
			r, f,
			"measure on the hardware, or under KVM (-accel kvm -cpu host)");
}

/**
 * kb_doc_check_env() - what makes figures unfaithful or unsteady
 * @r: the report
 * @cpu: the CPU's features (the hypervisor flag; arm64: the device tree
 *	 or DMI naming a virtual machine)
 * @env: what the hypervisor, DMI and cpufreq say
 *
 * Findings: KB-EMULATED, KB-VIRTUALIZED, KB-CPUFREQ-GOVERNOR,
 * KB-TURBO-ON; a line saying why when the governor or turbo is unknown,
 * as a VM without cpufreq has them.
 */
void kb_doc_check_env(struct kb_doc_report *r, const struct kb_doc_cpu *cpu,
		      const struct kb_doc_env *env)
{
	struct kb_doc_finding *f;

	machine(r, cpu, env);
	if (!env->governor[0]) {
		kb_doc_skip(
			r, "the cpufreq governor",
			"%s: whether the clock follows the load is unknown",
			env->cpufreq ?
				"/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor cannot be read" :
				"no cpufreq driver (no /sys/devices/system/cpu/cpu*/cpufreq)");
	} else if (strcmp(env->governor, "performance")) {
		f = kb_doc_add(
			r, "KB-CPUFREQ-GOVERNOR", KB_DOC_INFO,
			"The cpufreq governor is %s: the clock follows the load, so short samples may run at different clocks.",
			env->governor);
		kb_doc_evidence(
			r, f,
			"/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor: %s%s",
			env->governor,
			env->governors_differ ? " (other CPUs differ)" : "");
		kb_doc_fix(
			r, f,
			"while measuring: cpupower frequency-set -g performance");
	}
	if (env->boost < 0)
		kb_doc_skip(
			r, "turbo",
			"neither /sys/devices/system/cpu/intel_pstate/no_turbo nor /sys/devices/system/cpu/cpufreq/boost can be read: whether the clock boosts is unknown");
	if (env->boost == 1) {
		f = kb_doc_add(
			r, "KB-TURBO-ON", KB_DOC_INFO,
			"Turbo is on: the clock depends on temperature and on how busy the other cores are, so figures drift between runs.");
		kb_doc_evidence(r, f, "%s", env->boost_source);
		kb_doc_fix(
			r, f,
			"for steady figures, turn it off while measuring (intel_pstate: echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo; others: echo 0 > /sys/devices/system/cpu/cpufreq/boost)");
	}
}
