#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The VM rig: boots Debian kernels under qemu with kaesbench inside.
#
# usage: tests/vm/rig.sh check SERIES... [-t NAME[,NAME...]]
#                                             run the in-VM suite on each
#                                             series (6.1, 6.12, latest,
#                                             next, rt, debug, arm64-6.1,
#                                             arm64-6.12);
#                                             -t: only the files NAMEd, in
#                                             the order given (60-verify,
#                                             60-verify.sh, 60 or verify)
#        tests/vm/rig.sh run SERIES [ARGS...] run "kaesbench ARGS" there
#        tests/vm/rig.sh exec SERIES COMMAND  run a shell command there, with
#                                             the module loaded (debugging)
#        tests/vm/rig.sh ramdisk SERIES OUT   a LAVA device's kernel and
#                                             ramdisk for SERIES, in OUT
#
# 6.1 and 6.12 are Debian 12's current kernels, latest is Debian sid's,
# next Debian experimental's (the coming release, 7.3-rc), rt Debian 12's
# PREEMPT_RT kernel (make check-next boots those two), arm64-6.1 and arm64-6.12 Debian 12's arm64 kernels, booted under
# qemu-system-aarch64 with the module cross-built and the tool built
# against an unpacked arm64 userland (scripts/sysroot.sh)
# (tests/vm/kernel.sh says how each is resolved); debug is 6.12 built from
# Debian's source with KASAN, kmemleak, lockdep and more
# (tests/vm/debug-kernel.sh; built once, then cached). It is slow under
# TCG: its boots scale the suite's time limits by KAESBENCH_VM_SLOWDOWN
# (default 3 for debug, 2 for rt, 1 otherwise).
#
# Each file of the suite (tests/vm/guest/tests/*.sh) runs in a shell of its
# own from the state its header states (tests/vm/guest/plan.sh says how):
# the files run in one boot, order=last ones at its end, and each boot=own
# file in a boot of its own; check adds a boot with the CPU's AES modules
# blacklisted (tests/vm/guest/cpu-blacklisted/) unless -t is given without
# the name cpu-blacklisted among its names. Each
# boot is judged by tests/vm/verdict.sh; a series' boots of the suite sum
# to one line, "RELEASE: N passed, N failed, N skipped (T s)", the
# blacklisted boot has its own. Logs: $KAESBENCH_CACHE/logs/RELEASE/ for
# the first boot, .../RELEASE/NAME/ for a boot=own file's,
# .../RELEASE/cpu-blacklisted/ ($KAESBENCH_VM_LOGS instead of
# $KAESBENCH_CACHE/logs where it is set).
#
# Kernels, module builds and initramfs images are kept under
# $KAESBENCH_CACHE (default .cache/ in the source tree). check writes each
# series' summary lines to $KAESBENCH_VM_SUMMARY (default
# $KAESBENCH_CACHE/vm-summary). Expects the tool and the test tools built
# (make tool test-tools).

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
# Where the boots' logs go: two rigs sharing a cache keep theirs apart.
vm_logs=${KAESBENCH_VM_LOGS:-$cache/logs}
rig=$top/tests/vm

# Sets, for a series, kver (its release), kroot (an unpacked image:
# boot/vmlinuz-RELEASE, lib/modules/RELEASE), kbuild (the tree modules
# build against) and krun (what runs a command where the kernel's compiler
# is: scripts/kbuild.sh), fetching or building the kernel first.
locate_kernel() {
	case "$1" in
	debug)
		"$top/scripts/deps.sh" debug >&2
		dir=$("$rig/debug-kernel.sh" build "$cache")
		kver=$(cat "$dir/release")
		kroot=$dir/root
		kbuild=$dir/build
		krun=
		;;
	*)
		kver=$("$rig/kernel.sh" release "$1")
		"$rig/kernel.sh" fetch "$kver" "$cache/kernels" >&2
		kroot=$cache/kernels/$kver/root
		kbuild=$("$top/scripts/kbuild.sh" dir "$kver")
		krun="$top/scripts/kbuild.sh run $kver"
		;;
	esac
}

# Sets, once locate_kernel has, vmlinuz and initramfs: what boots, and
# arch, what qemu emulates.
boot_files() {
	arch=$("$rig/kernel.sh" arch "$kver")
	vmlinuz=$kroot/boot/vmlinuz-$kver
	initramfs=$cache/initramfs-$kver.$$.cpio.gz
}

# Locates the series' kernel, builds the module and the test modules
# against it and packs the initramfs; sets what locate_kernel and
# boot_files set.
prepare() {
	locate_kernel "$1"
	boot_files

	# Per process, so that two rigs sharing a cache do not collide.
	build=$cache/build/$kver.$$
	rm -rf "$build"
	mkdir -p "$build/tests"
	# -p: the tool built in user/ stays up to date for make install.
	cp -rp "$top/Makefile" "$top/Kbuild" "$top/kmod" "$top/include" \
		"$top/user" "$top/Documentation" "$top/contrib" \
		"$top/tests/modules" "$build/"
	cp -rp "$top/tests/tools" "$build/tests/"
	# Another architecture's VM runs the tool and the test tools built
	# here against its Debian userland (scripts/sysroot.sh), which the
	# initramfs then takes its programs from; the module builds with the
	# cross compiler the headers name (.kernelvariables) or, where they
	# do not (arm64 6.1), the one scripts/kbuild.sh gives kbuild.
	cross=
	extras=
	if [ "$arch" != amd64 ]; then
		sysroot=$("$top/scripts/sysroot.sh" dir "$arch")
		cross="$top/scripts/sysroot.sh run $arch"
		make -s -C "$build/user" clean >&2
		make -s -C "$build/tests/tools" clean >&2
		$cross make -s -C "$build/tests/tools" >&2
		extras="-s $sysroot -b $build"
	fi
	# shellcheck disable=SC2086 # $krun is a word list
	$krun make -s -C "$kbuild" M="$build" modules >&2
	# shellcheck disable=SC2086
	$krun make -s -C "$kbuild" M="$build/modules" modules >&2
	# What a test machine gets from make install, for 95-install.sh: the
	# module built where the kernel's compiler is, the tool here.
	# shellcheck disable=SC2086
	$krun make -s -C "$build" install-module KDIR="$kbuild" \
		DESTDIR="$build/installed" >&2
	# shellcheck disable=SC2086 # $cross is a word list
	$cross make -s -C "$build" install-tool DESTDIR="$build/installed" >&2
	# With Debian's linux-source: the kselftest as a CI fleet installs it
	# and the ynl CLI (96-kselftest.sh, 97-ynl.sh; they skip without).
	if ksrc=$("$top/scripts/kernel-source.sh" 2>/dev/null); then
		"$top/scripts/kselftest-install.sh" "$build/kselftest" >/dev/null
		extras="$extras -k $build/kselftest -y $ksrc"
	fi

	# shellcheck disable=SC2086 # $extras is a word list
	"$rig/initramfs.sh" -i "$build/installed" $extras "$kver" "$kroot" \
		"$build/kmod/kaesbench.ko" "$initramfs" "$build/modules/"*.ko >&2
	rm -rf "$build"
}

# How much slower than a Debian kernel the series runs: scales the VM's
# and each in-VM test's time limit.
slowdown() {
	case "$1" in
	debug) echo "${KAESBENCH_VM_SLOWDOWN:-3}" ;;
	# Its suite took 1463 s of the boot's 1500 under TCG (7.3's: 1140).
	rt) echo "${KAESBENCH_VM_SLOWDOWN:-2}" ;;
	*) echo "${KAESBENCH_VM_SLOWDOWN:-1}" ;;
	esac
}

# More kernel command line for the series. rt: under PREEMPT_RT the serial
# port's interrupt is handled in a thread, and under TCG the port that
# carries the suite's output once raised 100000 interrupts that the late
# thread found nothing in ("irq 3: nobody cared"); the kernel disabled
# the line, and the output crawled until the boot's bound ran out (make
# check-next, 2026-12-05). noirqdebug keeps the line on.
series_cmdline() {
	case "$1" in
	rt) echo noirqdebug ;;
	esac
}

# boot_series ARGS...: tests/vm/boot.sh ARGS for the series' kernel, with
# its slowdown and command line.
boot_series() {
	KAESBENCH_VM_SLOWDOWN=$(slowdown "$series") \
		KAESBENCH_VM_CMDLINE=$(series_cmdline "$series") \
		"$rig/boot.sh" -A "$arch" "$@"
}

# boot_files_of LABEL LOGS FILES: one boot of the suite's FILES (blank-
# separated, as plan.sh boots prints them), judged; adds its counts to
# passed, failed and skipped, its problems to problems.
boot_files_of() {
	label=$1
	echo "# booting $kver: $3"
	boot_series -m test -t "$3" "$vmlinuz" "$initramfs" "$2" </dev/null ||
		true
	# Only the results file prints the results JSON the verdict checks.
	documents=-n
	case " $3 " in *" 75-results "*) documents= ;; esac
	# shellcheck disable=SC2086 # $documents is empty or one word
	line=$("$rig/verdict.sh" $documents "$2" "$label") || rc=1
	# The boot's own count as a comment: the series' line, the sum of
	# its boots, is the one a "LABEL: N passed, N failed" reader counts
	# (make check's summary).
	echo "$line" | sed '$s/^/# boot: /'
	line=$(echo "$line" | tail -n 1)
	counts=$(echo "$line" | sed -n \
		's/^[^:]*: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped.*/\1 \2 \3/p')
	[ -n "$counts" ] || counts="0 1 0"
	# shellcheck disable=SC2086 # three numbers
	set -- $counts
	passed=$((passed + $1))
	failed=$((failed + $2))
	skipped=$((skipped + $3))
	problem=$(echo "$line" | sed -n 's/^[^[]* skipped \[\(.*\)\]$/\1/p')
	[ -z "$problem" ] ||
		problems="${problems:+$problems | }$label: $problem"
}

# One series, in a subshell of its own: a kernel that cannot be fetched or
# a module that does not build fails that series only. Boots the files
# $selection names (all without -t), as plan.sh groups them; writes the
# series' summary lines to $cache/vm-line.$$.
check_series() {
	series=$1
	prepare "$series"
	logs=$vm_logs/$kver
	start=$(date +%s)
	rc=0
	passed=0
	failed=0
	skipped=0
	problems=
	"$rig/guest/plan.sh" boots "$rig/guest/tests" "$selection" \
		>"$cache/vm-boots.$$"
	first=yes
	while read -r files; do
		if [ -n "$first" ]; then
			boot_files_of "$kver" "$logs" "$files"
			first=
		else
			boot_files_of "$kver/$files" "$logs/$files" "$files"
		fi
	done <"$cache/vm-boots.$$"
	rm -f "$cache/vm-boots.$$"
	lines="$kver: $passed passed, $failed failed, $skipped skipped${problems:+ [$problems]} ($(($(date +%s) - start)) s)"
	echo "$lines"
	if [ -z "$blacklisted" ]; then
		echo "$lines" >"$cache/vm-line.$$"
		return $rc
	fi

	# Booted again with the CPU's AES modules refused on the command
	# line: what a machine without them gets, and what the doctor says.
	echo "# booting $kver, $(cpu_modules) blacklisted"
	start=$(date +%s)
	boot_series -m test -s cpu-blacklisted \
		-k "module_blacklist=$(cpu_modules)" "$vmlinuz" "$initramfs" \
		"$logs/cpu-blacklisted" || true
	line=$("$rig/verdict.sh" -n "$logs/cpu-blacklisted" \
		"$kver/cpu-blacklisted") || rc=1
	echo "$line"
	printf '%s\n%s (%s s)\n' "$lines" "$(echo "$line" | tail -n 1)" \
		"$(($(date +%s) - start))" >"$cache/vm-line.$$"
	return $rc
}

# The modules of the CPU's AES implementations on the architecture, as
# module_blacklist= takes them: AES-NI's; the Crypto Extensions' cipher,
# modes, CCM and GCM (ghash_ce, whose gcm-aes-ce runs on them).
cpu_modules() {
	case $arch in
	arm64) echo aes_ce_cipher,aes_ce_blk,aes_ce_ccm,ghash_ce ;;
	*) echo aesni_intel ;;
	esac
}

# check SERIES... [-t NAME[,NAME...]]
# The cpu-blacklisted boot comes with the whole suite, and with a -t list
# that names it (cpu-blacklisted).
check() {
	selection=
	blacklisted=yes
	all=
	while [ $# -gt 0 ]; do
		case $1 in
		-t)
			[ $# -ge 2 ] || { echo "rig.sh: -t needs test names" >&2; exit 2; }
			selection=$(echo "$2" | tr ',' '\n' |
				grep -vx cpu-blacklisted | paste -sd, -)
			echo "$2" | tr ',' '\n' | grep -qx cpu-blacklisted ||
				blacklisted=
			shift
			;;
		*) all="$all $1" ;;
		esac
		shift
	done
	# Names that are no test: exit 2 with the tests' names, before any boot.
	"$rig/guest/plan.sh" boots "$rig/guest/tests" "$selection" >/dev/null ||
		exit 2
	summary=
	status=0
	for series in $all; do
		rm -f "$cache/vm-line.$$"
		set +e
		(
			set -e
			check_series "$series"
		)
		rc=$?
		set -e
		[ "$rc" -eq 0 ] || status=1
		if [ -s "$cache/vm-line.$$" ]; then
			line=$(cat "$cache/vm-line.$$")
		else
			line="$series: 0 passed, 1 failed (not booted: its kernel"
			line="$line could not be fetched or the module not built;"
			line="$line see above)"
			echo "$line"
		fi
		summary="$summary$line
"
	done
	rm -f "$cache/vm-line.$$"
	printf '%s' "$summary" >"${KAESBENCH_VM_SUMMARY:-$cache/vm-summary}"
	return $status
}

run() {
	mode=$1
	series=$2
	shift 2
	# apt's, kbuild's and the packing's chatter to a log: the terminal
	# shows kaesbench's output, and on failure where to look. ($$ is
	# this shell's in the subshell too: the same initramfs name.)
	mkdir -p "$vm_logs"
	log=$vm_logs/prepare-$mode-$series.log
	set +e
	(
		set -e
		prepare "$series"
	) >"$log" 2>&1
	rc=$?
	set -e
	if [ "$rc" -ne 0 ]; then
		echo "kaesbench: the $series VM could not be prepared; see $log:" >&2
		tail -n 10 "$log" >&2
		return 1
	fi
	locate_kernel "$series" >>"$log" 2>&1
	boot_files
	echo "# kaesbench in a $kver VM under qemu (TCG): figures under" \
		"emulation are not hardware figures; compare ratios only."
	logs=$vm_logs/$mode-$kver
	boot_series -m "$mode" -a "$*" "$vmlinuz" "$initramfs" "$logs" |
		grep --line-buffered -v '^# kaesbench-vm: exit' || true
	rc=$(sed -n 's/^# kaesbench-vm: exit \([0-9]*\)$/\1/p' "$logs/output.log")
	[ -n "$rc" ] || {
		echo "kaesbench: the VM did not finish; see $logs/console.log" >&2
		return 1
	}
	return "$rc"
}

# A LAVA device's boot files for the series (tests/lava), in OUT: vmlinuz,
# and ramdisk.cpio.gz, the rig's initramfs in mode lava (a shell on the
# console) with the module installed where modprobe finds it, as on a
# machine where kaesbench is installed. One archive, not the rig's two
# concatenated: LAVA unpacks a ramdisk with cpio to add its overlay, and
# cpio reads the first archive only.
ramdisk() {
	out=$2
	prepare "$1"
	mkdir -p "$out"
	cp "$vmlinuz" "$out/vmlinuz"
	tree=$(mktemp -d)
	(cd "$tree" && gzip -dc "$initramfs" | cpio -id --quiet)
	echo lava >"$tree/etc/kaesbench-vm.mode"
	mkdir -p "$tree/lib/modules/$kver/extra"
	cp "$tree/opt/kaesbench/kaesbench.ko" "$tree/lib/modules/$kver/extra/"
	depmod -b "$tree" "$kver"
	(cd "$tree" && find . | cpio -o -H newc --quiet) |
		gzip -1 >"$out/ramdisk.cpio.gz"
	rm -rf "$tree" "$initramfs"
	echo "$kver" >"$out/release"
}

trap 'rm -f "$cache"/initramfs-*.$$.cpio.gz' EXIT

case "${1:-}" in
check)
	shift
	check "$@"
	;;
run | exec)
	run "$@"
	;;
ramdisk)
	[ $# -eq 3 ] || {
		echo "usage: $0 ramdisk SERIES OUT" >&2
		exit 2
	}
	ramdisk "$2" "$3"
	;;
*)
	echo "usage: $0 check SERIES... [-t NAME[,NAME...]] | run SERIES [ARGS...] | exec SERIES COMMAND | ramdisk SERIES OUT" >&2
	exit 2
	;;
esac
