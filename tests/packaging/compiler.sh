#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make module picks the compiler a kernel was built with, and names the
# package when this machine lacks it: against made-up build trees (a kernel
# of "gcc 99", one of this machine's gcc) and, when given, a real release's
# unpacked headers (scripts/kbuild.sh dir) built with another gcc than
# this machine's (sid's 7.2 with gcc-16).
#
# usage: tests/packaging/compiler.sh [KERNEL_RELEASE...]

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/packaging/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
host_major=$(gcc -dumpversion | cut -d. -f1)

# A build tree of a kernel built with gcc MAJOR, whose Makefile only says
# which compiler it was handed.
fake_tree() {
	mkdir -p "$1/include/config"
	printf 'CONFIG_GCC_VERSION=%s0100\nCONFIG_CC_VERSION_TEXT="gcc (GCC) %s.1.0"\n' \
		"$2" "$2" >"$1/include/config/auto.conf"
	printf 'modules:\n\t@echo "CC=$(CC)"\n' >"$1/Makefile"
}

# names_missing KDIR PACKAGE: make module fails, naming PACKAGE.
names_missing() {
	out=$(make -s -C "$top" module KDIR="$1" 2>&1)
	rc=$?
	echo "$out"
	[ "$rc" -ne 0 ] && echo "$out" | grep -q "Install $2 (Debian: apt-get install $2)"
}

fake_tree "$work/gcc99" 99
check "a kernel of gcc 99: refused, naming gcc-99" names_missing "$work/gcc99" gcc-99

fake_tree "$work/same" "$host_major"
check "a kernel of this machine's gcc $host_major: built with plain gcc" \
	sh -c "make -s -C '$top' module KDIR='$work/same' | grep -qx 'CC=cc\|CC=gcc'"

check "CC= on the command line wins" \
	sh -c "make -s -C '$top' module KDIR='$work/gcc99' CC=gcc | grep -qx CC=gcc"

for kver in "$@"; do
	kbuild=$("$top/scripts/kbuild.sh" dir "$kver") || exit 1
	want=$(sed -n 's/^CONFIG_GCC_VERSION=\([0-9]*\)[0-9]\{4\}$/\1/p' \
		"$kbuild/include/config/auto.conf")
	[ "$want" != "$host_major" ] || continue
	check "$kver (gcc $want): refused here, naming gcc-$want" \
		names_missing "$kbuild" "gcc-$want"
done

checks_done "compiler"
