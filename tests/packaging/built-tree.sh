#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make check passes in a tree where make ran before: in a clone of this
# tree, the module is built (as make does, against the first kernel
# release given, where its compiler is) and the tool too, leaving kbuild's
# generated kmod/kaesbench.mod.c and the objects beside the sources; then
# the static checks, which must read the tracked sources only, pass there.
#
# usage: tests/packaging/built-tree.sh KERNEL_RELEASE...

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
. "$top/tests/packaging/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
kver=$1
tree=$work/tree

git clone -q --no-hardlinks "$top" "$tree" || exit 1
# The checks run in the clone, with this tree's cache (kernels, checkpatch).
export KAESBENCH_CACHE="$cache"
kbuild=$("$top/scripts/kbuild.sh" dir "$kver") || exit 1

check "make module, as make does, against $kver" \
	"$top/scripts/kbuild.sh" run "$kver" make -s -C "$tree" module \
	KDIR="$kbuild"
check "make tool" make -s -C "$tree" tool
check "kbuild left its generated kmod/kaesbench.mod.c" \
	test -f "$tree/kmod/kaesbench.mod.c"
check "checkpatch passes in the built tree" "$tree/scripts/lint.sh" style
check "the include cycles check passes in the built tree" \
	make -s -C "$tree" include-cycles

checks_done "built tree"
