#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The VM rig: boots Debian kernels under qemu with kaesbench inside.
#
# usage: tests/vm/rig.sh check SERIES...      run the in-VM suite on each
#                                             series (6.1, 6.12)
#        tests/vm/rig.sh run SERIES [ARGS...] run "kaesbench ARGS" there
#        tests/vm/rig.sh exec SERIES COMMAND  run a shell command there, with
#                                             the module loaded (debugging)
#
# Kernels, module builds and initramfs images are kept under
# $KAESBENCH_CACHE (default .cache/ in the source tree). Expects the tool
# and the test tools built (make tool test-tools).

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
rig=$top/tests/vm

# Fetches the series' current kernel, builds the module against its
# headers, packs the initramfs; prints the release.
prepare() {
	kver=$("$rig/kernel.sh" release "$1")
	"$top/scripts/deps.sh" vm "$kver" >&2
	"$rig/kernel.sh" fetch "$kver" "$cache/kernels" >&2

	# Per process, so that two rigs sharing a cache do not collide.
	build=$cache/build/$kver.$$
	rm -rf "$build"
	mkdir -p "$build"
	# -p: the tool built in user/ stays up to date for make install.
	cp -rp "$top/Makefile" "$top/Kbuild" "$top/kmod" "$top/include" \
		"$top/user" "$top/Documentation" "$top/contrib" \
		"$top/tests/modules" "$build/"
	make -s -C "/usr/src/linux-headers-$kver" M="$build" modules >&2
	make -s -C "/usr/src/linux-headers-$kver" M="$build/modules" modules >&2
	# What a test machine gets from make install, for 95-install.sh.
	make -s -C "$build" install KDIR="/usr/src/linux-headers-$kver" \
		DESTDIR="$build/installed" >&2
	# With Debian's linux-source: the kselftest as a CI fleet installs it
	# and the ynl CLI (96-kselftest.sh, 97-ynl.sh; they skip without).
	extras=
	if ksrc=$("$top/scripts/kernel-source.sh" 2>/dev/null); then
		"$top/scripts/kselftest-install.sh" "$build/kselftest" >/dev/null
		extras="-k $build/kselftest -y $ksrc"
	fi

	# shellcheck disable=SC2086 # $extras is a word list
	"$rig/initramfs.sh" -i "$build/installed" $extras "$kver" \
		"$cache/kernels/$kver/root" "$build/kmod/kaesbench.ko" \
		"$cache/initramfs-$kver.$$.cpio.gz" "$build/modules/"*.ko >&2
	rm -rf "$build"
	echo "$kver"
}

vmlinuz() {
	echo "$cache/kernels/$1/root/boot/vmlinuz-$1"
}

check() {
	summary=
	status=0
	for series in "$@"; do
		kver=$(prepare "$series")
		logs=$cache/logs/$kver
		echo "# booting $kver"
		start=$(date +%s)
		"$rig/boot.sh" -m test "$(vmlinuz "$kver")" \
			"$cache/initramfs-$kver.$$.cpio.gz" "$logs" || true
		line=$("$rig/verdict.sh" "$logs" "$kver") || status=1
		echo "$line"
		summary="$summary$(echo "$line" | tail -n 1) ($(($(date +%s) - start)) s)
"
	done
	printf '%s' "$summary" >"$cache/vm-summary"
	return $status
}

run() {
	mode=$1
	series=$2
	shift 2
	kver=$(prepare "$series")
	echo "# kaesbench in a $kver VM under qemu (TCG): figures under" \
		"emulation are not hardware figures; compare ratios only."
	logs=$cache/logs/$mode-$kver
	"$rig/boot.sh" -m "$mode" -a "$*" "$(vmlinuz "$kver")" \
		"$cache/initramfs-$kver.$$.cpio.gz" "$logs" |
		grep --line-buffered -v '^# kaesbench-vm: exit' || true
	rc=$(sed -n 's/^# kaesbench-vm: exit \([0-9]*\)$/\1/p' "$logs/output.log")
	[ -n "$rc" ] || {
		echo "kaesbench: the VM did not finish; see $logs/console.log" >&2
		return 1
	}
	return "$rc"
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
*)
	echo "usage: $0 check SERIES... | run SERIES [ARGS...] | exec SERIES COMMAND" >&2
	exit 2
	;;
esac
