#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The Debian kernels the VM rig boots.
#
# usage: tests/vm/kernel.sh release SERIES   print the current release of a
#                                            series (6.1 or 6.12)
#        tests/vm/kernel.sh fetch RELEASE DIR download and unpack that kernel
#                                            into DIR/RELEASE
#
# Releases are resolved from Debian's meta packages at run time, so the rig
# follows Debian's kernel updates without edits.

set -eu

meta_package() {
	case "$1" in
	6.1) echo linux-image-amd64 ;;
	6.12) echo linux-image-6.12-amd64 ;;
	*)
		echo "kernel.sh: unknown series '$1' (6.1 or 6.12)" >&2
		exit 2
		;;
	esac
}

# The image package a meta package depends on: linux-image-RELEASE.
depends_on() {
	apt-cache depends "$1" 2>/dev/null |
		awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }'
}

release() {
	meta=$(meta_package "$1")
	image=$(depends_on "$meta")
	if [ -z "$image" ] && [ "$(id -u)" -eq 0 ]; then
		apt-get update -q >&2
		image=$(depends_on "$meta")
	fi
	if [ -z "$image" ]; then
		echo "kernel.sh: cannot resolve $meta; run 'apt-get update' as root" >&2
		exit 1
	fi
	echo "${image#linux-image-}"
}

fetch() {
	kver=$1
	dest=$2/$kver
	[ -e "$dest/.complete" ] && return 0

	rm -rf "$dest"
	mkdir -p "$dest/deb"
	(cd "$dest/deb" && apt-get download -q "linux-image-$kver" >&2)
	dpkg-deb -x "$dest"/deb/linux-image-"$kver"_*.deb "$dest/root"
	rm -rf "$dest/deb"

	# busybox and the initramfs take plain .ko; Debian 6.12 ships .ko.xz.
	find "$dest/root/lib/modules/$kver" -name '*.ko.xz' -print0 |
		xargs -0 -r -P "$(nproc)" -n 64 xz -d
	depmod -b "$dest/root" "$kver"
	touch "$dest/.complete"
}

case "${1:-}" in
release) release "$2" ;;
fetch) fetch "$2" "$3" ;;
*)
	echo "usage: $0 release SERIES | fetch RELEASE DIR" >&2
	exit 2
	;;
esac
