#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The rig's debug kernel: Debian's linux-source-6.12 built from tinyconfig
# plus what the rig needs (debug-base.config) plus the checkers
# (debug.config: KASAN, kmemleak, lockdep, DEBUG_OBJECTS, UBSAN, ...).
#
# usage: tests/vm/debug-kernel.sh build CACHE   build it unless CACHE
#                                               holds it; print its directory
#        tests/vm/debug-kernel.sh dir CACHE     print that directory only
#
# The directory, CACHE/kernels/debug-VERSION-HASH, is named after the
# source package's version and a hash of the fragments: a new source or an
# edited fragment builds a new kernel, anything else reuses it. It holds
# src/ and build/ (the tree modules build against: make -C DIR/build M=...),
# root/ (boot/vmlinuz-RELEASE and lib/modules/RELEASE, like an unpacked
# Debian image), release, build.log and build-seconds.
# Every option of the fragments must survive `make olddefconfig`; one that
# does not (a dependency the fragments miss) fails the build, naming it.
# KAESBENCH_JOBS (default: nproc) sets make -j; the build runs at nice 19.

set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
rig=$top/tests/vm
package=linux-source-6.12
tarball=/usr/src/$package.tar.xz
base=tinyconfig
fragments="$rig/debug-base.config $rig/debug.config"
localversion=-kaesbench-debug

directory() {
	version=$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null) || {
		echo "debug-kernel.sh: $package is not installed" >&2
		exit 1
	}
	# shellcheck disable=SC2086 # a word list
	hash=$({ echo "$version $base $localversion"; cat $fragments; } |
		sha256sum | cut -c1-12)
	echo "$1/kernels/debug-${version%%-*}-$hash"
}

# Every "CONFIG_X=V" and "# CONFIG_X is not set" of the fragments, as the
# final .config has it; prints those it does not.
missing_options() {
	# shellcheck disable=SC2086 # a word list
	sed -n -e 's/^\(CONFIG_[A-Za-z0-9_]*=.*\)$/\1/p' \
		-e 's/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1=n/p' $fragments |
		while IFS= read -r want; do
			name=${want%%=*}
			have=$(grep -E "^$name=|^# $name is not set$" "$1" |
				sed "s/^# $name is not set$/$name=n/")
			# A symbol whose dependencies are off is absent: that is off.
			[ "$have" = "$want" ] ||
				{ [ -z "$have" ] && [ "$want" = "$name=n" ]; } ||
				echo "  $want (got: ${have:-absent})"
		done
}

build() {
	dir=$1
	src=$dir/src
	obj=$dir/build
	make="nice -n 19 make -s -C $src O=$obj"

	rm -rf "$dir"
	mkdir -p "$src" "$obj" "$dir/root/boot"
	start=$(date +%s)
	tar -xJf "$tarball" -C "$src" --strip-components=1

	$make $base
	# shellcheck disable=SC2086 # a word list
	"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
		$fragments >/dev/null
	$make LOCALVERSION= olddefconfig
	"$src/scripts/config" --file "$obj/.config" \
		--set-str LOCALVERSION "$localversion" --disable LOCALVERSION_AUTO
	$make olddefconfig
	lost=$(missing_options "$obj/.config")
	if [ -n "$lost" ]; then
		echo "debug-kernel.sh: options the final .config lost:" >&2
		echo "$lost" >&2
		exit 1
	fi

	$make -j"${KAESBENCH_JOBS:-$(nproc)}" bzImage modules
	$make INSTALL_MOD_PATH="$dir/root" DEPMOD=/bin/true modules_install
	kver=$($make -s kernelrelease)
	depmod -b "$dir/root" "$kver"
	cp "$obj/arch/x86/boot/bzImage" "$dir/root/boot/vmlinuz-$kver"
	echo "$kver" >"$dir/release"
	echo $(($(date +%s) - start)) >"$dir/build-seconds"
}

cache=${2:-}
[ -n "$cache" ] || { echo "usage: $0 build|dir CACHE" >&2; exit 2; }
dir=$(directory "$cache")
case "$1" in
dir)
	echo "$dir"
	;;
build)
	mkdir -p "$cache/kernels"
	# Two rigs sharing a cache build it once: the second waits.
	exec 9>"$dir.lock"
	flock 9
	if [ ! -e "$dir/.complete" ]; then
		echo "# building the debug kernel in $dir (log: $dir.log)" >&2
		# In the background: in an if, set -e would not stop a failing
		# build, and a broken kernel would be cached as complete.
		(build "$dir") >"$dir.log" 2>&1 &
		if ! wait $!; then
			tail -n 30 "$dir.log" >&2
			echo "debug-kernel.sh: the build failed; see $dir.log" >&2
			exit 1
		fi
		mv "$dir.log" "$dir/build.log"
		touch "$dir/.complete"
		echo "# debug kernel $(cat "$dir/release") built in" \
			"$(cat "$dir/build-seconds") s" >&2
	fi
	echo "$dir"
	;;
*)
	echo "usage: $0 build|dir CACHE" >&2
	exit 2
	;;
esac
