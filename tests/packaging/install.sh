#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make install and make uninstall against each kernel release given, into
# staging trees: the module where modules_install puts it (built for that
# release), the tool, the man page where man looks, the bash completion;
# depmod run where there is a module index; and uninstall leaving no file
# behind. The in-VM test tests/vm/guest/tests/95-install.sh loads what the
# rig's make install staged.
#
# usage: tests/packaging/install.sh KERNEL_RELEASE...

set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/packaging/lib.sh"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# make install builds the module in the tree it runs in: a copy, so that the
# worktree keeps no objects of another kernel. -p keeps the tool built.
src=$work/src
mkdir "$src"
cp -rp "$top/Makefile" "$top/Kbuild" "$top/kmod" "$top/include" \
	"$top/user" "$top/Documentation" "$top/contrib" "$src/"

# installed ROOT KVER PREFIX: every file make install puts, as
# "KIND PATH" lines.
installed() {
	(cd "$1" && find . -type f | sed 's|^\./||' | sort) |
		while read -r path; do
			case $path in
			lib/modules/"$2"/extra/kmod/kaesbench.ko*) echo "module $path" ;;
			"${3#/}"/sbin/kaesbench) echo "tool $path" ;;
			"${3#/}"/share/man/man8/kaesbench.8) echo "man $path" ;;
			"${3#/}"/share/bash-completion/completions/kaesbench)
				echo "completion $path" ;;
			lib/modules/"$2"/modules.*) ;;
			*) echo "unexpected $path" ;;
			esac
		done
}

# The module's half where modules for $kver build (scripts/kbuild.sh), the
# tool's here.
stage_install() {
	kbuild=$("$top/scripts/kbuild.sh" dir "$kver") &&
		"$top/scripts/kbuild.sh" run "$kver" make -s -C "$src" \
			install-module KDIR="$kbuild" "$@" &&
		make -s -C "$src" install-tool "$@"
}

stage_uninstall() {
	kbuild=$("$top/scripts/kbuild.sh" dir "$kver") &&
		"$top/scripts/kbuild.sh" run "$kver" make -s -C "$src" \
			uninstall-module KDIR="$kbuild" "$@" &&
		make -s -C "$src" uninstall-tool "$@"
}

# The four files, nothing else, each usable.
staged_files_right() {
	root=$1
	prefix=$2
	list=$(installed "$root" "$kver" "$prefix")
	echo "$list"
	[ "$(echo "$list" | cut -d ' ' -f 1 | sort | tr '\n' ' ')" = \
		"completion man module tool " ] || return 1
	module=$root/$(echo "$list" | sed -n 's/^module //p')
	vermagic=$(modinfo -F vermagic "$module") || return 1
	case $vermagic in
	"$kver "*) ;;
	*)
		echo "vermagic \"$vermagic\" is not $kver's"
		return 1
		;;
	esac
	"$root$prefix/sbin/kaesbench" --version || return 1
	# man-db resolves the page from the manual tree make install fills.
	man -M "$root$prefix/share/man" -w 8 kaesbench || return 1
	bash -n "$root$prefix/share/bash-completion/completions/kaesbench"
}

nothing_left() {
	left=$(find "$1" -type f ! -name 'modules.*')
	[ -z "$left" ] || {
		echo "left behind: $left"
		return 1
	}
}

# With a module index (a root file system, not a package's staging tree),
# install and uninstall both update it.
index_updated() {
	root=$1
	want=$2
	dep=$root/lib/modules/$kver/modules.dep
	grep kaesbench "$dep"
	if [ "$want" = listed ]; then
		grep -q '^extra/kmod/kaesbench\.ko[.a-z]*:' "$dep"
	else
		! grep -q kaesbench "$dep"
	fi
}

for kver in "$@"; do
	stage=$work/stage-$kver
	check "$kver: make install DESTDIR=" stage_install DESTDIR="$stage"
	check "$kver: module, tool, man page and completion staged" \
		staged_files_right "$stage" /usr/local
	check "$kver: no module index, so no depmod in a staging tree" \
		test ! -e "$stage/lib/modules/$kver/modules.dep"
	check "$kver: make uninstall DESTDIR=" stage_uninstall DESTDIR="$stage"
	check "$kver: uninstall leaves no file" nothing_left "$stage"
done

# A root file system with a module index, PREFIX=/usr: as on a test machine.
kver=${1:-}
if [ -n "$kver" ]; then
	root=$work/root
	mkdir -p "$root/lib/modules/$kver"
	: >"$root/lib/modules/$kver/modules.dep"
	check "$kver: make install PREFIX=/usr into a root with a module index" \
		stage_install DESTDIR="$root" PREFIX=/usr
	check "$kver: files under /usr" staged_files_right "$root" /usr
	check "$kver: depmod indexed the module" index_updated "$root" listed
	check "$kver: make uninstall PREFIX=/usr" \
		stage_uninstall DESTDIR="$root" PREFIX=/usr
	check "$kver: depmod forgot the module" index_updated "$root" gone
	check "$kver: uninstall leaves no file but the index" nothing_left "$root"
fi

checks_done "install"
