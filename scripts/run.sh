#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make run: benchmark this machine. Where the running kernel can load
# unsigned modules (scripts/module-support.sh), build and load kaesbench.ko
# here, installing the running kernel's headers first when they are missing
# and that installs no kernel image (scripts/headers.sh); otherwise run it
# in a VM booting Debian's 6.12 kernel, saying why.
#
# apt's and kbuild's output goes to .cache/logs/ (scripts/logged.sh).
#
# With --arch arm64 on a machine of another architecture, the sweep of an
# arm64 VM booting Debian 12's 6.12 for arm64 (tests/vm/rig.sh).
#
# usage: scripts/run.sh [--arch ARCH] [KAESBENCH_ARGS...]

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

# This machine's architecture as Debian and the rig name it.
host_arch() {
	case $(uname -m) in
	aarch64) echo arm64 ;;
	x86_64) echo amd64 ;;
	*) uname -m ;;
	esac
}

if [ "${1:-}" = --arch ]; then
	[ $# -ge 2 ] || { echo "usage: $0 [--arch amd64|arm64] [KAESBENCH_ARGS...]" >&2; exit 2; }
	arch=$2
	shift 2
	case $arch in
	amd64 | arm64) ;;
	*)
		echo "kaesbench: --arch $arch: the rig boots amd64 and arm64" >&2
		exit 2
		;;
	esac
	if [ "$arch" != "$(host_arch)" ]; then
		echo "kaesbench: an $arch VM booting Debian 12's 6.12 kernel for" \
			"$arch, whose figures are emulated (qemu TCG), not this" \
			"machine's." >&2
		if [ "$arch" = arm64 ]; then
			scripts/deps.sh arm64
			series=arm64-6.12
		else
			scripts/deps.sh vm
			series=6.12
		fi
		scripts/logged.sh build.log make -s tool test-tools
		exec tests/vm/rig.sh run "$series" "$@"
	fi
fi

as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	elif command -v sudo >/dev/null; then
		sudo "$@"
	else
		echo "kaesbench: '$*' needs root" >&2
		exit 1
	fi
}

if why=$(scripts/module-support.sh); then
	scripts/headers.sh
	scripts/deps.sh build
	scripts/logged.sh build.log make -s module tool
	# A module from another build may speak another protocol version.
	if grep -q '^kaesbench ' /proc/modules; then
		as_root rmmod kaesbench
	fi
	as_root insmod kmod/kaesbench.ko
	exec user/kaesbench "$@"
fi

echo "kaesbench: the running kernel ($(uname -r)) cannot load kaesbench.ko:" \
	"$why; running it in a VM booting Debian's 6.12 kernel instead, whose" \
	"figures are emulated (qemu TCG), not this machine's." >&2
scripts/deps.sh vm
scripts/logged.sh build.log make -s tool test-tools
exec tests/vm/rig.sh run 6.12 "$@"
