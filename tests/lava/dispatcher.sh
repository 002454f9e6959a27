#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Debian 12's LAVA dispatcher, installed by apt into a root of its own and
# run there. Installing lava-dispatcher into this machine would bring
# systemd as init, udev, and the headers of a kernel that is not the
# running one (lava-dispatcher-host depends on linux-headers-amd64); in a
# debootstrapped bookworm under $KAESBENCH_CACHE/lava/root it brings them
# there, and this machine is left as it was. The root also holds the qemu
# LAVA drives, and the device types of lava-server, unpacked from the
# package (dpkg-deb -x) without installing a server or its database.
#
# usage: tests/lava/dispatcher.sh root          make the root (once), print it
#        tests/lava/dispatcher.sh run CMD...    CMD in the root (lava-run ...)
#        tests/lava/dispatcher.sh device-types  where lava-server's device
#                                               types are, in the root

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
dir=$cache/lava/root
suite=bookworm
# lava-run itself, the qemus it drives (amd64 and arm64 devices), cpio for
# the overlay it adds to a ramdisk, git for test definitions from
# repositories. A root made with fewer gets the rest.
pkgs="lava-dispatcher qemu-system-x86 qemu-system-arm cpio git ca-certificates"
device_types=/usr/share/lava-server/device-types

fail() {
	echo "lava: $*" >&2
	exit 1
}

make_root() {
	[ "$(id -u)" -eq 0 ] || fail "making the dispatcher's root needs root"
	command -v debootstrap >/dev/null ||
		fail "debootstrap is missing (apt-get install debootstrap)"
	# The private configuration of bookworm with its updates and
	# security suites, the mirror this machine's apt names.
	"$top/scripts/debian-apt.sh" "$suite" apt-cache policy lava-server \
		>/dev/null
	sources=$cache/apt/$suite/sources.list
	mirror=$(sed -n '1s/^deb \[[^]]*\] \([^ ]*\) .*/\1/p' "$sources")
	echo "lava: making Debian $suite with lava-dispatcher in $dir (once)" >&2
	rm -rf "$dir"
	mkdir -p "$dir"
	log=$cache/lava/root.log
	debootstrap --variant=minbase "$suite" "$dir" "$mirror" >"$log" 2>&1 ||
		fail "debootstrap of Debian $suite failed; see $log"
	cp "$sources" "$dir/etc/apt/sources.list"
	# No service starts in the root (lava-worker, tftpd-hpa, ...).
	printf '#!/bin/sh\nexit 101\n' >"$dir/usr/sbin/policy-rc.d"
	chmod 0755 "$dir/usr/sbin/policy-rc.d"
	# shellcheck disable=SC2086 # a word list
	"$top/scripts/in-root.sh" "$dir" sh -ec "
		export DEBIAN_FRONTEND=noninteractive
		apt-get update
		apt-get install -y --no-install-recommends $pkgs
		cd '$cache/lava' && apt-get download lava-server
	" >>"$log" 2>&1 || {
		grep '^E:' "$log" >&2
		fail "installing $pkgs in the root failed (apt's words above);" \
			"see $log"
	}
	set -- "$cache"/lava/lava-server_*.deb
	deb=$1
	[ -f "$deb" ] || fail "lava-server was not downloaded; see $log"
	unpacked=$(mktemp -d)
	dpkg-deb -x "$deb" "$unpacked"
	mkdir -p "$dir$device_types"
	cp -a "$unpacked$device_types/." "$dir$device_types/"
	rm -rf "$unpacked" "$deb"
	touch "$dir/.complete"
}

# The packages of $pkgs a root made earlier lacks.
add_missing() {
	missing=
	for pkg in $pkgs; do
		# shellcheck disable=SC2016 # dpkg-query's format
		"$top/scripts/in-root.sh" "$dir" dpkg-query -W -f '${Status}' \
			"$pkg" 2>/dev/null | grep -q ' installed$' ||
			missing="$missing $pkg"
	done
	[ -n "$missing" ] || return 0
	log=$cache/lava/root.log
	echo "lava: adding${missing} to the dispatcher's root" >&2
	# shellcheck disable=SC2086
	"$top/scripts/in-root.sh" "$dir" env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y --no-install-recommends $missing \
		>>"$log" 2>&1 || {
		grep '^E:' "$log" >&2
		fail "installing $missing in the root failed; see $log"
	}
}

root() {
	mkdir -p "$cache/lava"
	(
		flock 9
		if [ -e "$dir/.complete" ]; then
			add_missing
		else
			make_root
		fi
	) 9>"$cache/lava/.lock"
	echo "$dir"
}

case "${1:-}" in
root) root ;;
device-types)
	root >/dev/null
	echo "$device_types"
	;;
run)
	shift
	"$top/scripts/in-root.sh" -d "$(root)" "$@"
	;;
*)
	echo "usage: $0 root | device-types | run COMMAND..." >&2
	exit 2
	;;
esac
