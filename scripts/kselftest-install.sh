#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Installs kaesbench's kselftest (tests/kselftest) the way a kernel tree
# does: dropped into a copy of the kernel's selftests framework (from
# scripts/kernel-source.sh) as tools/testing/selftests/kaesbench, then
#   make -C tools/testing/selftests TARGETS=kaesbench install
# OUT then holds run_kselftest.sh, kselftest-list.txt, kselftest/ (the KTAP
# helpers) and kaesbench/, as a CI fleet would get them.
#
# usage: scripts/kselftest-install.sh OUT

set -eu

[ $# -eq 1 ] || {
	echo "usage: $0 OUT" >&2
	exit 2
}
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
ksrc=$("$top/scripts/kernel-source.sh")

tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/scripts" "$tree/tools/testing"
cp "$ksrc/scripts/subarch.include" "$tree/scripts/"
cp -r "$ksrc/tools/testing/selftests" "$tree/tools/testing/"
cp -r "$top/tests/kselftest" "$tree/tools/testing/selftests/kaesbench"
make -s -C "$tree/tools/testing/selftests" TARGETS=kaesbench \
	INSTALL_PATH="$out" install
