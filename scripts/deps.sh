#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Installs the Debian packages a kaesbench make target needs. As root it
# installs them; as anyone else it prints the apt-get line and fails.
#
# It never installs a kernel image nor the headers of a kernel other than
# the running one: the rig unpacks those under the cache (tests/vm/kernel.sh,
# scripts/kbuild.sh). Debian's headers packages depend on their image, and
# installing one rewrites /boot.
#
# usage: scripts/deps.sh build|vm|arm64|debug|report|check
#   build  the module (for the running kernel) and the tool
#   vm     the qemu rig, iproute2 and iperf3 for its initramfs, and
#          debootstrap for the build root of kernels built with a newer
#          compiler than this machine's
#   arm64  vm plus the arm64 VMs': the cross compiler the module, the tool
#          and the test tools build with (their libraries are an unpacked
#          arm64 userland: scripts/sysroot.sh) and qemu-system-aarch64
#   debug  vm plus what builds the rig's debug kernel from Debian's source
#   report build plus the headless browser tests/report/run.sh renders
#          kaesbench report's page in (chromium), and a font for its
#          screenshot (fonts-dejavu-core)
#   check  vm plus the unit-test and static-analysis tools (checkpatch.pl
#          comes from Debian's kernel source package, and so do ynl and the
#          kselftest framework), gnuplot, which the unit tests of --plot
#          draw with, and what the packaging and results checks run (dkms,
#          bash-completion, python3 with yaml and jsonschema, rsync for
#          the kselftest install), clang with its libFuzzer runtime for
#          the fuzz harnesses of the tool's parsers, and report's browser

set -eu

build_pkgs="gcc make pkg-config libc6-dev libmnl-dev libjson-c-dev libssl-dev libkcapi-dev"
vm_pkgs="$build_pkgs qemu-system-x86 busybox-static cpio kmod xz-utils zstd jq \
	cryptsetup-bin man-db debootstrap pahole iproute2 iperf3"
check_pkgs="$vm_pkgs libcmocka-dev sparse linux-source-6.12 gnuplot-nox dkms \
	bash-completion python3-yaml python3-jsonschema rsync clang \
	libclang-rt-14-dev chromium fonts-dejavu-core"
arm64_pkgs="$vm_pkgs gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-system-arm"
debug_pkgs="$vm_pkgs linux-source-6.12 bc bison flex libelf-dev"
report_pkgs="$build_pkgs chromium fonts-dejavu-core"

case "${1:-}" in
build) pkgs=$build_pkgs ;;
vm) pkgs=$vm_pkgs ;;
arm64) pkgs=$arm64_pkgs ;;
debug) pkgs=$debug_pkgs ;;
report) pkgs=$report_pkgs ;;
check) pkgs=$check_pkgs ;;
*)
	echo "usage: $0 build|vm|arm64|debug|report|check" >&2
	exit 2
	;;
esac

missing=
for pkg in $pkgs; do
	status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
	case "$status" in
	*" installed") ;;
	*) missing="$missing $pkg" ;;
	esac
done
[ -z "$missing" ] && exit 0

# shellcheck disable=SC2086 # a list of package names
exec "$(dirname "$0")/apt-install.sh" "missing Debian packages" $missing
