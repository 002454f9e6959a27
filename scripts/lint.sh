#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Static checks of the module: checkpatch --strict, and a W=1 build with
# sparse (C=2) against each kernel release given. Any finding fails.
#
# usage: scripts/lint.sh style | sparse KERNEL_RELEASE...

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
# The tracked sources only: a tree where make built the module also holds
# kbuild's generated kmod/kaesbench.mod.c. Outside git (an unpacked
# release), every file but the generated ones.
sources() {
	if git -C "$top" rev-parse --git-dir >/dev/null 2>&1; then
		git -C "$top" ls-files 'kmod/*.[ch]' include/uapi/linux/kaesbench.h \
			include/kaesbench_generic_parts.h \
			'tests/modules/*.c'
	else
		(cd "$top" && ls kmod/*.c kmod/*.h include/uapi/linux/kaesbench.h \
			include/kaesbench_generic_parts.h \
			tests/modules/*.c | grep -v '\.mod\.c$')
	fi
}

# checkpatch.pl and its data files, from Debian's linux-source package.
checkpatch() {
	dir=$cache/checkpatch
	if [ ! -x "$dir/scripts/checkpatch.pl" ]; then
		tarball=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | tail -n 1)
		[ -n "$tarball" ] || {
			echo "lint: no /usr/src/linux-source-*.tar.xz; install linux-source-6.12" >&2
			exit 1
		}
		mkdir -p "$dir"
		top_dir=$(basename "$tarball" .tar.xz)
		tar -xJf "$tarball" -C "$dir" --strip-components=1 \
			"$top_dir/scripts/checkpatch.pl" \
			"$top_dir/scripts/spelling.txt" \
			"$top_dir/scripts/const_structs.checkpatch"
	fi
	echo "$dir/scripts/checkpatch.pl"
}

style() {
	cd "$top"
	# shellcheck disable=SC2046 # a list of paths without blanks
	"$(checkpatch)" --strict --no-tree --terse --show-types -f $(sources)
}

sparse() {
	for kver in "$@"; do
		build=$cache/lint/$kver
		rm -rf "$build"
		mkdir -p "$build"
		cp -r "$top/Kbuild" "$top/kmod" "$top/include" "$top/tests/modules" \
			"$build/"
		kmake="$top/scripts/kbuild.sh make $kver"
		# shellcheck disable=SC2086 # $kmake is a word list
		out=$($kmake -s M="$build" C=2 W=1 modules 2>&1 &&
			$kmake -s M="$build/modules" C=2 W=1 modules 2>&1) ||
			{ echo "$out"; exit 1; }
		# Kbuild builds unchecked, after one line, when sparse is
		# missing or older than the kernel's headers need.
		findings=$(echo "$out" |
			grep -E 'warning|error|is not available or not up to date' ||
			true)
		if [ -n "$findings" ]; then
			echo "$findings" | sed "s|$build/||"
			exit 1
		fi
		echo "lint: sparse and W=1 clean against $kver"
	done
}

case "${1:-}" in
style) style ;;
sparse)
	shift
	sparse "$@"
	;;
*)
	echo "usage: $0 style | sparse KERNEL_RELEASE..." >&2
	exit 2
	;;
esac
