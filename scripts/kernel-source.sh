#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The parts of the kernel's source tree the checks use, from Debian's
# linux-source package, unpacked once into $KAESBENCH_CACHE/linux-source:
# the YNL tools and netlink schemas (tests/netlink/spec.sh) and the
# kselftest framework (tests/kselftest). Prints the directory.
#
# usage: scripts/kernel-source.sh

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
dir=$cache/linux-source
parts="MAINTAINERS tools/net/ynl Documentation/netlink scripts/subarch.include
tools/testing/selftests/Makefile tools/testing/selftests/lib.mk
tools/testing/selftests/run_kselftest.sh tools/testing/selftests/kselftest"

# shellcheck disable=SC2012 # names without blanks, sorted by version
tarball=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | tail -n 1)
[ -n "$tarball" ] || {
	echo "kernel-source: no /usr/src/linux-source-*.tar.xz; install linux-source-6.12" >&2
	exit 1
}
# A stamp naming the tarball and the parts: either changing unpacks again.
stamp="$tarball $parts"
if [ "$(cat "$dir/.stamp" 2>/dev/null)" != "$stamp" ]; then
	# Unpacked aside and moved in whole: worktrees share the cache.
	new=$dir.$$
	rm -rf "$new"
	mkdir -p "$new"
	top_dir=$(basename "$tarball" .tar.xz)
	# shellcheck disable=SC2046 # a path list
	tar -xJf "$tarball" -C "$new" --strip-components=1 \
		$(for part in $parts; do echo "$top_dir/$part"; done)
	echo "$stamp" >"$new/.stamp"
	rm -rf "$dir"
	mv "$new" "$dir"
fi
echo "$dir"
