#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What make check must leave as it found it on the build host: the kernel
# images and headers dpkg has installed, /boot, and the /vmlinuz and
# /initrd.img links. make check records it first and compares it last.
#
# usage: tests/packaging/host-state.sh record FILE | compare FILE

set -u

state() {
	echo "# dpkg: linux-image-*, linux-headers-*"
	dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Version}\n' \
		'linux-image-*' 'linux-headers-*' 2>/dev/null |
		grep '^.i' || true
	echo "# /boot"
	find /boot -mindepth 1 -printf '%p %s %T@\n' 2>/dev/null | sort
	echo "# links"
	for link in /vmlinuz /vmlinuz.old /initrd.img /initrd.img.old; do
		[ -L "$link" ] && echo "$link -> $(readlink "$link")"
	done
	return 0
}

case "${1:-}" in
record)
	state >"$2"
	;;
compare)
	now=$(mktemp)
	trap 'rm -f "$now"' EXIT
	state >"$now"
	if diff -u "$2" "$now"; then
		echo "ok 1 no kernel image, headers or /boot change on this host"
		echo "host-state: 1 passed, 0 failed"
	else
		echo "not ok 1 no kernel image, headers or /boot change on this host"
		echo "host-state: 0 passed, 1 failed"
		exit 1
	fi
	;;
*)
	echo "usage: $0 record FILE | compare FILE" >&2
	exit 2
	;;
esac
