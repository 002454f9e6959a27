#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What make check does before its stages (tests/check.mk), one thing at a
# time: records the host's state, installs the packages, resolves the
# kernels of the series and fetches each with its build root, the arm64
# userland, the kernel's source parts. Writes DIR/prepared.mk, which names
# for check.mk what the stages build, boot and check; clears the logs and
# results of the last run; records the time make check started.
#
# usage: tests/check/prepare.sh DIR 'SERIES...' 'HOST_SERIES...'
#   SERIES: booted by the VM stages; HOST_SERIES: built for by the host
#   stages too (sparse, W=1; install, dkms, the kernel's compiler on amd64)

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 2
cache=${KAESBENCH_CACHE:-$top/.cache}
dir=$1
series=$2
host_series=$3

mkdir -p "$dir"
date +%s >"$dir/started"
rm -f "$dir"/*.log "$dir"/*.result "$dir"/*.summary
# Before anything is installed: what the host must still be at the end.
tests/packaging/host-state.sh record "$dir/host-state.before"
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
# (and its VM stage); the others still run.
kvers=
host_kvers=
unresolved=
# shellcheck disable=SC2086 # word lists
for s in $(echo $host_series $series | tr ' ' '\n' | awk '!seen[$0]++'); do
	if kver=$(tests/vm/kernel.sh release "$s"); then
		kvers="$kvers $kver"
		case " $host_series " in
		*" $s "*) host_kvers="$host_kvers $kver" ;;
		esac
	else
		echo "check: series $s left out of the host stages" >&2
		unresolved="$unresolved $s"
	fi
done
# ynl, the netlink schemas and the kselftest framework.
ksrc=$(scripts/kernel-source.sh) || exit 1
# Every kernel fetched, its headers unpacked and its build root made, one
# at a time, before the VM stages and the host stages share them.
native_kvers=
for kver in $kvers; do
	tests/vm/kernel.sh fetch "$kver" "$cache/kernels" \
		>/dev/null 2>&1 &&
		scripts/kbuild.sh where "$kver" >/dev/null 2>&1 ||
		echo "check: $kver could not be fetched or built for" >&2
	arch=$(tests/vm/kernel.sh arch "$kver")
	if [ "$arch" = amd64 ]; then
		case " $host_kvers " in
		*" $kver "*) native_kvers="$native_kvers $kver" ;;
		esac
		# sid's OpenVPN, where the kernel has ovpn (tests/vm/initramfs.sh).
		! find "$cache/kernels/$kver/root/lib/modules/" -name 'ovpn.ko*' | grep -q . ||
			scripts/sysroot.sh openvpn >/dev/null 2>"$dir/openvpn.log" ||
			{ cat "$dir/openvpn.log"; echo "check: no OpenVPN from sid" >&2; }
		# sid's OpenSSL, where the kernel has kTLS (tests/vm/initramfs.sh).
		! find "$cache/kernels/$kver/root/lib/modules/" -name 'tls.ko*' | grep -q . ||
			scripts/sysroot.sh openssl >/dev/null 2>"$dir/openssl.log" ||
			{ cat "$dir/openssl.log"; echo "check: no OpenSSL from sid" >&2; }
	else
		# That architecture's userland, which the tool builds against.
		scripts/sysroot.sh dir "$arch" >/dev/null 2>"$dir/sysroot.log" ||
			{ cat "$dir/sysroot.log"; echo "check: no $arch userland" >&2; }
	fi
done

# shellcheck disable=SC2086,SC2116 # echo: the words, single spaced
cat >"$dir/prepared.mk.new" <<END
# Written by tests/check/prepare.sh for tests/check.mk.
VM_SERIES := $(echo $series)
KVERS := $(echo $kvers)
HOST_KVERS := $(echo $host_kvers)
NATIVE_KVERS := $(echo $native_kvers)
UNRESOLVED := $(echo $unresolved)
ARM64_MISSING := $(echo $arm64_missing)
KSRC := $ksrc
END
mv "$dir/prepared.mk.new" "$dir/prepared.mk"
