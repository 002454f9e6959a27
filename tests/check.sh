#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check: unit tests, the tool's host tests (results formats, doctor),
# static checks of the module against each kernel series, the VM verdict's
# own test, the packaging checks (install, completion, dkms, the kernel's
# compiler, kselftest, netlink spec), the report in a headless browser,
# a LAVA job run by Debian's lava-dispatcher, the in-VM suite on each
# series, and last that the host's kernel images, headers and /boot are as
# they were.
# The VM stage runs beside the host stages after the first few.
# The debug kernel's suite is make check-debug. Ends with one summary line
# per stage and "check: N passed, N failed".

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
cache=${KAESBENCH_CACHE:-$top/.cache}
# The kernel series of the VM stage, and of the host stages (sparse, W=1,
# install, dkms, the kernel's compiler): adding the next is one word here.
# latest is Debian sid's kernel (tests/vm/kernel.sh).
# arm64-6.12 is Debian 12's 6.12 for arm64, under qemu-system-aarch64
# (arm64-6.1 is make check-arm64's). The VM stage deals them to two lanes
# in this order (below).
series=${KAESBENCH_SERIES:-latest arm64-6.12 6.12 6.1}
host_series=${KAESBENCH_HOST_SERIES:-6.1 6.12 latest arm64-6.12}
start=$(date +%s)
passed=0
failed=0
summary=

# stage NAME COMMAND...: a stage counts as one test unless it reports its
# own "N passed, N failed" line. Its output goes to $stage_log first.
stage_log=$cache/stage.log
stage() {
	name=$1
	shift
	echo "### $name"
	began=$(date +%s)
	"$@" >"$stage_log" 2>&1
	rc=$?
	cat "$stage_log"
	# Every "LABEL: N passed, N failed" line (one per kernel in the VM stage).
	counts=$(sed -n 's/^[^ ]*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' \
		"$stage_log" |
		awk '{ p += $1; f += $2 } END { if (NR) print p, f }')
	if [ -n "$counts" ]; then
		# shellcheck disable=SC2086 # two numbers
		set -- $counts
		passed=$((passed + $1))
		failed=$((failed + $2))
		[ "$rc" -ne 0 ] && [ "$2" -eq 0 ] && failed=$((failed + 1))
	elif [ "$rc" -eq 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
	[ "$rc" -eq 0 ] && result=ok || result=FAILED
	# How long, for make check's time bound (Documentation/testing.rst).
	summary="$summary$name: $result ($(($(date +%s) - began)) s)
"
}

mkdir -p "$cache"
# Before anything is installed: what the host must still be at the end.
tests/packaging/host-state.sh record "$cache/host-state.before"
scripts/deps.sh check || exit 1

# The series of one architecture (amd64: those not named arm64-*), in
# order.
of_arch() {
	want=$1
	shift
	for s; do
		case $s in
		arm64-*) [ "$want" = arm64 ] && printf '%s ' "$s" ;;
		*) [ "$want" = amd64 ] && printf '%s ' "$s" ;;
		esac
	done
}
# The arm64 series need a cross compiler and qemu-system-aarch64: where
# those cannot be installed, the arm64 series are left out (a failed stage
# says so; apt's message above names the package) and the others run.
arm64_missing=
# shellcheck disable=SC2086 # word lists
if [ -n "$(of_arch arm64 $host_series $series)" ] &&
	! scripts/deps.sh arm64; then
	arm64_missing=$(of_arch arm64 $host_series $series)
	series=$(of_arch amd64 $series)
	host_series=$(of_arch amd64 $host_series)
	echo "check: the arm64 packages could not be installed: series" \
		"$arm64_missing left out" >&2
fi
# The releases the host stages build for. A series whose kernel cannot be
# resolved is left out of them, said by name, and fails a stage of its own
# (and the VM stage, if it boots); the others still run.
kvers=
unresolved=
for s in $(echo $host_series $series | tr ' ' '\n' | awk '!seen[$0]++'); do
	if kver=$(tests/vm/kernel.sh release "$s"); then
		kvers="$kvers $kver"
	else
		echo "check: series $s left out of the host stages" >&2
		unresolved="$unresolved $s"
	fi
done
# ynl, the netlink schemas and the kselftest framework.
ksrc=$(scripts/kernel-source.sh) || exit 1
# Every kernel fetched, its headers unpacked and its build root made, one
# at a time, before the VM stage and the host stages share them.
native_kvers=
for kver in $kvers; do
	tests/vm/kernel.sh fetch "$kver" "$cache/kernels" >/dev/null 2>&1 &&
		scripts/kbuild.sh where "$kver" >/dev/null 2>&1 ||
		echo "check: $kver could not be fetched or built for" >&2
	arch=$(tests/vm/kernel.sh arch "$kver")
	if [ "$arch" = amd64 ]; then
		native_kvers="$native_kvers $kver"
	else
		# That architecture's userland, which the tool builds against.
		scripts/sysroot.sh dir "$arch" >/dev/null 2>"$cache/sysroot.log" ||
			{ cat "$cache/sysroot.log"; echo "check: no $arch userland" >&2; }
	fi
done

for s in $unresolved; do
	stage "kernel series $s" sh -c \
		"echo 'series $s: its kernel could not be resolved (see above)'; exit 1"
done
[ -z "$arm64_missing" ] || stage "arm64 series" sh -c \
	"echo 'series $arm64_missing: the arm64 packages (scripts/deps.sh arm64) could not be installed; see above'; exit 1"
stage "build" make -s tool test-tools
# The host stages that time things (OpenSSL's rate, the progress line)
# first, on an otherwise quiet machine.
stage "unit tests" make -s -C user check
stage "results formats (host)" tests/results/host.sh
stage "host tests" tests/host/doctor.sh
stage "make run decisions (host)" tests/host/run.sh
stage "progress line (host, pty)" tests/host/progress.sh

# The VM stage, the longest by far, runs beside the other host stages,
# which run at nice 19: they take the cycles the VMs leave idle (waits
# for timeouts, sleeps), and the VMs keep theirs. It runs in two lanes
# side by side, the series dealt to them alternately in the order given:
# a VM keeps under one of the two host CPUs busy on average (its tests
# wait, sleep, run on one vCPU), so two of them share the machine with
# little loss (a series took 5 to 15 % longer beside another). The
# default order deals the longest (latest, arm64-6.12) to different
# lanes. Each lane's output, counts and summary lines come back through
# files.
# vm_lane LANE SERIES...: the VM stage of those series, in the
# background.
vm_lane() {
	lane=$1
	shift
	(
		passed=0 failed=0 summary=
		stage_log=$cache/vm-stage-$lane.log
		export KAESBENCH_VM_SUMMARY="$cache/vm-summary-$lane"
		stage "vm ($*)" tests/vm/rig.sh check "$@"
		echo "$passed $failed" >"$cache/vm-stage-$lane.counts"
		printf '%s' "$summary" >"$cache/vm-stage-$lane.summary"
	) >"$cache/vm-stage-$lane.out" 2>&1 &
}
# dealt LANE SERIES...: every other series, from the LANE-th (1 or 2).
dealt() {
	n=$1
	shift
	i=0
	for s; do
		i=$((i + 1))
		[ $((i % 2)) -eq $((n % 2)) ] && printf '%s ' "$s"
	done
}
lanes=
vm_stages=
for lane in 1 2; do
	# shellcheck disable=SC2086 # a word list
	lane_series=$(dealt $lane $series)
	[ -n "$lane_series" ] || continue
	rm -f "$cache/vm-summary-$lane"
	# shellcheck disable=SC2086
	vm_lane $lane $lane_series
	vm_stages="$vm_stages $!"
	lanes="$lanes $lane"
done

# nicely NAME COMMAND...: a host stage at nice 19, beside the VM stage.
nicely() {
	name=$1
	shift
	stage "$name" nice -n 19 "$@"
}

nicely "include cycles (user, kmod)" make -s include-cycles
nicely "fuzz parsers (libFuzzer, ASan, UBSan)" make -s -C tests/fuzz check
nicely "fuzz generator (ASan, UBSan, reproducible)" make -s -C tests/tools check
nicely "checkpatch" scripts/lint.sh style
# shellcheck disable=SC2086
nicely "sparse, W=1 ($kvers )" scripts/lint.sh sparse $kvers
nicely "vm verdict" tests/vm/verdict-test.sh
# shellcheck disable=SC2086
nicely "install, uninstall ($native_kvers )" tests/packaging/install.sh $native_kvers
nicely "bash completion" tests/packaging/completion.sh
# shellcheck disable=SC2086
nicely "dkms ($native_kvers )" tests/packaging/dkms.sh $native_kvers
# shellcheck disable=SC2086
nicely "kernel compiler ($native_kvers )" tests/packaging/compiler.sh $native_kvers
nicely "kselftest install" tests/packaging/kselftest.sh
# shellcheck disable=SC2086 # the first release: the tree is built once
nicely "a built tree" tests/packaging/built-tree.sh $native_kvers
nicely "netlink spec" /usr/bin/python3 tests/netlink/check_spec.py "$ksrc" \
	Documentation/netlink/specs/kaesbench.yaml include/uapi/linux/kaesbench.h
nicely "report (chromium)" tests/report/run.sh

# shellcheck disable=SC2086 # a list of process IDs
wait $vm_stages
for lane in $lanes; do
	cat "$cache/vm-stage-$lane.out"
	if read -r vm_passed vm_failed <"$cache/vm-stage-$lane.counts"; then
		passed=$((passed + vm_passed))
		failed=$((failed + vm_failed))
		summary="$summary$(cat "$cache/vm-stage-$lane.summary")
"
	else
		failed=$((failed + 1))
		summary="${summary}vm ($lane): FAILED (no result)
"
	fi
	rm -f "$cache/vm-stage-$lane.counts" "$cache/vm-stage-$lane.summary"
done

# After the VM stage, not beside it: lava-run starts its QEMU in a session
# of its own (pexpect), which the scheduler's autogroups then weigh as
# much as all of make check, nice 19 or not.
stage "lava-run (6.12)" tests/lava/run.sh 6.12

stage "host system unchanged" tests/packaging/host-state.sh compare \
	"$cache/host-state.before"

echo "### summary"
printf '%s' "$summary"
for lane in $lanes; do
	[ -r "$cache/vm-summary-$lane" ] && cat "$cache/vm-summary-$lane"
done
echo "wall time: $(($(date +%s) - start)) s"
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
