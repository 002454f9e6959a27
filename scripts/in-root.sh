#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Runs a command in a Debian root made by debootstrap (a build root, the
# LAVA dispatcher's root), with this tree, the cache and /tmp mounted at
# their own paths, so that paths need no translation, and /proc mounted
# (objtool reads it). Everything happens in a mount namespace of its own,
# which takes the mounts with it when the command ends: nothing is left
# mounted on this machine.
#
# usage: scripts/in-root.sh [-d] DIR COMMAND...
#   -d  also this machine's /dev (with /dev/pts) and /sys: for programs
#       that open terminals and devices (lava-run drives qemu on a pty)

set -eu

devices=
if [ "${1:-}" = -d ]; then
	devices=1
	shift
fi
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${KAESBENCH_CACHE:-$top/.cache}
dir=$1
shift

# shellcheck disable=SC2016 # expanded by the inner shell
exec unshare --mount --propagation private -- sh -euc '
	dir=$1 top=$2 cache=$3 cwd=$4 devices=$5
	shift 5
	for path in "$top" "$cache" /tmp; do
		mkdir -p "$dir$path"
		mount --bind "$path" "$dir$path"
	done
	mount -t proc proc "$dir/proc"
	if [ -n "$devices" ]; then
		mount --rbind /dev "$dir/dev"
		mount --rbind /sys "$dir/sys"
	fi
	exec chroot "$dir" /usr/bin/env -C "$cwd" \
		PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"
' in-root "$dir" "$top" "$cache" "$PWD" "$devices" "$@"
