#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Where modules for a Debian kernel build: its headers, unpacked under the
# cache (tests/vm/kernel.sh headers), and the compiler it was built with.
# When this machine lacks that compiler (Debian 12's gcc-12 against sid's
# gcc-16 kernels), the build runs in a build root: a minimal Debian of the
# kernel's suite made once with debootstrap, holding that compiler, sparse
# and dkms, cached under $KAESBENCH_CACHE/buildroot. The source tree, the
# cache and /tmp are visible there at the same paths, so paths need no
# translation. Nothing is installed into this machine.
#
# usage: scripts/kbuild.sh dir RELEASE          print the build tree
#        scripts/kbuild.sh make RELEASE ARGS... make -C TREE ARGS, where the
#                                               kernel's compiler is
#        scripts/kbuild.sh run RELEASE CMD...   any command there (dkms)
#        scripts/kbuild.sh where RELEASE        print "host" or the build
#                                               root's directory

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
# What the module's builds and checks run in a build root.
root_pkgs="make libc6-dev kmod sparse dkms dwarves xz-utils zstd"

tree() {
	"$top/tests/vm/kernel.sh" headers "$1" "$cache/kernels"
}

# Another architecture's kernel builds with its cross compiler, whose
# prefix this prints (aarch64-linux-gnu-), or nothing for this machine's.
# Debian's arm64 6.12 headers name it themselves (.kernelvariables); its
# 6.1 headers, from a native build, only when DEB_HOST_ARCH says so: the
# prefix goes to kbuild as CROSS_COMPILE.
cross_prefix() {
	case $("$top/tests/vm/kernel.sh" arch "$1")-$(uname -m) in
	arm64-aarch64 | amd64-x86_64) ;;
	arm64-*) echo aarch64-linux-gnu- ;;
	esac
}

# The compiler the kernel was built with, as its configuration names it
# (CONFIG_CC_VERSION_TEXT: "x86_64-linux-gnu-gcc-16 (Debian 16.2.0-4) 16.2.0"),
# with RELEASE's cross prefix where it lacks one (a native build's gcc-12).
compiler() {
	cc=$(sed -n 's/^CONFIG_CC_VERSION_TEXT="\{0,1\}\([^ "]*\) .*/\1/p' "$1/.config")
	prefix=$(cross_prefix "$2")
	case $cc in
	"$prefix"* | */*) echo "$cc" ;;
	*) echo "$prefix$cc" ;;
	esac
}

# The build root for SUITE with COMPILER_PACKAGE, made unless it is there.
build_root() {
	suite=$1
	pkg=$2
	dir=$cache/buildroot/$suite-$pkg
	mkdir -p "$cache/buildroot"
	(
		flock 9
		[ -e "$dir/.complete" ] && exit 0
		[ "$(id -u)" -eq 0 ] || {
			echo "kbuild: making the $suite build root with $pkg needs" \
				"root (debootstrap)" >&2
			exit 1
		}
		command -v debootstrap >/dev/null || {
			echo "kbuild: debootstrap is missing (apt-get install" \
				"debootstrap)" >&2
			exit 1
		}
		mirror=$(sed 's/^deb \[[^]]*\] \([^ ]*\) .*/\1/' \
			"$cache/apt/$suite/sources.list")
		echo "kbuild: making a Debian $suite build root with $pkg" \
			"in $dir (once)" >&2
		rm -rf "$dir"
		debootstrap --variant=minbase \
			--include="$pkg,$(echo "$root_pkgs" | tr ' ' ,)" \
			"$suite" "$dir" "$mirror" >"$dir.log" 2>&1 || {
			echo "kbuild: debootstrap of Debian $suite with $pkg" \
				"failed (is $pkg in $suite?); see $dir.log" >&2
			exit 1
		}
		touch "$dir/.complete"
	) 9>"$cache/buildroot/.lock"
	echo "$dir"
}

# "host", or the build root that has the kernel's compiler.
where() {
	kbuild=$(tree "$1")
	cc=$(compiler "$kbuild" "$1")
	if [ -z "$cc" ] || command -v "$cc" >/dev/null; then
		echo host
		return
	fi
	# x86_64-linux-gnu-gcc-16 is Debian's package gcc-16.
	pkg=$(echo "$cc" | sed 's/^.*-\(gcc-[0-9]*\)$/\1/; s/^.*-\(clang-[0-9]*\)$/\1/')
	suite=$("$top/scripts/debian-apt.sh" which "linux-headers-$1")
	case $suite in
	system)
		echo "kbuild: $1 was built with $cc; install $pkg" >&2
		exit 1
		;;
	# A partial suite debootstrap cannot make a root of: experimental's
	# kernels take their compiler from sid (gcc-16-for-host).
	experimental) suite=sid ;;
	esac
	build_root "$suite" "$pkg"
}

run() {
	release=$1
	shift
	prefix=$(cross_prefix "$release")
	[ -z "$prefix" ] || export CROSS_COMPILE="$prefix"
	place=$(where "$release")
	if [ "$place" = host ]; then
		"$@"
	else
		"$top/scripts/in-root.sh" "$place" "$@"
	fi
}

case "${1:-}" in
dir) tree "$2" ;;
where) where "$2" ;;
make)
	release=$2
	shift 2
	run "$release" make -C "$(tree "$release")" "$@"
	;;
run)
	release=$2
	shift 2
	run "$release" "$@"
	;;
*)
	echo "usage: $0 dir|where RELEASE | make RELEASE ARGS... | run RELEASE CMD..." >&2
	exit 2
	;;
esac
