# SPDX-License-Identifier: GPL-2.0
#
# make check and make check-full, scheduled by make: one target per stage,
# each with its log and result in $(CHECK_DIR) (STAGE.log, STAGE.result:
# tests/check/stage.sh), and the summary printed from them at the end
# (tests/check/summary.sh). From the top of the tree:
#
#   make -f tests/check.mk prepare [FULL=1]  what comes before the stages
#                                            (tests/check/prepare.sh)
#   make -f tests/check.mk -k -j3 check [FULL=1]
#                                            every stage, then the summary
#   make -f tests/check.mk STAGE [FULL=1]    one stage alone (sparse,
#                                            vm-6.12, ...: $(STAGES))
#
# make check runs the first two; make check-full the same with FULL=1,
# make check-next with NEXT=1.

.DEFAULT_GOAL := check

CACHE := $(or $(KAESBENCH_CACHE),$(CURDIR)/.cache)
export KAESBENCH_CACHE := $(CACHE)
# make check-next's logs and results apart from make check's, which its
# prepare would clear (one after the other, not together: the install and
# dkms stages of both install into this system).
CHECK_DIR ?= $(CACHE)/check$(if $(NEXT),-next)

# The series the VM stages boot, and those the host stages build for too
# (sparse, W=1; install, dkms, the kernel's compiler on amd64): adding the
# next is one word. latest is Debian sid's kernel (tests/vm/kernel.sh).
# KAESBENCH_SERIES and KAESBENCH_HOST_SERIES in the environment replace
# them.
# NEXT=1 (make check-next): the kernels make check leaves out, each with
# the whole suite and the host stages that build for a kernel: next, the
# coming release (Debian experimental's, 7.3-rc), and rt, Debian 12's
# PREEMPT_RT kernel.
CHECK_SERIES := latest 6.12 6.1 arm64-6.12
FULL_SERIES := $(CHECK_SERIES) arm64-6.1
NEXT_SERIES := next rt
SERIES := $(or $(KAESBENCH_SERIES),$(if $(NEXT),$(NEXT_SERIES),$(if \
	$(FULL),$(FULL_SERIES),$(CHECK_SERIES))))
# make check's host stages build for the two series its VM lanes split
# the suite between; make check-full's for every series make check boots.
HOST_SERIES := $(or $(KAESBENCH_HOST_SERIES),$(if $(NEXT),$(NEXT_SERIES),$(if \
	$(FULL),6.1 6.12 latest arm64-6.12,latest 6.12)))

# The in-VM tests make check runs on each series: the files whose header
# names it (check=, tests/vm/guest/plan.sh; without one, the newest kernel
# and Debian 12's 6.12), after the boot with the CPU's AES module
# blacklisted. What differs by kernel runs on both of those, and on 6.1
# and arm64 what differs there; what proves the module's own code or the
# tool's runs on one of the two, the files dealt so that the two lanes
# take about as long (per test times under TCG, make check's log: "# took
# S s", and per file: "# file NAME: N tests, S s"); what waits out a long
# timeout and proves what no kernel changes, on none (check=none). make
# check-full (FULL=1) runs every file on every series, and so do make
# check-next and a series not in $(CHECK_SERIES) (KAESBENCH_SERIES=next).
vm_tests = $(if $(FULL)$(NEXT)$(filter-out $(CHECK_SERIES),$(1)),,-t \
	cpu-blacklisted,$(shell \
	tests/vm/guest/plan.sh check tests/vm/guest/tests $(1)))

# VM_SERIES, KVERS, HOST_KVERS (the host stages' of them), NATIVE_KVERS, UNRESOLVED, ARM64_MISSING, KSRC: what
# prepare found; made when missing, so that a stage runs alone.
PREPARED := $(CHECK_DIR)/prepared.mk
prepare_recipe = tests/check/prepare.sh '$(CHECK_DIR)' '$(SERIES)' '$(HOST_SERIES)'
ifneq ($(MAKECMDGOALS),prepare)
include $(PREPARED)
endif
$(PREPARED):
	@$(prepare_recipe)
prepare:
	@$(prepare_recipe)

# First, a failed stage for each series that could not be resolved and for
# the arm64 packages where they could not be installed, then the build;
# the host stages that time things (OpenSSL's rate, the progress line) on
# an otherwise quiet machine; then the VM stages, and beside them the
# other host stages at nice 19, taking the cycles the VMs leave idle
# (waits for timeouts, sleeps) while the VMs keep theirs.
FIRST := $(addprefix series-,$(UNRESOLVED)) \
	$(if $(ARM64_MISSING),arm64-packages) build
# make check-next runs, of the host stages, those that build for its
# kernels: make check runs the others, which no kernel changes.
KERNEL_HOST := sparse install dkms kernel-compiler built-tree
QUIET := $(if $(NEXT),,unit-tests results-formats host-tests run-decisions \
	progress-line)
HOST := $(if $(NEXT),$(KERNEL_HOST),include-cycles fuzz-parsers \
	fuzz-generator checkpatch sparse vm-verdict vm-plan vm-boot install completion dkms \
	kernel-compiler kselftest built-tree netlink-spec ovpn-uapi report)
VM := $(addprefix vm-,$(VM_SERIES))
LATE := $(if $(NEXT),,lava) host-state
STAGES := $(FIRST) $(QUIET) $(HOST) $(VM) $(LATE)

# Under make check, -k to the stage: it records its outcome and succeeds,
# so that the stages ordered after it still run; the summary fails.
ORDERED := $(filter check,$(MAKECMDGOALS))
stage = tests/check/stage.sh $(if $(ORDERED),-k) '$(CHECK_DIR)' $@
nicely := nice -n 19

check: $(STAGES)
	@tests/check/summary.sh '$(CHECK_DIR)' $(STAGES)

$(filter-out $(FIRST),$(STAGES)): build

define unresolved_stage
series-$(1):
	@$$(stage) 'kernel series $(1)' sh -c \
		"echo 'series $(1): its kernel could not be resolved (see above)'; exit 1"
endef
$(foreach s,$(UNRESOLVED),$(eval $(call unresolved_stage,$(s))))

arm64-packages:
	@$(stage) 'arm64 series' sh -c "echo 'series $(ARM64_MISSING): the arm64 \
		packages (scripts/deps.sh arm64) could not be installed; see above'; exit 1"

build:
	@$(stage) build make -s tool test-tools

unit-tests:
	@$(stage) 'unit tests' make -s -C user check
results-formats:
	@$(stage) 'results formats (host)' tests/results/host.sh
host-tests:
	@$(stage) 'host tests' tests/host/doctor.sh
run-decisions:
	@$(stage) 'make run decisions (host)' tests/host/run.sh
progress-line:
	@$(stage) 'progress line (host, pty)' tests/host/progress.sh

include-cycles:
	@$(stage) 'include cycles (user, kmod)' $(nicely) make -s include-cycles
fuzz-parsers:
	@$(stage) 'fuzz parsers (libFuzzer, ASan, UBSan)' \
		$(nicely) make -s -C tests/fuzz check
fuzz-generator:
	@$(stage) 'fuzz generator (ASan, UBSan, reproducible)' \
		$(nicely) make -s -C tests/tools check
checkpatch:
	@$(stage) checkpatch $(nicely) scripts/lint.sh style
sparse:
	@$(stage) 'sparse, W=1 ($(HOST_KVERS))' $(nicely) scripts/lint.sh sparse $(HOST_KVERS)
vm-verdict:
	@$(stage) 'vm verdict' $(nicely) tests/vm/verdict-test.sh
vm-plan:
	@$(stage) 'vm plan: check= (host)' tests/vm/plan-test.sh $(CHECK_SERIES)
vm-boot:
	@$(stage) 'vm boot watchdog (host)' $(nicely) tests/vm/boot-test.sh
install:
	@$(stage) 'install, uninstall ($(NATIVE_KVERS))' \
		$(nicely) tests/packaging/install.sh $(NATIVE_KVERS)
completion:
	@$(stage) 'bash completion' $(nicely) tests/packaging/completion.sh
dkms:
	@$(stage) 'dkms ($(NATIVE_KVERS))' \
		$(nicely) tests/packaging/dkms.sh $(NATIVE_KVERS)
kernel-compiler:
	@$(stage) 'kernel compiler ($(NATIVE_KVERS))' \
		$(nicely) tests/packaging/compiler.sh $(NATIVE_KVERS)
kselftest:
	@$(stage) 'kselftest install' $(nicely) tests/packaging/kselftest.sh
# The first release: the tree is built once.
built-tree:
	@$(stage) 'a built tree' $(nicely) tests/packaging/built-tree.sh $(NATIVE_KVERS)
netlink-spec:
	@$(stage) 'netlink spec' $(nicely) /usr/bin/python3 tests/netlink/check_spec.py \
		'$(KSRC)' Documentation/netlink/specs/kaesbench.yaml \
		include/uapi/linux/kaesbench.h
ovpn-uapi:
	@$(stage) 'ovpn uapi constants' $(nicely) /usr/bin/python3 tests/netlink/check_ovpn_uapi.py
report:
	@$(stage) 'report (chromium)' $(nicely) tests/report/run.sh

# One stage per series; rig.sh writes its summary lines beside the log.
define vm_stage
vm-$(1):
	@KAESBENCH_VM_SUMMARY='$$(CHECK_DIR)/$$@.summary' $$(stage) 'vm ($(1))' \
		tests/vm/rig.sh check $(1) $$(call vm_tests,$(1))
endef
$(foreach s,$(VM_SERIES),$(eval $(call vm_stage,$(s))))

lava:
	@$(stage) 'lava-run (6.12)' tests/lava/run.sh 6.12
host-state:
	@$(stage) 'host system unchanged' tests/packaging/host-state.sh compare \
		'$(CHECK_DIR)/host-state.before'

# make check's order. Each of $(FIRST) $(QUIET) $(HOST) after the one
# before it: one host stage at a time, as they share the system (install,
# dkms) and the quiet ones time things. The VM stages after the quiet
# ones, in two lanes: each series after the one two before it in
# $(VM_SERIES), so two VMs run side by side, the series dealt to them
# alternately (by default the whole suite on latest, then 6.1's part of
# it, in one; the whole on 6.12, then arm64-6.12's part, in the other). A
# VM keeps under one of the host's two CPUs busy on average (its tests
# wait, sleep, run on one vCPU): two share the machine with little loss (a
# series took 5 to 15 % longer beside another). -j3: the two VMs and a
# host stage.
# lava-run after the second lane (6.12's, then arm64's: the shorter), beside
# the other lane's last VM and the host stages: it starts its QEMU in a
# session of its own (pexpect), which the scheduler's autogroups weigh as
# much as all of make check, nice 19 or not: one VM of two, the host
# stages at nice 19 in what the two leave.
# The host's state is compared last.
# Order-only prerequisites, and only under make check: a stage run alone
# runs alone.
after_each = $(if $(word $(1),$(2)),$(eval $(word $(1),$(2)): | $(firstword \
	$(2)))$(call after_each,$(1),$(wordlist 2,$(words $(2)),$(2))))
ifneq ($(ORDERED),)
$(call after_each,2,$(FIRST) $(QUIET) $(HOST))
$(VM): | $(lastword $(QUIET))
$(call after_each,3,$(VM))
lava: | $(lastword $(VM))
host-state: | $(filter-out host-state,$(STAGES))
endif

.PHONY: check prepare $(STAGES)
