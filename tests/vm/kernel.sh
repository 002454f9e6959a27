#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The Debian kernels the VM rig boots, and the headers modules build
# against. Nothing is installed into this machine: packages are fetched with
# apt-get download and unpacked with dpkg-deb -x.
#
# usage: tests/vm/kernel.sh release SERIES      print the current release of
#                                               a series (6.1, 6.12, latest,
#                                               next, rt, arm64-6.1,
#                                               arm64-6.12)
#        tests/vm/kernel.sh fetch RELEASE DIR   unpack that kernel's image
#                                               into DIR/RELEASE/root
#        tests/vm/kernel.sh arch RELEASE        print its architecture
#                                               (amd64 or arm64)
#        tests/vm/kernel.sh headers RELEASE DIR unpack its headers into
#                                               DIR/RELEASE/headers; print
#                                               the build tree
#
# Releases are resolved from Debian's meta packages at run time, so the rig
# follows Debian's kernel updates without edits: 6.1 and 6.12 from this
# machine's apt (Debian 12), latest from whatever sid's linux-image-amd64
# points to, through scripts/debian-apt.sh, next from experimental's (the
# coming release's candidates: 7.3-amd64 while it is 7.3~rc7) and rt from
# Debian 12's linux-image-rt-amd64 (PREEMPT_RT). The arm64 series are the same
# Debian 12 kernels built for arm64, from a private configuration of this
# machine's release with that architecture (this machine's apt has amd64
# only). Their headers come with the host's linux-kbuild (amd64): its
# programs (fixdep, modpost) run here, and the cross compiler builds.
#
# An unpacked image has boot/vmlinuz-RELEASE and lib/modules/RELEASE, also
# for kernels packaged since 7.x (linux-binary-*, linux-modules-*, the
# kernel under /usr/lib/modules/RELEASE/vmlinuz and no /boot).

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
apt=$top/scripts/debian-apt.sh

# This machine's Debian release (bookworm), whose arm64 kernels the arm64
# series are.
codename() {
	# shellcheck disable=SC1091 # the machine's
	(. /etc/os-release && echo "${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}")
}

# SERIES -> "SUITE META-PACKAGE"
meta_package() {
	case "$1" in
	6.1) echo system linux-image-amd64 ;;
	6.12) echo system linux-image-6.12-amd64 ;;
	latest) echo sid linux-image-amd64 ;;
	next) echo experimental linux-image-amd64 ;;
	rt) echo system linux-image-rt-amd64 ;;
	arm64-6.1) echo "$(codename) linux-image-arm64:arm64" ;;
	arm64-6.12) echo "$(codename) linux-image-6.12-arm64:arm64" ;;
	*)
		echo "kernel.sh: unknown series '$1' (6.1, 6.12, latest," \
			"next, rt, arm64-6.1 or arm64-6.12)" >&2
		exit 2
		;;
	esac
}

# A release's architecture, from Debian's flavour suffix: arm64 or amd64.
arch_of() {
	case "$1" in
	*-arm64) echo arm64 ;;
	*) echo amd64 ;;
	esac
}

# Sets suite (the apt configuration that has RELEASE's PACKAGE) and arch.
locate_package() {
	arch=$(arch_of "$1")
	if [ "$arch" = arm64 ]; then
		suite=$(codename)
	else
		suite=$("$apt" which "$2")
	fi
}

# PACKAGE's dependencies whose names match PATTERN, one a line, without
# an architecture qualifier (apt names an architecture-independent
# dependency of another architecture's package "<NAME:ARCH>").
depends() {
	"$apt" "$suite" apt-cache depends "$1" 2>/dev/null |
		awk -v re="$2" '$1 == "Depends:" {
			gsub(/[<>]/, "", $2); sub(/:[a-z0-9]+$/, "", $2)
			if ($2 ~ re) print $2 }'
}

# PACKAGES... for $arch, as apt names another architecture's.
for_arch() {
	for pkg; do
		if [ "$arch" = amd64 ]; then echo "$pkg"; else echo "$pkg:$arch"; fi
	done
}

release() {
	# shellcheck disable=SC2046 # two words
	set -- "$1" $(meta_package "$1")
	suite=$2
	image=$(depends "$3" '^linux-image-[0-9]' | head -n 1)
	if [ -z "$image" ] && [ "$suite" = system ] && [ "$(id -u)" -eq 0 ]; then
		apt-get update -q >&2
		image=$(depends "$3" '^linux-image-[0-9]' | head -n 1)
	fi
	if [ -z "$image" ]; then
		echo "kernel.sh: series $1: cannot resolve $3 in Debian's" \
			"$([ "$suite" = system ] && echo "apt sources here" ||
				echo "$suite") (no network, or the package is gone);" \
			"as root, 'apt-get update' may help" >&2
		exit 1
	fi
	image=${image#linux-image-}
	echo "${image%:*}"
}

absolute() {
	mkdir -p "$1"
	(cd "$1" && pwd)
}

# Downloads PACKAGES... into DIR and unpacks them into ROOT.
unpack() {
	dir=$1
	root=$2
	shift 2
	rm -rf "$dir"
	mkdir -p "$dir" "$root"
	(cd "$dir" && "$apt" "$suite" apt-get download -q \
		-o APT::Sandbox::User=root "$@" >&2)
	for deb in "$dir"/*.deb; do
		dpkg-deb -x "$deb" "$root"
	done
	rm -rf "$dir"
}

fetch() {
	kver=$1
	dest=$(absolute "$2")/$kver
	[ -e "$dest/.complete" ] && return 0
	locate_package "$kver" "linux-image-$kver"

	rm -rf "$dest/root"
	# 7.x: the image package is empty and depends on the kernel
	# (linux-binary-*), its modules and its System.map (linux-base-*).
	parts=$(depends "$(for_arch "linux-image-$kver")" '^linux-' | grep -Fx \
		-e "linux-binary-$kver" -e "linux-modules-$kver" \
		-e "linux-base-$kver" || true)
	# shellcheck disable=SC2046,SC2086 # word lists
	unpack "$dest/deb" "$dest/root" $(for_arch "linux-image-$kver" $parts)
	root=$dest/root
	if [ ! -d "$root/lib/modules" ] && [ -d "$root/usr/lib/modules" ]; then
		ln -s usr/lib "$root/lib"
	fi
	if [ ! -e "$root/boot/vmlinuz-$kver" ]; then
		mkdir -p "$root/boot"
		ln -s "../lib/modules/$kver/vmlinuz" "$root/boot/vmlinuz-$kver"
	fi

	# busybox and the initramfs take plain .ko; Debian ships .ko.xz.
	find "$root/lib/modules/$kver/" -name '*.ko.xz' -print0 |
		xargs -0 -r -P "$(nproc)" -n 64 xz -d
	find "$root/lib/modules/$kver/" -name '*.ko.zst' -print0 |
		xargs -0 -r -P "$(nproc)" -n 64 zstd -q --rm -d
	depmod -b "$root" "$kver"
	touch "$dest/.complete"
}

# Since 6.19 the kernel's Makefile asks scripts/checker-valid.sh whether
# sparse understands the kernel's headers, and without it quietly builds
# C=2 unchecked; Debian's kbuild package (7.2.13) lacks that script. This
# one answers the same question the same way: "1" when the checker takes
# __typeof_unqual__ without an error.
add_checker_probe() {
	common=$(sed -n 's|^include \(.*\)/Makefile$|\1|p' "$1/Makefile")
	probe=$common/scripts/checker-valid.sh
	grep -q 'scripts/checker-valid.sh' "$common/Makefile" || return 0
	[ -e "$probe" ] && return 0
	cat >"$probe" <<-'EOF'
		#!/bin/sh
		# Written by kaesbench's tests/vm/kernel.sh: Debian's kbuild package lacks it.
		command -v "$1" >/dev/null || { echo 0; exit 0; }
		src=$(mktemp --suffix=.c)
		trap 'rm -f "$src"' EXIT
		printf 'int u(const int *q) { __typeof_unqual__(*q) v = *q; return v; }\n' >"$src"
		if "$@" "$src" 2>&1 | grep -q error; then echo 0; else echo 1; fi
	EOF
	chmod +x "$probe"
}

# The headers package, its common part and its kbuild (linux-headers-*,
# linux-kbuild-*), unpacked as they would be installed, with the absolute
# /usr/src paths of the build tree's Makefile pointed into the unpacked tree.
headers() {
	kver=$1
	dest=$(absolute "$2")/$kver
	kbuild=$dest/headers/usr/src/linux-headers-$kver
	if [ ! -e "$dest/.headers-complete" ]; then
		locate_package "$kver" "linux-headers-$kver"
		headers=$(for_arch "linux-headers-$kver")
		# The common part is architecture-independent; the kbuild
		# programs are this machine's.
		parts=$(depends "$headers" '^linux-(headers|kbuild)-')
		# shellcheck disable=SC2046,SC2086 # word lists
		unpack "$dest/headers-deb" "$dest/headers" "$headers" \
			$(echo "$parts" | grep '^linux-headers-') \
			$(echo "$parts" | grep '^linux-kbuild-' | sed 's/$/:amd64/')
		sed -i "s|/usr/src/|$dest/headers/usr/src/|g" "$kbuild/Makefile"
		add_checker_probe "$kbuild"
		touch "$dest/.headers-complete"
	fi
	echo "$kbuild"
}

case "${1:-}" in
release) release "$2" ;;
arch) arch_of "$2" ;;
fetch) fetch "$2" "$3" ;;
headers) headers "$2" "$3" ;;
*)
	echo "usage: $0 release SERIES | arch RELEASE | fetch RELEASE DIR |" \
		"headers RELEASE DIR" >&2
	exit 2
	;;
esac
