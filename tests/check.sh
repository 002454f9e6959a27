#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check: unit tests, the tool's host tests (results formats, doctor),
# static checks of the module against each kernel series, the VM verdict's
# own test, the packaging checks (install, completion, dkms, the kernel's
# compiler, kselftest, netlink spec), the in-VM suite on each series, and
# last that the host's kernel images, headers and /boot are as they were.
# The debug kernel's suite is make check-debug. Ends with one summary line
# per stage and "check: N passed, N failed".

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
cache=${KAESBENCH_CACHE:-$top/.cache}
# The kernel series of the VM stage, and of the host stages (sparse, W=1,
# install, dkms, the kernel's compiler): adding the next is one word here.
# latest is Debian sid's kernel (tests/vm/kernel.sh).
series=${KAESBENCH_SERIES:-6.1 6.12 latest}
host_series=${KAESBENCH_HOST_SERIES:-6.1 6.12 latest}
start=$(date +%s)
passed=0
failed=0
summary=

# stage NAME COMMAND...: a stage counts as one test unless it reports its
# own "N passed, N failed" line.
stage() {
	name=$1
	shift
	echo "### $name"
	began=$(date +%s)
	"$@" >"$cache/stage.log" 2>&1
	rc=$?
	cat "$cache/stage.log"
	# Every "LABEL: N passed, N failed" line (one per kernel in the VM stage).
	counts=$(sed -n 's/^[^ ]*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1 \2/p' \
		"$cache/stage.log" |
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

for s in $unresolved; do
	stage "kernel series $s" sh -c \
		"echo 'series $s: its kernel could not be resolved (see above)'; exit 1"
done
stage "build" make -s tool test-tools
stage "unit tests" make -s -C user check
stage "include cycles (user, kmod)" make -s include-cycles
stage "fuzz parsers (libFuzzer, ASan, UBSan)" make -s -C tests/fuzz check
stage "results formats (host)" tests/results/host.sh
stage "host tests" tests/host/doctor.sh
stage "make run decisions (host)" tests/host/run.sh
stage "progress line (host, pty)" tests/host/progress.sh
stage "fuzz generator (ASan, UBSan, reproducible)" make -s -C tests/tools check
stage "checkpatch" scripts/lint.sh style
# shellcheck disable=SC2086
stage "sparse, W=1 ($kvers )" scripts/lint.sh sparse $kvers
stage "vm verdict" tests/vm/verdict-test.sh
# shellcheck disable=SC2086
stage "install, uninstall ($kvers )" tests/packaging/install.sh $kvers
stage "bash completion" tests/packaging/completion.sh
# shellcheck disable=SC2086
stage "dkms ($kvers )" tests/packaging/dkms.sh $kvers
# shellcheck disable=SC2086
stage "kernel compiler ($kvers )" tests/packaging/compiler.sh $kvers
stage "kselftest install" tests/packaging/kselftest.sh
stage "netlink spec" /usr/bin/python3 tests/netlink/check_spec.py "$ksrc" \
	Documentation/netlink/specs/kaesbench.yaml include/uapi/linux/kaesbench.h
# shellcheck disable=SC2086
stage "vm" tests/vm/rig.sh check $series

stage "host system unchanged" tests/packaging/host-state.sh compare \
	"$cache/host-state.before"

echo "### summary"
printf '%s' "$summary"
[ -r "$cache/vm-summary" ] && cat "$cache/vm-summary"
echo "wall time: $(($(date +%s) - start)) s"
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
