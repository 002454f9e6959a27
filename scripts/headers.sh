#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make run's headers step: the running kernel's build tree,
# /lib/modules/$(uname -r)/build, installed from Debian's
# linux-headers-$(uname -r) when it is missing. Exit 0 when the tree is
# there (already, or once installed); 1, with what to do, when not.
#
# It installs only when that cannot touch a kernel image nor /boot: the
# running kernel must be Debian's linux-image-$(uname -r) (dpkg says it is
# installed), and apt-get's simulation of the install must list no
# linux-image package to install. Otherwise it says why and installs
# nothing. As root it installs (scripts/apt-install.sh, the lists as
# simulated); as anyone else it prints the apt-get line and fails, having
# changed nothing.
#
# Test hook: KAESBENCH_LIB_MODULES (default /lib/modules) names the tree
# read instead, so that tests can fake a missing and an installed build tree.
#
# usage: scripts/headers.sh

set -eu

release=$(uname -r)
build=${KAESBENCH_LIB_MODULES:-/lib/modules}/$release/build
headers=linux-headers-$release
image=linux-image-$release

[ -f "$build/Makefile" ] && exit 0

missing="the running kernel ($release) has no headers (no $build)"

# refuse MESSAGE...: say why they are not installed, and fail.
refuse() {
	echo "kaesbench: $missing, and make run does not install them:" >&2
	echo "kaesbench: $*" >&2
	echo "kaesbench: install its headers or build tree by hand," \
		"then make run again" >&2
	exit 1
}

# simulate: apt-get's simulation of the install, on standard output.
simulate() {
	LC_ALL=C apt-get -s -q --no-install-recommends install "$headers" 2>&1
}

if ! command -v dpkg-query >/dev/null || ! command -v apt-get >/dev/null; then
	refuse "this is not a Debian system (no dpkg-query or apt-get)"
fi
status=$(dpkg-query -W -f='${Status}' "$image" 2>/dev/null || true)
case "$status" in
*" installed") ;;
*) refuse "$image is not installed (dpkg): this kernel is not Debian's" \
	"package, and $headers may pull in a kernel image; not installing it" ;;
esac

# Stale lists may not know the headers yet: root updates them.
hint=
if ! sim=$(simulate); then
	if [ "$(id -u)" -eq 0 ]; then
		echo "kaesbench: updating apt's package lists" >&2
		"$(dirname "$0")/logged.sh" apt.log apt-get update -q || true
		sim=$(simulate) || true
	else
		hint="; as root, make run updates apt's package lists first"
	fi
fi
if ! printf '%s\n' "$sim" | grep -q "^Inst $headers "; then
	why=$(printf '%s\n' "$sim" | grep '^E:' | head -n 1)
	refuse "apt-get -s does not install $headers:" \
		"${why:-$(printf '%s\n' "$sim" | tail -n 1)}$hint"
fi
images=$(printf '%s\n' "$sim" | sed -n 's/^Inst \(linux-image-[^ ]*\).*/\1/p' |
	tr '\n' ' ')
[ -z "$images" ] ||
	refuse "installing $headers would also install ${images% }" \
		"(apt-get -s); not installing it"

"$(dirname "$0")/apt-install.sh" --as-simulated "$missing" "$headers" || {
	[ "$(id -u)" -ne 0 ] && exit 1
	refuse "apt-get install $headers failed"
}
[ -f "$build/Makefile" ] ||
	refuse "$headers is installed, yet $build/Makefile is missing"
