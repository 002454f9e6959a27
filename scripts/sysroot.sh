#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Another architecture's Debian userland, unpacked: the libraries the tool
# cross-builds against and the programs an arm64 VM's initramfs holds
# (busybox, kmod, jq, util-linux's, man-db, python3 for ynl, iproute2,
# iperf3). Packages come
# from this machine's Debian release for that architecture, through a
# private apt configuration (scripts/debian-apt.sh), with every dependency,
# and are unpacked with dpkg-deb -x under $KAESBENCH_CACHE/sysroot/ARCH.
# Nothing is installed into this machine; its dpkg never hears of them.
# Also, the same way, Debian sid's OpenVPN (2.7: the first to drive the
# kernel's ovpn data channel; Debian 12's 2.6 knows only the out-of-tree
# ovpn-dco) with the libraries it loads, under $KAESBENCH_CACHE/openvpn-sid,
# for the VMs whose kernel has ovpn (tests/vm/initramfs.sh); and sid's
# OpenSSL (3.6: built with kTLS, which Debian 12's 3.0 is not), its
# openssl program with libssl and libcrypto, under
# $KAESBENCH_CACHE/openssl-sid, for the VMs whose kernel has kTLS.
#
# usage: scripts/sysroot.sh dir ARCH    make it unless it is there; print it
#        scripts/sysroot.sh env ARCH    print the variables that build the
#                                       tool and the test tools for ARCH
#                                       against it (CC, PKG_CONFIG, flags)
#        scripts/sysroot.sh run ARCH COMMAND...
#                                       COMMAND with those in its
#                                       environment (make -C user)
#        scripts/sysroot.sh openvpn     sid's OpenVPN for this machine's
#                                       architecture: make it unless it is
#                                       there; print it
#        scripts/sysroot.sh openssl     sid's OpenSSL, the same way

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
apt=$top/scripts/debian-apt.sh
# What the tool builds against, and what the initramfs carries.
pkgs="libc6 libmnl-dev libjson-c-dev libkcapi-dev libssl-dev busybox-static
	kmod jq util-linux bsdutils man-db cryptsetup-bin python3-minimal
	libpython3-stdlib python3-yaml iproute2 iperf3"

triplet() {
	case "$1" in
	arm64) echo aarch64-linux-gnu ;;
	*)
		echo "sysroot: unknown architecture '$1' (arm64)" >&2
		exit 2
		;;
	esac
}

# unpack SUITE ARCH DEST PACKAGE...: the PACKAGEs of Debian SUITE for ARCH
# with every package they depend on, unpacked under DEST (made anew), its
# /lib, /lib64, /bin and /sbin merged into /usr as on this machine.
unpack() {
	suite=$1
	arch=$2
	dest=$3
	shift 3
	# Every package the list needs, for ARCH or architecture-independent;
	# apt names the latter "<NAME:ARCH>" in another architecture's list,
	# and this machine's own architecture's packages by their names alone.
	suffix=:$arch
	[ "$arch" != "$(dpkg --print-architecture)" ] || suffix=
	# shellcheck disable=SC2046 # a word list
	closure=$("$apt" "$suite" apt-cache depends --recurse --no-recommends \
		--no-suggests --no-conflicts --no-breaks --no-replaces \
		--no-enhances --no-pre-depends $(for p; do echo "$p$suffix"; done) |
		sed -n "s/^\([a-z0-9][^ <>:]*\)$suffix\$/\1$suffix/p" | sort -u)
	[ -n "$closure" ] || {
		echo "sysroot: cannot resolve the $arch packages ($*) in" \
			"Debian $suite" >&2
		exit 1
	}
	rm -rf "$dest" "$dest.deb"
	mkdir -p "$dest" "$dest.deb"
	# shellcheck disable=SC2086 # a word list
	(cd "$dest.deb" && "$apt" "$suite" apt-get download -q \
		-o APT::Sandbox::User=root $closure >&2) || {
		echo "sysroot: cannot download the $arch packages of Debian $suite" >&2
		exit 1
	}
	for deb in "$dest.deb"/*.deb; do
		dpkg-deb -x "$deb" "$dest"
	done
	rm -rf "$dest.deb"
	# Debian 12 is merged-/usr: /lib is /usr/lib, as on the machine.
	for d in lib bin sbin; do
		if [ -d "$dest/$d" ] && [ ! -L "$dest/$d" ]; then
			cp -a "$dest/$d/." "$dest/usr/$d/"
			rm -rf "${dest:?}/$d"
		fi
		ln -sfn "usr/$d" "$dest/$d"
	done
	# amd64's loader, /lib64/ld-linux-x86-64.so.2, the path its programs
	# name: sid's libc6 has it in /usr/lib64.
	[ ! -d "$dest/usr/lib64" ] || ln -sfn usr/lib64 "$dest/lib64"
}

dir() {
	arch=$1
	gnu=$(triplet "$arch")
	dest=$cache/sysroot/$arch
	# Made again when the list changes.
	[ "$(cat "$dest/.complete" 2>/dev/null)" = "$(echo $pkgs)" ] &&
		{ echo "$dest"; return 0; }
	command -v "$gnu-gcc" >/dev/null || {
		echo "sysroot: no cross compiler for $arch: apt-get install" \
			"gcc-$gnu libc6-dev-$arch-cross" >&2
		exit 1
	}
	# shellcheck disable=SC1091 # the machine's
	suite=$(. /etc/os-release && echo "$VERSION_CODENAME")
	# shellcheck disable=SC2086 # a word list
	unpack "$suite" "$arch" "$dest" $pkgs
	# The -dev packages' .so links are absolute (/lib/...): point them
	# into the sysroot, which the cross linker reads.
	find "$dest/usr/lib/$gnu" -type l -name '*.so' | while read -r link; do
		target=$(readlink "$link")
		case $target in
		/*) ln -sfn "$dest$target" "$link" ;;
		esac
	done
	echo $pkgs >"$dest/.complete"
	echo "$dest"
}

# sid PACKAGE PROGRAM VERSION_ARGS: Debian sid's PACKAGE with what it
# depends on, unpacked under $KAESBENCH_CACHE/PACKAGE-sid beside the
# others and moved into place once whole: two rigs sharing the cache may
# ask for it at once. Made again when sid's version changes (its lists
# are a day old at most). PROGRAM (its path in the package) is run with
# VERSION_ARGS, through sid's loader and libraries as the VM runs it, for
# the log.
sid() {
	package=$1
	program=$2
	built=$cache/$package-sid
	version=$("$apt" sid apt-cache show --no-all-versions "$package" |
		sed -n 's/^Version: //p')
	# Where sid cannot be asked (offline), the one unpacked serves.
	if [ -z "$version" ] && [ -e "$built/.complete" ]; then
		echo "sysroot: sid's $package unknown; $(cat "$built/.complete")" \
			"as unpacked" >&2
		echo "$built"
		return 0
	fi
	[ -n "$version" ] || {
		echo "sysroot: Debian sid has no $package" >&2
		exit 1
	}
	[ "$(cat "$built/.complete" 2>/dev/null)" = "$package $version" ] &&
		{ echo "$built"; return 0; }
	new=$built.$$
	unpack sid "$(dpkg --print-architecture)" "$new" "$package"
	loader=$(LC_ALL=C readelf -l "$new$program" |
		sed -n 's/.*interpreter: \(.*\)\]$/\1/p')
	# shellcheck disable=SC2086 # a word list
	"$new$loader" --library-path "$new/usr/lib/$(gcc -print-multiarch)" \
		"$new$program" $3 >&2 || true
	echo "$package $version" >"$new/.complete"
	rm -rf "$built.old"
	[ ! -e "$built" ] || mv "$built" "$built.old"
	mv "$new" "$built"
	rm -rf "$built.old"
	echo "$built"
}

env() {
	root=$(dir "$1")
	gnu=$(triplet "$1")
	lib=$root/usr/lib/$gnu
	echo "CC=$gnu-gcc"
	echo "PKG_CONFIG=env PKG_CONFIG_SYSROOT_DIR=$root PKG_CONFIG_LIBDIR=$lib/pkgconfig:$root/usr/share/pkgconfig pkg-config"
	echo "CPPFLAGS=-I$root/usr/include/$gnu -I$root/usr/include"
	echo "LDFLAGS=-L$lib -Wl,-rpath-link,$lib"
}

# In the environment, not on make's command line: the Makefiles add their
# own flags to CPPFLAGS and LDLIBS.
run() {
	vars=$(env "$1")
	shift
	while read -r var; do
		export "${var%%=*}=${var#*=}"
	done <<-EOF
		$vars
	EOF
	exec "$@"
}

case "${1:-}" in
dir) dir "$2" ;;
env) env "$2" ;;
openvpn) sid openvpn /usr/sbin/openvpn --version ;;
openssl) sid openssl /usr/bin/openssl "version -a" ;;
run)
	shift
	run "$@"
	;;
*)
	echo "usage: $0 dir ARCH | env ARCH | run ARCH COMMAND... | openvpn |" \
		"openssl" >&2
	exit 2
	;;
esac
