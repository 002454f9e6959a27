#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Installs Debian packages for a make target, without their Recommends
# (which would pull in a kernel image and rebuild its initramfs). As root it
# installs them, updating apt's lists once if the install fails; as anyone
# else it prints the apt-get line and fails, having changed nothing.
#
# apt's output goes to .cache/logs/apt.log (scripts/logged.sh).
#
# With --as-simulated, the lists are not updated (the line printed has no
# apt-get update): the caller has checked what an apt-get -s of these
# lists installs, and a newer list might install more.
#
# usage: scripts/apt-install.sh [--as-simulated] WHAT PACKAGE...
#   WHAT  what is missing, for the line before the apt-get one

set -eu

update="apt-get update && "
if [ "${1:-}" = --as-simulated ]; then
	update=
	shift
fi
[ $# -ge 2 ] || {
	echo "usage: $0 [--as-simulated] WHAT PACKAGE..." >&2
	exit 2
}
what=$1
shift

if [ "$(id -u)" -ne 0 ]; then
	echo "kaesbench: $what. As root, run:" >&2
	echo "  ${update}apt-get install -y --no-install-recommends $*" >&2
	exit 1
fi
echo "kaesbench: installing $*" >&2
logged() {
	"$(dirname "$0")/logged.sh" apt.log "$@"
}
install() {
	logged env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
		--no-install-recommends "$@"
}
if [ -z "$update" ]; then
	install "$@"
	exit
fi
# A failure here is most often stale lists: said only if the retry fails.
install "$@" 2>/dev/null && exit 0
echo "kaesbench: updating apt's package lists, then installing again" >&2
logged apt-get update -q && install "$@"
