#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms.conf: dkms adds, builds and installs the module from what
# `make dkms-source` puts in /usr/src, against each kernel release given.
# Everything dkms writes (its tree, the signing key it makes, the installed
# module) stays in a temporary directory: /var/lib/dkms and /lib/modules
# are not touched.
#
# usage: tests/packaging/dkms.sh KERNEL_RELEASE...

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/packaging/lib.sh"

command -v dkms >/dev/null || {
	echo "dkms: not installed: apt-get install dkms" >&2
	exit 1
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(sed -n 's/^#define KAESBENCH_VERSION "\(.*\)"$/\1/p' \
	"$top/include/kaesbench_version.h")
mkdir -p "$work/dkms" "$work/install"
# Read by dkms from the environment as from its framework.conf. Made
# here, as dkms would make it, since the build root that builds for a
# kernel of another compiler (sid's gcc-16: 7.x) has no openssl: dkms run
# there first ("openssl not found, can't generate key and certificate")
# signed nothing, as make check-next's 7.3 did.
export mok_signing_key="$work/mok.key" mok_certificate="$work/mok.pub"
openssl req -new -x509 -nodes -days 36500 -subj "/CN=kaesbench dkms test/" \
	-newkey rsa:2048 -keyout "$mok_signing_key" -outform DER \
	-out "$mok_certificate" 2>/dev/null || {
	echo "dkms: openssl cannot make a signing key" >&2
	exit 1
}

# dkms, where modules for $kver build (scripts/kbuild.sh): each release's
# whole cycle runs with that one dkms, since dkms versions keep their trees
# differently.
dkms_() {
	"$top/scripts/kbuild.sh" run "$kver" dkms "$@" \
		--sourcetree "$work/root/usr/src" --dkmstree "$work/dkms" \
		--installtree "$work/install"
}

version_agrees() {
	# As dkms reads it: bash, with dkms's variables set.
	conf=$(kernel_source_dir=/k dkms_tree=/d bash -euc \
		'. "$1" && echo "$PACKAGE_NAME $PACKAGE_VERSION"' dkms.conf \
		"$top/dkms.conf")
	echo "dkms.conf: $conf; kaesbench_version.h: $version"
	[ "$conf" = "kaesbench $version" ]
}

source_tree() {
	make -s -C "$top" dkms-source DESTDIR="$work/root" &&
		ls "$work/root/usr/src/kaesbench-$version"
}

# built KVER: one module for KVER, of KVER, signed by dkms.
built() {
	module=$(find "$work/dkms/kaesbench/$version/$1" -name 'kaesbench.ko*')
	echo "$module"
	[ "$(echo "$module" | wc -w)" -eq 1 ] || return 1
	modinfo -F vermagic "$module" | grep "^$1 " &&
		modinfo -F signer "$module" | grep .
}

installed() {
	find "$work/install/$1" -name 'kaesbench.ko*' | grep /updates/dkms/
}

check "dkms.conf names kaesbench at the tool's version" version_agrees
check "make dkms-source" source_tree
for kver in "$@"; do
	kbuild=$("$top/scripts/kbuild.sh" dir "$kver") || exit 1
	mkdir -p "$work/install/$kver"
	check "$kver: dkms add" dkms_ add -m kaesbench -v "$version"
	# dkms looks for sign-file where installed headers would be.
	export sign_file="$kbuild/scripts/sign-file"
	check "$kver: dkms build" dkms_ build -m kaesbench -v "$version" \
		-k "$kver" --kernelsourcedir "$kbuild"
	check "$kver: built for $kver, signed" built "$kver"
	check "$kver: dkms install (no depmod)" dkms_ install -m kaesbench \
		-v "$version" -k "$kver" --kernelsourcedir "$kbuild" --no-depmod
	check "$kver: installed in updates/dkms" installed "$kver"
	check "$kver: dkms remove --all" dkms_ remove -m kaesbench \
		-v "$version" --all
	check "$kver: nothing left installed" \
		test -z "$(find "$work/install" -type f)"
done

checks_done "dkms"
